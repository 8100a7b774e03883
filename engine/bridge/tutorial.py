"""A tutorial session: one lesson's position, the learner's moves checked by the rules, the lesson's goal
checked by the engine.

The learner is seat 0. Each move goes through the same ``push`` as any game, so an illegal move is refused by
the rule it breaks (``IllegalMoveError.rule_id``, the anchor of that rule on the rules page). A lesson may
also *steer*: refuse a legal move that misses its point (e.g. keeping the double-blank), with an explanation
and a rule id of its own. After the learner's move, the other seats answer with a deterministic bot until it
is the learner's turn again or the hand is over.
"""

from __future__ import annotations

from typing import Optional

from ..bots import GreedyBot
from ..errors import IllegalMoveError, InvalidMoveError, Refusal
from ..scoring import rank_winners
from ..moves import Move
from ..records import load_scenario
from ..view import PlayerView
from .lessons import LESSONS, Lesson, text_data

LEARNER = 0
MAX_BOT_MOVES = 200  # a lesson's opponents answer in a handful of moves; more means a broken lesson


class LessonError(Refusal):
    """An unknown lesson, or a request the session cannot serve; ``code`` is stable for the UI."""


def lesson_by_id(lesson_id: str) -> Lesson:
    for lesson in LESSONS:
        if lesson.id == lesson_id:
            return lesson
    raise LessonError("unknown-lesson", str(lesson_id))


def next_lesson_id(lesson_id: str) -> Optional[str]:
    ids = [lesson.id for lesson in LESSONS]
    position = ids.index(lesson_id)
    return ids[position + 1] if position + 1 < len(ids) else None


class TutorialSession:
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.hand = load_scenario(lesson.scenario)
        self.start = len(self.hand.log)
        self.bots = {seat: GreedyBot() for seat in range(self.hand.players) if seat != LEARNER}
        self._answer_opponents()

    # --- moves ------------------------------------------------------------------------------------------

    def try_move(self, text: str) -> dict:
        """Plays the learner's move. Answers ``{"result": "played" | "illegal" | "steered" | "invalid", ...}``;
        only ``played`` changes the position."""
        try:
            move = Move.parse(text)
        except InvalidMoveError as error:
            return {"result": "invalid", "code": error.code, "detail": str(error)}
        if self.goal_reached():  # a finished lesson is frozen: nothing more is played in it
            return {"result": "invalid", "code": "lesson-complete", "detail": str(move)}
        if self.hand.outcome is not None or self.hand.turn != LEARNER:
            return {"result": "invalid", "code": "not-your-turn", "detail": str(move)}
        for steer in self.lesson.steer:
            if steer.matches(move):
                if move not in self.hand.legal_moves():
                    break  # an illegal move is explained by the rule it breaks
                return {"result": "steered", "move": str(move), "message": text_data(steer.message),
                        "rule_id": steer.rule_id}
        before = len(self.hand.log)
        try:
            self.hand.push(move)
        except IllegalMoveError as error:
            return {"result": "illegal", "move": str(move), **error.to_dict()}
        self._answer_opponents()
        return {"result": "played", "move": str(move), "events": self.events_since(before)}

    def _answer_opponents(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            hand = self.hand
            if hand.outcome is not None or hand.turn == LEARNER:
                return
            seat = hand.turn
            hand.push(self.bots[seat].choose(PlayerView(hand, seat)))
        raise RuntimeError(f"lesson {self.lesson.id}: the opponents did not hand the turn back")

    def events_since(self, index: int) -> list[dict]:
        return PlayerView(self.hand, LEARNER).events(index)

    # --- the goal ---------------------------------------------------------------------------------------

    def learner_events(self) -> list[tuple]:
        return [entry for entry in self.hand.log[self.start:] if len(entry) > 1 and entry[1] == LEARNER]

    def match_result(self) -> Optional[dict]:
        """For a lesson set in a match's last round: the totals and winners once the hand is over."""
        match = self.lesson.match
        outcome = self.hand.outcome
        if match is None or outcome is None:
            return None
        round_scores = [tuple(scores) for scores in match["round_scores"]] + [tuple(outcome.scores)]
        totals = [sum(scores[seat] for scores in round_scores) for seat in range(self.hand.players)]
        winners, decided_by = rank_winners(totals, round_scores, self.hand.rules["tie_breaks"])
        return {"round_scores": [list(s) for s in round_scores], "totals": totals, "winners": list(winners),
                "decided_by": decided_by}

    def goal_reached(self) -> bool:
        return all(self._condition_met(condition) for condition in self.lesson.goal)

    def _condition_met(self, condition: dict) -> bool:
        kind = condition["type"]
        if kind == "event":
            entries = self.hand.log[self.start:] if condition.get("by") == "anyone" else self.learner_events()
            found = [e for e in entries if e[0] == condition["kind"]
                     and ("end" not in condition or (len(e) > 3 and e[3] == condition["end"]))]
            return len(found) >= condition.get("count", 1)
        outcome = self.hand.outcome
        if kind == "hand-over":
            if outcome is None:
                return False
            if "reason" in condition and outcome.reason != condition["reason"]:
                return False
            return outcome.scores[LEARNER] <= condition.get("learner_score_at_most", outcome.scores[LEARNER])
        if kind == "match-won":
            result = self.match_result()
            return result is not None and result["winners"] == [LEARNER] and (
                "decided_by" not in condition or result["decided_by"] == condition["decided_by"])
        raise LessonError("bad-goal", kind)

    # --- what the page draws ----------------------------------------------------------------------------

    def state(self) -> dict:
        view = PlayerView(self.hand, LEARNER).to_dict()
        done = self.goal_reached()
        lost = not done and (self.hand.outcome is not None or not view["legal_moves"])
        if done:  # frozen: no tile outlined as playable, no move offered, no end drawn as a target
            view["legal_moves"] = []
            view["is_my_turn"] = False
        return {
            "lesson": self.lesson.to_dict(),
            "next_lesson": next_lesson_id(self.lesson.id),
            "view": view,
            "targets": [] if done else self.targets(),
            "complete": done,
            "stuck": lost,  # the lesson can no longer be won: the page offers to restart it
            "match": self.match_result() if self.lesson.match else None,
            "previous_rounds": self.lesson.match["round_scores"] if self.lesson.match else None,
        }

    def targets(self) -> list[str]:
        """Every line end a tile could ever be laid on (the board draws them all; the rules decide which fit)."""
        hand = self.hand
        if hand.game == "chicken-foot":
            return [line.id for line in hand.lines.values() if line.end is not None]
        return [line.id for line in hand.lines.values()]
