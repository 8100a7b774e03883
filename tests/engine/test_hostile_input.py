"""Input nobody vouches for: deep nesting, NaN and Infinity, huge numbers, wrong types, re-hashed but
inconsistent states, saves the page could not have made, and junk arguments to every bridge method. The only
outcomes allowed are success or the documented errors (RecordError / ConfigError with a stable code, or
``{"ok": false, "error": code}``), never another exception and never the bridge's last-resort
``internal-error``."""

import copy
import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (ConfigError, GreedyBot, Match, RandomBot, RecordError, Rules, game_record, load_scenario,
                    make_bot, match_from_state, record_hash, replay_record, scenario_of, state_dict)
from engine.simulate import random_match
from engine.bridge import METHODS, handle
from engine.bridge.game_methods import LOAD_ERROR_CODES
from engine.bridge.game_session import GameSession
from helpers import json_paths


def _match(game="chicken-foot", ruleset="basic", players=3, moves=40, seed=4, **options):
    return random_match(Rules(game, ruleset, **options), players, seed, moves)


RECORD = game_record(_match(moves=60))
STATE = state_dict(_match("mexican-train", "double-six", 3, moves=30))
SCENARIO = scenario_of(_match(set_size=6, moves=12).hand)
SAVE = GameSession(Rules("chicken-foot", "basic", set_size=6), 3, 5).save()


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def call(method, **arguments):
    return json.loads(handle(method, json.dumps(arguments)))


# --- deep nesting --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("load", [replay_record, match_from_state, load_scenario])
def test_json_nested_thousands_of_levels_deep_is_refused_before_parsing(load):
    with pytest.raises(RecordError) as refused:
        load(deep(5000))
    assert refused.value.code == "too-deep"
    nested = dict(RECORD, moves=json.loads(deep(200)))  # deep inside an otherwise good record
    with pytest.raises(RecordError, match="levels deep"):
        load(json.dumps(nested))


def test_already_parsed_data_nested_too_deep_is_refused_without_recursion():
    value = []
    for _ in range(100_000):  # far past Python's recursion limit
        value = [value]
    with pytest.raises(RecordError) as refused:
        replay_record(dict(RECORD, moves=value))
    assert refused.value.code == "too-deep"


def test_deep_json_to_the_bridge_and_in_a_save_answers_a_refusal():
    assert call("game_load", save=deep(4000))["error"] == "too-deep"
    answer = json.loads(handle("game_state", '{"log_since": ' + deep(4000) + "}"))
    assert answer == {"ok": False, "error": "bad-arguments", "detail": answer["detail"]}


def test_the_command_line_refuses_a_deep_record_in_one_line_with_status_2(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    path = tmp_path / "deep.json"
    path.write_text(deep(3000))
    result = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2], timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "levels deep" in result.stderr


# --- numbers JSON should not carry ---------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["seed", "players", "round", "totals", "round_scores"])
@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN", "1e400", "123456789012345678901234567890"])
def test_infinity_nan_and_huge_numbers_in_a_state_are_refused(field, value):
    text = json.dumps(STATE).replace(f'"{field}": ', f'"{field}": {value}, "was_{field}": ', 1)
    with pytest.raises(RecordError) as refused:
        match_from_state(text)
    assert refused.value.code in ("not-json", "number-too-large")


@pytest.mark.parametrize("field,value", [("round", math.inf), ("turn", math.nan), ("seed", math.inf),
                                         ("out_on_first_turn", [math.inf]), ("lines", [{"id": "t0", "tiles": [[6, math.inf]]}])])
def test_non_finite_numbers_in_a_scenario_object_are_refused(field, value):
    scenario = dict(SCENARIO, **{field: value})
    with pytest.raises(RecordError):
        load_scenario(scenario)


@pytest.mark.parametrize("seed", [2**53, 2**64, -1, 1.0, "7", True])
def test_seeds_beyond_what_a_browser_keeps_exactly_are_refused_everywhere(seed):
    with pytest.raises(ConfigError) as refused:
        Match(Rules("chicken-foot"), 4, seed)
    assert refused.value.code == "bad-seed"
    record = dict(RECORD, seed=seed)
    record["sha256"] = record_hash(record)
    with pytest.raises(RecordError):
        replay_record(record)
    assert call("game_new", game="chicken-foot", seed=seed)["error"] in ("bad-seed", "bad-arguments")


def test_the_largest_seed_a_browser_keeps_exactly_plays_and_survives_json_as_a_float_would():
    match = _match(seed=2**53 - 1, moves=5)
    record = game_record(match)
    assert float(record["seed"]) == record["seed"]  # JavaScript's number holds it exactly
    assert replay_record(json.dumps(record)).moves == match.moves


# --- wrong types -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [None, 3, ["greedy"], {"a": 1}, True])
def test_a_bot_name_that_is_not_text_is_a_config_error(name):
    with pytest.raises(ConfigError):
        make_bot(name)


def test_a_save_naming_a_bot_that_is_not_text_is_refused():
    save = dict(SAVE, bot=["careful"])
    assert call("game_load", save=json.dumps(save))["error"] == "bad-record"


@pytest.mark.parametrize("method,arguments", [
    ("game_state", {"log_since": "abc"}),
    ("game_view", {"theme": "light", "words": {"table": "T", "table_desc": "D", "hand": "H", "trains": "ab"}}),
    ("game_view", {"theme": ["light"]}),
    ("lesson_start", {"lesson_id": "cf-opening", "board_title": 123, "board_desc": "d"}),
    ("lesson_move", {"move": ["9-4@n"]}),
    ("game_new", {"chicken_little": "yes"}),
    ("game_new", {"set_size": "nine"}),
    ("game_play", {"move": {"text": "draw"}}),
    ("game_bot_step", {"all": "true"}),
    ("seeded_record", {"game": "chicken-foot", "players": 4, "seed": 1, "bots": 7}),
    ("describe_set", {"highest": True}),
])
def test_junk_arguments_get_a_refusal_not_an_exception(method, arguments):
    call("game_new", game="chicken-foot", ruleset="basic", players=3, seed=1, set_size=6)
    answer = call(method, **arguments)
    assert answer["ok"] is False and answer["error"] != "internal-error", answer


def test_a_refused_lesson_start_leaves_the_lesson_before_it_playable():
    started = call("lesson_start", lesson_id="cf-starting-double", board_title="Table", board_desc="The table")
    assert started["ok"]
    assert call("lesson_start", lesson_id="cf-matching", board_title=123, board_desc="d")["ok"] is False
    again = call("lesson_move", move="draw")
    assert again["ok"] and again["lesson"]["id"] == "cf-starting-double"


# --- states that hash well but do not hold together ----------------------------------------------------------


def _rehashed(data):
    data["sha256"] = record_hash(data)
    return data


def test_a_state_whose_players_disagree_with_its_hand_is_refused():
    state = _rehashed(dict(copy.deepcopy(STATE), players=4))
    with pytest.raises(RecordError):
        match_from_state(state)


def test_a_state_with_a_finished_hand_in_an_unfinished_match_is_refused():
    state = copy.deepcopy(STATE)
    state["hand"]["outcome"] = {"reason": "blocked", "winner": None, "scores": [1, 2, 3], "unfinished_foot": False}
    with pytest.raises(RecordError) as refused:
        match_from_state(_rehashed(state))
    assert refused.value.code == "state-mismatch"


def test_a_state_with_tiles_swapped_between_hands_is_refused():
    state = copy.deepcopy(STATE)
    hands = state["hand"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(RecordError, match="does not follow"):
        match_from_state(_rehashed(state))


# --- saves and records the page could not have made ---------------------------------------------------------


def _record_of(rules, players, seed=1):
    match = Match(rules, players, seed)
    match.push(match.legal_moves()[0])
    return game_record(match)


@pytest.mark.parametrize("rules,players", [
    (Rules("mexican-train", "standard"), 14),  # more seats than the page's table shows
    (Rules("chicken-foot", "basic", set_size=12), 9),
])
def test_saves_and_records_outside_the_pages_limits_are_refused(rules, players):
    record = _record_of(rules, players)
    assert call("game_import", record=json.dumps(record))["error"] == "outside-limits"
    save = dict(SAVE, record=record)
    assert call("game_load", save=json.dumps(save))["error"] == "outside-limits"


@pytest.mark.parametrize("rules,players", [
    (Rules("chicken-foot", "pagat", root_arms="two-feet"), 4),  # a house-rules link sets any option
    (Rules("chicken-foot", "basic", set_size=12, double_blank=25, ending_on_double_penalty=50), 8),
])
def test_a_game_a_rules_link_can_make_is_saved_and_resumed(rules, players):
    assert call("game_import", record=json.dumps(_record_of(rules, players)))["ok"]
    assert call("game_load", save=json.dumps(GameSession(rules, players, 5).save()))["ok"]


# --- fuzzing: mutated records, states, scenarios, saves; junk to every bridge method ------------------------

junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True, allow_infinity=True),
              st.text(max_size=8), st.sampled_from(["9-9", "3-4", "t0", "n.1.l", "mx", "draw", "follow", "-1"])),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3),
    max_leaves=6)


def _mutated(base, data):
    """A copy of ``base`` with one to three parts replaced by junk, deleted, or wrapped in a list."""
    damaged = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in json_paths(damaged) if p]
        if not paths:
            break
        path = paths[data.draw(st.integers(0, 10**6)) % len(paths)]
        target = damaged
        for key in path[:-1]:
            target = target[key]
        action = data.draw(st.sampled_from(["junk", "delete", "wrap"]))
        if action == "delete" and isinstance(target, dict):
            del target[path[-1]]
        elif action == "wrap":
            target[path[-1]] = [target[path[-1]]]
        else:
            target[path[-1]] = data.draw(junk)
    return damaged


def _as_text_or_object(value, data):
    if data.draw(st.booleans()):
        return json.dumps(value, allow_nan=True)  # NaN and Infinity written as JSON text would carry them
    return value


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.data(), st.booleans())
def test_mutated_records_replay_or_are_refused(data, rehash):
    record = _mutated(RECORD, data)
    if rehash:
        record["sha256"] = record_hash(record) if _hashable(record) else record.get("sha256")
    try:
        replay_record(_as_text_or_object(record, data))
    except RecordError:
        pass


@FUZZ
@given(st.data())
def test_mutated_states_load_or_are_refused(data):
    state = _mutated(STATE, data)
    if _hashable(state):
        state["sha256"] = record_hash(state)
    try:
        match = match_from_state(_as_text_or_object(state, data))
    except RecordError:
        return
    assert state_dict(match) == {**state, "sha256": state_dict(match)["sha256"]}


@FUZZ
@given(st.data())
def test_mutated_scenarios_load_and_play_or_are_refused(data):
    try:
        hand = load_scenario(_as_text_or_object(_mutated(SCENARIO, data), data))
    except RecordError:
        return
    bot = GreedyBot()
    for _ in range(20):
        if not hand.legal_moves():
            break
        hand.push(bot.choose(hand.view(hand.turn)))


@FUZZ
@given(st.data())
def test_mutated_saves_load_or_are_refused_with_a_code_the_page_translates(data):
    save = _mutated(SAVE, data)
    if _hashable(save) and isinstance(save.get("record"), dict):
        save["record"]["sha256"] = record_hash(save["record"])
    answer = call("game_load", save=_as_text_or_object(save, data))
    assert answer["ok"] or answer["error"] in LOAD_ERROR_CODES + ("bad-arguments",), answer


@FUZZ
@given(st.sampled_from(sorted(METHODS)), st.data())
def test_every_bridge_method_answers_junk_arguments_with_json(method, data):
    import inspect

    names = list(inspect.signature(METHODS[method]).parameters) + ["extra"]
    arguments = {name: data.draw(junk) for name in names if data.draw(st.booleans())}
    text = json.dumps(arguments, allow_nan=True)
    answer = json.loads(handle(method, text))
    assert answer["ok"] is True or (answer["ok"] is False and answer["error"] != "internal-error"), answer


def _hashable(data) -> bool:
    try:
        record_hash(data)
        return True
    except (TypeError, ValueError):
        return False
