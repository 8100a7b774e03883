"""Reading the parts of a position both games share: hands, boneyard, root, whose turn.

Positions are plain JSON (see ``records.py``): tiles as text ``"9-4"`` or pairs ``[9, 4]``, the boneyard top
first. Every tile of the set must appear exactly once across hands, boneyard and table; a position that
breaks that is refused with a message naming the tiles.
"""

from __future__ import annotations

from .errors import RecordError
from .hand import HandOutcome
from .tiles import TILE_BIT, TILE_INDEX, Tile


def tile_index(value: object, hand) -> int:
    try:
        tile = Tile.coerce(value)
    except (ValueError, TypeError) as error:
        raise RecordError(f"not a tile: {value!r} ({error})", "bad-tile", tile=str(value)) from None
    i = TILE_INDEX[tile]
    if not (hand.set_mask >> i) & 1:
        raise RecordError(f"{tile} is not in a double-{hand.max_pip} set", "bad-tile", tile=str(tile))
    return i


def _whole(data: dict, key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"{key} must be a whole number from {low} to {high}, got {value!r}", "bad-position",
                          field=key)
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
        tile = Tile.coerce(root) if not isinstance(root, int) else Tile.of(root, root)
        if not tile.is_double or not (hand.set_mask >> tile.index) & 1:
            raise RecordError(f"the root must be a double of the set, got {tile}", "bad-position", field="root")
        hand.root = hand.root_number = tile.high
    hand.turn = _whole(data, "turn", 0, 0, n - 1)
    hand.drawn = _whole(data, "drawn", 0, 0, 10_000)
    hand.turns = _whole(data, "turns", 0, 0, 10**9)
    outcome = data.get("outcome")
    if outcome:
        try:
            hand.outcome = HandOutcome(str(outcome["reason"]), outcome.get("winner"),
                                       tuple(int(s) for s in outcome["scores"]),
                                       bool(outcome.get("unfinished_foot", False)))
        except (KeyError, TypeError, ValueError):
            raise RecordError(f"bad outcome: {outcome!r}", "bad-position", field="outcome") from None
    return placed
