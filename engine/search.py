"""The strongest computer player: determinized Monte Carlo search from its own seat's view.

For each decision with a real choice, the bot guesses the hidden tiles many times (``inference.py``: deals
consistent with what its seat has seen), and on each guess plays every candidate move followed by a quick
playout to the end of the hand; it picks the move with the best average result (its opponents' mean hand
score minus its own). Every candidate is tried on the same guesses, so their difference is measured, not
their luck.

The budget counts simulated moves, not seconds: the same view and seed give the same choice on any machine,
so a game replays exactly. A wall-clock cap stops the search only if it runs far over its usual time (a
safety net for a very slow device; ``stats["capped"]`` counts the times it fired). Measurements that must
replay exactly whatever the machine's load (the ladder) turn it off: ``cap_seconds = None``.
"""

from __future__ import annotations

import time

from .inference import DealSampler, determinized_hand, redeal
from .moves import CATCH, PLAY, Move
from .rng import Rng

# The budget is given in milliseconds of thinking in Pyodide in Chromium on the reference machine (the 2-core
# build machine, ``scripts/bench_levels.py``) and turned into simulated moves with this measured rate, so the
# search does the same work, and makes the same choice, everywhere.
NODES_PER_MS = 50
DEFAULT_BUDGET_MS = 100
CAP_FACTOR = 10  # the safety net: stop at this many times the budget in wall-clock time, and never before
MIN_CAP_SECONDS = 2.0  # two seconds (only a much slower device or a machine at full load gets there)
# The cap's clock: this process's CPU time, so other programs on a busy machine do not make it fire (on CPython;
# in the browser this clock follows the wall clock, which is what the reader waits).
CAP_CLOCK = time.process_time


class SearchBot:
    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: int | None = None, playout_limit: int = 400) -> None:
        self.seed = seed
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        if isinstance(self.budget_ms, bool) or not isinstance(self.budget_ms, int) or self.budget_ms < 1:
            raise ValueError(f"a thinking budget is a whole number of milliseconds, got {budget_ms!r}")
        self.nodes = self.budget_ms * NODES_PER_MS
        self.cap_seconds: float | None = max(MIN_CAP_SECONDS, CAP_FACTOR * self.budget_ms / 1000)
        self.playout_limit = playout_limit
        self.stats = {"decisions": 0, "searched": 0, "playouts": 0, "nodes": 0, "capped": 0, "relaxed": 0}

    def candidates(self, view) -> list[Move]:
        moves = view.legal_moves()
        for move in moves:
            if move.kind == CATCH:
                return [move]  # catching costs nothing and makes the victim draw
        announced = {(m.tile, m.end) for m in moves if m.kind == PLAY and m.announce}
        return [m for m in moves if not (m.kind == PLAY and not m.announce and (m.tile, m.end) in announced)]

    def choose(self, view) -> Move:
        self.stats["decisions"] += 1
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        values = self.evaluate(view, candidates)
        best = max(range(len(candidates)), key=lambda k: (values[k], -k))
        return candidates[best]

    def evaluate(self, view, candidates: list[Move]) -> list[float]:
        """The mean result of each candidate over the guesses the budget allows."""
        self.stats["searched"] += 1
        rng = Rng.derived(self.seed, view.round_index, view.event_count)
        sampler = DealSampler(view)
        deal = sampler.sample(rng)
        hand = determinized_hand(view, deal)
        me = view.seat
        totals = [0.0] * len(candidates)
        nodes = 0
        rounds = 0
        deadline = CAP_CLOCK() + self.cap_seconds if self.cap_seconds is not None else None
        while True:
            before = nodes
            for k, move in enumerate(candidates):
                hand.push(move)
                played = 1 + playout(hand, self.playout_limit)
                totals[k] += result(hand, me)
                for _ in range(played):
                    hand.pop()
                nodes += played
            rounds += 1
            if nodes + (nodes - before) > self.nodes:
                break  # another guess like this one would overrun the budget
            if deadline is not None and CAP_CLOCK() > deadline:
                self.stats["capped"] += 1
                break
            redeal(hand, sampler.sample(rng))
        self.stats["playouts"] += rounds * len(candidates)
        self.stats["nodes"] += nodes
        self.stats["relaxed"] += sampler.relaxed
        return [total / rounds for total in totals]


def playout(hand, limit: int) -> int:
    """Play the hand on with a quick greedy policy (the heaviest tile, announce, catch); returns the moves."""
    count = 0
    double_blank = hand.tile_value(0)
    legal_moves = hand.legal_moves
    push = hand.push
    while hand.outcome is None and count < limit:
        moves = legal_moves()
        move = moves[0]
        if len(moves) > 1:
            best = -1
            for candidate in moves:  # Move is (kind, tile, end, announce); indexing is the fast path
                kind = candidate[0]
                if kind == PLAY:
                    tile = candidate[1]
                    value = tile[0] + tile[1] or double_blank
                    value = 2 * value + candidate[3]
                    if value > best:
                        best, move = value, candidate
                elif kind == CATCH:
                    move = candidate
                    break
        push(move)
        count += 1
    return count


def result(hand, me: int) -> float:
    """My opponents' mean hand score minus mine: the hand's outcome, or the tiles in hand if cut short."""
    outcome = hand.outcome
    scores = outcome.scores if outcome is not None else [hand.hand_value(s) for s in range(hand.players)]
    others = (sum(scores) - scores[me]) / (len(scores) - 1)
    return others - scores[me]
