"""A whole match against computer players, for the game page: the human sits at seat 0.

The session owns one ``Match``. The human moves with ``play``; the computer players move one step at a time
with ``bot_step`` (so the page can show them at a readable pace): a step is one move, except a computer's
Mexican Train first turn, whose whole train is one step (a reader should not watch seven trains laid tile by
tile). When a round ends the session shows that finished round (its table, the reader's last tiles, its
scores) until ``next_round``: the match has already dealt the next round, but nothing of it, not even its
opening events, reaches the page before the reader asks for it. ``undo`` takes back the human's own last move
(and the computer moves after it) within the round being played: a scored round stays scored. Everything the
page shows comes from ``snapshot``; the log is a list of events as seat 0 may see them (another player's drawn
tile stays hidden).

Saves are the match's game record (rules, seed, moves, sha256) wrapped with the session's settings and a
version; loading replays and re-checks every move, so an edited or damaged save is refused, never trusted.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from ..bots import make_bot
from ..errors import ConfigError, IllegalMoveError, InvalidMoveError, RecordError
from ..events import Event
from ..match import Match
from ..moves import Move
from ..options import MEXICAN_TRAIN, Rules
from ..records import game_record, replay_record
from ..view import PlayerView
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
        self._hand_log_end = 0  # len(log) when the last finished hand's events were all in
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
        return {"round": len(match.round_scores), **outcome.to_dict(),
                # the finished round's events end here; the next round's opening stays hidden until next_round
                "log_end": self._hand_log_end if match.result is None else len(self.log)}

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

    @property
    def bot_to_move(self) -> bool:
        return not self.match.is_over and self.round_over is None and self.match.turn != HUMAN

    @property
    def bot_lays_first_train(self) -> bool:
        """A computer is on its Mexican Train first turn: its next step lays its whole train."""
        hand = self.match.hand
        return self.bot_to_move and hand.game == MEXICAN_TRAIN and hand.first_turn[hand.turn]

    def bot_step(self) -> Optional[dict]:
        """One computer step (see the module docstring), or ``None`` when it is the human's turn, a round
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

    def hint(self) -> dict:
        self._require_play_allowed()
        if self.match.turn != HUMAN:
            raise SessionError("not-your-turn")
        return hint(self.match.view(HUMAN))

    def _moves_this_round(self) -> list[int]:
        """Who made each move of the round being played (none while a finished round is shown)."""
        if self.round_over is not None or self.match.is_over:
            return []
        return self.movers[len(self.movers) - len(self.match.hand.move_stack):]

    @property
    def can_undo(self) -> bool:
        """The human has moved in the round being played: a scored round is never reopened."""
        return HUMAN in self._moves_this_round()

    def undo(self) -> int:
        """Take back the human's last move and every computer move after it; returns how many moves went."""
        if not self.can_undo:
            raise SessionError("nothing-to-undo")
        last = len(self.movers) - 1 - self.movers[::-1].index(HUMAN)
        count = len(self.movers) - last
        try:
            for _ in range(count):
                self.match.pop()
                self.movers.pop()
                del self.log[self.log_marks.pop():]
        except IndexError:
            # pop() reopens only the hand just finished; further back, replay the moves that stay
            self._rebuild(self.match.moves[:last])
            return count
        self.round_over = None
        self._hand, self._seen = self.match.hand, len(self.match.hand.log)
        return count

    def _rebuild(self, moves: list[Move]) -> None:
        fresh = GameSession(self.match.rules, self.match.players, self.match.seed, self.bot_name)
        fresh.replay(moves)
        fresh.round_over = None
        self.__dict__.update(fresh.__dict__)

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
    def from_record(cls, record: Any, bot: str = DEFAULT_BOT) -> "GameSession":
        """A session at the end of a game record, every move re-checked. Raises ``RecordError``."""
        checked = replay_record(record)  # format, version, sha256, every move, the result
        session = cls(checked.rules, checked.players, checked.seed, bot)
        session.replay(checked.moves)
        return session

    @classmethod
    def from_save(cls, save: Any) -> "GameSession":
        """Resume a saved game. An old, foreign or damaged save raises ``RecordError`` with a stable code."""
        if isinstance(save, (str, bytes)):
            try:
                save = json.loads(save)
            except ValueError:
                raise RecordError("the save is not JSON", "not-json") from None
        if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
            raise RecordError("this is not a saved game", "wrong-format")
        if save.get("version") != SAVE_VERSION:
            raise RecordError(f"saved-game version {save.get('version')!r} is not supported", "wrong-version",
                              version=str(save.get("version")), supported=SAVE_VERSION)
        bot = save.get("bot", DEFAULT_BOT)
        try:
            session = cls.from_record(save.get("record"), bot)
        except ConfigError as error:
            raise RecordError(f"bad saved game: {error}", "bad-rules") from None
        if not save.get("round_over"):
            session.round_over = None
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
        hand = self._shown_hand()
        data = PlayerView(hand, HUMAN, match).to_dict()
        log_end = self._visible_log_length()
        since = max(0, min(int(log_since), log_end))
        data.update({
            "seed": match.seed,
            "human": HUMAN,
            "round": hand.round_index,
            "rounds_planned": match.rounds_planned,
            "set_size": match.max_pip,
            "round_scores": [list(scores) for scores in match.round_scores],
            "totals": list(match.totals),
            "result": match.result.to_dict() if match.result else None,
            "round_over": self.round_over,
            "can_undo": self.can_undo,
            "move_count": len(match.moves),
            "log_start": since,
            "log_length": log_end,
            "log": self.log[since:log_end],
            "last_played": self._last_played(hand.round_index, log_end),
            "bot_first_train": self.bot_lays_first_train,
        })
        if data["round_over"] is not None or match.result is not None:
            data["legal_moves"] = []
            data["is_my_turn"] = False
        return data
