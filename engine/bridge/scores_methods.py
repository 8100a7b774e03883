"""The score keeper's bridge methods (registered in ``engine.bridge.dispatch``): a score sheet of a game
played with real tiles in, the engine's scores out (``engine.scoresheet``, which scores with the game's own
``engine.scoring``). The page keeps the sheet; nothing is stored here between calls.

Every refusal is a ``BridgeError`` whose ``code`` is the sheet error's (``negative-pips``, ``tampered``, …)
and whose ``params`` say where (``round``, ``seat``: 1-based) and what (``most``, ``tile``, ``option``).
"""

from __future__ import annotations

from typing import Any

from .. import scoring
from ..scoresheet import Sheet, SheetError, export_sheet, import_sheet
from .errors import BridgeError
from .errors import refusal as _refuse
from .sentences import decided_by


def _sheet(sheet: Any) -> Sheet:
    try:
        return Sheet.from_dict(sheet)
    except SheetError as error:
        raise _refuse(error) from None


def scores_sheet(sheet: dict) -> dict:
    """Checks and scores a whole sheet. Answers ``{"sheet": the sheet as stored (names tidied, options
    reduced to the overrides), "score": rounds, totals, leaders, winners, next round}``; a sheet that cannot
    be scored is refused with the first problem's code, round and seat."""
    checked = _sheet(sheet)
    try:
        score = checked.score()
    except SheetError as error:
        raise _refuse(error) from None
    return {"sheet": checked.to_dict(), "score": {**score, "decided_by_say": decided_by(score["decided_by"])}}


def scores_round(sheet: dict, index: int, entry: dict) -> dict:
    """One round as it is being entered (round ``index``, 0-based, of ``sheet``; ``entry`` as in a sheet,
    with ``null`` or ``""`` for a hand not entered yet). Answers each seat's count (``values``: pips left in
    hand, the double-blank at its rule value; null where nothing counts yet), every ``problem`` found (code,
    seat, params), the round's starting double, the most its hands can hold, and the round's ``scores`` once
    it is complete (Kelley's penalty included)."""
    checked = _sheet(sheet)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(checked.rounds):
        raise BridgeError("bad-round", str(index))
    try:
        check = checked.check_round(index, entry)
    except SheetError as error:
        raise _refuse(error) from None
    scores = None
    if check.complete:
        scores = list(scoring.round_scores(check.values, entry.get("out"), entry.get("on_double", False),
                                           checked.penalty))
    return {"values": list(check.values), "problems": list(check.problems), "double": check.double,
            "most": check.most, "total": sum(v for v in check.values if v is not None),
            "complete": check.complete, "scores": scores}


def scores_export(sheet: dict) -> dict:
    """The sheet as a versioned file (``domino-score-sheet`` version 1) with a sha256 of its content."""
    checked = _sheet(sheet)
    try:
        checked.score()
    except SheetError as error:
        raise _refuse(error) from None
    return {"file": export_sheet(checked)}


def scores_import(text: str) -> dict:
    """A sheet from an exported file's text. Another kind of file (``not-a-sheet``, ``not-json``), a newer
    version (``newer-version``) or a damaged one (``bad-version``), a file changed by hand (``tampered``) or
    one that cannot be scored is refused; nothing is kept from it."""
    try:
        checked = import_sheet(text)
        score = checked.score()
    except SheetError as error:
        raise _refuse(error) from None
    return {"sheet": checked.to_dict(), "score": {**score, "decided_by_say": decided_by(score["decided_by"])}}


METHODS = {
    "scores_sheet": scores_sheet,
    "scores_round": scores_round,
    "scores_export": scores_export,
    "scores_import": scores_import,
}
