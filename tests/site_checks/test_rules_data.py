"""The rules data of the browser apps (assets/demo/rules.json) is the engine's own: the built file is what
rules_data() computes now, its names and values are exactly those `python -m engine rules` lists, every
option and value has its words in the catalogs, and the deal table is keyed by every option that decides
what can be dealt."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from engine.errors import ConfigError
from engine.options import GAMES, OPTIONS, Rules, list_rules
from engine.rule_ids import RULE_PAGES
from scripts.sitebuild import project, rules_data, uistrings

SITE = project.ROOT / "site"


@pytest.fixture(scope="module")
def data() -> dict:
    return rules_data.rules_data()


def test_the_built_rules_json_is_the_engines_data_now(data):
    built = SITE / rules_data.PATH
    if not built.exists():
        pytest.fail("site/ is not built: run `make test`", pytrace=False)
    assert json.loads(built.read_text(encoding="utf-8")) == data


@pytest.mark.parametrize("game", GAMES)
def test_names_values_and_defaults_are_exactly_those_of_python_m_engine_rules(data, game):
    listed = list_rules(game)
    ours = data["games"][game]
    assert ours["default_ruleset"] == listed["default_ruleset"]
    assert {name: spec["values"] for name, spec in ours["rulesets"].items()} == \
        {entry["name"]: entry["options"] for entry in listed["rulesets"]}
    assert [(o["name"], o["default"], [v["value"] for v in o["values"]], o["integer"], o["rule_id"])
            for o in ours["options"]] == \
        [(o["name"], o["default"], o["choices"], o["integer"], o["rule_id"]) for o in listed["options"]]
    assert all(RULE_PAGES[o["rule_id"]] == o["page"] for o in ours["options"])


@pytest.mark.parametrize("language", project.target_languages())
def test_every_word_of_the_rules_data_is_translated(data, language):
    table = uistrings.table(language)
    words = [data["set_names"][size] for size in data["set_names"]]
    for game in data["games"].values():
        words.append(game["label"])
        words.extend(word for spec in game["rulesets"].values() for word in (spec["label"], spec["line"]))
        for option in game["options"]:
            words.extend([option["label"], option["explanation"], *(v["label"] for v in option["values"])])
            if option["integer"]:
                words.append(option["integer_label"])
    missing = []
    for word in words:
        # a counting label is a plural entry: {msgid, plural, count}, keyed by its singular msgid
        msgid, wanted = (word["msgid"], list) if isinstance(word, dict) else (word, str)
        if not isinstance(table.get(msgid), wanted):
            missing.append(msgid)
    assert sorted(missing) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_option_outside_the_deal_key_changes_what_can_be_dealt(game):
    """The deal table is keyed by DEAL_OPTIONS only; any other option must leave Rules.validate's answer
    alone (a sample of every option combination, for every player count)."""
    key = rules_data.DEAL_OPTIONS[game]
    others = [o for o in OPTIONS[game] if o.name not in key and o.choices]
    deal_specs = [o for o in OPTIONS[game] if o.name in key]
    combinations = list(itertools.product(*(o.choices for o in deal_specs)))
    sample = random.Random(7)

    def playable(values: dict, players: int) -> bool:
        try:
            Rules(game, None, **values).validate(players)
            return True
        except ConfigError:
            return False

    for combination in sample.sample(combinations, min(60, len(combinations))):
        base = dict(zip((o.name for o in deal_specs), combination))
        extra = {o.name: sample.choice(o.choices) for o in others}
        for players in range(2, 15):
            assert playable(base, players) == playable({**base, **extra}, players), (base, extra, players)


@pytest.mark.parametrize("game", GAMES)
def test_an_explicit_hand_size_is_dealt_up_to_the_most_the_table_gives_and_no_further(data, game):
    spec = data["games"][game]
    sample = random.Random(3)
    keys = [key for key in spec["deals"] if f"|{rules_data.NUMBER}" in f"|{key}"]
    assert keys, "no deal table for an explicit hand size"
    for key in sample.sample(keys, min(12, len(keys))):
        values = {name: value for name, value in zip(spec["deal_options"], key.split("|")) if name != "deal"}
        for players, (_, most) in data["deal_tables"][spec["deals"][key]].items():
            Rules(game, None, **values, deal=most).validate(int(players))
            with pytest.raises(ConfigError):
                Rules(game, None, **values, deal=most + 1).validate(int(players))
