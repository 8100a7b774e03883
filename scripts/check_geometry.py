"""Check the table geometry over positions the engine really plays, for every rule set and player count.

    python scripts/check_geometry.py [--positions 20000] [--fit-width 344] [--seed 1] [--json]

Seeded random and greedy players play hands of every configuration below; after every move the table is
drawn twice, freely (the rules pages' diagrams) and fitted to ``--fit-width`` CSS px (the live board on a
phone), exactly as ``engine.svg.render`` draws it for the page. Each drawing is checked:

- no two tiles overlap (free and fitted);
- fitted: the picture is no wider than the fit width, and a tile's short side is at least ``MIN_TILE_PX``;
- fitted: every end that could be a target gets a hit area, the ring drawn there lies in its own area, and no
  two areas overlap; an end with no other target within ``CROWD_PX`` (twice ``HIT_PX``) gets a hit area holding
  a square of ``HIT_PX`` CSS px, turned with the end; ends closer together split the space between them, and
  each keeps a square of at least ``FAIR_SHARE`` of the distance to its nearest neighbour's ring (reported: the
  smallest square, the share of areas under ``HIT_PX``, and the smallest share of the distance kept).

It prints one line per configuration and a total, and exits 1 if any check fails. The test suite runs a small
sample of the same checks (``tests/engine/test_geometry_sweep.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GreedyBot, Match, RandomBot, Rules  # noqa: E402
from engine.geometry import place, rectangles_overlap  # noqa: E402
from engine.hit_areas import contains, finger_square, largest_square, union_square  # noqa: E402
from engine.svg import HIT_PX, MIN_TILE_PX, SCALE, render  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
CROWD_PX = 2 * HIT_PX
FAIR_SHARE = 0.45
CF, MT = "chicken-foot", "mexican-train"

# (name, game, rule set, players, options): every rule set, every layout-changing option (the root's arms, the
# set's size, which makes lines long and feet many), the page's player counts (2-8) and the engine's (to 14).
CONFIGS = [
    ("cf basic 2", CF, "basic", 2, {}),
    ("cf basic 4", CF, "basic", 4, {}),
    ("cf basic 6", CF, "basic", 6, {}),
    ("cf pagat 3 double-6", CF, "pagat", 3, {"set_size": 6, "deal": 7}),
    ("cf pagat 4 chicken-little", CF, "pagat", 4, {"chicken_little": True}),
    ("cf kelley 4", CF, "kelley", 4, {}),
    ("cf basic 4 three arms", CF, "basic", 4, {"root_arms": "three"}),
    ("cf basic 4 until-playable", CF, "basic", 4, {"drawing": "until-playable"}),
    ("cf pagat 8 double-12", CF, "pagat", 8, {"set_size": 12, "deal": 10}),
    ("cf pagat 4 double-15", CF, "pagat", 4, {"set_size": 15, "deal": 15}),
    ("cf pagat 8 double-18", CF, "pagat", 8, {"set_size": 18, "deal": 12}),
    ("cf pagat 4 double-foot double-12", CF, "pagat", 4, {"root_arms": "double-foot", "set_size": 12, "deal": 10}),
    ("cf kelley 6 double-foot double-15", CF, "kelley", 6, {"root_arms": "double-foot", "set_size": 15, "deal": 12}),
    ("cf pagat 8 double-foot double-18", CF, "pagat", 8, {"root_arms": "double-foot", "set_size": 18, "deal": 12}),
    ("cf pagat 2 three arms double-12", CF, "pagat", 2, {"root_arms": "three", "set_size": 12, "deal": 15}),
    ("mt double-six 4", MT, "double-six", 4, {}),
    ("mt standard 2", MT, "standard", 2, {}),
    ("mt standard 3", MT, "standard", 3, {}),
    ("mt standard 4", MT, "standard", 4, {}),
    ("mt standard 6", MT, "standard", 6, {}),
    ("mt standard 8", MT, "standard", 8, {}),
    ("mt standard 10", MT, "standard", 10, {}),
    ("mt standard 14", MT, "standard", 14, {}),
]


def positions(game: str, ruleset: str, players: int, options: dict, seed: int):
    """Every position of one seeded hand, as (layout, target ends) for the player to move: the ends open to
    them, their own train included, a superset of the ends the page marks as targets."""
    match = Match(Rules(game, ruleset, **options), players=players, seed=seed)
    bots = [GreedyBot() if (seed + seat) % 2 else RandomBot(seed * 100 + seat) for seat in range(players)]
    hand = match.hand
    while not match.is_over and match.hand is hand:
        view = match.view(match.turn)
        layout = view.layout_dict()
        if layout["root"] is not None:
            yield layout, _targets(layout, match.turn)
        match.push(bots[match.turn].choose(view))
    if hand.layout_dict()["root"] is not None:
        layout = hand.layout_dict()
        yield layout, _targets(layout, None)


def _targets(layout: dict, seat) -> list:
    return [line["id"] for line in layout["lines"] if line["open"] or (seat is not None and line["owner"] == seat)]


def _labels(layout: dict) -> dict:
    names = {}
    for line in layout["lines"]:
        if line["slot"] == "mx":
            names[line["id"]] = "Mexican train"
        elif line["owner"] is not None:
            names[line["id"]] = "You" if line["owner"] == 0 else f"Computer {line['owner']}"
    return names


def _polygon(d: str, tile_px: float) -> list:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return [(numbers[i] / SCALE * tile_px, numbers[i + 1] / SCALE * tile_px) for i in range(0, len(numbers), 2)]


def _overlap(a: list, b: list, slack: float = 0.5) -> bool:
    """Separating axes of two convex polygons (CSS px); sharing an edge, to the SVG's rounding, does not count."""
    for polygon in (a, b):
        for i in range(len(polygon)):
            (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % len(polygon)]
            length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            if length < 1e-9:
                continue
            nx, ny = (y1 - y2) / length, (x2 - x1) / length
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + slack or max(pb) <= min(pa) + slack:
                return False
    return True


@dataclass
class Tally:
    positions: int = 0
    overlaps_free: int = 0
    overlaps_fitted: int = 0
    links: int = 0  # positions where a line had to jump (fitted)
    too_wide: int = 0
    worst_overflow_px: float = 0.0
    smallest_tile_px: float = float("inf")
    hit_areas: int = 0
    small_hit_areas: int = 0
    smallest_hit_px: float = float("inf")
    covered: int = 0
    crowded_hit_areas: int = 0  # with another target's ring within CROWD_PX
    smallest_share: float = float("inf")  # of the distance to the nearest ring, kept as the square's side
    unfair: int = 0  # close ends whose square is under FAIR_SHARE of that distance
    clusters: int = 0  # groups of ends tapped as one target at the smallest default zoom
    unreachable: int = 0  # ends whose tap target (own area or cluster) holds no HIT_PX square at MIN_TILE_PX
    smallest_target_px: float = float("inf")  # the smallest tap target's square at MIN_TILE_PX per tile unit
    seconds: float = 0.0
    failures: list = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        for name in ("positions", "overlaps_free", "overlaps_fitted", "links", "too_wide", "hit_areas",
                     "small_hit_areas", "covered", "crowded_hit_areas", "unfair", "clusters", "unreachable",
                     "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.worst_overflow_px = max(self.worst_overflow_px, other.worst_overflow_px)
        self.smallest_tile_px = min(self.smallest_tile_px, other.smallest_tile_px)
        self.smallest_hit_px = min(self.smallest_hit_px, other.smallest_hit_px)
        self.smallest_share = min(self.smallest_share, other.smallest_share)
        self.smallest_target_px = min(self.smallest_target_px, other.smallest_target_px)
        self.failures += other.failures[:5]

    @property
    def ok(self) -> bool:
        return not (self.overlaps_free or self.overlaps_fitted or self.too_wide or self.covered
                    or self.small_hit_areas or self.unfair or self.unreachable or self.smallest_tile_px < MIN_TILE_PX)


def _overlapping(table) -> int:
    tiles = table.tiles
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1:] if rectangles_overlap(a, b))


def check(layout: dict, targets: list, fit_width: float, tally: Tally, where: str) -> None:
    """Check one position, free and fitted, into ``tally``."""
    tally.positions += 1
    if _overlapping(place(layout)):
        tally.overlaps_free += 1
        tally.failures.append(f"{where}: tiles overlap (free)")
    started = time.perf_counter()
    svg = render(layout, title="t", desc="d", highlight_ends=targets, labels=_labels(layout), fit_width=fit_width)
    tally.seconds += time.perf_counter() - started
    table = place(layout, max_width=fit_width / MIN_TILE_PX - 0.6)
    if _overlapping(table):
        tally.overlaps_fitted += 1
        tally.failures.append(f"{where}: tiles overlap (fitted)")
    if table.links:
        tally.links += 1
    root = ET.fromstring(svg)
    width, tile_px = float(root.get("width")), float(root.get("data-tile-px"))
    tally.smallest_tile_px = min(tally.smallest_tile_px, tile_px)
    if width > fit_width + 0.5:
        tally.too_wide += 1
        tally.worst_overflow_px = max(tally.worst_overflow_px, width - fit_width)
        tally.failures.append(f"{where}: {width} px wide")
    areas, rings = {}, {}
    for group in root.iter(f"{NS}g"):
        end = group.get("data-end")
        if end is None:
            continue
        ring = group.find(f"{NS}circle")
        rings[end] = (float(ring.get("cx")) / SCALE * tile_px, float(ring.get("cy")) / SCALE * tile_px)
        hit = group.find(f"{NS}path")
        if hit is not None:
            areas[end] = _polygon(hit.get("d"), tile_px)
    for end, polygon in areas.items():
        tally.hit_areas += 1
        side = largest_square(polygon, table.ends[end].heading)
        tally.smallest_hit_px = min(tally.smallest_hit_px, side)
        nearest = min((math.dist(rings[end], rings[other]) for other in areas if other != end), default=math.inf)
        if nearest < CROWD_PX:
            tally.crowded_hit_areas += 1
            share = side / min(nearest, HIT_PX)
            tally.smallest_share = min(tally.smallest_share, share)
            if share < FAIR_SHARE:
                tally.unfair += 1
                tally.failures.append(f"{where}: end {end}'s hit area holds a {side:.1f} px square, its neighbour's "
                                      f"ring is {nearest:.1f} px away")
        elif side < HIT_PX - 0.01:
            tally.small_hit_areas += 1
            tally.failures.append(f"{where}: end {end}'s hit area holds only a {side:.1f} px square")
        others = [other for name, other in areas.items() if name != end]
        if not contains(polygon, rings[end]) or any(_overlap(polygon, other) for other in others):
            tally.covered += 1
            tally.failures.append(f"{where}: end {end}'s hit area is covered or misses its ring")
    _check_targets(root, table, tally, where)
    if set(areas) != set(targets):
        tally.covered += 1
        tally.failures.append(f"{where}: hit areas for {sorted(areas)}, targets {sorted(targets)}")


def _check_targets(root, table, tally: Tally, where: str) -> None:
    """Every target end is reachable by a tap target holding a HIT_PX square at the smallest default zoom
    (MIN_TILE_PX CSS px per tile unit, whatever this picture's own size): its own hit area, or, inside a
    cluster, the cluster's areas together (one target: the page then asks which end)."""
    def polygons(group):
        found = {}
        for end_group in group.iter(f"{NS}g"):
            hit = end_group.find(f"{NS}path")
            if end_group.get("data-end") is not None and hit is not None:
                found[end_group.get("data-end")] = _polygon(hit.get("d"), 1.0)  # tile units
        return found

    clustered = set()
    for cluster in root.iter(f"{NS}g"):
        if cluster.get("data-cluster") is None:
            continue
        members = polygons(cluster)
        clustered |= set(members)
        tally.clusters += 1
        side = MIN_TILE_PX * union_square(list(members.values()), [table.ends[m].heading for m in members])
        tally.smallest_target_px = min(tally.smallest_target_px, side)
        if side < HIT_PX - 0.01 or len(members) < 2:
            tally.unreachable += len(members)
            tally.failures.append(f"{where}: cluster {sorted(members)} holds only a {side:.1f} px square")
    for end, polygon in polygons(root).items():
        if end in clustered:
            continue
        side = MIN_TILE_PX * finger_square(polygon, table.ends[end].heading)
        tally.smallest_target_px = min(tally.smallest_target_px, side)
        if side < HIT_PX - 0.01:
            tally.unreachable += 1
            tally.failures.append(f"{where}: end {end}'s own tap target holds only a {side:.1f} px square")


def sweep(total: int, fit_width: float = 344, seed: int = 1, configs=CONFIGS, report=None, stride: int = 1) -> dict:
    """Check about ``total`` positions spread evenly over ``configs`` (every ``stride``-th position of each hand,
    so that a small sample still reaches the crowded ends of hands); a ``Tally`` per configuration."""
    quota = max(1, total // len(configs))
    results = {}
    for name, game, ruleset, players, options in configs:
        tally = Tally()
        hand_seed = seed
        while tally.positions < quota:
            for number, (layout, targets) in enumerate(positions(game, ruleset, players, options, hand_seed)):
                if number % stride:
                    continue
                check(layout, targets, fit_width, tally, f"{name}, seed {hand_seed}, move {number}")
                if tally.positions >= quota:
                    break
            hand_seed += 1
        results[name] = tally
        if report:
            report(name, tally)
    return results


def _line(name: str, t: Tally) -> str:
    crowded = 100 * t.crowded_hit_areas / max(t.hit_areas, 1)
    share = "-" if t.smallest_share == float("inf") else f"{t.smallest_share:.2f}"
    return (f"{name:36} {t.positions:7} {t.overlaps_free:5} {t.overlaps_fitted:5} {t.links:5} "
            f"{t.smallest_tile_px:6.1f} {t.smallest_hit_px:6.1f} {t.small_hit_areas:5} {crowded:6.1f}% "
            f"{share:>5} {t.covered:5} {t.clusters:5} {t.smallest_target_px:6.1f} {t.unreachable:5} "
            f"{t.worst_overflow_px:6.1f} {1000 * t.seconds / max(t.positions, 1):7.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20000, help="about how many positions in all")
    parser.add_argument("--fit-width", type=float, default=344, help="the page's table width, CSS px")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stride", type=int, default=1, help="check every n-th position of each hand")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.json:
        print(f"fit width {args.fit_width:g} px. Columns: positions; positions with overlapping tiles, free and "
              f"fitted; positions with a link; smallest tile (short side, px); smallest hit square (px); hit areas "
              f"under {HIT_PX} px with no other target within {CROWD_PX} px; share of hit areas that are crowded "
              f"(another target within {CROWD_PX} px); smallest share of the distance to the nearest ring a crowded "
              f"area keeps as its square; areas covered, overlapping or missing their ring; clusters (ends tapped as one target); the smallest tap "
              f"target (own area or cluster) at {MIN_TILE_PX} px per tile unit, px; ends whose target is under "
              f"{HIT_PX} px there; worst overflow (px); "
              f"ms per fitted render.")
        print(f"{'configuration':36} {'pos':>7} {'free':>5} {'fit':>5} {'link':>5} {'tile':>6} {'hit':>6} "
              f"{'small':>5} {'crowd':>7} {'share':>5} {'cover':>5} {'clus':>5} {'target':>6} {'unrch':>5} {'over':>6} "
              f"{'ms':>7}")
    results = sweep(args.positions, args.fit_width, args.seed, stride=args.stride,
                    report=None if args.json else lambda name, t: print(_line(name, t), flush=True))
    total = Tally()
    for tally in results.values():
        total.add(tally)
    if args.json:
        print(json.dumps({name: {k: v for k, v in vars(t).items() if k != "failures"}
                          for name, t in {**results, "total": total}.items()}, indent=1))
    else:
        print(_line("total", total))
        for failure in total.failures[:20]:
            print("  " + failure)
    return 0 if total.ok else 1


if __name__ == "__main__":
    sys.exit(main())
