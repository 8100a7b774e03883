"""A Mexican Train table in rows, for a given width (a phone): one train per row, like platforms at a station.

The engine stands at the top of an upright station bar on the left; every train leaves the bar to the right,
its owner's name above its first tile and its marker on the bar beside it. A train longer than the row snakes:
at the edge it turns down (two tiles) and comes back the other way, as players bend a train at the table's edge.
Rows from the top: the Mexican train, then the other seats in turn, then seat 0 (the viewer) at the bottom,
nearest the hand, as in the round table where seat 0's train points at the viewer.

Each train keeps its own band, so no tile of one train can touch another's; a tile played never moves another
of its train, and a train that grows a row moves the trains below it down, all together.
"""

from __future__ import annotations

from .layout import CheckedLayout, LayoutLine, tile_key, train_seat
from .placement import (
    END_RADIUS, TILE_LENGTH, TILE_WIDTH, End, Hub, LabelSpot, Marker, PlacedTile, Table, normal_angle, rounded,
    table_bbox, tile_at,
)

BAR_WIDTH = 1.6  # the station bar: the upright engine (1 wide) and the markers (0.8) with a margin
ENGINE_TOP = 0.3
LABEL_BASELINE = 0.85  # below a band's top: the owner's name, above its own first row (nearer it than the row above)
LABEL_DESCENT = 0.25  # how far the name's letters hang below its baseline (engine.svg draws them 0.8 tall)
LABEL_CLEARANCE = 0.1  # between the name and the top of the tallest tile under it
ROW_REACH = 1.0  # how far a row's tiles reach above and below its centre line (a crosswise double)
# below a band's top: the centre line of a train's first row, low enough that a crosswise double anywhere in
# that row stays under its train's name, not across it
ROW_OFFSET = LABEL_BASELINE + LABEL_DESCENT + LABEL_CLEARANCE + ROW_REACH
BAND_GAP = 0.3
LABEL_INDENT = 0.25
END_ROOM = END_RADIUS * 2 + 0.1  # what an end's target circle needs beyond the last tile
DESCENT_ROOM = 3.0
DESCENT = 2.5  # how far a train goes down at the edge before it turns back: rows stay clear of each other
_MIN_ROW = TILE_LENGTH + END_ROOM + 0.5  # narrower than this, a row cannot hold a tile: the table overflows


def _order(line: LayoutLine) -> tuple:
    seat = train_seat(line.slot)
    if seat is None:
        return (0, 0)
    return (2, 0) if seat == 0 else (1, seat)


def _needs(pips, following) -> float:
    """Room a horizontal tile needs ahead of it: its own depth, plus what the next tile will need to stay in
    the row or turn (a corner: 1; a double then a corner: 2), or the end's target circle."""
    depth = TILE_WIDTH if pips[0] == pips[1] else TILE_LENGTH
    if following is None:
        return depth + END_ROOM
    return depth + (TILE_WIDTH * 2 if following[0] == following[1] else TILE_WIDTH)


def _lay_train(line: LayoutLine, row_y: float, low: float, high: float) -> tuple:
    """The train's tiles snaking between ``low`` and ``high`` (x), its first row centred on ``row_y``; and the
    pen (point, heading) at its end."""
    point, heading = (BAR_WIDTH, row_y), 0.0
    tiles = []
    corner_y = row_y
    for index, pips in enumerate(line.tiles):
        following = line.tiles[index + 1] if index + 1 < len(line.tiles) else None
        double = pips[0] == pips[1]
        turn = 0.0
        if heading in (0.0, 180.0):
            room = high - point[0] if heading == 0.0 else point[0] - low
            if not double and room < _needs(pips, following) and room >= TILE_WIDTH:
                turn = 90.0 if heading == 0.0 else -90.0  # turn down at the edge
                corner_y = point[1]
        elif not double and point[1] - corner_y >= DESCENT + 1e-9:
            turn = -90.0 if point[0] < (low + high) / 2 else 90.0  # back along the next row
        tile, point = tile_at(point, heading, turn, pips, line.id, index)
        heading = normal_angle(heading + turn)
        tiles.append(tile)
    return tiles, point, heading


def rows(checked: CheckedLayout, max_width: float) -> Table:
    """Lay out a Mexican Train table in rows within ``max_width`` tile units (the station bar included)."""
    low = BAR_WIDTH + TILE_WIDTH / 2  # a row coming back turns down clear of the bar (room for a double)
    high = max(max_width - TILE_WIDTH / 2, BAR_WIDTH + _MIN_ROW)
    root = checked.root
    engine = PlacedTile(tile_key(*root), root, None, -1, (BAR_WIDTH / 2, ENGINE_TOP + TILE_LENGTH / 2), 90.0, True)
    placed = [engine]
    ends, markers, spots = {}, {}, {}
    top = 0.0
    last_row = ENGINE_TOP + TILE_LENGTH
    for line in sorted((ln for ln in checked.lines if ln.parent is None), key=_order):
        row_y = top + ROW_OFFSET
        tiles, point, heading = _lay_train(line, row_y, low, high)
        placed += tiles
        ends[line.id] = End(line.id, rounded(point), heading, line.open)
        if line.marker:
            markers[line.id] = Marker(line.id, rounded((BAR_WIDTH / 2, row_y)), 0.0, line.owner)
        spots[line.id] = LabelSpot(rounded((BAR_WIDTH + LABEL_INDENT, top + LABEL_BASELINE)), "start",
                                   round(max_width - BAR_WIDTH - LABEL_INDENT, 6))
        # every row keeps room below it for a double, and for the hit area of an end lying there
        reach = [row_y + ROW_REACH] + [tile.center[1] + ROW_REACH for tile in tiles]
        end_target = ends[line.id].target()
        reach.append(end_target[1] + END_RADIUS)
        if heading == 90.0:
            # an end half-way down a bend: its hit area reaches down, the next train keeps clear of it (the row
            # the bend leads to will lie lower still, so nothing moves back up)
            reach.append(point[1] + DESCENT_ROOM)
        last_row = row_y
        top = max(reach) + BAND_GAP
    bar = (0.0, 0.0, BAR_WIDTH, round(max(last_row + ROW_REACH, ENGINE_TOP * 2 + TILE_LENGTH), 6))
    hub = Hub(engine.center, BAR_WIDTH / 2, 0.0, bar)
    tiles = tuple(PlacedTile(t.key, t.pips, t.line, t.index, rounded(t.center), round(t.angle, 6), t.crosswise)
                  for t in placed)
    return Table(checked.game, tiles, ends, markers, hub, table_bbox(tiles, ends, markers, hub), (), spots,
                 max_width)
