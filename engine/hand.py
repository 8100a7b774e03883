"""What both games share about one hand: the deal, hands as bitmasks, the boneyard, turns, scoring, undo.

A hand is one state in OpenSpiel's sense; the game's description is its ``Rules``. All chance happens in the
deal (a seeded shuffle), so the boneyard's order is part of the state and every draw is reproducible.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from .errors import IllegalMoveError
from .events import Event
from .moves import Move
from .options import Rules
from .rng import Rng
from . import scoring
from .tiles import (DOUBLE_INDEX, SET_MASK, TILE_BIT, TILE_INDEX, TILES, Tile, iter_bits,
                    set_count)


class HandOutcome(NamedTuple):
    """Why a hand ended (``went-out`` or ``blocked``), who went out, and what each seat scores."""

    reason: str
    winner: Optional[int]
    scores: tuple
    unfinished_foot: bool = False

    def to_dict(self) -> dict:
        return {"reason": self.reason, "winner": self.winner, "scores": list(self.scores),
                "unfinished_foot": self.unfinished_foot}


class Hand:
    """Base of ``ChickenFootHand`` and ``MexicanTrainHand``."""

    game = ""
    rule_prefix = ""

    def __init__(self, rules: Rules, players: int, round_index: int = 0, root_number: Optional[int] = None,
                 seed: int = 0, deal: bool = True) -> None:
        if deal:
            rules.validate(players)
        else:  # the hands are given (a scenario or a saved position): the deal table does not matter
            rules.check_players(players)
        self.rules = rules
        self.players = players
        self.round_index = round_index
        self.seed = seed
        self.max_pip = rules.max_pip(players)
        self.set_mask = SET_MASK[self.max_pip]
        self.hand_size = rules.hand_size(players) if deal else None
        self.double_blank = rules["double_blank"]
        self.root_number = scoring.round_double(self.max_pip, round_index) if root_number is None else root_number
        self.dealer = (round_index - 1) % players
        self.first_seat = round_index % players
        self.hands = [0] * players
        self.sizes = [0] * players
        self.boneyard: list[int] = []  # tile indices; the top of the boneyard is the END of the list
        self.set_aside = 0  # tiles a scenario puts out of play (bitmask)
        self.lines: dict = {}
        self.root: Optional[int] = None  # the placed starting double's number
        self.turn = 0
        self.drawn = 0  # tiles drawn in the current turn
        self.turns = 0  # turns completed
        self.outcome: Optional[HandOutcome] = None
        self.history: list = []
        self.move_stack: list[Move] = []
        self.log: list[tuple] = []  # raw events; ``events`` wraps them

    # --- the deal ---------------------------------------------------------------------------------------

    def _deal(self, tiles: list[int], rng: Rng) -> None:
        """Shuffle ``tiles`` and give each seat its hand, starting left of the dealer; the rest is the boneyard."""
        rng.shuffle(tiles)
        size = self.hand_size
        for k in range(self.players):
            seat = (self.first_seat + k) % self.players
            mask = 0
            for i in tiles[k * size:(k + 1) * size]:
                mask |= TILE_BIT[i]
            self.hands[seat] = mask
            self.sizes[seat] = size
        self.boneyard = tiles[self.players * size:]

    def _holder(self, tile_index: int) -> Optional[int]:
        bit = TILE_BIT[tile_index]
        for seat, mask in enumerate(self.hands):
            if mask & bit:
                return seat
        return None

    def _draw_until_found(self, tile_index: int) -> int:
        """Nobody was dealt the starting double: players draw in turn, from left of the dealer, until one
        draws it. Returns that seat."""
        seat = self.first_seat
        while self.boneyard:
            drawn = self._take_top(seat, opening=True)
            if drawn == tile_index:
                return seat
            seat = (seat + 1) % self.players
        raise AssertionError("the starting double is neither dealt nor in the boneyard")

    def _take_top(self, seat: int, opening: bool = False) -> int:
        i = self.boneyard.pop()
        self.hands[seat] |= TILE_BIT[i]
        self.sizes[seat] += 1
        self.log.append(("drew", seat, TILES[i], None, {"opening": True} if opening else None))
        return i

    def _place_root_from(self, seat: Optional[int], number: int) -> None:
        i = DOUBLE_INDEX[number]
        if seat is not None:
            self.hands[seat] &= ~TILE_BIT[i]
            self.sizes[seat] -= 1
        self.root = number
        self.log.append(("opened", seat, TILES[i], None, {"round": self.round_index}))

    # --- scoring ----------------------------------------------------------------------------------------

    def tile_value(self, i: int) -> int:
        """What a tile left in hand costs (``scoring.tile_value``)."""
        return scoring.tile_value(i, self.double_blank)

    def hand_value(self, seat: int) -> int:
        return scoring.hand_value(iter_bits(self.hands[seat]), self.double_blank)

    # --- the public API ---------------------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """Everything that happened this hand, in order (see ``events.py``)."""
        return [Event(*entry) for entry in self.log]

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def moves_played(self) -> int:
        """Moves pushed on this hand and not popped."""
        return len(self.history)

    def hand_of(self, seat: int) -> list[Tile]:
        return [TILES[i] for i in iter_bits(self.hands[seat])]

    def boneyard_tiles(self) -> list[Tile]:
        """The boneyard, top (next drawn) first."""
        return [TILES[i] for i in reversed(self.boneyard)]

    def pop(self) -> Move:
        """Undo the last move (for the tutorial); returns it."""
        if not self.history:
            raise IndexError("no move to undo in this hand")
        self._undo(self.history.pop())
        return self.move_stack.pop()

    def peek(self) -> Optional[Move]:
        return self.move_stack[-1] if self.move_stack else None

    def view(self, seat: int):
        from .view import PlayerView

        return PlayerView(self, seat)

    def _tile_index(self, move: Move, seat: int) -> int:
        i = TILE_INDEX.get(move.tile) if isinstance(move.tile, Tile) else None
        if i is None or not (self.set_mask >> i) & 1:
            raise IllegalMoveError("tile-not-in-set", self.rule_prefix + "equipment", tile=move.tile)
        if not (self.hands[seat] >> i) & 1:
            raise IllegalMoveError("tile-not-in-hand", self.rule_prefix + "play", tile=move.tile)
        return i

    def _over_error(self) -> IllegalMoveError:
        return IllegalMoveError("hand-over", self.rule_prefix + "end-of-hand")

    def layout_dict(self) -> dict:
        return {"game": self.game, "root": [self.root, self.root] if self.root is not None else None,
                "lines": [line.to_dict(self.is_end_open(line)) for line in self.lines.values()]}

    def is_end_open(self, line) -> bool:  # pragma: no cover - each game defines it
        raise NotImplementedError

    def set_tiles(self) -> list[Tile]:
        return list(TILES[:set_count(self.max_pip)])
