"""Where a finger can play on an end: a hit area per target end, larger than the small ring drawn there.

Each target end gets a box lying along its heading, from just behind the end (over the outer half of its last
tile) to well beyond it, where the next tile would go. Boxes of ends that lie close together would hide one
another, so each box keeps only the part nearer to its own end than to any other target end (the two split the
space between them along the line halfway between, as in a Voronoi diagram). Areas stay convex polygons.

Sizes are in tile units; at the smallest default zoom a tile unit is ``MIN_TILE_PX`` (20) CSS px, so the box's
3.4 × 4.4 units are 68 × 88 px, above the 44 × 44 px a finger needs even after a neighbour's share is cut off
(the three toes of a new foot keep 46 px squares each). ``largest_square`` measures what is left: the side of the largest square, turned with the end's
heading, that fits inside an area.
"""

from __future__ import annotations

import itertools
import math

from .placement import END_RADIUS, End, Point, unit

BEHIND = 0.9  # the box starts this far behind the end: over the outer half of the last tile
AHEAD = 3.5  # and reaches this far beyond it
HALF_ACROSS = 1.7  # two parallel ends side by side, a tile's width apart, keep 44 px each
# Neighbours split the space by points this far ahead of their ends: the three toes of a new foot diverge, so
# points well ahead of them are far enough apart for each toe to keep a 44 px square.
SITE = 2.2
FINGER_PX = 44  # CSS px: the square a fingertip needs, both ways


_SITE_STEPS = (2.2, 1.8, 1.4, 1.0, END_RADIUS + 0.1)  # from far ahead back to the ring itself
RING_CLEARANCE = 0.2  # how far inside its own area a ring's centre lies, at least, when the ends allow


def _sites(ends: list, frames: dict) -> dict:
    """Each end's site: ``SITE`` ahead of it along its box (``frames``: the box's heading and sideways shift),
    but every end's ring must stay nearer its own site than any other's (else a finger on the ring would play
    elsewhere), so a site that comes too near another end's ring steps back towards its own; at worst the
    sites are the rings themselves."""
    step = {end.id: 0 for end in ends}
    rings = {end.id: end.target() for end in ends}

    def site(end: End) -> Point:
        heading, shift = frames[end.id]
        ux, uy = unit(heading)
        ahead = _SITE_STEPS[step[end.id]]
        if step[end.id] == len(_SITE_STEPS) - 1:
            return rings[end.id]
        return end.point[0] + ux * ahead + shift, end.point[1] + uy * ahead

    for _ in range(len(_SITE_STEPS) * len(ends)):
        sites = {end.id: site(end) for end in ends}
        moved = False
        for end in ends:
            ring, own = rings[end.id], sites[end.id]
            mine = math.dist(ring, own) ** 2
            for other in ends:
                theirs = sites[other.id]
                apart = math.dist(own, theirs)
                # the ring's centre must lie RING_CLEARANCE inside the line halfway between the two sites
                if other is not end and (apart < 1e-9 or (math.dist(ring, theirs) ** 2 - mine) / (2 * apart)
                                         < RING_CLEARANCE):
                    # the other's site steps back if it can; else this end's own site comes nearer its ring
                    who = other if step[other.id] < len(_SITE_STEPS) - 1 else end
                    if step[who.id] < len(_SITE_STEPS) - 1:
                        step[who.id] += 1
                        moved = True
                        break
            if moved:
                break
        if not moved:
            return sites
    return {end.id: end.target() for end in ends}


def _box(end: End, heading: float) -> list:
    ux, uy = unit(heading)
    vx, vy = -uy, ux
    px, py = end.point
    return [(px + ux * a + vx * b, py + uy * a + vy * b)
            for a, b in ((-BEHIND, -HALF_ACROSS), (AHEAD, -HALF_ACROSS), (AHEAD, HALF_ACROSS),
                         (-BEHIND, HALF_ACROSS))]


def _clip(polygon: list, normal: Point, limit: float) -> list:
    """The part of a convex polygon where ``normal · p <= limit`` (Sutherland–Hodgman, one edge)."""
    kept = []
    count = len(polygon)
    for i in range(count):
        p, q = polygon[i], polygon[(i + 1) % count]
        dp = normal[0] * p[0] + normal[1] * p[1] - limit
        dq = normal[0] * q[0] + normal[1] * q[1] - limit
        if dp <= 0:
            kept.append(p)
        if (dp < 0 < dq) or (dq < 0 < dp):
            t = dp / (dp - dq)
            kept.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return kept


def _fitting_box(end: End, x_bounds) -> tuple:
    """The end's box, along its heading; near the strip's edge, slid back inside, or else turned (45° at a
    time) until it fits, as long as it still holds the end's ring. Returns (box, heading, sideways shift)."""
    box = _box(end, end.heading)
    if x_bounds is None:
        return box, end.heading, 0.0
    low, high = x_bounds
    ring = end.target()
    for turn in (0.0, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0):
        turned = _box(end, end.heading + turn)
        candidate = _shift_inside(turned, low, high)
        xs = [x for x, _ in candidate]
        if low - 1e-9 <= min(xs) and max(xs) <= high + 1e-9 and contains(candidate, ring):
            return candidate, end.heading + turn, candidate[0][0] - turned[0][0]
    return box, end.heading, 0.0


def _shift_inside(polygon: list, low: float, high: float) -> list:
    """Slide a box sideways back inside [low, high] (x) if it pokes out: the table's width is fixed."""
    xs = [x for x, _ in polygon]
    shift = 0.0
    if max(xs) - min(xs) <= high - low:
        if min(xs) < low:
            shift = low - min(xs)
        elif max(xs) > high:
            shift = high - max(xs)
    return [(x + shift, y) for x, y in polygon]


def _extent(polygon: list) -> tuple:
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def _meet(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def hit_areas(ends, x_bounds=None) -> dict:
    """``{end id: polygon}`` for the given target ends; each polygon is a list of (x, y) corners in order.

    ``x_bounds``: (min_x, max_x) the areas must stay within (the strip a fitted table was laid in), or None.
    """
    ends = list(ends)
    fitted = {end.id: _fitting_box(end, x_bounds) for end in ends}
    boxes = {key: box for key, (box, _, _) in fitted.items()}
    sites = _sites(ends, {key: (heading, shift) for key, (_, heading, shift) in fitted.items()})
    extents = {key: _extent(box) for key, box in boxes.items()}
    areas = {}
    for end in ends:
        polygon = boxes[end.id]
        sx, sy = sites[end.id]
        for other in ends:
            if other.id == end.id or not _meet(extents[end.id], extents[other.id]):
                continue
            ox, oy = sites[other.id]
            vx, vy = ox - sx, oy - sy
            if abs(vx) < 1e-9 and abs(vy) < 1e-9:
                continue
            # keep the half nearer to this end's site: (p - midpoint) · v <= 0
            polygon = _clip(polygon, (vx, vy), vx * (sx + ox) / 2 + vy * (sy + oy) / 2)
        if x_bounds is not None:
            polygon = _clip(_clip(polygon, (-1.0, 0.0), -x_bounds[0]), (1.0, 0.0), x_bounds[1])
        if len(polygon) < 3:  # cannot happen while the ring lies in its box; never leave an end without one
            (x, y), r = end.target(), END_RADIUS
            polygon = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
        areas[end.id] = _tidy(polygon)
    return areas


def _tidy(polygon: list) -> list:
    """Corners rounded, and those that nearly repeat the one before dropped: the picture rounds coordinates to
    a hundredth of a tile, and a sliver of an edge could then turn the wrong way."""
    kept = []
    for x, y in polygon:
        if not kept or math.dist(kept[-1], (x, y)) >= 0.05:
            kept.append((x, y))
    if len(kept) > 3 and math.dist(kept[0], kept[-1]) < 0.05:
        kept.pop()
    return [(round(x, 4) + 0.0, round(y, 4) + 0.0) for x, y in kept]


def contains(polygon: list, point: Point) -> bool:
    """Whether a convex polygon holds ``point`` (its edge counts)."""
    sign = 0
    count = len(polygon)
    for i in range(count):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % count]
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        if abs(cross) < 1e-9:
            continue
        if sign == 0:
            sign = 1 if cross > 0 else -1
        elif (cross > 0) != (sign > 0):
            return False
    return count >= 3


def largest_square(polygon: list, angle: float = 0.0) -> float:
    """The side of the largest square turned by ``angle`` that fits in a convex polygon (0 if it is empty).

    A small linear programme: maximise the half-side ``h`` over the centre ``c`` subject to every edge
    ``n · c - h (|n_x| + |n_y|) >= n · p`` (inward normals, in the square's own frame); the optimum lies where
    three constraints meet, and a polygon has few edges, so every triple is tried.
    """
    if len(polygon) < 3:
        return 0.0
    ux, uy = unit(-angle)
    points = [(x * ux - y * uy, x * uy + y * ux) for x, y in polygon]  # turned into the square's frame
    area = sum(points[i][0] * points[i - 1][1] - points[i - 1][0] * points[i][1] for i in range(len(points)))
    if abs(area) < 1e-12:
        return 0.0
    orientation = -1.0 if area > 0 else 1.0
    rows = []  # a·cx + b·cy + k·h <= d
    for i in range(len(points)):
        (px, py), (qx, qy) = points[i], points[(i + 1) % len(points)]
        ex, ey = qx - px, qy - py
        length = math.hypot(ex, ey)
        if length < 1e-12:
            continue
        nx, ny = -ey * orientation / length, ex * orientation / length  # inward
        rows.append((-nx, -ny, abs(nx) + abs(ny), -(nx * px + ny * py)))
    best = 0.0
    for r1, r2, r3 in itertools.combinations(rows, 3):
        solution = _solve3(r1, r2, r3)
        if solution is None:
            continue
        cx, cy, h = solution
        if h > best and all(a * cx + b * cy + k * h <= d + 1e-7 for a, b, k, d in rows):
            best = h
    return 2 * best


def _solve3(r1, r2, r3):
    (a1, b1, c1, d1), (a2, b2, c2, d2), (a3, b3, c3, d3) = r1, r2, r3
    det = a1 * (b2 * c3 - b3 * c2) - b1 * (a2 * c3 - a3 * c2) + c1 * (a2 * b3 - a3 * b2)
    if abs(det) < 1e-12:
        return None
    x = (d1 * (b2 * c3 - b3 * c2) - b1 * (d2 * c3 - d3 * c2) + c1 * (d2 * b3 - d3 * b2)) / det
    y = (a1 * (d2 * c3 - d3 * c2) - d1 * (a2 * c3 - a3 * c2) + c1 * (a2 * d3 - a3 * d2)) / det
    z = (a1 * (b2 * d3 - b3 * d2) - b1 * (a2 * d3 - a3 * d2) + d1 * (a2 * b3 - a3 * b2)) / det
    return x, y, z


# --- clusters: ends too close together for a finger each --------------------------------------------------


def finger_square(polygon: list, heading: float) -> float:
    """The side of the largest square a finger can press inside ``polygon``: turned with the end or upright,
    whichever is larger (a fingertip is round; either square fits under it)."""
    return max(largest_square(polygon, heading), largest_square(polygon, 0.0))


def _hull(points: list) -> list:
    """The convex hull (Andrew's monotone chain), corners in order."""
    points = sorted(set(points))
    if len(points) < 3:
        return points

    def half(sequence):
        chain = []
        for p in sequence:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(points), half(reversed(points))
    return lower[:-1] + upper[:-1]


def _area(polygon: list) -> float:
    return abs(sum(polygon[i - 1][0] * polygon[i][1] - polygon[i][0] * polygon[i - 1][1]
                   for i in range(len(polygon)))) / 2


def union_square(polygons: list, headings: list, enough: float | None = None) -> float:
    """A lower bound of the side of the largest square that fits in the union of non-overlapping convex
    ``polygons`` (hit areas that meet along shared edges): the largest in any one of them; when together they
    fill their convex hull (the union is then that hull), the largest in the hull; else the largest upright
    square whose every point of a ``GRID``-unit lattice lies in the union (a finer lattice would not shrink
    it by more than one step; measured in the lattice's own span, so never more than the truth to that step).

    ``enough``: the caller only asks whether the union holds a square this big; the answer may then stop at
    the first bound that settles it (a member holding it; a hull too small for it).
    """
    best = max(finger_square(polygon, heading) for polygon, heading in zip(polygons, headings))
    if len(polygons) == 1 or (enough is not None and best >= enough):
        return best
    hull = _hull([p for polygon in polygons for p in polygon])
    if len(hull) < 3:
        return best
    # (with room for the picture's rounding of corners to a hundredth of a unit: slivers thinner than that)
    if _area(hull) <= sum(_area(p) for p in polygons) * 1.005 + 0.05:
        return max(best, max(finger_square(hull, heading) for heading in set(headings)))
    if enough is not None and largest_square(hull, 0.0) < enough:
        return best  # the union lies in its hull: no upright square that big fits in either
    return max(best, _lattice_square(polygons))


MARGIN = 0.03  # clusters aim this share above the finger's square: the picture rounds corners
GRID = 0.1  # tile units: 2 CSS px at the smallest default zoom (finer costs a phone's worker too much)
SEAM = 0.011  # tile units: the picture rounds corners to 0.01, so a shared edge may open by that much


def _lattice_square(polygons: list) -> float:
    """The side of the largest upright square of lattice points (``GRID`` apart) all inside the union."""
    xs = [x for polygon in polygons for x, _ in polygon]
    ys = [y for polygon in polygons for _, y in polygon]
    x0, y0 = math.floor(min(xs) / GRID), math.floor(min(ys) / GRID)
    columns = math.ceil(max(xs) / GRID) - x0 + 1
    inside = [bytearray(columns) for _ in range(math.ceil(max(ys) / GRID) - y0 + 1)]
    for polygon in polygons:
        left, top, right, bottom = _extent(polygon)
        for row in range(math.ceil((top - SEAM) / GRID) - y0, math.floor((bottom + SEAM) / GRID) - y0 + 1):
            y = (row + y0) * GRID
            # A convex polygon meets a horizontal line in one run: find its ends, then fill the run. Grown by
            # SEAM every way (the picture's rounding): two areas that share an edge keep no gap between them.
            runs = [_run(polygon, min(max(y + dy, top), bottom)) for dy in (-SEAM, 0.0, SEAM)
                    if top <= y + dy <= bottom or dy == 0.0]
            runs = [run for run in runs if run[0] is not None]
            if not runs:
                continue
            low, high = min(run[0] for run in runs), max(run[1] for run in runs)
            first = max(math.ceil((low - SEAM) / GRID) - x0, 0)
            last = min(math.floor((high + SEAM) / GRID) - x0, columns - 1)
            if last >= first:
                inside[row][first:last + 1] = b"\x01" * (last + 1 - first)
    best = 0
    previous = [0] * columns
    for row in inside:  # the classic largest-square-of-ones table
        current = [0] * columns
        for column in range(columns):
            if row[column]:
                current[column] = 1 + (min(previous[column], current[column - 1], previous[column - 1])
                                       if column else 0)
                best = max(best, current[column])
        previous = current
    return max(best - 1, 0) * GRID


def _run(polygon: list, y: float):
    """Where a convex polygon meets the line at height ``y``: (lowest x, highest x), or (None, None)."""
    found = []
    count = len(polygon)
    for i in range(count):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % count]
        if min(ay, by) - 1e-9 <= y <= max(ay, by) + 1e-9:
            if abs(by - ay) < 1e-12:
                found += [ax, bx]
            else:
                found.append(ax + (bx - ax) * (y - ay) / (by - ay))
    return (min(found), max(found)) if found else (None, None)


def clusters(ends, areas: dict, min_side: float) -> list:
    """Groups of target ends whose own hit areas are too small for a finger (under ``min_side`` tile units):
    each group's areas together hold a square of ``min_side`` and are tapped as one target, which then asks
    which end is meant (the pattern of a map's clustered markers). An end too small on its own joins its
    nearest neighbours (by ring) until the group is big enough; groups that meet merge. Returns a list of
    ``(end ids, scale)``: ``scale`` is the CSS px per tile unit from which every member's own area holds
    ``FINGER_PX`` alone, so a reader who zooms in that far taps the ends themselves.

    ``min_side``: the finger's square in tile units at the smallest default zoom (44 px / MIN_TILE_PX px).
    The groups aim ``MARGIN`` above it, so the picture's rounding never takes a target below it.
    """
    min_side *= 1 + MARGIN
    ends = [end for end in ends if end.id in areas]
    by_id = {end.id: end for end in ends}
    own = {end.id: finger_square(areas[end.id], end.heading) for end in ends}
    rings = {end.id: end.target() for end in ends}
    group_of: dict = {}
    groups: list = []
    for end in sorted(ends, key=lambda e: own[e.id]):
        if own[end.id] >= min_side or end.id in group_of:
            continue
        members = [end.id]
        while True:
            side = union_square([areas[m] for m in members], [by_id[m].heading for m in members], min_side)
            outside = [e.id for e in ends if e.id not in members]
            if side >= min_side or not outside:
                break
            nearest = min(outside, key=lambda o: min(math.dist(rings[o], rings[m]) for m in members))
            joined = group_of.get(nearest)
            if joined is None:
                members.append(nearest)
            else:  # it belongs to a group already: the two groups become one
                members += [m for m in groups[joined] if m not in members]
                groups[joined] = []
        index = len(groups)
        groups.append(members)
        for m in members:
            group_of[m] = index
        for i, group in enumerate(groups):
            for m in group:
                group_of[m] = i
    order = {end.id: i for i, end in enumerate(ends)}
    return [(sorted(group, key=order.get), round(FINGER_PX / max(min(own[m] for m in group), 1e-6), 2))
            for group in groups if group]
