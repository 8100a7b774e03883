"""Moves: immutable values with a short text notation.

Notation (the same in records, the CLI and the browser):

- ``9-4@n``      lay [9-4] on the open end ``n`` (the end's id is its line's id: ``n.2.l``, ``t3``, ``mx``)
- ``9-4@n!``     the same, announcing "chicken little" (one tile left; only with that option)
- ``draw``       take one tile from the boneyard
- ``pass``       end your turn without laying a tile (in Mexican Train this marks your own train)
- ``end``        end a Mexican Train first turn after laying one or more tiles
- ``catch``      catch the previous player who left one tile without announcing it (chicken little)

A tile's orientation is never written: it is fixed by the end it joins.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from .errors import InvalidMoveError, shown
from .tiles import TILES, Tile

PLAY = "play"
DRAW = "draw"
PASS = "pass"
END = "end"
CATCH = "catch"
KINDS = (PLAY, DRAW, PASS, END, CATCH)


class Move(NamedTuple):
    kind: str
    tile: Optional[Tile] = None
    end: Optional[str] = None
    announce: bool = False

    def __str__(self) -> str:
        if self.kind == PLAY:
            return f"{self.tile}@{self.end}{'!' if self.announce else ''}"
        return self.kind

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def text(self) -> str:
        return str(self)

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "tile": self.tile.to_list() if self.tile is not None else None,
            "end": self.end,
            "announce": self.announce,
            "text": str(self),
        }

    @staticmethod
    def play(tile: Tile | str, end: str, announce: bool = False) -> "Move":
        tile = Tile.coerce(tile)
        if announce:
            return Move(PLAY, tile, end, True)
        return play_move(tile.index, end)

    @staticmethod
    def parse(text: str) -> "Move":
        if isinstance(text, Move):
            return text
        if isinstance(text, dict):  # the page's choice as data ({kind, tile, end, announce}), not text
            return Move.from_dict(text)
        if not isinstance(text, str):
            raise InvalidMoveError(f"not a move: {shown(text)}")
        move = _PARSED.get(text)
        if move is None:
            move = _parse(text)
            if len(_PARSED) >= MAX_PARSED:
                _PARSED.clear()
            _PARSED[text] = move  # at most MAX_MOVE_TEXT characters: _parse refused anything longer
        return move

    @staticmethod
    def from_dict(data: dict) -> "Move":
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise InvalidMoveError(f"not a move: {shown(data)}")
        if data["kind"] != PLAY:
            return SIMPLE[data["kind"]]
        try:
            return Move.play(Tile.coerce(data.get("tile")), str(data.get("end")), bool(data.get("announce")))
        except ValueError as error:
            raise InvalidMoveError(f"not a move: {shown(data)} ({error})") from None


# Parsed move texts, memoised (a replay parses the same few hundred texts again and again); bounded like
# _PLAY_ROWS below.
_PARSED: dict[str, Move] = {}
MAX_PARSED = 4096
MAX_MOVE_TEXT = 400  # a toe forty feet deep has an id of about 200 characters


def _parse(text: str) -> Move:
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"not a move: {shown(text)} (too long)")
    cleaned = text.strip()
    if cleaned in SIMPLE:
        return SIMPLE[cleaned]
    tile_text, at, end = cleaned.partition("@")
    announce = end.endswith("!")
    if announce:
        end = end[:-1]
    if not at or not end or not _END_OK(end):
        raise InvalidMoveError(f"not a move: {shown(text)} (write 9-4@n, draw, pass, end or catch)")
    try:
        tile = Tile.parse(tile_text)
    except ValueError as error:
        raise InvalidMoveError(f"not a move: {shown(text)} ({error})") from None
    return Move.play(tile, end, announce)


def _END_OK(end: str) -> bool:
    return all(ch.isalnum() or ch == "." for ch in end)


DRAW_MOVE = Move(DRAW)
PASS_MOVE = Move(PASS)
END_MOVE = Move(END)
CATCH_MOVE = Move(CATCH)
SIMPLE = {DRAW: DRAW_MOVE, PASS: PASS_MOVE, END: END_MOVE, CATCH: CATCH_MOVE}

# Interned play moves, one row per end id: legal-move generation looks moves up instead of building them.
# End ids are endless (every foot makes three new ones), so the cache is bounded: when it is full it starts
# again. A line keeps its own row, and an interned move equals a freshly built one, so emptying the cache
# changes no result, only how much is built again.
_PLAY_ROWS: dict[str, list[Move]] = {}
MAX_PLAY_ROWS = 1024


def play_row(end: str) -> list:
    """The interned play moves on ``end``, by tile index; filled on first use (``None`` until then)."""
    row = _PLAY_ROWS.get(end)
    if row is None:
        if len(_PLAY_ROWS) >= MAX_PLAY_ROWS:
            _PLAY_ROWS.clear()
        row = _PLAY_ROWS[end] = [None] * len(TILES)
    return row


def play_move(tile_index: int, end: str) -> Move:
    row = play_row(end)
    move = row[tile_index]
    if move is None:
        move = row[tile_index] = Move(PLAY, TILES[tile_index], end, False)
    return move
