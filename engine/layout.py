"""Lines of tiles on the table, and the layout data contract of ``engine/README.md``."""

from __future__ import annotations

import re
from typing import Optional

from .fielded import Fielded
from .moves import play_row


class Line:
    """A chain of tiles grown from an anchor; its last tile holds its one open end (``end``, a number),
    or ``end`` is ``None`` when the line is closed (a Chicken Foot line ending in a double)."""

    __slots__ = ("id", "parent", "slot", "at", "tiles", "owner", "marker", "end", "row", "serial")

    def __init__(self, line_id: str, parent: Optional[str], slot: str, at: int, end: Optional[int],
                 owner: Optional[int] = None, serial: int = 0) -> None:
        self.id = line_id
        self.parent = parent
        self.slot = slot
        self.at = at
        self.tiles: list[tuple[int, int]] = []  # (inner, outer), from the anchor outwards
        self.owner = owner
        self.marker = False
        self.end = end
        self.serial = serial  # creation order: open ends are listed in it, whatever the history
        self.row = play_row(line_id)  # this end's interned play moves, by tile index

    def to_dict(self, is_open: bool) -> dict:
        return {"id": self.id, "parent": self.parent, "slot": self.slot, "at": self.at,
                "tiles": [[inner, outer] for inner, outer in self.tiles], "owner": self.owner,
                "marker": self.marker, "open": is_open}


# --- reading the contract (for the geometry: a layout may come from a page, a lesson or a test) -------------

CHICKEN_FOOT = "chicken-foot"
MEXICAN_TRAIN = "mexican-train"
GAMES = (CHICKEN_FOOT, MEXICAN_TRAIN)
MAX_PIP = 18
ROOT_SIDES = ("n", "e", "s", "w")
TOE_SLOTS = ("l", "c", "r")
_ROOT_TOE_SLOT = re.compile(r"^([nesw])\.([lcr])$")
_TRAIN_SLOT = re.compile(r"^t(\d+)$")


class LayoutError(ValueError):
    """The layout dict does not follow the contract in ``engine/README.md``."""


def tile_key(a: int, b: int) -> str:
    """A tile's name, high pip first: "9-4"."""
    return f"{max(a, b)}-{min(a, b)}"


def train_seat(slot: str) -> Optional[int]:
    """The seat of a Mexican Train personal train's slot (``t3`` -> 3), or None (``mx``)."""
    match = _TRAIN_SLOT.match(slot)
    return int(match.group(1)) if match else None


class LayoutLine(Fielded):
    """One line of a layout, checked: see the contract in ``engine/README.md``."""

    id: str
    parent: Optional[str]
    slot: str
    at: int
    tiles: list  # [(inner, outer), ...]
    owner: Optional[int]
    marker: bool
    open: bool


class CheckedLayout(Fielded):
    """A layout dict, checked against the contract: its game, root double, lines and seats."""

    game: str
    root: Optional[tuple]  # (n, n), or None before the starting double is down
    lines: list  # LayoutLine, in the order they were started
    seats: Optional[int]  # Mexican Train: how many seats, when the last ones have no line yet


def _pips(value, where: str) -> tuple:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise LayoutError(f"{where}: a tile is a pair of pip counts like [9, 4], got {value!r}")
    for pip in value:
        if not isinstance(pip, int) or isinstance(pip, bool) or not 0 <= pip <= MAX_PIP:
            raise LayoutError(f"{where}: pip counts are whole numbers from 0 to {MAX_PIP}, got {value!r}")
    return value[0], value[1]


def read_layout(layout) -> CheckedLayout:
    """Check a layout dict against the contract and return it as typed lines; a clear ``LayoutError`` otherwise."""
    if not isinstance(layout, dict):
        raise LayoutError(f"a layout is a dict (see engine/README.md), got {type(layout).__name__}")
    game = layout.get("game")
    if game not in GAMES:
        raise LayoutError(f"layout 'game' must be one of {', '.join(GAMES)}, got {game!r}")
    root = layout.get("root")
    if root is not None:
        root = _pips(root, "root")
        if root[0] != root[1]:
            raise LayoutError(f"root: the starting tile is a double, got {list(root)}")
    raw_lines = layout.get("lines", [])
    if not isinstance(raw_lines, list):
        raise LayoutError("layout 'lines' must be a list")
    if root is None and raw_lines:
        raise LayoutError("lines need a root to grow from, but 'root' is null")
    seats = layout.get("seats")
    if seats is not None and (not isinstance(seats, int) or isinstance(seats, bool) or seats < 1):
        raise LayoutError(f"layout 'seats' must be a positive whole number, got {seats!r}")

    lines: list = []
    by_id: dict = {}
    seen_tiles: dict = {} if root is None else {tile_key(*root): "the root"}
    taken_slots: set = set()
    for number, raw in enumerate(raw_lines):
        if not isinstance(raw, dict):
            raise LayoutError(f"lines[{number}]: each line is a dict, got {raw!r}")
        line_id = raw.get("id")
        if not isinstance(line_id, str) or not line_id:
            raise LayoutError(f"lines[{number}]: 'id' must be a non-empty string, got {line_id!r}")
        where = f"line {line_id!r}"
        if line_id in by_id:
            raise LayoutError(f"{where}: two lines have this id")
        parent, slot, at = raw.get("parent"), raw.get("slot"), raw.get("at")
        tiles = raw.get("tiles", [])
        if not isinstance(tiles, list):
            raise LayoutError(f"{where}: 'tiles' must be a list")
        pairs = [_pips(t, f"{where}, tile {i}") for i, t in enumerate(tiles)]
        owner = raw.get("owner")
        line = LayoutLine(line_id, parent, slot, at, pairs, owner if isinstance(owner, int) else None,
                          bool(raw.get("marker", False)), bool(raw.get("open", True)))

        if parent is None:
            if at != -1:
                raise LayoutError(f"{where}: a line from the root has 'at': -1, got {at!r}")
            _check_root_slot(game, slot, where)
            anchor_number = root[0]
        else:
            if parent not in by_id:
                raise LayoutError(f"{where}: parent {parent!r} is not a line listed before it")
            parent_tiles = by_id[parent].tiles
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(parent_tiles):
                raise LayoutError(f"{where}: 'at' must index a tile of line {parent!r}, got {at!r}")
            if parent_tiles[at][0] != parent_tiles[at][1]:
                raise LayoutError(f"{where}: grows from tile {at} of {parent!r}, which is not a double")
            if slot not in TOE_SLOTS:
                raise LayoutError(f"{where}: a line from a double takes slot l, c or r, got {slot!r}")
            anchor_number = parent_tiles[at][0]
        if (parent, at, slot) in taken_slots:
            raise LayoutError(f"{where}: slot {slot!r} there is already taken by another line")
        taken_slots.add((parent, at, slot))

        previous = anchor_number
        for i, (inner, outer) in enumerate(pairs):
            if inner != previous:
                raise LayoutError(f"{where}, tile {i} {[inner, outer]}: its inner end must match {previous}")
            key = tile_key(inner, outer)
            if key in seen_tiles:
                raise LayoutError(f"{where}: tile {key} is already on the table ({seen_tiles[key]})")
            seen_tiles[key] = where
            previous = outer
        lines.append(line)
        by_id[line_id] = line
    return CheckedLayout(game, root, lines, seats)


def _check_root_slot(game: str, slot, where: str) -> None:
    if game == CHICKEN_FOOT:
        if slot in ROOT_SIDES or (isinstance(slot, str) and _ROOT_TOE_SLOT.match(slot)):
            return
        raise LayoutError(f"{where}: a Chicken Foot root slot is n, e, s, w or like n.l, got {slot!r}")
    if slot == "mx" or (isinstance(slot, str) and _TRAIN_SLOT.match(slot)):
        return
    raise LayoutError(f"{where}: a Mexican Train slot is t0, t1, ... or mx, got {slot!r}")
