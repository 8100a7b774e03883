"""The spread table: lines laid tile by tile outward from the root, as players lay them on a real table.

How lines are laid, one tile after another, by a pen that remembers where the next tile's back edge goes:

- A plain tile lies lengthwise along the pen's heading; a double lies crosswise (a bar across the line).
- Chicken Foot: the root double sits upright in the centre, arms leave its four sides (or three, or three
  toes per side for the "double chicken foot" opening, or any other choice of those twelve slots). A double in a
  line grows three toes from its far side: the centre toe straight on, the left and right toes angled outward.
- Mexican Train: the engine sits in a round station hub; trains leave the hub like spokes, seat 0 towards
  the bottom (the viewer) and the others clockwise, the Mexican train last. Markers sit in the hub's ring at
  the start of their train. (Fitted to a width, Mexican Train is laid in rows instead: ``engine.rows``.)
- Each new tile is checked against every tile already down, and against the first tile every line not yet laid
  would take and the next tile of every open line (so a detour does not steal a toe's place); if it would
  overlap, the pen tries the nearest other headings. Lines are laid in the order they were started, so older
  lines keep their place.
- If no heading is free (a line boxed in by its neighbours), the line carries on at the nearest free place,
  joined by a thin link: two tiles never overlap, whatever the position.

Two ways to bend, chosen by whether the table must fit a width:

- Free (the rules pages' diagrams): long runs bend 45° and back again (a staircase), so a long line steps
  aside instead of running straight off the table. The north and east arms lean towards north-east, the south
  and west arms towards south-west: neighbours lean the same way, so they never cross, and the table stays
  mirror-symmetric (four arms all hooking the same way round would draw a pinwheel of hooks). Side toes keep
  their angle for five tiles, then straighten.
- In a strip ``max_width`` wide (a phone): height is free, width is not. A line runs out on its heading (an
  arm straight, a side toe at its angle) until the strip's edge is near or a neighbour is in its way, then
  turns up or down for good (north and east arms up, south and west arms down, a toe the way its angle points)
  and runs on vertically, stepping aside round anything in its way. Nested feet thus form chevrons, each inside
  the one before. Nothing, end targets included, leaves the strip. Each heading is taken only if the line could
  go on a few tiles from it, when some heading allows that.
"""

from __future__ import annotations

import copy
import math

from .fielded import Fielded
from .layout import CHICKEN_FOOT, CheckedLayout, LayoutLine, tile_key, train_seat
from .placement import (
    END_RADIUS, TILE_LENGTH, TILE_WIDTH, End, Hub, Link, Marker, MARKER_RADIUS, PlacedTile, Table, TileGrid,
    add, normal_angle, rounded, table_bbox, tile_at, unit, x_reach,
)

ARM_HEADINGS = {"n": -90.0, "e": 0.0, "s": 90.0, "w": 180.0}
TOE_TURNS = {"l": -1, "c": 0, "r": 1}  # left of the heading is anticlockwise on screen
TOE_ANGLE = 45.0  # a side toe leaves its double this far from the line's heading
TOE_OFFSET = 0.6  # how far off the centre line a side toe starts: clears the centre toe by 0.1
ROOT_TOE_ANGLE = 30.0  # double chicken foot: twelve lines around the root, evenly spread
ARM_BENDS = {"n": 1, "e": -1, "s": 1, "w": -1}  # +1 clockwise: see the module docstring
ARM_VERTICAL = {"n": -1, "e": -1, "s": 1, "w": 1}  # in a strip: up (-1) or down (+1), the same lean
BEND_ANGLE = 45.0
ARM_RUN = 10.0  # a straight run this long (5 tiles), then the line bends
TOE_RUN = 10.0  # an angled toe straightens to its parent's heading after this (5 tiles): spread feet collide less
TRAIN_RUN = 20.0  # spokes diverge anyway: trains bend only when long (10 tiles)
GAP = 0.3  # breathing room between neighbouring starts around the root or hub
LOOKAHEAD = 3  # tiles: a heading is taken only if the line could go on this far from it, when one can
EDGE_ROOM = 3.0  # in a strip, a line spreading sideways turns this far from the edge: room for a foot's toe
_JUMP_REACH = 10  # how far (tile units) a boxed-in line looks for a free place before going past the table


class _Pen(Fielded):
    """Where the next tile's back edge goes, and how the line bends."""

    point: tuple  # centre of the far edge of the last tile laid
    heading: float
    run: float = 0.0  # length laid since the last bend
    run_limit: float = ARM_RUN
    turn: int = 1  # side of the next bend: +1 clockwise, -1 anticlockwise, 0 never
    straighten: float = 0.0  # an angled toe's turn back to its parent's heading, 0 once done
    after_straighten: int = 1  # the bend side it keeps once straight
    vertical: int = 1  # in a strip: the way the line runs once it must stop spreading, -1 up, +1 down
    settled: bool = False  # in a strip: the line has stopped spreading and runs vertically
    course: float | None = None  # in a strip: the heading the line keeps while spreading
    starts: tuple = ()  # a side toe's other ways to leave its double, (point, heading), when boxed in

    def __post_init__(self) -> None:
        if self.course is None:
            self.course = self.heading


class _Board:
    """The tiles laid so far, and ghosts: tiles not laid yet whose place is kept free when possible."""

    def __init__(self, bounds, feet: bool = False) -> None:
        self.feet = feet  # Chicken Foot: a double grows three toes, and is laid where they fit
        self.tiles: list = []
        self.grid = TileGrid()
        self.ghosts = TileGrid()
        self.ghost_of: dict = {}  # line id -> its ghost
        self.bounds = bounds  # (min_x, max_x) everything drawn must stay within, or None
        self.links: list = []
        self.low_y = 0.0  # the lowest and highest y any tile reaches: beyond them, everything is free
        self.high_y = 0.0

    def put(self, tile: PlacedTile) -> None:
        self.tiles.append(tile)
        self.grid.add(tile)
        ys = [y for _, y in tile.corners()]
        self.low_y, self.high_y = min(self.low_y, *ys), max(self.high_y, *ys)

    def keep_free(self, line_id: str, ghosts) -> None:
        self.drop_ghost(line_id)
        for ghost in ghosts:
            self.ghosts.add(ghost)
        self.ghost_of[line_id] = ghosts

    def drop_ghost(self, line_id: str) -> None:
        for ghost in self.ghost_of.pop(line_id, ()):
            self.ghosts.remove(ghost)

    def free(self, tile: PlacedTile, respect_ghosts: bool) -> bool:
        if self.grid.hits(tile):
            return False
        return not (respect_ghosts and self.ghosts.hits(tile, ignore_line=tile.line))

    def inside(self, tile: PlacedTile) -> bool:
        """Within the strip (a free table has none); a plain tile keeps half a unit more from the edge, so that a
        double laid crosswise where it lies still fits."""
        if self.bounds is None:
            return True
        low, high = self.bounds
        margin = 0.0 if tile.crosswise else TILE_WIDTH / 2
        reach = x_reach(tile)
        return low + margin - 1e-9 <= tile.center[0] - reach and tile.center[0] + reach <= high - margin + 1e-9

    def can_turn_after(self, next_point, heading: float) -> bool:
        """Whether a line arriving at ``next_point`` on ``heading`` keeps room before the strip's edge to turn,
        and to spread a foot there should its next tile be a double."""
        if self.bounds is None:
            return True
        ux = unit(heading)[0]
        low, high = self.bounds
        if ux > 1e-6:
            return next_point[0] + EDGE_ROOM <= high + 1e-9
        if ux < -1e-6:
            return next_point[0] - EDGE_ROOM >= low - 1e-9
        return True


def _angle_between(a: float, b: float) -> float:
    return abs(normal_angle(a - b))


def _free_turns(pen: _Pen, double: bool) -> list:
    """The turns a free table tries, best first: the planned bend, straight on, then ever sharper turns."""
    depth = TILE_WIDTH if double else TILE_LENGTH
    planned = 0.0
    if not double and pen.run + depth > pen.run_limit:
        if pen.straighten:
            planned = pen.straighten
        elif pen.turn:
            planned = BEND_ANGLE * pen.turn
    side = pen.turn or 1
    turns = [planned, 0.0, 45.0 * side, -45.0 * side, 90.0 * side, -90.0 * side]
    return list(dict.fromkeys(t for t in turns if not (double and abs(t) >= 90)))


def _wanted_heading(pen: _Pen) -> float:
    """In a strip: the heading the line would like its next tile to take."""
    if not pen.settled and pen.run >= pen.run_limit:
        pen.settled = True
    return 90.0 * pen.vertical if pen.settled else pen.course


_TURN_ORDERS: dict = {}


def _strip_turns(pen: _Pen, wanted: float) -> list:
    """The turns a strip tries, best first: the nearest to the wanted heading, then to the line's way up or
    down, then the gentlest, then towards the pen's side (the wider side of the strip for a vertical line)."""
    key = (pen.heading, wanted, pen.vertical, pen.turn)
    order = _TURN_ORDERS.get(key)
    if order is None:
        if len(_TURN_ORDERS) > 4096:
            _TURN_ORDERS.clear()
        order = _TURN_ORDERS[key] = _turn_order(pen, wanted)
    return order


def _turn_order(pen: _Pen, wanted: float) -> list:
    delta = normal_angle(wanted - pen.heading)
    turns = {0.0, 45.0, -45.0, 90.0, -90.0}
    if abs(delta) <= 90:
        turns.add(delta)
    candidates = list(turns)  # a double may turn a corner too (it lies along the line, its toes leave sideways)
    side = pen.turn or 1

    def cost(turn: float) -> tuple:
        heading = normal_angle(pen.heading + turn)
        return (round(_angle_between(heading, wanted), 6), round(_angle_between(heading, 90.0 * pen.vertical), 6),
                abs(turn), 0 if turn * side >= 0 else 1)

    return sorted(candidates, key=cost)


def _way_on(board: _Board, point, heading: float, line_id: str, depth: int) -> int:
    """How many plain tiles (up to ``depth``) could still follow from ``point`` on ``heading``: a line is not led
    into a pocket while another way is open."""
    best = 0
    for turn in (0.0, 45.0, -45.0, 90.0, -90.0):
        tile, after = tile_at(point, heading, turn, _PROBE, line_id, 0, _PROBE_KEY)
        if board.inside(tile) and board.free(tile, respect_ghosts=False):
            room = 1 if depth == 1 else 1 + _way_on(board, after, normal_angle(heading + turn), line_id, depth - 1)
            if room == depth:
                return depth
            best = max(best, room)
    return best


def _foot_room(board: _Board, double: PlacedTile, heading: float, line_id: str) -> int:
    """How much room a Chicken Foot double laid here leaves its three toes, on the scale of ``_way_on``: its
    toes will come, so a double is laid where they fit (LOOKAHEAD: each toe can leave as drawn and go on)."""
    board.grid.add(double)
    try:
        far_edge = add(double.center, unit(heading), TILE_WIDTH / 2)
        score = 0
        for side in (-1, 1, 0):
            if side:
                toe_heading = normal_angle(heading + TOE_ANGLE * side)
                start = add(add(far_edge, unit(heading + 90.0 * side), TOE_OFFSET), unit(toe_heading),
                            TILE_WIDTH / 2 * math.tan(math.radians(TOE_ANGLE)))
                ways = ((start, toe_heading), (add(far_edge, unit(heading + 90.0 * side), TILE_WIDTH), heading))
            else:
                ways = ((far_edge, heading),)
            best = 0
            for number, (point, toe_heading) in enumerate(ways):
                tile, after = tile_at(point, toe_heading, 0.0, _PROBE, line_id, 0, _PROBE_KEY)
                if board.inside(tile) and board.free(tile, respect_ghosts=False):
                    best = max(best, 1 if number else 1 + min(1, _way_on(board, after, toe_heading, line_id, 1)))
            score += best
        return LOOKAHEAD if score == 6 else min(LOOKAHEAD - 1, score * (LOOKAHEAD - 1) // 6)
    finally:
        board.grid.remove(double)


def _pick(board: _Board, starts, pips, line_id: str, index: int):
    """The first free (heading, tile, next point) among the ways to go, in order of preference, that leaves a
    way on a few tiles long; else the free one with the longest way on. ``starts`` is a list of
    (point, heading, turn); tiles and ghosts are kept free if possible, then tiles only."""
    key = tile_key(*pips)
    free_ways = []  # (heading, tile, next point, clear of ghosts too), in order, for the second round
    best, best_room = None, -1
    for point, heading, turn in starts:
        tile, after = tile_at(point, heading, turn, pips, line_id, index, key)
        if not board.inside(tile) or board.grid.hits(tile):
            continue
        clear = not board.ghosts.hits(tile, ignore_line=line_id)
        free_ways.append((normal_angle(heading + turn), tile, after, clear))
        if clear:
            room = _room(board, free_ways[-1], line_id)
            if room == LOOKAHEAD:
                return free_ways[-1][:3]
            if room > best_room:
                best, best_room = free_ways[-1][:3], room
    if best is not None:
        return best
    for way in free_ways:  # nothing clear of ghosts: a ghost's place may be taken
        room = _room(board, way, line_id)
        if room == LOOKAHEAD:
            return way[:3]
        if room > best_room:
            best, best_room = way[:3], room
    return best


def _room(board: _Board, way, line_id: str) -> int:
    if board.feet and way[1].crosswise:
        return _foot_room(board, way[1], way[0], line_id)
    return _way_on(board, way[2], way[0], line_id, LOOKAHEAD)


def _choose(board: _Board, pen: _Pen, pips, line_id: str, index: int):
    """The way the next tile goes: (heading, tile, next point), or None if the pen is boxed in."""
    double = pips[0] == pips[1]
    if board.bounds is None:
        turns = _free_turns(pen, double)
    else:
        wanted = _wanted_heading(pen)
        if not pen.settled:
            # spreading until the strip's edge would stop the line (keeping room to turn): then it turns up or
            # down for good
            delta = normal_angle(wanted - pen.heading)
            tile, after = tile_at(pen.point, pen.heading, delta if abs(delta) <= 90 else 0.0, pips, line_id, index)
            if not (board.inside(tile) and board.can_turn_after(after, wanted)):
                pen.settled = True
                wanted = 90.0 * pen.vertical
        if pen.settled and abs(normal_angle(pen.heading - wanted)) < 1e-9:
            # vertical already: a sidestep goes towards the wider side of the strip
            low, high = board.bounds
            pen.turn = 1 if (pen.point[0] - low > high - pen.point[0]) == (pen.vertical > 0) else -1
        turns = _strip_turns(pen, wanted)
    return _pick(board, [(pen.point, pen.heading, turn) for turn in turns], pips, line_id, index)


def _squeeze(board: _Board, pen: _Pen, pips, line_id: str, index: int):
    """For a boxed-in pen: turns at every 15° up to 60°, and, for a side toe's first tile, other
    places on its double (off the double's end, or straight ahead beside the centre toe)."""
    wanted = 90.0 * pen.vertical if board.bounds is not None else pen.heading
    starts = [(pen.point, pen.heading)] + (list(pen.starts) if index == 0 else [])
    ways = [(point, heading, turn) for point, heading in starts for turn in _SQUEEZE_TURNS]
    ways.sort(key=lambda way: _angle_between(way[1] + way[2], wanted))
    return _pick(board, ways, pips, line_id, index)


# Sharper than 60°, a turned tile would stand too far off the line to look joined to it (see tile_at).
_SQUEEZE_TURNS = (0.0, 15.0, -15.0, 30.0, -30.0, 45.0, -45.0, 60.0, -60.0)
_PROBE, _PROBE_KEY = (0, 1), "1-0"  # the plain tile a look ahead lays


def _jump(board: _Board, pen: _Pen, pips, line_id: str, index: int):
    """A free place near a boxed-in pen, searched outward; beyond the table's top or bottom there always is one."""
    wanted = 90.0 * pen.vertical if board.bounds is not None else pen.heading
    # the line's own way first, then the way it would turn to; the nearest place wins
    headings = sorted((normal_angle(pen.heading + 45.0 * k) for k in range(-3, 5)),
                      key=lambda h: (_angle_between(h, pen.heading) + _angle_between(h, wanted), h))
    key = tile_key(*pips)
    for step in range(1, _JUMP_REACH + 1):
        for heading in headings:
            start = add(pen.point, unit(heading), float(step))
            tile, after = tile_at(start, heading, 0.0, pips, line_id, index, key)
            if board.inside(tile) and board.free(tile, respect_ghosts=False):
                return heading, tile, after, start
    # past the table's top or bottom edge nothing lies
    way = pen.vertical if pen.vertical else 1
    heading = 90.0 * way
    y = (board.high_y + 1.0) if way > 0 else (board.low_y - 1.0)
    x = pen.point[0]
    if board.bounds is not None:
        low, high = board.bounds
        x = min(max(x, low + TILE_WIDTH), high - TILE_WIDTH)  # room for a crosswise double
    start = (x, y)
    tile, after = tile_at(start, heading, 0.0, pips, line_id, index)
    return heading, tile, after, start


def _lay_line(board: _Board, pen: _Pen, line: LayoutLine) -> list:
    laid = []
    for index, pips in enumerate(line.tiles):
        double = pips[0] == pips[1]
        depth = TILE_WIDTH if double else TILE_LENGTH
        choice = _choose(board, pen, pips, line.id, index) or _squeeze(board, pen, pips, line.id, index)
        if choice is None:
            heading, tile, next_point, start = _jump(board, pen, pips, line.id, index)
            board.links.append(Link(line.id, rounded(pen.point), rounded(start)))
        else:
            heading, tile, next_point = choice
        turn = normal_angle(heading - pen.heading)
        board.put(tile)
        laid.append(tile)
        pen.point = next_point
        pen.heading = normal_angle(pen.heading + turn)
        if board.bounds is not None and not pen.settled and _angle_between(pen.heading, pen.course) > 1e-6:
            pen.settled = True  # forced off its course: from now on it runs up or down
        if turn:
            pen.run = depth
            if pen.straighten and turn == pen.straighten:
                pen.straighten = 0.0
                pen.turn = pen.after_straighten
                pen.run_limit = ARM_RUN
            elif pen.turn and turn == BEND_ANGLE * pen.turn and board.bounds is None:
                pen.turn = -pen.turn  # staircase: the next bend turns back
        else:
            pen.run += depth
    return laid


def _exit_distance(heading: float, half_x: float, half_y: float) -> float:
    """Distance from a rectangle's centre to its edge along ``heading``."""
    ux, uy = unit(heading)
    candidates = []
    if abs(ux) > 1e-9:
        candidates.append(half_x / abs(ux))
    if abs(uy) > 1e-9:
        candidates.append(half_y / abs(uy))
    return min(candidates)


def _vertical_of(heading: float, default: int) -> int:
    uy = unit(heading)[1]
    return default if abs(uy) < 1e-6 else (1 if uy > 0 else -1)


def _root_pens(checked: CheckedLayout, root_tile: PlacedTile, strip: bool):
    """The pen of every line leaving the root, keyed by line id; and the hub for Mexican Train."""
    root_lines = [line for line in checked.lines if line.parent is None]
    pens: dict = {}
    if checked.game == CHICKEN_FOOT:
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
            vertical = _vertical_of(heading, ARM_VERTICAL[arm])
            if strip:
                turn = -1 if (vertical < 0) == (math.cos(math.radians(heading)) >= 0) else 1
            pens[line.id] = _Pen(add(root_tile.center, unit(heading), distance), heading, turn=turn,
                                 vertical=vertical, settled=strip and abs(unit(heading)[0]) < 1e-6)
        return pens, None

    seat_numbers = [seat for line in root_lines if (seat := train_seat(line.slot)) is not None]
    seat_count = max([checked.seats or 0, *(n + 1 for n in seat_numbers)]) or 1
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
        seat = train_seat(line.slot)
        spoke = seat if seat is not None else seat_count
        heading = normal_angle(90.0 + step * spoke)  # seat 0 towards the viewer, then clockwise
        pens[line.id] = _Pen(add(root_tile.center, unit(heading), radius), heading, run_limit=TRAIN_RUN,
                             vertical=_vertical_of(heading, 1))
    return pens, Hub(root_tile.center, round(radius, 6), round(ring, 6))


def _toe_pen(double: PlacedTile, line_heading: float, slot: str, parent: _Pen, ends_its_line: bool,
             strip: bool) -> _Pen:
    """The pen of a toe growing from ``double``; ``parent`` is its line's pen (its last state when the double
    ends that line, which in Chicken Foot it always does)."""
    side = TOE_TURNS[slot]
    far_edge = add(double.center, unit(line_heading), TILE_WIDTH / 2)
    if side == 0:
        # the centre toe carries on its line's staircase (so an arm keeps to its quadrant), with a fresh run
        turn = parent.turn if ends_its_line and parent.turn else 1
        limit = parent.run_limit if ends_its_line else ARM_RUN
        return _Pen(far_edge, line_heading, run_limit=limit, turn=turn, vertical=parent.vertical,
                    settled=strip and parent.settled and ends_its_line,
                    course=parent.course if strip and ends_its_line else line_heading)
    heading = normal_angle(line_heading + TOE_ANGLE * side)
    start = add(far_edge, unit(line_heading + 90.0 * side), TOE_OFFSET)
    start = add(start, unit(heading), TILE_WIDTH / 2 * math.tan(math.radians(TOE_ANGLE)))
    vertical = _vertical_of(heading, parent.vertical)
    starts = (
        # off the double's end, square to the line
        (add(double.center, unit(line_heading + 90.0 * side), TILE_LENGTH / 2), normal_angle(line_heading + 90 * side)),
        # straight on, beside the centre toe
        (add(far_edge, unit(line_heading + 90.0 * side), TILE_WIDTH), line_heading),
    )
    if strip:
        if abs(unit(line_heading)[1]) < 1e-6:
            # a foot on a line running sideways: its side toes leave the double's ends straight up and down,
            # leaving the centre toe room to run on and turn
            (point, square), *others = starts
            return _Pen(point, square, turn=side, vertical=_vertical_of(square, parent.vertical), settled=True,
                        starts=((start, heading), *others))
        # spreading at its angle until the strip's edge or a neighbour stops it, then up or down: nested feet
        # form chevrons, each inside the one before
        return _Pen(start, heading, turn=side, vertical=vertical, starts=starts, run_limit=math.inf)
    return _Pen(start, heading, run_limit=TOE_RUN, turn=side, straighten=-TOE_ANGLE * side, after_straighten=side,
                vertical=vertical, starts=starts)


def spread(checked: CheckedLayout, max_width: float | None = None) -> Table:
    """Lay out the table line by line; within ``max_width`` tile units (centred on the root) when given."""
    root = checked.root
    root_tile = PlacedTile(tile_key(*root), root, None, -1, (0.0, 0.0), 90.0, True)
    bounds = None if max_width is None else (-max_width / 2, max_width / 2)
    strip = bounds is not None
    board = _Board(bounds, feet=checked.game == CHICKEN_FOOT)
    board.put(root_tile)
    pens, hub = _root_pens(checked, root_tile, strip)
    lines = checked.lines
    laid: dict = {}
    headings: dict = {}  # each tile's line heading, for toes to leave from
    ends: dict = {}
    markers: dict = {}
    final_pens: dict = {}

    def pen_of(line: LayoutLine) -> _Pen:
        if line.parent is None:
            return copy.copy(pens[line.id])
        double = laid[line.parent][line.at]
        ends_its_line = line.at == len(laid[line.parent]) - 1
        return _toe_pen(double, headings[line.parent][line.at], line.slot, final_pens[line.parent],
                        ends_its_line, strip)

    children: dict = {}
    for line in lines:
        children.setdefault(line.parent, []).append(line)
    for line in children.get(None, ()):
        board.keep_free(line.id, [_ghost(board, pen_of(line), line.id)])
    for line in lines:
        pen = pen_of(line)
        board.drop_ghost(line.id)
        start_point, start_heading = pen.point, pen.heading
        tiles = _lay_line(board, pen, line)
        laid[line.id] = tiles
        final_pens[line.id] = pen
        headings[line.id] = [normal_angle(t.angle - 90.0) if t.crosswise else t.angle for t in tiles]
        for child in children.get(line.id, ()):
            board.keep_free(child.id, [_ghost(board, pen_of(child), child.id)])
        if line.open and line.id not in children:
            # room for its next tile, if possible
            board.keep_free(line.id, [_ghost(board, copy.copy(pen), line.id)])
        ends[line.id] = End(line.id, rounded(pen.point), pen.heading, line.open, bounds)
        if line.marker:
            if hub is not None and line.parent is None:
                point = add(hub.center, unit(start_heading), hub.ring)
            else:
                point = add(start_point, unit(start_heading), -MARKER_RADIUS - 0.1)
            markers[line.id] = Marker(line.id, rounded(point), start_heading, line.owner)
    tiles = tuple(
        PlacedTile(t.key, t.pips, t.line, t.index, rounded(t.center), round(t.angle, 6), t.crosswise)
        for t in board.tiles
    )
    links = tuple(board.links)
    return Table(checked.game, tiles, ends, markers, hub, table_bbox(tiles, ends, markers, hub, links), links,
                 {}, max_width)


def _ghost(board: _Board, pen: _Pen, line_id: str) -> PlacedTile:
    """The plain tile a line's next play would take if nothing stood in its way."""
    probe = (0, 1)
    if board.bounds is None:
        return tile_at(pen.point, pen.heading, 0.0, probe, line_id, 0)[0]
    wanted = _wanted_heading(pen)
    for turn in _strip_turns(pen, wanted):
        tile, after = tile_at(pen.point, pen.heading, turn, probe, line_id, 0)
        if board.inside(tile):
            return tile
    return tile_at(pen.point, pen.heading, 0.0, probe, line_id, 0)[0]
