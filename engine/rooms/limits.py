"""Per-address limits: open connections, messages (a token bucket), wrong room codes or tokens and rooms
made (windows), so one address can neither flood the server, nor walk the code space, nor fill its memory
with rooms (each connection makes one, but connections come and go)."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from dataclasses import dataclass


@dataclass
class Limits:
    connections_per_address: int = 16
    messages_per_second: float = 20.0
    message_burst: int = 60
    guesses_per_minute: int = 10
    rooms_per_hour: int = 30  # rooms one address may make (a family makes a few an evening)
    refusals_before_close: int = 50  # rate-limited messages a connection may send before it is closed


class Bucket:
    __slots__ = ("rate", "capacity", "tokens", "stamp")

    def __init__(self, rate: float, capacity: int) -> None:
        self.rate, self.capacity, self.tokens, self.stamp = rate, capacity, float(capacity), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class AddressBook:
    """What each address has used; entries go when an address has no connection left."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.connections: dict[str, int] = defaultdict(int)
        self.buckets: dict[str, Bucket] = {}
        self.guesses: dict[str, deque] = defaultdict(deque)
        self.made: dict[str, deque] = defaultdict(deque)  # when each address made its rooms of the last hour

    def may_connect(self, address: str) -> bool:
        return self.connections[address] < self.limits.connections_per_address

    def opened(self, address: str) -> None:
        self.connections[address] += 1

    def closed(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]
            self.buckets.pop(address, None)

    def may_send(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = Bucket(self.limits.messages_per_second, self.limits.message_burst)
        return bucket.take()

    @staticmethod
    def _window(windows: dict, address: str, seconds: float) -> deque:
        window = windows[address]
        cutoff = time.monotonic() - seconds
        while window and window[0] < cutoff:
            window.popleft()
        return window

    def may_guess(self, address: str) -> bool:
        return len(self._window(self.guesses, address, 60)) < self.limits.guesses_per_minute

    def wrong_guess(self, address: str) -> None:
        self._window(self.guesses, address, 60).append(time.monotonic())

    def may_create(self, address: str) -> bool:
        return len(self._window(self.made, address, 3600)) < self.limits.rooms_per_hour

    def created(self, address: str) -> None:
        self._window(self.made, address, 3600).append(time.monotonic())

    def prune(self) -> None:
        """Forget the addresses whose windows are empty (kept across connections: reconnecting resets nothing)."""
        for windows, seconds in ((self.guesses, 60), (self.made, 3600)):
            for address in [a for a in windows if not self._window(windows, a, seconds)]:
                del windows[address]
