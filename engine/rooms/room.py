"""One room: its match (the engine's), its seats, and who may do what. No networking and no storage here:
``server.py`` stores the room (``store.py``) before it tells anyone about a change.

A seat is a person's (``human``) or a computer's; a person's seat also names the level that plays for them
once they are away longer than the grace period. The seed is drawn with ``secrets``: nobody, the host
included, can deal the hands again from what they know.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Optional

from .. import narration, readers, records, svg
from ..bots import make_bot
from ..errors import ConfigError, IllegalMoveError, InvalidMoveError, RecordError
from ..match import MAX_SEED, Match
from ..moves import Move
from . import codes, room_log
from .protocol import ProtocolError


@dataclass
class Seat:
    kind: str  # "human" or "computer"
    level: str  # the computer's level, or the one that plays for an away person
    name: str = ""
    lang: str = "en"
    token_digest: str = ""  # "" while nobody has taken the seat
    connected: bool = False
    away_since: Optional[float] = None  # a person's connection dropped at this time (None: here, or never came)
    lost: bool = False  # away past the reclaim window: a computer plays the seat to the end
    holder: str = ""  # the connection holding the seat (an id): with shared rooms, the newest one anywhere

    def to_meta(self) -> dict:
        return {"kind": self.kind, "level": self.level, "name": self.name, "lang": self.lang,
                "token": self.token_digest, "lost": self.lost, "connected": self.connected,
                "away_since": self.away_since, "holder": self.holder}

    @classmethod
    def from_meta(cls, data: dict) -> "Seat":
        return cls(data["kind"], data["level"], data["name"], data["lang"], data["token"], lost=data["lost"],
                   connected=data.get("connected", False), away_since=data.get("away_since"),
                   holder=data.get("holder", ""))


@dataclass
class Room:
    code: str
    match: Match
    seats: list[Seat]
    started: bool = False
    connections: dict = field(default_factory=dict)  # seat -> the connection that holds it (server's)
    last: Optional[dict] = None  # the newest move as views report it ({seat, move, round, number})
    version: int = 0  # stored changes so far (shared rooms: a change is stored only from the newest version)
    updated: float = field(default_factory=time.time)  # wall clock of the last stored change (sweeps read it)
    screens: dict = field(default_factory=dict)  # seat -> its last "screen" message (not stored: sent again on resume)
    drawn: dict = field(default_factory=dict)  # seat -> what its last picture showed (not drawn again: "same")
    told: dict = field(default_factory=dict)  # seat -> the match's events its page has been sent (room_log)
    # the table last drawn (its layout's text) and its placements by width, shared by every seat's picture
    _layout_text: str = field(default="", repr=False)
    _placed: dict = field(default_factory=dict, repr=False)

    @classmethod
    def create(cls, code: str, game: str, rules_data: Optional[dict], seat_specs: list[dict]) -> "Room":
        if rules_data is not None and rules_data.get("game", game) != game:
            raise ProtocolError("bad-rules", option="game")
        try:
            rules = readers.read_rules({"game": game, **(rules_data or {})})
        except RecordError as error:
            raise ProtocolError("bad-rules", option=str(error.params.get("option", ""))) from None
        try:
            match = Match(rules, len(seat_specs), secrets.randbelow(MAX_SEED + 1))
        except ConfigError as error:
            code_ = "bad-seats" if "players" in error.code or error.code == "too-many-tiles" else "bad-rules"
            raise ProtocolError(code_) from None
        seats = [Seat(spec["kind"], spec["level"]) for spec in seat_specs]
        return cls(code, match, seats)

    # --- who sits where ---------------------------------------------------------------------------------

    def take_seat(self, seat: int, name: str, lang: str, holder: str = "") -> str:
        """Give ``seat`` to a person (on connection ``holder``); returns their token (only its digest is kept)."""
        token = codes.new_token()
        place = self.seats[seat]
        place.name, place.lang, place.token_digest = name, lang, codes.token_digest(token)
        place.connected, place.away_since, place.holder = True, None, holder
        return token

    def free_seat(self) -> Optional[int]:
        if self.started:
            return None
        return next((i for i, s in enumerate(self.seats) if s.kind == "human" and not s.token_digest), None)

    def seat_of_token(self, token: str) -> Optional[int]:
        return next((i for i, s in enumerate(self.seats)
                     if s.token_digest and codes.token_matches(token, s.token_digest)), None)

    def computer_plays(self, seat: int, now: float, grace: float) -> bool:
        """A computer seat, a person's seat nobody took (once started), or a person away past the grace."""
        place = self.seats[seat]
        if place.kind == "computer" or place.lost or not place.token_digest:
            return True
        return not place.connected and place.away_since is not None and now - place.away_since >= grace

    # --- play -------------------------------------------------------------------------------------------

    def legal_texts(self, seat: int) -> list[str]:
        if not self.started or self.match.is_over or self.match.hand.turn != seat:
            return []
        return [str(m) for m in self.match.legal_moves()]

    def play(self, seat: int, text: str) -> Move:
        """Push a person's move: it must be one of the texts ``legal_texts`` sent them."""
        if not self.started:
            raise ProtocolError("not-started")
        if self.match.is_over:
            raise ProtocolError("game-over")
        if self.match.hand.turn != seat:
            raise ProtocolError("not-your-turn")
        if text not in self.legal_texts(seat):
            raise ProtocolError("illegal-move")
        move = Move.parse(text)
        self.match.push(move)
        return move

    def bot_choice(self) -> Move:
        """The move of the computer at the seat to play, from that seat's view alone; its seed is derived
        from the room's, so the same position gets the same choice. Only reads the match (it may run in a
        thread while the loop serves other rooms)."""
        seat = self.match.hand.turn
        bot = make_bot(self.seats[seat].level, seed=self.match.seed ^ (seat + 1))
        return bot.choose(self.match.view(seat))

    def push_bot_move(self, move: Move) -> Move:
        try:
            self.match.push(move)
        except (IllegalMoveError, InvalidMoveError):  # a bot's bug must not stop the room
            move = self.match.legal_moves()[0]
            self.match.push(move)
        return move

    # --- what each seat sees ----------------------------------------------------------------------------

    def seats_public(self) -> list[dict]:
        return [{"kind": s.kind, "level": s.level, "name": s.name, "lang": s.lang,
                 "taken": bool(s.token_digest), "connected": s.connected, "away": s.away_since is not None,
                 "lost": s.lost} for s in self.seats]

    def view_for(self, seat: int, last: Optional[dict] = None) -> dict:
        """Seat ``seat``'s view: its own hand and legal moves, the table, every seat's public facts. Before
        the start, no tiles at all (the hands are dealt but nobody has been shown them)."""
        message = {"type": "view", "room": self.code, "code": codes.shown_code(self.code), "seat": seat,
                   "started": self.started, "moves": len(self.match.moves), "seats": self.seats_public(), "hand": [], "legal_moves": [], "legal": [],
                   "table": None, "board": None, "last": _with_move_data(last), "round_result": None,
                   "match_result": None}
        if not self.started:
            return message
        match = self.match
        table = match.view(seat).to_dict()
        message["hand"] = table.pop("hand")
        legal_data = table.pop("legal_moves")
        message["legal_moves"] = self.legal_texts(seat)
        # the same moves as data ({kind, tile, end, announce, text}): the page names and groups them without
        # taking a move's text apart
        message["legal"] = [move for move in legal_data if move["text"] in message["legal_moves"]]
        message["table"] = table
        message["board"] = self.board_for(seat, table["layout"], message["legal_moves"])
        message.update(self.log_for(seat))
        finished = match.last_finished_hand
        if finished is not None:
            message["round_result"] = {"round": finished.round_index, **finished.outcome.to_dict()}
        if match.outcome is not None:  # over: the whole record (seed and every hand) may be known now
            # with the narrator's sentence for how it was decided, as the game page has it
            message["match_result"] = {**match.outcome.to_dict(), "say": narration.decided_by(match.outcome.decided_by)}
            message["record"] = self.record()
        return message

    def log_for(self, seat: int) -> dict:
        """The log's events this seat's page has not had yet; a page that has just come (``new_page``) gets
        the last ``room_log.TAIL`` first."""
        since = self.told.get(seat)
        if since is None:
            since = max(0, room_log.event_count(self.match) - room_log.TAIL)
        log = room_log.log_since(self.match, seat, since)
        self.told[seat] = log["log_end"]
        return log

    def new_page(self, seat: int) -> None:
        """A page has just taken ``seat`` (a join, a reload, a reconnection): it has no picture and no log."""
        self.drawn.pop(seat, None)
        self.told.pop(seat, None)

    def board_for(self, seat: int, layout: dict, legal: list[str]) -> Optional[str]:
        """The table as this seat's screen shows it (the engine's own SVG, laid out for the seat's width, in
        its words, the ends its tiles could join drawn as targets); None until the seat has said its screen."""
        screen = self.screens.get(seat)
        if screen is None:
            return None
        words = screen["words"]
        targets = sorted({text.split("@", 1)[1].rstrip("!") for text in legal if "@" in text})
        # a draw or a pass leaves the others' tables as they were: "same" costs a phone 10 bytes, not 2 KiB
        table_key = self._table_key(layout)
        shown = (table_key, tuple(targets))
        if self.drawn.get(seat) == shown:
            return "same"
        self.drawn[seat] = shown
        # laying the tiles out is most of a picture's cost: once per table and width, for every seat of that width
        placed = self._placed.get(screen["width"])
        if placed is None:
            placed = self._placed[screen["width"]] = svg.fitted(layout, screen["width"])
        labels = svg.train_labels(layout, words["trains"])
        return svg.render(layout, fit_width=screen["width"], title=words["table"], desc=words["table_desc"],
                          highlight_ends=targets, labels=labels, theme=screen["theme"], id_prefix="rt",
                          placed=placed)

    def _table_key(self, layout: dict) -> str:
        """The table's layout as text (a seat's last picture is named by it); a new table forgets the
        placements made for the last one."""
        text = json.dumps(layout, sort_keys=True)
        if text != self._layout_text:
            self._layout_text, self._placed = text, {}
        return self._layout_text  # one string for every seat's "drawn"

    # --- stored form ------------------------------------------------------------------------------------

    def record(self) -> dict:
        """The engine's own game record: rules, players, seed, every move, the result."""
        return records.game_record(self.match)

    def meta(self) -> dict:
        return {"started": self.started, "seats": [s.to_meta() for s in self.seats], "updated": self.updated,
                "last": self.last}

    @classmethod
    def restore(cls, code: str, record_text: str, meta: dict, now: Optional[float]) -> "Room":
        """A stored room, its match replayed from the record (every move checked again). After a restart
        (``now`` given) every person is away from ``now``: they have the grace period and the reclaim window
        to come back. A shared room reloaded after another process changed it (``now`` None) keeps who is
        connected where."""
        match = records.replay_record(record_text)
        seats = [Seat.from_meta(s) for s in meta["seats"]]
        for place in seats:
            if now is not None and place.kind == "human" and place.token_digest and not place.lost:
                place.connected, place.away_since, place.holder = False, now, ""
        return cls(code, match, seats, started=meta["started"], last=meta.get("last"), version=meta.get("version", 0),
                   updated=meta.get("updated", time.time()))


def now() -> float:
    """Wall-clock seconds: an away person's time is stored and compared by every process sharing the room."""
    return time.time()


def _with_move_data(last: Optional[dict]) -> Optional[dict]:
    """The newest move as views report it, with the move as data too (``play``: {kind, tile, end, ...})."""
    if last is None:
        return None
    return {**last, "play": Move.parse(last["move"]).to_dict()}
