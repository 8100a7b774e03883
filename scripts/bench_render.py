"""How long drawing the table takes, on CPython and on Pyodide: ``engine.svg.render`` runs in the browser's
worker after every move, so it must stay well under 50 ms there.

    python scripts/bench_render.py [--seconds 2] [--no-pyodide] [--json]

Positions are real, played by the engine's greedy players from fixed seeds: the deepest position (the one
with most tiles on the table) in the first hands of six seeds of an 8-player Mexican Train, a 4-player Chicken Foot (the default
game), a 6-player Kelley Chicken Foot, an 8-player Chicken Foot on a double-18 set (the biggest table the play page
offers) and a 4-player double chicken foot on a double-12 set. Each is drawn
fitted to a 344-px phone (every open end a target, with names on the trains) and freely (a rules page's
diagram). Times are the CPU time of a draw, in ms, from the fastest of many batches; Pyodide runs the same module under
Node through ``scripts/bench_engine_pyodide.js``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), HERE]

from engine import GreedyBot, Match, Rules  # noqa: E402
from engine.svg import render  # noqa: E402

FIT_WIDTH = 344
CASES = [  # name, game, rule set, players, options
    ("Mexican Train, 8 players", "mexican-train", "standard", 8, {}),
    ("Chicken Foot, 4 players", "chicken-foot", "basic", 4, {}),
    ("Chicken Foot, Kelley, 6 players", "chicken-foot", "kelley", 6, {}),
    ("Chicken Foot, 8 players, double-18", "chicken-foot", "pagat", 8, {"set_size": 18, "deal": 12}),
    ("Double chicken foot, double-12, 4 players", "chicken-foot", "pagat", 4,
     {"root_arms": "double-foot", "set_size": 12, "deal": 10}),
]
SEEDS = range(1, 7)


def deepest(game: str, ruleset: str, players: int, options: dict) -> tuple:
    """The layout with the most tiles in the first hands of ``SEEDS``, and the ends open then (the targets)."""
    best = None
    for seed in SEEDS:
        match = Match(Rules(game, ruleset, **options), players=players, seed=seed)
        bots = [GreedyBot() for _ in range(players)]
        hand = match.hand
        while not match.is_over and match.hand is hand:
            layout = match.view(match.turn).layout_dict()
            size = sum(len(line["tiles"]) for line in layout["lines"])
            if best is None or size > best[0]:
                best = (size, layout)
            match.push(bots[match.turn].choose(match.view(match.turn)))
    size, layout = best
    targets = [line["id"] for line in layout["lines"] if line["open"]]
    labels = {line["id"]: "Mexican train" if line["slot"] == "mx" else f"Computer {line['owner']}"
              for line in layout["lines"] if line["owner"] is not None or line["slot"] == "mx"}
    return size, layout, targets, labels


def _cpu_seconds() -> float:
    """CPU time of this process. Under Pyodide, time.process_time() follows the wall clock, which counts the
    time a shared machine gives to others; Node's process.cpuUsage() does not."""
    if sys.platform == "emscripten":
        import js  # Pyodide's bridge to the JavaScript side

        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


def _fastest_ms(draw, seconds: float) -> float:
    """The CPU time of one draw, in ms: the fastest of batches of draws (the one a shared machine disturbed
    least: even CPU time grows when other jobs evict the caches)."""
    draw()  # warm the caches, as the worker is after its first move
    started = _cpu_seconds()
    draw()
    batch = max(1, int(0.05 / max(_cpu_seconds() - started, 1e-4)))  # about 50 ms a batch
    times = []
    deadline = _cpu_seconds() + seconds
    while _cpu_seconds() < deadline or len(times) < 5:
        started = _cpu_seconds()
        for _ in range(batch):
            draw()
        times.append((_cpu_seconds() - started) / batch)
    return round(1000 * min(times), 2)


def measure_all(seconds: float = 2.0) -> dict:
    rows = []
    for name, game, ruleset, players, options in CASES:
        size, layout, targets, labels = deepest(game, ruleset, players, options)
        fitted = _fastest_ms(lambda: render(layout, title="t", desc="d", highlight_ends=targets, labels=labels,
                                           fit_width=FIT_WIDTH), seconds / len(CASES) / 2)
        free = _fastest_ms(lambda: render(layout, title="t", desc="d", highlight_ends=targets, labels=labels),
                          seconds / len(CASES) / 2)
        rows.append({"case": name, "tiles": size + 1, "targets": len(targets), "fitted_ms": fitted, "free_ms": free})
    return {"python": f"{platform.python_implementation()} {platform.python_version()}", "rows": rows}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent measuring, per runtime")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from bench_engine import run_pyodide  # CPython only: it starts Node

    elsewhere = None if args.no_pyodide else run_pyodide(args.seconds, "bench_render")
    runs = [measure_all(args.seconds)] + ([elsewhere] if elsewhere else [])
    if args.json:
        print(json.dumps(runs, indent=1))
        return 0
    print(f"{'runtime':40} {'position':44} {'tiles':>5} {'ends':>4} {'fitted ms':>9} {'free ms':>8}")
    for run in runs:
        for row in run["rows"]:
            print(f"{run['python']:40} {row['case']:44} {row['tiles']:5} {row['targets']:4} {row['fitted_ms']:9.2f} "
                  f"{row['free_ms']:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
