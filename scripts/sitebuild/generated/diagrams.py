"""Diagrams of real positions (``positions``), drawn by the engine's SVG renderer, with words in the page's
language: the caption under the picture, and the SVG's own title and description for screen readers.

The SVG is inlined, so a diagram needs no script and no extra request, and prints.
"""

from __future__ import annotations

from html import escape

from babel.lists import format_list

from engine import svg

from ..uistrings import N_
from .context import PageContext
from .positions import position


def _tile(pair) -> str:
    return f"[{pair[0]}-{pair[1]}]"


def _tiles(ctx: PageContext, pairs) -> str:
    return format_list([_tile(pair) for pair in pairs], locale=ctx.language)


def _figure(name: str, picture: str, caption: str) -> str:
    # One line: an HTML block in Markdown ends at the first blank line. The picture's style comes from
    # assets/stylesheets/diagrams.css (the Content-Security-Policy allows no inline style).
    return (f'<figure class="diagram" data-generated="{escape(name)}">{svg.without_style(picture)}'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def starting_double(ctx: PageContext) -> str:
    pos = position("starting-double")
    number = pos.facts["double"]
    values = {"double": _tile((number, number)), "number": number, "tiles": _tiles(ctx, pos.facts["tiles"])}
    picture = svg.render(
        pos.layout, theme="light", highlight_tiles=[(number, number)],
        title=ctx.t(N_("The starting double and its four arms")),
        desc=ctx.t(N_("The double {double} lies in the middle of the table. Each of its four sides has one tile "
                      "with a {number}: {tiles}. Now any arm may take a second tile."), **values))
    caption = ctx.t(N_("From a real game: the starting double {double} with one tile on each side, the four "
                       "arms."), **values)
    return _figure("starting-double", picture, caption)


def chicken_foot(ctx: PageContext) -> str:
    pos = position("chicken-foot")
    number = pos.facts["double"]
    values = {"double": _tile((number, number)), "number": number, "toes": _tiles(ctx, pos.facts["toes"]),
              "joined": _tile(pos.facts["joined"])}
    picture = svg.render(
        pos.layout, theme="light", highlight_tiles=[(number, number)],
        title=ctx.t(N_("A chicken foot with its three toes")),
        desc=ctx.t(N_("The double {double} was played crosswise against {joined}. Three tiles with a {number} "
                      "were laid against it, one straight ahead and one angled out on each side: {toes}."),
                   **values))
    caption = ctx.t(N_("From a real game: the chicken foot {double} with its three toes, {toes}. Now every open "
                       "end can be played again."), **values)
    return _figure("chicken-foot", picture, caption)


def unfinishable_foot(ctx: PageContext) -> str:
    pos = position("unfinishable-foot")
    number = pos.facts["double"]
    values = {"double": _tile((number, number)), "number": number, "needed": pos.facts["needed"],
              "left": pos.facts["left"]}
    picture = svg.render(
        pos.layout, theme="light", highlight_tiles=[(number, number)], show_open_ends=True,
        title=ctx.t(N_("A chicken foot that cannot be finished")),
        desc=ctx.t(N_("The chicken foot {double} waits for its toes, shown as dashed circles. Toes still needed: "
                      "{needed}. Tiles with a {number} left in the hands and the boneyard: {left}."), **values))
    caption = ctx.t(N_("From a real game: the chicken foot {double} can never be finished. Toes still needed: "
                       "{needed}. Tiles with a {number} left outside the layout: {left}."), **values)
    return _figure("unfinishable-foot", picture, caption)


def mexican_train_table(ctx: PageContext) -> str:
    pos = position("mexican-train-table")
    number = pos.facts["double"]
    labels = {line: ctx.t(N_("Player {number}"), number=seat + 1) for line, seat in pos.facts["trains"].items()}
    labels[pos.facts["mexican"]] = ctx.t(N_("Mexican train"))
    marked_line = next(line for line, seat in pos.facts["trains"].items() if seat == pos.facts["marked"])
    values = {"double": _tile((number, number)), "player": labels[marked_line]}
    picture = svg.render(
        pos.layout, theme="light", labels=labels,
        title=ctx.t(N_("A Mexican Train table")),
        desc=ctx.t(N_("The engine {double} is in the middle. Each player's train grows from it towards that "
                      "player, and so does the Mexican train. A marker lies on the train of {player}: that "
                      "train is open to everyone."), **values))
    caption = ctx.t(N_("From a real game: the engine {double}, a train for each player, the Mexican train, and a "
                       "marker on a train that everyone may now play on."), **values)
    return _figure("mexican-train-table", picture, caption)
