"""The themes a puzzle is tagged with: a tip of the Strategy page or a section of a rules page (page, anchor).

A best-move puzzle's theme is the hint's reason for the engine's move (``engine/bridge/hint_reasons.py``):
``REASON_THEMES`` maps a reason code to its theme; a reason with no theme (the plain "played out best") makes
no puzzle, because it would teach nothing a reader can name.
"""

from __future__ import annotations

# theme id -> (page, anchor): the link is "<page>/#<anchor>" (tests check the anchors exist)
THEMES = {
    "shed-double-blank": ("strategy", "double-blank-early"),
    "heavy-tiles": ("strategy", "heavy-tiles-early"),
    "doubles-risk": ("strategy", "doubles-are-a-risk"),
    "double-last-tile": ("strategy", "double-against-last-tile"),
    "keep-answer": ("strategy", "keep-an-answer"),
    "count-double": ("strategy", "count-before-a-double"),
    "unfinishable-foot": ("chicken-foot", "cf-unfinishable-foot"),
    "read-draws": ("chicken-foot", "cf-drawing"),
    "markers": ("mexican-train", "mt-markers"),
}

# the same section on the Mexican Train page, for a puzzle of that game
GAME_LINKS = {"mexican-train": {"read-draws": ("mexican-train", "mt-drawing")}}

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
    page, anchor = GAME_LINKS.get(game, {}).get(theme, THEMES[theme])
    return f"{page}/#{anchor}"
