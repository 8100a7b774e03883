"""A match: every round of a game, the running totals, zero-point rounds, tie-breaks and the winners.

Round ``r`` opens on the ``r``-th double from the top ([9-9], [8-8] … [0-0] with double-nine). With
``match_length: to-total`` the doubles cycle until a total reaches ``target_total``; that player loses and
the lowest total wins. All chance comes from ``seed``: round ``r`` is dealt from ``Rng.derived(seed, r)``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

from .chicken_foot import ChickenFootHand
from .errors import ConfigError, IllegalMoveError, shown
from .hand import Hand, HandOutcome
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


MAX_SEED = 2**53 - 1  # seeds stay exact in JSON a browser reads (JavaScript numbers hold 53 bits)
MAX_ROUND_SCORE = 10**6  # far beyond any hand (a whole double-18 set holds 3,420 pips)


class Match:
    """Rules + players + seed → every hand of the match. ``push``/``pop``/``legal_moves`` act on the current
    hand; a finished hand is scored and the next one dealt automatically, and ``pop`` undoes any move back
    to the start, across the end of a hand or of the match.

    A match may start in a later round: ``round_index`` (0-based) with ``round_scores``, one row of seat
    scores per earlier round (their sums are the totals). Round ``r`` is always dealt from the seed, so such
    a match replays like any other.
    """

    def __init__(self, rules: Rules, players: int, seed: int = 0, *, round_index: int = 0,
                 round_scores: Sequence[Sequence[int]] = ()) -> None:
        rules.validate(players)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ConfigError(f"a seed is a whole number from 0 to {MAX_SEED}, not {shown(seed)}", "bad-seed",
                              seed=shown(seed))
        self.rules = rules
        self.game = rules.game
        self.players = players
        self.seed = seed
        self.max_pip = rules.max_pip(players)
        self.start_round, self.start_scores = self._check_start(round_index, round_scores)
        self.round_scores: list[tuple] = list(self.start_scores)
        self.totals = [sum(scores[seat] for scores in self.round_scores) for seat in range(players)]
        self.round_index = round_index
        self.moves: list[Move] = []
        self.stats = {"hands": 0, "turns": 0, "moves": 0, "blocked": 0, "feet": 0, "feet_unfinished": 0,
                      "late_feet": 0, "late_feet_unfinishable": 0}
        self._outcome: Optional[MatchOutcome] = None
        self._finished: list[Hand] = []  # every hand scored since the start, kept so pop() can reopen it
        self.hand: Hand = self._deal(round_index)

    def _check_start(self, round_index: int, round_scores) -> tuple[int, tuple]:
        planned = self.rounds_planned
        if isinstance(round_index, bool) or not isinstance(round_index, int) or round_index < 0 or (
                planned is not None and round_index >= planned) or round_index > MAX_ROUND_SCORE:
            limit = f"0 to {planned - 1}" if planned is not None else "0 or more"
            raise ConfigError(f"round_index must be a whole number from {limit}, not {shown(round_index)}",
                              "bad-start", field="round_index")
        try:
            rows = tuple(tuple(row) for row in round_scores)
        except TypeError:
            raise ConfigError("round_scores must list one row of seat scores per earlier round", "bad-start",
                              field="round_scores") from None
        if len(rows) != round_index or any(
                len(row) != self.players or any(isinstance(x, bool) or not isinstance(x, int)
                                                or not 0 <= x <= MAX_ROUND_SCORE for x in row) for row in rows):
            raise ConfigError(f"round_scores must give {round_index} earlier rounds, each {self.players} whole "
                              f"numbers from 0 to {MAX_ROUND_SCORE}", "bad-start", field="round_scores")
        totals = [0] * self.players
        for number, row in enumerate(rows, 1):
            totals = [total + score for total, score in zip(totals, row)]
            if match_end(self.rules, self.max_pip, number, totals) is not None:
                raise ConfigError(f"the match was already over after round {number}", "bad-start",
                                  field="round_scores")
        return round_index, rows

    @property
    def rounds_planned(self) -> Optional[int]:
        return rounds_planned(self.rules, self.max_pip)

    def _deal(self, round_index: int) -> Hand:
        return HAND_TYPES[self.game](self.rules, self.players, round_index, None, self.seed)

    # --- state ------------------------------------------------------------------------------------------

    @property
    def outcome(self) -> Optional[MatchOutcome]:
        """``None`` while the match goes on, then who won and how (``MatchOutcome``)."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def turn(self) -> int:
        return self.hand.turn

    @property
    def finished_hands(self) -> tuple[Hand, ...]:
        """Every hand scored since the match started, oldest first; the last is ``hand`` once the match is
        over (the final hand is not replaced)."""
        return tuple(self._finished)

    @property
    def last_finished_hand(self) -> Optional[Hand]:
        """The hand scored most recently (the table as it ended), or ``None`` before the first ends."""
        return self._finished[-1] if self._finished else None

    @property
    def hand_outcomes(self) -> tuple[HandOutcome, ...]:
        """How each hand in ``finished_hands`` ended."""
        return tuple(hand.outcome for hand in self._finished)

    # --- play -------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        return [] if self._outcome is not None else self.hand.legal_moves()

    def push(self, move: Move | str) -> None:
        if move.__class__ is not Move:
            move = Move.parse(move)
        if self._outcome is not None:
            raise IllegalMoveError("hand-over", self.hand.rule_prefix + "rounds")
        self.hand.push(move)
        self.moves.append(move)
        if self.hand.outcome is not None:
            self._close_hand()

    def pop(self) -> Move:
        """Undo the last move, even the one that ended a hand or the match; raises ``IndexError`` at the
        start."""
        if not self.moves:
            raise IndexError("no move to undo")
        if self._outcome is not None or not self.hand.history:
            self._reopen_last()
        self.moves.pop()
        return self.hand.pop()

    def peek(self) -> Optional[Move]:
        return self.moves[-1] if self.moves else None

    def _close_hand(self) -> None:
        hand = self.hand
        outcome = hand.outcome
        for seat, score in enumerate(outcome.scores):
            self.totals[seat] += score
        self.round_scores.append(tuple(outcome.scores))
        self._finished.append(hand)
        self._count(hand, +1)
        reason = match_end(self.rules, self.max_pip, len(self.round_scores), self.totals)
        if reason is not None:
            winners, decided_by = rank_winners(self.totals, self.round_scores, self.rules["tie_breaks"])
            self._outcome = MatchOutcome(winners, tuple(self.totals), reason, decided_by)
            return
        self.round_index += 1
        self.hand = self._deal(self.round_index)

    def _reopen_last(self) -> None:
        """Unscore the last finished hand and make it current again (the next hand, not yet played, goes)."""
        hand = self._finished.pop()
        if self._outcome is None:
            self.round_index -= 1
        self._outcome = None
        self.round_scores.pop()
        for seat, score in enumerate(hand.outcome.scores):
            self.totals[seat] -= score
        self._count(hand, -1)
        self.hand = hand

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

    def view(self, seat: int):
        from .view import PlayerView

        return PlayerView(self.hand, seat, self)

    def play_out(self, bots, max_moves: int = 10_000_000) -> MatchOutcome:
        """Let ``bots`` (one per seat) play the match to its end; each sees only its seat's view."""
        moves = 0
        hand = None
        views: list = []
        while self._outcome is None:
            if self.hand is not hand:
                hand = self.hand
                views = [hand.view(seat) for seat in range(self.players)]
            seat = hand.turn
            self.push(bots[seat].choose(views[seat]))
            moves += 1
            if moves > max_moves:
                raise RuntimeError("the match did not end")
        return self._outcome


def late_feet(log: list) -> tuple[int, int]:
    """Chicken feet begun once the boneyard was empty, and how many of them could never be finished.

    Counted from the hand's event log after the hand, so play itself pays nothing for the statistic.
    """
    late_lines = {entry[3] for entry in log if entry[0] == "double_announced" and entry[4].get("boneyard") == 0}
    unfinishable = sum(1 for entry in log if entry[0] == "foot_unfinishable" and entry[3] in late_lines)
    return len(late_lines), unfinishable
