"""Bytes a reader's browser transfers for each page type and language, as a gzip-serving host sends them.

    python -m scripts.sitebuild.page_weight [--site site] [--languages en,ht,...]

Loads each page in Chromium (Playwright, like the browser tests), records every response, and counts each body
gzipped at level 6 (what common hosts send for text; images and fonts are counted as they are). Search data
(the worker and the index, fetched once per visit whatever page the reader lands on) is reported apart.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from . import project

PAGE_TYPES = {"home": "", "rules": "chicken-foot/", "numbers": "numbers/", "glossary": "glossary/",
              "variants": "variants/", "app": "tutorial/", "house-rules": "house-rules/", "scores": "scores/",
              "practice": "practice/", "rooms": "rooms/"}
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/xml")


def _wire_bytes(body: bytes, content_type: str) -> int:
    if content_type.startswith(COMPRESSIBLE):
        return len(gzip.compress(body, compresslevel=6))
    return len(body)


def measure(site: Path, languages: list[str]) -> list[tuple[str, str, int, int, int, int]]:
    sys.path.insert(0, str(project.ROOT / "scripts"))
    from playwright.sync_api import sync_playwright
    from serve import serve_in_background

    server, url = serve_in_background(site, quiet=True)
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for language in languages:
                for page_type, path in PAGE_TYPES.items():
                    page = browser.new_page(viewport={"width": 360, "height": 800})
                    responses = []
                    page.on("response", lambda response: responses.append(response))
                    page.goto(f"{url}{'' if language == 'en' else language + '/'}{path}")
                    page.wait_for_load_state("networkidle")
                    page_bytes = search_bytes = 0
                    html = 0
                    for response in responses:
                        body = response.body()
                        size = _wire_bytes(body, response.headers.get("content-type", ""))
                        if "/search/" in response.url or "/workers/search" in response.url:
                            search_bytes += size
                        else:
                            page_bytes += size
                        if response.url.rstrip("/").endswith(path.rstrip("/")) and "text/html" in \
                                response.headers.get("content-type", ""):
                            html = size
                    rows.append((language, page_type, len(responses), html, page_bytes, search_bytes))
                    page.close()
            browser.close()
    finally:
        server.shutdown()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.sitebuild.page_weight", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=project.ROOT / "site")
    parser.add_argument("--languages", default=",".join(project.languages()))
    options = parser.parse_args(argv)
    rows = measure(options.site, options.languages.split(","))
    print(f"{'lang':5} {'page type':10} {'requests':>8} {'HTML KB':>8} {'page KB':>8} {'+search KB':>10}")
    for language, page_type, requests, html, page_bytes, search_bytes in rows:
        print(f"{language:5} {page_type:10} {requests:>8} {html / 1024:>8.1f} {page_bytes / 1024:>8.1f} "
              f"{search_bytes / 1024:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
