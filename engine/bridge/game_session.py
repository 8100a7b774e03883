"""A whole match against computer players, for the game page: the human sits at seat 0.

The session owns one ``Match``. The human moves with ``play``; the computer players move one at a time with
``bot_step`` (so the page can show them at a readable pace); when a round ends the session waits for
``next_round`` so the reader can look at the final table and the scores. ``undo`` takes back the human's own
last move (and the computer moves after it). Everything the page shows comes from ``snapshot``; the log is a
list of events as seat 0 may see them (another player's drawn tile stays hidden).

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

HUMAN = 0
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
    def __init__(self, rules: Rules, players: int, seed: int = 0, bot: str = DEFAULT_BOT) -> None:
        self.match = Match(rules, players, seed)
        self.bot_name = bot
        self.bots = {seat: make_bot(bot, seed * 31 + seat) for seat in range(players) if seat != HUMAN}
        self.movers: list[int] = []  # who made each move of match.moves
        self.log: list[dict] = []  # every event seat 0 may see, each with its round
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
            self.log.append({**Event(*entry).to_dict(HUMAN), "round": hand.round_index})

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

    def play(self, text: str) -> dict:
        """The human's move. ``{"result": "played"}``, or ``"illegal"`` with the rule it breaks, or
        ``"invalid"`` for text that is not a move; only ``played`` changes anything."""
        self._require_play_allowed()
        if self.match.turn != HUMAN:
            raise SessionError("not-your-turn")
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
        """One computer move, or ``None`` when it is the human's turn, a round waits, or the match is over."""
        if self.match.is_over or self.round_over is not None or self.match.turn == HUMAN:
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
        if self.match.turn != HUMAN:
            raise SessionError("not-your-turn")
        return hint(self.match.view(HUMAN))

    @property
    def can_undo(self) -> bool:
        return HUMAN in self.movers and not self.match.is_over

    def undo(self) -> int:
        """Take back the human's last move and every computer move after it; returns how many moves went.
        ``Match.pop`` undoes across the end of any hand, so nothing is replayed."""
        if not self.can_undo:
            raise SessionError("nothing-to-undo")
        last = len(self.movers) - 1 - self.movers[::-1].index(HUMAN)
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
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "bot": self.bot_name,
                "round_over": self.round_over is not None, "record": self.record()}

    @classmethod
    def from_record(cls, record: Any, bot: str = DEFAULT_BOT, admit: Optional[Admit] = None) -> "GameSession":
        """A session at the end of a game record, every move re-checked. Raises ``RecordError``; ``admit``
        may refuse the record's rules and players before any move is replayed (see ``replay_record``)."""
        checked = replay_record(record, admit)  # format, version, sha256, every move, the result
        session = cls(checked.rules, checked.players, checked.seed, bot)
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
        session = cls.from_record(save.get("record"), bot, admit)
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
        view = match.view(HUMAN)
        data = view.to_dict()
        since = max(0, min(log_since, len(self.log)))
        data.update({
            "seed": match.seed,
            "human": HUMAN,
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
        if data["round_over"] is not None or match.outcome is not None:
            data["legal_moves"] = []
            data["is_my_turn"] = False
        return data

