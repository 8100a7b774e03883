"""A whole match for the game page: people and computer players, on one device.

Who sits where is a ``Seats`` configuration (``seats.py``): by default one person at seat 0 and computer
players of one level at the others; any mix of 2 to 8 seats with at least one person is allowed.

The session owns one ``Match``. The person whose turn it is moves with ``play``; the computer players move
one step at a time with ``bot_step`` (so the page can show them at a readable pace): a step is one move,
except a computer's Mexican Train first turn, whose whole train is one step (a reader should not watch seven
trains laid tile by tile). When a round ends the session shows that finished round (its table, the viewer's
last tiles, its scores) until ``next_round``: the match has already dealt the next round, but nothing of it,
not even its opening events, reaches the page before the reader asks for it. ``undo`` takes back the last
move of the person holding the device (and the computer moves after it) within the round being played: a
scored round stays scored. Everything the page shows comes from ``snapshot``.

Pass-and-play (two or more people): the snapshot shows one person's hand at a time, the ``viewer``. When the
turn comes to another person, the snapshot hides every hand (``handoff`` names who is next) until the page
calls ``reveal(seat)`` once that person says it is them. The shared log then holds only what every player may
know (nobody's drawn tile, not even the viewer's); the viewer's own draws come separately, in
``private_log``. Undo is for the viewer's own last move, before the next person sees their hand.
At a finished round (or the end of the match) the device may go to any person, to review their own round
(``hand_over``, then ``reveal``): the next round then starts with a hand-over too, whoever holds the device.
With one person, the log is that person's view (their drawn tiles shown) and nothing is ever hidden from them.

Saves are the match's game record (rules, seed, moves, sha256) wrapped with the session's settings and a
version; loading replays and re-checks every move, so an edited or damaged save is refused, never trusted.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import readers
from ..bots import BOTS, make_bot
from ..errors import IllegalMoveError, InvalidMoveError, RecordError, Refusal
from ..events import Event
from ..match import Match
from ..moves import Move
from ..options import MEXICAN_TRAIN, Rules
from ..records import Admit, game_record, record_hash, replay_record
from ..view import PlayerView
from .hints import hint
from .seats import Seats
from .sentences import decided_by, narrated

HUMAN = 0  # the person's seat in a one-person game (the default seats)
PUBLIC = -1  # the log's viewer in pass-and-play: a seat nobody sits in, so every drawn tile stays hidden
SAVE_FORMAT = readers.SAVE.format
SAVE_VERSION = readers.SAVE.version
DEFAULT_BOT = "careful"


class SessionError(Refusal):
    """A request the session refuses; ``code`` is stable for the page to translate."""


class GameSession:
    def __init__(self, rules: Rules, players: int, seed: int = 0, bot: str = DEFAULT_BOT,
                 seats: Optional[Seats] = None) -> None:
        self.match = Match(rules, players, seed)
        self.bot_name = bot
        self.seats = seats if seats is not None else Seats.one_human(players, bot)
        if len(self.seats.levels) != players:
            raise SessionError("bad-seats", f"{len(self.seats.levels)} seats for {players} players")
        self.bots = {seat: make_bot(level, seed * 31 + seat)
                     for seat, level in enumerate(self.seats.levels) if level is not None}
        # whose hand the page shows: in pass-and-play nobody's until the first person to play says it is them
        self.viewer: Optional[int] = None if self.seats.pass_and_play else self.seats.humans[0]
        self.log_viewer = PUBLIC if self.seats.pass_and_play else self.seats.humans[0]
        self.movers: list[int] = []  # who made each move of match.moves
        self.log: list[dict] = []  # every event as log_viewer may see it, each with its round
        self.log_marks: list[int] = []  # len(log) before each move, to cut the log back on undo
        self.round_over: Optional[dict] = None  # the round just finished, until the reader moves on
        self._hand = self.match.hand
        self._seen = 0
        self._hand_log_end = 0  # len(log) when the last finished hand's events were all in
        self._passed_at_round_end = False  # the device went round for the reviews: the next round hides hands
        self._collect()

    # --- the event log ----------------------------------------------------------------------------------

    def _collect(self) -> None:
        """Append the events the match produced since the last call, the finished hand's last ones first."""
        hand = self.match.hand
        if hand is not self._hand:
            self._take(self._hand, self._seen)
            self._hand_log_end = len(self.log)
            self._hand, self._seen = hand, 0
        self._take(hand, self._seen)
        self._seen = len(hand.log)

    def _take(self, hand, since: int) -> None:
        for entry in hand.log[since:]:
            self.log.append({**Event(*entry).to_dict(self.log_viewer), "round": hand.round_index})

    # --- moves ------------------------------------------------------------------------------------------

    def _push(self, move: Move) -> None:
        rounds_before = len(self.match.round_scores)
        seat = self.match.turn
        self.log_marks.append(len(self.log))
        try:
            self.match.push(move)
        except Exception:
            self.log_marks.pop()
            raise
        self.movers.append(seat)
        self._collect()
        if len(self.match.round_scores) > rounds_before:
            self.round_over = self._finished_round()

    def _finished_round(self) -> dict:
        match = self.match
        outcome = match.hand_outcomes[-1]
        return {"round": len(match.round_scores), **outcome.to_dict(),
                # the finished round's events end here; the next round's opening stays hidden until next_round
                "log_end": self._hand_log_end if match.outcome is None else len(self.log)}

    def _require_play_allowed(self) -> None:
        if self.match.is_over:
            raise SessionError("match-over")
        if self.round_over is not None:
            raise SessionError("round-over")

    # --- seats -----------------------------------------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        return self.seats.is_human(seat)

    @property
    def handoff(self) -> Optional[int]:
        """The person whose turn it is, while their hand is still hidden (pass-and-play), else None."""
        seat = self.match.turn
        if self.match.is_over or self.round_over is not None or not self.is_human(seat) or seat == self.viewer:
            return None
        return seat

    @property
    def at_round_end(self) -> bool:
        """A finished round's result (or the match's) is on screen: nobody is to move."""
        return self.round_over is not None or self.match.is_over

    def reveal(self, seat: int) -> None:
        """The person at ``seat`` has the device and said it is them: show their hand from now on. Only the
        person whose turn it is can be revealed (``not-their-turn`` otherwise), or at a round's end, in
        pass-and-play, any person (each reviews their own round)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.match.players:
            raise SessionError("bad-seat", str(seat))
        any_person = self.seats.pass_and_play and self.at_round_end and self.is_human(seat)
        if seat != self.handoff and seat != self.viewer and not any_person:
            raise SessionError("not-their-turn", str(seat))
        if seat != self.viewer and self.at_round_end:
            self._passed_at_round_end = True
        self.viewer = seat

    def hand_over(self) -> None:
        """Pass-and-play, at a round's end: the device goes to another person, so every hand is hidden until
        ``reveal`` (``no-round-over`` while a round is played; ``not-pass-and-play`` with one person)."""
        if not self.seats.pass_and_play:
            raise SessionError("not-pass-and-play")
        if not self.at_round_end:
            raise SessionError("no-round-over")
        self.viewer = None
        self._passed_at_round_end = True

    def _require_human_turn(self) -> int:
        seat = self.match.turn
        if not self.is_human(seat):
            raise SessionError("not-your-turn")
        if seat != self.viewer:
            raise SessionError("hand-hidden", str(seat))
        return seat

    def play(self, text: str) -> dict:
        """The move of the person whose turn it is (their hand shown). ``{"result": "played"}``, or
        ``"illegal"`` with the rule it breaks, or ``"invalid"`` for text that is not a move; only ``played``
        changes anything."""
        self._require_play_allowed()
        self._require_human_turn()
        try:
            move = Move.parse(text)
        except InvalidMoveError:
            return {"result": "invalid", "code": "unknown-move", "params": {"text": str(text)}}
        try:
            self._push(move)
        except IllegalMoveError as error:
            return {"result": "illegal", **error.to_dict()}
        return {"result": "played", "move": str(move)}

    @property
    def bot_to_move(self) -> bool:
        return not self.match.is_over and self.round_over is None and not self.is_human(self.match.turn)

    @property
    def bot_lays_first_train(self) -> bool:
        """A computer is on its Mexican Train first turn: its next step lays its whole train."""
        hand = self.match.hand
        return self.bot_to_move and hand.game == MEXICAN_TRAIN and hand.first_turn[hand.turn]

    def bot_step(self) -> Optional[dict]:
        """One computer step (see the module docstring), or ``None`` when it is a person's turn, a round
        waits, or the match is over."""
        if not self.bot_to_move:
            return None
        seat = self.match.turn
        whole_turn = self.bot_lays_first_train
        moves = []
        while True:
            move = self.bots[seat].choose(self.match.view(seat))
            self._push(move)
            moves.append(str(move))
            if not whole_turn or not self.bot_to_move or self.match.turn != seat:
                break
        return {"seat": seat, "move": moves[-1], "moves": moves}

    def run_bots(self, limit: int = 10_000) -> int:
        """Computer moves until the human's turn, the end of a round or of the match; returns how many."""
        count = 0
        while count < limit and self.bot_step() is not None:
            count += 1
        return count

    def next_round(self) -> None:
        if self.round_over is None:
            raise SessionError("no-round-over")
        self.round_over = None
        if self._passed_at_round_end:  # whoever holds the device now, the next hand is shown only to its owner
            self.viewer = None
            self._passed_at_round_end = False

    def hint(self) -> dict:
        self._require_play_allowed()
        seat = self._require_human_turn()
        return hint(self.match.view(seat))

    def _last_human_move(self) -> Optional[int]:
        """The index in ``movers`` of the last move a person made, or None."""
        for index in range(len(self.movers) - 1, -1, -1):
            if self.is_human(self.movers[index]):
                return index
        return None

    def _moves_this_round(self) -> list[int]:
        """Who made each move of the round being played (none while a finished round is shown)."""
        if self.round_over is not None or self.match.is_over:
            return []
        return self.movers[len(self.movers) - len(self.match.hand.move_stack):]

    @property
    def can_undo(self) -> bool:
        """The person holding the device made the last move any person made in the round being played (only
        computers moved since): a scored round is never reopened."""
        movers = self._moves_this_round()
        people = [seat for seat in movers if self.is_human(seat)]
        return bool(people) and people[-1] == self.viewer

    def undo(self) -> int:
        """Take back the viewer's last move and every computer move after it; returns how many moves went."""
        if not self.can_undo:
            raise SessionError("nothing-to-undo")
        last = self._last_human_move()
        count = len(self.movers) - last
        for _ in range(count):
            self.match.pop()
            self.movers.pop()
            del self.log[self.log_marks.pop():]
        self.round_over = None
        self._hand, self._seen = self.match.hand, len(self.match.hand.log)
        return count

    def replay(self, moves) -> None:
        for number, move in enumerate(moves, 1):
            self.round_over = None
            try:
                self._push(Move.parse(move))
            except (IllegalMoveError, InvalidMoveError) as error:
                raise RecordError(f"move {number} ({move}) is not legal: {error}", "illegal-move",
                                  index=number, move=str(move)) from None

    # --- saving and records -----------------------------------------------------------------------------

    def record(self, with_review: bool = True) -> dict:
        """The match's game record, with who sat where (``seats``, covered by its hash): imported again, a
        pass-and-play game comes back with its people and names, a game against the computer with its levels;
        and the summaries of the rounds reviewed (``review``, as the save keeps them: outside the hash, see
        ``readers.UNHASHED``). ``python -m engine replay`` reads it like any record."""
        data = game_record(self.match)
        data["seats"] = self.seats.to_json()
        data["sha256"] = record_hash(data)
        reviews = getattr(self, "reviews", None)  # bridge/review_store.py
        if with_review and reviews is not None and reviews.to_json() is not None:
            data["review"] = reviews.to_json()
        return data

    def save(self) -> dict:
        """The save: the record plus the seats. A pass-and-play game resumes with every hand hidden."""
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "bot": self.bot_name,
                "seats": self.seats.to_json(), "round_over": self.round_over is not None,
                "record": self.record(with_review=False)}  # the review once, beside it
        reviews = getattr(self, "reviews", None)  # the round reviews' summaries (bridge/review_store.py)
        if reviews is not None and reviews.to_json() is not None:
            data["review"] = reviews.to_json()
        return data

    @classmethod
    def from_record(cls, record: Any, bot: str = DEFAULT_BOT, admit: Optional[Admit] = None,
                    seats: Any = None) -> "GameSession":
        """A session at the end of a game record, every move re-checked. Raises ``RecordError``; ``admit``
        may refuse the record's rules and players before any move is replayed (see ``replay_record``).
        ``seats`` (the page's JSON list, see ``seats.py``) defaults to the record's own, else one person at
        seat 0 against ``bot``."""
        record = readers.read_record(record)  # format, version, sha256, the fields' shapes
        checked = replay_record(record, admit)  # every move, the result  # format, version, sha256, every move, the result
        if seats is None:
            seats = record.get("seats")  # hashed with the rest: present only as the page wrote it
        if seats is not None:
            try:
                seats = Seats.from_json(seats, checked.players)
            except ValueError as error:
                raise RecordError(f"bad seats: {str(error)[:80]}", "bad-record") from None
        session = cls(checked.rules, checked.players, checked.seed, bot, seats)
        session.replay(checked.moves)
        session.review_left_out = None  # why the record's review summaries were left out, if they were
        if record.get("review") is not None:
            from ..review import finished_rounds
            from .review_store import ReviewStore

            review, session.review_left_out = readers.read_record_review(record, checked.players,
                                                                         finished_rounds(session.match))
            if review is not None:
                session.reviews = ReviewStore.from_json(review)
        return session

    @classmethod
    def from_save(cls, save: Any, admit: Optional[Admit] = None) -> "GameSession":
        """Resume a saved game. An old, foreign or damaged save raises ``RecordError`` with a stable code."""
        save = readers.read_save(save, BOTS)
        bot = save.get("bot", DEFAULT_BOT)
        session = cls.from_record(save.get("record"), bot, admit, save.get("seats"))
        if save.get("round_over") is not True:
            session.round_over = None
        if save.get("review") is not None:
            from .review_store import ReviewStore

            session.reviews = ReviewStore.from_json(save["review"])
        return session

    # --- what the page shows ----------------------------------------------------------------------------

    def _shown_hand(self):
        """The hand the page shows: the finished one while its result is on screen, else the one in play."""
        finished = self.match.last_finished_hand
        return finished if self.round_over is not None and finished is not None else self.match.hand

    def _visible_log_length(self) -> int:
        return self.round_over["log_end"] if self.round_over is not None else len(self.log)

    def _last_played(self, round_index: int, log_end: int) -> Optional[dict]:
        """The last tile laid in the round shown (the page outlines it, so a computer's move is easy to
        follow), or None."""
        for event in reversed(self.log[:log_end]):
            if event["round"] != round_index:
                return None
            if event["kind"] == "tile_played":
                return {"seat": event["seat"], "tile": event["tile"], "end": event["end"]}
        return None

    def snapshot(self, log_since: int = 0) -> dict:
        match = self.match
        viewer = self.viewer
        shown = viewer if self.handoff is None else None  # while the device changes hands, nobody's hand
        hand = self._shown_hand()
        data = PlayerView(hand, shown if shown is not None else hand.turn, match).to_dict()
        if shown is None:
            hide_hand(data)
        log_end = self._visible_log_length()
        since = max(0, min(log_since, log_end))
        data.update({
            "seed": match.seed,
            "human": shown if shown is not None else self.seats.humans[0],
            "seats": self.seats.to_json(),
            "viewer": shown,
            "handoff": self.handoff,
            "private_log": self._private_log(hand) if shown is not None else [],
            "round": hand.round_index,
            "rounds_planned": match.rounds_planned,
            "set_size": match.max_pip,
            "round_scores": [list(scores) for scores in match.round_scores],
            "totals": list(match.totals),
            "result": {**match.outcome.to_dict(), "say": decided_by(match.outcome.decided_by)} if match.outcome else None,
            "round_over": self.round_over,
            "can_undo": self.can_undo,
            "move_count": len(match.moves),
            "log_start": since,
            "log_length": log_end,
            "log": [narrated(event, hand.game, self.log_viewer, hand.round_index) for event in self.log[since:log_end]],
            "last_played": self._last_played(hand.round_index, log_end),
            "bot_first_train": self.bot_lays_first_train,
        })
        if data["round_over"] is not None or match.outcome is not None or data["handoff"] is not None:
            data["legal_moves"] = []
            data["is_my_turn"] = False
        return data

    def _private_log(self, hand) -> list[dict]:
        """Pass-and-play: the tiles the viewer drew in the round shown (the shared log hides them)."""
        viewer = self.viewer
        if not self.seats.pass_and_play or viewer is None:
            return []
        return [{"kind": "drew", "seat": viewer, "tile": entry[2].to_list(), "round": hand.round_index}
                for entry in hand.log if entry[0] == "drew" and entry[1] == viewer]


def hide_hand(data: dict) -> None:
    """Blank a snapshot's private part: the page shows nobody's hand (pass-and-play, between two people)."""
    data["hand"] = []
    data["legal_moves"] = []
    data["is_my_turn"] = False
    data["seat"] = None
