"""A table fitted to a width (engine/geometry.py place(layout, max_width)): Chicken Foot in a strip
(engine/spread.py), Mexican Train in rows (engine/rows.py)."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import random_chicken_foot

from engine.geometry import END_RADIUS, Link, place, rectangles_overlap, tile_key
from engine.rows import BAR_WIDTH

LAYOUTS = Path(__file__).parent / "layouts"
FIXTURES = sorted(path.stem for path in LAYOUTS.glob("*.json"))
PHONE = 16.6  # tile units: a 344 px table at 20 px a tile unit, less the picture's margins


def load(name: str) -> dict:
    return json.loads((LAYOUTS / f"{name}.json").read_text())


def overlapping_pairs(table) -> list:
    tiles = table.tiles
    return [(a.key, b.key) for i, a in enumerate(tiles) for b in tiles[i + 1:] if rectangles_overlap(a, b)]


def line_tiles(table, line_id: str) -> list:
    return sorted((t for t in table.tiles if t.line == line_id), key=lambda t: t.index)


def width(table) -> float:
    return table.bbox[2] - table.bbox[0]


def train(line_id: str, owner, tiles, marker=False, is_open=True) -> dict:
    return {"id": line_id, "parent": None, "slot": line_id, "at": -1, "tiles": tiles, "owner": owner,
            "marker": marker, "open": is_open}


def long_train(first: int, count: int, double_every: int = 0, avoid=()) -> list:
    """A chain of ``count`` tiles from ``first`` through a double-18 set, with a double every so often."""
    used = {tile_key(*pair) for pair in avoid}
    tiles, number = [], first
    while len(tiles) < count:
        if double_every and len(tiles) % double_every == double_every - 1 and tile_key(number, number) not in used:
            tiles.append([number, number])
            used.add(tile_key(number, number))
            continue
        following = next(n for n in range(19) if n != number and tile_key(number, n) not in used)
        tiles.append([number, following])
        used.add(tile_key(number, following))
        number = following
    return tiles


# --- every fixture, any width ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURES)
@pytest.mark.parametrize("max_width", [PHONE, 12.0, 30.0])
def test_a_fitted_table_keeps_every_tile_once_within_the_width_and_none_overlap(name, max_width):
    layout = load(name)
    table = place(layout, max_width=max_width)
    expected = [tile_key(*layout["root"])] + [tile_key(*t) for line in layout["lines"] for t in line["tiles"]]
    assert sorted(t.key for t in table.tiles) == sorted(expected)
    assert overlapping_pairs(table) == []
    assert width(table) <= max_width + 1e-6
    assert table.max_width == max_width


@pytest.mark.parametrize("bad", [0, -3, float("inf"), float("nan"), True, "16"])
def test_max_width_must_be_a_positive_number(bad):
    with pytest.raises(ValueError, match="max_width"):
        place(load("chicken_foot"), max_width=bad)


def test_fitting_is_deterministic_and_leaves_the_layout_alone():
    layout = load("two_feet")
    before = copy.deepcopy(layout)
    assert place(layout, max_width=PHONE) == place(copy.deepcopy(layout), max_width=PHONE)
    assert layout == before


# --- Chicken Foot in a strip -------------------------------------------------------------------------------


def test_a_fitted_chicken_foot_table_is_centred_on_its_root_and_grows_down_rather_than_wide():
    layout = load("long_arms")
    free, fitted = place(layout), place(layout, max_width=PHONE)
    assert width(free) > PHONE  # the arms reach far out when nothing holds them
    assert fitted.tile("9-9").center == (0.0, 0.0)
    assert -PHONE / 2 - 1e-6 <= fitted.bbox[0] and fitted.bbox[2] <= PHONE / 2 + 1e-6
    assert fitted.bbox[3] - fitted.bbox[1] > width(fitted)  # taller than wide: a phone scrolls down, not across


def test_in_a_strip_the_east_arm_turns_up_and_the_west_arm_down_before_the_edge():
    table = place(load("long_arms"), max_width=PHONE)
    east, west = line_tiles(table, "e"), line_tiles(table, "w")
    assert east[0].angle == 0.0 and west[0].angle == 180.0  # they leave the root sideways
    assert east[-1].center[1] < -4 and west[-1].center[1] > 4  # then run up (east) and down (west)
    assert max(x for t in east for x, _ in t.corners()) <= PHONE / 2
    assert min(x for t in west for x, _ in t.corners()) >= -PHONE / 2


def test_end_targets_stay_inside_the_strip_even_at_its_edge():
    table = place(load("long_arms"), max_width=PHONE)
    for end in table.ends.values():
        x, _ = end.target()
        assert -PHONE / 2 <= x - END_RADIUS and x + END_RADIUS <= PHONE / 2


@pytest.mark.parametrize("bounds", [None, (-PHONE / 2, PHONE / 2)])
def test_a_boxed_in_line_carries_on_nearby_with_a_link_and_still_overlaps_nothing(bounds):
    from engine.layout import LayoutLine
    from engine.placement import PlacedTile
    from engine.spread import _Board, _lay_line, _Pen

    board = _Board(bounds)
    # a pocket two tiles deep, walled on every side but the way the line comes in
    for x in (-1.5, 1.5):
        for y in (-3.0, -1.0, 1.0):
            board.put(PlacedTile("wall", (0, 0), "walls", 0, (x, y), 90.0, False))
    board.put(PlacedTile("wall", (0, 0), "walls", 0, (0.0, -4.5), 0.0, False))
    line = LayoutLine("n", None, "n", -1, [[9, 4], [4, 2], [2, 1]], None, False, True)
    laid = _lay_line(board, _Pen((0.0, 1.0), -90.0), line)
    assert [t.key for t in laid] == ["9-4", "4-2", "2-1"]
    assert [t.center for t in laid[:2]] == [(0.0, 0.0), (0.0, -2.0)]  # two fit in the pocket
    assert len(board.links) == 1, "the third cannot: the line must leave the pocket"
    for i, tile in enumerate(board.tiles):
        assert not any(rectangles_overlap(tile, other) for other in board.tiles[i + 1:])
    link = board.links[0]
    assert link.line == "n" and link.start == (0.0, -3.0)  # from the end of the second tile
    assert math.dist(laid[2].halves()[0], link.end) <= 0.5  # to the back of the third


def test_every_line_of_the_double_chicken_foot_opening_fits_a_phone():
    table = place(load("double_chicken_foot"), max_width=PHONE)
    assert overlapping_pairs(table) == [] and width(table) <= PHONE + 1e-6
    assert not table.links


@pytest.mark.parametrize("slots", [["n.l", "n.c", "n.r", "s.l", "s.c", "s.r"], ["e.l", "e.c", "e.r", "w.l", "w.c", "w.r"],
                                   ["n.c", "e.r", "s.l"]])
def test_any_choice_of_the_twelve_root_toe_slots_is_laid_out(slots):
    # another reading of the double chicken foot opening may use only some of the twelve places
    numbers = iter(range(1, 13))
    lines = []
    for slot in slots:
        first = next(numbers)
        lines.append({"id": slot, "parent": None, "slot": slot, "at": -1, "owner": None, "marker": False,
                      "open": True, "tiles": [[15, first], [first, first + 3 if first + 3 <= 15 else 0]]})
    used, clean = set(), []
    for line in lines:  # keep every tile once
        tiles = []
        for pair in line["tiles"]:
            if tile_key(*pair) in used or pair[0] == pair[1]:
                break
            used.add(tile_key(*pair))
            tiles.append(pair)
        clean.append({**line, "tiles": tiles})
    layout = {"game": "chicken-foot", "root": [15, 15], "lines": clean}
    for max_width in (None, PHONE):
        table = place(layout, max_width=max_width)
        assert overlapping_pairs(table) == []
        assert set(table.ends) == set(slots)


# --- Mexican Train in rows ---------------------------------------------------------------------------------


def test_fitted_mexican_train_lays_each_train_in_its_own_row_from_the_station_bar():
    layout = load("mexican_train_4_seats")
    table = place(layout, max_width=PHONE)
    assert table.hub.box is not None and table.hub.box[0] == 0.0 and table.hub.box[2] == BAR_WIDTH
    engine = table.tiles[0]
    assert engine.line is None and engine.key == "12-12" and engine.center[0] == BAR_WIDTH / 2
    rows = {}
    for line in layout["lines"]:
        first = line_tiles(table, line["id"])[0]
        assert math.isclose(first.halves()[0][0] - 0.5, BAR_WIDTH)  # the first tile touches the bar
        assert first.angle == 0.0  # and runs to the right
        rows[line["id"]] = first.center[1]
    # the Mexican train first, then the other seats in turn, the viewer's own train (seat 0) last
    assert sorted(rows, key=rows.get) == ["mx", "t1", "t2", "t3", "t0"]


def test_each_train_keeps_its_own_band_so_no_tile_of_one_touches_another():
    table = place(load("mexican_train_4_seats"), max_width=PHONE)
    bands = {}
    for tile in table.tiles[1:]:
        ys = [y for _, y in tile.corners()]
        low, high = bands.get(tile.line, (math.inf, -math.inf))
        bands[tile.line] = (min(low, *ys), max(high, *ys))
    ordered = sorted(bands.values())
    for (_, bottom), (top, _) in zip(ordered, ordered[1:]):
        assert top >= bottom + 1.0  # room between trains for their names and their ends' hit areas


def test_a_long_train_snakes_back_at_the_edge_without_leaving_the_width():
    layout = {"game": "mexican-train", "root": [12, 12], "seats": 2,
              "lines": [train("t0", 0, long_train(12, 25, double_every=6, avoid=[[12, 12]])), train("t1", 1, []),
                        train("mx", None, [])]}
    table = place(layout, max_width=PHONE)
    assert overlapping_pairs(table) == []
    assert width(table) <= PHONE + 1e-6
    tiles = line_tiles(table, "t0")
    assert {t.angle for t in tiles if not t.crosswise} >= {0.0, 90.0, 180.0}  # right, down, back left
    for before, after in zip(tiles, tiles[1:]):  # still one chain: the matching halves lie side by side
        outer = before.center if before.crosswise else before.halves()[1]
        inner = after.center if after.crosswise else after.halves()[0]
        assert math.dist(outer, inner) <= 1.5, (before, after)


def test_markers_sit_on_the_station_bar_beside_their_train_and_names_go_above_the_first_tile():
    layout = load("mexican_train_4_seats")
    table = place(layout, max_width=PHONE)
    for line in layout["lines"]:
        first = line_tiles(table, line["id"])[0]
        spot = table.label_spots[line["id"]]
        assert spot.anchor == "start" and spot.point[1] < first.center[1] - 0.5
        assert spot.point[0] >= BAR_WIDTH and spot.max_width <= PHONE - BAR_WIDTH
        if line["marker"]:
            marker = table.markers[line["id"]]
            assert marker.point == (BAR_WIDTH / 2, first.center[1])


def test_playing_on_a_train_moves_no_tile_of_another_train_sideways_and_none_of_its_own():
    layout = {"game": "mexican-train", "root": [12, 12], "seats": 3,
              "lines": [train("t0", 0, [[12, 1], [1, 2]]), train("t1", 1, [[12, 3]]), train("t2", 2, [[12, 4]]),
                        train("mx", None, [[12, 5]])]}
    before = {t.key: t for t in place(layout, max_width=PHONE).tiles}
    layout["lines"][1]["tiles"].append([3, 6])
    after = {t.key: t for t in place(layout, max_width=PHONE).tiles}
    for key, tile in before.items():
        assert after[key] == tile


def test_a_train_not_started_still_has_its_end_at_the_bar():
    layout = load("mexican_train_start")
    table = place(layout, max_width=PHONE)
    end = table.ends["t2"]
    assert end.point[0] == BAR_WIDTH and end.heading == 0.0


def test_even_fourteen_seats_fit_a_phone_in_rows():
    lines = [train(f"t{seat}", seat, [[18, seat]]) for seat in range(14)] + [train("mx", None, [[18, 14]])]
    table = place({"game": "mexican-train", "root": [18, 18], "lines": lines}, max_width=PHONE)
    assert overlapping_pairs(table) == [] and width(table) <= PHONE + 1e-6
    assert len(table.label_spots) == 15


# --- property: random reachable Chicken Foot tables, free and fitted ----------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([9, 12]))
def test_no_reachable_chicken_foot_table_has_overlapping_tiles_free_or_on_a_phone(seed, set_size):
    layout = random_chicken_foot(seed, set_size, most=60)
    assert overlapping_pairs(place(layout)) == []
    fitted = place(layout, max_width=PHONE)
    assert overlapping_pairs(fitted) == []
    assert width(fitted) <= PHONE + 1e-6
