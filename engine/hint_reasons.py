"""Why a hinted move is good, in words a learner can use: a reason code, its English sentence and its values.

``explain`` looks at the move the strongest level chose and at the alternatives it passed over, and names the
first of these that is true of the position, from the most particular to the most general. Every fact it
states comes from the player's own view (their hand, the table, the hand sizes, and what the table saw
others draw or pass on), never from hidden tiles.

``REASONS`` maps each code to its English sentence, a msgid of the ``ui`` catalog: the page shows
``t(REASONS[code], values)``, with the values named as follows (the page turns them into words):

- ``tile``, ``kept``: a tile as ``"6-4"`` (the tile to play; a tile to keep in hand);
- ``number``: a number of pips, 0 to 18;
- ``points``: a whole number of points (``pips``, the played tile's value, comes with every play too);
- ``player``: a player's seat (the page says "Computer 2", "You", or the player's name).
"""

from __future__ import annotations

from typing import Optional

from .moves import CATCH, DRAW, END, PASS, PLAY, Move
from .tiles import NUMBER_MASK, TILE_BIT, TILE_INDEX, Tile
from .catalog_marks import N_


REASONS = {
    # one move only, or what the rules ask for
    "catch": N_("The previous player has one tile left and did not say “chicken little”: catch them."),
    "draw": N_("No tile in your hand plays: draw one from the boneyard."),
    "pass": N_("Nothing plays and there is nothing to draw: pass."),
    "pass-after-draw": N_("The tile you drew does not play: pass."),
    "end-first-turn": N_("Your first train is laid: end your turn."),
    "go-out": N_("{tile} is your last tile: lay it and you go out."),
    "toe": N_("The double {number} waits for its tiles, and {tile} is one of them."),
    "only-tile": N_("{tile} is the only tile you can play."),
    "first-train": N_("{tile} lengthens your own train: in your first turn, lay every tile you can chain."),
    # a choice among several moves
    "double-blank": N_("Play the double-blank early: if the round ends with it in your hand, it counts against "
                       "you. Points: {points}."),
    "double-against-last-tile": N_("An opponent has one tile left: a double forces them to answer it or draw."),
    "avoid-dead-foot": N_("Not the double {number} yet: too few tiles with a {number} are left to finish its "
                          "foot, and an unfinished foot stops all other play."),
    "keep-answer": N_("Keep {kept}: it is your only tile with a {number}, and the double {number} is still to "
                      "come. When it is laid, you will need that tile."),
    "leave-void": N_("This leaves a {number} open, and {player} has shown they hold no {number}: they drew or "
                     "passed when one was open."),
    "lift-marker": N_("Play on your own train: that takes your marker off, so the others can no longer use "
                      "your train."),
    "double-with-follow": N_("Lay the double {number}: you hold another tile with a {number} to help finish "
                             "its foot."),
    "double-plays-again": N_("After a double you lay another tile, so {tile} gets rid of two tiles in one turn."),
    "heaviest": N_("{tile} is your heaviest playable tile, the one that would cost you most if the round "
                   "ended now."),
    "search-best": N_("Played out many times, with guesses at the tiles you cannot see, this move ended the "
                      "round best for you."),
}


def explain(view, moves: list[Move], move: Move) -> tuple[str, dict]:
    """The reason code for playing ``move`` (one of ``moves``, the legal moves of ``view``) and its values."""
    plays = [m for m in moves if m.kind == PLAY]
    if move.kind == CATCH:
        return "catch", {}
    if move.kind == DRAW:
        return "draw", {}
    if move.kind == END:
        return ("end-first-turn" if not plays else "search-best"), {}
    if move.kind == PASS:
        if plays:
            return "search-best", {}
        return ("pass-after-draw" if view.boneyard_size else "pass"), {}
    tile = move.tile
    params = {"tile": str(tile), "pips": view.tile_value(tile)}
    mine = view.hand_mask
    if view.hand_sizes[view.seat] == 1:
        return "go-out", params
    pending = _pending_number(view)
    if pending is not None:
        return "toe", {**params, "number": pending}
    if len({m.tile for m in plays}) == 1:
        return "only-tile", params
    if view.game == "mexican-train" and view.to_dict()["phase"] == "first":
        return "first-train", params
    if tile.is_double and tile.high == 0 and view.tile_value(tile) > 0:
        return "double-blank", {**params, "points": view.tile_value(tile)}
    others_nearly_out = any(size == 1 for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    if tile.is_double and others_nearly_out:
        return "double-against-last-tile", params
    heaviest = max((m.tile for m in plays), key=view.tile_value)
    is_heaviest = view.tile_value(tile) >= view.tile_value(heaviest)
    if not is_heaviest:
        if view.game == "chicken-foot" and heaviest.is_double and not _foot_can_finish(view, heaviest):
            return "avoid-dead-foot", {**params, "number": heaviest.high}
        kept = _kept_answer(view, heaviest, tile)
        if kept is not None:
            return "keep-answer", {**params, "kept": str(heaviest), "number": kept}
        void = _void_seat(view, move)
        if void is not None:
            return "leave-void", {**params, "player": void[0], "number": void[1]}
    if view.game == "mexican-train" and move.end == f"t{view.seat}" and _own_train_marked(view):
        return "lift-marker", params
    if tile.is_double and view.game == "chicken-foot" and _foot_can_finish(view, tile) and \
            bin(NUMBER_MASK[tile.high] & mine).count("1") > 1:
        return "double-with-follow", {**params, "number": tile.high}
    if tile.is_double and view.game == "mexican-train":
        return "double-plays-again", params
    if is_heaviest:
        return "heaviest", params
    return "search-best", {}


def _pending_number(view) -> Optional[int]:
    """The number a Chicken Foot's pending toes or arms need, if any (public knowledge, in the view)."""
    if view.game != "chicken-foot":
        return None
    pending = view.to_dict()["pending_foot"]
    return pending["number"] if pending else None


def _seen_mask(view) -> int:
    seen = 0
    for tile in view.played_tiles():
        seen |= TILE_BIT[TILE_INDEX[tile]]
    return seen


def _foot_can_finish(view, double: Tile) -> bool:
    """Whether a foot on ``double`` could get its three toes: tiles with its number not on the table, other
    than the double itself (mine, or anywhere unseen), must be at least three."""
    number = double.high
    left = NUMBER_MASK[number] & view.set_mask & ~_seen_mask(view) & ~TILE_BIT[TILE_INDEX[double]]
    return bin(left).count("1") >= 3


def _kept_answer(view, kept: Tile, played: Tile) -> Optional[int]:
    """The number for which ``kept`` is the player's only tile while that number's double is still unseen."""
    mine = view.hand_mask
    seen = _seen_mask(view)
    for number in (kept.high, kept.low) if not kept.is_double else ():
        double_bit = TILE_BIT[TILE_INDEX[Tile(number, number)]]
        if number in (played.high, played.low) or seen & double_bit or mine & double_bit:
            continue
        if bin(NUMBER_MASK[number] & mine).count("1") == 1:
            return number
    return None


def _void_seat(view, move: Move) -> Optional[tuple[int, int]]:
    """An opponent the table saw hold none of the number ``move`` leaves open (the nearest after me)."""
    end = _new_end(view, move)
    if end is None:
        return None
    unseen = NUMBER_MASK[end] & view.set_mask & ~_seen_mask(view) & ~view.hand_mask
    if not unseen:
        return None  # every tile with that number is in sight: nobody needed to show anything
    knowledge = view.knowledge()
    for step in range(1, view.players):
        seat = (view.seat + step) % view.players
        if not unseen & knowledge.allowed_mask(seat) and view.hand_sizes[seat]:
            return seat, end
    return None


def _new_end(view, move: Move) -> Optional[int]:
    """The number ``move`` leaves showing at its end (None when it lays a Chicken Foot double)."""
    for line in view.layout_dict()["lines"]:
        if line["id"] == move.end:
            inner = line["tiles"][-1][1] if line["tiles"] else _start_number(view, line)
            tile = move.tile
            if tile.is_double and view.game == "chicken-foot" and line["tiles"]:
                return None
            return tile.low if tile.high == inner else tile.high
    return None


def _start_number(view, line: dict) -> int:
    """The number an empty line starts from: the root's, or its parent double's."""
    if line["parent"] is None:
        return view.root
    for parent in view.layout_dict()["lines"]:
        if parent["id"] == line["parent"]:
            return parent["tiles"][line["at"]][1]
    return view.root


def _own_train_marked(view) -> bool:
    for line in view.layout_dict()["lines"]:
        if line["id"] == f"t{view.seat}":
            return bool(line["marker"])
    return False
