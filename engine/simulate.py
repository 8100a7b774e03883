"""Whole matches between computer players, summarised (``python -m engine simulate``), and part-played matches
for fixtures (tests and the fuzz benchmark start from real positions)."""

from __future__ import annotations

import time

from .bots import RandomBot, make_bot
from .match import Match
from .options import CHICKEN_FOOT, Rules
from .rng import Rng


def random_match(rules: Rules, players: int, seed: int, moves: int) -> Match:
    """A match of ``players`` seats dealt from ``seed``, played ``moves`` moves (fewer if it ends) by a random
    player seeded alike: the same arguments give the same position."""
    match = Match(rules, players, seed)
    bot = RandomBot(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.push(bot.choose(match.view(match.turn)))
    return match


def simulate(rules: Rules, players: int, games: int, seed: int, bot_names: list[str]) -> dict:
    rules.validate(players)
    if len(bot_names) != players:
        raise ValueError("one bot per seat")
    for name in bot_names:
        make_bot(name)  # refuse unknown names before playing
    totals = {"hands": 0, "turns": 0, "moves": 0, "blocked": 0, "feet": 0, "feet_unfinished": 0, "late_feet": 0,
              "late_feet_unfinishable": 0}
    wins = [0.0] * players
    score_sums = [0] * players
    started = time.perf_counter()
    for game in range(games):
        match_seed = Rng.derived(seed, game).next32()
        bots = [make_bot(name, Rng.derived(seed, game, seat + 1).next32()) for seat, name in enumerate(bot_names)]
        match = Match(rules, players, match_seed)
        outcome = match.play_out(bots)
        for key in totals:
            totals[key] += match.stats[key]
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
        for seat, total in enumerate(outcome.totals):
            score_sums[seat] += total
    elapsed = time.perf_counter() - started
    hands = totals["hands"] or 1
    summary = {
        "game": rules.game,
        "rules": rules.to_dict(),
        "players": players,
        "bots": bot_names,
        "seed": seed,
        "games": games,
        "hands": totals["hands"],
        "moves": totals["moves"],
        "average_turns_per_hand": totals["turns"] / hands,
        "average_moves_per_hand": totals["moves"] / hands,
        "blocked_share": totals["blocked"] / hands,
        "average_total_by_seat": [s / games for s in score_sums] if games else [],
        "average_hand_score": sum(score_sums) / (hands * players),
        "wins_by_seat": wins,
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "moves_per_second": totals["moves"] / elapsed if elapsed else 0.0,
    }
    if rules.game == CHICKEN_FOOT:
        summary["feet"] = totals["feet"]
        summary["unfinished_feet_share"] = totals["feet_unfinished"] / (totals["feet"] or 1)
        summary["late_feet"] = totals["late_feet"]
        summary["late_unfinishable_share"] = totals["late_feet_unfinishable"] / (totals["late_feet"] or 1)
    return summary


def format_summary(summary: dict) -> str:
    rows = [
        ("game", f"{summary['game']} ({summary['rules']['ruleset']}), {summary['players']} players, "
                 f"bots {','.join(summary['bots'])}, seed {summary['seed']}"),
        ("games", summary["games"]),
        ("hands", summary["hands"]),
        ("average turns per hand", f"{summary['average_turns_per_hand']:.1f}"),
        ("blocked hands", f"{100 * summary['blocked_share']:.1f}%"),
    ]
    if "unfinished_feet_share" in summary:
        rows.append(("feet never finished", f"{100 * summary['unfinished_feet_share']:.1f}% of {summary['feet']}"))
        rows.append(("late feet never finishable",
                     f"{100 * summary['late_unfinishable_share']:.1f}% of {summary['late_feet']}"))
    rows += [
        ("average hand score", f"{summary['average_hand_score']:.1f}"),
        ("average match total by seat", ", ".join(f"{x:.1f}" for x in summary["average_total_by_seat"])),
        ("wins by seat", ", ".join(f"{x:g}" for x in summary["wins_by_seat"])),
        ("games per second", f"{summary['games_per_second']:.1f}"),
        ("moves per second", f"{summary['moves_per_second']:.0f}"),
    ]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)
