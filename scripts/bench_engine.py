"""Benchmark of the rules engine: random-playout matches, hands and moves per second, and the greedy
player's time per move, on CPython and on Pyodide under Node.

    python scripts/bench_engine.py [--seconds 3] [--no-pyodide] [--json]

Each measurement plays whole matches (4 players; Chicken Foot: pagat rules, double-nine, ten rounds;
Mexican Train: the standard rules, double-12, thirteen rounds) on one core for about ``--seconds``, every
rule enforced (each move is checked by ``push``). The same file runs inside Pyodide (see
``bench_engine_pyodide.js``), and both runtimes report the sha256 of one fixed game record, which must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# CPU time of this process: other work on a shared machine slows the wall clock, not this.
CLOCK = time.process_time

CASES = [("chicken-foot", "pagat"), ("mexican-train", "standard")]
PLAYERS = 4


def _random_playout(game: str, ruleset: str, seconds: float) -> dict:
    from engine import Match, RandomBot, Rules

    rules = Rules(game, ruleset)
    matches = hands = moves = 0
    seed = 0
    started = CLOCK()
    while True:
        match = Match(rules, PLAYERS, seed)
        bots = [RandomBot(seed * 8 + s) for s in range(PLAYERS)]
        match.play_out(bots)
        matches += 1
        hands += match.stats["hands"]
        moves += match.stats["moves"]
        seed += 1
        elapsed = CLOCK() - started
        if elapsed >= seconds:
            break
    return {"matches_per_second": matches / elapsed, "hands_per_second": hands / elapsed,
            "moves_per_second": moves / elapsed, "matches": matches, "moves": moves}


def _greedy_time_per_move(game: str, ruleset: str, seconds: float) -> float:
    """Microseconds the greedy bot takes to choose a move from a view (the push is not counted)."""
    from engine import GreedyBot, Match, Rules

    rules = Rules(game, ruleset)
    bot = GreedyBot()
    choosing = 0.0
    decisions = 0
    seed = 0
    clock = CLOCK
    started = clock()
    while clock() - started < seconds:
        match = Match(rules, PLAYERS, seed)
        while not match.is_over:
            view = match.view(match.turn)
            t0 = clock()
            move = bot.choose(view)
            choosing += clock() - t0
            decisions += 1
            match.push(move)
        seed += 1
    return 1e6 * choosing / max(decisions, 1)


def golden_record_sha() -> str:
    from engine import GreedyBot, Match, Rules, game_record

    match = Match(Rules("chicken-foot", "pagat"), 4, seed=2026)
    match.play_out([GreedyBot() for _ in range(4)])
    return game_record(match)["sha256"]


def measure_all(seconds: float) -> dict:
    results = {}
    for game, ruleset in CASES:
        row = _random_playout(game, ruleset, seconds)
        row["greedy_us_per_move"] = _greedy_time_per_move(game, ruleset, seconds / 2)
        results[game] = row
    return {"python": f"{platform.python_implementation()} {platform.python_version()}", "cases": results,
            "golden_sha256": golden_record_sha()}


def run_pyodide(seconds: float, module: str = "bench_engine") -> dict | None:
    """``module``'s ``measure_all(seconds)`` (a benchmark in scripts/), run in Pyodide under Node."""
    script = os.path.join(HERE, "bench_engine_pyodide.js")
    try:
        done = subprocess.run(["node", script, ROOT, str(seconds), module], capture_output=True, text=True,
                              timeout=900)
    except (OSError, subprocess.TimeoutExpired) as error:
        print(f"(Pyodide run skipped: {error})", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"(Pyodide run failed: {done.stderr.strip()[-500:]})", file=sys.stderr)
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def _table(runs: list[dict]) -> str:
    header = ["runtime", "game", "matches/s", "hands/s", "moves/s", "greedy µs/move"]
    rows = []
    for run in runs:
        for game, row in run["cases"].items():
            rows.append([run["python"], game, f"{row['matches_per_second']:.1f}", f"{row['hands_per_second']:.0f}",
                         f"{row['moves_per_second']:,.0f}", f"{row['greedy_us_per_move']:.1f}"])
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).rjust(w) if i > 1 else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths)))
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [measure_all(args.seconds)]
    if not args.no_pyodide:
        pyodide = run_pyodide(args.seconds)
        if pyodide is not None:
            runs.append(pyodide)
    if args.json:
        print(json.dumps(runs, indent=2))
        return 0
    print(f"{PLAYERS} players, random players, whole matches (Chicken Foot pagat double-nine 10 rounds; "
          f"Mexican Train standard double-12 13 rounds), one core, ~{args.seconds:g}s CPU time each; load average "
          f"{os.getloadavg()[0]:.1f}")
    print(_table(runs))
    shas = {run["python"]: run["golden_sha256"] for run in runs}
    same = len(set(shas.values())) == 1
    print(f"\nsame seed, same game on every runtime: {'yes' if same else 'NO'} (record sha256 {next(iter(shas.values()))[:16]}…)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
