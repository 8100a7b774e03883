"""SVG pictures of a table and of a hand, drawn from ``engine.geometry`` (as ``chess.svg`` draws a board).

The output is one compact, standalone, accessible ``<svg>`` (``role="img"``, ``<title>``, ``<desc>``) that
can also be inlined in a page. Addressable parts: every tile is a ``<g data-tile="9-4">`` (high pip first),
every drawn end a ``<circle data-end="<line id>">``, every marker a ``<g data-marker="<line id>">``.

Fitted to a width (``render(..., fit_width=px)``, the live board on a phone): the table is laid out to fit
(``engine.geometry.place(layout, max_width)``), the ``<svg>`` gets its size in CSS px at the default zoom
(``width``, ``height``, and ``data-tile-px``: a tile's short side in CSS px, from ``MIN_TILE_PX`` up to
``MAX_TILE_PX``), and every drawn end is a ``<g data-end="<line id>">`` holding the small visible ring (a
``<circle>`` that takes its colours from the group's class) and, for a target end, an invisible hit area
(``<path class="dm-hit">``, see ``engine.hit_areas``) at least ``HIT_PX`` square at the default zoom. The ends
come last, above everything else, so nothing drawn can take a finger's tap from them. Target ends too close
together for a finger each are wrapped in a ``<g data-cluster="<n>" data-scale="<px>">``: one tap target at
the default zoom (the page asks which of its ends is meant) until the reader zooms in to ``data-scale`` CSS px
per tile unit, where each member's own area is big enough (``engine.hit_areas.clusters``).

Looks: ivory tiles, dark pips, a crisp outline. Pips 0–9 are dots in the classic patterns; 10–18 (double-12,
-15, -18 sets) are bold numerals, because ten to eighteen dots in one square shrink below a pixel on a phone
and cannot be counted at a glance, while a numeral stays readable down to the smallest diagrams.

Colours come from CSS custom properties with defaults per ``theme``, so a page can restyle inlined diagrams:
``--dm-face``, ``--dm-edge``, ``--dm-divider``, ``--dm-pip``, ``--dm-hub``, ``--dm-hub-edge``,
``--dm-marker``, ``--dm-end``, ``--dm-highlight``, ``--dm-text``. ``theme="auto"`` follows the reader's
``prefers-color-scheme``. Every word shown (title, description, train labels) comes from the caller, who
translates it; this module writes no words of its own.
"""

from __future__ import annotations

import math
import zlib

from engine.geometry import (
    END_RADIUS,
    MARKER_RADIUS,
    TILE_LENGTH,
    TILE_WIDTH,
    PlacedTile,
    bounding_box,
    box_overlaps_tile,
    Table,
    place,
    tile_key,
)
from engine.hit_areas import FINGER_PX, clusters, hit_areas

# The five characters markup gives a meaning to, as html.escape replaces them. Not html.escape itself: the
# html package loads its 60 KB table of named entities, which the browser would download for nothing (nor
# xml.sax.saxutils, which imports urllib and http.client, a second of start-up in Pyodide).
_MARKUP = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    return text.translate(_MARKUP)


SCALE = 10  # SVG user units per tile unit: coordinates come out as short numbers
MARGIN = 0.3
LABEL_SIZE = 0.8  # label font size, tile units
_LABEL_STEP, _LABEL_STEPS = 0.5, 16  # a free table's name moves on past its line's end by steps, this far at most
THEMES = ("light", "dark", "auto")
MIN_TILE_PX = 20  # fitted: a table tile's short side at the default zoom is never smaller (CSS px)...
MAX_TILE_PX = 32  # ... nor larger: a few tiles are not drawn huge
HIT_PX = FINGER_PX  # fitted: a target end's hit area holds a square this big (CSS px) when no other end is close

_GRID = 2.7  # pip offset from a half's centre
# dot positions per number, in a half's own frame (the tile's long axis is x)
_PIP_SPOTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
    7: ((-1, -1), (0, -1), (1, -1), (0, 0), (-1, 1), (0, 1), (1, 1)),
    8: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    9: tuple((x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)),
}
LARGEST_DOTTED = 9

_LIGHT = "--f:#fffcf2;--k:#2e2a24;--d:#a39a86;--p:#1d1b18;--h:#eee8d8;--hk:#c9bfa6;--m:#c62828;--a:#1565c0;" \
         "--g:#f29900;--t:#2e2a24"
_DARK = "--f:#ebe4d1;--k:#0c0b0a;--d:#8d8573;--p:#1d1b18;--h:#2a2c31;--hk:#4d525c;--m:#ef5350;--a:#64b5f6;" \
        "--g:#ffb300;--t:#e6e3dc"
# Flat class selectors only: rules must also reach the copies that <use> makes in its shadow tree, where a
# descendant selector (".dm .x") does not match. Theme defaults hang on the root's theme class, so diagrams of
# different themes can share one page.
_RULES = (
    ".dm-f{fill:var(--dm-face,var(--f));stroke:var(--dm-edge,var(--k));stroke-width:.7}"
    ".dm-d{stroke:var(--dm-divider,var(--d));stroke-width:.7;stroke-linecap:round}"
    ".dm-p{fill:var(--dm-pip,var(--p))}"
    ".dm-n{fill:var(--dm-pip,var(--p));font:700 6.4px sans-serif;text-anchor:middle}"
    ".dm-hl{fill:none;stroke:var(--dm-highlight,var(--g));stroke-width:2}"
    ".dm-hb{fill:var(--dm-hub,var(--h));stroke:var(--dm-hub-edge,var(--hk))}"
    ".dm-e{fill:none;stroke:var(--dm-end,var(--a));stroke-dasharray:1.6 1.2}"
    ".dm-eh{fill:var(--dm-end,var(--a));fill-opacity:.25;stroke:var(--dm-end,var(--a));stroke-width:1.2}"
    ".dm-m{fill:var(--dm-marker,var(--m));stroke:var(--dm-face,var(--f));stroke-width:.6}"
    ".dm-l{fill:var(--dm-text,var(--t));font:8px sans-serif}"
)
# Rules only some pictures need, so the rules pages' diagrams do not carry them.
_HIT_RULE = ".dm-hit{fill:none;stroke:none;pointer-events:all}"  # the live board's hit areas
_LINK_RULE = ".dm-k{fill:none;stroke:var(--dm-edge,var(--k));stroke-width:.8;stroke-dasharray:1.5 1.2}"


def _css(theme: str, extra: str = "") -> str:
    rules = _RULES + extra
    if theme == "light":
        return f".dm-light{{{_LIGHT}}}{rules}"
    if theme == "dark":
        return f".dm-dark{{{_DARK}}}{rules}"
    return f".dm-auto{{{_LIGHT}}}@media(prefers-color-scheme:dark){{.dm-auto{{{_DARK}}}}}{rules}"


def _num(value: float) -> str:
    """A coordinate in SVG units, to 0.01 of a tile: short and exact enough for diagonal tiles."""
    text = f"{round(value * SCALE, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _angle(value: float) -> str:
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pip_def(prefix: str, number: int) -> str:
    if number > LARGEST_DOTTED:
        return f'<text id="{prefix}{number}" class="dm-n" y="2.3">{number}</text>'
    radius = "1.2" if number <= 6 else "1"
    dots = "".join(
        f'<circle cx="{_num(x * _GRID / SCALE)}" cy="{_num(y * _GRID / SCALE)}" r="{radius}"/>'
        for x, y in _PIP_SPOTS[number]
    )
    return f'<g id="{prefix}{number}" class="dm-p">{dots}</g>'


def _body_def(prefix: str) -> str:
    inset = 0.3  # a hair between touching tiles keeps each outline crisp
    half_long, half_short = TILE_LENGTH / 2 * SCALE - inset, TILE_WIDTH / 2 * SCALE - inset
    return (
        f'<g id="{prefix}b"><rect class="dm-f" x="{-half_long:g}" y="{-half_short:g}" width="{2 * half_long:g}" '
        f'height="{2 * half_short:g}" rx="1.6"/><path class="dm-d" d="M0-3.2V3.2"/></g>'
    )


def _tile(tile: PlacedTile, prefix: str, highlighted: bool) -> str:
    half = TILE_LENGTH / 4 * SCALE
    parts = [f'<use href="#{prefix}b"/>']
    for number, x in ((tile.pips[0], -half), (tile.pips[1], half)):
        if number == 0:
            continue
        if number > LARGEST_DOTTED:
            # numerals stay upright whatever the tile's rotation
            parts.append(f'<use href="#{prefix}{number}" transform="translate({x:g})rotate({_angle(-tile.angle)})"/>')
        else:
            parts.append(f'<use href="#{prefix}{number}" x="{x:g}"/>')
    if highlighted:
        half_long, half_short = TILE_LENGTH / 2 * SCALE + 0.5, TILE_WIDTH / 2 * SCALE + 0.5
        parts.append(f'<rect class="dm-hl" x="{-half_long:g}" y="{-half_short:g}" width="{2 * half_long:g}" '
                     f'height="{2 * half_short:g}" rx="2.2"/>')
    transform = f"translate({_num(tile.center[0])} {_num(tile.center[1])})"
    if tile.angle:
        transform += f"rotate({_angle(tile.angle)})"
    return f'<g data-tile="{tile.key}" transform="{transform}">{"".join(parts)}</g>'


def _marker(point, heading: float, train: str) -> str:
    # a small arrow-nosed block pointing along the train: distinct from the round end targets
    r = MARKER_RADIUS * SCALE
    path = f"M{-r:g} {-r * .8:g}H{r * .35:g}L{r:g} 0L{r * .35:g} {r * .8:g}H{-r:g}Z"
    return (
        f'<g data-marker="{escape(train)}" class="dm-m" transform="translate({_num(point[0])} {_num(point[1])})'
        f'rotate({_angle(heading)})"><path d="{path}"/></g>'
    )


def _label_anchor(point, heading: float, further: float = 0.0) -> tuple[float, float, str]:
    ux, uy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    distance = 2 * END_RADIUS + 0.35 + further
    x, y = point[0] + ux * distance, point[1] + uy * distance + LABEL_SIZE * 0.35
    anchor = "start" if ux > 0.35 else "end" if ux < -0.35 else "middle"
    if anchor == "middle" and uy < 0:
        y -= LABEL_SIZE * 0.3
    elif anchor == "middle":
        y += LABEL_SIZE * 0.5
    return x, y, anchor


def _label_extent(x: float, y: float, anchor: str, text: str):
    width = LABEL_SIZE * 0.6 * len(text)  # a generous average glyph width for sans-serif
    left = x if anchor == "start" else x - width if anchor == "end" else x - width / 2
    return left, y - LABEL_SIZE, left + width, y + LABEL_SIZE * 0.3


def _check_text(name: str, value) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty string (the caller's translated text)")
    return value


def _document(body: list[str], defs: list[str], bbox, *, title: str, desc: str, size, theme: str,
              id_prefix: str | None, fit_width: float | None = None, extra_css: str = "") -> str:
    _check_text("title", title)
    _check_text("desc", desc)
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}, got {theme!r}")
    if size is not None and (not isinstance(size, (int, float)) or isinstance(size, bool) or size <= 0):
        raise ValueError(f"size must be a positive number of pixels or None, got {size!r}")
    min_x, min_y, max_x, max_y = (bbox[0] - MARGIN, bbox[1] - MARGIN, bbox[2] + MARGIN, bbox[3] + MARGIN)
    width, height = max_x - min_x, max_y - min_y
    view_box = f"{_num(min_x)} {_num(min_y)} {_num(width)} {_num(height)}"
    width, height = float(_num(width)), float(_num(height))  # the aspect ratio of the box as written
    inner = "".join(defs) + "\0" + "".join(body)
    # ids must be unique when several diagrams share a page: derive them from the content
    prefix = id_prefix or "d" + format(zlib.crc32((inner + title + theme).encode()) & 0xFFFFFF, "x")
    dims = ""
    if size is not None:
        dims = f' width="{size:g}" height="{round(size * height / width, 1):g}"'
    elif fit_width is not None:
        tile_px = round(min(MAX_TILE_PX, fit_width * SCALE / width), 2)  # CSS px per tile unit
        dims = (f' width="{round(width / SCALE * tile_px, 1):g}" height="{round(height / SCALE * tile_px, 1):g}"'
                f' data-tile-px="{tile_px:g}"')
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}"{dims} class="dm dm-{theme}" role="img" '
        f'aria-labelledby="{prefix}t {prefix}d"><title id="{prefix}t">{escape(title)}</title>'
        f'<desc id="{prefix}d">{escape(desc)}</desc><style>{_css(theme, extra_css)}</style>'
    )
    defs_text, body_text = inner.replace("\x01", prefix).split("\0")
    return f"{head}<defs>{defs_text}</defs>{body_text}</svg>"


def render(
    layout: dict,
    *,
    title: str,
    desc: str,
    highlight_ends=(),
    highlight_tiles=(),
    show_open_ends: bool = False,
    labels: dict | None = None,
    size: float | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
    fit_width: float | None = None,
    placed: Table | None = None,
) -> str:
    """The table of ``layout`` (the contract in ``engine/README.md``) as a standalone SVG string.

    ``highlight_ends``: end ids (line ids) drawn as filled targets; ``show_open_ends`` also draws every other
    open end as a dashed ring. ``highlight_tiles``: tiles ("9-4", either order, or pairs) outlined in the
    highlight colour. ``labels``: {line id: text} shown past the end of that line (train names), clear of
    every tile, or, fitted, where the layout puts them (above a train's first row, clear of a double in it). ``title`` / ``desc``: the accessible name and
    description, already translated.

    ``size``: width in pixels, or None to fill the container. Or ``fit_width``: the width in CSS px the page
    has for the table. The table is then laid out to fit it (lines bend and wrap, the height grows instead)
    with a tile's short side at least ``MIN_TILE_PX`` whenever the width allows (more, up to ``MAX_TILE_PX``,
    while the table is small); ``width``/``height`` are the picture's size in CSS px at that default zoom,
    ``viewBox`` stays in table units (``SCALE`` per tile unit), and every target end (``highlight_ends``) gets
    a hit area (see the module docstring).

    ``placed``: ``fitted(layout, fit_width)`` made already (the rooms server draws one table for several seats
    of one width, each with its own targets and words: the placement is most of the work).
    """
    if fit_width is not None:
        _check_fit_width(fit_width)
        if size is not None:
            raise ValueError("give size or fit_width, not both")
        table = placed if placed is not None else fitted(layout, fit_width)
    else:
        table = place(layout)
    highlight_tile_keys = {_tile_key_of(t) for t in highlight_tiles}
    unknown = highlight_tile_keys - {t.key for t in table.tiles}
    if unknown:
        raise ValueError(f"highlight_tiles: not on the table: {', '.join(sorted(unknown))}")
    highlight_end_ids = set(highlight_ends)
    unknown = highlight_end_ids - set(table.ends)
    if unknown:
        raise ValueError(f"highlight_ends: no such line end: {', '.join(sorted(map(str, unknown)))}")
    labels = dict(labels or {})
    unknown = set(labels) - set(table.ends)
    if unknown:
        raise ValueError(f"labels: no such line: {', '.join(sorted(map(str, unknown)))}")
    for key, text in labels.items():
        _check_text(f"labels[{key!r}]", text)
    return _render_table(table, highlight_end_ids, highlight_tile_keys, show_open_ends, labels,
                         title=title, desc=desc, size=size, theme=theme, id_prefix=id_prefix, fit_width=fit_width)


def fitted(layout: dict, fit_width: float) -> Table:
    """The placement ``render`` draws for ``fit_width`` CSS px."""
    _check_fit_width(fit_width)
    return place(layout, max_width=fit_width / MIN_TILE_PX - 2 * MARGIN)


def _check_fit_width(fit_width) -> None:
    if isinstance(fit_width, bool) or not isinstance(fit_width, (int, float)) or not fit_width > 0 \
            or fit_width == float("inf"):
        raise ValueError(f"fit_width must be a positive number of CSS pixels or None, got {fit_width!r}")


def train_labels(layout: dict, names: dict) -> dict:
    """The ``labels`` of ``render``: {line id: name} for the trains whose owner (a seat, as text) or id ("mx") ``names`` names: the page's words."""
    labels = {}
    for line in layout["lines"]:
        owner = line.get("owner")
        key = "mx" if line["id"] == "mx" else (str(owner) if owner is not None else None)
        if key is not None and key in names:
            labels[line["id"]] = names[key]
    return labels


def table_x_bounds(table: Table):
    """The strip (min_x, max_x) a fitted table was laid in, in tile units; None for a free table."""
    if table.max_width is None:
        return None
    if table.hub is not None and table.hub.box is not None:
        return (0.0, table.max_width)  # rows start at the station bar's left edge
    return (-table.max_width / 2, table.max_width / 2)  # a spread table is centred on its root


def _hub(hub) -> str:
    if hub.box is not None:
        min_x, min_y, max_x, max_y = hub.box
        return (f'<rect class="dm-hb" x="{_num(min_x)}" y="{_num(min_y)}" width="{_num(max_x - min_x)}" '
                f'height="{_num(max_y - min_y)}" rx="{_num((max_x - min_x) / 2)}"/>')
    cx, cy = hub.center
    return f'<circle class="dm-hb" cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(hub.radius - 0.12)}"/>'


def _label_placement(table: Table, line_id: str, text: str) -> tuple:
    """Where a line's name is written: (x, y, anchor, shrink factor or None, its box)."""
    spot = table.label_spots.get(line_id)
    if spot is None:
        # past the line's end, on from it until the name crosses no tile (a double at the end, a neighbour's
        # train beside an empty one)
        end = table.ends[line_id]
        for step in range(_LABEL_STEPS + 1):
            x, y, anchor = _label_anchor(end.point, end.heading, step * _LABEL_STEP)
            box = _label_extent(x, y, anchor, text)
            if not any(box_overlaps_tile(box, tile) for tile in table.tiles):
                break
        else:
            x, y, anchor = _label_anchor(end.point, end.heading)
            box = _label_extent(x, y, anchor, text)
        return x, y, anchor, None, box
    (x, y), anchor = spot.point, spot.anchor
    left, top, right, bottom = _label_extent(x, y, anchor, text)
    if right - left <= spot.max_width:
        return x, y, anchor, None, (left, top, right, bottom)
    # a long name in a narrow table: smaller text rather than a wider table, scaled about its anchor point
    factor = round(spot.max_width / (right - left), 3)
    left, right = (left, left + spot.max_width) if anchor == "start" else (right - spot.max_width, right)
    return x, y, anchor, factor, (left, y - (y - top) * factor, right, y + (bottom - y) * factor)


def label_box(table: Table, line_id: str, text: str) -> tuple:
    """The box (min_x, min_y, max_x, max_y, tile units) a line's name takes where ``render`` writes it: past the
    line's end on a free table, above the train's first row on a fitted Mexican Train table."""
    return _label_placement(table, line_id, text)[4]


def _label(table: Table, line_id: str, text: str) -> tuple:
    """A line's name as SVG text, and the box it takes."""
    x, y, anchor, factor, box = _label_placement(table, line_id, text)
    # shrunk by a transform, not a style attribute: the site's Content-Security-Policy refuses inline styles
    shrink = "" if factor is None else (f' transform="matrix({factor:g} 0 0 {factor:g} {_num(x * (1 - factor))} '
                                        f'{_num(y * (1 - factor))})"')
    return f'<text class="dm-l" x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}"{shrink}>{escape(text)}</text>', box


def _path(polygon) -> str:
    return "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in polygon) + "Z"


def _render_table(table: Table, highlight_ends, highlight_tiles, show_open_ends, labels, **document) -> str:
    prefix = "\x01"  # replaced by the real id prefix once the content is known
    fitted = document.get("fit_width") is not None
    body: list[str] = []
    drawn_circles = [(m.point, MARKER_RADIUS) for m in table.markers.values()]
    boxes = []
    if table.hub is not None:
        body.append(_hub(table.hub))
        if table.hub.box is not None:
            boxes.append(table.hub.box)
        else:
            drawn_circles.append((table.hub.center, table.hub.radius))
    body += [f'<path class="dm-k" d="M{_num(k.start[0])} {_num(k.start[1])}L{_num(k.end[0])} {_num(k.end[1])}"/>'
             for k in table.links]
    body += [_tile(tile, prefix, tile.key in highlight_tiles) for tile in table.tiles]
    drawn_ends = [end for end in table.ends.values() if end.id in highlight_ends or (show_open_ends and end.open)]
    drawn_circles += [(end.target(), END_RADIUS) for end in drawn_ends]
    end_parts = []
    if fitted:
        targets = [end for end in drawn_ends if end.id in highlight_ends]
        areas = hit_areas(targets, table_x_bounds(table))
        # ends too close together for a finger each are one target at the smallest default zoom (a cluster:
        # the page asks which end is meant), until the reader zooms in to ``data-scale`` CSS px per tile unit
        groups = clusters(targets, areas, HIT_PX / MIN_TILE_PX)
        cluster_of = {member: (number, scale) for number, (members, scale) in enumerate(groups)
                      for member in members}
        parts_of = {}
        for end in drawn_ends:
            x, y = end.target()
            cls = "dm-eh" if end.id in highlight_ends else "dm-e"
            hit = f'<path class="dm-hit" d="{_path(areas[end.id])}"/>' if end.id in areas else ""
            parts_of[end.id] = (f'<g data-end="{escape(end.id)}" class="{cls}">{hit}'
                                f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(END_RADIUS)}"/></g>')
            if end.id in areas:
                boxes.append(_polygon_box(areas[end.id]))
        for end in drawn_ends:
            if end.id not in cluster_of:
                end_parts.append(parts_of[end.id])
            elif groups[cluster_of[end.id][0]][0][0] == end.id:  # a cluster is drawn where its first end is
                number, scale = cluster_of[end.id]
                members = "".join(parts_of[member] for member in groups[number][0])
                end_parts.append(f'<g data-cluster="{number}" data-scale="{scale:g}">{members}</g>')
    else:
        for end in drawn_ends:
            x, y = end.target()
            cls = "dm-eh" if end.id in highlight_ends else "dm-e"
            end_parts.append(f'<circle data-end="{escape(end.id)}" class="{cls}" cx="{_num(x)}" cy="{_num(y)}" '
                             f'r="{_num(END_RADIUS)}"/>')
    markers = [_marker(m.point, m.heading, m.train) for m in table.markers.values()]
    min_x, min_y, max_x, max_y = bounding_box(table.tiles, drawn_circles, boxes)
    label_parts = []
    for line_id, text in labels.items():
        part, (left, top, right, bottom) = _label(table, line_id, text)
        label_parts.append(part)
        min_x, min_y, max_x, max_y = min(min_x, left), min(min_y, top), max(max_x, right), max(max_y, bottom)
    # fitted, the ends come last: above markers and names, nothing takes a tap from them
    body += markers + label_parts + end_parts if fitted else end_parts + markers + label_parts
    numbers = sorted({n for tile in table.tiles for n in tile.pips if n})
    defs = [_body_def(prefix)] + [_pip_def(prefix, n) for n in numbers]
    extra_css = (_HIT_RULE if fitted else "") + (_LINK_RULE if table.links else "")
    return _document(body, defs, (min_x, min_y, max_x, max_y), extra_css=extra_css, **document)


def _polygon_box(polygon) -> tuple:
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    return (min(xs), min(ys), max(xs), max(ys))


def _tile_key_of(value) -> str:
    if isinstance(value, str):
        left, sep, right = value.strip().strip("[]").partition("-")
        if sep and left.strip().isdigit() and right.strip().isdigit():
            return tile_key(int(left), int(right))
        raise ValueError(f"not a tile: {value!r} (write it like 9-4)")
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value
    ):
        return tile_key(value[0], value[1])
    raise ValueError(f"not a tile: {value!r} (write it like 9-4 or [9, 4])")


def render_hand(
    tiles,
    *,
    title: str,
    desc: str,
    highlight_tiles=(),
    per_row: int | None = None,
    size: float | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> str:
    """A player's hand as a row of upright tiles (first number on top), wrapping after ``per_row`` tiles.

    ``tiles``: pairs like ``[9, 4]`` (drawn in that order, top then bottom) or text like ``"9-4"``.
    """
    pairs = []
    for value in tiles:
        key = _tile_key_of(value)
        if isinstance(value, str):
            high, low = (int(n) for n in key.split("-"))
            pairs.append((high, low))
        else:
            pairs.append((value[0], value[1]))
    if per_row is not None and (not isinstance(per_row, int) or per_row < 1):
        raise ValueError(f"per_row must be a positive whole number or None, got {per_row!r}")
    highlight = {_tile_key_of(t) for t in highlight_tiles}
    keys = [tile_key(*p) for p in pairs]
    missing = highlight - set(keys)
    if missing:
        raise ValueError(f"highlight_tiles: not in the hand: {', '.join(sorted(missing))}")
    row_length = per_row or max(len(pairs), 1)
    pitch_x, pitch_y = TILE_WIDTH + 0.25, TILE_LENGTH + 0.3
    prefix = "\x01"
    body = []
    for i, (pair, key) in enumerate(zip(pairs, keys)):
        row, column = divmod(i, row_length)
        center = (column * pitch_x + TILE_WIDTH / 2, row * pitch_y + TILE_LENGTH / 2)
        placed = PlacedTile(key, pair, None, i, center, 90.0, pair[0] == pair[1])
        body.append(_tile(placed, prefix, key in highlight))
    rows = max(1, -(-len(pairs) // row_length))
    columns = min(len(pairs), row_length)
    bbox = (0.0, 0.0, max(columns * pitch_x - 0.25, TILE_WIDTH), rows * pitch_y - 0.3)
    numbers = sorted({n for pair in pairs for n in pair if n})
    defs = [_body_def(prefix)] + [_pip_def(prefix, n) for n in numbers]
    return _document(body, defs, bbox, title=title, desc=desc, size=size, theme=theme, id_prefix=id_prefix)


# --- pictures inlined in a page --------------------------------------------------------------------------


def stylesheet() -> str:
    """The CSS of every theme's pictures, once: a page that inlines pictures serves it as a stylesheet and
    drops each picture's own ``<style>`` (``without_style``), which a Content-Security-Policy without
    'unsafe-inline' refuses."""
    return (f".dm-light{{{_LIGHT}}}.dm-dark{{{_DARK}}}.dm-auto{{{_LIGHT}}}"
            f"@media(prefers-color-scheme:dark){{.dm-auto{{{_DARK}}}}}{_RULES}{_HIT_RULE}{_LINK_RULE}")


def without_style(picture: str) -> str:
    """A picture made here, without its ``<style>`` element (see ``stylesheet``)."""
    head, style, rest = picture.partition("<style>")
    return head + rest.partition("</style>")[2] if style else picture
