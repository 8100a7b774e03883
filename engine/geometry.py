"""Where every tile lies on the table, computed from the layout contract (see ``engine/README.md``).

The rules pages' diagrams and the live board both draw from this one placement, so they always agree.

Units and axes: a tile is 2 long and 1 wide (one square per pip half). ``x`` grows to the right and ``y``
grows *down*, as in SVG. Angles are degrees, clockwise on screen from ``+x``: 0 is east, 90 south, -90 north.

How lines are laid, one tile after another, by a pen that remembers where the next tile's back edge goes:

- A plain tile lies lengthwise along the pen's heading; a double lies crosswise (a bar across the line).
- Chicken Foot: the root double sits upright in the centre, arms leave its four sides (or three, or three
  toes per side for the "double chicken foot" opening: twelve lines evenly spread round it, or, with toes on
  its east and west sides only, a foot on each long side drawn as any double's foot). A double in a line grows
  three toes from its far side:
  the centre toe straight on, the left and right toes angled outward, straightening after a few tiles.
- Mexican Train: the engine sits in a round station hub; trains leave the hub like spokes, seat 0 towards
  the bottom (the viewer) and the others clockwise, the Mexican train last. Markers sit in the hub's ring at
  the start of their train.
- Long runs bend 45° (then back again, a staircase), so a long line steps aside instead of running straight
  off the table. The north and east arms lean towards north-east, the south and west arms towards south-west:
  neighbours lean the same way, so they never cross, and the table stays mirror-symmetric (four arms all
  hooking the same way round would draw a pinwheel of hooks, a shape a rules site must not show).
- Each new tile is checked against every tile already down, and against the first tile every line not yet
  laid would take (so a detour cannot steal a toe's place); if it would overlap, the pen tries the nearest
  other headings. Lines are laid in the order they were started, so older lines keep their place.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, field

TILE_LENGTH = 2.0
TILE_WIDTH = 1.0
MAX_PIP = 18

CHICKEN_FOOT = "chicken-foot"
MEXICAN_TRAIN = "mexican-train"
GAMES = (CHICKEN_FOOT, MEXICAN_TRAIN)

ARM_HEADINGS = {"n": -90.0, "e": 0.0, "s": 90.0, "w": 180.0}
TOE_TURNS = {"l": -1, "c": 0, "r": 1}  # left of the heading is anticlockwise on screen
TOE_ANGLE = 45.0  # a side toe leaves its double this far from the line's heading
TOE_OFFSET = 0.6  # how far off the centre line a side toe starts: clears the centre toe by 0.1
ROOT_TOE_ANGLE = 30.0  # double chicken foot: twelve lines around the root, evenly spread
ARM_BENDS = {"n": 1, "e": -1, "s": 1, "w": -1}  # +1 clockwise: see the module docstring
BEND_ANGLE = 45.0
ARM_RUN = 10.0  # a straight run this long (5 tiles), then the line bends
TOE_RUN = 10.0  # an angled toe straightens to its parent's heading after this (5 tiles): spread feet collide less
TRAIN_RUN = 20.0  # spokes diverge anyway: trains bend only when long (10 tiles)
MARKER_RADIUS = 0.4
END_RADIUS = 0.45  # the drop target drawn just beyond an open end
GAP = 0.3  # breathing room between neighbouring starts around the root or hub
OVERLAP_TOLERANCE = 0.02  # tiles touching edge to edge do not overlap

Point = tuple[float, float]


class LayoutError(ValueError):
    """The layout dict does not follow the contract in ``engine/README.md``."""


@dataclass(frozen=True)
class PlacedTile:
    """One tile on the table.

    ``angle`` is the rotation of the tile's long axis; ``pips`` are (back, front): the number drawn on the half
    at the tile's local ``-x`` end, then the one at ``+x``. For a tile laid lengthwise the back half touches
    the previous tile; a crosswise double has ``crosswise`` set and its angle is its line's heading + 90.
    """

    key: str  # "9-4", high pip first: the SVG's data-tile
    pips: tuple[int, int]
    line: str | None  # None for the root (the starting double or the engine)
    index: int  # position in its line, -1 for the root
    center: Point
    angle: float
    crosswise: bool

    @property
    def is_double(self) -> bool:
        return self.pips[0] == self.pips[1]

    def halves(self) -> tuple[Point, Point]:
        """World centres of the back and the front half."""
        ux, uy = _unit(self.angle)
        cx, cy = self.center
        half = TILE_LENGTH / 4
        return (cx - ux * half, cy - uy * half), (cx + ux * half, cy + uy * half)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        return _rectangle(self.center, self.angle, TILE_LENGTH / 2, TILE_WIDTH / 2)


@dataclass(frozen=True)
class End:
    """The end of a line: the centre of its last tile's far edge, and the heading a next tile would take."""

    id: str
    point: Point
    heading: float
    open: bool

    def target(self) -> Point:
        """Where a drop target / highlight circle sits, just beyond the edge."""
        ux, uy = _unit(self.heading)
        return (self.point[0] + ux * (END_RADIUS + 0.1), self.point[1] + uy * (END_RADIUS + 0.1))


@dataclass(frozen=True)
class Marker:
    """A Mexican Train marker lying on a train: at the train's start, in the hub's ring."""

    train: str
    point: Point
    heading: float
    owner: int | None


@dataclass(frozen=True)
class Hub:
    """The Mexican Train station: a disc round the engine that the trains start from."""

    center: Point
    radius: float
    ring: float  # radius at which markers sit


@dataclass(frozen=True)
class Table:
    game: str
    tiles: tuple[PlacedTile, ...]  # root first, then every line's tiles in order
    ends: dict[str, End]  # keyed by line id, every line (open or not)
    markers: dict[str, Marker]  # keyed by train (line) id
    hub: Hub | None
    bbox: tuple[float, float, float, float]  # min_x, min_y, max_x, max_y of everything, end targets included

    def tile(self, key: str) -> PlacedTile:
        for placed in self.tiles:
            if placed.key == key:
                return placed
        raise KeyError(key)

    def to_dict(self) -> dict:
        """Plain JSON-able data for the browser board (through Pyodide)."""
        return {
            "game": self.game,
            "tiles": [
                {"key": t.key, "pips": list(t.pips), "line": t.line, "index": t.index,
                 "center": list(t.center), "angle": t.angle, "crosswise": t.crosswise}
                for t in self.tiles
            ],
            "ends": {e.id: {"point": list(e.point), "target": list(e.target()), "heading": e.heading,
                            "open": e.open} for e in self.ends.values()},
            "markers": {m.train: {"point": list(m.point), "heading": m.heading, "owner": m.owner}
                        for m in self.markers.values()},
            "hub": None if self.hub is None else {"center": list(self.hub.center), "radius": self.hub.radius,
                                                   "ring": self.hub.ring},
            "bbox": list(self.bbox),
        }


def tile_key(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


# --- vector helpers -------------------------------------------------------------------------------------


def _unit(angle: float) -> Point:
    radians = math.radians(angle)
    # round away the float noise of cos(90°) so axis-aligned layouts stay exactly axis-aligned
    return round(math.cos(radians), 12), round(math.sin(radians), 12)


def _normal_angle(angle: float) -> float:
    angle = math.fmod(angle, 360.0)
    if angle <= -180.0:
        angle += 360.0
    elif angle > 180.0:
        angle -= 360.0
    return angle + 0.0  # no -0.0


def _add(p: Point, v: Point, k: float = 1.0) -> Point:
    return p[0] + v[0] * k, p[1] + v[1] * k


def _rectangle(center: Point, angle: float, half_long: float, half_short: float):
    ux, uy = _unit(angle)
    vx, vy = -uy, ux
    cx, cy = center
    return tuple(
        (cx + ux * a * half_long + vx * b * half_short, cy + uy * a * half_long + vy * b * half_short)
        for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    )


def rectangles_overlap(a: PlacedTile, b: PlacedTile, tolerance: float = OVERLAP_TOLERANCE) -> bool:
    """Separating-axis test on the two tiles' rotated rectangles; touching edges do not count."""
    dx, dy = a.center[0] - b.center[0], a.center[1] - b.center[1]
    if dx * dx + dy * dy >= 5.0:  # farther apart than two half-diagonals (√1.25 each)
        return False
    corners_a, corners_b = a.corners(), b.corners()
    for angle in (a.angle, a.angle + 90.0, b.angle, b.angle + 90.0):
        ax, ay = _unit(angle)
        pa = [x * ax + y * ay for x, y in corners_a]
        pb = [x * ax + y * ay for x, y in corners_b]
        if min(pa) >= max(pb) - tolerance or min(pb) >= max(pa) - tolerance:
            return False
    return True


# --- reading the contract ---------------------------------------------------------------------------------

_ROOT_TOE_SLOT = re.compile(r"^([nesw])\.([lcr])$")
_TRAIN_SLOT = re.compile(r"^t(\d+)$")


def _pips(value, where: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise LayoutError(f"{where}: a tile is a pair of pip counts like [9, 4], got {value!r}")
    for pip in value:
        if not isinstance(pip, int) or isinstance(pip, bool) or not 0 <= pip <= MAX_PIP:
            raise LayoutError(f"{where}: pip counts are whole numbers from 0 to {MAX_PIP}, got {value!r}")
    return value[0], value[1]


@dataclass
class _Line:
    id: str
    parent: str | None
    slot: str
    at: int
    tiles: list[tuple[int, int]]
    owner: int | None
    marker: bool
    open: bool


def _read(layout) -> tuple[str, tuple[int, int] | None, list[_Line], int | None]:
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

    lines: list[_Line] = []
    by_id: dict[str, _Line] = {}
    seen_tiles: dict[str, str] = {} if root is None else {tile_key(*root): "the root"}
    taken_slots: set[tuple] = set()
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
        line = _Line(line_id, parent, slot, at, pairs, raw.get("owner"), bool(raw.get("marker", False)),
                     bool(raw.get("open", True)))

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
            if slot not in TOE_TURNS:
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
    return game, root, lines, seats


def _check_root_slot(game: str, slot, where: str) -> None:
    if game == CHICKEN_FOOT:
        if slot in ARM_HEADINGS or (isinstance(slot, str) and _ROOT_TOE_SLOT.match(slot)):
            return
        raise LayoutError(f"{where}: a Chicken Foot root slot is n, e, s, w or like n.l, got {slot!r}")
    if slot == "mx" or (isinstance(slot, str) and _TRAIN_SLOT.match(slot)):
        return
    raise LayoutError(f"{where}: a Mexican Train slot is t0, t1, ... or mx, got {slot!r}")


# --- laying tiles ---------------------------------------------------------------------------------------


@dataclass
class _Pen:
    """Where the next tile's back edge goes, and how the line bends."""

    point: Point  # centre of the far edge of the last tile laid
    heading: float
    run: float = 0.0  # length laid since the last bend
    run_limit: float = ARM_RUN
    turn: int = 1  # side of the next bend: +1 clockwise, -1 anticlockwise, 0 never
    straighten: float = 0.0  # an angled toe's turn back to its parent's heading, 0 once done
    after_straighten: int = 1  # the bend side it keeps once straight


@dataclass
class _Board:
    tiles: list[PlacedTile] = field(default_factory=list)
    # the first tile each line not yet laid would take, kept free so an earlier line's detour cannot take a
    # toe's place before that toe is laid
    reserved: list[PlacedTile] = field(default_factory=list)

    def fits(self, candidate: PlacedTile) -> bool:
        return not any(rectangles_overlap(candidate, placed) for placed in self.tiles) and not any(
            rectangles_overlap(candidate, ghost) for ghost in self.reserved if ghost.line != candidate.line
        )


def _tile_at(pen_point: Point, heading: float, turn: float, pips, line_id, index) -> tuple[PlacedTile, Point]:
    """The tile laid from ``pen_point`` after turning by ``turn`` degrees, and the pen's next point."""
    new_heading = _normal_angle(heading + turn)
    u_new = _unit(new_heading)
    double = pips[0] == pips[1]
    depth = TILE_WIDTH if double else TILE_LENGTH  # how far the tile reaches along the heading
    if turn == 0:
        back = pen_point
    elif abs(turn) == 90 and not double:
        # a corner: the turned tile's inner half caps the end of the line
        back = _add(_add(pen_point, _unit(heading), TILE_WIDTH / 2), u_new, -TILE_WIDTH / 2)
    else:
        # move out just far enough that both back corners clear the previous tile's far edge
        half_back = (TILE_LENGTH if double else TILE_WIDTH) / 2
        back = _add(pen_point, u_new, half_back * math.tan(math.radians(abs(turn))))
    center = _add(back, u_new, depth / 2)
    angle = _normal_angle(new_heading + 90.0) if double else new_heading
    tile = PlacedTile(tile_key(*pips), (pips[0], pips[1]), line_id, index, center, angle, double)
    return tile, _add(back, u_new, depth)


def _lay_line(board: _Board, pen: _Pen, line: _Line) -> list[PlacedTile]:
    laid = []
    for index, pips in enumerate(line.tiles):
        double = pips[0] == pips[1]
        depth = TILE_WIDTH if double else TILE_LENGTH
        planned = 0.0
        if not double and pen.run + depth > pen.run_limit:
            if pen.straighten:
                planned = pen.straighten
            elif pen.turn:
                planned = BEND_ANGLE * pen.turn
        side = pen.turn or 1
        options = [planned, 0.0, 45.0 * side, -45.0 * side, 90.0 * side, -90.0 * side]
        if double:
            options = [o for o in options if abs(o) < 90]
        choice = None
        for turn in dict.fromkeys(options):  # ordered, without repeats
            tile, next_point = _tile_at(pen.point, pen.heading, turn, pips, line.id, index)
            if board.fits(tile):
                choice = (turn, tile, next_point)
                break
        if choice is None:  # nowhere free: keep the plan and let it overlap rather than lose the tile
            choice = (planned, *_tile_at(pen.point, pen.heading, planned, pips, line.id, index))
        turn, tile, next_point = choice
        board.tiles.append(tile)
        laid.append(tile)
        pen.point = next_point
        pen.heading = _normal_angle(pen.heading + turn)
        if turn:
            pen.run = depth
            if pen.straighten and turn == pen.straighten:
                pen.straighten = 0.0
                pen.turn = pen.after_straighten
                pen.run_limit = ARM_RUN
            elif pen.turn and turn == BEND_ANGLE * pen.turn:
                pen.turn = -pen.turn  # staircase: the next bend turns back
        else:
            pen.run += depth
    return laid


def _exit_distance(heading: float, half_x: float, half_y: float) -> float:
    """Distance from a rectangle's centre to its edge along ``heading``."""
    ux, uy = _unit(heading)
    candidates = []
    if abs(ux) > 1e-9:
        candidates.append(half_x / abs(ux))
    if abs(uy) > 1e-9:
        candidates.append(half_y / abs(uy))
    return min(candidates)


def _root_pens(game: str, root_tile: PlacedTile, lines: list[_Line], seats: int | None):
    """The pen of every line leaving the root, keyed by line id; and the hub for Mexican Train."""
    root_lines = [line for line in lines if line.parent is None]
    pens: dict[str, _Pen] = {}
    if game == CHICKEN_FOOT:
        sides = {line.slot.partition(".")[0] for line in root_lines if "." in line.slot}
        if sides and sides <= {"e", "w"}:
            # two feet (root_arms two-feet): each long side of the upright root grows a foot as any double
            # does, the centre toes bending as the east and west arms do
            for line in root_lines:
                side, _, toe = line.slot.partition(".")
                heading = ARM_HEADINGS[side]
                pens[line.id] = _toe_pen(root_tile, heading, toe, _Pen((0.0, 0.0), heading, turn=ARM_BENDS[side]))
            return pens, None
        star = any("." in line.slot for line in root_lines)
        for line in root_lines:
            arm, _, toe = line.slot.partition(".")
            heading = ARM_HEADINGS[arm] + ROOT_TOE_ANGLE * TOE_TURNS.get(toe, 0)
            # the root stands upright: half-extents 0.5 across x, 1 along y
            distance = _exit_distance(heading, TILE_WIDTH / 2, TILE_LENGTH / 2)
            if star:
                # twelve lines 30° apart: start far enough out that neighbouring first tiles clear
                spread = (TILE_WIDTH + GAP) / 2 / math.sin(math.radians(ROOT_TOE_ANGLE / 2))
                distance = max(distance + TILE_WIDTH / 2 * math.tan(math.radians(ROOT_TOE_ANGLE)), spread)
            turn = TOE_TURNS[toe] or ARM_BENDS[arm] if toe else ARM_BENDS[arm]
            pens[line.id] = _Pen(_add(root_tile.center, _unit(heading), distance), heading, turn=turn)
        return pens, None

    seat_numbers = [int(m.group(1)) for line in root_lines if (m := _TRAIN_SLOT.match(line.slot))]
    seat_count = max([seats or 0, *(n + 1 for n in seat_numbers)]) or 1
    spokes = seat_count + 1  # the Mexican train after the last seat
    step = 360.0 / spokes
    half_step = math.sin(math.radians(step / 2))
    engine_reach = math.hypot(TILE_LENGTH / 2, TILE_WIDTH / 2)
    ring = max(engine_reach + 0.15 + MARKER_RADIUS, (MARKER_RADIUS + GAP / 2) / half_step)
    radius = max(
        ring + MARKER_RADIUS + 0.15,
        (TILE_WIDTH + GAP) / 2 / half_step,  # neighbouring first tiles clear each other
        (TILE_LENGTH + GAP) / 2 / half_step - TILE_LENGTH,  # and so do doubles laid second
    )
    for line in root_lines:
        match = _TRAIN_SLOT.match(line.slot)
        spoke = int(match.group(1)) if match else seat_count
        heading = _normal_angle(90.0 + step * spoke)  # seat 0 towards the viewer, then clockwise
        pens[line.id] = _Pen(_add(root_tile.center, _unit(heading), radius), heading, run_limit=TRAIN_RUN)
    return pens, Hub(root_tile.center, round(radius, 6), round(ring, 6))


def _toe_pen(double: PlacedTile, line_heading: float, slot: str, parent: _Pen | None) -> _Pen:
    """The pen of a toe growing from ``double``; ``parent`` is its line's pen when the double ends that line."""
    side = TOE_TURNS[slot]
    far_edge = _add(double.center, _unit(line_heading), TILE_WIDTH / 2)
    if side == 0:
        # the centre toe carries on its line's staircase (so an arm keeps to its quadrant), with a fresh run
        turn = parent.turn if parent is not None and parent.turn else 1
        limit = parent.run_limit if parent is not None else ARM_RUN
        return _Pen(far_edge, line_heading, run_limit=limit, turn=turn)
    heading = _normal_angle(line_heading + TOE_ANGLE * side)
    start = _add(far_edge, _unit(line_heading + 90.0 * side), TOE_OFFSET)
    start = _add(start, _unit(heading), TILE_WIDTH / 2 * math.tan(math.radians(TOE_ANGLE)))
    return _Pen(start, heading, run_limit=TOE_RUN, turn=side, straighten=-TOE_ANGLE * side,
                after_straighten=side)


def place(layout: dict) -> Table:
    """Lay out every tile, end and marker of a table described by the layout contract."""
    game, root, lines, seats = _read(layout)
    if root is None:
        return Table(game, (), {}, {}, None, (0.0, 0.0, 0.0, 0.0))
    root_tile = PlacedTile(tile_key(*root), root, None, -1, (0.0, 0.0), 90.0, True)
    board = _Board([root_tile])
    pens, hub = _root_pens(game, root_tile, lines, seats)
    laid: dict[str, list[PlacedTile]] = {}
    headings: dict[str, list[float]] = {}  # each tile's line heading, for toes to leave from
    ends: dict[str, End] = {}
    markers: dict[str, Marker] = {}
    final_pens: dict[str, _Pen] = {}

    def pen_of(line: _Line) -> _Pen:
        if line.parent is None:
            return copy.copy(pens[line.id])
        double = laid[line.parent][line.at]
        ends_its_line = line.at == len(laid[line.parent]) - 1
        return _toe_pen(double, headings[line.parent][line.at], line.slot,
                        final_pens[line.parent] if ends_its_line else None)

    for number, line in enumerate(lines):
        pen = pen_of(line)
        board.reserved = [
            _tile_at(ghost_pen.point, ghost_pen.heading, 0.0, (0, 1), later.id, 0)[0]
            for later in lines[number + 1:]
            if later.parent is None or later.parent in laid
            for ghost_pen in (pen_of(later),)
        ]
        start_point, start_heading = pen.point, pen.heading
        tiles = _lay_line(board, pen, line)
        laid[line.id] = tiles
        final_pens[line.id] = pen
        headings[line.id] = [_normal_angle(t.angle - 90.0) if t.crosswise else t.angle for t in tiles]
        ends[line.id] = End(line.id, _rounded(pen.point), pen.heading, line.open)
        if line.marker:
            if hub is not None and line.parent is None:
                point = _add(hub.center, _unit(start_heading), hub.ring)
            else:
                point = _add(start_point, _unit(start_heading), -MARKER_RADIUS - 0.1)
            markers[line.id] = Marker(line.id, _rounded(point), start_heading,
                                      line.owner if isinstance(line.owner, int) else None)
    tiles = tuple(
        PlacedTile(t.key, t.pips, t.line, t.index, _rounded(t.center), round(t.angle, 6), t.crosswise)
        for t in board.tiles
    )
    return Table(game, tiles, ends, markers, hub, _bounding_box(tiles, ends, markers, hub))


def _rounded(point: Point) -> Point:
    return round(point[0], 6) + 0.0, round(point[1], 6) + 0.0


def bounding_box(tiles, circles=()) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) round some tiles and some ``(centre, radius)`` circles."""
    xs: list[float] = []
    ys: list[float] = []
    for tile in tiles:
        for x, y in tile.corners():
            xs.append(x)
            ys.append(y)
    for (x, y), r in circles:
        xs += [x - r, x + r]
        ys += [y - r, y + r]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (round(min(xs), 6), round(min(ys), 6), round(max(xs), 6), round(max(ys), 6))


def _bounding_box(tiles, ends, markers, hub) -> tuple[float, float, float, float]:
    circles = [(end.target(), END_RADIUS) for end in ends.values()]
    circles += [(marker.point, MARKER_RADIUS) for marker in markers.values()]
    if hub is not None:
        circles.append((hub.center, hub.radius))
    return bounding_box(tiles, circles)
