"""Hints for the person to move: the move the strongest level would make, within its usual thinking budget,
and why, as a reason code with its values (``hint_reasons.py``, which also holds the English sentences).

The hint gets the same ``PlayerView`` a bot gets and never looks at hidden tiles. Its search is seeded by the
position alone, so asking twice gives the same advice.
"""

from __future__ import annotations

from typing import Optional

from ..search import SearchBot
from ..hint_reasons import REASONS, explain

ADVISER_SEED = 0x41D


def hint(view, budget_ms: Optional[int] = None) -> dict:
    """``{"move": "9-4@n", "reason": code, "params": {...}, "template": English sentence}`` for the player
    to move, or ``{}`` when it is not this view's turn. ``template`` is ``REASONS[reason]``, a msgid of the
    ``ui`` catalog, with ``{name}`` placeholders for ``params`` (see ``hint_reasons.py``)."""
    moves = view.legal_moves()
    if not moves:
        return {}
    move = SearchBot(ADVISER_SEED, budget_ms=budget_ms).choose(view)
    reason, params = explain(view, moves, move)
    return {"move": str(move), "reason": reason, "params": params, "template": REASONS[reason]}
