"""Draw the web-app icons (docs/assets/images/icon-192.png, icon-512.png) from the favicon, with Chromium.

    .venv/bin/python scripts/make_icons.py

The favicon (docs/assets/images/favicon.svg) is the one drawing; run this after changing it and commit the
PNGs with it (the site build needs no browser). The domino sits on the theme's brown, with the margin a
"maskable" icon needs, so launchers that crop to a circle keep it whole.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "assets" / "images"
PAGE = """<!doctype html><html><body style="margin:0">
<div style="width:{size}px;height:{size}px;background:#795548;display:flex;align-items:center;justify-content:center">
<img src="data:image/svg+xml;base64,{svg}" style="width:62%;height:62%"></div></body></html>"""


def main() -> None:
    import base64

    from playwright.sync_api import sync_playwright

    svg = base64.b64encode((IMAGES / "favicon.svg").read_bytes()).decode()
    chromium = subprocess.run([str(ROOT / "scripts" / "find-chromium.sh")], capture_output=True, text=True,
                              check=True).stdout.strip()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(PAGE.format(size=size, svg=svg))
            page.screenshot(path=str(IMAGES / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
