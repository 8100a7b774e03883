"""Content computed when the site is built: tables of numbers and diagrams of real positions.

An English page asks for it with a line of its own, an HTML comment that passes through translation
untouched::

    <!-- sitebuild: table deal-chicken-foot -->
    <!-- sitebuild: diagram starting-double -->
    <!-- sitebuild: text download -->

``expand`` replaces each such line with the content in the page's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import download
from . import diagrams, ladder, simulation, tables
from .context import PageContext

MARKER = re.compile(r"^<!-- sitebuild: (?P<kind>table|diagram|text) (?P<name>[a-z0-9-]+) -->$", re.MULTILINE)

GENERATORS: dict[tuple[str, str], Callable[[PageContext], str]] = {
    ("table", "deal-chicken-foot"): tables.deal_chicken_foot,
    ("table", "deal-mexican-train"): tables.deal_mexican_train,
    ("table", "boneyard-chance"): tables.boneyard_chance,
    ("table", "tiles-per-number"): tables.tiles_per_number,
    ("table", "rule-sets"): tables.rule_sets,
    ("table", "glossary"): tables.glossary,
    ("table", "simulation"): simulation.simulation,
    ("table", "ladder-chicken-foot"): ladder.ladder_chicken_foot,
    ("table", "ladder-mexican-train"): ladder.ladder_mexican_train,
    ("diagram", "starting-double"): diagrams.starting_double,
    ("diagram", "chicken-foot"): diagrams.chicken_foot,
    ("diagram", "unfinishable-foot"): diagrams.unfinishable_foot,
    ("diagram", "mexican-train-table"): diagrams.mexican_train_table,
    ("text", "download"): download.paragraph,
}


class UnknownMarker(LookupError):
    """A page asks for generated content nobody generates."""


def markers(markdown: str) -> list[tuple[str, str]]:
    return [(match.group("kind"), match.group("name")) for match in MARKER.finditer(markdown)]


def expand(markdown: str, ctx: PageContext) -> str:
    def replace(match: re.Match) -> str:
        key = (match.group("kind"), match.group("name"))
        if key not in GENERATORS:
            raise UnknownMarker(f"no generator for '<!-- sitebuild: {' '.join(key)} -->' (known: "
                                f"{', '.join(' '.join(k) for k in GENERATORS)})")
        return GENERATORS[key](ctx)

    return MARKER.sub(replace, markdown)
