"""The round review's bridge methods: a finished round reviewed in slices, kept, summarised, saved; in
pass-and-play each person reviews their own round, from their own views, after a hand-over."""

from __future__ import annotations

import json

import pytest

from engine.bridge import handle
from engine.bridge.review_methods import METHODS

SAMPLES = 8  # the review's smallest useful budget: the tests check the plumbing, not the grades


def call(method: str, **arguments) -> dict:
    return json.loads(handle(method, json.dumps(arguments)))


def play_first_round(seed: int = 3, **setup) -> dict:
    """A new game whose people always lay their last listed move, played to the end of round 1."""
    answer = call("game_new", seed=seed, **setup)
    assert answer["ok"], answer
    while True:
        state = call("game_state")["state"]
        if state["round_over"]:
            return state
        if state["handoff"] is not None:
            call("game_reveal", seat=state["handoff"])
        elif state["is_my_turn"]:
            assert call("game_play", move=state["legal_moves"][-1]["text"])["answer"]["result"] == "played"
        else:
            call("game_bot_step", all=True)


def test_review_round_answers_the_contract_fields_for_the_last_finished_round():
    play_first_round(level="careful")
    answer = call("review_round", seat=0, samples=SAMPLES)
    assert answer["ok"] and answer["complete"] and answer["round"] == 1 and answer["seat"] == 0
    assert answer["done"] == answer["total"] == len(answer["decisions"]) > 0
    costly = [d for d in answer["decisions"] if d["grade"] in ("inaccuracy", "mistake", "blunder")]
    assert answer["lost"] == pytest.approx(sum(d["lost"] for d in costly), abs=0.11)
    assert sum(answer["by_kind"].values()) == pytest.approx(answer["lost"], abs=0.11)
    for decision in answer["decisions"]:
        assert set(decision) >= {"index", "played", "best", "lost", "grade", "confidence", "kind", "reason", "rule",
                                 "view", "legal"}
        assert decision["played"] in decision["legal"] and decision["best"] in decision["legal"]
        assert decision["lost"] >= 0 and 0 <= decision["confidence"] <= 1
        assert decision["view"]["seat"] == 0 and decision["view"]["is_my_turn"]
        assert set(decision["reason"]) == {"code", "params", "template"}
        if decision["played"] != decision["best"]:
            page, _, anchor = decision["rule"].partition("#")
            assert page and anchor and decision["kind"]
        if decision["grade"] != "fine":
            assert decision["view"]["pictures"]["table"].startswith("<svg")


def test_a_review_in_slices_reports_progress_and_ends_as_one_call_would():
    play_first_round(level="careful")
    first = call("review_round", seat=0, samples=SAMPLES, slice_ms=1)
    assert first["ok"] and not first["complete"] and 0 < first["done"] < first["total"]
    answer = first
    calls = 1
    while not answer["complete"]:
        answer = call("review_round", seat=0, samples=SAMPLES, slice_ms=1)
        calls += 1
    assert calls == answer["total"]  # one decision a slice: each call went on where the last stopped
    call("review_cancel")  # nothing under way: the kept review stays
    assert call("review_round", seat=0, samples=SAMPLES) == answer


def test_cancel_drops_the_review_under_way():
    play_first_round(level="careful")
    call("review_round", seat=0, samples=SAMPLES, slice_ms=1)
    assert call("review_cancel")["cancelled"] is True
    again = call("review_round", seat=0, samples=SAMPLES, slice_ms=1)
    assert again["done"] == 1  # started afresh


def test_the_summary_is_kept_in_the_save_and_back_after_a_reload():
    play_first_round(level="careful")
    assert call("review_summary", seat=0)["pending"] == [1]
    answer = call("review_round", seat=0, samples=SAMPLES)
    summary = call("review_summary", seat=0)
    assert summary["rounds"] == [{"round": 1, "lost": answer["lost"], "by_kind": answer["by_kind"],
                                  "samples": SAMPLES}]
    assert summary["lost"] == answer["lost"] and summary["pending"] == []
    save = call("game_save")["save"]
    assert save["review"]["seats"]["0"] == summary["rounds"]
    assert call("game_load", save=json.dumps(save))["ok"]
    assert call("review_summary", seat=0) == summary


def test_a_damaged_review_in_a_save_is_refused_like_any_damaged_field():
    play_first_round(level="careful")
    call("review_round", seat=0, samples=SAMPLES)
    save = call("game_save")["save"]
    save["review"]["seats"]["0"][0]["lost"] = "lots"
    answer = call("game_load", save=save)
    assert answer["error"] == "bad-record" and answer["params"]["field"] == "review"


def test_an_exported_record_keeps_the_review_summary_and_an_import_brings_it_back():
    play_first_round(level="careful")
    call("review_round", seat=0, samples=SAMPLES)
    summary = call("review_summary", seat=0)
    record = call("game_export")["record"]
    assert record["review"] == {"version": 1, "seats": {"0": summary["rounds"]}}
    imported = call("game_import", record=json.dumps(record))
    assert imported["ok"] and "review_left_out" not in imported
    assert call("review_summary", seat=0) == summary
    # the engine's own record reader takes it too (python -m engine replay)
    from engine.records import replay_record

    assert replay_record(record).moves


DAMAGES = [
    (lambda review: review["seats"]["0"][0].update(lost="lots"), "review-damaged"),
    (lambda review: review["seats"].update({"7": review["seats"]["0"]}), "review-damaged"),  # no such seat
    (lambda review: review["seats"]["0"][0].update(round=9), "review-damaged"),  # a round not played
    (lambda review: review.update(version=2), "review-newer"),
]


def test_a_damaged_review_in_a_record_is_left_out_with_a_word_and_the_game_imported():
    play_first_round(level="careful")
    call("review_round", seat=0, samples=SAMPLES)
    exported = call("game_export")["record"]
    for damage, code in DAMAGES:
        record = json.loads(json.dumps(exported))
        damage(record["review"])
        imported = call("game_import", record=record)
        assert imported["ok"] and imported["review_left_out"] == code
        assert imported["state"]["move_count"] == len(record["moves"])  # the game itself, whole
        assert call("review_summary", seat=0)["rounds"] == [] and call("review_summary", seat=0)["pending"] == [1]


def test_a_record_whose_game_was_changed_is_still_refused_with_a_review_beside_it():
    play_first_round(level="careful")
    call("review_round", seat=0, samples=SAMPLES)
    record = call("game_export")["record"]
    record["seed"] += 1
    assert call("game_import", record=record)["error"] == "tampered"


def test_refusals_name_the_problem():
    play_first_round(level="careful")
    assert call("review_round", seat=4)["error"] == "bad-arguments"
    refused = call("review_round", seat=0, round=2)
    assert refused["error"] == "no-round" and refused["params"]["rounds"] == 1
    assert call("review_round", seat=0, samples=2)["error"] == "bad-samples"
    call("game_new", seed=1)
    assert call("review_round", seat=0)["error"] == "no-round"


def own_views(seat: int, round_number: int = 1) -> dict:
    """Each ply of the round at which ``seat`` was to move -> that seat's own view (hand and legal moves), from a
    replay of the exported record: what the review of ``seat`` may show, and all it may know."""
    from engine.records import replay_record
    from engine.match import Match

    checked = replay_record(call("game_export")["record"])
    match = Match(checked.rules, checked.players, checked.seed)
    views, ply = {}, 0
    for move in checked.moves:
        if match.hand.round_index + 1 > round_number:
            break
        if match.turn == seat:
            view = match.view(seat)
            views[ply] = sorted(tile.to_list() for tile in view.hand)
        match.push(move)
        ply += 1
    return views


def test_pass_and_play_each_person_reviews_their_own_round_after_a_hand_over():
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "computer", "level": "careful"},
             {"kind": "human", "name": "Ben"}, {"kind": "computer", "level": "careful"}]
    state = play_first_round(seats=seats)
    viewer = state["viewer"]
    other = 2 if viewer == 0 else 0
    # the device is still the last person's: nobody else's review, nor summary
    assert call("review_round", seat=other, samples=SAMPLES)["error"] == "hand-hidden"
    assert call("review_summary", seat=other)["error"] == "hand-hidden"
    mine = call("review_round", seat=viewer, samples=SAMPLES)
    assert mine["ok"]
    # the hand-over: every hand hidden, nobody's review, until the next person says it is them
    hidden = call("review_hand_over")["state"]
    assert hidden["viewer"] is None and hidden["hand"] == [] and hidden["pictures"]["hand"] == {}
    assert call("review_round", seat=viewer, samples=SAMPLES)["error"] == "hand-hidden"
    shown = call("game_reveal", seat=other)["state"]
    assert shown["viewer"] == other and shown["hand"]
    answer = call("review_round", seat=other, samples=SAMPLES)
    assert answer["ok"] and answer["seat"] == other and answer["decisions"]
    # only their own views: at each decision their own hand then, and nothing of anyone else's
    views = own_views(other)
    for decision in answer["decisions"]:
        assert decision["view"]["seat"] == other
        assert sorted(decision["view"]["hand"]) == views[decision["index"]]
    assert call("review_summary", seat=other)["rounds"][0]["lost"] == answer["lost"]
    assert call("review_round", seat=viewer, samples=SAMPLES)["error"] == "hand-hidden"
    # the next round: whoever holds the device, its first person's hand waits for a hand-over
    call("game_next_round")
    state = call("game_state")["state"]
    while state["handoff"] is None and not state["is_my_turn"]:
        state = call("game_bot_step")["state"]
    assert state["handoff"] is not None and state["hand"] == []


def test_the_hand_over_is_refused_during_a_round_and_with_one_person():
    play_first_round(level="careful")
    assert call("review_hand_over")["error"] == "not-pass-and-play"
    seats = [{"kind": "human"}, {"kind": "human"}]
    assert call("game_new", seed=2, players=2, seats=seats)["ok"]
    assert call("review_hand_over")["error"] == "no-round-over"
    turn = call("game_state")["state"]["handoff"]
    assert call("game_reveal", seat=1 - turn)["error"] == "not-their-turn"  # during a round, only who is to move


def test_the_review_methods_are_registered():
    from engine.bridge.dispatch import METHODS as ALL

    assert set(METHODS) <= set(ALL)
