"""The score sheet of a game played with real tiles: players, rules, and what each hand held at each round's
end. The score keeper (the site's ``data-app="scores"``) sends it here through the browser bridge; every
number it shows comes from these functions, which score with ``scoring.py``, the game's own code.

A sheet is plain JSON::

    {"format": "domino-score-sheet", "version": 1,
     "rules": {"game": "chicken-foot", "ruleset": "kelley", "options": {"double_blank": 25}},
     "players": ["Ana", "Ben", "Chloé"],
     "rounds": [{"hands": [12, ["6-4", "3-1"], 0], "out": 2, "on_double": false}]}

Each round lists, seat by seat, what was left in hand: a number of pips (an integer, or the text a person
typed) or the tiles themselves (``"6-4"`` or ``[6, 4]``), counted here with the double-blank at its rule
value. ``out`` is the seat that went out (None when the round was blocked); ``on_double`` says they went out
on a double (Kelley's penalty, where the rules charge it). An exported sheet carries a ``sha256`` of the
rest, like a game record, so a file changed by hand is refused.

Everything wrong is a ``SheetError`` with a stable ``code`` and ``params`` (round and seat, 1-based where a
person reads them) for the page to translate.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Optional

from . import readers, scoring
from .errors import ConfigError, RecordError
from .options import Rules
from .records import content_hash
from .tiles import DOUBLE_INDEX, Tile, set_count

SHEET_FORMAT = readers.SHEET.format
SHEET_VERSION = readers.SHEET.version
MAX_PLAYERS = 14  # 004's largest table; no Chicken Foot source names more
MAX_NAME = 40
MAX_FILE_CHARS = readers.SHEET.max_chars  # a 13-round, 14-player sheet of tiles is about 60 kB
MAX_TYPED = 20  # characters of a typed hand value ("12", " 7 ")
MAX_TILES = set_count(18)  # no hand holds more tiles than the largest set
ROUND_FIELDS = frozenset({"hands", "out", "on_double"})
_DIGITS = re.compile(r"\d{1,6}")
_SIGNED = re.compile(r"[-−]\s*\d+")


class SheetError(RecordError):
    """A sheet, a round or a file that cannot be scored; ``code`` and ``params`` say what and where."""


class RoundCheck(NamedTuple):
    """A round as entered: each seat's hand value (None where nothing is entered yet), the problems found
    (dicts of code and params), the round's starting double and the most the hands can hold together."""

    values: tuple
    problems: tuple
    double: int
    most: int

    @property
    def complete(self) -> bool:
        return not self.problems and all(value is not None for value in self.values)


class Sheet:
    """A checked sheet: its rules, player names and rounds (as given)."""

    def __init__(self, rules: Rules, players: list[str], rounds: list[dict]) -> None:
        self.rules = rules
        self.players = players
        self.rounds = rounds
        self.max_pip = rules.max_pip(len(players))
        self.penalty = rules.values.get("ending_on_double_penalty", 0)

    @classmethod
    def from_dict(cls, data: Any) -> "Sheet":
        """A sheet as the page keeps it (or a file's, already read by ``import_sheet``): read by
        ``readers.read_sheet``, then its rules, players and the shape of every round."""
        try:
            data = readers.read_sheet(data, SheetError)
        except SheetError as error:
            if error.code == "not-an-object":
                raise SheetError("a score sheet is a JSON object", "bad-sheet") from None
            raise
        rules = _rules(data.get("rules"))
        players = _players(data.get("players"), rules)
        rounds = data.get("rounds", [])
        if not isinstance(rounds, list) or len(rounds) > MAX_ROUNDS:
            raise SheetError(f"rounds must be a list of at most {MAX_ROUNDS}", "bad-sheet", field="rounds")
        for index, entry in enumerate(rounds):
            _check_stored_round(entry, index, len(players))
        return cls(rules, players, rounds)

    def to_dict(self) -> dict:
        return {"format": SHEET_FORMAT, "version": SHEET_VERSION,
                "rules": {"game": self.rules.game, "ruleset": self.rules.ruleset, "options": self.rules.overrides()},
                "players": list(self.players), "rounds": list(self.rounds)}

    def check_round(self, index: int, entry: Any) -> RoundCheck:
        """Round ``index`` (0-based) as entered, every problem listed rather than the first only, so the page
        can point at each field; missing hands are not problems here (the round is just not complete)."""
        double = scoring.round_double(self.max_pip, index)
        double_blank = self.rules["double_blank"]
        most = scoring.most_left_in_hands(self.max_pip, double_blank, double)
        n = len(self.players)
        if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list) or len(entry["hands"]) != n:
            raise SheetError(f"round {index + 1} must give one hand for each of the {n} players", "bad-round",
                             round=index + 1)
        problems: list[dict] = []
        values: list[Optional[int]] = []
        seen: dict[int, int] = {}
        for seat, hand in enumerate(entry["hands"]):
            value, problem = _hand_value(hand, self.max_pip, double, double_blank, seen, seat)
            if problem is None and value is not None and value > most:
                problem = ("too-many-pips", {"most": most})
            if problem is not None:
                code, params = problem
                problems.append({"code": code, "seat": seat + 1, **params})
                value = None
            values.append(value)
        out, on_double = entry.get("out"), entry.get("on_double", False)
        if out is not None and (isinstance(out, bool) or not isinstance(out, int) or not 0 <= out < n):
            raise SheetError(f"round {index + 1}: who went out must be a seat from 0 to {n - 1}", "bad-round",
                             round=index + 1)
        if not isinstance(on_double, bool) or (on_double and out is None):
            raise SheetError(f"round {index + 1}: only the player who went out can go out on a double",
                             "bad-round", round=index + 1)
        if out is not None and values[out]:
            problems.append({"code": "out-has-tiles", "seat": out + 1})
        if not problems and all(value is not None for value in values) and sum(values) > most:
            problems.append({"code": "round-too-big", "total": sum(values), "most": most})
        return RoundCheck(tuple(values), tuple(problems), double, most)

    def score(self) -> dict:
        """Every round's scores, the totals, who leads, and whether and how the match is over."""
        round_scores: list[tuple] = []
        rounds = []
        totals = [0] * len(self.players)
        end = None
        for index, entry in enumerate(self.rounds):
            if end is not None:
                raise SheetError(f"the match ended after round {index}; round {index + 1} cannot count",
                                 "after-the-end", round=index + 1, last=index)
            check = self.check_round(index, entry)
            if check.problems:
                problem = check.problems[0]
                raise SheetError(f"round {index + 1}: {problem['code']}", problem["code"], round=index + 1,
                                 **{k: v for k, v in problem.items() if k != "code"})
            if not check.complete:
                raise SheetError(f"round {index + 1} is not complete", "round-incomplete", round=index + 1)
            scores = scoring.round_scores(check.values, entry.get("out"), entry.get("on_double", False),
                                          self.penalty)
            round_scores.append(scores)
            totals = [total + score for total, score in zip(totals, scores)]
            rounds.append({"double": check.double, "values": list(check.values), "scores": list(scores),
                           "out": entry.get("out"), "on_double": bool(entry.get("on_double", False))})
            end = scoring.match_end(self.rules, self.max_pip, len(round_scores), totals)
        leaders, decided_by = scoring.rank_winners(totals, round_scores, self.rules["tie_breaks"])
        planned = scoring.rounds_planned(self.rules, self.max_pip)
        next_round = None
        if end is None:
            double = scoring.round_double(self.max_pip, len(rounds))
            next_round = {"index": len(rounds), "double": double,
                          "most": scoring.most_left_in_hands(self.max_pip, self.rules["double_blank"], double)}
        return {
            "rules": self.rules.to_dict(), "overrides": self.rules.overrides(), "max_pip": self.max_pip,
            "tiles": set_count(self.max_pip), "penalty": self.penalty, "double_blank": self.rules["double_blank"],
            "rounds_planned": planned,
            "target_total": self.rules["target_total"] if planned is None else None,
            "rounds": rounds, "totals": totals,
            "leaders": list(leaders) if rounds else [], "decided_by": decided_by if rounds else None,
            "over": end is not None, "reason": end, "winners": list(leaders) if end is not None else None,
            "next_round": next_round,
        }


MAX_ROUNDS = readers.MAX_ROUNDS


def _check_stored_round(entry: Any, index: int, players: int) -> None:
    """A kept round's shape (what a person enters is checked by ``check_round``, problem by problem): one
    hand per player, each nothing, a number, short text or a list of tiles; who went out; on a double.
    Anything else is ``damaged-round``: the sheet was damaged, not mistyped."""
    def damaged(why: str) -> SheetError:
        return SheetError(f"round {index + 1} is damaged: {why}", "damaged-round", round=index + 1)

    if not isinstance(entry, dict):
        raise damaged("a round is an object")
    if set(entry) - ROUND_FIELDS:
        raise damaged(f"no field {sorted(set(entry) - ROUND_FIELDS)[0][:20]!r}")
    hands = entry.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise damaged(f"it must list one hand for each of the {players} players")
    for hand in hands:
        if hand is None or isinstance(hand, bool) or isinstance(hand, int):
            continue
        if isinstance(hand, str) and len(hand) <= MAX_TYPED:
            continue
        if isinstance(hand, list) and len(hand) <= MAX_TILES and all(_tile_like(item) for item in hand):
            continue
        raise damaged("a hand is a number, short text or a list of tiles")
    out = entry.get("out")
    if out is not None and (isinstance(out, bool) or not isinstance(out, int) or not 0 <= out < players):
        raise damaged(f"who went out must be a seat from 0 to {players - 1}")
    if not isinstance(entry.get("on_double", False), bool):
        raise damaged("on_double is true or false")


def _tile_like(item: Any) -> bool:
    """A tile as a sheet writes it, before it is checked against the set: short text or two whole numbers."""
    if isinstance(item, str):
        return len(item) <= 8
    return (isinstance(item, list) and len(item) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 99 for n in item))


def _rules(data: Any) -> Rules:
    return readers.read_rules(data, SheetError)


def _players(names: Any, rules: Rules) -> list[str]:
    if not isinstance(names, list) or not 2 <= len(names) <= MAX_PLAYERS:
        raise SheetError(f"a sheet has from 2 to {MAX_PLAYERS} players", "bad-players", most=MAX_PLAYERS)
    cleaned = []
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise SheetError(f"player {seat + 1} has no name", "name-missing", seat=seat + 1)
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise SheetError(f"player {seat + 1}'s name is longer than {MAX_NAME} characters", "name-too-long",
                             seat=seat + 1, most=MAX_NAME)
        if name.casefold() in (other.casefold() for other in cleaned):
            raise SheetError(f"two players are called {name!r}", "same-name", seat=seat + 1)
        cleaned.append(name)
    try:
        rules.validate(len(cleaned))
    except ConfigError as error:
        raise SheetError(str(error), error.code, **error.params) from None
    return cleaned


def _hand_value(hand: Any, max_pip: int, double: int, double_blank: int, seen: dict, seat: int):
    """(value or None, problem or None) for one seat's entry: typed pips or a list of tiles."""
    if hand is None or (isinstance(hand, str) and not hand.strip()):
        return None, None
    if isinstance(hand, bool):
        return None, ("not-a-number", {})
    if isinstance(hand, int):
        return (hand, None) if hand >= 0 else (None, ("negative-pips", {}))
    if isinstance(hand, str):
        text = hand.strip()
        if _DIGITS.fullmatch(text):
            return int(text), None
        if _SIGNED.fullmatch(text):
            return None, ("negative-pips", {})
        return None, ("too-many-pips" if text.isdigit() else "not-a-number", {})
    if not isinstance(hand, list):
        return None, ("not-a-number", {})
    indices = []
    for item in hand:
        try:
            tile = Tile.coerce(item)
        except (ValueError, TypeError):
            return None, ("bad-tile", {"tile": str(item)[:20]})
        if tile.high > max_pip:
            return None, ("tile-not-in-set", {"tile": str(tile), "set_size": max_pip})
        if tile.index == DOUBLE_INDEX[double]:
            return None, ("starting-double", {"tile": str(tile)})
        if tile.index in seen:
            return None, ("tile-twice", {"tile": str(tile), "other": seen[tile.index] + 1})
        seen[tile.index] = seat
        indices.append(tile.index)
    return scoring.hand_value(indices, double_blank), None


# --- files ----------------------------------------------------------------------------------------------


def export_sheet(sheet: Sheet) -> dict:
    """The sheet as a file: the checked sheet plus a sha256 of its canonical JSON."""
    data = sheet.to_dict()
    data["sha256"] = content_hash(data)
    return data


def import_sheet(text: str) -> Sheet:
    """A sheet from an exported file's text; a file of another kind or version, or changed by hand, is
    refused. The sheet is then checked like any other (``Sheet.from_dict`` and ``score``)."""
    try:
        data = readers.read_sheet(text if isinstance(text, (str, bytes)) else None, SheetError, file=True)
    except SheetError as error:
        if error.code == "not-an-object":  # JSON, but not a sheet's
            raise SheetError("this file is not a score sheet", "not-a-sheet") from None
        raise
    sheet = Sheet.from_dict(data)
    sheet.score()
    return sheet
