"""Serve the built site on 127.0.0.1 with the headers a host should send (HOSTING.md lists the same).

- Precompressed variants: ``<file>.br`` or ``<file>.gz`` (scripts/precompress.py) when the browser accepts
  them, with ``Content-Encoding`` and ``Vary: Accept-Encoding``; nothing is compressed on the fly.
- Security headers on every answer: a Content-Security-Policy the site and the apps honour, ``nosniff``,
  a Referrer-Policy; ``Access-Control-Allow-Origin: *``, so a sandboxed iframe (origin ``null``) embedding
  the tutorial or the game can still load the Pyodide runtime and the engine.
- Long-lived caching for files whose URL changes when their content does (the Pyodide folder named after its
  pinned version and content hash, the engine's ``engine-<hash>`` folder); revalidation (``no-cache`` +
  Last-Modified) for everything else.
- The MIME types WebAssembly streaming compilation and module workers need.
- The site's own 404 page (the one of the address's language, else the English one) for anything it does not
  serve: a missing file, a folder without an index (no listings), a hidden file such as the build marker
  ``/.built``, the host rules ``/_headers`` and ``/_redirects``. A malformed request gets 400, 414, 431, 501
  or 505 and one log line, never a traceback, logged or quiet.
- A listening queue of 128, so a burst of connections is answered, not dropped.

Usage: ``python scripts/serve.py [--port 8000] [--root site]``. Also imported by the tests and benchmarks,
which serve the same way on a free port, so what is tested is what the README serves.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import posixpath
import re
import signal
import subprocess
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMMUTABLE_PATH = re.compile(r"^/pyodide/(\d+\.\d+\.\d+(-[0-9a-f]{8,})?|engine-[0-9a-f]{8,})/")
MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
              ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json",
              ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8"}
# Preferred first: Brotli is smaller than gzip for every file of the site.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
LANGUAGE_PREFIX = re.compile(r"^/([a-z]{2,3})/")
MAX_TARGET = 2048  # longer request targets are refused with 414, as common servers do

# The policy allows scripts, styles and workers from the site only, WebAssembly compilation (Pyodide), and
# data: workers, which a sandboxed embed frame (opaque origin) needs (see loader.js); no inline script or
# style anywhere (HOSTING.md says how that was reached). No frame-ancestors: the embed frame may be embedded
# by any site, as the Embed page offers.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data:",
    "worker-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
))


def security_headers(connect_src: tuple[str, ...] = ()) -> dict:
    """The headers, with ``connect-src`` widened to the rooms server's WebSocket origins when it listens on
    another origin than the site's (``make serve``: ws://127.0.0.1:8765). On one origin behind a proxy,
    ``default-src 'self'`` already allows the page's own ``wss://`` (CSP level 3)."""
    policy = CONTENT_SECURITY_POLICY
    if connect_src:
        policy += "; connect-src 'self' " + " ".join(connect_src)
    return {**SECURITY_HEADERS, "Content-Security-Policy": policy}


SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (q > 0), ``*`` expanded to ours."""
    accepted, refused = set(), set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        quality = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        (accepted if quality > 0 else refused).add(name)
    if "*" in accepted:
        accepted |= {encoding for encoding, _ in ENCODINGS} - refused
    return accepted


class SiteRequestHandler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a page's dozen small files reuse one connection
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Records each response body sent (path, encoding, bytes on the wire), so a benchmark can measure what a
    # visit transferred, including what a worker fetched (the browser's own accounting misses those).
    transfers: list[dict] | None = None
    server_quiet = False
    # Which codings this server offers; a benchmark may offer gzip alone, as some hosts do.
    offered_encodings = ("br", "gzip")
    security_headers = SECURITY_HEADERS

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        for name, value in self.security_headers.items():
            self.send_header(name, value)
        if getattr(self, "_immutable", False):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    # --- choosing what to send ---------------------------------------------------------------------------

    def request_path(self) -> str | None:
        """The decoded path of the request target, or None after answering a malformed one."""
        target = self.path
        if len(target) > MAX_TARGET:
            self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
            return None
        if not target.startswith("/"):
            parts = urllib.parse.urlsplit(target)
            if parts.scheme not in ("http", "https") or not parts.path.startswith("/"):
                self.send_error(HTTPStatus.BAD_REQUEST, "Bad request target")
                return None
            target = parts.path
        try:
            path = urllib.parse.unquote(target.split("?", 1)[0].split("#", 1)[0], errors="strict")
        except UnicodeDecodeError:
            path = "\x00"
        if "\x00" in path or "\\" in path:
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad request target")
            return None
        return path

    def resolve(self, path: str) -> tuple[Path | None, bool]:
        """The file a path names under the site root, or None (outside it, hidden, a folder without index);
        and whether the path names a folder without its final slash."""
        root = Path(self.directory).resolve()
        parts = [part for part in posixpath.normpath(path).split("/") if part]
        if any(part.startswith(".") for part in parts) or parts in (["_headers"], ["_redirects"]):
            return None, False
        candidate = root.joinpath(*parts)
        try:
            folder = candidate.is_dir()
            if folder:
                candidate = candidate / "index.html"
            candidate = candidate.resolve()
            candidate.relative_to(root)
            found = candidate.is_file()
        except (OSError, ValueError):  # a name too long for the file system, a path that leaves the root
            return None, False
        return (candidate if found else None), folder and found and not path.endswith("/")

    def not_found_page(self, path: str) -> Path | None:
        """The site's 404 page in the language of the address (``/ht/...``), else the root one."""
        match = LANGUAGE_PREFIX.match(path)
        root = Path(self.directory)
        for candidate in ([root / match.group(1) / "404.html"] if match else []) + [root / "404.html"]:
            if candidate.is_file():
                return candidate
        return None

    def send_head(self):
        self._immutable = False
        if self.request_version == "HTTP/0.9":  # a request line without a version: no headers could follow
            self.send_error(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED, "HTTP/0.9 is not supported")
            return None
        path = self.request_path()
        if path is None:
            return None
        file, needs_slash = self.resolve(path)
        if file is None:
            return self.send_file(self.not_found_page(path), HTTPStatus.NOT_FOUND)
        if needs_slash:
            # a folder's address without its slash: the browser must resolve relative links from the folder
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", urllib.parse.quote(path) + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self._immutable = bool(IMMUTABLE_PATH.match(path))
        return self.send_file(file, HTTPStatus.OK)

    def send_file(self, file: Path | None, status: HTTPStatus):
        if file is None:  # no 404 page in this site: a plain one
            self._immutable = False
            super().send_error(status)
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        variants = [(encoding, file.with_name(file.name + suffix)) for encoding, suffix in ENCODINGS
                    if encoding in self.offered_encodings]
        variants = [(encoding, path) for encoding, path in variants if path.is_file()]
        encoding, body = next(((e, p) for e, p in variants if e in accepted), (None, file))
        stat = body.stat()
        if status == HTTPStatus.OK and self.not_modified(stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            if variants:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        handle = open(body, "rb")  # noqa: SIM115 - the base class closes it after copying
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(str(file)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if variants:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        self._sending = {"path": self.path.split("?", 1)[0], "file": str(file), "encoding": encoding or "identity"}
        return handle

    def not_modified(self, mtime: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    # --- errors ---------------------------------------------------------------------------------------------

    def send_error(self, code, message=None, explain=None) -> None:
        """Errors the base class raises (400, 414, 431, 501, 505) close the connection with a short plain
        page; a 404 is the site's own page, found by ``send_head``."""
        self._immutable = False
        self.close_connection = True
        if self.request_version == "HTTP/0.9":  # set when the request line could not be read: answer in 1.0
            self.request_version = "HTTP/1.0"
        super().send_error(code, message, explain)

    def copyfile(self, source, outputfile) -> None:
        if self.transfers is None:
            return super().copyfile(source, outputfile)
        counted = CountingWriter(outputfile)
        try:
            super().copyfile(source, counted)
        finally:
            self.transfers.append({**getattr(self, "_sending", {}), "bytes": counted.count})

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        """One line per request, cut short (a 414's target is long). The line is formatted with the base
        class's own arguments first: an error's line has a ``%d``, which text in their place would break,
        and the answer would then never be sent."""
        if self.server_quiet:
            return
        try:
            line = format % args
        except (TypeError, ValueError):
            line = " ".join([format, *map(str, args)])
        super().log_message("%s", line[:600])


class CountingWriter:
    def __init__(self, inner) -> None:
        self.inner, self.count = inner, 0

    def write(self, data) -> int:
        self.count += len(data)
        return self.inner.write(data)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    # The listening queue: connections the kernel holds while the server is busy accepting. The standard
    # library's 5 drops a burst (a page's files fetched at once by several readers, a benchmark's 200
    # connections): a dropped client waits for its SYN to be retried, seconds later.
    request_queue_size = 128

    def handle_error(self, request, client_address) -> None:
        """A client that goes away mid-answer is normal (a tab closed): no traceback for that."""
        import sys

        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        print(f"error answering {client_address[0]}: {type(error).__name__}: {error}", file=sys.stderr)


def make_server(root: Path, port: int = 0, *, quiet: bool = False, transfers: list | None = None,
                encodings: tuple[str, ...] = ("br", "gzip"), security_headers: dict | None = None,
                handler=SiteRequestHandler) -> SiteServer:
    """A server for ``root`` on 127.0.0.1 (``port=0`` picks a free port); call ``serve_forever`` on it.
    ``security_headers``: other headers than the site's (a test's page of some other site sends none)."""
    if not (root / "index.html").is_file():
        raise SystemExit(f"error: {root} holds no built site (no index.html): run `make site` first.")
    handler = type("Handler", (handler,), {
        "server_quiet": quiet, "transfers": transfers, "offered_encodings": encodings,
        "security_headers": SECURITY_HEADERS if security_headers is None else security_headers})
    return SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


def serve_in_background(root: Path, **options) -> tuple[SiteServer, str]:
    server = make_server(root, **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def start_rooms(site_port: int, rooms_port: int, db: Path) -> subprocess.Popen:
    """The rooms server beside the site (engine/rooms/), accepting the site's pages as origins."""
    origins = [f"http://{host}:{site_port}" for host in ("127.0.0.1", "localhost")]
    command = [sys.executable, "-m", "engine", "rooms", "--port", str(rooms_port), "--db", str(db)]
    for origin in origins:
        command += ["--origin", origin]
    return subprocess.Popen(command, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built site locally, with the rooms server beside it.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT / "site")
    parser.add_argument("--rooms-port", type=int, default=8765,
                        help="the rooms server's port (the rooms page looks for it at 8765); 0: no rooms server")
    parser.add_argument("--rooms-db", type=Path, default=ROOT / ".build" / "rooms.sqlite3")
    args = parser.parse_args()
    rooms = None
    connect = ()
    if args.rooms_port:
        args.rooms_db.parent.mkdir(parents=True, exist_ok=True)
        rooms = start_rooms(args.port, args.rooms_port, args.rooms_db)
        connect = tuple(f"ws://{host}:{args.rooms_port}" for host in ("127.0.0.1", "localhost"))
    server = make_server(args.root, args.port, security_headers=security_headers(connect))
    signal.signal(signal.SIGTERM, _interrupt)  # a stop by SIGTERM also stops the rooms server
    print(f"Serving the site at http://127.0.0.1:{args.port}/  (English; /ht/, /su/, /sq/)  Ctrl+C stops.",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        if rooms is not None:
            rooms.terminate()
            rooms.wait(10)


if __name__ == "__main__":
    main()
