"""The levels a reader can play against, weakest first, and the two human-like players below ``careful``.

``LEVELS`` is the ladder ``python -m engine ladder`` measures: each level should beat the one below it in
most heads-up matches. The two weakest make the mistakes of real new players rather than random moves:

- ``beginner`` lays the first tile it sees that fits (so light tiles go first and heavy ones stay in hand),
  or any tile that fits; it often forgets to say "chicken little", sometimes misses a catch, and ends a Mexican
  Train first turn before its train is built.
- ``casual`` sheds its heaviest tile, as people learn to do after a few rounds, but now and then lays
  another tile that fits, and it never thinks about doubles or feet.
- ``careful`` (``bots.py``) adds pagat's tips; ``strong`` (``search.py``) searches guesses at the hidden tiles.

Like every bot, these decide from a ``PlayerView`` alone, and their chance comes from their seed and the
public position (``decision_rng``), so the same seed and position always give the same move.
"""

from __future__ import annotations

from .moves import CATCH, END, PLAY, Move
from .rng import Rng


def decision_rng(seed: int, view) -> Rng:
    """The random stream of one decision: the bot's seed and where the game is. A bot's choice then depends
    on nothing else, not on the decisions it made before (so undo, reloading or a hint cannot change it)."""
    return Rng.derived(seed, view.round_index, view.event_count)


class BeginnerBot:
    name = "beginner"
    FIRST_SEEN = 60  # percent of the time it lays the first tile it sees that fits
    FORGETS_ANNOUNCING = 50  # percent
    MISSES_CATCH = 50  # percent
    ENDS_FIRST_TRAIN = 40  # percent chance, after each tile of a Mexican Train first turn, to stop there

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view) -> Move:
        moves = view.legal_moves()
        rng = decision_rng(self.seed, view)
        plays = [m for m in moves if m.kind == PLAY]
        catch = next((m for m in moves if m.kind == CATCH), None)
        if catch is not None and rng.below(100) >= self.MISSES_CATCH:
            return catch
        if not plays:
            return next(m for m in moves if m.kind != CATCH)
        end = next((m for m in moves if m.kind == END), None)
        if end is not None and rng.below(100) < self.ENDS_FIRST_TRAIN:
            return end
        announce = rng.below(100) >= self.FORGETS_ANNOUNCING
        plays = [m for m in plays if m.announce == announce] or plays
        if rng.below(100) < self.FIRST_SEEN:
            # the hand is shown lightest first: the first tile that fits, on the first end it fits
            return min(plays, key=lambda m: m.tile.index)
        return plays[rng.below(len(plays))]


class CasualBot:
    name = "casual"
    SLIPS = 25  # percent of the time it lays some other tile that fits instead of its heaviest

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view) -> Move:
        moves = view.legal_moves()
        for move in moves:
            if move.kind == CATCH:
                return move
        plays = [m for m in moves if m.kind == PLAY and (m.announce or not _can_announce(moves))]
        if not plays:
            return moves[0]
        rng = decision_rng(self.seed, view)
        if len(plays) > 1 and rng.below(100) < self.SLIPS:
            return plays[rng.below(len(plays))]
        return max(plays, key=lambda m: view.tile_value(m.tile))


def _can_announce(moves) -> bool:
    return any(m.kind == PLAY and m.announce for m in moves)
