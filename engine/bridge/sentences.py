"""The page's sentence for each code the engine answers with, sent with the answer as a hint's reason is
(``hint_reasons.py``): a refused move, a save or record that cannot be loaded, how a match was decided, and
what each event of the log says (these two are the narrator's, ``engine/narration.py``, which the rooms say
too). Each sentence is an English msgid of the ``ui`` catalog; the page shows ``t(text, params)``, putting the
values in words (``tile`` a tile as ``"6-4"``, ``end`` an end id of the table sent with it, ``number`` pips,
``player`` and ``victim`` a seat, ``round`` a round's number from 1).
"""

from __future__ import annotations

from ..catalog_marks import N_
from ..narration import DECIDED_BY, decided_by, narrated, said

__all__ = ["DECIDED_BY", "decided_by", "narrated", "said", "refusal", "load_error"]


# One explanation per code a move is refused with (engine/errors.py MESSAGES, and the tutorial's own).
REFUSALS = {
    "hand-over": N_("The round is over: no more moves."),
    "unknown-move": N_("That is not a move."),
    "not-your-turn": N_("Wait: it is not your turn."),
    "tile-not-in-set": N_("{tile} is not in this set."),
    "tile-not-in-hand": N_("{tile} is not in your hand."),
    "unknown-end": N_("There is no open end there."),
    "end-closed": N_("{end} is closed: a double waits for its toes, and nothing follows it in its own line."),
    "end-does-not-match": N_("{tile} does not match {end}, which shows {number}. A tile joins an end with the same "
                             "number."),
    "arms-not-filled": N_("Every arm of the starting double needs one tile before any arm takes a second."),
    "foot-not-finished": N_("The chicken foot on the double {number} needs its three toes before anything is "
                            "played elsewhere."),
    "must-play": N_("You have a tile that plays: play it. You draw or pass only when you cannot play."),
    "boneyard-empty": N_("The boneyard is empty: you cannot draw."),
    "already-drew": N_("You have drawn your one tile this turn. If it does not play, pass."),
    "must-draw": N_("You cannot play, so draw one tile from the boneyard before you pass."),
    "announce-not-needed": N_("Only a play that leaves you one tile is announced."),
    "catch-not-available": N_("Nobody can be caught now."),
    "train-not-yours": N_("{end} belongs to another player and has no marker: it is closed to you."),
    "mexican-train-not-yet": N_("The Mexican train opens to you from your second turn."),
    "must-satisfy-double": N_("The open double on {end} must be satisfied first."),
    "first-turn-own-train": N_("On your first turn you may only build your own train."),
    "cannot-end-turn": N_("End turn is for a first turn after you have laid at least one tile."),
    "must-play-drawn-tile": N_("The tile you drew plays: play it."),
    "must-follow-double": N_("After a double you must lay another tile."),
    "wrong-game": N_("That move does not exist in this game."),
}

# Why a saved game or an imported record was refused: one sentence for each code game_load and game_import
# answer (game_methods.LOAD_ERROR_CODES) and each reason the page's own reader gives before the engine sees it
# (stored-readers.js REASONS); the boot data carries this table for those.
UNREADABLE = N_("It is damaged: it is not readable data.")
LOAD_ERRORS = {
    "wrong-format": N_("It is not a game saved by this site."),
    "not-json": UNREADABLE,
    "not-an-object": UNREADABLE,
    "too-deep": UNREADABLE,
    "bad-version": UNREADABLE,  # not a whole number from 1
    "game-mismatch": UNREADABLE,  # its game is not its rules' game
    "damaged": UNREADABLE,
    "too-large": N_("It is far too large to be a game from this site."),
    "number-too-large": N_("A number in it is too large for this game."),
    "newer-version": N_("It was made by a newer version of this site, which this one cannot read."),
    "tampered": N_("It was changed or damaged after it was saved."),
    "illegal-move": N_("One of its moves breaks the rules."),
    "result-mismatch": N_("Its result does not match its moves."),
    "bad-record": N_("It is incomplete."),
    "bad-rules": N_("Its rules are not ones this game knows."),
    "bad-seed": N_("Its deal number is not one this game can deal from."),
    "bad-start": N_("The round it starts in does not fit its scores."),
    "outside-limits": N_("It was played with settings this page does not offer."),
}
UNKNOWN_LOAD_ERROR = N_("It could not be read.")  # a code this table does not know yet: said, not silent

def refusal(answer: dict) -> dict:
    """A move's answer with the sentence for its refusal (``say``), if it was refused."""
    if answer.get("result") in ("illegal", "invalid"):
        params = answer.get("message_params") or answer.get("params") or {}
        return {**answer, "say": said(REFUSALS.get(answer.get("code"), REFUSALS["unknown-move"]), **params)}
    return answer


def load_error(code: str) -> dict:
    return said(LOAD_ERRORS.get(code, UNKNOWN_LOAD_ERROR))
