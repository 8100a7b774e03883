"""The score keeper's scoring (engine/scoresheet.py over engine/scoring.py) gives exactly what the game gives:
whole bot matches of every rule set, re-entered hand by hand as a score sheet, end with the same round
scores, totals, winners and tie-break; and each scoring rule (double-blank, Kelley's penalty, tie-breaks,
the match's end) and each kind of bad input is checked on its own."""

from __future__ import annotations

import json

import pytest

from engine import Rules
from engine.options import RULE_SETS
from engine.scoresheet import SHEET_FORMAT, Sheet, SheetError, export_sheet, import_sheet
from played_matches import play_match


def sheet_of(rules: Rules, players: int, rounds: list) -> Sheet:
    names = [f"Player {seat + 1}" for seat in range(players)]
    return Sheet.from_dict({"rules": {"game": rules.game, "ruleset": rules.ruleset, "options": rules.overrides()},
                            "players": names, "rounds": rounds})


CASES = [(game, name, {}) for game, sets in RULE_SETS.items() for name in sets] + [
    ("chicken-foot", "pagat", {"double_blank": 25}),
    ("chicken-foot", "basic", {"tie_breaks": "shared", "set_size": 6}),
    ("chicken-foot", "kelley", {"match_length": "to-total", "target_total": 150}),
    ("mexican-train", "standard", {"double_blank": 25, "match_length": "to-total", "target_total": 200}),
]


@pytest.mark.parametrize(("game", "ruleset", "options"), CASES,
                         ids=[f"{g}-{r}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, r, o in CASES])
def test_a_whole_match_entered_tile_by_tile_scores_as_the_game_scored_it(game, ruleset, options):
    rules = Rules(game, ruleset, **options)
    players = 4 if game == "chicken-foot" or ruleset == "double-six" else 5
    for seed in (3, 8):
        played = play_match(rules, players, seed)
        match, rounds = played.match, [r.entry() for r in played.rounds]
        scored = sheet_of(rules, players, rounds).score()
        outcome = match.outcome
        assert [tuple(r["scores"]) for r in scored["rounds"]] == match.round_scores
        assert scored["totals"] == list(outcome.totals)
        assert scored["over"] and scored["reason"] == outcome.reason
        assert (tuple(scored["winners"]), scored["decided_by"]) == (outcome.winners, outcome.decided_by)
        assert [r["double"] for r in scored["rounds"]] == [r.double for r in played.rounds]


@pytest.mark.parametrize(("game", "ruleset"), [(g, r) for g, sets in RULE_SETS.items() for r in sets])
def test_the_same_match_entered_as_typed_pips_scores_the_same(game, ruleset):
    rules = Rules(game, ruleset)
    played = play_match(rules, 4, 5)
    match, rounds = played.match, [r.entry() for r in played.rounds]
    by_tiles = sheet_of(rules, 4, rounds).score()
    typed = [{**r, "hands": [str(v) for v in scored["values"]]} for r, scored in zip(rounds, by_tiles["rounds"])]
    assert sheet_of(rules, 4, typed).score()["totals"] == list(match.outcome.totals)


def test_rounds_start_on_each_double_from_the_top_in_the_rule_sets_order():
    rules = Rules("chicken-foot", "basic")
    rounds = [r.entry() for r in play_match(rules, 4, 2).rounds]
    assert [r["double"] for r in sheet_of(rules, 4, rounds).score()["rounds"]] == list(range(9, -1, -1))
    mexican = Rules("mexican-train", "standard")
    sheet = sheet_of(mexican, 4, [])
    assert sheet.score()["next_round"]["double"] == 12 and sheet.score()["rounds_planned"] == 13


def one_round(hands, out=None, on_double=False):
    return {"hands": hands, "out": out, "on_double": on_double}


@pytest.mark.parametrize(("ruleset", "options", "cost"), [("basic", {}, 50), ("pagat", {"double_blank": 25}, 25)])
def test_the_double_blank_counts_as_the_rules_say(ruleset, options, cost):
    sheet = sheet_of(Rules("chicken-foot", ruleset, **options), 2, [one_round([["0-0", "3-1"], []], out=1)])
    assert sheet.score()["rounds"][0]["scores"] == [cost + 4, 0]


def test_the_double_blank_is_not_in_a_hand_in_the_round_it_starts():
    rounds = [one_round([0, 5], out=0) for _ in range(9)] + [one_round([["0-0"], []], out=1)]
    with pytest.raises(SheetError) as refused:
        sheet_of(Rules("chicken-foot", "basic"), 2, rounds).score()
    assert (refused.value.code, refused.value.params["round"]) == ("starting-double", 10)


def test_kelleys_penalty_charges_going_out_on_a_double_only_where_chosen():
    round_ = one_round([0, ["6-2"], ["5-5"]], out=0, on_double=True)
    kelley = sheet_of(Rules("chicken-foot", "kelley"), 3, [round_]).score()
    basic = sheet_of(Rules("chicken-foot", "basic"), 3, [round_]).score()
    assert kelley["rounds"][0]["scores"] == [50, 8, 10] and kelley["penalty"] == 50
    assert basic["rounds"][0]["scores"] == [0, 8, 10] and basic["penalty"] == 0


def ten_rounds(first_nine, last):
    return [one_round(hands) for hands in first_nine] + [one_round(last)]


@pytest.mark.parametrize(("tie_breaks", "rounds", "winners", "decided_by"), [
    # equal totals of 20: seat 0 has nine zero-point rounds, seat 1 eight
    ("zero-rounds-then-lowest-round", ten_rounds([[0, 10], [20, 10]] + [[0, 0]] * 7, [0, 0]), [0], "zero-rounds"),
    # equal totals and zero rounds: seat 1's lowest non-zero round (5) beats seat 0's (8)
    ("zero-rounds-then-lowest-round", ten_rounds([[8, 5], [12, 15]] + [[0, 0]] * 7, [0, 0]), [1], "lowest-round"),
    ("zero-rounds-then-lowest-round", ten_rounds([[10, 10]] + [[0, 0]] * 8, [0, 0]), [0, 1], "shared"),
    ("shared", ten_rounds([[0, 10], [20, 10]] + [[0, 0]] * 7, [0, 0]), [0, 1], "shared"),
])
def test_equal_totals_are_decided_by_the_rule_sets_tie_breaks(tie_breaks, rounds, winners, decided_by):
    scored = sheet_of(Rules("chicken-foot", "basic", tie_breaks=tie_breaks), 2, rounds).score()
    assert scored["over"] and scored["totals"][0] == scored["totals"][1]
    assert (scored["winners"], scored["decided_by"]) == (winners, decided_by)


def test_the_leader_of_a_match_under_way_follows_the_same_tie_breaks():
    rounds = [one_round([0, 4, 30], out=0), one_round([12, 0, 5], out=1), one_round([0, 8, 1], out=0)]
    scored = sheet_of(Rules("chicken-foot", "basic"), 3, rounds).score()
    assert not scored["over"] and scored["winners"] is None
    assert scored["totals"] == [12, 12, 36] and scored["leaders"] == [0] and scored["decided_by"] == "zero-rounds"
    assert scored["next_round"]["double"] == 6


def test_a_match_to_a_total_ends_when_someone_reaches_it_and_no_round_counts_after():
    rules = Rules("chicken-foot", "basic", match_length="to-total", target_total=100)
    rounds = [one_round([0, 60], out=0), one_round([10, 45], out=None)]
    scored = sheet_of(rules, 2, rounds).score()
    assert scored["over"] and scored["reason"] == "target-reached" and scored["winners"] == [0]
    with pytest.raises(SheetError) as refused:
        sheet_of(rules, 2, rounds + [one_round([0, 3], out=0)]).score()
    assert refused.value.code == "after-the-end" and refused.value.params["round"] == 3


@pytest.mark.parametrize(("hand", "code"), [
    ("-4", "negative-pips"), (-4, "negative-pips"), ("abc", "not-a-number"), ("12.5", "not-a-number"),
    (True, "not-a-number"), ("9999999", "too-many-pips"), (600, "too-many-pips"), (["8-8", "x"], "bad-tile"),
    (["10-2"], "tile-not-in-set"), (["9-9"], "starting-double"), (["6-4", "4-6"], "tile-twice"),
])
def test_bad_pips_and_tiles_are_named_with_the_seat_and_nothing_else_is_lost(hand, code):
    sheet = sheet_of(Rules("chicken-foot", "basic"), 3, [])
    check = sheet.check_round(0, one_round(["7", hand, ["5-0"]]))
    assert [(p["code"], p["seat"]) for p in check.problems] == [(code, 2)]
    assert check.values[0] == 7 and check.values[2] == 5 and not check.complete


def test_a_round_larger_than_the_set_holds_is_refused():
    sheet = sheet_of(Rules("chicken-foot", "basic"), 3, [])
    most = sheet.check_round(0, one_round([None, None, None])).most
    assert most == 495 - 18 + 50  # every pip of double-nine, the double-blank at 50, less the [9-9] on the table
    check = sheet.check_round(0, one_round([str(most - 10), "6", "5"]))
    assert [p["code"] for p in check.problems] == ["round-too-big"] and check.problems[0]["total"] == most + 1


def test_the_player_who_went_out_has_no_tiles_left():
    check = sheet_of(Rules("chicken-foot", "basic"), 2, []).check_round(0, one_round(["5", "6"], out=1))
    assert [(p["code"], p["seat"]) for p in check.problems] == [("out-has-tiles", 2)]


@pytest.mark.parametrize(("players", "code"), [
    (["Ana"], "bad-players"), (["Ana", " "], "name-missing"), (["Ana", "ana"], "same-name"),
    (["Ana", "x" * 41], "name-too-long"), (["Ana", 7], "name-missing"), ([f"P{k}" for k in range(8)], "too-many-tiles"),
])
def test_bad_player_lists_are_refused_by_code(players, code):
    with pytest.raises(SheetError) as refused:
        Sheet.from_dict({"rules": {"game": "chicken-foot", "ruleset": "basic"}, "players": players, "rounds": []})
    assert refused.value.code == code


def test_a_name_is_kept_as_text_whatever_it_contains():
    name = "<img src=x onerror=alert(1)>"
    sheet = Sheet.from_dict({"rules": {"game": "chicken-foot"}, "players": [name, "Ben"], "rounds": []})
    assert sheet.players[0] == name and export_sheet(sheet)["players"][0] == name


def test_an_exported_sheet_imports_back_and_a_changed_or_foreign_file_is_refused():
    rules = Rules("chicken-foot", "kelley", double_blank=25)
    sheet = sheet_of(rules, 3, [one_round([0, ["6-2"], "14"], out=0)])
    exported = export_sheet(sheet)
    assert exported["format"] == SHEET_FORMAT and exported["rules"]["options"] == {"double_blank": 25}
    back = import_sheet(json.dumps(exported))
    assert back.score() == sheet.score()
    changed = {**exported, "rounds": [one_round([0, ["6-2"], "4"], out=0)]}
    refusals = {
        "tampered": json.dumps(changed),
        "not-a-sheet": json.dumps({"format": "domino-game-record", "version": 1}),
        "not-json": "{not json",
        "newer-version": json.dumps({**exported, "version": 2}),
    }
    for code, text in refusals.items():
        with pytest.raises(SheetError) as refused:
            import_sheet(text)
        assert refused.value.code == code
    with pytest.raises(SheetError) as deep:
        import_sheet("[" * 3000 + "]" * 3000)
    assert deep.value.code == "too-deep"


# --- through the browser bridge, as the score keeper and the play page call it ---------------------------


def call(method: str, **arguments) -> dict:
    from engine import bridge

    return json.loads(bridge.handle(method, json.dumps(arguments)))


def test_the_bridge_scores_a_sheet_and_names_the_round_and_seat_of_a_refusal():
    sheet = {"rules": {"game": "chicken-foot", "ruleset": "kelley"}, "players": ["Ana", " Ben  Bo "],
             "rounds": [one_round([0, ["6-2", "0-0"]], out=0, on_double=True)]}
    answer = call("scores_sheet", sheet=sheet)
    assert answer["ok"] and answer["sheet"]["players"] == ["Ana", "Ben Bo"]
    assert answer["score"]["totals"] == [50, 58] and answer["score"]["next_round"]["double"] == 8
    bad = call("scores_sheet", sheet={**sheet, "rounds": sheet["rounds"] + [one_round(["3", "-2"])]})
    assert (bad["ok"], bad["error"], bad["params"]) == (False, "negative-pips", {"round": 2, "seat": 2})


def test_the_bridge_counts_a_round_being_entered_tile_by_tile():
    sheet = {"rules": {"game": "mexican-train", "ruleset": "double-six"}, "players": ["A", "B", "C"]}
    answer = call("scores_round", sheet=sheet, index=0, entry={"hands": [["0-0", "5-4"], "", 0], "out": 2})
    assert answer["values"] == [59, None, 0] and answer["double"] == 6 and not answer["complete"]
    done = call("scores_round", sheet=sheet, index=0, entry={"hands": [["0-0", "5-4"], "7", 0], "out": 2})
    assert done["complete"] and done["scores"] == [59, 7, 0]


def test_the_bridge_exports_and_imports_a_sheet_and_refuses_a_changed_file():
    sheet = {"rules": {"game": "chicken-foot", "ruleset": "pagat", "options": {"double_blank": 25}},
             "players": ["Ana", "Ben"], "rounds": [one_round([["0-0"], 0], out=1)]}
    exported = call("scores_export", sheet=sheet)["file"]
    back = call("scores_import", text=json.dumps(exported))
    assert back["ok"] and back["score"]["totals"] == [25, 0]
    exported["rounds"][0]["hands"][0] = ["1-0"]
    assert call("scores_import", text=json.dumps(exported))["error"] == "tampered"


def test_a_new_game_takes_a_links_options_and_the_engine_refuses_a_bad_one_by_name():
    game = call("game_new", game="chicken-foot", ruleset="kelley", players=3, seed=1,
                options={"double_blank": 25, "drawing": "until-playable"})
    assert game["ok"] and game["state"]["rules"]["options"]["double_blank"] == 25
    assert game["state"]["rules"]["options"]["drawing"] == "until-playable"
    bad = call("game_new", game="chicken-foot", ruleset="kelley", players=3, seed=1, options={"double_blank": 30})
    assert (bad["error"], bad["params"]["option"]) == ("bad-option-value", "double_blank")
    unknown = call("game_new", game="mexican-train", players=3, seed=1, options={"chicken_little": True})
    assert (unknown["error"], unknown["params"]["option"]) == ("unknown-option", "chicken_little")
