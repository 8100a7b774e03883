"""Rooms in SQLite (the standard library's ``sqlite3``): one row a room, its game record as the engine writes
it (``records.game_record``: rules, players, seed, moves, result, sha256) and its seats (names, languages,
levels, token digests). The server writes a room here before it acknowledges or broadcasts any change, so a
restart resumes every room from its row. WAL with ``synchronous=NORMAL``: a commit survives the process
being killed; only a power cut may lose the last moments.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    meta TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
)"""


class Store:
    shared = False  # one process holds every room: nothing to reload, nobody to tell

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None)  # autocommit: each write is its own commit
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(SCHEMA)

    def exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is not None

    def save(self, code: str, record: dict, meta: dict, version: int = 0) -> int:
        """Store the room; returns its new version (one process: nobody else changes it in between)."""
        now = time.time()
        self.db.execute(
            "INSERT INTO rooms (code, record, meta, created, updated) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET record = excluded.record, meta = excluded.meta, "
            "updated = excluded.updated",
            (code, json.dumps(record, separators=(",", ":")), json.dumps(meta, separators=(",", ":")), now, now))
        return version + 1

    def rooms(self) -> Iterator[tuple[str, str, dict]]:
        """Every stored room: its code, its record's text, its seats."""
        for code, record, meta in self.db.execute("SELECT code, record, meta FROM rooms ORDER BY created"):
            yield code, record, json.loads(meta)

    def load(self, code: str):
        return None  # every room is in memory from the start

    def publish(self, message: dict) -> None:
        pass

    def claim_bot(self, code: str, holder: str) -> bool:
        return True

    def delete(self, code: str) -> None:
        self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def close(self) -> None:
        self.db.close()
