"""The round review measured: points lost and grades per level, and the review's time per round (CPython).

    .venv/bin/python scripts/bench_review.py [--rounds 40] [--game chicken-foot] [--players 4]
        [--levels random,beginner,casual,careful,strong] [--samples 48] [--seed 0] [--json]
    .venv/bin/python scripts/bench_review.py --time-only 8     # CPython and Pyodide (under Node), same rounds

For each level, ``--rounds`` first rounds are played with that level at seat 0 against careful players (the
game's default rules); seat 0's decisions are reviewed (``engine/review.py``) and the script prints, per level:
the decisions, the share of them where the move played was not the review's best, percentiles of the points
lost by those, the grades under the current thresholds, the mean points lost per round, and the review's CPU
time per round (p50, p95, max). The thresholds (``review.INACCURACY``, ``MISTAKE``, ``BLUNDER``) are chosen
from these distributions: the engine README, "Round review", says how. Pyodide's time is measured by
``node scripts/bench_engine_pyodide.js . 12 bench_review`` (``measure_all``: the same rounds in
both; ``--pyodide`` here runs it and prints both). Chromium, as a reader waits it on the game page (phone and
desktop): ``scripts/bench_review_chromium.py``, on the same rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import make_bot  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.options import Rules  # noqa: E402
from engine.review import GRADES, Budget, review_round  # noqa: E402
from engine.rng import Rng  # noqa: E402


def played_round(rules: Rules, players: int, level: str, seed: int) -> Match:
    """One first round: ``level`` at seat 0, careful players elsewhere, dealt from ``seed``."""
    match = Match(rules, players, seed)
    bots = [make_bot(level if seat == 0 else "careful", seed * 31 + seat) for seat in range(players)]
    while not match.round_scores and not match.is_over:
        match.push(bots[match.turn].choose(match.view(match.turn)))
    return match


def percentile(values: list, share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(rules: Rules, players: int, level: str, rounds: int, seed: int, budget: Budget) -> dict:
    losses, every, times, round_losses, decisions = [], [], [], [], 0
    grades = dict.fromkeys(GRADES, 0)
    for number in range(rounds):
        match = played_round(rules, players, level, Rng.derived(seed, number).next32())
        started = time.process_time()
        answer = review_round(match, 0, budget=budget)
        times.append(time.process_time() - started)
        round_losses.append(answer["lost"])
        for decision in answer["decisions"]:
            decisions += 1
            grades[decision["grade"]] += 1
            every.append(decision["lost"] if decision["played"] != decision["best"] else 0.0)
            if decision["played"] != decision["best"]:
                losses.append(decision["lost"])
    return {"level": level, "rounds": rounds, "decisions": decisions,
            "not_best": round(len(losses) / max(1, decisions), 3),
            "lost_percentiles": {f"p{p}": round(percentile(losses, p / 100), 1) for p in (50, 75, 90, 95, 99)},
            # over every decision (0 where the move played was the best): P(lost >= x) for the thresholds
            "all_percentiles": {f"p{p}": round(percentile(every, p / 100), 1) for p in (80, 90, 95, 98, 99)},
            "grades": {grade: round(count / max(1, decisions), 3) for grade, count in grades.items()},
            "lost_per_round": round(statistics.mean(round_losses), 2),
            "seconds_per_round": {"p50": round(percentile(times, 0.5), 3), "p95": round(percentile(times, 0.95), 3),
                                  "max": round(max(times), 3)}}


def cpu_clock():
    """This process's CPU time: CPython's, or under Node (Pyodide) Node's own (``process.cpuUsage``), whose
    wall clock would count the other jobs of a busy machine."""
    try:
        import js  # Pyodide

        def node_cpu() -> float:
            used = js.process.cpuUsage()
            return (used.user + used.system) / 1e6

        node_cpu()
        return node_cpu
    except (ImportError, AttributeError):
        return time.process_time


def measure_all(seconds: float = 8) -> dict:
    """The review's time per round of 4-player Chicken Foot (careful players, seat 0 reviewed at the default
    budget), on ``max(4, seconds)`` rounds: the entry point ``scripts/bench_engine_pyodide.js`` calls, so
    CPython and Pyodide time the same rounds, in CPU time (``cpu_clock``)."""
    import platform

    rules = Rules("chicken-foot")
    clock = cpu_clock()
    times, decisions = [], []
    for number in range(max(4, int(seconds))):
        match = played_round(rules, 4, "careful", Rng.derived(7, number).next32())
        started = clock()
        answer = review_round(match, 0)
        times.append(clock() - started)
        decisions.append(len(answer["decisions"]))
    return {"python": platform.python_implementation() + " " + platform.python_version(), "rounds": len(times),
            "samples": Budget().samples, "decisions_per_round": round(statistics.mean(decisions), 1),
            "seconds_per_round": {"mean": round(statistics.mean(times), 3), "p50": round(percentile(times, 0.5), 3),
                                  "max": round(max(times), 3)}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--game", default="chicken-foot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--levels", default="random,beginner,casual,careful,strong")
    parser.add_argument("--samples", type=int, default=None, help="guesses per decision (default: the review's)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--time-only", type=int, default=None, metavar="ROUNDS",
                        help="only time the review of ROUNDS rounds, in CPython and in Pyodide under Node")
    args = parser.parse_args()
    if args.time_only is not None:
        import subprocess

        root = Path(__file__).resolve().parent.parent
        print("CPython:", json.dumps(measure_all(args.time_only)))
        node = subprocess.run(["node", str(root / "scripts" / "bench_engine_pyodide.js"), str(root),
                               str(args.time_only), "bench_review"], capture_output=True, text=True, check=False)
        print("Pyodide:", node.stdout.strip() or node.stderr.strip())
        return 0
    rules = Rules(args.game)
    budget = Budget.of_samples(args.samples)
    levels = args.levels.split(",")
    if args.json:
        rows = [measure(rules, args.players, level, args.rounds, args.seed, budget) for level in levels]
        print(json.dumps({"game": args.game, "players": args.players, "samples": budget.samples, "rows": rows},
                         indent=2))
        return 0
    print(f"{args.game}, {args.players} players, {args.rounds} rounds per level, {budget.samples} guesses a decision")
    header = f"{'level':<9} {'decis.':>6} {'!best':>6}  !best lost p50/75/90/95/99  all p80/90/95/98/99  " + \
        " ".join(f"{g[:6]:>6}" for g in GRADES) + "  lost/rnd  s/round p50 p95 max"
    print(header)
    for level in levels:  # each row as soon as it is measured
        row = measure(rules, args.players, level, args.rounds, args.seed, budget)
        lost = "/".join(f"{v:g}" for v in row["lost_percentiles"].values())
        every = "/".join(f"{v:g}" for v in row["all_percentiles"].values())
        grades = " ".join(f"{row['grades'][g]:>6.1%}" for g in GRADES)
        t = row["seconds_per_round"]
        print(f"{row['level']:<9} {row['decisions']:>6} {row['not_best']:>6.1%}  {lost:<26} {every:<20} {grades}  "
              f"{row['lost_per_round']:>8}  {t['p50']:.2f} {t['p95']:.2f} {t['max']:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
