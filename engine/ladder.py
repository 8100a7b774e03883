"""The ladder: how often each level beats the one below it, heads-up, with a 95% interval.

``python -m engine ladder --game chicken-foot --matches 200 --seed 1 [--budget-ms 150] [--rules R] [--json]``

Each pair of neighbouring levels plays ``matches`` two-player matches. Deals come in twins: match ``2k`` and
``2k + 1`` use the same match seed (so the same tiles in every round) with the seats swapped, so neither side
is luckier with the tiles. Every bot gets its own seed, derived from the ladder's seed, the match and its seat.

A match won by both (shared first place) is a draw and counts as half a win. The searching level plays
without its wall-clock safety cap (``search.py``), so a run depends on its seed alone, not on the machine's
load. ``ci95`` is the Wilson score
interval of the stronger level's score (wins plus half the draws, over matches), the usual interval for a
proportion that stays inside [0, 1] and behaves well near its ends.
"""

from __future__ import annotations

import math
from typing import Optional

from .bots import LEVELS, make_bot
from .match import Match
from .options import Rules
from .rng import Rng

Z95 = 1.959963984540054


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_match(rules: Rules, seed: int, match_number: int, names: tuple[str, str],
               budget_ms: Optional[int]) -> tuple:
    """One heads-up match of the ladder: ``names[0]`` is the stronger level. Returns (points of the stronger
    level: 1, 0.5 or 0; the stronger level's seat)."""
    deal = match_number // 2
    stronger_seat = match_number % 2
    match_seed = Rng.derived(seed, deal).next32()
    seats = [names[0], names[1]] if stronger_seat == 0 else [names[1], names[0]]
    bots = [make_bot(name, Rng.derived(seed, deal, seat + 1).next32(), budget_ms) for seat, name in enumerate(seats)]
    for bot in bots:
        if hasattr(bot, "cap_seconds"):
            bot.cap_seconds = None  # no wall-clock safety net: the run replays exactly, however busy the machine
    match = Match(rules, 2, match_seed)
    outcome = match.play_out(bots)
    if len(outcome.winners) > 1:
        return 0.5, stronger_seat
    return (1.0 if outcome.winners[0] == stronger_seat else 0.0), stronger_seat


def _play_task(task: tuple) -> float:
    rules_dict, seed, number, names, budget_ms = task
    return play_match(Rules.from_dict(rules_dict), seed, number, names, budget_ms)[0]


def ladder(rules: Rules, matches: int, seed: int, budget_ms: Optional[int] = None, jobs: int = 1,
           levels: tuple[str, ...] = LEVELS, progress=None) -> dict:
    """Every neighbouring pair of ``levels`` plays ``matches`` heads-up matches; the result as plain data."""
    rules.validate(2)
    pairs = []
    tasks = []
    for k in range(len(levels) - 1):
        names = (levels[k + 1], levels[k])
        # each pair gets its own deals: a pair's result does not depend on which other pairs are measured
        pair_seed = Rng.derived(seed, k).next32()
        tasks.append([(rules.to_dict(), pair_seed, number, names, budget_ms) for number in range(matches)])
    results = _run([task for pair in tasks for task in pair], jobs, progress)
    for k in range(len(levels) - 1):
        points = results[k * matches:(k + 1) * matches]
        wins = sum(1 for p in points if p == 1.0)
        draws = sum(1 for p in points if p == 0.5)
        lo, hi = wilson(wins + draws / 2, matches)
        pairs.append({"stronger": levels[k + 1], "weaker": levels[k], "matches": matches, "stronger_wins": wins,
                      "draws": draws, "ci95": [round(lo, 4), round(hi, 4)]})
    return {"levels": list(levels), "pairs": pairs}


def _run(tasks: list, jobs: int, progress=None) -> list[float]:
    """Every match's points, in task order whatever the number of processes; ``progress(done, total)`` is
    called after each match when given."""
    if jobs <= 1:
        results = map(_play_task, tasks)
        pool = None
    else:
        from multiprocessing import Pool

        pool = Pool(jobs)
        results = pool.imap(_play_task, tasks, chunksize=1)
    points = []
    try:
        for result in results:
            points.append(result)
            if progress is not None:
                progress(len(points), len(tasks))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return points


def format_table(data: dict) -> str:
    lines = [f"{'stronger':<10} {'weaker':<10} {'matches':>7} {'wins':>5} {'draws':>5} {'score':>7}  95% interval"]
    for pair in data["pairs"]:
        score = (pair["stronger_wins"] + pair["draws"] / 2) / pair["matches"] if pair["matches"] else 0.0
        lo, hi = pair["ci95"]
        lines.append(f"{pair['stronger']:<10} {pair['weaker']:<10} {pair['matches']:>7} {pair['stronger_wins']:>5} "
                     f"{pair['draws']:>5} {100 * score:>6.1f}%  {100 * lo:.1f}%–{100 * hi:.1f}%")
    return "\n".join(lines)


def stored_run(data: dict, rules: Rules, matches: int, seed: int, budget_ms: int) -> dict:
    """A ladder run as it is kept in ``engine/data/`` for the Numbers page: the result and how it was made."""
    import datetime

    command = (f"python -m engine ladder --game {rules.game} --rules {rules.ruleset} --matches {matches} "
               f"--seed {seed} --budget-ms {budget_ms}")
    return {"format": "domino-ladder-run", "version": 1, "game": rules.game, "rules": rules.to_dict(),
            "matches_per_pair": matches, "seed": seed, "budget_ms": budget_ms,
            "date": datetime.date.today().isoformat(), "command": command, **data}
