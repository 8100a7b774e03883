"""Where a finger plays on an end (engine/hit_areas.py): big areas, split fairly between close ends."""

from __future__ import annotations

import math

import pytest

from engine.geometry import place
from engine.hit_areas import clusters, contains, finger_square, hit_areas, largest_square, union_square
from engine.placement import End

PX = 20  # CSS px per tile unit at the smallest default zoom
HIT = 44 / PX  # the 44 px a finger needs, in tile units
STRIP = (-8.3, 8.3)


def overlap(a: list, b: list, slack: float = 1e-6) -> bool:
    """Separating axes of two convex polygons; sharing an edge does not count."""
    for polygon in (a, b):
        for i in range(len(polygon)):
            (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % len(polygon)]
            nx, ny = y1 - y2, x2 - x1
            length = math.hypot(nx, ny) or 1.0
            pa = [(nx * x + ny * y) / length for x, y in a]
            pb = [(nx * x + ny * y) / length for x, y in b]
            if max(pa) <= min(pb) + 1e-3 or max(pb) <= min(pa) + 1e-3:
                return False
    return True


def fresh_foot() -> dict:
    line = lambda line_id, parent, slot, at, tiles, is_open: {
        "id": line_id, "parent": parent, "slot": slot, "at": at, "tiles": tiles, "owner": None, "marker": False,
        "open": is_open}
    return {"game": "chicken-foot", "root": [9, 9], "lines": [
        line("n", None, "n", -1, [[9, 4], [4, 4]], False), line("e", None, "e", -1, [[9, 5]], False),
        line("s", None, "s", -1, [[9, 6]], False), line("w", None, "w", -1, [[9, 7]], False),
        line("n.1.l", "n", "l", 1, [], True), line("n.1.c", "n", "c", 1, [], True),
        line("n.1.r", "n", "r", 1, [], True)]}


def test_a_lone_end_gets_a_box_along_its_heading_bigger_than_a_finger():
    end = End("n", (0.0, 0.0), -90.0, True)
    area = hit_areas([end])["n"]
    assert contains(area, end.target())
    assert largest_square(area, -90.0) * PX >= 60  # 3.4 units across: 68 px
    ys = [y for _, y in area]
    assert min(ys) <= -3.4 and max(ys) >= 0.8  # from over the last tile to well beyond the end


def test_the_three_toes_of_a_new_foot_each_keep_a_44_px_square():
    table = place(fresh_foot(), max_width=16.6)
    toes = [table.ends[f"n.1.{slot}"] for slot in "lcr"]
    areas = hit_areas(toes, STRIP)
    for toe in toes:
        assert contains(areas[toe.id], toe.target())
        assert largest_square(areas[toe.id], toe.heading) >= HIT
    for a in toes:
        for b in toes:
            if a is not b:
                assert not overlap(areas[a.id], areas[b.id])


def test_two_parallel_ends_a_tile_apart_split_the_space_and_keep_44_px_each():
    ends = [End("a", (0.0, 0.0), -90.0, True), End("b", (1.0, 0.0), -90.0, True)]
    areas = hit_areas(ends)
    assert not overlap(areas["a"], areas["b"])
    for end in ends:
        assert contains(areas[end.id], end.target())
        assert largest_square(areas[end.id], -90.0) >= HIT


def test_ends_facing_each_other_each_keep_their_own_ring():
    ends = [End("a", (0.0, 0.0), 0.0, True), End("b", (3.0, 0.0), 180.0, True)]
    areas = hit_areas(ends)
    assert not overlap(areas["a"], areas["b"])
    assert contains(areas["a"], ends[0].target()) and contains(areas["b"], ends[1].target())
    assert not contains(areas["a"], ends[1].target()) and not contains(areas["b"], ends[0].target())


def test_a_staggered_neighbour_does_not_take_an_end_s_ring():
    # one end a tile ahead of its neighbour: the rear end's area must not swallow the front end's ring
    ends = [End("front", (0.0, 13.0), 90.0, True), End("rear", (-1.0, 11.0), 90.0, True)]
    areas = hit_areas(ends)
    for end in ends:
        assert contains(areas[end.id], end.target())
        other = next(o for o in ends if o is not end)
        assert not contains(areas[end.id], other.target())


def test_at_the_strip_s_edge_an_area_stays_inside_and_keeps_its_size():
    end = End("e", (7.4, -1.6), 15.0, True, STRIP)  # pointing at the right edge
    area = hit_areas([end], STRIP)["e"]
    assert all(STRIP[0] - 1e-9 <= x <= STRIP[1] + 1e-9 for x, _ in area)
    assert contains(area, end.target())
    assert max(largest_square(area, heading) for heading in (15.0, -30.0, -75.0, 60.0, 105.0)) >= HIT


@pytest.mark.parametrize("polygon, angle, side", [
    ([(0, 0), (4, 0), (4, 2), (0, 2)], 0.0, 2.0),
    ([(0, 0), (4, 0), (4, 2), (0, 2)], 90.0, 2.0),
    ([(0, 0), (2, 0), (2, 2), (0, 2)], 45.0, 2 / math.sqrt(2)),
    ([(0, 0), (6, 0), (0, 6)], 0.0, 3.0),
    ([(0, 0), (1, 0)], 0.0, 0.0),
])
def test_largest_square_measures_the_biggest_square_that_fits(polygon, angle, side):
    assert largest_square(polygon, angle) == pytest.approx(side, abs=1e-6)


def test_ends_too_close_for_a_finger_each_are_grouped_until_together_they_hold_one():
    # four parallel ends half a tile apart: each own area is far under 44 px, so they are tapped as groups
    ends = [End(name, (0.5 * i, 0.0), -90.0, True) for i, name in enumerate("abcd")]
    areas = hit_areas(ends)
    assert all(finger_square(areas[e.id], -90.0) < HIT for e in ends)
    groups = clusters(ends, areas, HIT)
    assert sorted(m for members, _ in groups for m in members) == list("abcd")  # every end in one group
    for members, scale in groups:
        assert len(members) >= 2
        assert union_square([areas[m] for m in members], [-90.0] * len(members)) >= HIT
        # zoomed in to `scale` CSS px per tile unit, each member's own area holds 44 px alone
        assert min(finger_square(areas[m], -90.0) for m in members) * scale >= 44 - 1e-6


def test_ends_with_room_enough_are_never_grouped():
    table = place(fresh_foot(), max_width=16.6)
    toes = [table.ends[f"n.1.{slot}"] for slot in "lcr"]
    assert clusters(toes, hit_areas(toes, STRIP), HIT) == []


def test_the_union_of_two_areas_sharing_an_edge_holds_the_square_neither_holds_alone():
    left, right = [(0, 0), (1.5, 0), (1.5, 3), (0, 3)], [(1.5, 0), (3, 0), (3, 3), (1.5, 3)]
    assert finger_square(left, 0.0) == pytest.approx(1.5)
    assert union_square([left, right], [0.0, 0.0]) == pytest.approx(3.0)
    # an L: not convex; measured on a lattice, never more than the truth (2 x 2)
    foot, leg = [(0, 0), (4, 0), (4, 2), (0, 2)], [(0, 2), (2, 2), (2, 5), (0, 5)]
    assert 1.9 <= union_square([foot, leg], [0.0, 0.0]) <= 2.0 + 1e-9
