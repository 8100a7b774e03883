"""A player's view: what one seat may know. Bots and the browser get this, never the full state.

A view reads the live hand (it is cheap to make and always current); ``to_dict()`` takes a plain-data
snapshot for JSON.
"""

from __future__ import annotations

from typing import Optional

from .events import HIDDEN_TILE_KINDS
from .moves import Move
from .tiles import TILES, Tile, iter_bits


class PlayerView:
    __slots__ = ("_hand", "_match", "seat", "_knowledge")

    def __init__(self, hand, seat: int, match=None) -> None:
        if not 0 <= seat < hand.players:
            raise ValueError(f"no seat {seat} in a {hand.players}-player game")
        self._hand = hand
        self._match = match
        self.seat = seat
        self._knowledge = None

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

    @property
    def event_count(self) -> int:
        """How many events this hand has had (public: everyone saw each one happen)."""
        return len(self._hand.log)

    def public_events(self, since: int = 0) -> list[tuple]:
        """The hand's raw events from ``since`` (``(kind, seat, tile, end, data)``, see ``events.py``), with
        every tile this seat may not see replaced by ``None``: what a bot may read the history from."""
        seat = self.seat
        return [(entry[0], entry[1], None) + entry[3:]
                if entry[0] in HIDDEN_TILE_KINDS and entry[1] != seat and len(entry) > 2 else entry
                for entry in self._hand.log[since:]]

    def knowledge(self):
        """What the table has seen of each seat this hand (``knowledge.Knowledge``), kept up to date."""
        known = self._knowledge
        log = self._hand.log
        if known is None or known.processed > len(log) or (known.processed and log[known.processed - 1]
                                                            is not known.last_entry):
            from .knowledge import Knowledge

            known = self._knowledge = Knowledge(self.game, self.rules, self.players)
        if known.processed < len(log):
            known.read(self.public_events(known.processed))
        return known

    def public_position(self) -> dict:
        """The hand's position (``to_position()``, see ``records.py``) as this seat may know it: its own
        tiles; for every other seat, the boneyard and the tiles set aside, only how many (``hand_sizes``,
        ``boneyard_size``, ``set_aside_size``); and no seed, which would re-deal the hidden tiles."""
        data = self._hand.to_position()
        data["hands"] = [tiles if seat == self.seat else None for seat, tiles in enumerate(data["hands"])]
        data["hand_sizes"] = list(self._hand.sizes)
        data["boneyard_size"] = len(data.pop("boneyard"))
        data["set_aside_size"] = len(data.pop("set_aside"))
        del data["seed"]
        return data

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
