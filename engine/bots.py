"""Computer players. A bot sees only a ``PlayerView`` and returns one of its legal moves.

The interface is one method, ``choose(view) -> Move``; a stronger bot plugs in by implementing it and
registering a factory in ``BOTS``. ``LEVELS`` names the ones a reader can choose, weakest first
(``levels.py`` for the two weakest, ``search.py`` for the strongest); ``random`` and ``greedy`` stay for
simulations and tests.
"""

from __future__ import annotations

from typing import Callable, Optional, Protocol

from .moves import CATCH, PLAY, Move
from .rng import Rng
from .tiles import NUMBER_MASK, TILE_INDEX


class Bot(Protocol):
    name: str

    def choose(self, view) -> Move: ...


class RandomBot:
    """Any legal move, uniformly, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view) -> Move:
        moves = view.legal_moves()
        return moves[self.rng.below(len(moves))]


class GreedyBot:
    """Sheds the tile that would cost most in hand (so the double-blank first), catches and announces
    chicken little, and otherwise draws, passes or ends its turn as the rules require."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view) -> Move:
        moves = view.legal_moves()
        best = None
        best_key = None
        for move in moves:
            if move.kind == CATCH:
                return move
            if move.kind != PLAY:
                continue
            key = (view.tile_value(move.tile), move.announce)
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best if best is not None else moves[0]


class CarefulBot:
    """Greedy, plus pagat's strategy tips (003): shed the double-blank early; play a double when an opponent
    is down to one tile; do not start a foot that cannot be finished; keep a tile of each number whose double
    is still out, to answer a foot instead of drawing."""

    name = "careful"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view) -> Move:
        moves = view.legal_moves()
        plays = [m for m in moves if m.kind == PLAY]
        for move in moves:
            if move.kind == CATCH:
                return move
        if not plays:
            return moves[0]
        hand_mask = view.hand_mask
        seen = 0
        for tile in view.played_tiles():
            seen |= 1 << TILE_INDEX[tile]
        sizes = view.hand_sizes
        opponent_nearly_out = any(size == 1 for seat, size in enumerate(sizes) if seat != view.seat)

        def score(move: Move) -> tuple:
            tile = move.tile
            value = view.tile_value(tile)
            bonus = 0
            if tile.is_double:
                # tiles of this number not on the table and not mine: who could answer the foot?
                unseen = NUMBER_MASK[tile.high] & view.set_mask & ~seen & ~hand_mask & ~(1 << TILE_INDEX[tile])
                outside = bin(unseen).count("1")
                mine = bin(NUMBER_MASK[tile.high] & hand_mask).count("1") - 1
                if view.game == "chicken-foot" and outside + mine < 3:
                    bonus -= 100  # a foot nobody can finish blocks the hand, with this double still counted
                elif opponent_nearly_out:
                    bonus += 40
            else:
                # keep a tile whose other number's double has not appeared yet
                for number in (tile.high, tile.low):
                    double_bit = 1 << TILE_INDEX[type(tile)(number, number)]
                    if not seen & double_bit and bin(NUMBER_MASK[number] & hand_mask).count("1") == 1:
                        bonus -= 3
            return (value + bonus, move.announce)

        return max(plays, key=score)


def _strong(seed: int = 0, budget_ms: Optional[int] = None) -> Bot:
    from .search import SearchBot

    return SearchBot(seed, budget_ms=budget_ms)


def _beginner(seed: int = 0) -> Bot:
    from .levels import BeginnerBot

    return BeginnerBot(seed)


def _casual(seed: int = 0) -> Bot:
    from .levels import CasualBot

    return CasualBot(seed)


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "careful": CarefulBot,
                                       "beginner": _beginner, "casual": _casual, "strong": _strong}
LEVELS = ("beginner", "casual", "careful", "strong")  # weakest first
SEARCHING = frozenset({"strong"})  # the bots that take a thinking budget (``budget_ms``)


def make_bot(name: str, seed: int = 0, budget_ms: Optional[int] = None) -> Bot:
    """A bot by name, with its own seed; ``budget_ms`` sets a searching bot's thinking budget (see
    ``search.py``) and is ignored by the others."""
    from .errors import ConfigError

    if not isinstance(name, str) or name not in BOTS:
        raise ConfigError(f"unknown bot {str(name)[:40]!r}; choose {', '.join(BOTS)}", "unknown-bot",
                          bot=str(name)[:40])
    if name in SEARCHING:
        return BOTS[name](seed, budget_ms)
    return BOTS[name](seed)
