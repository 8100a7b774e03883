"""The rules data of the browser apps, written at build time from the engine: ``assets/demo/rules.json``.

The house-rules page, the score keeper, the play page and the embed frame read a rules link
(``?game=chicken-foot&rules=kelley&double_blank=25``) and show rules in words without starting the
engine: this file gives them every game, rule set and option exactly as ``python -m engine rules`` lists
them (names, values, defaults), each with its words as ui msgids (``option_text.py``, translated in the
browser through the same catalogs as the rules pages) and its rule's section (``engine/rule_ids.py``), and
how many tiles each player takes for every combination of the options that decide the deal, computed by
``Rules.validate`` and ``Rules.hand_size``. It also lists the computer players' levels (``level`` in a link
for the play page and the embed frame; ``engine/bridge/seats.py``). Nothing in it is typed twice.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from engine.bridge.seats import DEFAULT_LEVEL, levels_info
from engine.errors import ConfigError
from engine.options import DEFAULT_RULE_SET, GAMES, OPTIONS, RULE_SETS, Rules
from engine.rule_ids import RULE_PAGES
from engine.scoresheet import MAX_PLAYERS
from engine.tiles import MAX_PIP, set_count

from . import option_text
from .uistrings import Plural

# The options ``Rules.validate`` and ``Rules.hand_size`` read, per game: the deal table is keyed by their
# values (tests/site_checks/test_rules_data.py checks that no other option changes what can be dealt).
DEAL_OPTIONS = {"chicken-foot": ("set_size", "deal", "opening", "root_arms"), "mexican-train": ("set_size", "deal")}
PATH = Path("assets") / "demo" / "rules.json"


def _json_value(value: object) -> object:
    return value if isinstance(value, (bool, int, str)) else str(value)


def _words(label) -> str | dict:
    """A msgid, or a counting text as the browser's ``Nn_`` writes it: {msgid, plural, count}, where ``count``
    names the placeholder whose number chooses the form."""
    if not isinstance(label, Plural):
        return label
    count = next(name for name in ("count", "points") if "{" + name + "}" in label.plural)
    return {"msgid": label.singular, "plural": label.plural, "count": count}


def _option(game: str, option) -> dict:
    values = []
    for choice in option.choices:
        label, numbers = option_text.value_label(option.name, choice)
        values.append({"value": _json_value(choice), "label": _words(label), "numbers": numbers})
    entry = {"name": option.name, "default": _json_value(option.default), "values": values,
             "integer": option.integer, "rule_id": option.rule_id, "page": RULE_PAGES[option.rule_id],
             "label": option_text.option_label(option.name),
             "explanation": option_text.option_words(option.name).explanation,
             "shown_when": option_text.option_words(option.name).shown_when}
    if option.integer:
        entry["integer_label"] = _words(option_text.NUMBER_LABELS[option.name])
    return entry


def deal_key(game: str, values: dict) -> str:
    return "|".join(str(values[name]) for name in DEAL_OPTIONS[game])


NUMBER = "number"  # the deal key's value for an explicit hand size: its table holds the most each can take


def _most_each(game: str, values: dict, players: int) -> tuple[int, int] | None:
    """(set, the largest explicit hand size the rules can deal to ``players``), or None if none can be."""
    for hand in range(set_count(MAX_PIP) // players, 0, -1):
        try:
            rules = Rules(game, None, **{**values, "deal": hand})
            rules.validate(players)
        except ConfigError:
            continue
        return rules.max_pip(players), hand
    return None


def _deals(game: str, tables: list) -> dict:
    """For each combination of the deal's options: the index in ``tables`` of its table, each player count
    the rules can deal with the set used and the tiles each (many combinations share a table). With ``deal``
    an explicit number (key value ``number``), the table gives the most tiles each player can take instead:
    a hand size up to it can be dealt."""
    specs = {o.name: o for o in OPTIONS[game]}
    names = DEAL_OPTIONS[game]
    deals = {}
    choices = [specs[name].choices + ((NUMBER,) if specs[name].integer else ()) for name in names]
    for combination in itertools.product(*choices):
        values = dict(zip(names, combination))
        by_players = {}
        for players in range(2, MAX_PLAYERS + 1):
            if values["deal"] == NUMBER:
                most = _most_each(game, values, players)
                if most:
                    by_players[str(players)] = list(most)
                continue
            try:
                rules = Rules(game, None, **values)
                rules.validate(players)
            except ConfigError:
                continue
            by_players[str(players)] = [rules.max_pip(players), rules.hand_size(players)]
        if by_players not in tables:
            tables.append(by_players)
        deals[deal_key(game, {k: _json_value(v) for k, v in values.items()})] = tables.index(by_players)
    return deals


def rules_data() -> dict:
    games, tables = {}, []
    for game in GAMES:
        rulesets = {}
        for name in RULE_SETS[game]:
            label, line = option_text.rule_set_text(game, name)
            values = {k: _json_value(v) for k, v in Rules(game, name).values.items()}
            rulesets[name] = {"label": label, "line": line, "values": values}
        games[game] = {"label": option_text.GAME_NAMES[game], "default_ruleset": DEFAULT_RULE_SET[game],
                       "rulesets": rulesets, "options": [_option(game, o) for o in OPTIONS[game]],
                       "deal_options": list(DEAL_OPTIONS[game]), "deals": _deals(game, tables)}
    sets = {str(size): option_text.set_name(size) for size in option_text.SET_NAMES}
    return {"games": games, "deal_tables": tables, "set_names": sets, "max_players": MAX_PLAYERS,
            "levels": levels_info(), "default_level": DEFAULT_LEVEL}


def write_json(site_dir: Path) -> Path:
    target = Path(site_dir) / PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(rules_data(), ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    return target
