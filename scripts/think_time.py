"""The workload of ``bench_levels.py``: how long one level takes to choose its moves, in whatever Python runs it.

It imports only the engine and ``time``, so the same file runs on CPython and, as source text, inside Pyodide
in Chromium. A task plays matches with the level at seat 0 and ``careful`` players at the other seats, and
times the level's ``choose`` on every decision with more than one legal move (a forced move takes no
thought), until it has ``decisions`` of them. The positions depend only on the seed, so both runtimes time
the very same decisions.
"""

from __future__ import annotations

import json
import time

OPPONENT = "careful"


def think_times(game: str, players: int, level: str, decisions: int, seed: int = 1,
                budget_ms: int | None = None, clock=time.perf_counter) -> dict:
    """``{"times": milliseconds per decision of ``level`` (seat 0), over ``decisions`` decisions, "moves_sha256":
    a digest of every move played}``: the digest must be the same on every runtime (bots are deterministic)."""
    import hashlib

    from engine import Match, Rules, make_bot
    from engine.rng import Rng

    rules = Rules(game)
    times: list[float] = []
    played = hashlib.sha256()
    match_number = 0
    while len(times) < decisions:
        match_seed = Rng.derived(seed, match_number).next32()
        bots = [make_bot(level if seat == 0 else OPPONENT, match_seed + seat, budget_ms) for seat in range(players)]
        if hasattr(bots[0], "cap_seconds"):
            bots[0].cap_seconds = None  # the safety cap would make a busy machine's moves differ from an idle one's
        match = Match(rules, players, match_seed)
        while not match.is_over and len(times) < decisions:
            seat = match.turn
            view = match.view(seat)
            if seat == 0 and len(view.legal_moves()) > 1:
                started = clock()
                move = bots[0].choose(view)
                times.append(1000 * (clock() - started))
            else:
                move = bots[seat].choose(view)
            match.push(move)
            played.update(str(move).encode() + b" ")
        match_number += 1
    return {"times": times, "moves_sha256": played.hexdigest()}


def run_json(task_json: str) -> str:
    """The Pyodide entry point: a task as JSON in, its times as JSON out."""
    task = json.loads(task_json)
    return json.dumps(think_times(task["game"], task["players"], task["level"], task["decisions"],
                                  task.get("seed", 1), task.get("budget_ms")))
