"""How clearly the strong level prefers each "Playing well" lesson's move, from the learner's own view.

For each lesson, the search's mean result of every legal move over many seeds (opponents' mean hand score minus
the learner's, in points; the search bot's own measure), how many seeds pick the lesson's move, and its margin
over the next best move. CI checks a few seeds at the usual budget (tests/tutorial/test_strategy_lessons.py);
this runs more, at any budget:

    .venv/bin/python scripts/bench_strategy_lessons.py --seeds 40 --budget 100
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bridge.strategy_lessons import STRATEGY_LESSONS  # noqa: E402
from engine.bridge.tutorial import TutorialSession  # noqa: E402
from engine.search import SearchBot  # noqa: E402
from engine.view import PlayerView  # noqa: E402


def measure(lesson, seeds: range, budget_ms: int) -> dict:
    view = PlayerView(TutorialSession(lesson).hand, 0)
    values: dict[str, list[float]] = {}
    agree = 0
    for seed in seeds:
        bot = SearchBot(seed, budget_ms=budget_ms)
        bot.cap_seconds = None  # the same work whatever the machine's load
        candidates = bot.candidates(view)
        results = bot.evaluate(view, candidates)
        best = max(range(len(candidates)), key=lambda k: (results[k], -k))
        agree += str(candidates[best]) == lesson.solution[0]
        for move, value in zip(candidates, results):
            values.setdefault(str(move), []).append(value)
    means = {move: statistics.fmean(xs) for move, xs in values.items()}
    tip = means.pop(lesson.solution[0])
    runner_up = max(means, key=means.get)
    return {"agree": agree, "tip": tip, "runner_up": runner_up, "margin": tip - means[runner_up],
            "moves": len(means) + 1}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="independent searches per lesson")
    parser.add_argument("--budget", type=int, default=100, help="thinking budget in ms (the strong level's: 100)")
    args = parser.parse_args()
    print(f"{'lesson':26} {'moves':>5} {'agree':>7} {'tip':>7} {'margin':>7}  next best")
    for lesson in STRATEGY_LESSONS:
        started = time.perf_counter()
        row = measure(lesson, range(1, args.seeds + 1), args.budget)
        print(f"{lesson.id:26} {row['moves']:5} {row['agree']:3}/{args.seeds:<3} {row['tip']:7.2f} "
              f"{row['margin']:7.2f}  {row['runner_up']}  ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
