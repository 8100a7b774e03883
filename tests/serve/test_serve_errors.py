"""scripts/serve.py sends every error answer, whether it logs requests (as ``make serve`` and the README run it)
or serves quietly (as the other tests do), and answers every client of a burst of connections."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from serve import SiteServer, serve_in_background

MALFORMED = {
    "nul in the path": (b"GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    "a 3000-character address": (b"GET /" + b"a" * 3000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    "a header line longer than 64 KiB": (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 70_000 + b"\r\n\r\n", 431),
    "more than 100 headers": (b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n",
                              431),
    "an unknown method": (b"BREW / HTTP/1.1\r\nHost: x\r\n\r\n", 501),
    "HTTP/2.0 on a plain request line": (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    "a version that is not one": (b"GET / HTTP/1.x\r\nHost: x\r\n\r\n", 400),
}


@pytest.fixture(scope="module", params=["logged", "quiet"])
def server(request, built_site):
    running, _ = serve_in_background(built_site, quiet=request.param == "quiet")
    yield running.server_address[1]
    running.shutdown()
    running.server_close()


def raw_request(port: int, data: bytes, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_request_gets_its_error_answer_logged_or_quiet(server, case, capfd):
    data, status = MALFORMED[case]
    answer = raw_request(server, data)
    assert answer.split(b"\r\n", 1)[0].startswith(b"HTTP/1.") and f" {status} ".encode() in answer[:20], answer[:200]
    assert b"Content-Length:" in answer and b"\r\n\r\n" in answer
    assert "Traceback" not in capfd.readouterr().err


def test_a_logged_error_line_says_the_status_and_stays_short(built_site, capfd):
    running, _ = serve_in_background(built_site, quiet=False)
    try:
        raw_request(running.server_address[1], MALFORMED["a 3000-character address"][0])
    finally:
        running.shutdown()
        running.server_close()
    lines = [line for line in capfd.readouterr().err.splitlines() if "414" in line]
    assert lines and all(len(line) < 800 and "error answering" not in line for line in lines), lines


def burst(port: int, clients: int, timeout: float) -> tuple[int, float]:
    """Opens ``clients`` connections at once, each asking for the home page; returns how many got an answer
    within ``timeout`` seconds, and the seconds the slowest took."""
    answered = []
    start = threading.Barrier(clients)
    began = time.monotonic()

    def client() -> None:
        start.wait()
        try:
            answer = raw_request(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout=timeout)
        except OSError:
            return
        if answer.startswith(b"HTTP/1.1 200 "):
            answered.append(time.monotonic())

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 5)
    return len(answered), (max(answered) - began) if answered else float("inf")


def test_the_listening_queue_is_sized_for_bursts():
    assert SiteServer.request_queue_size >= 128


def test_two_hundred_connections_at_once_are_all_answered_in_time(built_site):
    running, _ = serve_in_background(built_site, quiet=True)
    try:
        answered, slowest = burst(running.server_address[1], 200, timeout=8)
    finally:
        running.shutdown()
        running.server_close()
    assert answered == 200, f"{answered} of 200 answered"
    assert slowest < 8
