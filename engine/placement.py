"""What a placed table is made of (tiles, ends, markers, the hub, links), and the plane geometry it needs.

Units and axes: a tile is 2 long and 1 wide (one square per pip half). ``x`` grows to the right and ``y`` grows
*down*, as in SVG. Angles are degrees, clockwise on screen from ``+x``: 0 is east, 90 south, -90 north.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .fielded import FrozenFielded, fresh
from .layout import tile_key

TILE_LENGTH = 2.0
TILE_WIDTH = 1.0
MARKER_RADIUS = 0.4
END_RADIUS = 0.45  # the drop target drawn just beyond an open end
OVERLAP_TOLERANCE = 0.02  # tiles touching edge to edge do not overlap
# Two tiles whose centres are this far apart cannot overlap: twice a tile's half-diagonal, √1.25.
_CLEAR_DISTANCE_SQUARED = 5.0

Point = tuple  # (x, y)


_UNITS: dict = {}  # a table uses few distinct angles (multiples of 15°, mostly): each is computed once


def unit(angle: float) -> Point:
    vector = _UNITS.get(angle)
    if vector is None:
        if len(_UNITS) > 4096:
            _UNITS.clear()
        radians = math.radians(angle)
        # round away the float noise of cos(90°) so axis-aligned layouts stay exactly axis-aligned
        vector = _UNITS[angle] = (round(math.cos(radians), 12), round(math.sin(radians), 12))
    return vector


def normal_angle(angle: float) -> float:
    """The same direction in (-180, 180]."""
    if -180.0 < angle <= 180.0:
        return angle + 0.0  # no -0.0
    angle = math.fmod(angle, 360.0)
    if angle <= -180.0:
        angle += 360.0
    elif angle > 180.0:
        angle -= 360.0
    return angle + 0.0  # no -0.0


def add(p: Point, v: Point, k: float = 1.0) -> Point:
    return p[0] + v[0] * k, p[1] + v[1] * k


def rectangle(center: Point, angle: float, half_long: float, half_short: float) -> tuple:
    """The four corners of a rectangle turned by ``angle``, in order round its edge."""
    ux, uy = unit(angle)
    vx, vy = -uy, ux
    cx, cy = center
    return tuple(
        (cx + ux * a * half_long + vx * b * half_short, cy + uy * a * half_long + vy * b * half_short)
        for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    )


def rounded(point: Point) -> Point:
    return round(point[0], 6) + 0.0, round(point[1], 6) + 0.0


class PlacedTile(NamedTuple):
    """One tile on the table (a named tuple: the layout makes thousands of candidate tiles, cheaply).

    ``angle`` is the rotation of the tile's long axis; ``pips`` are (back, front): the number drawn on the half
    at the tile's local ``-x`` end, then the one at ``+x``. For a tile laid lengthwise the back half touches
    the previous tile; a crosswise double has ``crosswise`` set and its angle is its line's heading + 90.
    """

    key: str  # "9-4", high pip first: the SVG's data-tile
    pips: tuple
    line: str | None  # None for the root (the starting double or the engine)
    index: int  # position in its line, -1 for the root
    center: Point
    angle: float
    crosswise: bool

    @property
    def is_double(self) -> bool:
        return self.pips[0] == self.pips[1]

    def halves(self) -> tuple:
        """World centres of the back and the front half."""
        ux, uy = unit(self.angle)
        cx, cy = self.center
        half = TILE_LENGTH / 4
        return (cx - ux * half, cy - uy * half), (cx + ux * half, cy + uy * half)

    def corners(self) -> tuple:
        return rectangle(self.center, self.angle, TILE_LENGTH / 2, TILE_WIDTH / 2)


def tile_at(pen_point, heading: float, turn: float, pips, line_id, index, key: str | None = None) -> tuple:
    """The tile laid from ``pen_point`` after turning by ``turn`` degrees, and the pen's next point."""
    new_heading = normal_angle(heading + turn)
    u_new = unit(new_heading)
    double = pips[0] == pips[1]
    depth = TILE_WIDTH if double else TILE_LENGTH  # how far the tile reaches along the heading
    if turn == 0:
        back = pen_point
    elif abs(turn) == 90 and not double:
        # a corner: the turned tile's inner half caps the end of the line
        back = add(add(pen_point, unit(heading), TILE_WIDTH / 2), u_new, -TILE_WIDTH / 2)
    elif abs(turn) == 90:
        # a double at a corner lies on along the line, and what follows leaves from its side
        back = add(add(pen_point, unit(heading), TILE_WIDTH), u_new, -TILE_WIDTH / 2)
    else:
        # move out just far enough that both back corners clear the previous tile's far edge
        half_back = (TILE_LENGTH if double else TILE_WIDTH) / 2
        back = add(pen_point, u_new, half_back * _tan(abs(turn)))
    center = add(back, u_new, depth / 2)
    angle = normal_angle(new_heading + 90.0) if double else new_heading
    tile = PlacedTile(key or tile_key(*pips), (pips[0], pips[1]), line_id, index, center, angle, double)
    return tile, add(back, u_new, depth)


_TANGENTS: dict = {}


def _tan(degrees: float) -> float:
    value = _TANGENTS.get(degrees)
    if value is None:
        value = _TANGENTS[degrees] = math.tan(math.radians(degrees))
    return value


def x_reach(tile: PlacedTile) -> float:
    """How far a tile reaches left and right of its centre."""
    ux, uy = unit(tile.angle)
    return TILE_LENGTH / 2 * abs(ux) + TILE_WIDTH / 2 * abs(uy)


def rectangles_overlap(a: PlacedTile, b: PlacedTile, tolerance: float = OVERLAP_TOLERANCE) -> bool:
    """Separating-axis test on the two tiles' rotated rectangles; touching edges do not count.

    On each axis (the long and short axis of either tile) the two project to intervals round their centres,
    of half-length ``L|u·n| + W|v·n|``; they are apart when the centres' distance along it reaches the sum.
    """
    dx, dy = a.center[0] - b.center[0], a.center[1] - b.center[1]
    if dx * dx + dy * dy >= _CLEAR_DISTANCE_SQUARED:
        return False
    half_long, half_short = TILE_LENGTH / 2, TILE_WIDTH / 2
    aux, auy = unit(a.angle)
    bux, buy = unit(b.angle)
    # the boxes round the two (exact for tiles square to the axes, which most are): apart, so are the tiles
    ax, ay = abs(aux), abs(auy)
    bx, by = abs(bux), abs(buy)
    if (abs(dx) >= half_long * (ax + bx) + half_short * (ay + by) - tolerance
            or abs(dy) >= half_long * (ay + by) + half_short * (ax + bx) - tolerance):
        return False
    if ax * ay == 0.0 and bx * by == 0.0:
        return True
    # each tile's short axis is its long axis turned by 90°: (-uy, ux)
    for nx, ny in ((aux, auy), (-auy, aux), (bux, buy), (-buy, bux)):
        reach = (half_long * (abs(aux * nx + auy * ny) + abs(bux * nx + buy * ny))
                 + half_short * (abs(-auy * nx + aux * ny) + abs(-buy * nx + bux * ny)))
        if abs(dx * nx + dy * ny) >= reach - tolerance:
            return False
    return True


def box_overlaps_tile(box: tuple, tile: PlacedTile) -> bool:
    """Whether an upright box (min_x, min_y, max_x, max_y: a name written on the table) and a tile overlap, by
    the separating-axis test on the box's axes and the tile's; touching edges do not count."""
    left, top, right, bottom = box
    cx, cy = tile.center
    ux, uy = unit(tile.angle)
    half_long, half_short = TILE_LENGTH / 2, TILE_WIDTH / 2
    bx, by = (left + right) / 2 - cx, (top + bottom) / 2 - cy
    half_w, half_h = (right - left) / 2, (bottom - top) / 2
    for nx, ny in ((1.0, 0.0), (0.0, 1.0), (ux, uy), (-uy, ux)):
        reach = (half_w * abs(nx) + half_h * abs(ny) + half_long * abs(ux * nx + uy * ny)
                 + half_short * abs(-uy * nx + ux * ny))
        if abs(bx * nx + by * ny) >= reach - OVERLAP_TOLERANCE:
            return False
    return True


class TileGrid:
    """Tiles bucketed by where their centre lies, so "does this tile hit anything?" looks at a few neighbours
    instead of the whole table (a table of 180 tiles is laid with thousands of such questions)."""

    CELL = 2.25  # ≥ √5, the distance within which two tiles can touch: only the 3×3 cells round a tile matter
    _ROW = 1 << 20  # cells are keyed by one integer, column * _ROW + row: cheaper than a tuple

    def __init__(self) -> None:
        self._cells: dict = {}

    def _cell(self, point: Point) -> int:
        return math.floor(point[0] / self.CELL) * self._ROW + math.floor(point[1] / self.CELL)

    def add(self, tile: PlacedTile) -> None:
        self._cells.setdefault(self._cell(tile.center), []).append(tile)

    def remove(self, tile: PlacedTile) -> None:
        self._cells[self._cell(tile.center)].remove(tile)

    def hits(self, tile: PlacedTile, ignore_line: object = ...) -> bool:
        """Whether ``tile`` overlaps a tile here (tiles of ``ignore_line``, when given, do not count)."""
        cell = self._cell(tile.center)
        get = self._cells.get
        x, y = tile.center
        for column in (cell - self._ROW, cell, cell + self._ROW):
            for key in (column - 1, column, column + 1):
                for other in get(key, ()):
                    dx, dy = other.center[0] - x, other.center[1] - y
                    if dx * dx + dy * dy < _CLEAR_DISTANCE_SQUARED and other.line != ignore_line \
                            and rectangles_overlap(tile, other):
                        return True
        return False


# The table's small immutable records are NamedTuples rather than frozen dataclasses: a dataclass compiles its
# methods as its module loads, which in the browser (Pyodide) made this module an eighth of the engine's import.
class End(NamedTuple):
    """The end of a line: the centre of its last tile's far edge, and the heading a next tile would take."""

    id: str
    point: Point
    heading: float
    open: bool
    x_bounds: tuple | None = None  # a fitted table's strip: the target circle stays inside it

    def target(self) -> Point:
        """Where a drop target / highlight circle sits, just beyond the edge (nudged back inside the strip of a
        fitted table when the end points at its edge)."""
        ux, uy = unit(self.heading)
        x, y = self.point[0] + ux * (END_RADIUS + 0.1), self.point[1] + uy * (END_RADIUS + 0.1)
        if self.x_bounds is not None:
            x = min(max(x, self.x_bounds[0] + END_RADIUS), self.x_bounds[1] - END_RADIUS)
        return x, y


class Marker(NamedTuple):
    """A Mexican Train marker lying on a train: at the train's start, in the hub's ring (or on the station)."""

    train: str
    point: Point
    heading: float
    owner: int | None


class Hub(NamedTuple):
    """The Mexican Train station that the trains start from: a disc round the engine (``radius``, markers on
    the ``ring``), or, when the table is laid in rows, an upright bar (``box``: min_x, min_y, max_x, max_y)."""

    center: Point
    radius: float
    ring: float
    box: tuple | None = None


class Link(NamedTuple):
    """A thin connector drawn where a line could not go on from its last tile and carries on nearby: the table
    was too crowded there. Rare; it keeps the one promise that matters more, that no two tiles overlap."""

    line: str
    start: Point
    end: Point


class LabelSpot(NamedTuple):
    """Where the caller's name for a line goes when the layout chose it: ``point`` is the text's anchor point
    (its baseline), ``anchor`` the SVG text-anchor, ``max_width`` the room the text may take (tile units)."""

    point: Point
    anchor: str
    max_width: float


class Table(FrozenFielded):
    """The table laid out: every tile placed, every end, marker, link and label spot, and the bounding box."""

    game: str
    tiles: tuple  # PlacedTile: root first, then every line's tiles in order
    ends: dict  # End, keyed by line id, every line (open or not)
    markers: dict  # Marker, keyed by train (line) id
    hub: Hub | None
    bbox: tuple  # min_x, min_y, max_x, max_y of everything, end targets included
    links: tuple = ()  # Link
    label_spots: dict = fresh(dict)  # LabelSpot by line id, when the layout places names
    max_width: float | None = None  # the width the table was asked to fit (tile units), if any

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
                                                   "ring": self.hub.ring,
                                                   "box": None if self.hub.box is None else list(self.hub.box)},
            "links": [{"line": k.line, "start": list(k.start), "end": list(k.end)} for k in self.links],
            "bbox": list(self.bbox),
        }


def bounding_box(tiles, circles=(), boxes=()) -> tuple:
    """(min_x, min_y, max_x, max_y) round some tiles, some ``(centre, radius)`` circles and some boxes."""
    xs: list = []
    ys: list = []
    for tile in tiles:
        for x, y in tile.corners():
            xs.append(x)
            ys.append(y)
    for (x, y), r in circles:
        xs += [x - r, x + r]
        ys += [y - r, y + r]
    for min_x, min_y, max_x, max_y in boxes:
        xs += [min_x, max_x]
        ys += [min_y, max_y]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (round(min(xs), 6), round(min(ys), 6), round(max(xs), 6), round(max(ys), 6))


def table_bbox(tiles, ends, markers, hub, links=()) -> tuple:
    """The box round everything a table draws: tiles, end targets, markers, the hub, links."""
    circles = [(end.target(), END_RADIUS) for end in ends.values()]
    circles += [(marker.point, MARKER_RADIUS) for marker in markers.values()]
    circles += [(point, 0.1) for link in links for point in (link.start, link.end)]
    boxes = []
    if hub is not None:
        if hub.box is not None:
            boxes.append(hub.box)
        else:
            circles.append((hub.center, hub.radius))
    return bounding_box(tiles, circles, boxes)
