"""Running the rooms server for real: behind a reverse proxy only a trusted proxy's X-Forwarded-For is
believed (else one client could pose as many, or many as one), and finished or abandoned rooms are deleted
from memory and from the store once nobody is connected."""

from __future__ import annotations

import sqlite3
import time

import pytest
from rooms_client import COMPUTER, HUMAN, create_room
from websockets.exceptions import InvalidStatus

from engine.rooms.limits import Limits
from engine.rooms.server import client_address


def test_x_forwarded_for_is_read_only_from_a_trusted_proxy_and_only_its_last_untrusted_hop():
    trusted = ("127.0.0.1", "10.0.0.2")
    assert client_address("203.0.113.9", "198.51.100.1", trusted) == "203.0.113.9"  # not a proxy: its own
    assert client_address("127.0.0.1", "198.51.100.1", trusted) == "198.51.100.1"
    # the client may write anything on the left; the proxies append on the right
    assert client_address("127.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.2", trusted) == "198.51.100.1"
    assert client_address("127.0.0.1", None, trusted) == "127.0.0.1"
    assert client_address("127.0.0.1", "198.51.100.1", ()) == "127.0.0.1"  # no proxy configured


def test_the_connection_limit_counts_each_client_behind_a_trusted_proxy(running, players):
    limits = Limits(connections_per_address=1, messages_per_second=100, message_burst=100)
    server = running(limits=limits, trusted_proxies=("127.0.0.1",))
    players(server.url, 1, additional_headers={"X-Forwarded-For": "198.51.100.1"})
    players(server.url, 1, additional_headers={"X-Forwarded-For": "198.51.100.2"})  # another client: let in
    with pytest.raises(InvalidStatus) as refused:
        players(server.url, 1, additional_headers={"X-Forwarded-For": "198.51.100.1"})
    assert refused.value.response.status_code == 429


def test_a_forged_x_forwarded_for_does_not_escape_the_limit_without_a_trusted_proxy(running, players):
    server = running(limits=Limits(connections_per_address=1, messages_per_second=100, message_burst=100))
    players(server.url, 1, additional_headers={"X-Forwarded-For": "198.51.100.1"})
    with pytest.raises(InvalidStatus):
        players(server.url, 1, additional_headers={"X-Forwarded-For": "198.51.100.2"})


def _stored_codes(db: str) -> set:
    with sqlite3.connect(db) as connection:
        return {row[0] for row in connection.execute("SELECT code FROM rooms")}


def test_rooms_nobody_is_connected_to_are_deleted_once_idle_and_a_room_in_use_is_kept(running, players, db):
    server = running(keep_idle=3600.0)
    left, staying = players(server.url, 2)
    gone = create_room(left, [HUMAN, COMPUTER])["room"]
    kept = create_room(staying, [HUMAN, COMPUTER])["room"]
    left.close()
    deadline = time.monotonic() + 5
    while server.call(lambda: bool(server.server.rooms[gone].connections)) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.call(server.server.sweep) == []  # idle for less than an hour: kept
    later = time.time() + 7200
    assert server.call(server.server.sweep, later) == [gone]
    assert gone not in server.call(lambda: set(server.server.rooms)) and kept in _stored_codes(db)
    assert gone not in _stored_codes(db)
