"""Checking the page's request arguments before anything uses them: each helper returns the value or raises
``BridgeError("bad-arguments")`` naming the argument, so junk from a page, an embedder or a test never
reaches the engine as a Python exception."""

from __future__ import annotations

from typing import Optional

from ..errors import shown
from .errors import BridgeError

MAX_TEXT = 500  # words the page sends for pictures (a title, a description) are short


def whole(value: object, name: str, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BridgeError("bad-arguments", f"{name} must be a whole number from {low} to {high}, not {shown(value)}")
    return value


def text(value: object, name: str, max_length: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or len(value) > max_length:
        raise BridgeError("bad-arguments", f"{name} must be text of at most {max_length} characters, not {shown(value)}")
    return value


def optional_text(value: object, name: str) -> Optional[str]:
    return None if value is None else text(value, name)


def flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise BridgeError("bad-arguments", f"{name} must be true or false, not {shown(value)}")
    return value


MOVE_FIELDS = {"kind", "tile", "end", "announce"}


def move_choice(value: object, name: str = "move") -> str | dict:
    """A move as its text (one of the legal moves the page was sent), or as data ``{kind, tile, end,
    announce}`` for a choice that is not legal (the engine then says which rule it breaks); small either way."""
    if isinstance(value, dict):
        if not set(value) <= MOVE_FIELDS or any(isinstance(v, (dict, list)) and len(v) > 2 for v in value.values()):
            raise BridgeError("bad-arguments", f"{name} must be a move's text or {{kind, tile, end, announce}}, "
                              f"not {shown(value)}")
        if any(isinstance(v, str) and len(v) > 40 for v in value.values()):
            raise BridgeError("bad-arguments", f"{name} must be short, not {shown(value)}")
        return value
    return text(value, name, 40)
