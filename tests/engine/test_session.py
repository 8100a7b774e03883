"""The browser worker's session: JSON answers from the human's seat, bots moving in between, undo."""

import json

from engine.session import Session


def test_a_session_answers_from_the_human_seat_and_bots_move_until_the_human_is_to_move():
    session = Session("chicken-foot", "pagat", players=4, seed=3, humans=(0,), bots=["greedy"])
    answer = session.snapshot()
    json.dumps(answer)
    assert answer["view"]["seat"] == 0 and answer["view"]["is_my_turn"]
    assert answer["events"][0]["kind"] == "hand_started"
    first = answer["view"]["legal_moves"][0]["text"]
    after = session.play(first)
    assert after["ok"] and after["view"]["is_my_turn"]
    played = [e for e in after["events"] if e["kind"] == "tile_played"]
    assert played[0]["seat"] == 0 and len({e["seat"] for e in played}) >= 1


def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing():
    session = Session("chicken-foot", "pagat", players=4, seed=3)
    before = session.snapshot()["view"]
    answer = session.play("0-0@zz")
    assert not answer["ok"] and answer["error"]["rule_id"] in ("cf-play", "cf-matching", "cf-starting-double")
    assert answer["view"]["hand"] == before["hand"]
    assert session.play("not a move")["error"]["code"] == "unknown-move"


def test_undo_takes_back_the_human_move_and_the_bot_replies():
    session = Session("mexican-train", "standard", players=3, seed=5, bots=["random"])
    start = session.snapshot()["view"]
    session.play(start["legal_moves"][0]["text"])
    answer = session.undo()
    assert answer["ok"] and answer["view"]["hand"] == start["hand"]
    assert answer["view"]["layout"] == start["layout"]


def test_a_whole_match_can_be_played_through_the_session():
    session = Session("mexican-train", "double-six", players=2, seed=1, bots=["greedy"])
    answer = session.snapshot()
    while not answer["match_over"]:
        answer = session.play(answer["view"]["legal_moves"][0]["text"])
        assert answer["ok"]
    assert answer["match_outcome"]["winners"]
    assert session.record()["format"] == "domino-game-record"


def test_a_lesson_is_a_session_on_a_scenario():
    scenario = {"format": "domino-scenario", "version": 1, "game": "chicken-foot", "ruleset": "basic",
                "options": {"set_size": 6}, "players": 2, "root": "6-6", "hands": [["6-1", "1-1"], ["5-0"]],
                "turn": 0, "seed": 2}
    session = Session.from_scenario(scenario)
    answer = session.snapshot()
    assert [m["text"] for m in answer["view"]["legal_moves"]] == ["6-1@n", "6-1@e", "6-1@s", "6-1@w"]
    answer = session.play("6-1@e")
    assert answer["ok"]
