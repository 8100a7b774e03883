"""The table geometry over positions the engine really plays (a sample of scripts/check_geometry.py, which sweeps
thousands): for every rule set, layout option and player count, drawn freely and fitted to a 344 px phone."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import check_geometry  # noqa: E402

# Every 5th position of a hand, about 40 per configuration: the sample reaches the crowded ends of hands.
SAMPLE = 40 * len(check_geometry.CONFIGS)


@pytest.fixture(scope="module")
def results() -> dict:
    return check_geometry.sweep(SAMPLE, fit_width=344, seed=11, stride=5)


@pytest.mark.parametrize("name", [config[0] for config in check_geometry.CONFIGS])
def test_engine_played_positions_never_overlap_and_fit_a_phone_with_big_enough_tiles_and_hit_areas(results, name):
    tally = results[name]
    assert tally.positions >= 40
    assert tally.overlaps_free == 0 and tally.overlaps_fitted == 0, tally.failures[:3]
    assert tally.too_wide == 0, tally.failures[:3]
    assert tally.smallest_tile_px >= check_geometry.MIN_TILE_PX
    assert tally.hit_areas > 0
    assert tally.covered == 0, tally.failures[:3]  # areas never overlap, each holds its own ring
    assert tally.small_hit_areas == 0, tally.failures[:3]  # 44 px wherever no other target is near
    assert tally.unfair == 0, tally.failures[:3]  # close ends split the space fairly
    # every end is reachable by a 44 px target at the smallest default zoom: its own area, or its cluster's
    assert tally.unreachable == 0, tally.failures[:3]
    assert tally.smallest_target_px >= check_geometry.HIT_PX, name


def test_crowded_chicken_foot_tables_do_need_clusters(results):
    # the check above is not vacuous: crowded feet have ends too close for a finger each, grouped as one target
    assert sum(tally.clusters for name, tally in results.items() if "double-foot" in name) > 10


def test_mexican_train_hit_areas_are_all_44_px_even_side_by_side(results):
    for name, tally in results.items():
        if name.startswith("mt "):
            assert tally.smallest_hit_px >= check_geometry.HIT_PX, name


def test_the_sweep_fails_loudly_when_tiles_overlap(monkeypatch):
    # the check itself must be able to fail: a layout that piles two tiles on each other
    from engine import geometry

    real_place = geometry.place

    def piled(layout, max_width=None):
        table = real_place(layout, max_width)
        first, second = table.tiles[1], table.tiles[2]
        tiles = (table.tiles[0], first, second._replace(center=first.center, angle=first.angle)) + table.tiles[3:]
        return type(table)(table.game, tiles, table.ends, table.markers, table.hub, table.bbox, table.links,
                           table.label_spots, table.max_width)

    monkeypatch.setattr(check_geometry, "place", piled)
    tally = check_geometry.Tally()
    layout, targets = next(
        (layout, targets) for layout, targets in check_geometry.positions("chicken-foot", "basic", 4, {}, 1)
        if sum(len(line["tiles"]) for line in layout["lines"]) >= 3)
    check_geometry.check(layout, targets, 344, tally, "piled")
    assert tally.overlaps_free == 1 and tally.overlaps_fitted == 1 and not tally.ok
