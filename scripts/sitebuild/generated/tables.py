"""The tables of the rules pages, computed from the engine's data when the site is built.

Each function takes the page's context and returns one or more HTML tables in the page's language. Every word
is a ui string (``N_``), every number is formatted for the language.
"""

from __future__ import annotations

from engine import deal_tables
from engine.stats import boneyard_share
from engine.options import CHICKEN_FOOT, MEXICAN_TRAIN, OPTIONS, RULE_SETS, Rules
from engine.tiles import SET_SIZES, set_count

from .. import project
from ..option_text import option_label, rule_set_text, set_name, value_label
from ..uistrings import N_, Nn_, Plural
from . import formatting
from .context import PageContext
from .html import Cell, table

NO_VALUE = "—"  # a combination the source's table does not list

def _total_pips(size: int) -> int:
    return size * (size + 1) * (size + 2) // 2


def deal_chicken_foot(ctx: PageContext) -> str:
    size = 9
    puremco = deal_tables.CHICKEN_FOOT_TABLES["puremco"][size]
    smaller = deal_tables.CHICKEN_FOOT_TABLES["pagat-small"][size]
    tiles = set_count(size)
    rows = []
    for players in sorted(set(puremco) | set(smaller)):
        rows.append([
            formatting.integer(players, ctx.language),
            formatting.integer(puremco[players], ctx.language) if players in puremco else NO_VALUE,
            formatting.integer(smaller[players], ctx.language) if players in smaller else NO_VALUE,
            formatting.integer(tiles - players * puremco[players], ctx.language) if players in puremco else NO_VALUE,
        ])
    return table(
        ctx.tn(Nn_("Tiles each with a double-nine set ({tiles} tile)", "Tiles each with a double-nine set ({tiles} tiles)"),
               tiles, tiles=formatting.integer(tiles, ctx.language)),
        [ctx.t(N_("Players")), ctx.t(N_("Puremco (pagat's table)")), ctx.t(N_("pagat's smaller deal")),
         ctx.t(N_("Left in the boneyard (Puremco)"))],
        rows, name="deal-chicken-foot")


def deal_mexican_train(ctx: PageContext) -> str:
    rows = []
    for size in sorted(deal_tables.MEXICAN_TRAIN_TABLE):
        for players, each in sorted(deal_tables.MEXICAN_TRAIN_TABLE[size].items()):
            rows.append([
                ctx.t(set_name(size)),
                formatting.integer(players, ctx.language),
                formatting.integer(each, ctx.language),
                formatting.integer(set_count(size) - players * each, ctx.language),
            ])
    return table(
        ctx.t(N_("Mexican Train: the set and the tiles each, by number of players")),
        [ctx.t(N_("Set")), ctx.t(N_("Players")), ctx.t(N_("Tiles each")), ctx.t(N_("Left in the boneyard"))],
        rows, name="deal-mexican-train")


DEAL_NAMES = {"puremco": N_("Puremco"), "pagat-small": N_("pagat's smaller deal")}


def boneyard_chance(ctx: PageContext) -> str:
    """The starting double is as likely as any tile to be undealt: the boneyard's share of the set."""
    size = 9
    tiles = set_count(size)
    rows = []
    for deal, name in DEAL_NAMES.items():
        for players, each in sorted(deal_tables.CHICKEN_FOOT_TABLES[deal][size].items()):
            rows.append([
                ctx.t(name),
                formatting.integer(players, ctx.language),
                formatting.integer(each, ctx.language),
                formatting.integer(tiles - players * each, ctx.language),
                formatting.percent(boneyard_share(size, players, each), ctx.language),
            ])
    return table(
        ctx.t(N_("Double-nine set: the chance that nobody was dealt the starting double")),
        [ctx.t(N_("Deal")), ctx.t(N_("Players")), ctx.t(N_("Tiles each")), ctx.t(N_("Left in the boneyard")),
         ctx.t(N_("Chance the starting double is in the boneyard"))],
        rows, name="boneyard-chance")


def tiles_per_number(ctx: PageContext) -> str:
    rows = []
    for size in SET_SIZES:
        tiles = set_count(size)
        rows.append([
            ctx.t(set_name(size)),
            formatting.integer(tiles, ctx.language),
            formatting.integer(_total_pips(size), ctx.language),
            formatting.integer(size + 1, ctx.language),
            formatting.integer(size, ctx.language),  # average pips a tile: total / tiles is exactly size
        ])
    return table(
        ctx.t(N_("The sets: tiles, pips and how often each number appears")),
        [ctx.t(N_("Set")), ctx.t(N_("Tiles")), ctx.t(N_("Pips in all")), ctx.t(N_("Tiles with each number")),
         ctx.t(N_("Average pips a tile"))],
        rows, name="tiles-per-number")


RULE_SET_CAPTIONS = {CHICKEN_FOOT: N_("Chicken Foot rule sets"), MEXICAN_TRAIN: N_("Mexican Train rule sets")}
RULE_PAGES = {CHICKEN_FOOT: "chicken-foot", MEXICAN_TRAIN: "mexican-train"}


def option_value(ctx: PageContext, name: str, value: object, rules: Rules) -> str:
    if name == "target_total" and rules["match_length"] != "to-total":
        return NO_VALUE
    label, numbers = value_label(name, value)
    words = {k: formatting.integer(v, ctx.language) for k, v in numbers.items()}
    if isinstance(label, Plural):  # a counting label counts the one number it names
        return ctx.tn(label, next(iter(numbers.values())), **words)
    return ctx.t(label, **words)


def rule_sets(ctx: PageContext) -> str:
    tables = []
    for game, sets in RULE_SETS.items():
        names = list(sets)
        rules = {name: Rules(game, name) for name in names}
        rows = []
        for option in OPTIONS[game]:
            label = Cell(ctx.t(option_label(option.name)), ctx.link(RULE_PAGES[game], option.rule_id))
            rows.append([label, *(option_value(ctx, option.name, rules[n][option.name], rules[n]) for n in names)])
        tables.append(table(
            ctx.t(RULE_SET_CAPTIONS[game]),
            [ctx.t(N_("Option")), *(ctx.t(rule_set_text(game, n)[0]) for n in names)],
            rows, name=f"rule-sets-{game}", numeric_from=len(names) + 1))
    return "\n\n".join(tables)


def glossary(ctx: PageContext) -> str:
    """The terms in every language of the site; the page's own language first, each term linking to its definition."""
    from .glossary import terms

    names = project.language_names()
    others = [language for language in project.languages() if language != ctx.language]
    rows = []
    for term in terms():
        row: list[str | Cell] = [Cell(term.translations.get(ctx.language) or term.english, f"#{term.anchor}")]
        row += [term.translations.get(language) or NO_VALUE for language in others]
        rows.append(row)
    return table(
        ctx.t(N_("The words of the game in every language of this site")),
        [names[ctx.language], *(names[language] for language in others)],
        rows, name="glossary", numeric_from=len(others) + 1)
