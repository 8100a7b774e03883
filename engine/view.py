"""A player's view: what one seat may know. Bots and the browser get this, never the full state.

A view reads the live hand (it is cheap to make and always current); ``to_dict()`` takes a plain-data
snapshot for JSON.
"""

from __future__ import annotations

from typing import Optional

from .moves import Move
from .tiles import TILES, Tile, iter_bits


class PlayerView:
    __slots__ = ("_hand", "_match", "seat")

    def __init__(self, hand, seat: int, match=None) -> None:
        if not 0 <= seat < hand.players:
            raise ValueError(f"no seat {seat} in a {hand.players}-player game")
        self._hand = hand
        self._match = match
        self.seat = seat

    @property
    def game(self) -> str:
        return self._hand.game

    @property
    def rules(self):
        return self._hand.rules

    @property
    def players(self) -> int:
        return self._hand.players

    @property
    def hand(self) -> list[Tile]:
        return [TILES[i] for i in iter_bits(self._hand.hands[self.seat])]

    @property
    def hand_mask(self) -> int:
        return self._hand.hands[self.seat]

    @property
    def set_mask(self) -> int:
        """Every tile of the set in play, as a bitmask (see ``tiles.py``)."""
        return self._hand.set_mask

    @property
    def hand_sizes(self) -> list[int]:
        return list(self._hand.sizes)

    @property
    def boneyard_size(self) -> int:
        return len(self._hand.boneyard)

    @property
    def turn(self) -> int:
        return self._hand.turn

    @property
    def is_my_turn(self) -> bool:
        return self._hand.turn == self.seat and self._hand.outcome is None

    @property
    def root(self) -> Optional[int]:
        return self._hand.root

    @property
    def round_index(self) -> int:
        return self._hand.round_index

    @property
    def totals(self) -> Optional[list[int]]:
        return list(self._match.totals) if self._match is not None else None

    @property
    def outcome(self):
        return self._hand.outcome

    def tile_value(self, tile: Tile) -> int:
        """What ``tile`` would cost left in hand (the double-blank's rule applied)."""
        return self._hand.tile_value(tile.index)

    def legal_moves(self) -> list[Move]:
        hand = self._hand
        return hand.legal_moves() if hand.turn == self.seat and hand.outcome is None else []

    def layout_dict(self) -> dict:
        return self._hand.layout_dict()

    def played_tiles(self) -> list[Tile]:
        """Every tile on the table, the root included (public knowledge)."""
        out = [Tile(self._hand.root, self._hand.root)] if self._hand.root is not None else []
        for line in self._hand.lines.values():
            out.extend(Tile.of(a, b) for a, b in line.tiles)
        return out

    def events(self, since: int = 0) -> list[dict]:
        return [Event_to_dict(entry, self.seat) for entry in self._hand.log[since:]]

    def to_dict(self, events_since: Optional[int] = None) -> dict:
        hand = self._hand
        data = {
            "game": hand.game,
            "rules": hand.rules.to_dict(),
            "seat": self.seat,
            "players": hand.players,
            "round": hand.round_index,
            "hand": [t.to_list() for t in self.hand],
            "hand_sizes": self.hand_sizes,
            "boneyard_size": self.boneyard_size,
            "turn": hand.turn,
            "is_my_turn": self.is_my_turn,
            "layout": hand.layout_dict(),
            "legal_moves": [m.to_dict() for m in self.legal_moves()],
            "outcome": hand.outcome.to_dict() if hand.outcome else None,
            "totals": self.totals,
            "event_count": len(hand.log),
        }
        if hand.game == "mexican-train":
            data["phase"] = hand.phase
            data["open_doubles"] = [line.id for line in hand.open_doubles]
        else:
            data["pending_foot"] = ({"number": hand.pending_number, "line": hand.pending_line,
                                     "ends": [line.id for line in hand.pending]} if hand.pending else None)
        if events_since is not None:
            data["events"] = self.events(events_since)
        return data


def Event_to_dict(entry: tuple, viewer: Optional[int]) -> dict:
    from .events import Event

    return Event(*entry).to_dict(viewer)
