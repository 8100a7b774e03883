"""What the whole table has seen of each player this hand: the numbers they were seen unable to play.

A player who draws or passes shows everyone that no tile in their hand matched the ends they could play on.
That is public knowledge (every player at a real table sees it), and it is the main thing a strong player
infers hidden hands from. ``Knowledge`` rebuilds it from a view's public events (``PlayerView.public_events``)
alone: the ends open at each moment are replayed from the public ``tile_played``, ``double_announced``,
``train_marked`` … events, never read from the hidden state.

Each seat's knowledge is a list of limits ``(tiles, allowance)``: the seat holds at most ``allowance`` of the
tiles in the bitmask ``tiles``. A draw or pass that proves "none of these" adds a limit with allowance 0; every
tile the seat draws afterwards raises the allowance of its older limits by one, because the new tile is
unknown. The limits are sound (the real hands always satisfy them), not complete.

When a draw or pass proves something:

- Chicken Foot: a draw (the rules forbid drawing with a playable tile); a pass without a draw this turn. A pass
  after a draw proves nothing, since a player *may* keep a playable drawn tile (003). A draw forced by being
  caught not saying "chicken little" proves nothing either.
- Mexican Train: a draw; any pass after the first turn (a drawn tile must be played if it can be). A first-turn
  pass proves nothing: it is always allowed.
"""

from __future__ import annotations

from typing import Optional

from .options import CHICKEN_FOOT
from .tiles import NUMBER_MASK, TILE_HIGH, TILE_INDEX, TILE_LOW


def _numbers_tiles(numbers) -> int:
    mask = 0
    for number in numbers:
        mask |= NUMBER_MASK[number]
    return mask


class Knowledge:
    """Per seat, the limits the table knows on its hidden tiles (see the module's docstring)."""

    def __init__(self, game: str, rules, players: int) -> None:
        self.game = game
        self.rules = rules
        self.players = players
        self.limits: list[list[list[int]]] = [[] for _ in range(players)]  # per seat: [tiles, allowance]
        self.observations: list[tuple[int, str, int]] = []  # (seat, "drew"/"passed", tiles it had none of)
        self.processed = 0  # events read so far
        self.last_entry = None  # the last event read, to notice a log that was rewound and rewritten
        self._blind = False
        self._after_catch = False
        self._drew_this_turn = [False] * players
        self._table = _ChickenFootTable() if game == CHICKEN_FOOT else _TrainTable(players)

    @classmethod
    def of(cls, view) -> "Knowledge":
        knowledge = cls(view.game, view.rules, view.players)
        knowledge.read(view.public_events())
        return knowledge

    @property
    def blind(self) -> bool:
        """A hand set up from a position (a lesson, a saved state) has no history to read: nothing is known."""
        return self.processed > 0 and self._blind

    def allowed_mask(self, seat: int) -> int:
        """Tiles ``seat`` certainly does not hold (the union of its limits with allowance 0), inverted."""
        banned = 0
        for tiles, allowance in self.limits[seat]:
            if allowance == 0:
                banned |= tiles
        return ~banned

    def permits(self, seat: int, hand_mask: int) -> bool:
        """Whether ``hand_mask`` as ``seat``'s hidden tiles agrees with everything seen."""
        for tiles, allowance in self.limits[seat]:
            if bin(hand_mask & tiles).count("1") > allowance:
                return False
        return True

    # --- reading events -----------------------------------------------------------------------------------

    def read(self, events) -> None:
        for entry in events:
            if self.processed == 0:
                self._blind = entry[0] != "hand_started"
            if not self._blind:
                self._read(entry)
            self.processed += 1
            self.last_entry = entry

    def _read(self, entry: tuple) -> None:
        kind = entry[0]
        seat = entry[1] if len(entry) > 1 else None
        table = self._table
        if kind == "drew":
            data = entry[4] if len(entry) > 4 else None
            if data and data.get("opening"):
                return  # drawing for the starting double before play: part of the deal
            if not self._after_catch:
                self._prove_none(seat, "drew", table.playable_tiles(seat))
            self._after_catch = False
            self._drew_this_turn[seat] = True
            for limit in self.limits[seat]:
                limit[1] += 1
            return
        self._after_catch = kind == "caught"
        if kind == "passed":
            if table.pass_proves(seat, self._drew_this_turn[seat]):
                self._prove_none(seat, "passed", table.playable_tiles(seat))
        elif kind == "turn_ended":
            self._drew_this_turn[seat] = False
        table.read(kind, seat, entry)

    def _prove_none(self, seat: int, kind: str, tiles: int) -> None:
        self.observations.append((seat, kind, tiles))
        if not tiles:
            return
        limits = self.limits[seat]
        for limit in limits:
            if limit[1] == 0:
                limit[0] |= tiles
                return
        limits.append([tiles, 0])


class _ChickenFootTable:
    """The open ends of a Chicken Foot table, replayed from public events: while the starting double's arms
    or a foot's toes wait (from ``opened`` or ``double_announced`` to ``foot_completed``), only that number
    plays; otherwise every line's end does, except a line closed by a double."""

    def __init__(self) -> None:
        self.ends: dict[str, Optional[int]] = {}  # line id -> the number its end shows (None: closed)
        self.pending_number = -1

    def playable_tiles(self, seat: int) -> int:
        if self.pending_number >= 0:
            return NUMBER_MASK[self.pending_number]
        return _numbers_tiles({end for end in self.ends.values() if end is not None})

    @staticmethod
    def pass_proves(seat: int, drew: bool) -> bool:
        return not drew

    def read(self, kind: str, seat, entry: tuple) -> None:
        if kind == "opened":
            self.pending_number = TILE_HIGH[TILE_INDEX[entry[2]]]
        elif kind == "tile_played":
            line, i = entry[3], TILE_INDEX[entry[2]]
            end = self.ends.get(line, self.pending_number)  # a line's first tile goes on a waiting arm or toe
            self.ends[line] = TILE_LOW[i] if TILE_HIGH[i] == end else TILE_HIGH[i]
        elif kind == "double_announced":
            self.pending_number = self.ends[entry[3]]
            self.ends[entry[3]] = None
        elif kind == "foot_completed":
            self.pending_number = -1


class _TrainTable:
    """The trains of a Mexican Train table and who may use which, replayed from public events."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.ends: dict[str, int] = {}
        self.marked: set[str] = set()
        self.open_doubles: list[str] = []
        self.first_turn = [True] * players
        self.following: Optional[int] = None  # the seat that just laid a double and plays on

    def playable_tiles(self, seat: int) -> int:
        if self.open_doubles and self.following != seat:
            return NUMBER_MASK[self.ends[self.open_doubles[0]]]
        trains = [f"t{seat}", "mx"] + sorted(self.marked)
        return _numbers_tiles({self.ends[train] for train in trains})

    def pass_proves(self, seat: int, drew: bool) -> bool:
        return not self.first_turn[seat]

    def read(self, kind: str, seat, entry: tuple) -> None:
        if kind == "opened":
            number = TILE_HIGH[TILE_INDEX[entry[2]]]
            for train in [f"t{s}" for s in range(self.players)] + ["mx"]:
                self.ends[train] = number
        elif kind == "tile_played":
            line, i = entry[3], TILE_INDEX[entry[2]]
            end = self.ends[line]
            self.ends[line] = TILE_LOW[i] if TILE_HIGH[i] == end else TILE_HIGH[i]
            if line in self.open_doubles:
                self.open_doubles.remove(line)
        elif kind == "double_announced":
            self.open_doubles.append(entry[3])
            self.following = seat
        elif kind == "train_marked":
            self.marked.add(entry[3])
        elif kind == "marker_removed":
            self.marked.discard(entry[3])
        elif kind == "turn_ended":
            self.first_turn[seat] = False
            self.following = None
