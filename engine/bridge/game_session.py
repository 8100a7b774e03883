"""A whole match for the game page: people and computer players, on one device.

Who sits where is a ``Seats`` configuration (``seats.py``): by default one person at seat 0 and computer
players of one level at the others; any mix of 2 to 8 seats with at least one person is allowed.

The session owns one ``Match``. The person whose turn it is moves with ``play``; the computer players move
one at a time with ``bot_step`` (so the page can show them at a readable pace); when a round ends the
session waits for ``next_round`` so the reader can look at the final table and the scores. ``undo`` takes
back the last move of the person holding the device (and the computer moves after it). Everything the page
shows comes from ``snapshot``.

Pass-and-play (two or more people): the snapshot shows one person's hand at a time, the ``viewer``. When the
turn comes to another person, the snapshot hides every hand (``handoff`` names who is next) until the page
calls ``reveal(seat)`` once that person says it is them. The shared log then holds only what every player may
know (nobody's drawn tile, not even the viewer's); the viewer's own draws come separately, in
``private_log``. Undo is for the viewer's own last move, before the next person sees their hand.
With one person, the log is that person's view (their drawn tiles shown) and nothing is ever hidden from them.

Saves are the match's game record (rules, seed, moves, sha256) wrapped with the session's settings and a
version; loading replays and re-checks every move, so an edited or damaged save is refused, never trusted.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import jsonsafe
from ..bots import BOTS, make_bot
from ..errors import IllegalMoveError, InvalidMoveError, RecordError
from ..events import Event
from ..match import Match
from ..moves import Move
from ..options import Rules
from ..records import Admit, game_record, replay_record
from .hints import hint
from .seats import Seats

HUMAN = 0  # the person's seat in a one-person game (the default seats)
PUBLIC = -1  # the log's viewer in pass-and-play: a seat nobody sits in, so every drawn tile stays hidden
SAVE_FORMAT = "chickenfoot-save"
SAVE_VERSION = 1
DEFAULT_BOT = "careful"


class SessionError(ValueError):
    """A request the session refuses; ``code`` is stable for the page to translate."""

    def __init__(self, code: str, detail: str = "", **params: Any) -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.params = params


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
        self._collect()

    # --- the event log ----------------------------------------------------------------------------------

    def _collect(self) -> None:
        """Append the events the match produced since the last call, the finished hand's last ones first."""
        hand = self.match.hand
        if hand is not self._hand:
            self._take(self._hand, self._seen)
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
        finished = match.last_finished_hand
        return {"round": len(match.round_scores), **outcome.to_dict(),
                "layout": finished.layout_dict() if finished is not None else None}

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

    def reveal(self, seat: int) -> None:
        """The person at ``seat`` has the device and said it is them: show their hand from now on. Only the
        person whose turn it is can be revealed (``not-their-turn`` otherwise)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.match.players:
            raise SessionError("bad-seat", str(seat))
        if seat != self.handoff and seat != self.viewer:
            raise SessionError("not-their-turn", str(seat))
        self.viewer = seat

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

    def bot_step(self) -> Optional[dict]:
        """One computer move, or ``None`` when it is a person's turn, a round waits, or the match is over."""
        if self.match.is_over or self.round_over is not None or self.is_human(self.match.turn):
            return None
        seat = self.match.turn
        move = self.bots[seat].choose(self.match.view(seat))
        self._push(move)
        return {"seat": seat, "move": str(move)}

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

    @property
    def can_undo(self) -> bool:
        """The person holding the device made the last move any person made (only computers moved since)."""
        last = self._last_human_move()
        return last is not None and self.movers[last] == self.viewer and not self.match.is_over

    def undo(self) -> int:
        """Take back the viewer's last move and every computer move after it; returns how many moves went.
        ``Match.pop`` undoes across the end of any hand, so nothing is replayed."""
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

    def record(self) -> dict:
        return game_record(self.match)

    def save(self) -> dict:
        """The save: the record plus the seats. A pass-and-play game resumes with every hand hidden."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "bot": self.bot_name,
                "seats": self.seats.to_json(), "round_over": self.round_over is not None, "record": self.record()}

    @classmethod
    def from_record(cls, record: Any, bot: str = DEFAULT_BOT, admit: Optional[Admit] = None,
                    seats: Any = None) -> "GameSession":
        """A session at the end of a game record, every move re-checked. Raises ``RecordError``; ``admit``
        may refuse the record's rules and players before any move is replayed (see ``replay_record``).
        ``seats`` (the page's JSON list, see ``seats.py``) defaults to one person at seat 0 against ``bot``."""
        checked = replay_record(record, admit)  # format, version, sha256, every move, the result
        if seats is not None:
            try:
                seats = Seats.from_json(seats, checked.players)
            except ValueError as error:
                raise RecordError(f"bad seats: {str(error)[:80]}", "bad-record") from None
        session = cls(checked.rules, checked.players, checked.seed, bot, seats)
        session.replay(checked.moves)
        return session

    @classmethod
    def from_save(cls, save: Any, admit: Optional[Admit] = None) -> "GameSession":
        """Resume a saved game. An old, foreign or damaged save raises ``RecordError`` with a stable code."""
        if isinstance(save, (str, bytes)):
            save = jsonsafe.loads(save, "the saved game")
        else:
            jsonsafe.check_tree(save, "the saved game")
        if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
            raise RecordError("this is not a saved game", "wrong-format")
        version = save.get("version")
        if version != SAVE_VERSION or isinstance(version, bool):
            raise RecordError(f"saved-game version {str(version)[:20]} is not supported", "wrong-version",
                              version=str(version)[:20], supported=SAVE_VERSION)
        bot = save.get("bot", DEFAULT_BOT)
        if not isinstance(bot, str) or bot not in BOTS:
            raise RecordError(f"the saved game names no known computer player ({str(bot)[:20]})", "bad-record")
        session = cls.from_record(save.get("record"), bot, admit, save.get("seats"))
        if save.get("round_over") is not True:
            session.round_over = None
        return session

    # --- what the page shows ----------------------------------------------------------------------------

    def _last_played(self) -> Optional[dict]:
        """The last tile laid in the current round (the page outlines it, so a computer's move is easy to
        follow), or None."""
        round_index = self.match.hand.round_index
        for event in reversed(self.log):
            if event["round"] != round_index:
                return None
            if event["kind"] == "tile_played":
                return {"seat": event["seat"], "tile": event["tile"], "end": event["end"]}
        return None

    def snapshot(self, log_since: int = 0) -> dict:
        match = self.match
        viewer = self.viewer
        shown = viewer if self.handoff is None else None  # while the device changes hands, nobody's hand
        data = match.view(shown if shown is not None else match.turn).to_dict()
        if shown is None:
            hide_hand(data)
        since = max(0, min(log_since, len(self.log)))
        data.update({
            "seed": match.seed,
            "human": shown if shown is not None else self.seats.humans[0],
            "seats": self.seats.to_json(),
            "viewer": shown,
            "handoff": self.handoff,
            "private_log": self._private_log() if shown is not None else [],
            "round": match.round_index,
            "rounds_planned": match.rounds_planned,
            "set_size": match.max_pip,
            "round_scores": [list(scores) for scores in match.round_scores],
            "totals": list(match.totals),
            "result": match.outcome.to_dict() if match.outcome else None,
            "round_over": self.round_over,
            "can_undo": self.can_undo,
            "move_count": len(match.moves),
            "log_start": since,
            "log_length": len(self.log),
            "log": self.log[since:],
            "last_played": self._last_played(),
        })
        if data["round_over"] is not None or match.outcome is not None or data["handoff"] is not None:
            data["legal_moves"] = []
            data["is_my_turn"] = False
        return data

    def _private_log(self) -> list[dict]:
        """Pass-and-play: the tiles the viewer drew this round (the shared log hides them)."""
        viewer = self.viewer
        if not self.seats.pass_and_play or viewer is None:
            return []
        hand = self.match.hand
        return [{"kind": "drew", "seat": viewer, "tile": entry[2].to_list(), "round": hand.round_index}
                for entry in hand.log if entry[0] == "drew" and entry[1] == viewer]


def hide_hand(data: dict) -> None:
    """Blank a snapshot's private part: the page shows nobody's hand (pass-and-play, between two people)."""
    data["hand"] = []
    data["legal_moves"] = []
    data["is_my_turn"] = False
    data["seat"] = None

