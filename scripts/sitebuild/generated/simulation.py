"""Figures from simulated play: the engine's own simulator, run when the site is built.

Every figure states how it was made (games, rule set, players, seed). Results are cached in ``.build/`` under a
key made of the parameters and the engine's source, so a rebuild is instant and an engine change recomputes.
"""

from __future__ import annotations

import hashlib
import json

from engine.stats import simulated_figures

from .. import project
from ..uistrings import N_, Nn_
from . import formatting
from .context import PageContext
from .html import table

GAMES = 200  # matches per player count; ten rounds each with double-nine
SEED = 2024
RULESET = "pagat"
BOT = "greedy"
PLAYER_COUNTS = (2, 3, 4, 5, 6)
CACHE = project.BUILD / "cache" / "simulation.json"


def _engine_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in sorted((project.ROOT / "engine").glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def figures() -> list[dict]:
    key = json.dumps({"engine": _engine_fingerprint(), "games": GAMES, "seed": SEED, "ruleset": RULESET,
                      "bot": BOT, "players": PLAYER_COUNTS})
    if CACHE.exists():
        cached = json.loads(CACHE.read_text(encoding="utf-8"))
        if cached.get("key") == key:
            return cached["figures"]
    results = [simulated_figures("chicken-foot", RULESET, players, GAMES, SEED, BOT) for players in PLAYER_COUNTS]
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps({"key": key, "figures": results}, default=str), encoding="utf-8")
    return results


def simulation(ctx: PageContext) -> str:
    rows = []
    for result in figures():
        rows.append([
            formatting.integer(result["players"], ctx.language),
            formatting.integer(result["hands"], ctx.language),
            formatting.decimal(result["average_turns_per_hand"], ctx.language),
            formatting.percent(result["blocked_share"], ctx.language),
            formatting.percent(result["unfinished_feet_share"], ctx.language),
            formatting.percent(result["late_unfinishable_share"], ctx.language),
        ])
    caption = ctx.tn(
        Nn_("Simulated: {games} game of ten rounds for each number of players, pagat rules, double-nine set, "
            "computer players that play their heaviest tile first, deal number {seed} (the random seed).",
            "Simulated: {games} games of ten rounds for each number of players, pagat rules, double-nine set, "
            "computer players that play their heaviest tile first, deal number {seed} (the random seed)."),
        GAMES, games=formatting.integer(GAMES, ctx.language), seed=SEED)
    caption += " " + ctx.t(N_("A late chicken foot is one whose double is laid once the boneyard is empty."))
    return table(
        caption,
        [ctx.t(N_("Players")), ctx.t(N_("Rounds played")), ctx.t(N_("Average turns in a round")),
         ctx.t(N_("Rounds that ended blocked")), ctx.t(N_("Chicken feet never finished")),
         ctx.t(N_("Late chicken feet that can never be finished"))],
        rows, name="simulation")
