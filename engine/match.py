"""A match: every round of a game, the running totals, zero-point rounds, tie-breaks and the winners.

Round ``r`` opens on the ``r``-th double from the top ([9-9], [8-8] … [0-0] with double-nine). With
``match_length: to-total`` the doubles cycle until a total reaches ``target_total``; that player loses and
the lowest total wins. All chance comes from ``seed``: round ``r`` is dealt from ``Rng.derived(seed, r)``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from .chicken_foot import ChickenFootHand
from .errors import IllegalMoveError
from .hand import Hand
from .mexican_train import MexicanTrainHand
from .moves import Move
from .options import CHICKEN_FOOT, MEXICAN_TRAIN, Rules
from .scoring import match_end, rank_winners, rounds_planned  # noqa: F401 - rank_winners stays importable here

HAND_TYPES = {CHICKEN_FOOT: ChickenFootHand, MEXICAN_TRAIN: MexicanTrainHand}


class MatchOutcome(NamedTuple):
    winners: tuple
    totals: tuple
    reason: str  # "all-rounds" or "target-reached"
    decided_by: str  # "total", "zero-rounds", "lowest-round" or "shared"

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "totals": list(self.totals), "reason": self.reason,
                "decided_by": self.decided_by}


class Match:
    """Rules + players + seed → every hand of the match. ``push``/``pop``/``legal_moves`` act on the current
    hand; a finished hand is scored and the next one dealt automatically."""

    def __init__(self, rules: Rules, players: int, seed: int = 0, *, _start: bool = True) -> None:
        rules.validate(players)
        self.rules = rules
        self.game = rules.game
        self.players = players
        self.seed = seed
        self.max_pip = rules.max_pip(players)
        self.totals = [0] * players
        self.round_scores: list[tuple] = []
        self.round_index = 0
        self.moves: list[Move] = []
        self.result: Optional[MatchOutcome] = None
        self.hand_outcomes: list = []
        self.stats = {"hands": 0, "turns": 0, "moves": 0, "blocked": 0, "feet": 0, "feet_unfinished": 0,
                      "late_feet": 0, "late_feet_unfinishable": 0}
        self._previous: Optional[Hand] = None  # the hand just finished, kept so pop() can reopen it
        self._finished_hand: Optional[Hand] = None
        self.hand: Hand = self._deal(0) if _start else None  # type: ignore[assignment]

    @property
    def rounds_planned(self) -> Optional[int]:
        return rounds_planned(self.rules, self.max_pip)

    def _deal(self, round_index: int) -> Hand:
        return HAND_TYPES[self.game](self.rules, self.players, round_index, None, self.seed)

    # --- play -------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        return [] if self.result is not None else self.hand.legal_moves()

    @property
    def turn(self) -> int:
        return self.hand.turn

    def push(self, move: Move | str) -> None:
        if move.__class__ is not Move:
            move = Move.parse(move)
        if self.result is not None:
            raise IllegalMoveError("hand-over", self.hand.rule_prefix + "rounds")
        self.hand.push(move)
        self.moves.append(move)
        if self.hand.outcome is not None:
            self._close_hand()

    def pop(self) -> Move:
        """Undo the last move, even the one that ended a hand."""
        if not self.hand.history:
            if self._previous is None:
                raise IndexError("no move to undo")
            self._reopen_previous()
        self.moves.pop()
        return self.hand.pop()

    def _close_hand(self) -> None:
        hand = self.hand
        outcome = hand.outcome
        for seat, score in enumerate(outcome.scores):
            self.totals[seat] += score
        self.round_scores.append(tuple(outcome.scores))
        self.hand_outcomes.append(outcome)
        self._count(hand, +1)
        reason = match_end(self.rules, self.max_pip, len(self.round_scores), self.totals)
        if reason is not None:
            winners, decided_by = rank_winners(self.totals, self.round_scores, self.rules["tie_breaks"])
            self.result = MatchOutcome(winners, tuple(self.totals), reason, decided_by)
            self._previous = None
            self._finished_hand = hand
            return
        self._previous = hand
        self.round_index += 1
        self.hand = self._deal(self.round_index)

    def _reopen_previous(self) -> None:
        hand = self._previous if self.result is None else self._finished_hand
        if self.result is None:
            self.round_index -= 1
        self.result = None
        outcome = self.hand_outcomes.pop()
        self.round_scores.pop()
        for seat, score in enumerate(outcome.scores):
            self.totals[seat] -= score
        self._count(hand, -1)
        self.hand = hand
        self._previous = None

    def _count(self, hand: Hand, sign: int) -> None:
        stats = self.stats
        stats["hands"] += sign
        stats["turns"] += sign * hand.turns
        stats["moves"] += sign * hand.moves_played
        stats["blocked"] += sign * (hand.outcome.reason == "blocked")
        if self.game == CHICKEN_FOOT:
            stats["feet"] += sign * (hand.feet_started + 1)  # the starting double is a foot too
            stats["feet_unfinished"] += sign * hand.outcome.unfinished_foot
            late, unfinishable = late_feet(hand.log)
            stats["late_feet"] += sign * late
            stats["late_feet_unfinishable"] += sign * unfinishable

    def outcome(self) -> Optional[MatchOutcome]:
        return self.result

    @property
    def last_finished_hand(self) -> Optional[Hand]:
        """The hand that ended most recently (still open to ``pop``), or None."""
        return self._finished_hand if self.result is not None else self._previous

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def view(self, seat: int):
        from .view import PlayerView

        return PlayerView(self.hand, seat, self)

    def play_out(self, bots, max_moves: int = 10_000_000) -> MatchOutcome:
        """Let ``bots`` (one per seat) play the match to its end; each sees only its seat's view."""
        moves = 0
        hand = None
        views: list = []
        while self.result is None:
            if self.hand is not hand:
                hand = self.hand
                views = [hand.view(seat) for seat in range(self.players)]
            seat = hand.turn
            self.push(bots[seat].choose(views[seat]))
            moves += 1
            if moves > max_moves:
                raise RuntimeError("the match did not end")
        return self.result


def late_feet(log: list) -> tuple[int, int]:
    """Chicken feet begun once the boneyard was empty, and how many of them could never be finished.

    Counted from the hand's event log after the hand, so play itself pays nothing for the statistic.
    """
    late_lines = {entry[3] for entry in log if entry[0] == "double_announced" and entry[4].get("boneyard") == 0}
    unfinishable = sum(1 for entry in log if entry[0] == "foot_unfinishable" and entry[3] in late_lines)
    return len(late_lines), unfinishable
