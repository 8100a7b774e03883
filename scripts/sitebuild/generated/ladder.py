"""The ladder of computer players on the Numbers page, from the stored runs of ``python -m engine ladder``.

A ladder run takes hours (the strong player thinks on every move), so it is not repeated at every build: the
run is kept as data (``scripts/sitebuild/data/ladder-<game>.json``, written with ``--out``) with its sample
size, seed, date and thinking budget, and the table is generated from it in each language. The level names
are the game's own (``engine/bridge/seats.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.bridge.seats import LEVEL_TEXT
from engine.options import Rules

from ..option_text import GAME_NAMES, set_name
from ..uistrings import N_
from . import formatting
from .context import PageContext
from .html import table

DATA = Path(__file__).resolve().parent.parent / "data"


def stored_run(game: str) -> dict:
    return json.loads((DATA / f"ladder-{game}.json").read_text(encoding="utf-8"))


def ladder_table(ctx: PageContext, game: str) -> str:
    run = stored_run(game)
    rules = Rules.from_dict(run["rules"])
    language = ctx.language
    rows = []
    for pair in run["pairs"]:
        score = (pair["stronger_wins"] + pair["draws"] / 2) / pair["matches"]
        low, high = pair["ci95"]
        rows.append([
            ctx.t(N_("{stronger} against {weaker}"), stronger=ctx.t(LEVEL_TEXT[pair["stronger"]][0]),
                  weaker=ctx.t(LEVEL_TEXT[pair["weaker"]][0])),
            formatting.integer(pair["stronger_wins"], language),
            formatting.integer(pair["draws"], language),
            formatting.percent(score, language),
            f"{formatting.percent(low, language)}–{formatting.percent(high, language)}",  # a range, in any language
        ])
    caption = ctx.t(
        N_("{game}, two players, {set} set, tiles each: {count}. Matches per pair: {matches}, random seed {seed}, "
           "played on {date}. Thinking budget of the strong player per move, in milliseconds: {budget}. Wins and score are the "
           "stronger player's."),
        game=ctx.t(GAME_NAMES[game]), set=ctx.t(set_name(rules.max_pip(2))),
        count=formatting.integer(rules.hand_size(2), language),
        matches=formatting.integer(run["matches_per_pair"], language), seed=run["seed"], date=run["date"],
        budget=formatting.integer(run["budget_ms"], language))
    return table(
        caption,
        # few columns, so the table fits a phone: the sample size is in the caption
        [ctx.t(N_("Stronger against weaker")), ctx.t(N_("Wins")), ctx.t(N_("Ties")), ctx.t(N_("Score")),
         ctx.t(N_("95% interval"))],
        rows, name=f"ladder-{game}")


def ladder_chicken_foot(ctx: PageContext) -> str:
    return ladder_table(ctx, "chicken-foot")


def ladder_mexican_train(ctx: PageContext) -> str:
    return ladder_table(ctx, "mexican-train")
