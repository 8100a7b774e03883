"""Who sits where: people and computer players (each with its level), for one game on one device.

The page sends the seats as JSON, one entry per seat, in seat order::

    [{"kind": "human", "name": "Ana"}, {"kind": "computer", "level": "strong"}, {"kind": "human"}]

``name`` is optional (the page shows "Player 2" or the like without it, at most ``NAME_LENGTH`` characters);
``level`` is one of ``LEVELS`` (default ``careful``). At least one seat is a person. With one person this is
the familiar game against the computer; with two or more it is pass-and-play: between two people's turns the
session hides the hand until the next person says it is them (``GameSession.reveal``).

``LEVEL_TEXT`` holds each level's name and one-line description in English for the page to translate (they
are in the ``ui`` catalog).
"""

from __future__ import annotations

from typing import Any, Optional

from ..bots import BOTS, LEVELS
from ..errors import Refusal
from ..catalog_marks import N_

HUMAN_KIND = "human"
COMPUTER_KIND = "computer"
DEFAULT_LEVEL = "careful"
NAME_LENGTH = 24


LEVEL_TEXT = {
    "beginner": (N_("Beginner"), N_("Plays like someone in their first game: the first tile that fits, and "
                                    "it forgets things.")),
    "casual": (N_("Casual"), N_("Gets rid of its heaviest tiles, but does not plan ahead.")),
    "careful": (N_("Careful"), N_("Follows the good players' tips: doubles at the right time, no foot that "
                                  "cannot be finished.")),
    "strong": (N_("Strong"), N_("Thinks ahead: imagines the tiles it cannot see and plays out the round "
                                "before choosing.")),
}


class SeatsError(Refusal):
    """A seats configuration the session refuses; ``code`` is stable for the page to translate."""


class Seats:
    """The seats of one game: ``levels[seat]`` is a level name, or ``None`` for a person."""

    __slots__ = ("levels", "names")

    def __init__(self, levels: list[Optional[str]], names: Optional[list[Optional[str]]] = None) -> None:
        self.levels = tuple(levels)
        self.names = tuple(names) if names is not None else (None,) * len(levels)

    @classmethod
    def one_human(cls, players: int, level: str = DEFAULT_LEVEL) -> "Seats":
        """The one-person game: the person at seat 0, every other seat a computer of ``level`` (a level, or
        any bot of ``engine.bots.BOTS``: saves made before levels existed name their bot)."""
        if level not in BOTS:
            _check_level(level)
        return cls([None] + [level] * (players - 1))

    @classmethod
    def from_json(cls, data: Any, players: int) -> "Seats":
        """Seats from the page's list (see the module docstring); raises ``SeatsError``."""
        if not isinstance(data, list) or len(data) != players:
            raise SeatsError("bad-seats", f"give one seat for each of the {players} players")
        levels, names = [], []
        for seat in data:
            if not isinstance(seat, dict) or seat.get("kind") not in (HUMAN_KIND, COMPUTER_KIND):
                raise SeatsError("bad-seats", f"a seat is {{'kind': 'human' or 'computer'}}, got {seat!r}")
            if seat["kind"] == HUMAN_KIND:
                name = seat.get("name")
                if name is not None and not isinstance(name, str):
                    raise SeatsError("bad-seats", f"a name is text, got {name!r}")
                name = " ".join(name.split())[:NAME_LENGTH] if name else None
                levels.append(None)
                names.append(name or None)
            else:
                level = seat.get("level", DEFAULT_LEVEL)
                _check_level(level)
                levels.append(level)
                names.append(None)
        if all(level is not None for level in levels):
            raise SeatsError("no-human", "at least one seat is a person")
        return cls(levels, names)

    def to_json(self) -> list[dict]:
        out = []
        for level, name in zip(self.levels, self.names):
            if level is None:
                out.append({"kind": HUMAN_KIND, **({"name": name} if name else {})})
            else:
                out.append({"kind": COMPUTER_KIND, "level": level})
        return out

    @property
    def humans(self) -> list[int]:
        return [seat for seat, level in enumerate(self.levels) if level is None]

    @property
    def pass_and_play(self) -> bool:
        """Two or more people share the device: hands are hidden between their turns."""
        return len(self.humans) > 1

    def is_human(self, seat: int) -> bool:
        return self.levels[seat] is None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seats) and (self.levels, self.names) == (other.levels, other.names)

    def __repr__(self) -> str:
        return f"Seats({list(self.levels)!r}, {list(self.names)!r})"


def _check_level(level: Any) -> None:
    if level not in LEVELS:
        raise SeatsError("unknown-level", f"{level!r}; choose {', '.join(LEVELS)}")


def levels_info() -> list[dict]:
    """The levels, weakest first, with their English name and description for the page to translate."""
    return [{"name": level, "label": LEVEL_TEXT[level][0], "description": LEVEL_TEXT[level][1]}
            for level in LEVELS]
