"""Scoring as pure functions of plain values: what a tile and a hand cost, a round's scores, each round's
starting double, when a match ends, and who wins it.

Two callers share these, so each scoring rule is written once: the game (``hand.py``, ``chicken_foot.py``,
``mexican_train.py``, ``match.py``) and the score keeper for real tiles (``scoresheet.py``, through the
browser bridge). Nothing here holds state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Optional

from .options import Rules
from .tiles import DOUBLE_INDEX, TILE_PIPS, set_count

DOUBLE_BLANK_INDEX = 0  # Tile(0, 0) has index 0


def tile_value(index: int, double_blank: int) -> int:
    """What a tile left in hand costs: its pips, but the double-blank costs ``double_blank`` (50, or 25 in
    pagat's variant) although it has no pips (000–004)."""
    return double_blank if index == DOUBLE_BLANK_INDEX else TILE_PIPS[index]


def hand_value(indices: Iterable[int], double_blank: int) -> int:
    """The pips left in a hand (tile indices), the double-blank at its rule value."""
    return sum(tile_value(i, double_blank) for i in indices)


def round_scores(hand_values: Sequence[int], winner: Optional[int], ended_on_double: bool,
                 penalty: int) -> tuple:
    """Each seat scores what is left in its hand; the player who went out has nothing left, but Kelley's
    rule (``ending_on_double_penalty``) charges ``penalty`` to a player who went out on a double."""
    scores = list(hand_values)
    if winner is not None and ended_on_double and penalty:
        scores[winner] += penalty
    return tuple(scores)


def round_double(max_pip: int, round_index: int) -> int:
    """The number of round ``round_index``'s starting double (0-based): the set's highest double first, then
    each next lower one down to the double-blank; a match played to a total starts again from the top."""
    return max_pip - (round_index % (max_pip + 1))


def rounds_planned(rules: Rules, max_pip: int) -> Optional[int]:
    """One round per double (``all-doubles``), or None when the match runs until a total is reached."""
    return max_pip + 1 if rules["match_length"] == "all-doubles" else None


def match_end(rules: Rules, max_pip: int, rounds_played: int, totals: Sequence[int]) -> Optional[str]:
    """Why the match is over after ``rounds_played`` rounds with these ``totals``, or None if it goes on:
    ``all-rounds`` after the last double, ``target-reached`` when a total reaches ``target_total``."""
    planned = rounds_planned(rules, max_pip)
    if planned is not None:
        return "all-rounds" if rounds_played >= planned else None
    return "target-reached" if totals and max(totals) >= rules["target_total"] else None


def rank_winners(totals: Sequence[int], round_scores: Sequence[Sequence[int]], tie_breaks: str) -> tuple[tuple, str]:
    """The winners by lowest total; ties go to most zero-point rounds, then the lowest non-zero round score
    (000–002), unless ``tie_breaks`` is ``shared``. Also says who leads a match under way."""
    best = min(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return tuple(tied), "total"
    if tie_breaks == "shared":
        return tuple(tied), "shared"
    zeros = {seat: sum(1 for scores in round_scores if scores[seat] == 0) for seat in tied}
    most = max(zeros.values())
    tied = [seat for seat in tied if zeros[seat] == most]
    if len(tied) == 1:
        return tuple(tied), "zero-rounds"
    lowest = {seat: min((scores[seat] for scores in round_scores if scores[seat] > 0), default=0) for seat in tied}
    least = min(lowest.values())
    tied = [seat for seat in tied if lowest[seat] == least]
    return tuple(tied), ("lowest-round" if len(tied) == 1 else "shared")


def most_left_in_hands(max_pip: int, double_blank: int, starting_double: int) -> int:
    """The most all hands together can hold at the end of a round: every tile of the set at its value,
    except the round's starting double, which is on the table."""
    every = hand_value(range(set_count(max_pip)), double_blank)
    return every - tile_value(DOUBLE_INDEX[starting_double], double_blank)
