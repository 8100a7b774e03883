"""How long drawing the table takes, on CPython and on Pyodide: ``engine.svg.render`` runs in the browser's
worker after every move, so it must stay well under 50 ms there.

    python scripts/bench_render.py [--seconds 2] [--no-pyodide] [--json]

Positions are real, played by the engine's greedy players from fixed seeds: the deepest position (the one
with most tiles on the table) in the first hands of six seeds of an 8-player Mexican Train, a 4-player Chicken Foot (the default
game), a 6-player Kelley Chicken Foot and a 4-player double chicken foot on a double-12 set. Each is drawn
fitted to a 344-px phone (every open end a target, with names on the trains) and freely (a rules page's
diagram). Times are the median of repeated draws, in ms of wall time; Pyodide runs the same module under
Node through ``scripts/bench_engine_pyodide.js``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from engine import GreedyBot, Match, Rules  # noqa: E402
from engine.svg import render  # noqa: E402

FIT_WIDTH = 344
CASES = [  # name, game, rule set, players, options
    ("Mexican Train, 8 players", "mexican-train", "standard", 8, {}),
    ("Chicken Foot, 4 players", "chicken-foot", "basic", 4, {}),
    ("Chicken Foot, Kelley, 6 players", "chicken-foot", "kelley", 6, {}),
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


def _median_ms(draw, seconds: float) -> float:
    draw()  # warm the caches, as the worker is after its first move
    times = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(times) < 5:
        started = time.perf_counter()
        draw()
        times.append(time.perf_counter() - started)
    return round(1000 * statistics.median(times), 2)


def measure_all(seconds: float = 2.0) -> dict:
    rows = []
    for name, game, ruleset, players, options in CASES:
        size, layout, targets, labels = deepest(game, ruleset, players, options)
        fitted = _median_ms(lambda: render(layout, title="t", desc="d", highlight_ends=targets, labels=labels,
                                           fit_width=FIT_WIDTH), seconds / len(CASES) / 2)
        free = _median_ms(lambda: render(layout, title="t", desc="d", highlight_ends=targets, labels=labels),
                          seconds / len(CASES) / 2)
        rows.append({"case": name, "tiles": size + 1, "targets": len(targets), "fitted_ms": fitted, "free_ms": free})
    return {"python": f"{platform.python_implementation()} {platform.python_version()}", "rows": rows}


def _pyodide(seconds: float) -> dict | None:
    script = os.path.join(HERE, "bench_engine_pyodide.js")
    try:
        done = subprocess.run(["node", script, os.path.dirname(HERE), str(seconds), "bench_render"],
                              capture_output=True, text=True, timeout=600, check=True)
    except (OSError, subprocess.SubprocessError) as error:
        print(f"Pyodide run skipped: {error}", file=sys.stderr)
        return None
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent measuring, per runtime")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    runs = [measure_all(args.seconds)]
    if not args.no_pyodide:
        pyodide = _pyodide(args.seconds)
        if pyodide is not None:
            runs.append(pyodide)
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
