"""The shape of a tutorial lesson (``Lesson``, ``Steer``), the markers of its words for the ``ui`` catalog
(``N_``, ``Nn_``) and the helpers that write its position and goal; ``lessons.py`` says what each field means.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ..catalog_marks import N_
from ..fielded import FrozenFielded, fresh
from ..moves import Move


class Plural(FrozenFielded):
    """A sentence that counts: gettext's singular and plural msgids, and the ``numbers`` key of the count."""

    msgid: str
    plural: str
    count: str

    def to_dict(self) -> dict:
        return {"msgid": self.msgid, "plural": self.plural, "count": self.count}


def Nn_(singular: str, plural: str, count: str) -> Plural:  # noqa: N802 - the extraction keyword, like N_
    """Marks a plural entry for the ``ui`` catalog (Babel reads the first two arguments)."""
    return Plural(singular, plural, count)


Text = str | Plural


def text_data(text: Text | tuple[Text, ...]):
    """A text as the browser's ``t()`` takes it: a msgid, a plural entry, or a list of sentences."""
    if isinstance(text, tuple):
        return [text_data(sentence) for sentence in text]
    return text.to_dict() if isinstance(text, Plural) else text


class Steer(NamedTuple):  # a NamedTuple, not a frozen dataclass: see engine/placement.py
    """A legal move the lesson refuses because it misses the lesson's point, with the rule that explains why."""

    moves: tuple[str, ...]
    message: Text
    rule_id: str

    def matches(self, move: Move) -> bool:
        return str(move) in self.moves

    def to_dict(self) -> dict:
        return {"moves": list(self.moves), "message": text_data(self.message), "rule_id": self.rule_id}


class Lesson(FrozenFielded):
    """One lesson: its words (msgids), the scenario it starts from, its goal and the moves that reach it."""

    id: str
    game: str
    title: str
    intro: tuple[Text | tuple[Text, ...], ...]
    task: Text
    hints: tuple[Text, ...]
    success: Text
    rules: tuple[str, ...]  # the rules taught, the main one first
    scenario: dict
    goal: tuple[dict, ...]
    solution: tuple[str, ...]
    steer: tuple[Steer, ...] = ()
    numbers: dict = fresh(dict)
    terms: tuple[str, ...] = ()  # glossary anchors of the terms this lesson introduces
    group: Optional[str] = None  # the lesson map's group: the game's rules lessons, unless named
    match: Optional[dict] = None  # {"round_scores": [[seat 0, seat 1], ...]} for a match's last round

    @property
    def map_group(self) -> str:
        return self.group or self.game

    def to_dict(self) -> dict:
        return {"id": self.id, "game": self.game, "group": self.map_group, "title": self.title, "intro": [text_data(p) for p in self.intro],
                "task": text_data(self.task), "hints": [text_data(h) for h in self.hints],
                "success": text_data(self.success), "rules": list(self.rules),
                "numbers": dict(self.numbers), "steer": [s.to_dict() for s in self.steer]}


def chicken_foot(hands, lines, boneyard=(), turn=0, round_index=0, root="9-9", full_boneyard=False) -> dict:
    """A two-player Chicken Foot position (basic rules, double-nine). Tiles not named are out of play,
    unless ``full_boneyard``: then they are the boneyard, shuffled."""
    data = {"format": "domino-scenario", "version": 1, "game": "chicken-foot", "ruleset": "basic",
            "players": len(hands), "round": round_index, "root": root, "hands": [list(h) for h in hands],
            "lines": [{"id": line_id, "tiles": [list(t) for t in tiles]} for line_id, tiles in lines],
            "turn": turn, "seed": 5}
    if not full_boneyard:
        data["boneyard"] = list(boneyard)
        data["set_aside"] = "rest"
    return data


def mexican_train(hands, trains, boneyard=(), marked=(), first_turn=False, open_doubles=()) -> dict:
    """A two-player Mexican Train position with a double-six set (004's small game)."""
    lines = [{"id": line_id, "tiles": [list(t) for t in tiles], "marker": line_id in marked}
             for line_id, tiles in trains]
    data = {"format": "domino-scenario", "version": 1, "game": "mexican-train", "ruleset": "double-six",
            "players": len(hands), "root": "6-6", "hands": [list(h) for h in hands], "lines": lines, "turn": 0,
            "first_turn": [first_turn] * len(hands), "boneyard": list(boneyard), "set_aside": "rest"}
    if open_doubles:
        data["open_doubles"] = list(open_doubles)
    return data


def played(count=1, end=None, kind="tile_played", by=None) -> dict:
    condition = {"type": "event", "kind": kind, "count": count}
    if end is not None:
        condition["end"] = end
    if by is not None:
        condition["by"] = by
    return condition
