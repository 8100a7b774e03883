"""The themes a puzzle is tagged with: a tip of the Strategy page or a section of a rules page (page, anchor).

A best-move puzzle's theme is the hint's reason for the engine's move (``engine/bridge/hint_reasons.py``):
``REASON_THEMES`` maps a reason code to its theme; a reason with no theme (the plain "played out best") makes
no puzzle, because it would teach nothing a reader can name.
"""

from __future__ import annotations

from typing import NamedTuple

class Theme(NamedTuple):
    page: str
    anchor: str
    heading: str  # the English heading at the anchor: the theme's name, translated from that page's catalog


# the link is "<page>/#<anchor>" (tests check the anchors exist and carry these headings)
THEMES = {
    "shed-double-blank": Theme("strategy", "double-blank-early", "Get rid of the double blank early"),
    "heavy-tiles": Theme("strategy", "heavy-tiles-early", "Shed heavy tiles early"),
    "doubles-risk": Theme("strategy", "doubles-are-a-risk", "A double is a risk"),
    "double-last-tile": Theme("strategy", "double-against-last-tile", "Play a double when someone is about to go out"),
    "keep-answer": Theme("strategy", "keep-an-answer", "Keep an answer to a chicken foot"),
    "count-double": Theme("strategy", "count-before-a-double", "Count before you play a double"),
    "unfinishable-foot": Theme("chicken-foot", "cf-unfinishable-foot", "A foot that cannot be finished"),
    "read-draws": Theme("chicken-foot", "cf-drawing", "Drawing and passing"),
    "markers": Theme("mexican-train", "mt-markers", "Markers"),
}

# the same section on the Mexican Train page, for a puzzle of that game
GAME_LINKS = {"mexican-train": {"read-draws": ("mexican-train", "mt-drawing")}}  # (page, anchor)

REASON_THEMES = {
    "double-blank": "shed-double-blank",
    "heaviest": "heavy-tiles",
    "double-against-last-tile": "double-last-tile",
    "keep-answer": "keep-answer",
    "avoid-dead-foot": "count-double",
    "leave-void": "read-draws",
    "lift-marker": "markers",
    "double-with-follow": "doubles-risk",
    "double-plays-again": "doubles-risk",
}


def link(theme: str, game: str | None = None) -> str:
    page, anchor = GAME_LINKS.get(game, {}).get(theme, THEMES[theme][:2])
    return f"{page}/#{anchor}"
