"""One checked reader per kind (``engine/readers.py``), the same at every door: the engine's functions, the
bridge's ``handle`` and the command line. Issue 19: an option named like a Python parameter, the size check
per kind before parsing, a newer version told apart from a damaged one, a damaged round of a score sheet, a
record's game against its rules' game, and a byte-order mark."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import (Match, RandomBot, RecordError, Rules, game_record, load_scenario, match_from_state, readers,
                    record_hash, replay_record, scenario_of, state_dict)
from engine.simulate import random_match
from engine.bridge import handle
from engine.bridge.game_methods import LOAD_ERROR_CODES
from engine.bridge.game_session import GameSession
from engine.scoresheet import Sheet, SheetError, export_sheet, import_sheet

ROOT = Path(__file__).resolve().parents[2]


def _match(game="chicken-foot", ruleset="basic", players=3, moves=20, seed=4, **options):
    return random_match(Rules(game, ruleset, **options), players, seed, moves)


RECORD = game_record(_match())
STATE = state_dict(_match("mexican-train", "double-six", 3))
SCENARIO = scenario_of(_match(set_size=6, moves=8).hand)
SAVE = GameSession(Rules("chicken-foot", "basic", set_size=6), 3, 5).save()
SHEET = {"rules": {"game": "chicken-foot", "ruleset": "basic", "options": {}}, "players": ["Ana", "Ben"],
         "rounds": [{"hands": [0, 12], "out": 0}]}


def call(method, **arguments):
    return json.loads(handle(method, json.dumps(arguments)))


def rehashed(data):
    data["sha256"] = record_hash(data)
    return data


def cli(*arguments):
    return subprocess.run([sys.executable, "-m", "engine", *arguments], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)


# --- 1. an option named game, ruleset or self ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["game", "ruleset", "self"])
def test_an_option_named_like_a_parameter_of_rules_is_an_unknown_option(name):
    with pytest.raises(Exception) as refused:
        Rules("chicken-foot", None, **{name: "x"})
    assert refused.value.code == "unknown-option" and refused.value.params["option"] == name


@pytest.mark.parametrize("name", ["game", "ruleset", "self"])
def test_a_record_state_scenario_or_save_with_such_an_option_is_refused_as_bad_rules(name):
    record = copy.deepcopy(RECORD)
    record["rules"]["options"][name] = "x"
    state = copy.deepcopy(STATE)
    state["rules"]["options"][name] = "x"
    scenario = copy.deepcopy(SCENARIO)
    scenario["rules"]["options"][name] = "x"
    for load, data in ((replay_record, rehashed(record)), (match_from_state, rehashed(state)),
                       (load_scenario, scenario)):
        with pytest.raises(RecordError) as refused:
            load(data)
        assert (refused.value.code, refused.value.params["option"]) == ("bad-rules", name)
    save = dict(copy.deepcopy(SAVE), record=record)
    with pytest.raises(RecordError) as refused:
        GameSession.from_save(save)
    assert refused.value.code == "bad-rules"


@pytest.mark.parametrize("name", ["game", "ruleset", "self"])
def test_the_bridge_refuses_such_an_option_with_a_specific_code(name):
    record = copy.deepcopy(RECORD)
    record["rules"]["options"][name] = "x"
    rehashed(record)
    answer = call("game_import", record=json.dumps(record))
    assert (answer["error"], answer["params"]["option"]) == ("bad-rules", name)
    assert call("game_load", save=dict(SAVE, record=record))["error"] == "bad-rules"
    assert call("game_new", options={name: "x"})["error"] == "unknown-option"
    sheet = copy.deepcopy(SHEET)
    sheet["rules"]["options"][name] = 1
    assert call("scores_sheet", sheet=sheet)["error"] == "bad-rules"


def test_the_command_line_refuses_such_an_option_in_one_line_with_status_2(tmp_path):
    record = copy.deepcopy(RECORD)
    record["rules"]["options"]["game"] = "x"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(rehashed(record)))
    for arguments in (("replay", str(path)), ("simulate", "--games", "1", "--option", "self=1")):
        result = cli(*arguments)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1 and "unknown option" in result.stderr


# --- 6. far too large, newer, damaged -----------------------------------------------------------------------


def test_an_oversized_save_record_or_sheet_is_far_too_large_before_it_is_parsed():
    padding = "x" * (max(readers.RECORD.max_chars, readers.SAVE.max_chars) + 10)
    assert call("game_load", save=json.dumps(dict(SAVE, padding=padding)))["error"] == "too-large"
    assert call("game_import", record=json.dumps(dict(RECORD, padding=padding)))["error"] == "too-large"
    assert call("game_load", save="{" + padding)["error"] == "too-large"  # not even JSON: the size comes first
    sheet_padding = "x" * (readers.SHEET.max_chars + 10)
    assert call("scores_import", text="[" + sheet_padding)["error"] == "too-large"
    assert call("scores_sheet", sheet=dict(SHEET, players=["Ana", sheet_padding]))["error"] == "too-large"
    with pytest.raises(RecordError) as refused:
        replay_record("{" + padding)
    assert refused.value.code == "too-large"


def test_a_request_far_larger_than_anything_it_can_carry_is_too_large_not_bad_arguments():
    huge = '{"text": "' + "x" * (50 * 1024 * 1024) + '"}'
    answer = json.loads(handle("scores_import", huge))
    assert answer["error"] == "too-large", answer["error"]


@pytest.mark.parametrize("version,code", [(2, "newer-version"), (99, "newer-version"), (1.5, "bad-version"),
                                          ("1", "bad-version"), (0, "bad-version"), (None, "bad-version"),
                                          (True, "bad-version")])
def test_a_later_version_is_told_apart_from_a_damaged_one_for_every_kind(version, code):
    for load, data in ((replay_record, RECORD), (match_from_state, STATE), (load_scenario, SCENARIO)):
        with pytest.raises(RecordError) as refused:
            load(rehashed(dict(copy.deepcopy(data), version=version)))
        assert refused.value.code == code
    assert call("game_load", save=dict(SAVE, version=version))["error"] == code
    exported = export_sheet(Sheet.from_dict(SHEET))
    assert call("scores_import", text=json.dumps(rehashed(dict(exported, version=version))))["error"] == code
    assert call("scores_sheet", sheet=dict(exported, version=version))["error"] == code


def test_a_version_written_as_nan_is_unreadable_not_another_version():
    text = json.dumps(SAVE).replace('"version": 1', '"version": NaN', 1)
    assert call("game_load", save=text)["error"] == "not-json"


@pytest.mark.parametrize("round_", [{"hands": "12"}, {"hands": [0]}, {"hands": [0, {"pips": 3}]}, [0, 12],
                                    {"hands": [0, 12], "out": "Ana"}, {"hands": [0, 12], "on_double": "no"},
                                    {"hands": [0, 12], "extra": 1}])
def test_a_malformed_round_of_a_kept_sheet_is_damaged(round_):
    answer = call("scores_sheet", sheet=dict(SHEET, rounds=[SHEET["rounds"][0], round_]))
    assert (answer["error"], answer["params"]["round"]) == ("damaged-round", 2)


def test_a_sheet_round_that_is_well_formed_but_impossible_keeps_its_own_code():
    answer = call("scores_sheet", sheet=dict(SHEET, rounds=[{"hands": [0, -3], "out": 0}]))
    assert answer["error"] == "negative-pips"


# --- 8. the record's game, and a byte-order mark -------------------------------------------------------------


def test_a_records_game_must_be_its_rules_game():
    record = rehashed(dict(copy.deepcopy(RECORD), game="mexican-train"))
    with pytest.raises(RecordError) as refused:
        replay_record(record)
    assert refused.value.code == "game-mismatch"
    assert refused.value.params == {"game": "'mexican-train'", "rules_game": "chicken-foot"}
    assert call("game_import", record=json.dumps(record))["error"] == "game-mismatch"
    missing = copy.deepcopy(RECORD)
    del missing["game"]
    with pytest.raises(RecordError) as refused:
        replay_record(rehashed(missing))
    assert (refused.value.code, refused.value.params) == ("bad-record", {"field": "game"})


def test_a_record_file_beginning_with_a_byte_order_mark_is_read_as_the_browser_reads_it(tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RECORD).encode())
    result = cli("replay", str(path))
    assert result.returncode == 0 and result.stdout.startswith("valid record"), result.stderr
    assert call("game_import", record="\ufeff" + json.dumps(RECORD))["ok"]


# --- one reader: field names, and the codes the page translates --------------------------------------------


def test_a_field_no_kind_has_is_refused_not_ignored():
    with pytest.raises(RecordError) as refused:
        replay_record(rehashed(dict(copy.deepcopy(RECORD), __proto__={"players": 9})))
    assert (refused.value.code, refused.value.params) == ("bad-record", {"field": "'__proto__'"})
    assert call("game_load", save=dict(SAVE, constructor=1))["error"] == "bad-record"
    assert call("scores_sheet", sheet=dict(SHEET, __proto__=1))["error"] == "bad-sheet"
    rules = dict(SHEET["rules"], prototype=1)
    assert call("scores_sheet", sheet=dict(SHEET, rules=rules))["error"] == "bad-rules"


def test_every_reader_code_is_documented_and_every_load_code_is_listed_for_the_page():
    readme = (ROOT / "engine" / "README.md").read_text()
    for code in readers.CODES:
        assert f"`{code}`" in readme, code
    assert set(readers.CODES) <= set(LOAD_ERROR_CODES)
    for code in ("damaged-round", "bad-sheet", "not-a-sheet"):
        assert f"`{code}`" in readme, code


def test_the_same_record_reads_the_same_at_every_door(tmp_path):
    damaged = rehashed(dict(copy.deepcopy(RECORD), players="3"))
    with pytest.raises(RecordError) as refused:
        replay_record(damaged)
    assert refused.value.code == "bad-record"
    assert call("game_import", record=json.dumps(damaged))["error"] == "bad-record"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(damaged))
    result = cli("replay", str(path))
    assert result.returncode == 2 and "players" in result.stderr
    with pytest.raises(SheetError):
        import_sheet(json.dumps(damaged))
