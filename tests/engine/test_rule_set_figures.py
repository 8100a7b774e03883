"""Every figure of every named rule set, checked against the sources (RULES-DIGEST.md, source 003 for pagat
and Kelley, 004 for Mexican Train). A rule set named after a source uses that source's figures wherever it
gives them; where it gives none, the test says which figure stands in and why."""

import pytest

from engine import ConfigError, Match, Rules
from engine.options import RULE_SETS

# (game, rule set) -> every option value, with the source that gives it.
EXPECTED = {
    ("chicken-foot", "basic"): {  # 000-002
        "set_size": 9,  # double-nine, 55 tiles
        "deal": "basic",  # seven tiles each
        "opening": "holder-or-draw",  # the holder of the round's double opens; if nobody, draw until found
        "root_arms": "four",  # one tile on each of the four sides first (all sources)
        "drawing": "one",  # draw one tile (all sources)
        "chicken_little": False,  # a pagat variant, not in 000-002
        "double_blank": 50,  # 50 (all)
        "ending_on_double_penalty": 0,  # Kelley's rule only
        "match_length": "all-doubles",  # one round per double, [9-9] down to [0-0]
        "target_total": 250,  # unused with all-doubles
        "tie_breaks": "zero-rounds-then-lowest-round",  # 000-002
    },
    ("chicken-foot", "pagat"): {  # 003, pagat's main rules; its variants are options
        "set_size": 9, "deal": "puremco", "opening": "holder-or-draw", "root_arms": "four", "drawing": "one",
        "chicken_little": False, "double_blank": 50, "ending_on_double_penalty": 0, "match_length": "all-doubles",
        "target_total": 250,
        "tie_breaks": "zero-rounds-then-lowest-round",  # pagat gives no tie-break: 000-002's stands in
    },
    ("chicken-foot", "kelley"): {  # 003, Kelley as summarised by Wikipedia
        "set_size": 9,  # Kelley names no set; double-nine, as every source plays
        "deal": "kelley",  # 15 each for double-12 and 4 players; Puremco's table where Kelley gives none
        "opening": "draw-for-first",  # each player draws a tile, the highest plays first
        "root_arms": "four", "drawing": "one", "chicken_little": False,
        "double_blank": 50,  # "Kelley's rules make it 50 too"
        "ending_on_double_penalty": 50,  # going out on a double costs 50
        "match_length": "all-doubles",  # Kelley's own way contradicts itself; one double down each round
        "target_total": 250, "tie_breaks": "zero-rounds-then-lowest-round",
    },
    ("mexican-train", "standard"): {  # 004
        "set_size": "auto", "deal": "table", "double_blank": 50, "match_length": "all-doubles",
        "target_total": 250, "tie_breaks": "zero-rounds-then-lowest-round",  # "ties as in Chicken Foot"
    },
    ("mexican-train", "double-six"): {  # 004's small game
        "set_size": 6, "deal": "table", "double_blank": 50, "match_length": "all-doubles", "target_total": 250,
        "tie_breaks": "zero-rounds-then-lowest-round",
    },
}


def test_every_named_rule_set_is_audited():
    assert {(game, name) for game, sets in RULE_SETS.items() for name in sets} == set(EXPECTED)


@pytest.mark.parametrize("game,ruleset", sorted(EXPECTED))
def test_each_option_of_a_rule_set_has_its_sources_value(game, ruleset):
    assert Rules(game, ruleset).values == EXPECTED[(game, ruleset)]


# Tiles each, by rule set, set and player count: the sources' tables (003 for Chicken Foot, 004 for Mexican
# Train). None: the rule set refuses that combination (no source gives a figure).
HAND_SIZES = {
    ("chicken-foot", "basic", 9): {players: 7 for players in range(2, 8)},
    ("chicken-foot", "pagat", 9): {2: 20, 3: 14, 4: 11, 5: 9, 6: 7, 7: None},  # Puremco
    ("chicken-foot", "pagat", 12): {4: 18, 3: None},  # Puremco, double-12, four players
    ("chicken-foot", "pagat", 15): {6: 18, 12: 9, 8: None},  # "18 each for six players down to 9 for twelve"
    ("chicken-foot", "kelley", 12): {4: 15, 3: None},  # Kelley's own figure
    ("chicken-foot", "kelley", 9): {2: 20, 3: 14, 4: 11, 5: 9, 6: 7},  # no Kelley figure: Puremco's
    ("chicken-foot", "kelley", 15): {6: 18, 12: 9},
}


@pytest.mark.parametrize("game,ruleset,size", sorted(HAND_SIZES))
def test_tiles_each_follow_the_sources_tables(game, ruleset, size):
    for players, expected in HAND_SIZES[(game, ruleset, size)].items():
        rules = Rules(game, ruleset, set_size=size)
        if expected is None:
            with pytest.raises(ConfigError):
                rules.validate(players)
        else:
            rules.validate(players)
            assert rules.hand_size(players) == expected, players


def test_pagats_smaller_deal_is_its_own_table():
    rules = Rules("chicken-foot", "pagat", deal="pagat-small")
    assert {p: rules.hand_size(p) for p in (2, 3, 4)} == {2: 12, 3: 11, 4: 10}
    with pytest.raises(ConfigError):
        rules.validate(5)


def test_kelley_deals_fifteen_each_with_double_twelve_and_four_players_in_a_real_match():
    match = Match(Rules("chicken-foot", "kelley", set_size=12), 4, seed=3)
    assert match.hand.hand_size == 15
    assert sum(match.hand.sizes) + len(match.hand.boneyard) == 91 - 1  # the starting double is in the middle


@pytest.mark.parametrize("players,size,each", [
    (2, 9, 15), (3, 9, 15), (4, 12, 15), (5, 12, 12), (6, 12, 12), (7, 12, 11), (8, 12, 11),
    (9, 15, 11), (12, 15, 11), (13, 18, 11), (14, 18, 11),
])
def test_mexican_train_standard_follows_004s_table(players, size, each):
    rules = Rules("mexican-train", "standard")
    assert (rules.max_pip(players), rules.hand_size(players)) == (size, each)


def test_mexican_train_double_six_is_seven_each_for_two_to_four():
    rules = Rules("mexican-train", "double-six")
    assert [rules.hand_size(p) for p in (2, 3, 4)] == [7, 7, 7]
    with pytest.raises(ConfigError):
        rules.validate(5)


@pytest.mark.parametrize("game,ruleset,players,rounds", [
    ("chicken-foot", "basic", 4, 10), ("chicken-foot", "pagat", 4, 10), ("chicken-foot", "kelley", 4, 10),
    ("mexican-train", "standard", 4, 13), ("mexican-train", "double-six", 2, 7),
])
def test_a_match_has_one_round_per_double(game, ruleset, players, rounds):
    match = Match(Rules(game, ruleset), players, seed=1)
    assert match.rounds_planned == rounds
    assert match.hand.root_number == rounds - 1  # round 1 opens on the set's highest double
