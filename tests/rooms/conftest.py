"""Fixtures of the rooms tests: a server started per test on a SQLite file in tmp_path, and players closed at
the end (rooms_client.py has the server and player types)."""

from __future__ import annotations

import pytest

from rooms_client import Player, RunningServer, fast_settings


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "rooms.sqlite3")


@pytest.fixture
def running(db):
    servers = []

    def start(**changes) -> RunningServer:
        server = RunningServer(db, fast_settings(**changes))
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.thread.is_alive():
            server.stop()


@pytest.fixture
def players():
    """``players(url, n)``: n connected players, all closed at the end."""
    opened: list[Player] = []

    def make(url: str, n: int = 1, **options):
        made = [Player(url, **options) for _ in range(n)]
        opened.extend(made)
        return made

    yield make
    for player in opened:
        player.close()
