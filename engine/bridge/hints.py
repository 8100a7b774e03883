"""Hints for the human player: the move the careful bot would make, and why, as a stable reason code.

The reason codes are translated by the page (``docs/assets/demo/game-text.js``); ``params`` fill their
placeholders. The hint never looks at hidden tiles: it gets the same ``PlayerView`` a bot gets.
"""

from __future__ import annotations

from ..bots import CarefulBot
from ..moves import CATCH, DRAW, END, PASS, PLAY, Move

_ADVISER = CarefulBot()


def hint(view) -> dict:
    """``{"move": "9-4@n", "reason": code, "params": {...}}`` for the player to move, or ``{}`` when it is
    not this view's turn."""
    moves = view.legal_moves()
    if not moves:
        return {}
    move = _ADVISER.choose(view)
    reason, params = _reason(view, moves, move)
    return {"move": str(move), "reason": reason, "params": params}


def _reason(view, moves: list[Move], move: Move) -> tuple[str, dict]:
    plays = [m for m in moves if m.kind == PLAY]
    if move.kind == CATCH:
        return "catch", {}
    if move.kind == DRAW:
        return "draw", {}
    if move.kind == END:
        return "end-first-turn", {}
    if move.kind == PASS:
        return ("pass-after-draw" if view.boneyard_size and not plays else "pass"), {}
    tile = move.tile
    params = {"tile": str(tile), "pips": view.tile_value(tile)}
    pending = _pending_number(view)
    if pending is not None:
        return "toe", {**params, "number": pending}
    if len({m.tile for m in plays}) == 1:
        return "only-tile", params
    if tile.is_double and tile.high == 0:
        return "double-blank", params
    if tile.is_double and any(size == 1 for seat, size in enumerate(view.hand_sizes) if seat != view.seat):
        return "double-against-last-tile", params
    if tile.is_double and view.game == "mexican-train":
        return "double-plays-again", params
    return "heaviest", params


def _pending_number(view):
    """The number a Chicken Foot's pending toes or arms need, if any (public knowledge, in the view)."""
    if view.game != "chicken-foot":
        return None
    pending = view.to_dict()["pending_foot"]
    return pending["number"] if pending else None
