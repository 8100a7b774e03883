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
from ..uistrings import N_
from . import formatting
from .context import PageContext
from .html import Cell, table

NO_VALUE = "—"  # a combination the source's table does not list

SET_NAMES = {
    6: N_("Double-six"),
    9: N_("Double-nine"),
    12: N_("Double-twelve"),
    15: N_("Double-fifteen"),
    18: N_("Double-eighteen"),
}


def _set_name(size: int) -> str:
    try:
        return SET_NAMES[size]
    except KeyError:
        raise LookupError(f"no name for a double-{size} set: add it to SET_NAMES") from None


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
        ctx.t(N_("Tiles each with a double-nine set ({tiles} tiles)"), tiles=formatting.integer(tiles, ctx.language)),
        [ctx.t(N_("Players")), ctx.t(N_("Puremco (pagat's table)")), ctx.t(N_("pagat's smaller deal")),
         ctx.t(N_("Left in the boneyard (Puremco)"))],
        rows, name="deal-chicken-foot")


def deal_mexican_train(ctx: PageContext) -> str:
    rows = []
    for size in sorted(deal_tables.MEXICAN_TRAIN_TABLE):
        for players, each in sorted(deal_tables.MEXICAN_TRAIN_TABLE[size].items()):
            rows.append([
                ctx.t(_set_name(size)),
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
            ctx.t(_set_name(size)),
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


# Rule sets: a label for every option, and for every value an option can take.
OPTION_LABELS = {
    "set_size": N_("Set"),
    "deal": N_("Tiles each"),
    "opening": N_("Who opens"),
    "root_arms": N_("Starting double"),
    "drawing": N_("When you cannot play"),
    "chicken_little": N_("Chicken little"),
    "double_blank": N_("Double blank left in hand"),
    "ending_on_double_penalty": N_("Going out on a double"),
    "match_length": N_("Length of the game"),
    "target_total": N_("Losing total"),
    "tie_breaks": N_("Ties"),
}
VALUE_LABELS = {
    ("set_size", "auto"): N_("Chosen by the number of players"),
    ("deal", "basic"): N_("{count} each"),
    ("deal", "puremco"): N_("Puremco's table"),
    ("deal", "pagat-small"): N_("pagat's smaller deal"),
    ("deal", "kelley"): N_("Kelley's figure"),
    ("deal", "table"): N_("The table for the number of players"),
    ("opening", "holder-or-draw"): N_("The holder of the double; if nobody has it, draw until it turns up"),
    ("opening", "holder-or-lower"): N_("The holder of the double; if nobody has it, the next lower double"),
    ("opening", "set-aside"): N_("The double is set aside before the deal"),
    ("opening", "draw-for-first"): N_("Everyone draws a tile; the highest plays first"),
    ("root_arms", "four"): N_("One tile on each of its four sides"),
    ("root_arms", "three"): N_("Three sides only"),
    ("root_arms", "three-each-side"): N_("Three tiles on each of its four sides (double chicken foot)"),
    ("root_arms", "two-feet"): N_("Three tiles on each of two opposite sides (double chicken foot, two feet)"),
    ("drawing", "one"): N_("Draw one tile"),
    ("drawing", "until-playable"): N_("Draw until you can play"),
    ("chicken_little", False): N_("No"),
    ("chicken_little", True): N_("Yes"),
    ("double_blank", 50): N_("{points} points"),
    ("double_blank", 25): N_("{points} points"),
    ("ending_on_double_penalty", 0): N_("Allowed"),
    ("ending_on_double_penalty", 50): N_("{points}-point penalty"),
    ("match_length", "all-doubles"): N_("One round per double"),
    ("match_length", "to-total"): N_("Until someone reaches the losing total"),
    ("tie_breaks", "zero-rounds-then-lowest-round"): N_("Most rounds at zero, then the lowest round score"),
    ("tie_breaks", "shared"): N_("Shared"),
}
RULE_SET_NAMES = {
    (CHICKEN_FOOT, "basic"): N_("Basic"),
    (CHICKEN_FOOT, "pagat"): N_("pagat"),
    (CHICKEN_FOOT, "kelley"): N_("Kelley"),
    (MEXICAN_TRAIN, "standard"): N_("Standard"),
    (MEXICAN_TRAIN, "double-six"): N_("Double-six"),
}
RULE_SET_CAPTIONS = {CHICKEN_FOOT: N_("Chicken Foot rule sets"), MEXICAN_TRAIN: N_("Mexican Train rule sets")}
RULE_PAGES = {CHICKEN_FOOT: "chicken-foot", MEXICAN_TRAIN: "mexican-train"}


def option_value(ctx: PageContext, name: str, value: object, rules: Rules) -> str:
    if name == "set_size" and isinstance(value, int):
        return ctx.t(_set_name(value))
    if name == "target_total":
        if rules["match_length"] != "to-total":
            return NO_VALUE
        return ctx.t(N_("{points} points"), points=formatting.integer(value, ctx.language))
    if name == "deal" and isinstance(value, int) and not isinstance(value, bool):
        return ctx.t(N_("{count} each"), count=formatting.integer(value, ctx.language))
    key = (name, value)
    if key not in VALUE_LABELS:
        raise LookupError(f"no label for option {name} = {value!r}: add it to VALUE_LABELS")
    numbers = {"count": deal_tables.BASIC_HAND_SIZE, "points": value}
    label = VALUE_LABELS[key]
    wanted = {k: formatting.integer(v, ctx.language) for k, v in numbers.items() if "{" + k + "}" in label}
    return ctx.t(label, **wanted)


def rule_sets(ctx: PageContext) -> str:
    tables = []
    for game, sets in RULE_SETS.items():
        names = list(sets)
        for name in names:
            if (game, name) not in RULE_SET_NAMES:
                raise LookupError(f"no label for rule set {game}/{name}: add it to RULE_SET_NAMES")
        rules = {name: Rules(game, name) for name in names}
        rows = []
        for option in OPTIONS[game]:
            if option.name not in OPTION_LABELS:
                raise LookupError(f"no label for option {option.name}: add it to OPTION_LABELS")
            label = Cell(ctx.t(OPTION_LABELS[option.name]), ctx.link(RULE_PAGES[game], option.rule_id))
            rows.append([label, *(option_value(ctx, option.name, rules[n][option.name], rules[n]) for n in names)])
        tables.append(table(
            ctx.t(RULE_SET_CAPTIONS[game]),
            [ctx.t(N_("Option")), *(ctx.t(RULE_SET_NAMES[(game, n)]) for n in names)],
            rows, name=f"rule-sets-{game}", numeric_from=len(names) + 1))
    return "\n\n".join(tables)


def glossary(ctx: PageContext) -> str:
    """The terms in the four languages; the page's own language first, each term linking to its definition."""
    from .glossary import terms

    names = project.language_names()
    others = [language for language in project.languages() if language != ctx.language]
    rows = []
    for term in terms():
        row: list[str | Cell] = [Cell(term.translations.get(ctx.language) or term.english, f"#{term.anchor}")]
        row += [term.translations.get(language) or NO_VALUE for language in others]
        rows.append(row)
    return table(
        ctx.t(N_("The words of the game in the four languages of this site")),
        [names[ctx.language], *(names[language] for language in others)],
        rows, name="glossary", numeric_from=len(others) + 1)
