"""Serve the built site on 127.0.0.1 with the headers a host should send.

- ``Access-Control-Allow-Origin: *`` on every file, so a sandboxed iframe (origin ``null``) embedding the
  tutorial or the game can still load the Pyodide runtime and the engine.
- Long-lived caching for files whose URL changes when their content does (the Pyodide folder named after its
  pinned version and content hash, the engine's ``engine-<hash>`` folder); revalidation (``no-cache`` +
  Last-Modified) for everything else.
- The MIME types WebAssembly streaming compilation and module workers need.

Usage: ``python scripts/serve.py [--port 8000] [--root site]``. Also imported by the tests, which serve the
same way on a free port, so what is tested is what the README serves.
"""

from __future__ import annotations

import argparse
import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMMUTABLE_PATH = re.compile(r"^/pyodide/(\d+\.\d+\.\d+(-[0-9a-f]{8,})?|engine-[0-9a-f]{8,})/")
MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
              ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json"}


class SiteRequestHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Counts bytes of response bodies per path, so a benchmark can measure what a visit transferred,
    # including what a worker fetched (the browser's own accounting misses those).
    bytes_sent_by_path: dict[str, int] | None = None
    server_quiet = False

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        if IMMUTABLE_PATH.match(self.path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        if self.bytes_sent_by_path is None:
            return super().copyfile(source, outputfile)
        counted = CountingWriter(outputfile)
        super().copyfile(source, counted)
        path = self.path.split("?", 1)[0]
        self.bytes_sent_by_path[path] = self.bytes_sent_by_path.get(path, 0) + counted.count

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if self.server_quiet:
            return
        super().log_message(format, *args)


class CountingWriter:
    def __init__(self, inner) -> None:
        self.inner, self.count = inner, 0

    def write(self, data) -> int:
        self.count += len(data)
        return self.inner.write(data)


def make_server(root: Path, port: int = 0, *, quiet: bool = False,
                count_bytes: dict[str, int] | None = None) -> ThreadingHTTPServer:
    """A server for ``root`` on 127.0.0.1 (``port=0`` picks a free port); call ``serve_forever`` on it."""
    if not (root / "index.html").is_file():
        raise SystemExit(f"error: {root} holds no built site (no index.html): run `make site` first.")
    handler = type("Handler", (SiteRequestHandler,), {"server_quiet": quiet, "bytes_sent_by_path": count_bytes})
    return ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


def serve_in_background(root: Path, **options) -> tuple[ThreadingHTTPServer, str]:
    server = make_server(root, **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built site locally.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    server = make_server(args.root, args.port)
    print(f"Serving the site at http://127.0.0.1:{args.port}/  (English; /ht/, /su/, /sq/)  Ctrl+C stops.",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
