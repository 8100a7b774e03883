"""The library as an outside user meets it: state through properties, actions through methods (python-chess's
split), a mid-match position, the record hash, rules refused where they are made, scenarios that do not need
a deal table."""

import json

import pytest

from engine import (ConfigError, GreedyBot, Match, MatchOutcome, RandomBot, RecordError, Rules, game_record,
                    load_scenario, match_from_state, record_hash, replay_record, state_dict)


def finished(game="mexican-train", ruleset="double-six", players=2, seed=1, **start):
    match = Match(Rules(game, ruleset), players, seed, **start)
    match.play_out([GreedyBot() for _ in range(players)])
    return match


def test_outcome_is_a_property_of_the_match_as_of_the_hand():
    match = Match(Rules("chicken-foot"), 3, seed=2)
    assert match.outcome is None and match.hand.outcome is None and not match.is_over
    match = finished()
    assert isinstance(match.outcome, MatchOutcome) and match.is_over
    assert match.hand.outcome is not None


def test_a_finished_hand_is_kept_with_its_final_table():
    match = Match(Rules("chicken-foot", "basic", set_size=6), 3, seed=8)
    bot = RandomBot(2)
    assert match.finished_hands == () and match.last_finished_hand is None
    while match.round_index == 0:
        match.push(bot.choose(match.view(match.turn)))
    (first,) = match.finished_hands
    assert first is match.last_finished_hand and first is not match.hand
    assert first.outcome == match.hand_outcomes[0] and first.round_index == 0
    assert first.layout_dict()["lines"]  # the table as it ended


def test_once_the_match_is_over_its_hand_is_the_last_finished_hand():
    match = finished()
    assert match.hand is match.last_finished_hand is match.finished_hands[-1]
    assert len(match.finished_hands) == len(match.round_scores) == match.rounds_planned


def test_a_match_can_start_in_a_later_round_with_the_earlier_scores():
    earlier = [[0, 8], [12, 0], [0, 25], [20, 14], [9, 0], [0, 11], [15, 7], [30, 6], [10, 9]]
    match = Match(Rules("chicken-foot"), 2, seed=5, round_index=9, round_scores=earlier)
    assert match.round_index == 9 and match.hand.root == 0  # the last round opens on [0-0]
    assert match.totals == [96, 80] and match.round_scores == [tuple(r) for r in earlier]
    match.play_out([GreedyBot(), GreedyBot()])
    assert len(match.round_scores) == 10 and match.outcome.reason == "all-rounds"
    record = json.loads(json.dumps(game_record(match)))
    assert record["start"] == {"round": 9, "round_scores": earlier}
    assert state_dict(replay_record(record)) == state_dict(match)
    assert state_dict(match_from_state(state_dict(match))) == state_dict(match)
    while match.moves:
        match.pop()
    with pytest.raises(IndexError):  # the match began in round 9: nothing before it to undo
        match.pop()
    assert match.totals == [96, 80] and match.round_index == 9


@pytest.mark.parametrize("start", [
    {"round_index": 3, "round_scores": [[1, 2]]},  # one row for three earlier rounds
    {"round_index": 1, "round_scores": [[1, 2, 3]]},  # three seats in a two-player match
    {"round_index": 10, "round_scores": [[0, 0]] * 10},  # double-nine has ten rounds: 0 to 9
    {"round_index": 1, "round_scores": [[-1, 2]]},
    {"round_index": True, "round_scores": [[1, 2]]},
])
def test_a_start_that_does_not_fit_is_refused(start):
    with pytest.raises(ConfigError) as refused:
        Match(Rules("chicken-foot"), 2, seed=1, **start)
    assert refused.value.code == "bad-start"


def test_a_start_already_past_the_losing_total_is_refused():
    rules = Rules("chicken-foot", match_length="to-total", target_total=100)
    with pytest.raises(ConfigError, match="already over"):
        Match(rules, 2, seed=1, round_index=2, round_scores=[[60, 0], [50, 3]])


def test_the_record_hash_is_public_and_is_the_one_records_carry():
    match = finished()
    record = game_record(match)
    assert record["sha256"] == record_hash(record)
    record["moves"] = record["moves"][:-1]
    record["result"] = None
    with pytest.raises(RecordError) as refused:
        replay_record(record)
    assert refused.value.code == "tampered"
    record["sha256"] = record_hash(record)
    assert not replay_record(record).is_over


@pytest.mark.parametrize("overrides,reason", [
    ({"set_size": 18, "deal": "puremco"}, "no figure for double-18"),
    ({"deal": "pagat-small", "set_size": 12}, "no figure for double-12"),
    ({"deal": 28}, "double-9 has only"),
    ({"root_arms": "three-each-side"}, "12 tiles"),
])
def test_rules_no_player_count_can_play_are_refused_where_they_are_made(overrides, reason):
    with pytest.raises(ConfigError, match=reason):
        Rules("chicken-foot", "basic", **overrides)


def test_a_scenario_with_its_own_hands_does_not_need_the_deal_table():
    # Puremco gives no figure for two players with double-12; the hands are given, so no figure is needed
    data = {"format": "domino-scenario", "version": 1, "game": "chicken-foot", "ruleset": "pagat",
            "options": {"set_size": 12}, "players": 2, "root": "12-12", "hands": [["12-1", "5-5"], ["4-0"]],
            "lines": [], "turn": 0, "seed": 1}
    hand = load_scenario(data)
    assert [str(m) for m in hand.legal_moves()] == ["12-1@n", "12-1@e", "12-1@s", "12-1@w"]
