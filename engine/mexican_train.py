"""Mexican Train: one hand, with every rule of source 004 enforced.

Trains are lines from the engine: ``t0`` … ``t<n-1>`` (one per seat, ``owner`` = seat) and ``mx`` (the
Mexican train). A turn is made of single-tile moves:

- first turn: lay tiles on your own train one by one, then ``end``; or ``pass`` (your train is marked, you do
  not draw). No double obliges anything on the first turn (004 starts that rule "from the second turn").
- later turns: one tile on your train, a marked train, or the Mexican train. After a double you must lay
  another tile (the state stays on your turn). With no play: ``draw``; the drawn tile must be played if it
  can be; otherwise ``pass`` marks your train.
- a double left open at the end of a turn must be satisfied by the next players, first laid first, even on
  a train they could not otherwise use.

Choices where 004 is silent: a player may go out on a double (the hand ends at once); the Mexican train is
never marked.
"""

from __future__ import annotations

from typing import Optional

from .errors import IllegalMoveError
from .hand import Hand, HandOutcome
from .layout import Line
from .moves import play_move, DRAW, DRAW_MOVE, END, END_MOVE, PASS, PASS_MOVE, PLAY, Move
from .options import MEXICAN_TRAIN, Rules
from .rng import Rng
from .scoring import round_scores
from .tiles import tiles_of, DOUBLE_INDEX, NUMBER_MASK, TILE_BIT, TILE_HIGH, TILE_INDEX, TILE_LOW, TILES, set_count

FIRST, NORMAL, FOLLOW = "first", "normal", "follow"  # phases of a turn
MEXICAN = "mx"


class MexicanTrainHand(Hand):
    game = MEXICAN_TRAIN
    rule_prefix = "mt-"

    def __init__(self, rules: Rules, players: int, round_index: int = 0, root_number: Optional[int] = None,
                 seed: int = 0, deal: bool = True) -> None:
        if rules.game != MEXICAN_TRAIN:
            raise ValueError("MexicanTrainHand needs Mexican Train rules")
        super().__init__(rules, players, round_index, root_number, seed, deal)
        self.trains: list[Line] = []
        self.mexican: Optional[Line] = None
        self.first_turn = [True] * players  # this seat has not finished its first turn
        self.laid = 0  # tiles laid in the current turn
        self.phase = FIRST
        self.open_doubles: list[Line] = []  # trains ending in an unsatisfied double, oldest first
        self.passes = 0  # consecutive passes
        self.out_on_first_turn: list[int] = []
        if deal:
            self._deal_and_open()

    # --- opening ----------------------------------------------------------------------------------------

    def _deal_and_open(self) -> None:
        rng = Rng.derived(self.seed, self.round_index)
        number = self.root_number
        self.log.append(("hand_started", None, None, None,
                         {"round": self.round_index, "dealer": self.dealer, "double": number}))
        self._deal(list(range(set_count(self.max_pip))), rng)
        holder = self._holder(DOUBLE_INDEX[number])
        if holder is None:
            holder = self._draw_until_found(DOUBLE_INDEX[number])
        self._place_root_from(holder, number)
        self._start_trains()
        self.turn = (holder + 1) % self.players
        self.phase = FIRST

    def _start_trains(self) -> None:
        self.trains = [Line(f"t{seat}", None, f"t{seat}", -1, self.root, owner=seat) for seat in range(self.players)]
        self.mexican = Line(MEXICAN, None, MEXICAN, -1, self.root)
        for line in self.trains + [self.mexican]:
            self.lines[line.id] = line

    # --- what may be played -----------------------------------------------------------------------------

    def _usable(self, seat: int) -> list[Line]:
        """The trains ``seat`` may lay on this turn, before any open double is considered."""
        if self.first_turn[seat]:
            return [self.trains[seat]]
        return [t for t in self.trains if t.owner == seat or t.marker] + [self.mexican]

    def playable_trains(self) -> list[Line]:
        """The trains the player to move may lay on now."""
        if self.phase != FOLLOW and self.open_doubles and not self.first_turn[self.turn]:
            return [self.open_doubles[0]]
        return self._usable(self.turn)

    def is_end_open(self, line: Line) -> bool:
        if self.outcome is not None:
            return False
        if self.open_doubles and self.phase != FOLLOW:
            return line is self.open_doubles[0]
        return line is self.mexican or line.marker

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None:
            return []
        seat = self.turn
        hand = self.hands[seat]
        moves: list[Move] = []
        for line in self.playable_trains():
            playable = hand & NUMBER_MASK[line.end]
            row = line.row
            while playable:
                low = playable & -playable
                i = low.bit_length() - 1
                move = row[i]
                if move is None:
                    move = play_move(i, line.id)
                moves.append(move)
                playable ^= low
        if self.phase == FIRST:
            moves.append(END_MOVE if self.laid else PASS_MOVE)
        elif not moves:
            moves.append(DRAW_MOVE if self.boneyard and not self.drawn else PASS_MOVE)
        return moves

    # --- making moves -----------------------------------------------------------------------------------

    def push(self, move: Move | str) -> None:
        if move.__class__ is not Move:
            move = Move.parse(move)
        if self.outcome is not None:
            raise self._over_error()
        kind = move.kind
        seat = self.turn
        if kind == PLAY:
            record = self._play(move, seat)
        elif kind == DRAW:
            record = self._draw(seat)
        elif kind == PASS:
            record = self._pass(seat)
        elif kind == END:
            record = self._end(seat)
        else:
            raise IllegalMoveError("wrong-game", "mt-play", game=MEXICAN_TRAIN)
        if self.outcome is None and not self.boneyard and not self._anyone_can_play():
            self._end_hand("blocked", None)
        self.history.append(record)
        self.move_stack.append(move)

    def _snapshot(self) -> tuple:
        return (self.turn, self.drawn, self.turns, self.laid, self.phase, len(self.log), self.passes,
                tuple(self.open_doubles), tuple(self.first_turn), len(self.out_on_first_turn))

    def _restore(self, snapshot: tuple) -> None:
        (self.turn, self.drawn, self.turns, self.laid, self.phase, n_events, self.passes, open_doubles,
         first_turn, n_out) = snapshot
        self.open_doubles = list(open_doubles)
        self.first_turn = list(first_turn)
        del self.out_on_first_turn[n_out:]
        del self.log[n_events:]
        self.outcome = None

    def _play(self, move: Move, seat: int) -> tuple:
        try:
            i = TILE_INDEX.get(move.tile, -1)
            line = self.lines.get(move.end)
        except TypeError:  # a hand-built Move holding a list: not a tile or an end
            raise IllegalMoveError("tile-not-in-set", "mt-equipment", tile=move.tile) from None
        if i < 0 or not (self.hands[seat] >> i) & 1:
            i = self._tile_index(move, seat)  # raises the precise error
        if line is None:
            raise IllegalMoveError("unknown-end", "mt-matching", end=move.end)
        if self.phase == FIRST:
            if line.owner != seat:
                if line is self.mexican:
                    raise IllegalMoveError("mexican-train-not-yet", "mt-mexican-train", end=move.end)
                raise IllegalMoveError("first-turn-own-train", "mt-first-turn", end=move.end)
        elif self.phase != FOLLOW and self.open_doubles:
            if line is not self.open_doubles[0]:  # satisfying it is allowed even on a private train
                raise IllegalMoveError("must-satisfy-double", "mt-satisfy-double", end=self.open_doubles[0].id)
        elif line is not self.mexican and line.owner != seat and not line.marker:
            raise IllegalMoveError("train-not-yours", "mt-trains", end=move.end)
        number = line.end
        high = TILE_HIGH[i]
        low = TILE_LOW[i]
        if high != number and low != number:
            raise IllegalMoveError("end-does-not-match", "mt-matching", tile=move.tile, end=move.end, number=number)

        snapshot = self._snapshot()
        outer = low if high == number else high
        self.hands[seat] ^= TILE_BIT[i]
        self.sizes[seat] -= 1
        line.tiles.append((number, outer))
        line.end = outer
        log = self.log
        log.append(("tile_played", seat, TILES[i], line.id))
        unmarked = line.owner == seat and line.marker
        if unmarked:
            line.marker = False
            log.append(("marker_removed", seat, None, line.id))
        if self.open_doubles and line in self.open_doubles:
            self.open_doubles.remove(line)
        self.laid += 1
        self.drawn = 0
        self.passes = 0
        empty = self.sizes[seat] == 0
        if self.phase == FIRST:
            if empty:
                self.out_on_first_turn.append(seat)
                self._end_turn(seat)
        elif high == low:
            self.open_doubles.append(line)
            log.append(("double_announced", seat, TILES[i], line.id, {"number": number}))
            if empty:
                self._end_hand("went-out", seat)
            else:
                self.phase = FOLLOW
        elif empty:
            self._end_hand("went-out", seat)
        else:
            self._end_turn(seat)
        return (PLAY, seat, i, line, snapshot, unmarked)

    def _has_play(self, seat: int) -> bool:
        hand = self.hands[seat]
        for line in self.playable_trains():
            if hand & NUMBER_MASK[line.end]:
                return True
        return False

    def _draw(self, seat: int) -> tuple:
        if self.phase == FIRST:
            raise IllegalMoveError("first-turn-own-train", "mt-first-turn")
        if self._has_play(seat):
            raise IllegalMoveError("must-play", "mt-drawing")
        if not self.boneyard:
            raise IllegalMoveError("boneyard-empty", "mt-drawing")
        if self.drawn:
            raise IllegalMoveError("already-drew", "mt-drawing")
        snapshot = self._snapshot()
        drawn = self._take_top(seat)
        self.drawn = 1
        self.passes = 0
        return (DRAW, seat, snapshot, drawn)

    def _pass(self, seat: int) -> tuple:
        if self.phase == FIRST:
            if self.laid:
                raise IllegalMoveError("cannot-end-turn", "mt-first-turn")
        elif self._has_play(seat):
            raise IllegalMoveError("must-play-drawn-tile" if self.drawn else "must-play", "mt-drawing")
        elif self.boneyard and not self.drawn:
            raise IllegalMoveError("must-draw", "mt-drawing")
        snapshot = self._snapshot()
        own = self.trains[seat]
        marked = not own.marker
        if marked:
            own.marker = True
            self.log.append(("train_marked", seat, None, own.id))
        self.log.append(("passed", seat))
        self.passes += 1
        self._end_turn(seat)
        return (PASS, seat, snapshot, marked)

    def _end(self, seat: int) -> tuple:
        if self.phase != FIRST or not self.laid:
            raise IllegalMoveError("cannot-end-turn", "mt-first-turn")
        snapshot = self._snapshot()
        self._end_turn(seat)
        return (END, seat, snapshot)

    def _end_turn(self, seat: int) -> None:
        self.log.append(("turn_ended", seat))
        self.first_turn[seat] = False
        if self.out_on_first_turn and not any(self.first_turn):
            self._end_hand("went-out", self.out_on_first_turn[0])
            return
        self.turn = seat = (seat + 1) % self.players
        self.phase = FIRST if self.first_turn[seat] else NORMAL
        self.laid = 0
        self.drawn = 0
        self.turns += 1

    def _anyone_can_play(self) -> bool:
        """With the boneyard empty: could anyone ever lay a tile again? Every player who cannot play marks
        their train, so count every train as marked; an open double restricts everyone to it."""
        if any(self.first_turn):
            return True
        everywhere = NUMBER_MASK[self.mexican.end]
        for line in self.trains:
            everywhere |= NUMBER_MASK[line.end]
        if self.phase == FOLLOW and self.hands[self.turn] & everywhere:
            return True  # after a double the tile may go anywhere
        mask = NUMBER_MASK[self.open_doubles[0].end] if self.open_doubles else everywhere
        return any(hand & mask for hand in self.hands)

    def _end_hand(self, reason: str, winner: Optional[int]) -> None:
        scores = round_scores([self.hand_value(seat) for seat in range(self.players)], winner, False, 0)
        self.outcome = HandOutcome(reason, winner, scores, False)
        self.log.append(("hand_ended", winner, None, None, {"reason": reason, "scores": list(scores)}))

    # --- undo -------------------------------------------------------------------------------------------

    def _undo(self, record: tuple) -> None:
        kind = record[0]
        if kind == PLAY:
            _, seat, i, line, snapshot, unmarked = record
            self.hands[seat] |= TILE_BIT[i]
            self.sizes[seat] += 1
            number, _ = line.tiles.pop()
            line.end = number
            if unmarked:
                line.marker = True
            self._restore(snapshot)
        elif kind == DRAW:
            _, seat, snapshot, i = record
            self.hands[seat] &= ~TILE_BIT[i]
            self.sizes[seat] -= 1
            self.boneyard.append(i)
            self._restore(snapshot)
        elif kind == PASS:
            _, seat, snapshot, marked = record
            if marked:
                self.trains[seat].marker = False
            self._restore(snapshot)
        elif kind == END:
            self._restore(record[2])

    # --- positions (positions.py reads them back) ------------------------------------------------------

    def to_position(self) -> dict:
        return {
            "game": self.game,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "round": self.round_index,
            "seed": self.seed,
            "root": [self.root, self.root] if self.root is not None else None,
            "hands": [[str(t) for t in self.hand_of(seat)] for seat in range(self.players)],
            "boneyard": [str(t) for t in self.boneyard_tiles()],
            "set_aside": [str(t) for t in tiles_of(self.set_aside)],
            "lines": [{"id": line.id, "tiles": [[a, b] for a, b in line.tiles], "marker": line.marker}
                      for line in self.lines.values()],
            "open_doubles": [line.id for line in self.open_doubles],
            "first_turn": list(self.first_turn),
            "out_on_first_turn": list(self.out_on_first_turn),
            "turn": self.turn,
            "phase": self.phase,
            "laid": self.laid,
            "drawn": self.drawn,
            "turns": self.turns,
            "passes": self.passes,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
