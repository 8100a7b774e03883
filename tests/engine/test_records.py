"""JSON: game records that replay exactly, full states, scenarios; versions and tampering refused."""

import json

import pytest

from engine import (GreedyBot, Match, RandomBot, RecordError, Rules, game_record, load_scenario, match_from_state,
                    replay_record, scenario_of, state_dict)


def _played(game="chicken-foot", ruleset=None, players=4, seed=3, moves=None):
    match = Match(Rules(game, ruleset), players, seed)
    bots = [RandomBot(seed + s) for s in range(players)]
    count = 0
    while not match.is_over and (moves is None or count < moves):
        match.push(bots[match.turn].choose(match.view(match.turn)))
        count += 1
    return match


@pytest.mark.parametrize("game", ["chicken-foot", "mexican-train"])
def test_record_replays_exactly(game):
    match = _played(game)
    record = json.loads(json.dumps(game_record(match)))
    again = replay_record(record)
    assert again.totals == match.totals and again.outcome == match.outcome
    assert [str(m) for m in again.moves] == record["moves"]


def test_tampered_record_is_refused():
    record = game_record(_played())
    record["moves"][5] = "pass"
    with pytest.raises(RecordError) as error:
        replay_record(record)
    assert error.value.code == "tampered"


def test_record_with_an_illegal_move_is_refused_even_with_a_fresh_hash():
    from engine.records import content_hash

    record = game_record(_played())
    record["moves"].insert(0, "0-0@n.9.l")
    record["result"] = None
    record["sha256"] = content_hash(record)
    with pytest.raises(RecordError) as error:
        replay_record(record)
    assert error.value.code == "illegal-move" and error.value.params["index"] == 1


def test_record_whose_result_does_not_match_is_refused():
    from engine.records import content_hash

    record = game_record(_played())
    record["result"]["winners"] = [9]
    record["sha256"] = content_hash(record)
    with pytest.raises(RecordError) as error:
        replay_record(record)
    assert error.value.code == "result-mismatch"


@pytest.mark.parametrize("field, value, code", [("version", 2, "newer-version"), ("format", "chess-pgn", "wrong-format")])
def test_record_of_another_format_or_version_is_refused(field, value, code):
    record = game_record(_played())
    record[field] = value
    with pytest.raises(RecordError) as error:
        replay_record(record)
    assert error.value.code == code


def test_not_json_is_refused_clearly():
    with pytest.raises(RecordError, match="not JSON"):
        replay_record("{oops")


@pytest.mark.parametrize("game", ["chicken-foot", "mexican-train"])
def test_state_json_round_trips_and_plays_on_identically(game):
    match = _played(game, moves=60)
    data = json.loads(json.dumps(state_dict(match)))
    copy = match_from_state(data)
    assert state_dict(copy) == state_dict(match)
    bot_a, bot_b = GreedyBot(), GreedyBot()
    for _ in range(200):
        if match.is_over:
            break
        move = bot_a.choose(match.view(match.turn))
        assert bot_b.choose(copy.view(copy.turn)) == move
        match.push(move)
        copy.push(move)
    assert state_dict(copy) == state_dict(match)


def test_tampered_state_is_refused():
    data = state_dict(_played(moves=20))
    data["hand"]["hands"][0].append("9-9")
    with pytest.raises(RecordError, match="sha256"):
        match_from_state(data)


def test_scenario_sets_up_any_position_and_the_rest_becomes_the_boneyard():
    hand = load_scenario({"format": "domino-scenario", "version": 1, "game": "chicken-foot", "ruleset": "basic",
                          "players": 2, "root": "9-9", "hands": [["9-4", "4-4"], ["1-0"]],
                          "lines": [{"id": "n", "tiles": [[9, 8]]}], "turn": 0, "seed": 1})
    assert len(hand.boneyard) == 55 - 1 - 3 - 1
    assert [str(m) for m in hand.legal_moves()] == ["9-4@e", "9-4@s", "9-4@w"]


def test_scenario_of_a_hand_loads_back_to_the_same_position():
    match = _played("mexican-train", moves=40)
    data = scenario_of(match.hand)
    assert load_scenario(json.loads(json.dumps(data))).to_position() == match.hand.to_position()


@pytest.mark.parametrize("change, message", [
    (lambda d: d["hands"][0].append("9-4"), "twice"),
    (lambda d: d["hands"][0].append("10-1"), "not in a double-9 set"),
    (lambda d: d["lines"].append({"id": "e", "tiles": [[8, 1]]}), "does not join"),
    (lambda d: d["lines"].append({"id": "q", "tiles": []}), "no such line"),
    (lambda d: d.update(turn=5), "turn"),
    (lambda d: d.update(boneyard=[]), "missing"),
])
def test_bad_scenarios_are_refused_with_a_clear_message(change, message):
    data = {"format": "domino-scenario", "version": 1, "game": "chicken-foot", "ruleset": "basic", "players": 2,
            "root": "9-9", "hands": [["9-4"], ["1-0"]], "lines": [{"id": "n", "tiles": [[9, 8]]}], "turn": 0}
    change(data)
    with pytest.raises(RecordError, match=message):
        load_scenario(data)


def test_same_seed_same_game_golden_record():
    """Pins the deal and play for a seed: CPython and Pyodide must both produce this (see the benchmark)."""
    match = Match(Rules("chicken-foot", "pagat"), 4, seed=2026)
    match.play_out([GreedyBot(), GreedyBot(), GreedyBot(), GreedyBot()])
    assert game_record(match)["sha256"] == GOLDEN_SHA256


GOLDEN_SHA256 = "170bf8573e25554678aff0765589d533b56ccc3edb0356a8abfbd4eb0494923d"
