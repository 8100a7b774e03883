"""The round review: every decision one seat made in one round, graded by the points it cost in expectation.

For each move the seat made with a real choice (two or more of the strong level's candidates), the review
estimates from the seat's own view at that moment (``review_search.py``: guesses at the hidden tiles, never
the tiles themselves) the expected final round score of each candidate, and the move played is compared with
the best: ``lost`` = expected score of the move played minus that of the best (points, >= 0).

Grades (points lost; thresholds measured, see the engine README, "Round review"):
``fine`` below ``INACCURACY``, ``inaccuracy`` below ``MISTAKE``, ``mistake`` below ``BLUNDER``, else
``blunder``; ``too-close`` when the guess streams do not agree that the move played was worse (some stream
found it as good as the best), so the review will not call it a loss. A round's ``lost`` (and ``by_kind``) adds
up the decisions graded inaccuracy or worse: a fine or too-close one costs nothing that can be named.

``RoundReview`` reviews one decision per ``step()`` so a caller can report progress, cancel between decisions
or spread the work over several calls (the browser's worker does); ``review_round`` runs it to the end.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional

from .errors import ConfigError
from .hint_reasons import REASONS, explain
from .match import Match
from .moves import Move
from .review_kinds import KINDS, REVIEW_REASONS, classify, reason_for, rule_of
from .review_search import estimate
from .search import SearchBot
from .view import PlayerView

INACCURACY = 5.0  # points (how these were chosen: engine README, "Round review")
MISTAKE = 10.0
BLUNDER = 20.0
_STRONG = SearchBot()  # for its candidate moves only
GRADES = ("fine", "inaccuracy", "mistake", "blunder", "too-close")
COSTLY = ("inaccuracy", "mistake", "blunder")


class Budget(NamedTuple):
    """How hard the review looks at each decision: ``seeds`` independent streams of up to ``guesses`` guesses,
    cut short once the first stream has simulated ``nodes / seeds`` moves (never below four guesses a stream).
    The default keeps a 4-player Chicken Foot round under 5 s in Pyodide (engine README, "Round review")."""

    seeds: int = 4
    guesses: int = 24
    nodes: Optional[int] = 24_000

    @property
    def samples(self) -> int:
        return self.seeds * self.guesses

    @classmethod
    def of_samples(cls, samples: Optional[int]) -> "Budget":
        """The budget for ``samples`` guesses a decision (shared by four streams, the moves cap in
        proportion), or the default."""
        if samples is None:
            return cls()
        if isinstance(samples, bool) or not isinstance(samples, int) or not 4 <= samples <= 4096:
            raise ConfigError(f"samples must be a whole number from 4 to 4096, not {samples!r}", "bad-samples",
                              samples=str(samples)[:20])
        default = cls()
        return cls(4, samples // 4, default.nodes * samples // default.samples)


def grade_of(lost: float, stable: bool) -> str:
    if lost < INACCURACY:
        return "fine"
    if not stable:
        return "too-close"
    if lost < MISTAKE:
        return "inaccuracy"
    return "mistake" if lost < BLUNDER else "blunder"


def finished_rounds(match: Match) -> list[int]:
    """The numbers (1-based, as the round-over panel says) of the rounds the match has played to the end."""
    return list(range(match.start_round + 1, len(match.round_scores) + 1))


def fresh_copy(match: Match) -> Match:
    return Match(match.rules, match.players, match.seed, round_index=match.start_round,
                 round_scores=match.start_scores)


def candidates_of(view, played: Move) -> list[Move]:
    """The strong level's candidates (``SearchBot.candidates``), with the move played among them."""
    moves = _STRONG.candidates(view)
    return moves if played in moves else moves + [played]


class RoundReview:
    """The review of ``seat``'s decisions in round ``round_number`` (1-based) of ``match`` (a finished round).
    Works on a replayed copy: ``match`` itself is never moved."""

    def __init__(self, match: Match, seat: int, round_number: Optional[int] = None,
                 budget: Budget = Budget()) -> None:
        rounds = finished_rounds(match)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
            raise ConfigError(f"no seat {seat!r} in a {match.players}-player game", "bad-seat", seat=str(seat)[:20])
        if round_number is None:
            if not rounds:
                raise ConfigError("no round has been played to the end yet", "no-round", round=None, rounds=0)
            round_number = rounds[-1]
        if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number not in rounds:
            raise ConfigError(f"round {round_number!r} has not been played to the end (rounds played: "
                              f"{', '.join(map(str, rounds)) or 'none'})", "no-round", round=str(round_number)[:20],
                              rounds=len(rounds))
        self.match = match
        self.seat = seat
        self.round = round_number
        self.budget = budget
        self.decisions: list[dict] = []
        self._copy, self._next = self._replay_to_round()
        self._first = self._next  # the round's first move in match.moves
        self.total = self._count_decisions()
        self.done = 0

    def _replay_to_round(self) -> tuple[Match, int]:
        copy = fresh_copy(self.match)
        index = 0
        while copy.hand.round_index + 1 < self.round:
            copy.push(self.match.moves[index])
            index += 1
        return copy, index

    def _in_round(self, copy: Match, index: int) -> bool:
        return index < len(self.match.moves) and copy.hand.round_index + 1 == self.round and not copy.is_over

    def _count_decisions(self) -> int:
        copy, index = self._replay_to_round()
        count = 0
        while self._in_round(copy, index):
            move = self.match.moves[index]
            if copy.turn == self.seat and len(candidates_of(copy.view(self.seat), move)) > 1:
                count += 1
            copy.push(move)
            index += 1
        return count

    @property
    def complete(self) -> bool:
        return self.done >= self.total

    def step(self) -> Optional[dict]:
        """Review the next decision and return it, or ``None`` when the round is done."""
        copy = self._copy
        while self._in_round(copy, self._next):
            move = self.match.moves[self._next]
            ply = self._next - self._first
            decision = None
            if copy.turn == self.seat:
                view = PlayerView(copy.hand, self.seat, copy)
                candidates = candidates_of(view, move)
                if len(candidates) > 1:
                    decision = judge(view, candidates, move, self.budget)
                    decision["index"] = ply
            copy.push(move)
            self._next += 1
            if decision is not None:
                self.decisions.append(decision)
                self.done += 1
                return decision
        self.done = self.total
        return None

    def run(self, progress: Optional[Callable[[int, int], None]] = None,
            cancelled: Optional[Callable[[], bool]] = None) -> Optional[dict]:
        """Every decision left; ``progress(done, total)`` after each; ``None`` if ``cancelled()`` said stop."""
        while not self.complete:
            if cancelled is not None and cancelled():
                return None
            self.step()
            if progress is not None:
                progress(self.done, self.total)
        return self.answer()

    def answer(self) -> dict:
        costly = [d for d in self.decisions if d["grade"] in COSTLY]
        by_kind: dict[str, float] = {}
        for decision in costly:
            by_kind[decision["kind"]] = round(by_kind.get(decision["kind"], 0) + decision["lost"], 1)
        return {"seat": self.seat, "round": self.round, "lost": round(sum(d["lost"] for d in costly), 1),
                "by_kind": by_kind, "samples": self.budget.samples, "decisions": list(self.decisions)}


def judge(view, candidates: list[Move], played: Move, budget: Budget) -> dict:
    """One decision graded: the move played against the best of ``candidates`` from ``view``."""
    found = estimate(view, candidates, budget.seeds, budget.guesses, nodes=budget.nodes)
    best_k = found.best()
    played_k = candidates.index(played)
    best = candidates[best_k]
    lost = max(0.0, found.means[played_k] - found.means[best_k])
    bests = found.seed_bests()
    stable = all(values[played_k] > values[best_k] for values in found.per_seed)
    legal = view.legal_moves()
    # the moves as texts (the command line, records) and as data (the page names and compares them as data)
    decision = {"played": str(played), "best": str(best), "played_move": played.to_dict(), "best_move": best.to_dict(),
                "lost": round(lost, 1),
                "grade": "fine" if best_k == played_k else grade_of(lost, stable),
                "confidence": round(sum(1 for k in bests if k == best_k) / len(bests), 2),
                "kind": None, "reason": None, "rule": None,
                "view": {**view.to_dict(), "last_played": last_played(view)}, "legal": [str(m) for m in legal]}
    hint_code, hint_params = explain(view, legal, best)
    if best_k == played_k:
        decision["reason"] = {"code": hint_code, "params": hint_params, "template": REASONS[hint_code]}
        return decision
    kind = classify(view, played, best, hint_code)
    reason = reason_for(kind, view, played, best, hint_code, hint_params)
    reason["template"] = REVIEW_REASONS.get(reason["code"]) or REASONS[reason["code"]]
    decision.update(kind=kind, reason=reason, rule=rule_of(kind, view.game))
    return decision


def last_played(view) -> Optional[dict]:
    """The last tile laid this round (the page outlines it, as in the game), or None."""
    for entry in reversed(view.public_events()):
        if entry[0] == "tile_played":
            return {"seat": entry[1], "tile": entry[2].to_list(), "end": entry[3]}
    return None


def review_round(match: Match, seat: int, round_number: Optional[int] = None, budget: Budget = Budget(),
                 progress=None, cancelled=None) -> Optional[dict]:
    return RoundReview(match, seat, round_number, budget).run(progress, cancelled)


def summary_of(answer: dict) -> dict:
    """What the match summary keeps of a round's review (and the save with it)."""
    return {"round": answer["round"], "lost": answer["lost"], "by_kind": dict(answer["by_kind"]),
            "samples": answer["samples"]}


def kind_labels() -> dict:
    """Each kind code's English label (a ui msgid), for a summary's ``by_kind``."""
    return {code: label for code, (label, _, _) in KINDS.items()}
