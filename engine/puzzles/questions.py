"""A catalog entry's position, and its question worked out from the seat's view: choices, answer, words.

Every kind but ``best-move`` is answered here from what the seat has seen (its hand, the table, the draws and
passes the table saw); a best-move puzzle's choices and answer are the finder's, re-checked by the strong
search in ``verify.py`` (too slow for every site build). ``pose(entry)`` returns a ``Posed`` puzzle: the
view to draw, the choices with the correct ones marked, and the question and explanation as texts
(``texts.py``) the build translates.
"""

from __future__ import annotations

from typing import NamedTuple

from ..bridge.hint_reasons import explain
from ..match import Match
from ..moves import PLAY, Move
from ..options import CHICKEN_FOOT, Rules
from ..tiles import DOUBLE_INDEX, NUMBER_MASK, TILE_BIT, TILE_INDEX, TILES, Tile, iter_bits
from . import texts
from .themes import REASON_THEMES

KINDS = ("best-move", "foot", "out", "holds")
TOES_NEEDED = 3  # a new chicken foot waits for three toes (chicken_foot.TOES)


class PuzzleError(ValueError):
    """A catalog entry that does not describe a puzzle the engine agrees with."""


class Choice(NamedTuple):
    id: str
    value: str  # a move text, a tile, a seat number, "boneyard", "yes" or "no"
    label: tuple  # a text (texts.py)
    correct: bool


class Posed(NamedTuple):
    entry: dict
    match: Match
    view: object  # the seat's PlayerView
    select: str  # "one" or "many"
    question: list  # texts, shown in order
    choices: list
    explanation: list  # texts


def position(entry: dict) -> Match:
    """The match at the entry's position: round ``round`` dealt from ``seed``, then ``moves`` played."""
    rules = Rules(entry["game"], entry["rules"])
    players, round_index = entry["players"], entry.get("round", 0)
    match = Match(rules, players, entry["seed"], round_index=round_index,
                  round_scores=[[0] * players] * round_index)
    for text in entry["moves"].split():
        match.push(text)
    if match.hand.outcome is not None or match.round_index != round_index:
        raise PuzzleError(f"{entry['id']}: the moves end the round")
    return match


def seen_mask(view) -> int:
    seen = view.hand_mask
    for tile in view.played_tiles():
        seen |= TILE_BIT[TILE_INDEX[tile]]
    return seen


def table_mask(view) -> int:
    return seen_mask(view) & ~view.hand_mask


def tiles_text(mask: int) -> list[str]:
    return [str(TILES[i]) for i in iter_bits(mask)]


def pose(entry: dict) -> Posed:
    match = position(entry)
    view = match.view(match.turn)
    kind = entry["kind"]
    if kind not in KINDS:
        raise PuzzleError(f"{entry['id']}: no question kind {kind!r}")
    return globals()["_" + kind.replace("-", "_")](entry, match, view)


def _letters(values: list[tuple]) -> list[Choice]:
    return [Choice("abcdefghijklmnopqrstuvwxyz"[k], value, label, correct)
            for k, (value, label, correct) in enumerate(values)]


# --- which play costs the fewest points -------------------------------------------------------------------

def _best_move(entry: dict, match: Match, view) -> Posed:
    legal = {str(m): m for m in view.legal_moves()}
    values = []
    for text in entry["choices"]:
        move = legal.get(text)
        if move is None or move.kind != PLAY:
            raise PuzzleError(f"{entry['id']}: {text} is not a play the seat may make")
        values.append((text, (texts.PLAY_ON, {"tile": f"[{move.tile}]", "end": ("end", move.end)}),
                       text == entry["answer"]))
    if sum(correct for *_, correct in values) != 1:
        raise PuzzleError(f"{entry['id']}: the answer {entry['answer']} is not one of the choices")
    answer = legal[entry["answer"]]
    code, params = explain(view, view.legal_moves(), answer)
    if REASON_THEMES.get(code) != entry["theme"]:
        raise PuzzleError(f"{entry['id']}: the move's reason is {code}, not the theme {entry['theme']}")
    explanation = [(texts.REASON_TEXTS[code], reason_params(params)),
                   (texts.SEARCH_MARGIN, {"guesses": entry["guesses"], "points": entry["margin"]})]
    return Posed(entry, match, view, "one", [(texts.BEST_MOVE, {})], _letters(values), explanation)


def reason_params(params: dict) -> dict:
    """A hint reason's values as texts take them (see texts.py)."""
    out = {}
    for name, value in params.items():
        if name in ("tile", "kept"):
            out[name] = f"[{value}]"
        elif name == "number":
            out[name] = ("number", value)
        elif name == "player":
            out[name] = ("player", value)
        else:
            out[name] = value
    return out


# --- can this foot still be finished (Chicken Foot) --------------------------------------------------------

def foot_counts(entry: dict, match: Match, view) -> tuple[int, int, int]:
    """(number, tiles with it not on the table and not the double, toes still to fill), from the seat's view."""
    if view.game != CHICKEN_FOOT:
        raise PuzzleError(f"{entry['id']}: feet are a Chicken Foot question")
    hand = match.hand
    if entry.get("double"):
        double = Tile.parse(entry["double"])
        if not double.is_double or not view.hand_mask & TILE_BIT[TILE_INDEX[double]] or hand.pending:
            raise PuzzleError(f"{entry['id']}: {double} is not a double the seat can lay now")
        number, needed, also = double.high, TOES_NEEDED, TILE_BIT[TILE_INDEX[double]]
    else:
        if not hand.pending or hand.pending_line is None:
            raise PuzzleError(f"{entry['id']}: no chicken foot waits for its toes")
        number, needed, also = hand.pending_number, len(hand.pending), 0
    if view.public_position()["set_aside_size"]:
        raise PuzzleError(f"{entry['id']}: tiles set aside hide how many are left")
    left = bin(NUMBER_MASK[number] & view.set_mask & ~table_mask(view) & ~also).count("1")
    return number, left, needed


def _foot(entry: dict, match: Match, view) -> Posed:
    number, left, needed = foot_counts(entry, match, view)
    can = left >= needed
    if entry.get("double"):
        question = (texts.FOOT_IF_LAID, {"tile": f"[{entry['double']}]"})
    else:
        question = (texts.FOOT_WAITING, {"number": ("number", number)})
    choices = _letters([("yes", (texts.FOOT_YES, {}), can), ("no", (texts.FOOT_NO, {}), not can)])
    explanation = [(texts.FOOT_COUNT, {"number": ("number", number), "left": left, "needed": needed}),
                   (texts.FOOT_CAN if can else texts.FOOT_CANNOT, {})]
    return Posed(entry, match, view, "one", [question], choices, explanation)


# --- which tiles of a number are still out -----------------------------------------------------------------

def out_masks(entry: dict, view) -> tuple[int, int, int]:
    """(the number's tiles on the table, in the seat's hand, still out), from the seat's view."""
    number_tiles = NUMBER_MASK[entry["number"]] & view.set_mask
    if not number_tiles:
        raise PuzzleError(f"{entry['id']}: no tile with a {entry['number']} in this set")
    on_table = number_tiles & table_mask(view)
    in_hand = number_tiles & view.hand_mask
    return on_table, in_hand, number_tiles & ~on_table & ~in_hand


def _out(entry: dict, match: Match, view) -> Posed:
    number = entry["number"]
    on_table, in_hand, out = out_masks(entry, view)
    if not on_table or not in_hand:
        raise PuzzleError(f"{entry['id']}: the puzzle needs tiles with a {number} both on the table and in hand")
    values = [(str(TILES[i]), ("{tile}", {"tile": f"[{TILES[i]}]"}), bool(out & TILE_BIT[i]))
              for i in iter_bits(NUMBER_MASK[number] & view.set_mask)]
    count = bin(out).count("1")
    explanation = [(texts.OUT_SEEN, {"table": ("tiles", tiles_text(on_table)), "hand": ("tiles", tiles_text(in_hand))}),
                   (texts.OUT_COUNT, {"count": count, "number": ("number", number)})]
    return Posed(entry, match, view, "many", [(texts.OUT_QUESTION, {"number": ("number", number)})],
                 _letters(values), explanation)


# --- who can still hold a double ---------------------------------------------------------------------------

def holders(entry: dict, view) -> tuple[dict, dict]:
    """({seat: whether it may hold the double}, {seat: "passed" or "drew"}), from the seat's view.

    What the table saw (``knowledge.py``): a seat that passed when the double's number could be played holds
    none of its tiles (until it draws again); a seat that drew then had none, but the drawn tile may be the
    double. The second dict gives, per seat, the last such sight of it; a position where the last sight does
    not say which (a pass followed by draws) is refused.
    """
    number = entry["number"]
    bit = TILE_BIT[DOUBLE_INDEX[number]]
    if seen_mask(view) & bit or not view.set_mask & bit:
        raise PuzzleError(f"{entry['id']}: the seat sees the double {number}, or it is not in the set")
    knowledge = view.knowledge()
    may, sight = {}, {}
    for seat in range(view.players):
        if seat == view.seat:
            continue
        may[seat] = bool(knowledge.allowed_mask(seat) & bit)
        last = next((kind for s, kind, tiles in reversed(knowledge.observations) if s == seat and tiles & bit), None)
        if last is None:
            if not may[seat]:
                raise PuzzleError(f"{entry['id']}: seat {seat} is ruled out by nothing the question can say")
            continue
        if (last == "passed") == may[seat]:
            raise PuzzleError(f"{entry['id']}: seat {seat}'s last {last} does not say whether it holds the double")
        sight[seat] = last
    return may, sight


def _holds(entry: dict, match: Match, view) -> Posed:
    number = entry["number"]
    tile = f"[{number}-{number}]"
    may, sight = holders(entry, view)
    if view.public_position()["set_aside_size"]:
        raise PuzzleError(f"{entry['id']}: tiles set aside could hold the double too")
    values = [(str(seat), ("{player}", {"player": ("player", seat)}), may[seat]) for seat in sorted(may)]
    if view.boneyard_size:
        values.append(("boneyard", (texts.HOLDS_BONEYARD, {}), True))
    order = sorted(sight, key=lambda seat: (seat - view.seat) % view.players)
    facts = [(texts.HOLDS_PASSED if sight[seat] == "passed" else texts.HOLDS_DREW,
              {"player": ("player", seat), "number": ("number", number)}) for seat in order]
    explanation = [(texts.HOLDS_RULED_OUT if sight[seat] == "passed" else texts.HOLDS_DREW_SINCE,
                    {"player": ("player", seat), "tile": tile, "number": ("number", number)}) for seat in order]
    explanation.append((texts.HOLDS_OTHERS, {"tile": tile}))
    return Posed(entry, match, view, "many", facts + [(texts.HOLDS_QUESTION, {"tile": tile})], _letters(values),
                 explanation)


def move_of(text: str) -> Move:
    return Move.parse(text)
