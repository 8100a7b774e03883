"""Numbers for the rules pages, computed (never typed): deal tables, boneyard shares, tiles per number,
and simulated figures with a stated number of games and seed."""

from __future__ import annotations

from . import deal_tables
from .options import CHICKEN_FOOT, Rules
from .tiles import set_count, tiles_per_number, total_pips


def boneyard_share(max_pip: int, players: int, hand_size: int) -> float:
    """The share of the set left undealt, which is the chance the starting double is in the boneyard."""
    count = set_count(max_pip)
    if players * hand_size > count:
        raise ValueError("more tiles dealt than the set holds")
    return (count - players * hand_size) / count


def set_facts(max_pip: int) -> dict:
    return {"set": max_pip, "tiles": set_count(max_pip), "pips": total_pips(max_pip),
            "average_pips": total_pips(max_pip) / set_count(max_pip), "heaviest": 2 * max_pip,
            "tiles_per_number": tiles_per_number(max_pip)}


def tiles_used_per_double() -> int:
    """A Chicken Foot double uses five tiles of its number: the one it joins, itself, and three toes."""
    joined, double, toes = 1, 1, 3
    return joined + double + toes


def chicken_foot_deal_table(deal: str = "puremco", max_pip: int = 9) -> list[dict]:
    rows = []
    for players, hand in sorted(deal_tables.CHICKEN_FOOT_TABLES[deal].get(max_pip, {}).items()):
        rows.append({"players": players, "hand": hand, "boneyard": set_count(max_pip) - players * hand,
                     "boneyard_share": boneyard_share(max_pip, players, hand)})
    return rows


def source_003_figures() -> dict:
    """The figures source 003 states, recomputed."""
    shares = [(4, 11), (4, 10), (3, 14), (3, 11), (2, 12)]
    return {
        "double_nine": set_facts(9),
        "boneyard_shares": [{"players": p, "hand": h, "percent": round(100 * boneyard_share(9, p, h), 1)}
                            for p, h in shares],
        "tiles_used_per_double": tiles_used_per_double(),
        "puremco": chicken_foot_deal_table("puremco", 9),
    }


def simulated_figures(game: str = CHICKEN_FOOT, ruleset: str | None = None, players: int = 4, games: int = 100,
                      seed: int = 0, bots: str = "greedy") -> dict:
    from .simulate import simulate

    rules = Rules(game, ruleset)
    return simulate(rules, players, games, seed, [bots] * players)
