"""The review's estimate of one decision: each move's expected final round score for the seat that chose.

It is the strong level's determinized search (``search.py``) run from the seat's own ``PlayerView`` at that
moment: guesses at the hidden tiles drawn by ``inference.DealSampler`` (consistent with what the seat saw,
never with the real hidden tiles), each candidate played on the same guesses, then the strong level's quick
playout to the end of the round. Two things differ from the bot's choice:

- the value is the seat's **own round score** (the points left in its hand when the round ends, 0 when it goes
  out), so the difference between two moves is "points it cost you", in the round's own points;
- the guesses come in ``seeds`` independent streams, so the review can say how stable its ranking is: each
  stream names its own best move, and the share of streams naming the overall best is the confidence.

Every stream is seeded by the review's seed and the public position alone, so a review is reproducible.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from .inference import DealSampler, determinized_hand, redeal
from .rng import Rng
from .search import playout

REVIEW_SEED = 0x5EE  # the review's own streams, apart from the bots' and the hints'
PLAYOUT_LIMIT = 400  # as the strong level's
MIN_GUESSES = 4  # per stream, whatever the budget of moves


class Estimate(NamedTuple):
    """Per stream, each candidate's mean own round score (``per_seed[s][k]``); ``means[k]`` over all streams;
    ``guesses`` played per stream and ``nodes`` (moves simulated) in all."""

    per_seed: list
    means: list
    guesses: int = 0
    nodes: int = 0

    def best(self) -> int:
        """The candidate with the lowest expected score (the first listed among equals)."""
        return min(range(len(self.means)), key=lambda k: (self.means[k], k))

    def seed_bests(self) -> list[int]:
        return [min(range(len(values)), key=lambda k: (values[k], k)) for values in self.per_seed]


def own_score(hand, me: int) -> int:
    """The seat's round score: the hand's outcome, or the tiles still in hand if the playout was cut short."""
    outcome = hand.outcome
    return outcome.scores[me] if outcome is not None else hand.hand_value(me)


def estimate(view, candidates: list, seeds: int, guesses: int, seed: int = REVIEW_SEED,
             nodes: Optional[int] = None) -> Estimate:
    """Each candidate's mean own round score over ``seeds`` streams of ``guesses`` guesses each; with ``nodes``,
    every stream stops early once its guesses have simulated ``nodes / seeds`` moves (a count, not a clock: the
    same view gives the same estimate on any machine), after at least ``MIN_GUESSES``."""
    me = view.seat
    sampler = DealSampler(view)
    hand = None
    per_seed = []
    used = 0
    stream_nodes = None if nodes is None else nodes / seeds
    played_guesses = guesses
    for stream in range(seeds):
        rng = Rng.derived(seed, stream, view.round_index, view.event_count)
        totals = [0] * len(candidates)
        spent = 0
        count = 0
        while count < played_guesses:
            deal = sampler.sample(rng)
            if hand is None:
                hand = determinized_hand(view, deal)
            else:
                redeal(hand, deal)
            for k, move in enumerate(candidates):
                hand.push(move)
                played = 1 + playout(hand, PLAYOUT_LIMIT)
                totals[k] += own_score(hand, me)
                for _ in range(played):
                    hand.pop()
                spent += played
            count += 1
            if stream == 0 and stream_nodes is not None and count >= MIN_GUESSES and spent >= stream_nodes:
                played_guesses = count  # every stream plays as many guesses as the first one could afford
        used += spent
        per_seed.append([total / count for total in totals])
    means = [sum(values[k] for values in per_seed) / seeds for k in range(len(candidates))]
    return Estimate(per_seed, means, played_guesses, used)
