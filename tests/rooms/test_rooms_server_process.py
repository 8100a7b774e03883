"""The server as it is started by hand: ``python -m engine rooms``, its storage named by the environment,
stopped cleanly by SIGTERM; and a move the store cannot write is never played."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from rooms_client import HUMAN, create_room, join_room

ROOT = Path(__file__).resolve().parents[2]


def test_python_m_engine_rooms_serves_health_and_stores_in_the_rooms_db_file(tmp_path):
    db = tmp_path / "from-env.sqlite3"
    server = subprocess.Popen([sys.executable, "-m", "engine", "rooms", "--port", "0"], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "ROOMS_DB": str(db)})
    try:
        line = server.stdout.readline()
        port = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", line).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
            assert response.status == 200
        server.send_signal(signal.SIGTERM)
        assert server.wait(10) == 0
    finally:
        if server.poll() is None:
            server.kill()
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM rooms").fetchone() == (0,)


def test_a_move_the_store_cannot_write_is_refused_and_not_played(running, players):
    server = running()
    host, guest = players(server.url, 2)
    joined = create_room(host, [HUMAN, HUMAN])
    join_room(guest, joined["room"], "Jo")
    host.send(type="start")
    views = [p.until(lambda m: m["type"] == "view" and m["started"]) for p in (host, guest)]
    mover, view = next((p, v) for p, v in zip((host, guest), views) if v["legal_moves"])
    room = server.server.rooms[joined["room"]]
    store = server.server.store

    def broken(*args):
        raise sqlite3.OperationalError("disk I/O error")

    server.call(setattr, store, "save", broken)
    mover.send(type="play", move=view["legal_moves"][0])
    assert mover.error() == "storage-failed"
    assert server.call(lambda: len(room.match.moves)) == view["moves"], "the move was taken back"
    server.call(delattr, store, "save")  # the disk is back: the same move now plays
    mover.send(type="play", move=view["legal_moves"][0])
    assert mover.until(lambda m: m["type"] == "view" and m["last"] is not None)["moves"] == view["moves"] + 1


def test_serve_py_starts_the_rooms_server_beside_the_site_and_stops_both(tmp_path):
    """`make serve`: the site, and the rooms server it names in connect-src; SIGTERM stops both."""
    import socket
    import time

    ports = []
    for _ in range(2):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            ports.append(probe.getsockname()[1])
    site_port, rooms_port = ports
    serve = subprocess.Popen([sys.executable, "scripts/serve.py", "--port", str(site_port), "--rooms-port",
                              str(rooms_port), "--rooms-db", str(tmp_path / "rooms.sqlite3")], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{rooms_port}/health", timeout=2) as health, \
                        urllib.request.urlopen(f"http://127.0.0.1:{site_port}/rooms/", timeout=2) as page:
                    assert health.status == 200
                    policy = page.headers["Content-Security-Policy"]
                    break
            except OSError:
                assert time.monotonic() < deadline, "serve.py did not start both servers"
                time.sleep(0.2)
        assert f"connect-src 'self' ws://127.0.0.1:{rooms_port}" in policy
        serve.send_signal(signal.SIGTERM)
        serve.wait(15)
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{rooms_port}/health", timeout=2)
    finally:
        if serve.poll() is None:
            serve.kill()
