"""The "Playing well" lessons: one per tip of the Strategy page, each a position in which the tip's move is the
strong level's choice from the learner's own view, whatever its seed, and the only move the lesson accepts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.bridge.strategy_lessons import GROUP, STRATEGY_LESSONS
from engine.bridge.lessons import LESSONS
from engine.bridge.tutorial import TutorialSession
from engine.rule_ids import RULE_PAGES, STRATEGY_PAGE
from engine.search import SearchBot
from engine.tiles import Tile
from engine.view import PlayerView

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (1, 2, 3, 4)  # independent searches (each guesses the hidden tiles its own way)
TIPS = ("double-blank-early", "heavy-tiles-early", "double-against-last-tile", "keep-an-answer",
        "count-before-a-double")
IDS = [lesson.id for lesson in STRATEGY_LESSONS]


def strategy_anchors() -> list[str]:
    return re.findall(r"^## .+ \{#([a-z0-9-]+)\}$", (ROOT / "docs" / "strategy.md").read_text(encoding="utf-8"), re.M)


def test_one_lesson_per_tip_each_linking_its_section_of_the_strategy_page():
    assert [lesson.rules[0] for lesson in STRATEGY_LESSONS] == list(TIPS)
    assert set(TIPS) <= set(strategy_anchors())
    assert all(RULE_PAGES[tip] == STRATEGY_PAGE for tip in TIPS)
    for lesson in STRATEGY_LESSONS:
        assert {steer.rule_id for steer in lesson.steer} == {lesson.rules[0]}, lesson.id


def test_the_strategy_lessons_come_after_every_rules_lesson_in_their_own_group():
    groups = [lesson.map_group for lesson in LESSONS]
    first = groups.index(GROUP)
    assert first >= 13 and set(groups[first:]) == {GROUP} and len(groups) - first >= 5


@pytest.mark.parametrize("lesson", STRATEGY_LESSONS, ids=IDS)
def test_the_tips_move_is_the_strong_levels_choice_from_the_learners_view_for_every_seed(lesson):
    view = PlayerView(TutorialSession(lesson).hand, 0)
    picks = {str(SearchBot(seed).choose(view)) for seed in SEEDS}
    assert picks == {lesson.solution[0]}


@pytest.mark.parametrize("lesson", STRATEGY_LESSONS, ids=IDS)
def test_every_other_legal_move_is_refused_with_the_tips_reason_and_changes_nothing(lesson):
    session = TutorialSession(lesson)
    before = session.hand.to_position()
    others = sorted(str(move) for move in session.hand.legal_moves() if str(move) != lesson.solution[0])
    assert others and sorted(move for steer in lesson.steer for move in steer.moves) == others
    for move in others:
        answer = session.try_move(move)
        assert (answer["result"], answer["rule_id"]) == ("steered", lesson.rules[0]), move
    assert session.hand.to_position() == before


def test_the_lessons_counts_are_those_of_their_positions():
    by_id = {lesson.id: lesson for lesson in STRATEGY_LESSONS}
    for lesson_id in ("st-double-blank", "st-heavy-tiles"):
        hand = TutorialSession(by_id[lesson_id]).hand
        assert by_id[lesson_id].numbers["opponent_tiles"] == len(hand.hand_of(1))
    count = by_id["st-count-before-a-double"]
    hand = TutorialSession(count).hand
    sixes = [tile for tile in PlayerView(hand, 0).played_tiles() if 6 in (tile.high, tile.low)]
    outside = [tile for tile in hand.set_tiles() if 6 in (tile.high, tile.low) and tile not in sixes
               and tile != Tile(6, 6)]
    assert count.numbers["sixes_on_table"] == len(sixes) and count.numbers["sixes_left"] == len(outside) < 3


def test_a_double_against_a_last_tile_makes_the_opponent_draw_instead_of_going_out():
    lesson = next(lesson for lesson in STRATEGY_LESSONS if lesson.id == "st-double-last-tile")
    session = TutorialSession(lesson)
    kinds = [(event["kind"], event["seat"]) for event in session.try_move(lesson.solution[0])["events"]]
    assert ("drew", 1) in kinds and ("passed", 1) in kinds and session.hand.outcome is None


def test_the_keep_an_answer_lesson_opens_after_the_opponent_drew_and_passed():
    lesson = next(lesson for lesson in STRATEGY_LESSONS if lesson.id == "st-keep-an-answer")
    kinds = [entry[0] for entry in TutorialSession(lesson).hand.log if len(entry) > 1 and entry[1] == 1]
    assert "drew" in kinds and "passed" in kinds
