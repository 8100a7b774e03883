"""Reading the parts of a position both games share: hands, boneyard, root, whose turn.

Positions are plain JSON (see ``records.py``): tiles as text ``"9-4"`` or pairs ``[9, 4]``, the boneyard top
first. Every tile of the set must appear exactly once across hands, boneyard and table; a position that
breaks that is refused with a message naming the tiles.
"""

from __future__ import annotations

from .errors import RecordError, shown
from .hand import HandOutcome
from .tiles import TILE_BIT, TILE_INDEX, Tile


def tile_index(value: object, hand) -> int:
    try:
        tile = Tile.coerce(value)
    except (ValueError, TypeError) as error:
        raise RecordError(f"not a tile: {shown(value)} ({error})", "bad-tile", tile=shown(value)) from None
    i = TILE_INDEX[tile]
    if not (hand.set_mask >> i) & 1:
        raise RecordError(f"{tile} is not in a double-{hand.max_pip} set", "bad-tile", tile=str(tile))
    return i


MAX_ROUND = 10**6  # a round index far beyond any match
MAX_SEED = 2**53 - 1  # as match.MAX_SEED (positions are read before any match exists)


def whole(data: dict, key: str, default: int, low: int, high: int) -> int:
    """``data[key]``, which must be a whole number (not a bool, not a float) from ``low`` to ``high``."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"{key} must be a whole number from {low} to {high}, got {shown(value)}",
                          "bad-position", field=key)
    return value


def seats(data: dict, key: str, players: int) -> list[int]:
    """``data[key]``: a list of seat numbers (each from 0 to ``players - 1``), or nothing."""
    value = data.get(key) or []
    if not isinstance(value, list) or any(isinstance(seat, bool) or not isinstance(seat, int)
                                          or not 0 <= seat < players for seat in value):
        raise RecordError(f"{key} must list seats from 0 to {players - 1}, got {shown(value)}", "bad-position",
                          field=key)
    return value


def flags(data: dict, key: str, players: int, default: bool) -> list[bool]:
    """``data[key]``: one true/false per seat."""
    value = data.get(key, [default] * players)
    if not isinstance(value, list) or len(value) != players or not all(isinstance(x, bool) for x in value):
        raise RecordError(f"{key} must list {players} true/false values", "bad-position", field=key)
    return value


def load_common(hand, data: dict) -> int:
    """Fill ``hand`` from ``data``; return the bitmask of the tiles in hands and boneyard."""
    n = hand.players
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise RecordError(f"hands must list {n} hands, one per seat", "bad-position", field="hands")
    placed = 0

    def claim(value) -> int:
        nonlocal placed
        i = tile_index(value, hand)
        if placed & TILE_BIT[i]:
            raise RecordError(f"tile {Tile.coerce(value)} appears twice", "tile-twice", tile=str(Tile.coerce(value)))
        placed |= TILE_BIT[i]
        return i

    for seat, tiles in enumerate(hands):
        if not isinstance(tiles, list):
            raise RecordError(f"hand {seat} must be a list of tiles", "bad-position", field="hands")
        mask = 0
        for value in tiles:
            mask |= TILE_BIT[claim(value)]
        hand.hands[seat] = mask
        hand.sizes[seat] = len(tiles)
    boneyard = data.get("boneyard", [])
    if not isinstance(boneyard, list):
        raise RecordError("boneyard must be a list of tiles, top first", "bad-position", field="boneyard")
    hand.boneyard = [claim(value) for value in reversed(boneyard)]
    set_aside = data.get("set_aside", [])
    if not isinstance(set_aside, list):
        raise RecordError("set_aside must be a list of tiles (out of play)", "bad-position", field="set_aside")
    for value in set_aside:
        hand.set_aside |= TILE_BIT[claim(value)]
    root = data.get("root")
    if root is not None:
        try:
            tile = Tile.coerce(root) if not isinstance(root, int) else Tile.of(root, root)
        except ValueError:
            raise RecordError(f"the root must be a double of the set, got {shown(root)}", "bad-position",
                              field="root") from None
        if not tile.is_double or not (hand.set_mask >> tile.index) & 1:
            raise RecordError(f"the root must be a double of the set, got {tile}", "bad-position", field="root")
        hand.root = hand.root_number = tile.high
    hand.turn = whole(data, "turn", 0, 0, n - 1)
    hand.drawn = whole(data, "drawn", 0, 0, 10_000)
    hand.turns = whole(data, "turns", 0, 0, 10**9)
    outcome = data.get("outcome")
    if outcome:
        hand.outcome = _outcome(outcome, n)
    return placed


def _outcome(outcome, players: int) -> HandOutcome:
    """A finished hand's outcome as a position gives it: why, who went out, one score per seat."""
    try:
        reason, winner, scores = outcome["reason"], outcome.get("winner"), outcome["scores"]
        unfinished = outcome.get("unfinished_foot", False)
    except (KeyError, TypeError, AttributeError):
        raise RecordError(f"bad outcome: {shown(outcome)}", "bad-position", field="outcome") from None
    if (reason not in ("went-out", "blocked") or (winner is not None and (
            isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < players))
            or (reason == "went-out") != (winner is not None) or not isinstance(scores, list)
            or len(scores) != players or not isinstance(unfinished, bool)
            or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 10**6 for x in scores)):
        raise RecordError(f"bad outcome: {shown(outcome)}", "bad-position", field="outcome")
    return HandOutcome(reason, winner, tuple(scores), unfinished)
