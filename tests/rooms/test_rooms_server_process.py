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
