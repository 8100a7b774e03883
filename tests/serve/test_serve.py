"""scripts/serve.py answers as HOSTING.md says a host should: precompressed variants by Accept-Encoding,
security and cache headers, the site's own 404 page, and a clear status for malformed requests."""

from __future__ import annotations

import gzip
import http.client
import json
import socket
from pathlib import Path

import brotli
import pytest

from scripts.sitebuild import project
from serve import CONTENT_SECURITY_POLICY, SECURITY_HEADERS, serve_in_background

ROOT = Path(__file__).resolve().parents[2]
DECODERS = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda body: body}


@pytest.fixture(scope="module")
def server(built_site):
    running, url = serve_in_background(built_site, quiet=True)
    yield running.server_address[1]
    running.shutdown()


def get(port: int, path: str, accept: str | None = None, method: str = "GET") -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, headers={"Accept-Encoding": accept} if accept is not None else {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def raw_request(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def status_line(answer: bytes) -> str:
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


def site_files(site: Path) -> list[Path]:
    """Every page of every language, and every file a start of the engine downloads."""
    pages = sorted(site.rglob("*.html"))
    runtime = json.loads((site / "pyodide" / "runtime.json").read_text())["downloads"]
    return pages + [site / name for name in sorted(runtime)]


@pytest.mark.parametrize("encoding", ("br", "gzip"))
def test_every_page_and_runtime_file_is_served_compressed_when_asked(server, built_site, encoding):
    files = site_files(built_site)
    assert len(files) > 40
    for file in files:
        path = "/" + file.relative_to(built_site).as_posix()
        status, headers, body = get(server, path, f"{encoding}, identity;q=0.5")
        assert status == 200, path
        assert headers.get("content-encoding") == encoding, path
        assert headers["vary"] == "Accept-Encoding", path
        assert int(headers["content-length"]) == len(body) < file.stat().st_size, path
        assert DECODERS[encoding](body) == file.read_bytes(), path


def test_brotli_is_preferred_and_a_browser_that_accepts_nothing_gets_the_file_as_it_is(server, built_site):
    wasm = next(name for name in json.loads((built_site / "pyodide" / "runtime.json").read_text())["downloads"]
                if name.endswith(".wasm"))
    _, headers, _ = get(server, "/" + wasm, "gzip, deflate, br, zstd")  # what Chromium sends
    assert headers["content-encoding"] == "br" and headers["content-type"] == "application/wasm"
    _, headers, _ = get(server, "/" + wasm, "br;q=0, gzip")
    assert headers["content-encoding"] == "gzip"
    _, headers, body = get(server, "/" + wasm, "")
    assert "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"
    assert body == (built_site / wasm).read_bytes()


def test_every_answer_carries_the_security_headers(server):
    for path in ("/", "/ht/tutorial/", "/assets/demo/loader.js", "/pyodide/runtime.json", "/no-such-page/"):
        _, headers, _ = get(server, path, "br")
        for name, value in SECURITY_HEADERS.items():
            assert headers[name.lower()] == value, (path, name)
        assert headers["access-control-allow-origin"] == "*"
    assert "script-src 'self' 'wasm-unsafe-eval'" in CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY


def test_hosting_md_lists_exactly_the_headers_serve_sends():
    hosting = (ROOT / "HOSTING.md").read_text(encoding="utf-8")
    for name, value in SECURITY_HEADERS.items():
        assert f"{name}: {value}" in hosting, name


def test_the_runtime_is_cached_for_good_and_pages_are_revalidated(server, built_site):
    runtime = json.loads((built_site / "pyodide" / "runtime.json").read_text())
    _, headers, _ = get(server, "/" + runtime["indexURL"] + "pyodide.asm.wasm", "br", method="HEAD")
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    for path in ("/pyodide/runtime.json", "/tutorial/", "/assets/demo/worker.js"):
        assert get(server, path, "br")[1]["cache-control"] == "no-cache", path


@pytest.mark.parametrize("path", ("/.built", "/assets/", "/assets/demo/", "/no-such-page/", "/%2e%2e/etc/passwd",
                                  "/../../etc/passwd", "/pyodide/"))
def test_missing_files_folders_and_build_markers_get_the_sites_own_404_page(server, built_site, path):
    status, headers, body = get(server, path, "")
    assert status == 404
    assert body == (built_site / "404.html").read_bytes()
    assert headers["content-type"].startswith("text/html")


@pytest.mark.parametrize("language", project.target_languages())
def test_a_missing_page_under_a_language_gets_that_languages_404_page_where_there_is_one(server, built_site,
                                                                                        language):
    status, _, body = get(server, f"/{language}/no-such-page/", "")
    own = built_site / language / "404.html"
    assert status == 404
    assert body == (own if own.is_file() else built_site / "404.html").read_bytes()


def test_a_folder_address_without_its_slash_is_redirected(server):
    status, headers, _ = get(server, "/ht/tutorial", "")
    assert status == 301 and headers["location"] == "/ht/tutorial/"


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET ftp://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"NONSENSE\r\n\r\n", 400),
    (b"GET / HTTP/1.1 extra\r\n\r\n", 400),
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    (b"GET /\r\n\r\n", 505),
])
def test_malformed_requests_get_a_status_line_and_the_server_keeps_serving(server, request_bytes, status):
    answer = raw_request(server, request_bytes)
    assert status_line(answer).startswith(f"HTTP/1.") and f" {status} " in status_line(answer), answer[:200]
    assert b"Traceback" not in answer
    assert get(server, "/", "br")[0] == 200
