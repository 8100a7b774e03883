"""The rooms tests' driver: a rooms server in a thread of the test process (its own event loop, a free 127.0.0.1
port, a SQLite file) and synchronous WebSocket players, and the messages that create and join a room. Imported
by name (like tests/browser/game_driver.py): an import from "conftest" can find another folder's conftest."""

from __future__ import annotations

import asyncio
import json
import threading
import time

from websockets.sync.client import connect

from engine.rooms.limits import Limits
from engine.rooms.server import RoomServer, Settings
from engine.rooms.store import Store


class RunningServer:
    def __init__(self, db: str, settings: Settings, port: int = 0) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = RoomServer(None, settings)  # its store is opened in the loop's thread (sqlite3 wants that)

        async def start():
            self.server.store = Store(db)
            await self.server.start("127.0.0.1", port)  # a given port: a restart the pages find again

        asyncio.run_coroutine_threadsafe(start(), self.loop).result(10)
        self.url = f"ws://127.0.0.1:{self.server.port}/ws"

    def call(self, function, *args):
        """Run ``function`` in the server's loop (the room objects belong to it) and return its result."""
        async def run():
            return function(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


class Player:
    """One browser's connection: every message it received, in order."""

    def __init__(self, url: str, **options) -> None:
        self.ws = connect(url, open_timeout=5, **options).__enter__()  # closed by close()
        self.received: list[dict] = []
        self.token = self.room = self.seat = None

    def send(self, **message) -> None:
        self.ws.send(json.dumps(message))

    def send_text(self, text) -> None:
        self.ws.send(text)

    def recv(self, timeout: float = 5.0):
        try:
            message = json.loads(self.ws.recv(timeout))
        except TimeoutError:
            return None
        self.received.append(message)
        if message["type"] == "joined":
            self.token, self.room, self.seat = message["token"], message["room"], message["seat"]
        return message

    def until(self, predicate, timeout: float = 10.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message is not None and predicate(message):
                return message
        raise AssertionError(f"no such message in {timeout} s; last: {self.received[-3:]}")

    def error(self, timeout: float = 5.0) -> str:
        return self.until(lambda m: m["type"] == "error", timeout)["code"]

    def latest_view(self):
        return next((m for m in reversed(self.received) if m["type"] == "view"), None)

    def close(self) -> None:
        self.ws.close()


def fast_settings(**changes) -> Settings:
    limits = changes.pop("limits", Limits(connections_per_address=64, messages_per_second=500, message_burst=1000))
    return Settings(**{"grace": 0.3, "reclaim": 300.0, "bot_delay": 0.0, "limits": limits, **changes})


def create_room(host: Player, seats, game="chicken-foot", rules=None, name="Ana", lang="en") -> dict:
    message = {"type": "create", "game": game, "seats": seats, "name": name, "lang": lang}
    if rules is not None:
        message["rules"] = rules
    host.send(**message)
    return host.until(lambda m: m["type"] in ("joined", "error"))


def join_room(player: Player, room: str, name: str, lang: str = "en") -> dict:
    player.send(type="join", room=room, name=name, lang=lang)
    return player.until(lambda m: m["type"] in ("joined", "error"))


HUMAN, COMPUTER = {"kind": "human", "level": "casual"}, {"kind": "computer", "level": "beginner"}
