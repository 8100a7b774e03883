"""How much a host page moves while the embed frame loads: the frame's height over time and the host page's
layout shift (CLS), with the Embed page's own snippet pasted into a page on another origin.

For each app (the tutorial, a Chicken Foot and a Mexican Train game) at 360x740 (touch) and 1280x800, a host
page with a heading, a paragraph, the snippet and a paragraph after it is opened; the frame's height is
recorded at every change until the app is ready and the page has been still for a while, and the host's
layout shifts are summed as CLS counts them (shifts without recent input, all of them here).

Usage: ``.venv/bin/python scripts/measure_embed.py [--site site]`` after ``make site``. Prints one line per
case: the heights in order, the final height, the window's height and the CLS.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import serve_in_background  # noqa: E402  (scripts/ is not a package)

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>A club's page</title>
<script>
  window.heights = []; window.cls = 0; window.ready = false;
  new PerformanceObserver((list) => {{
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.cls += entry.value;
  }}).observe({{ type: "layout-shift", buffered: true }});
  window.addEventListener("message", (event) => {{
    if (event.data && event.data.type === "chickenfoot:ready") window.ready = true;
  }});
  document.addEventListener("DOMContentLoaded", () => {{
    const frame = document.querySelector("iframe");
    const t0 = performance.now();
    new ResizeObserver(() => window.heights.push([Math.round(performance.now() - t0),
      Math.round(frame.getBoundingClientRect().height)])).observe(frame);
  }});
</script></head>
<body style="font: 16px/1.5 sans-serif; margin: 0 1rem">
<h1>Our club plays dominoes</h1>
<p>Every Thursday at seven. Learn the game here before you come:</p>
{snippet}
<p>Bring your own tiles if you have them.</p>
</body></html>
"""

CASES = {"tutorial": {"mode": "tutorial"}, "chicken-foot": {"mode": "play", "game": "chicken-foot"},
         "mexican-train": {"mode": "play", "game": "mexican-train"}}
VIEWPORTS = {"phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
             "desktop": {"viewport": {"width": 1280, "height": 800}}}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def snippet_for(page, site_url: str, case: dict) -> str:
    """The code the Embed page gives for this choice (with a fixed deal, so runs compare)."""
    page.goto(f"{site_url}embed/")
    page.wait_for_selector("#demo[data-state=ready]")
    page.select_option("#snippet-mode", case["mode"])
    if case["mode"] == "play":
        page.select_option("#snippet-game", case["game"])
        page.fill("#snippet-seed", "7")
        page.dispatch_event("#snippet-seed", "change")
    code = page.input_value("#snippet-code")
    return code.replace(' loading="lazy"', "")  # in view at once here: lazy loading would only delay it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--screenshots", type=Path, help="a folder for a screenshot of each case once settled")
    parser.add_argument("--settle-ms", type=int, default=3000, help="how long after ready the heights are followed")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, site_url = serve_in_background(args.site, quiet=True)
    host_root = Path(tempfile.mkdtemp(prefix="embed-host-"))
    (host_root / "index.html").write_text("", encoding="utf-8")  # replaced per case below
    host, host_url = serve_in_background(host_root, quiet=True, security_headers={})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            builder = browser.new_page()
            print(f"{'case':26}{'CLS':>7}{'final':>7}{'window':>8}  heights (ms: px) while loading")
            for name, case in CASES.items():
                snippet = snippet_for(builder, site_url, case)
                title = html.unescape(re.search(r'title="([^"]*)"', snippet).group(1))
                for viewport_name, options in VIEWPORTS.items():
                    (host_root / "index.html").write_text(HOST.format(snippet=snippet), encoding="utf-8")
                    context = browser.new_context(**options)
                    page = context.new_page()
                    page.goto(host_url)
                    page.wait_for_function("() => window.ready", timeout=180_000)
                    page.wait_for_timeout(args.settle_ms)
                    if args.screenshots:
                        args.screenshots.mkdir(parents=True, exist_ok=True)
                        page.locator("iframe").scroll_into_view_if_needed()
                        page.screenshot(path=args.screenshots / f"embed-{name}-{viewport_name}.png")
                    heights = page.evaluate("window.heights")
                    cls = page.evaluate("window.cls")
                    steps = " ".join(f"{at}:{px}" for at, px in heights)
                    print(f"{name + ' ' + viewport_name:26}{cls:7.3f}{heights[-1][1]:7}"
                          f"{options['viewport']['height']:8}  {steps}   [title: {title}]")
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        host.shutdown()


if __name__ == "__main__":
    main()
