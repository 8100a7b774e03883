"""The words of the puzzles, as msgids of the ui catalog (translated by the site build, never here).

A text is ``(msgid, params)``: the build fills each ``{name}`` in the reader's language. A param's value is
plain text that reads the same in every language (a tile written ``"[6-4]"``, which the page draws as a tile,
or a whole number) or a tagged pair the build puts into words: ``("number", 5)`` "five", ``("player", 2)`` the
seat as the reader calls it, ``("end", "n")`` the end of a line, ``("tiles", ["5-3", ...])`` a list of tiles.
"""

from __future__ import annotations

from ..bridge.hint_reasons import REASONS
from ..catalog_marks import N_


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - a counting text (singular, plural)
    return (singular, plural)


BEST_MOVE = N_("Which play costs you the fewest points?")
PLAY_ON = "{tile} on {end}"  # already in the catalog (docs/assets/demo/names.js)
SEARCH_MARGIN = Nn_("Played out from your view on {guesses} guesses at the hidden tiles, it beat every other "
                    "choice here by at least {points} point.",
                    "Played out from your view on {guesses} guesses at the hidden tiles, it beat every other "
                    "choice here by at least {points} points.")

FOOT_WAITING = N_("The double {number} waits for its toes. Can this foot still be finished?")
FOOT_IF_LAID = N_("If you lay {tile} now, can its foot still be finished?")
FOOT_YES = N_("Yes, it can be finished")
FOOT_NO = N_("No, it can never be finished")
FOOT_COUNT = N_("Tiles with a {number} not on the table yet: {left}. Toes still to fill: {needed}.")
FOOT_CAN = N_("Enough are left, so the foot can be finished.")
FOOT_CANNOT = N_("Too few are left, so the foot can never be finished.")

OUT_QUESTION = N_("Which tiles with a {number} are still out, neither on the table nor in your hand?")
OUT_SEEN = N_("On the table: {table}. In your hand: {hand}.")
OUT_COUNT = Nn_("So {count} tile with a {number} is still out.", "So {count} tiles with a {number} are still out.")

HOLDS_QUESTION = N_("Who can still hold {tile}?")
HOLDS_DREW = N_("{player} drew when a {number} could be played.")
HOLDS_PASSED = N_("{player} passed when a {number} could be played.")
HOLDS_BONEYARD = N_("The boneyard")
HOLDS_RULED_OUT = N_("A player who passes has no tile that could be played, so {player} cannot hold {tile}.")
HOLDS_DREW_SINCE = N_("{player} had no {number} then, but the tile drawn may be {tile}.")
HOLDS_OTHERS = N_("Nothing rules out the others: {tile} is neither on the table nor in your hand.")

REASON_TEXTS = REASONS  # a best-move puzzle's explanation starts with the hint's reason for the move
