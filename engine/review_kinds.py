"""Why the best move beat the move played: one kind code per costly decision, its English label (a msgid of the
``ui`` catalog, for the review's summary), the rules or strategy section it comes from (``page#anchor``, an
anchor of ``docs/<page>.md``), and the hint-style reason for the best move.

The reason is the hint's own (``bridge/hint_reasons.explain``: same codes, same sentences), except where the
hint's sentence would not say what the difference was; those few have their own sentences here
(``REVIEW_REASONS``, ``{name}`` placeholders as the hints': ``tile`` a tile such as ``"6-4"``). Every fact
comes from the seat's own view, as the hint's do.
"""

from __future__ import annotations

from .moves import CATCH, DRAW, END, PASS, PLAY
from .options import CHICKEN_FOOT
from .catalog_marks import N_


STRATEGY = "strategy"

# kind code -> (English label, page#anchor for Chicken Foot, page#anchor for Mexican Train)
KINDS = {
    "missed-catch": (N_("A catch missed"), "chicken-foot#cf-chicken-little", "chicken-foot#cf-chicken-little"),
    "forgot-announce": (N_("“Chicken little” not said"), "chicken-foot#cf-chicken-little",
                        "chicken-foot#cf-chicken-little"),
    "passed-needlessly": (N_("Passed with a tile that played"), "chicken-foot#cf-drawing",
                          "mexican-train#mt-drawing"),
    "drew-needlessly": (N_("Drew with a tile that played"), "chicken-foot#cf-drawing", "mexican-train#mt-drawing"),
    "stopped-early": (N_("First turn ended too soon"), "mexican-train#mt-first-turn", "mexican-train#mt-first-turn"),
    "double-blank-kept": (N_("The double blank kept"), "strategy#double-blank-early", "strategy#double-blank-early"),
    "double-not-played": (N_("No double against a last tile"), "strategy#double-against-last-tile",
                          "strategy#double-against-last-tile"),
    "dead-foot": (N_("A double whose foot cannot be finished"), "strategy#count-before-a-double",
                  "strategy#count-before-a-double"),
    "gave-up-answer": (N_("An answer to a double given away"), "strategy#keep-an-answer",
                       "strategy#keep-an-answer"),
    "risky-double": (N_("A double laid too soon"), "strategy#doubles-are-a-risk", "mexican-train#mt-doubles"),
    "wrong-end": (N_("A tile laid on the wrong end"), "chicken-foot#cf-matching", "mexican-train#mt-trains"),
    "kept-heavy": (N_("Heavy tiles kept"), "strategy#heavy-tiles-early", "strategy#heavy-tiles-early"),
    "other": (N_("Other choices"), "strategy#strategy", "strategy#strategy"),
}

REVIEW_REASONS = {
    "better-end": N_("{tile} was the right tile, on another end: played out many times, with guesses at the "
                     "tiles you cannot see, that end left you fewer points."),
    "announce": N_("Say “chicken little” as you lay {tile}: if you do not, the next player may catch you, and "
                   "you draw a tile."),
    "play-not-pass": N_("{tile} plays: lay it rather than keep it, and its points leave your hand."),
    "heavier": N_("{tile} is heavier than {kept}: lay {tile} and keep {kept}, since every tile left in your "
                  "hand counts its points against you."),
}
# hint reasons that say why a move is allowed or forced, not why it beats another: the review says more
NOT_A_CONTRAST = frozenset({"toe", "only-tile", "go-out", "first-train", "search-best"})


def rule_of(kind: str, game: str) -> str:
    label, cf, mt = KINDS[kind]
    return cf if game == CHICKEN_FOOT else mt


def classify(view, played, best, hint_reason: str) -> str:
    """The kind of the difference between ``played`` and ``best`` (moves of ``view``), the first that is true,
    from the most particular; ``hint_reason`` is the hint's reason code for ``best``."""
    if best.kind == CATCH:
        return "missed-catch"
    if best.kind == PLAY and played.kind != PLAY:
        return {PASS: "passed-needlessly", DRAW: "drew-needlessly", END: "stopped-early"}.get(played.kind, "other")
    if best.kind != PLAY or played.kind != PLAY:
        return "other"
    if best.tile == played.tile:
        return "forgot-announce" if best.end == played.end and best.announce else "wrong-end"
    if best.tile.is_double and best.tile.high == 0 and view.tile_value(best.tile) > 0:
        return "double-blank-kept"
    if hint_reason == "double-against-last-tile":
        return "double-not-played"
    if played.tile.is_double and hint_reason == "avoid-dead-foot":
        return "dead-foot"
    if hint_reason == "keep-answer":
        return "gave-up-answer"
    if played.tile.is_double and not best.tile.is_double:
        return "risky-double"
    if view.tile_value(best.tile) > view.tile_value(played.tile):
        return "kept-heavy"
    return "other"


def reason_for(kind: str, view, played, best, hint_reason: str, hint_params: dict) -> dict:
    """The reason shown for ``best``: the hint's, or the review's own where the hint's would miss the point."""
    tile = str(best.tile) if best.tile is not None else None
    if kind == "double-blank-kept":
        points = view.tile_value(best.tile)
        return {"code": "double-blank", "params": {"tile": tile, "pips": points, "points": points}}
    if kind == "wrong-end" and hint_reason not in ("leave-void", "lift-marker"):
        return {"code": "better-end", "params": {"tile": tile}}
    if kind == "forgot-announce":
        return {"code": "announce", "params": {"tile": tile}}
    if kind == "passed-needlessly":
        return {"code": "play-not-pass", "params": {"tile": tile, "pips": view.tile_value(best.tile)}}
    if kind == "kept-heavy" and hint_reason != "double-blank":
        return {"code": "heavier", "params": {"tile": tile, "pips": view.tile_value(best.tile),
                                              "kept": str(played.tile)}}
    if hint_reason in NOT_A_CONTRAST:
        return {"code": "search-best", "params": {}}
    return {"code": hint_reason, "params": hint_params}
