"""Guessing the hidden tiles: deals consistent with everything one seat has seen, and hands to play them on.

A determinization is one guess at the hidden part of the game: which unseen tile is in which other player's
hand, in the boneyard (and in what order) or set aside. ``DealSampler`` draws guesses from a seat's
``PlayerView`` only: the unseen tiles are the set minus the seat's own hand and the table; each other seat
gets as many as it holds, within the limits the table saw (``knowledge.py``: a player who drew or passed
holds none of the numbers they could not play); the rest, shuffled, is the boneyard.

``determinized_hand`` builds a playable hand once from the view's public position and one guess;
``redeal`` then swaps in another guess in place, so a search plays many guesses on one hand with
``push``/``pop`` and never copies it. These two functions are the only code that fills a hand's hidden
part.
"""

from __future__ import annotations

from .positions import load_position
from .rng import Rng
from .tiles import TILE_BIT, TILE_INDEX, TILES, iter_bits

ATTEMPTS = 20  # tries at a deal within every limit before the oldest knowledge is relaxed


class Deal:
    """One guess: a hand (bitmask) for each seat, the boneyard (tile indices, the top at the end) and the
    tiles set aside."""

    __slots__ = ("hands", "boneyard", "set_aside")

    def __init__(self, hands: list[int], boneyard: list[int], set_aside: int) -> None:
        self.hands = hands
        self.boneyard = boneyard
        self.set_aside = set_aside


class DealSampler:
    """Deals consistent with one seat's view. ``relaxed`` counts the deals that had to ignore some knowledge
    (only possible when a player's moves were not the rules' forced ones, e.g. a human who kept a tile)."""

    def __init__(self, view) -> None:
        self.seat = view.seat
        self.players = view.players
        position = view.public_position()
        self.sizes = position["hand_sizes"]
        self.boneyard_size = position["boneyard_size"]
        self.set_aside_size = position["set_aside_size"]
        seen = view.hand_mask
        for tile in view.played_tiles():
            seen |= TILE_BIT[TILE_INDEX[tile]]
        self.unseen = [i for i in iter_bits(view.set_mask & ~seen)]
        knowledge = view.knowledge()
        others = [s for s in range(self.players) if s != self.seat]
        self.limits = {s: [tuple(limit) for limit in knowledge.limits[s]] for s in others}
        # the most constrained seats choose first, so they are not left with only tiles they cannot hold
        self.order = sorted(others, key=lambda s: (-sum(1 for _, a in self.limits[s] if a == 0), s))
        self.own = view.hand_mask
        self.relaxed = 0

    def sample(self, rng: Rng) -> Deal:
        limits = self.limits
        for attempt in range(ATTEMPTS * 2):
            if attempt == ATTEMPTS:
                self.relaxed += 1
                limits = {s: [] for s in self.limits}  # the knowledge cannot be met: guess freely
            deal = self._try(rng, limits)
            if deal is not None:
                return deal
        raise AssertionError("no deal fits the hand sizes")  # pragma: no cover - sizes always add up

    def _try(self, rng: Rng, limits: dict) -> Deal | None:
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands = [0] * self.players
        hands[self.seat] = self.own
        for seat in self.order:
            need = self.sizes[seat]
            seat_limits = limits[seat]
            counts = [0] * len(seat_limits)
            mask = 0
            rest = []
            for i in pool:
                if need:
                    bit = TILE_BIT[i]
                    for k, (tiles, allowance) in enumerate(seat_limits):
                        if tiles & bit and counts[k] >= allowance:
                            break
                    else:
                        for k, (tiles, _) in enumerate(seat_limits):
                            if tiles & bit:
                                counts[k] += 1
                        mask |= bit
                        need -= 1
                        continue
                rest.append(i)
            if need:
                return None
            hands[seat] = mask
            pool = rest
        set_aside = 0
        for i in pool[:self.set_aside_size]:
            set_aside |= TILE_BIT[i]
        return Deal(hands, pool[self.set_aside_size:], set_aside)


def determinized_hand(view, deal: Deal):
    """A hand in the view's public position with ``deal``'s hidden tiles: built once per decision."""
    position = view.public_position()
    position["hands"] = [[str(TILES[i]) for i in iter_bits(mask)] for mask in deal.hands]
    position["boneyard"] = [str(TILES[i]) for i in reversed(deal.boneyard)]
    position["set_aside"] = [str(TILES[i]) for i in iter_bits(deal.set_aside)]
    for key in ("hand_sizes", "boneyard_size", "set_aside_size"):
        del position[key]
    return load_position(position, view.rules)


def redeal(hand, deal: Deal) -> None:
    """Put another guess into ``hand`` (at the position it was built in: same sizes, same table)."""
    for seat, mask in enumerate(deal.hands):
        hand.hands[seat] = mask
    hand.boneyard[:] = deal.boneyard
    hand.set_aside = deal.set_aside
