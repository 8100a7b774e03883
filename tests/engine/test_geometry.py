"""Table geometry: where every tile, end and marker lies (engine/geometry.py)."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_chicken_foot

from engine.geometry import (
    END_RADIUS,
    MARKER_RADIUS,
    TOE_ANGLE,
    LayoutError,
    PlacedTile,
    place,
    rectangles_overlap,
    tile_key,
)

LAYOUTS = Path(__file__).parent / "layouts"
FIXTURES = sorted(path.stem for path in LAYOUTS.glob("*.json"))


def load(name: str) -> dict:
    return json.loads((LAYOUTS / f"{name}.json").read_text())


def line_of(layout: dict, line_id: str) -> dict:
    return next(line for line in layout["lines"] if line["id"] == line_id)


def heading_of(tile: PlacedTile) -> float:
    """The heading of the line a tile lies in."""
    return tile.angle - 90.0 if tile.crosswise else tile.angle


def angle_between(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def unit(angle: float) -> tuple[float, float]:
    return math.cos(math.radians(angle)), math.sin(math.radians(angle))


def overlapping_pairs(table) -> list[tuple[str, str]]:
    tiles = table.tiles
    return [(a.key, b.key) for i, a in enumerate(tiles) for b in tiles[i + 1:] if rectangles_overlap(a, b)]


def line_tiles(table, line_id: str) -> list[PlacedTile]:
    return sorted((t for t in table.tiles if t.line == line_id), key=lambda t: t.index)


# --- every tile once, where the contract says ------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURES)
def test_every_tile_of_the_layout_is_placed_exactly_once(name):
    layout = load(name)
    table = place(layout)
    expected = [tile_key(*layout["root"])] + [tile_key(*t) for line in layout["lines"] for t in line["tiles"]]
    assert sorted(t.key for t in table.tiles) == sorted(expected)
    assert len({t.key for t in table.tiles}) == len(table.tiles)
    for line in layout["lines"]:
        placed = line_tiles(table, line["id"])
        assert [list(t.pips) if not t.crosswise else [t.pips[0]] * 2 for t in placed] == line["tiles"]
        assert [t.index for t in placed] == list(range(len(line["tiles"])))


@pytest.mark.parametrize("name", ["two_feet", "mexican_train_4_seats"])
def test_tiles_do_not_overlap_in_typical_positions(name):
    assert overlapping_pairs(place(load(name))) == []


@pytest.mark.parametrize("name", FIXTURES)
def test_no_fixture_table_has_overlapping_tiles(name):
    assert overlapping_pairs(place(load(name))) == []


def test_overlap_check_sees_crossing_tiles_and_ignores_touching_ones():
    flat = PlacedTile("4-1", (4, 1), None, 0, (0.0, 0.0), 0.0, False)
    crossing = PlacedTile("5-2", (5, 2), None, 0, (0.0, 0.0), 90.0, False)
    touching = PlacedTile("6-3", (6, 3), None, 0, (2.0, 0.0), 0.0, False)
    diagonal_gap = PlacedTile("7-3", (7, 3), None, 0, (1.9, 1.4), 45.0, False)
    assert rectangles_overlap(flat, crossing)
    assert not rectangles_overlap(flat, touching)
    assert not rectangles_overlap(flat, diagonal_gap)


@pytest.mark.parametrize("name", FIXTURES)
def test_bounding_box_contains_every_tile_end_and_marker(name):
    table = place(load(name))
    min_x, min_y, max_x, max_y = table.bbox
    eps = 1e-6
    for tile in table.tiles:
        for x, y in tile.corners():
            assert min_x - eps <= x <= max_x + eps and min_y - eps <= y <= max_y + eps
    for (x, y), r in [(e.target(), END_RADIUS) for e in table.ends.values()] + [
        (m.point, MARKER_RADIUS) for m in table.markers.values()
    ]:
        assert min_x - eps <= x - r and x + r <= max_x + eps
        assert min_y - eps <= y - r and y + r <= max_y + eps


@pytest.mark.parametrize("name", FIXTURES)
def test_placement_is_deterministic(name):
    layout = load(name)
    first = place(layout)
    assert place(copy.deepcopy(layout)) == first
    assert json.dumps(first.to_dict()) == json.dumps(place(layout).to_dict())


@pytest.mark.parametrize("name", FIXTURES)
def test_each_tile_touches_the_tile_it_was_played_on(name):
    # the matching halves of neighbours sit side by side: 1 apart on a straight run, a little more at a bend
    table = place(load(name))
    for line_id in table.ends:
        tiles = line_tiles(table, line_id)
        for before, after in zip(tiles, tiles[1:]):
            outer = before.center if before.crosswise else before.halves()[1]
            inner = after.center if after.crosswise else after.halves()[0]
            assert math.dist(outer, inner) <= 1.5, (line_id, before.key, after.key)


# --- Chicken Foot ----------------------------------------------------------------------------------------


def test_starting_double_sits_crosswise_in_the_centre_with_an_arm_on_each_side():
    table = place(load("starting_double"))
    root = table.tiles[0]
    assert (root.key, root.line, root.center, root.crosswise) == ("9-9", None, (0.0, 0.0), True)
    firsts = {line: line_tiles(table, line)[0] for line in "nesw"}
    assert firsts["n"].center == (0.0, -2.0) and firsts["s"].center == (0.0, 2.0)
    assert firsts["e"].center == (1.5, 0.0) and firsts["w"].center == (-1.5, 0.0)
    # each arm's first tile shows the root's number on the half that touches the root
    for line, tile in firsts.items():
        assert tile.pips[0] == 9
        assert math.dist(tile.halves()[0], root.center) < math.dist(tile.halves()[1], root.center)


def test_a_double_played_in_a_line_lies_across_it():
    table = place(load("chicken_foot"))
    arm_tile, double = line_tiles(table, "n")
    assert double.key == "4-4" and double.crosswise and not arm_tile.crosswise
    assert angle_between(double.angle, arm_tile.angle) == 90.0


def test_chicken_foot_toes_attach_to_their_double_centre_straight_and_sides_angled_outward():
    table = place(load("chicken_foot"))
    double = table.tile("4-4")
    heading = heading_of(double)
    toes = {slot: line_tiles(table, f"n.1.{slot}")[0] for slot in "lcr"}
    for tile in toes.values():
        assert tile.pips[0] == 4
        assert math.dist(tile.halves()[0], double.center) <= 1.8  # touching the double's far side
    assert angle_between(heading_of(toes["c"]), heading) == 0
    assert angle_between(heading_of(toes["l"]), heading) == TOE_ANGLE
    assert angle_between(heading_of(toes["r"]), heading) == TOE_ANGLE
    assert 45 <= TOE_ANGLE <= 60
    # left of the heading on one side, right on the other (the north arm: left is west)
    assert toes["l"].center[0] < toes["c"].center[0] < toes["r"].center[0]
    ahead = unit(heading)
    for tile in toes.values():
        offset = (tile.center[0] - double.center[0], tile.center[1] - double.center[1])
        assert offset[0] * ahead[0] + offset[1] * ahead[1] > 0  # all three grow outward


def test_an_empty_toe_still_has_an_end_where_its_first_tile_would_go():
    layout = load("unfinishable_foot")
    table = place(layout)
    assert line_of(layout, "e.1.r")["tiles"] == []
    double = table.tile("7-7")
    end = table.ends["e.1.r"]
    assert end.open
    assert math.dist(end.point, double.center) < 2.0
    assert angle_between(end.heading, heading_of(double)) == TOE_ANGLE


def test_a_long_arm_bends_instead_of_running_off_the_table():
    layout = load("long_arms")
    assert len(line_of(layout, "n")["tiles"]) == 12
    table = place(layout)
    arm = line_tiles(table, "n")
    reach = max(abs(t.center[1]) for t in arm)
    assert reach < 23  # a straight arm would reach 1 + 12 × 2 = 25
    assert len({heading_of(t) for t in arm}) >= 2


def test_neighbouring_arms_bend_the_same_way_so_the_table_stays_mirror_symmetric():
    # north and east lean north-east, south and west lean south-west: no pinwheel of hooks
    table = place(load("long_arms"))
    lean = {}
    for arm in "nesw":
        tiles = line_tiles(table, arm)
        bent = [heading_of(t) for t in tiles if angle_between(heading_of(t), heading_of(tiles[0])) > 0]
        lean[arm] = bent[0] % 360
    assert lean == {"n": 315.0, "e": 315.0, "s": 135.0, "w": 135.0}


def test_double_chicken_foot_opening_spreads_twelve_lines_round_the_root():
    layout = load("double_chicken_foot")
    table = place(layout)
    headings = sorted(round(table.ends[line["id"]].heading if not line["tiles"] else
                            heading_of(line_tiles(table, line["id"])[0])) % 360 for line in layout["lines"])
    assert headings == [h for h in range(0, 360, 30) if h != 210]  # w.r is not in the fixture
    assert overlapping_pairs(table) == []


def test_ends_point_outward_from_their_line():
    table = place(load("two_feet"))
    for line_id, end in table.ends.items():
        tiles = line_tiles(table, line_id)
        if tiles:
            last = tiles[-1]
            ahead = unit(end.heading)
            offset = (end.point[0] - last.center[0], end.point[1] - last.center[1])
            assert offset[0] * ahead[0] + offset[1] * ahead[1] > 0.4


def test_a_line_open_flag_is_passed_through_to_its_end():
    layout = load("chicken_foot")
    table = place(layout)
    assert {line["id"]: line["open"] for line in layout["lines"]} == {i: e.open for i, e in table.ends.items()}


# --- Mexican Train ---------------------------------------------------------------------------------------


def test_trains_leave_the_hub_like_spokes_seat_zero_towards_the_viewer_then_clockwise():
    layout = load("mexican_train_4_seats")
    table = place(layout)
    assert table.hub is not None and table.hub.center == (0.0, 0.0)
    first_headings = {line["id"]: heading_of(line_tiles(table, line["id"])[0]) for line in layout["lines"]}
    assert first_headings["t0"] == 90.0  # down the screen, towards the player
    order = ["t0", "t1", "t2", "t3", "mx"]
    for a, b in zip(order, order[1:] + order[:1]):
        assert (first_headings[b] - first_headings[a]) % 360 == pytest.approx(72.0)
    for line in order:
        first = line_tiles(table, line)[0]
        assert math.dist(first.halves()[0], table.hub.center) == pytest.approx(table.hub.radius + 0.5)


def test_a_double_in_a_train_lies_across_it_and_the_train_carries_on_straight():
    layout = load("mexican_train_4_seats")
    table = place(layout)
    crossed = False
    for line in layout["lines"]:
        tiles = line_tiles(table, line["id"])
        for before, double, after in zip(tiles, tiles[1:], tiles[2:]):
            if double.crosswise:
                assert angle_between(heading_of(before), heading_of(double)) == 0
                assert angle_between(heading_of(double), heading_of(after)) == 0
                crossed = True
    assert crossed  # the fixture has doubles inside trains


def test_markers_sit_in_the_hub_ring_at_the_start_of_their_train():
    layout = load("mexican_train_4_seats")
    table = place(layout)
    marked = {line["id"] for line in layout["lines"] if line["marker"]}
    assert set(table.markers) == marked and marked
    for train in marked:
        marker = table.markers[train]
        assert math.dist(marker.point, table.hub.center) == pytest.approx(table.hub.ring)
        first = line_tiles(table, train)[0]
        assert angle_between(marker.heading, heading_of(first)) == 0
        assert math.dist(marker.point, first.center) > MARKER_RADIUS + 1.0  # not on the tile


def test_a_train_not_started_has_its_marker_and_end_at_the_hub():
    layout = load("mexican_train_start")
    table = place(layout)
    assert line_of(layout, "t2")["tiles"] == [] and line_of(layout, "t2")["marker"]
    end = table.ends["t2"]
    assert math.dist(end.point, table.hub.center) == pytest.approx(table.hub.radius)
    assert "t2" in table.markers
    assert table.markers["t2"].owner == 2


def test_the_seat_count_can_be_given_when_the_last_seats_have_no_line_yet():
    layout = {"game": "mexican-train", "root": [6, 6], "seats": 3,
              "lines": [{"id": "t0", "parent": None, "slot": "t0", "at": -1, "tiles": [[6, 1]], "owner": 0,
                         "marker": False, "open": True}]}
    table = place(layout)
    assert table.ends["t0"].heading == 90.0
    layout["lines"].append({"id": "mx", "parent": None, "slot": "mx", "at": -1, "tiles": [], "owner": None,
                            "marker": False, "open": True})
    assert place(layout).ends["mx"].heading == 90.0 + 3 * 90.0 - 360.0  # fourth spoke of four


# --- stability, empty tables ------------------------------------------------------------------------------


@pytest.mark.parametrize("name, line_id, tile", [("two_feet", "w", [8, 7]), ("chicken_foot", "e", [7, 0]),
                                                 ("mexican_train_start", "t1", None)])
def test_playing_a_tile_moves_no_tile_already_on_the_table(name, line_id, tile):
    layout = load(name)
    before = place(layout)
    line = line_of(layout, line_id)
    if tile is None:
        used = {tile_key(*t) for t in [layout["root"]] + [t for ln in layout["lines"] for t in ln["tiles"]]}
        last = line["tiles"][-1][1]
        tile = next([last, n] for n in range(13) if tile_key(last, n) not in used and n != last)
    line["tiles"].append(tile)
    after = {t.key: t for t in place(layout).tiles}
    for old in before.tiles:
        assert after[old.key] == old


def test_a_table_before_the_opening_double_is_empty():
    table = place({"game": "chicken-foot", "root": None, "lines": []})
    assert table.tiles == () and table.ends == {} and table.bbox == (0.0, 0.0, 0.0, 0.0)


# --- bad input: a clear error, naming what is wrong -------------------------------------------------------


def _arm(**changes) -> dict:
    line = {"id": "n", "parent": None, "slot": "n", "at": -1, "tiles": [[9, 4]], "owner": None, "marker": False,
            "open": True}
    line.update(changes)
    return line


@pytest.mark.parametrize(
    "layout, message",
    [
        ([], "a layout is a dict"),
        ({"game": "dominoes", "root": [9, 9], "lines": []}, "'game' must be one of"),
        ({"game": "chicken-foot", "root": [9, 8], "lines": []}, "starting tile is a double"),
        ({"game": "chicken-foot", "root": [9, 19], "lines": []}, "from 0 to 18"),
        ({"game": "chicken-foot", "root": None, "lines": [_arm()]}, "need a root"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(tiles=[[8, 4]])]}, "must match 9"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(), _arm(id="e", slot="e")]}, "already on the table"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(), _arm(id="n2", tiles=[[9, 5]])]}, "already taken"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(slot="up")]}, "root slot is n, e, s, w"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(id="x", parent="n", slot="l", at=0)]},
         "not a line listed before it"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(), _arm(id="n.0.l", parent="n", slot="l", at=0,
                                                                         tiles=[[4, 1]])]}, "not a double"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(tiles=[[9, 4], [4, 4]]),
                                                            _arm(id="t", parent="n", slot="x", at=1, tiles=[])]},
         "slot l, c or r"),
        ({"game": "mexican-train", "root": [12, 12], "lines": [_arm(tiles=[[12, 1]])]}, "t0, t1, ... or mx"),
        ({"game": "chicken-foot", "root": [9, 9], "lines": [_arm(tiles=[[9, "4"]])]}, "pip counts"),
    ],
)
def test_a_malformed_layout_is_refused_with_a_clear_error(layout, message):
    with pytest.raises(LayoutError, match=message):
        place(layout)


def test_layout_error_is_a_value_error():
    assert issubclass(LayoutError, ValueError)


# --- property: random legal-looking Chicken Foot tables ---------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_any_reachable_table_places_every_tile_once_inside_its_box(seed):
    layout = random_chicken_foot(seed)
    table = place(layout)
    tiles_in_layout = 1 + sum(len(line["tiles"]) for line in layout["lines"])
    assert len(table.tiles) == len({t.key for t in table.tiles}) == tiles_in_layout
    min_x, min_y, max_x, max_y = table.bbox
    for tile in table.tiles:
        for x, y in tile.corners():
            assert min_x - 1e-6 <= x <= max_x + 1e-6 and min_y - 1e-6 <= y <= max_y + 1e-6
    assert set(table.ends) == {line["id"] for line in layout["lines"]}
    assert place(layout) == table
