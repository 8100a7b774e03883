"""Lighthouse scores (mobile) for each page type and language, served the way a host serves them (gzip).

    CHROME_PATH=/usr/bin/chromium python -m scripts.sitebuild.lighthouse [--site site] [--languages en,ht]
        [--lighthouse node_modules/.bin/lighthouse]

Lighthouse is the npm package ``lighthouse``; it runs offline against the local server. The local server of
the tests sends files uncompressed, which Lighthouse's simulated slow 4G then charges in full; real hosts
compress text, so this script serves the site gzipped, as they do.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from . import project
from .page_weight import COMPRESSIBLE, PAGE_TYPES

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, text compressed with gzip as hosts send it."""

    def log_message(self, *args) -> None:
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        content_type = self.guess_type(str(path))
        if not path.is_file() or not content_type.startswith(COMPRESSIBLE):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(GzipHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def scores(lighthouse: str, url: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as work:
        report = Path(work) / "report.json"
        subprocess.run(
            [lighthouse, url, "--quiet", "--form-factor=mobile", "--output=json", f"--output-path={report}",
             f"--only-categories={','.join(CATEGORIES)}", "--chrome-flags=--headless=new --no-sandbox"],
            check=True, env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        categories = json.loads(report.read_text(encoding="utf-8"))["categories"]
    return {name: round(categories[name]["score"] * 100) for name in CATEGORIES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.sitebuild.lighthouse", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=project.ROOT / "site")
    parser.add_argument("--languages", default=",".join(project.languages()))
    parser.add_argument("--lighthouse", default=str(project.ROOT / "node_modules" / ".bin" / "lighthouse"))
    options = parser.parse_args(argv)
    if not Path(options.lighthouse).exists() and not shutil.which(options.lighthouse):
        parser.error(f"no Lighthouse at {options.lighthouse}: `npm install lighthouse`, or pass --lighthouse")
    server, url = serve(options.site)
    try:
        print(f"{'lang':5} {'page type':10} " + " ".join(f"{name:>14}" for name in CATEGORIES))
        for language in options.languages.split(","):
            for page_type, path in PAGE_TYPES.items():
                result = scores(options.lighthouse, f"{url}{'' if language == 'en' else language + '/'}{path}")
                print(f"{language:5} {page_type:10} " + " ".join(f"{result[name]:>14}" for name in CATEGORIES),
                      flush=True)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
