"""Rooms in Redis, shared by any number of server processes (``--redis redis://host:6379/0``).

Each room is a hash ``rooms:room:<code>`` (its record, its seats, a version, when it last changed), the set
``rooms:codes`` lists them. A change is stored only if the room's version is still the one this process
changed it from (a Lua script: compare and set in one step), so two processes can never both apply a move
to one position: the loser reloads the room and its player's message is judged again
(``StaleRoom``). After each stored change the process publishes ``{code, version, sender}`` on the channel
``rooms:changes``; every other process holding the room reloads it and sends its own connections their
views (``server.py``). Quick phrases and "this seat was taken up elsewhere" go over the same channel.

Each process keeps a key ``rooms:process:<id>`` alive (a TTL it refreshes): a seat held by a connection of
a process whose key expired (killed, frozen, cut off) is marked away by the others.

The calls are the synchronous client's, like SQLite's: a change is checked, stored and told without an
``await`` in the middle; a Redis round trip on the same network is a fraction of a millisecond.
"""

from __future__ import annotations

import json
import time
from typing import Iterator, Optional

CHANNEL = "rooms:changes"
CODES = "rooms:codes"
BOT_CLAIM_SECONDS = 5.0  # one process plays a room's computer turn; another takes over if it goes away

_SAVE = """
local version = redis.call('HGET', KEYS[1], 'version') or '0'
if version ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[2], 'meta', ARGV[3], 'version', ARGV[4], 'updated', ARGV[5])
redis.call('SADD', KEYS[2], ARGV[6])
return 1
"""


class StaleRoom(Exception):
    """Another process changed the room first: reload it and judge the message again."""


def _key(code: str) -> str:
    return f"rooms:room:{code}"


def _process_key(process: str) -> str:
    return f"rooms:process:{process}"


class RedisStore:
    shared = True  # rooms may change under this process: the server reloads and listens

    def __init__(self, url: str) -> None:
        import redis  # only with --redis: the one-process server needs no Redis client

        self.url = url
        self.client = redis.Redis.from_url(url, decode_responses=True)
        self.client.ping()
        self._save = self.client.register_script(_SAVE)

    def exists(self, code: str) -> bool:
        return bool(self.client.exists(_key(code)))

    def save(self, code: str, record: dict, meta: dict, version: int = 0) -> int:
        """Store the room changed from ``version``; returns the new version, or raises ``StaleRoom``."""
        stored = self._save(keys=[_key(code), CODES], args=[
            str(version), json.dumps(record, separators=(",", ":")), json.dumps(meta, separators=(",", ":")),
            str(version + 1), repr(time.time()), code])
        if not stored:
            raise StaleRoom(code)
        return version + 1

    def load(self, code: str) -> Optional[tuple[str, dict, int]]:
        """The room's record text, its seats and its version; None when there is no such room."""
        row = self.client.hmget(_key(code), "record", "meta", "version")
        if row[0] is None:
            return None
        return row[0], json.loads(row[1]), int(row[2])

    def rooms(self) -> Iterator[tuple[str, str, dict]]:
        for code in sorted(self.client.smembers(CODES)):
            row = self.load(code)
            if row is not None:
                yield code, row[0], {**row[1], "version": row[2]}

    def delete(self, code: str) -> None:
        self.client.delete(_key(code))
        self.client.srem(CODES, code)

    def publish(self, message: dict) -> None:
        self.client.publish(CHANNEL, json.dumps(message, separators=(",", ":")))

    def claim_bot(self, code: str, holder: str) -> bool:
        """Whether this process (``holder``) plays the room's computer turns now: one process at a time."""
        key = f"rooms:bot:{code}"
        if self.client.set(key, holder, nx=True, px=int(BOT_CLAIM_SECONDS * 1000)):
            return True
        if self.client.get(key) == holder:
            self.client.pexpire(key, int(BOT_CLAIM_SECONDS * 1000))
            return True
        return False

    def keep_alive(self, process: str, seconds: float) -> None:
        """``process`` is alive for ``seconds`` more: the seats its connections hold stay shown connected."""
        self.client.set(_process_key(process), "1", px=max(1, int(seconds * 1000)))

    def living(self, processes: list[str]) -> set[str]:
        """Which of ``processes`` are alive (their key has not expired)."""
        pipe = self.client.pipeline(transaction=False)
        for process in processes:
            pipe.exists(_process_key(process))
        return {process for process, alive in zip(processes, pipe.execute()) if alive}

    def gone(self, process: str) -> None:
        """A clean stop: the process's seats are marked away by its own connections' closing."""
        self.client.delete(_process_key(process))

    def subscriber(self):
        """An asyncio client subscribed to the changes channel (``server.py`` reads it)."""
        import redis.asyncio as aioredis

        return aioredis.Redis.from_url(self.url, decode_responses=True).pubsub()

    def close(self) -> None:
        self.client.close()
