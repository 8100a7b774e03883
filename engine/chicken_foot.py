"""Chicken Foot: one hand, with every rule of RULES-DIGEST.md enforced.

The table is a set of lines (see ``layout.Line``). The starting double's arms are root lines (``n``, ``e``,
``s``, ``w``; or three; or twelve or six for the two readings of the double chicken foot). A double laid at a line's tip closes that
line and spawns three empty toe lines ``<line>.<k>.l|c|r`` (``k`` = the double's index in its line).

While the root's arms or a foot's toes are empty, they are ``pending``: the only ends anyone may play on.
Otherwise every line tip is open; ``tips[n]`` lists the open lines whose end shows ``n``, and ``tip_numbers``
is a bitmask of the numbers that have at least one, so "what can I play?" is ``hand & NUMBERS_MASK[...]``.
"""

from __future__ import annotations

from typing import Optional

from .errors import IllegalMoveError
from .hand import Hand, HandOutcome
from .layout import Line
from .moves import play_move, CATCH, CATCH_MOVE, DRAW, DRAW_MOVE, PASS, PASS_MOVE, PLAY, Move
from .options import CHICKEN_FOOT, Rules
from .rng import Rng
from .scoring import round_scores
from .tiles import (tiles_of, DOUBLE_INDEX, MAX_PIP, NUMBER_MASK, TILE_BIT, TILE_HIGH, TILE_INDEX, TILE_LOW, TILE_PIPS,
                    TILES, set_count)

# The starting double's arms for each value of ``root_arms``. pagat's "double chicken foot" (003: three tiles
# on each side) reads two ways: three toes on each of the four sides, or the older texts' two feet, a foot of
# three toes on each long side of the upright double (east and west), as any double grows its one foot.
ROOT_ARMS: dict[str, tuple[str, ...]] = {
    "four": ("n", "e", "s", "w"),
    "three": ("n", "e", "s"),
    "three-each-side": tuple(f"{side}.{toe}" for side in "nesw" for toe in "lcr"),
    "two-feet": tuple(f"{side}.{toe}" for side in "ew" for toe in "lcr"),
}
TOES = ("l", "c", "r")

# Union of NUMBER_MASK over a bitmask of numbers, memoised: the tiles that match any open end. Bounded like
# moves._PLAY_ROWS (2**19 combinations are possible with double-18): when full, it starts again.
_UNION: dict[int, int] = {0: 0}
MAX_UNIONS = 4096


def numbers_mask(number_bits: int) -> int:
    mask = _UNION.get(number_bits)
    if mask is None:
        mask = 0
        for n in range(MAX_PIP + 1):
            if number_bits >> n & 1:
                mask |= NUMBER_MASK[n]
        if len(_UNION) >= MAX_UNIONS:
            _UNION.clear()
        _UNION[number_bits] = mask
    return mask


class ChickenFootHand(Hand):
    game = CHICKEN_FOOT
    rule_prefix = "cf-"

    def __init__(self, rules: Rules, players: int, round_index: int = 0, root_number: Optional[int] = None,
                 seed: int = 0, deal: bool = True) -> None:
        if rules.game != CHICKEN_FOOT:
            raise ValueError("ChickenFootHand needs Chicken Foot rules")
        super().__init__(rules, players, round_index, root_number, seed, deal)
        self.tips: list[list[Line]] = [[] for _ in range(MAX_PIP + 1)]
        self.tip_numbers = 0
        self.pending: list[Line] = []
        self.pending_number = -1
        self.pending_line: Optional[str] = None  # the line whose double waits for toes; None: the root's arms
        self.unannounced = -1  # a seat that went down to one tile without saying "chicken little"
        self.lost_turn = [False] * players
        self.feet_started = 0
        self.next_serial = 0
        self.until_playable = rules["drawing"] == "until-playable"
        self.chicken_little = rules["chicken_little"]
        self.double_penalty = rules["ending_on_double_penalty"]
        if deal:
            self._deal_and_open()

    # --- opening ----------------------------------------------------------------------------------------

    def _deal_and_open(self) -> None:
        rng = Rng.derived(self.seed, self.round_index)
        opening = self.rules["opening"]
        tiles = list(range(set_count(self.max_pip)))
        number = self.root_number
        self.log.append(("hand_started", None, None, None,
                         {"round": self.round_index, "dealer": self.dealer, "double": number}))
        if opening in ("set-aside", "draw-for-first"):
            tiles.remove(DOUBLE_INDEX[number])
            first = self._draw_for_first(tiles, rng) if opening == "draw-for-first" else self.first_seat
            self._deal(tiles, rng)
            self._place_root_from(None, number)
            self._start_root()
            self.turn = first
            return
        self._deal(tiles, rng)
        holder = self._holder(DOUBLE_INDEX[number])
        if holder is None and opening == "holder-or-lower":
            for candidate in list(range(number - 1, -1, -1)) + list(range(self.max_pip, number, -1)):
                holder = self._holder(DOUBLE_INDEX[candidate])
                if holder is not None:
                    number = candidate
                    break
        if holder is None:
            holder = self._draw_until_found(DOUBLE_INDEX[number])
        self._place_root_from(holder, number)
        self._start_root()
        self.turn = (holder + 1) % self.players

    def _draw_for_first(self, tiles: list[int], rng: Rng) -> int:
        """Kelley: each player draws a tile face up; the highest plays first (ties draw again)."""
        rng.shuffle(tiles)
        contenders = [(self.first_seat + k) % self.players for k in range(self.players)]
        position = 0
        while len(contenders) > 1 and position + len(contenders) <= len(tiles):
            drawn = {}
            for seat in contenders:
                i = tiles[position]
                position += 1
                drawn[seat] = TILE_PIPS[i]
                self.log.append(("drew_for_first", seat, TILES[i]))
            best = max(drawn.values())
            contenders = [seat for seat in contenders if drawn[seat] == best]
        return contenders[0]

    def _start_root(self) -> None:
        arms = [Line(arm, None, arm, -1, self.root, None, n) for n, arm in enumerate(ROOT_ARMS[self.rules["root_arms"]])]
        self.next_serial = len(arms)
        for line in arms:
            self.lines[line.id] = line
        self.pending = arms
        self.pending_number = self.root
        self.pending_line = None
        if not self.foot_can_be_finished():
            self.log.append(("foot_unfinishable", None, None, None, {"number": self.root}))

    # --- what may be played -----------------------------------------------------------------------------

    def active_mask(self) -> int:
        """The tiles that would play on some open end now."""
        if self.pending:
            return NUMBER_MASK[self.pending_number]
        return numbers_mask(self.tip_numbers)

    def is_end_open(self, line: Line) -> bool:
        if self.outcome is not None:
            return False
        if self.pending:
            return line in self.pending
        return line.end is not None and bool(line.tiles)

    def open_ends(self) -> list[str]:
        return [line.id for line in self.lines.values() if self.is_end_open(line)]

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None:
            return []
        seat = self.turn
        moves: list[Move] = []
        if self.unannounced >= 0 and self.drawn == 0:
            moves.append(CATCH_MOVE)
        pending = self.pending
        if pending:
            playable = self.hands[seat] & NUMBER_MASK[self.pending_number]
        else:
            mask = _UNION.get(self.tip_numbers)
            playable = self.hands[seat] & (numbers_mask(self.tip_numbers) if mask is None else mask)
        if playable:
            append = moves.append
            tips = self.tips
            while playable:
                low = playable & -playable
                i = low.bit_length() - 1
                playable ^= low
                if pending:
                    ends = pending
                else:
                    high = TILE_HIGH[i]
                    for line in tips[high]:
                        move = line.row[i]
                        append(move if move is not None else play_move(i, line.id))
                    if high == TILE_LOW[i]:
                        continue
                    ends = tips[TILE_LOW[i]]
                for line in ends:
                    move = line.row[i]
                    append(move if move is not None else play_move(i, line.id))
            if self.chicken_little and self.sizes[seat] == 2:
                # each play that leaves one tile may also be made saying "chicken little"
                moves = [said for move in moves
                         for said in ((move, Move(PLAY, move.tile, move.end, True)) if move.kind == PLAY else (move,))]
            if self.drawn:
                moves.append(PASS_MOVE)
            return moves
        if self.boneyard and (self.drawn == 0 or self.until_playable):
            moves.append(DRAW_MOVE)
        else:
            moves.append(PASS_MOVE)
        return moves

    # --- making moves -----------------------------------------------------------------------------------

    def push(self, move: Move | str) -> None:
        """Play ``move`` for the player to move; an illegal move raises ``IllegalMoveError`` and changes
        nothing."""
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
        elif kind == CATCH:
            record = self._catch(seat)
        else:
            raise IllegalMoveError("wrong-game", "cf-play", game=CHICKEN_FOOT)
        if not self.boneyard and self.outcome is None:
            # Blocked: nobody holds a tile for any open end, and nobody can draw.
            if self.pending:
                mask = NUMBER_MASK[self.pending_number]
            else:
                mask = _UNION.get(self.tip_numbers)
                if mask is None:
                    mask = numbers_mask(self.tip_numbers)
            for hand in self.hands:
                if hand & mask:
                    break
            else:
                self._end_hand("blocked", None, False)
        self.history.append(record)
        self.move_stack.append(move)

    def _snapshot(self) -> tuple:
        return (self.turn, self.drawn, self.turns, self.unannounced, len(self.log), self.pending_number,
                self.pending_line, self.feet_started, self.tip_numbers,
                tuple(self.lost_turn) if self.chicken_little else None)

    def _play(self, move: Move, seat: int) -> tuple:
        try:
            i = TILE_INDEX.get(move.tile, -1)
            line = self.lines.get(move.end)
        except TypeError:  # a hand-built Move holding a list: not a tile or an end
            raise IllegalMoveError("tile-not-in-set", "cf-equipment", tile=move.tile) from None
        if i < 0 or not (self.hands[seat] >> i) & 1:
            i = self._tile_index(move, seat)  # raises the precise error
        if line is None:
            raise IllegalMoveError("unknown-end", "cf-matching", end=move.end)
        pending = self.pending
        if pending:
            if line not in pending:
                if self.pending_line is None:
                    raise IllegalMoveError("arms-not-filled", "cf-starting-double", end=move.end)
                raise IllegalMoveError("foot-not-finished", "cf-chicken-foot", number=self.pending_number,
                                       end=move.end)
        elif line.end is None or not line.tiles:
            raise IllegalMoveError("end-closed", "cf-chicken-foot", end=move.end)
        number = line.end
        high = TILE_HIGH[i]
        low = TILE_LOW[i]
        if high != number and low != number:
            raise IllegalMoveError("end-does-not-match", "cf-matching", tile=move.tile, end=move.end, number=number)
        if move.announce and not (self.chicken_little and self.sizes[seat] == 2):
            raise IllegalMoveError("announce-not-needed", "cf-chicken-little")

        snapshot = (self.turn, self.drawn, self.turns, self.unannounced, len(self.log), self.pending_number,
                    self.pending_line, self.feet_started, self.tip_numbers,
                    tuple(self.lost_turn) if self.chicken_little else None)  # as _snapshot(), inlined
        outer = low if high == number else high
        self.hands[seat] ^= TILE_BIT[i]
        self.sizes[seat] -= 1
        line.tiles.append((number, outer))
        events = self.log
        events.append(("tile_played", seat, TILES[i], line.id))
        was_pending = bool(pending)
        if was_pending:
            position = pending.index(line)
            del pending[position]
        else:
            source = self.tips[number]
            position = source.index(line)
            del source[position]
            if not source:
                self.tip_numbers &= ~(1 << number)
        toes = None
        if high == low and not was_pending:
            line.end = None
            k = len(line.tiles) - 1
            serial = self.next_serial
            self.next_serial = serial + 3
            toes = [Line(f"{line.id}.{k}.{toe}", line.id, toe, k, number, None, serial + n)
                    for n, toe in enumerate(TOES)]
            for toe in toes:
                self.lines[toe.id] = toe
            self.pending = list(toes)  # a copy: the record keeps the full list for undo
            self.pending_number = number
            self.pending_line = line.id
            self.feet_started += 1
            # The boneyard's size says whether this is a late foot (laid once nothing is left to draw).
            events.append(("double_announced", seat, TILES[i], line.id,
                           {"number": number, "boneyard": len(self.boneyard)}))
            # Only toes of this number can be played until the foot is done, so whether it can ever be
            # finished is decided now, once.
            if not self.foot_can_be_finished():
                events.append(("foot_unfinishable", None, None, line.id, {"number": number}))
        else:
            line.end = outer
            target = self.tips[outer]
            at = len(target)
            while at and target[at - 1].serial > line.serial:
                at -= 1
            target.insert(at, line)
            self.tip_numbers |= 1 << outer
            if was_pending and not pending:
                events.append(("foot_completed", seat, None, self.pending_line,
                               {"number": self.pending_number, "root": self.pending_line is None}))
                self.pending_line = None
                self.pending_number = -1
        if self.chicken_little:
            if move.announce:
                events.append(("chicken_little", seat))
                self.unannounced = -1
            else:
                self.unannounced = seat if self.sizes[seat] == 1 else -1
        if self.sizes[seat] == 0:
            self._end_hand("went-out", seat, high == low)
        elif self.chicken_little:
            self._next_turn()
        else:  # _next_turn() without lost turns, inlined: this runs on most moves
            events.append(("turn_ended", seat))
            self.turn = (seat + 1) % self.players
            self.drawn = 0
            self.turns += 1
        return (PLAY, seat, i, line, position, snapshot, was_pending, toes)

    def _outside_mask(self) -> int:
        mask = 0
        for hand in self.hands:
            mask |= hand
        for i in self.boneyard:
            mask |= TILE_BIT[i]
        return mask

    def foot_can_be_finished(self) -> bool:
        if not self.pending:
            return True
        count = bin(self._outside_mask() & NUMBER_MASK[self.pending_number]).count("1")
        return count >= len(self.pending)

    def _can_play(self, seat: int) -> bool:
        return bool(self.hands[seat] & self.active_mask())

    def _anyone_can_play(self) -> bool:
        mask = self.active_mask()
        for hand in self.hands:
            if hand & mask:
                return True
        return False

    def _draw(self, seat: int) -> tuple:
        if self._can_play(seat):
            raise IllegalMoveError("must-play", "cf-drawing")
        if not self.boneyard:
            raise IllegalMoveError("boneyard-empty", "cf-drawing")
        if self.drawn and not self.until_playable:
            raise IllegalMoveError("already-drew", "cf-drawing")
        snapshot = self._snapshot()
        drawn = self._take_top(seat)
        self.drawn += 1
        self.unannounced = -1
        return (DRAW, seat, snapshot, drawn)

    def _pass(self, seat: int) -> tuple:
        if self._can_play(seat):
            if not self.drawn:
                raise IllegalMoveError("must-play", "cf-drawing")
        elif self.boneyard and (not self.drawn or self.until_playable):
            raise IllegalMoveError("must-draw", "cf-drawing")
        snapshot = self._snapshot()
        self.log.append(("passed", seat))
        self.unannounced = -1
        self._next_turn()
        return (PASS, seat, snapshot)

    def _catch(self, seat: int) -> tuple:
        if self.unannounced < 0 or self.drawn:
            raise IllegalMoveError("catch-not-available", "cf-chicken-little")
        snapshot = self._snapshot()
        victim = self.unannounced
        self.log.append(("caught", seat, None, None, {"victim": victim}))
        drawn = None
        if self.boneyard:
            drawn = self._take_top(victim)
        else:
            self.lost_turn[victim] = True
        self.unannounced = -1
        return (CATCH, seat, snapshot, victim, drawn)

    def _next_turn(self) -> None:
        n = self.players
        self.log.append(("turn_ended", self.turn))
        seat = (self.turn + 1) % n
        if self.chicken_little:
            while self.lost_turn[seat]:
                self.lost_turn[seat] = False
                self.log.append(("turn_lost", seat))
                seat = (seat + 1) % n
        self.turn = seat
        self.drawn = 0
        self.turns += 1

    def _end_hand(self, reason: str, winner: Optional[int], on_double: bool) -> None:
        scores = round_scores([self.hand_value(seat) for seat in range(self.players)], winner, on_double,
                              self.double_penalty)
        self.outcome = HandOutcome(reason, winner, tuple(scores), bool(self.pending))
        self.log.append(("hand_ended", winner, None, None,
                         {"reason": reason, "scores": list(scores), "unfinished_foot": bool(self.pending),
                          "ended_on_double": bool(on_double and winner is not None)}))

    # --- undo -------------------------------------------------------------------------------------------

    def _restore(self, snapshot: tuple) -> None:
        (self.turn, self.drawn, self.turns, self.unannounced, n_events, self.pending_number, self.pending_line,
         self.feet_started, self.tip_numbers, lost) = snapshot
        del self.log[n_events:]
        if lost is not None:
            self.lost_turn = list(lost)
        self.outcome = None

    def _undo(self, record: tuple) -> None:
        kind = record[0]
        if kind == PLAY:
            _, seat, i, line, position, snapshot, was_pending, toes = record
            self.hands[seat] |= TILE_BIT[i]
            self.sizes[seat] += 1
            number, outer = line.tiles.pop()
            if toes is not None:
                for toe in toes:
                    del self.lines[toe.id]
                self.pending = []
                self.next_serial = toes[0].serial
            else:
                self.tips[outer].remove(line)
            line.end = number
            if was_pending:
                self.pending.insert(position, line)
            else:
                self.tips[number].insert(position, line)
            self._restore(snapshot)
        elif kind == DRAW:
            _, seat, snapshot, drawn = record
            self._untake(seat, drawn)
            self._restore(snapshot)
        elif kind == PASS:
            self._restore(record[2])
        elif kind == CATCH:
            _, seat, snapshot, victim, drawn = record
            if drawn is not None:
                self._untake(victim, drawn)
            self._restore(snapshot)

    def _untake(self, seat: int, i: int) -> None:
        self.hands[seat] &= ~TILE_BIT[i]
        self.sizes[seat] -= 1
        self.boneyard.append(i)

    # --- positions (state JSON and scenarios; positions.py reads them back) ---------------------------

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
            "lines": [{"id": line.id, "tiles": [[a, b] for a, b in line.tiles]} for line in self.lines.values()],
            "turn": self.turn,
            "drawn": self.drawn,
            "turns": self.turns,
            "unannounced": self.unannounced,
            "lost_turn": [seat for seat, lost in enumerate(self.lost_turn) if lost],
            "feet_started": self.feet_started,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
