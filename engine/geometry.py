"""Where every tile lies on the table, computed from the layout contract (see ``engine/README.md``).

The rules pages' diagrams and the live board both draw from this one placement, so they always agree.

``place(layout)`` lays the table out freely, as players spread it on a real table (``engine.spread``): the
diagrams of the rules pages. ``place(layout, max_width=w)`` fits it into a strip ``w`` tile units wide (a tile is
2 long and 1 wide), letting it grow downwards instead: Chicken Foot lines that reach the strip's edge turn up or
down and run on in lanes (``engine.spread``), Mexican Train trains run in rows from a station bar and snake at
the edge (``engine.rows``). Either way no two tiles overlap, in any position a game can reach.

Units and axes are those of ``engine.placement``: ``x`` to the right, ``y`` down, angles clockwise from east.
"""

from __future__ import annotations

import math

from .layout import CHICKEN_FOOT, GAMES, MAX_PIP, MEXICAN_TRAIN, LayoutError, read_layout, tile_key
from .placement import (
    END_RADIUS, MARKER_RADIUS, OVERLAP_TOLERANCE, TILE_LENGTH, TILE_WIDTH, End, Hub, LabelSpot, Link, Marker,
    PlacedTile, Table, bounding_box, box_overlaps_tile, rectangles_overlap,
)
from .rows import rows
from .spread import TOE_ANGLE, spread

__all__ = [
    "CHICKEN_FOOT", "END_RADIUS", "GAMES", "MARKER_RADIUS", "MAX_PIP", "MEXICAN_TRAIN", "OVERLAP_TOLERANCE",
    "TILE_LENGTH", "TILE_WIDTH", "TOE_ANGLE", "End", "Hub", "LabelSpot", "LayoutError", "Link", "Marker",
    "PlacedTile", "Table", "bounding_box", "box_overlaps_tile", "place", "rectangles_overlap", "tile_key",
]


def place(layout: dict, max_width: float | None = None) -> Table:
    """Lay out every tile, end and marker of a table described by the layout contract.

    ``max_width``: the width (tile units; a tile's short side is 1) the table must fit, or None to lay it out
    freely. Given it, everything the table draws (tiles, end targets, markers, the hub) stays within it whenever
    a single tile's row can (a strip narrower than about 6 units cannot hold the starting double's arms or a
    row of trains, and the table then overflows it); the height grows instead. ``Table.max_width`` records it.
    """
    if max_width is not None and (isinstance(max_width, bool) or not isinstance(max_width, (int, float))
                                  or not math.isfinite(max_width) or max_width <= 0):
        raise ValueError(f"max_width must be a positive number of tile units or None, got {max_width!r}")
    checked = read_layout(layout)
    if checked.root is None:
        return Table(checked.game, (), {}, {}, None, (0.0, 0.0, 0.0, 0.0), (), {}, max_width)
    if max_width is not None and checked.game == MEXICAN_TRAIN:
        return rows(checked, float(max_width))
    return spread(checked, None if max_width is None else float(max_width))
