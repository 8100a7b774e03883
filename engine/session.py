"""A game session for the browser worker: one match, human seats and bot seats, JSON in and out.

The worker keeps one ``Session`` and calls ``play``/``undo``/``snapshot``; every answer is plain JSON-able data
seen from the human's seat (``PlayerView``), with the events since the last answer, so the page only renders.
Bots move on their own until a human is to move. A tutorial lesson is a session built from a scenario.
"""

from __future__ import annotations

from typing import Optional

from .bots import make_bot
from .errors import EngineError, IllegalMoveError, InvalidMoveError
from .events import Event
from .match import Match
from .moves import Move
from .options import Rules


class Session:
    def __init__(self, game: str, ruleset: Optional[str] = None, options: Optional[dict] = None, players: int = 4,
                 seed: int = 0, humans=(0,), bots: Optional[list] = None) -> None:
        rules = Rules(game, ruleset, **(options or {}))
        self.match = Match(rules, players, seed)
        self._setup(players, humans, bots, seed)

    @classmethod
    def from_scenario(cls, scenario, humans=(0,), bots: Optional[list] = None, seed: int = 0) -> "Session":
        """One hand set up from a scenario (see ``records.py``), played to its end."""
        from .records import load_scenario

        hand = load_scenario(scenario)
        session = cls.__new__(cls)
        session.match = _SingleHand(hand)
        session._setup(hand.players, humans, bots, seed)
        return session

    def _setup(self, players: int, humans, bots, seed: int) -> None:
        self.humans = tuple(humans)
        if any(not 0 <= h < players for h in self.humans):
            raise ValueError(f"human seats must be between 0 and {players - 1}")
        names = list(bots) if bots else ["greedy"] * players
        if len(names) == 1:
            names = names * players
        self.bots = {seat: make_bot(names[seat], seed + seat) for seat in range(players) if seat not in self.humans}
        self.viewer = self.humans[0] if self.humans else 0
        self._hand = self.match.hand
        self._seen = 0
        self._checkpoints: list[int] = []  # len(match.moves) at each human decision, for undo

    # --- what the page calls -----------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """The position from the human's seat, with the events since the last answer."""
        self._advance()
        return self._answer()

    def play(self, move) -> dict:
        """Play the human's move (text like ``"9-4@n"`` or a move dict); bots then move until a human is to
        move. An illegal move changes nothing and answers with its error."""
        try:
            if isinstance(move, dict):
                move = Move.from_dict(move)
            move = Move.parse(move)
            if self.match.is_over or self.match.hand.turn not in self.humans:
                raise IllegalMoveError("hand-over", self.match.hand.rule_prefix + "play")
            mark = len(self.match.moves)
            self.match.push(move)
        except InvalidMoveError as error:
            return {"ok": False, "error": {"code": "unknown-move", "rule_id": None,
                                           "message_params": {"text": str(move)}, "message": str(error)}}
        except IllegalMoveError as error:
            answer = {"ok": False, "error": dict(error.to_dict(), message=str(error))}
            answer.update(self._answer())
            return answer
        self._checkpoints.append(mark)
        self._advance()
        answer = {"ok": True}
        answer.update(self._answer())
        return answer

    def undo(self) -> dict:
        """Take back the human's last move and every bot move after it."""
        if not self._checkpoints:
            return {"ok": False, "error": {"code": "nothing-to-undo", "rule_id": None, "message_params": {}}}
        mark = self._checkpoints.pop()
        try:
            while len(self.match.moves) > mark:
                self.match.pop()
        except IndexError:  # more than one finished hand back: keep what is left
            self._checkpoints.clear()
        self._hand = self.match.hand
        self._seen = 0  # the page redraws from the full event list of this hand
        answer = {"ok": True, "reset": True}
        answer.update(self._answer())
        return answer

    def record(self) -> Optional[dict]:
        from .records import game_record

        return game_record(self.match) if isinstance(self.match, Match) else None

    # --- inside -------------------------------------------------------------------------------------------

    def _advance(self) -> None:
        match = self.match
        while not match.is_over and match.hand.turn not in self.humans:
            seat = match.hand.turn
            self._collect_hand_change()
            match.push(self.bots[seat].choose(match.hand.view(seat)))
        self._collect_hand_change()

    def _collect_hand_change(self) -> None:
        if self.match.hand is not self._hand:
            self._pending_events = getattr(self, "_pending_events", []) + self._events_of(self._hand, self._seen)
            self._hand = self.match.hand
            self._seen = 0

    def _events_of(self, hand, since: int) -> list[dict]:
        return [Event(*entry).to_dict(self.viewer) for entry in hand.log[since:]]

    def _answer(self) -> dict:
        hand = self.match.hand
        events = getattr(self, "_pending_events", []) + self._events_of(hand, self._seen)
        self._pending_events = []
        self._seen = len(hand.log)
        view = hand.view(self.viewer).to_dict()
        view["totals"] = list(self.match.totals)
        outcome = self.match.outcome()
        return {"view": view, "events": events, "match_over": self.match.is_over,
                "match_outcome": outcome.to_dict() if outcome else None}


class _SingleHand:
    """A hand played alone (a lesson), with the few parts of Match a session uses."""

    def __init__(self, hand) -> None:
        self.hand = hand
        self.moves: list[Move] = []
        self.totals = [0] * hand.players

    @property
    def is_over(self) -> bool:
        return self.hand.outcome is not None

    def push(self, move: Move) -> None:
        self.hand.push(move)
        self.moves.append(move)
        if self.hand.outcome is not None:
            self.totals = list(self.hand.outcome.scores)

    def pop(self) -> Move:
        self.moves.pop()
        self.totals = [0] * self.hand.players
        return self.hand.pop()

    def outcome(self):
        return None


__all__ = ["Session", "EngineError"]
