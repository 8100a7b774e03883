"""The tutorial's lessons, checked by the engine in CPython: each goal is reachable by its solution and only
then reached; wrong moves are refused by the rule they break; every word is in the ui catalog."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest

from engine import bridge
from engine.bridge.lessons import CHICKEN_FOOT_LESSONS, LESSONS, MEXICAN_TRAIN_LESSONS, Plural
from engine.rule_ids import RULE_PAGES
from engine.bridge.tutorial import TutorialSession, lesson_by_id, next_lesson_id

ROOT = Path(__file__).resolve().parents[2]
LESSON_IDS = [lesson.id for lesson in LESSONS]

# A wrong move per lesson, and the rule the engine must name for it (the rules page's anchor).
WRONG_MOVES = {
    "cf-set": ("8-3@n", "cf-matching"),
    "cf-starting-double": ("4-2@n", "cf-starting-double"),
    "cf-matching": ("6-4@n", "cf-matching"),
    "cf-drawing": ("pass", "cf-drawing"),
    "cf-unfinishable-foot": ("8-6@s", "cf-chicken-foot"),
    "cf-scoring": ("6-5@e", "cf-scoring"),
    "cf-rounds": ("draw", "cf-drawing"),
    "mt-engine": ("3-1@t1", "mt-trains"),
    "mt-first-turn": ("6-4@mx", "mt-mexican-train"),
    "mt-markers": ("draw", "mt-drawing"),
    "mt-doubles": ("3-1@t0", "mt-satisfy-double"),
    "mt-mexican-train": ("6-1@t1", "mt-trains"),
}


def test_there_are_eight_chicken_foot_and_five_mexican_train_lessons():
    assert len(CHICKEN_FOOT_LESSONS) >= 8 and len(MEXICAN_TRAIN_LESSONS) >= 5
    assert len(set(LESSON_IDS)) == len(LESSON_IDS)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_solution_reaches_the_goal_and_not_before_its_last_move(lesson_id):
    lesson = lesson_by_id(lesson_id)
    session = TutorialSession(lesson)
    assert not session.goal_reached()
    for number, move in enumerate(lesson.solution, 1):
        answer = session.try_move(move)
        assert answer["result"] == "played", (move, answer)
        assert session.goal_reached() == (number == len(lesson.solution)), move
    assert session.state()["complete"]


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_lesson_has_hints_rules_and_leads_on(lesson_id):
    lesson = lesson_by_id(lesson_id)
    assert lesson.hints and lesson.intro and lesson.task and lesson.success
    assert all(rule in RULE_PAGES for rule in lesson.rules)
    following = next_lesson_id(lesson_id)
    assert following == (LESSON_IDS[LESSON_IDS.index(lesson_id) + 1] if lesson_id != LESSON_IDS[-1] else None)


@pytest.mark.parametrize("lesson_id", sorted(WRONG_MOVES))
def test_a_wrong_move_is_refused_by_its_rule_and_changes_nothing(lesson_id):
    move, rule_id = WRONG_MOVES[lesson_id]
    session = TutorialSession(lesson_by_id(lesson_id))
    before = session.hand.to_position()
    answer = session.try_move(move)
    assert answer["result"] in ("illegal", "steered"), answer
    assert answer["rule_id"] == rule_id
    assert session.hand.to_position() == before


def test_chicken_foot_lesson_refuses_play_elsewhere_while_the_foot_is_open():
    session = TutorialSession(lesson_by_id("cf-chicken-foot"))
    session.try_move("5-5@n")
    answer = session.try_move("8-7@s")
    assert (answer["result"], answer["code"], answer["rule_id"]) == ("illegal", "foot-not-finished", "cf-chicken-foot")


def test_scoring_lesson_is_won_only_by_shedding_the_double_blank():
    session = TutorialSession(lesson_by_id("cf-scoring"))
    session.try_move("0-0@n")
    assert session.hand.outcome.scores[0] == 11 and session.goal_reached()


def test_rounds_lesson_winner_is_decided_by_zero_point_rounds_on_equal_totals():
    session = TutorialSession(lesson_by_id("cf-rounds"))
    session.try_move("4-1@n")
    result = session.match_result()
    assert result["totals"][0] == result["totals"][1]
    assert (result["winners"], result["decided_by"]) == ([0], "zero-rounds")


def test_a_move_out_of_turn_or_unreadable_is_refused_without_change():
    session = TutorialSession(lesson_by_id("cf-starting-double"))
    assert session.try_move("nonsense")["result"] == "invalid"
    session.try_move("9-7@w")
    session.hand.turn = 1
    assert session.try_move("4-2@n") == {"result": "invalid", "code": "not-your-turn", "detail": "4-2@n"}


@pytest.mark.parametrize("lesson_id", ["cf-set", "cf-drawing"])
def test_a_finished_lesson_is_frozen_nothing_playable_nothing_played(lesson_id):
    lesson = lesson_by_id(lesson_id)
    session = TutorialSession(lesson)
    for move in lesson.solution:
        session.try_move(move)
    state = session.state()
    assert state["complete"] and state["view"]["legal_moves"] == [] and not state["view"]["is_my_turn"]
    assert state["targets"] == []  # no end drawn as a target: nothing on the table looks playable
    before = session.hand.to_position()
    for move in ("draw", "pass", *(f"{a}-{b}@n" for a, b in state["view"]["hand"])):
        assert session.try_move(move)["code"] == "lesson-complete"
    assert session.hand.to_position() == before


def test_bridge_serves_a_lesson_its_board_and_a_refusal_with_its_rule():
    start = json.loads(bridge.handle("lesson_start", json.dumps(
        {"lesson_id": "cf-starting-double", "board_title": "Table", "board_desc": "The table"})))
    assert start["ok"] and 'data-end="w"' in start["board_svg"] and set(start["hand_svgs"]) == {"4-2", "9-7", "3-1"}
    refused = json.loads(bridge.handle("lesson_move", json.dumps({"move": "4-2@n"})))
    assert refused["answer"]["rule_id"] == "cf-starting-double"
    assert json.loads(bridge.handle("lesson_start", json.dumps(
        {"lesson_id": "nope", "board_title": "T", "board_desc": "D"})))["error"] == "unknown-lesson"


def _texts(text):
    """Every msgid of a lesson text: a plain msgid, a plural entry, or a paragraph of such sentences."""
    return [t for sentence in text for t in _texts(sentence)] if isinstance(text, tuple) else [text]


def test_every_lesson_word_is_a_msgid_of_the_ui_catalog_and_counts_with_plural_forms():
    entries = {entry.msgid: entry for entry in polib.pofile(str(ROOT / "i18n" / "templates" / "ui.pot"))}
    for lesson in LESSONS:
        texts = _texts((lesson.title, lesson.task, lesson.success, *lesson.intro, *lesson.hints,
                        *(steer.message for steer in lesson.steer)))
        for text in texts:
            if isinstance(text, Plural):
                entry = entries.get(text.msgid)
                assert entry is not None and entry.msgid_plural == text.plural, (lesson.id, text.msgid)
                assert text.count in lesson.numbers, (lesson.id, text.count)
            else:
                assert text in entries and not entries[text].msgid_plural, (lesson.id, text)


def test_the_first_lessons_figures_are_those_of_its_own_position():
    lesson = lesson_by_id("cf-set")
    hand = TutorialSession(lesson).hand
    assert lesson.numbers["hand"] == len(hand.hand_of(0)) == len(hand.hand_of(1))
    assert lesson.numbers["boneyard"] == len(hand.boneyard)
    assert lesson.numbers["tiles"] == len(hand.set_tiles())


def test_a_lesson_is_drawn_again_for_a_new_width_without_a_move():
    start = json.loads(bridge.handle("lesson_start", json.dumps(
        {"lesson_id": "cf-matching", "board_title": "Table", "board_desc": "The table", "fit_width": 360})))
    assert 'width="' in start["board_svg"].split(">", 1)[0]
    again = json.loads(bridge.handle("lesson_view", json.dumps({"fit_width": 150})))  # narrower: smaller tiles
    assert again["view"] == start["view"] and again["board_svg"] != start["board_svg"]
    assert json.loads(bridge.handle("lesson_view", json.dumps({"fit_width": "wide"})))["error"] == "bad-fit-width"
