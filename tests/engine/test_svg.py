"""SVG pictures of tables and hands (engine/svg.py): well-formed, accessible, addressable, pips right."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.geometry import place
from engine.svg import HIT_PX, MAX_TILE_PX, MIN_TILE_PX, SCALE, render, render_hand
from scripts.sitebuild import project

LAYOUTS = Path(__file__).parent / "layouts"
FIXTURES = sorted(path.stem for path in LAYOUTS.glob("*.json"))
NS = "{http://www.w3.org/2000/svg}"
WORDS = {"title": "The starting double", "desc": "Four arms, one tile each."}


def load(name: str) -> dict:
    return json.loads((LAYOUTS / f"{name}.json").read_text())


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def defs_by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in root.iter() if el.get("id")}


def half_numbers(tile_group: ET.Element, defs: dict[str, ET.Element]) -> tuple[int, int]:
    """What a reader sees on each half of a drawn tile: dots counted, or the numeral read."""
    numbers = {-1: 0, 1: 0}
    for use in tile_group.findall(f"{NS}use"):
        target = defs[use.get("href").lstrip("#")]
        if target.tag == f"{NS}g" and target.find(f"{NS}rect") is not None:
            continue  # the tile's body
        if use.get("x") is not None:
            offset = float(use.get("x"))
        else:
            offset = float(re.match(r"translate\((-?[\d.]+)", use.get("transform")).group(1))
        if target.tag == f"{NS}text":
            value = int(target.text)
        else:
            value = len(target.findall(f"{NS}circle"))
        numbers[1 if offset > 0 else -1] = value
    return numbers[-1], numbers[1]


# --- well-formed and accessible ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURES)
def test_table_svg_is_well_formed_with_title_and_description_first(name):
    root = parse(render(load(name), **WORDS))
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    title, desc = list(root)[:2]
    assert (title.tag, title.text) == (f"{NS}title", WORDS["title"])
    assert (desc.tag, desc.text) == (f"{NS}desc", WORDS["desc"])
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"


def test_title_and_description_are_required_because_only_the_caller_can_translate_them():
    with pytest.raises(ValueError, match="title"):
        render(load("starting_double"), title="", desc="d")
    with pytest.raises(ValueError, match="desc"):
        render_hand([[1, 2]], title="t", desc="  ")
    with pytest.raises(TypeError):
        render(load("starting_double"))  # no defaults in English


def test_caller_text_is_escaped():
    svg = render(load("mexican_train_start"), title="<Zoë & co>", desc='"quoted"',
                 labels={"t0": "Anne <3 & Bo"})
    root = parse(svg)
    assert root.find(f"{NS}title").text == "<Zoë & co>"
    assert [t.text for t in root.iter(f"{NS}text") if t.get("class") == "dm-l"] == ["Anne <3 & Bo"]


@pytest.mark.parametrize("name", FIXTURES)
def test_the_svg_writes_no_words_of_its_own(name):
    # every text shown is the caller's (title, desc, labels) or a pip numeral
    root = parse(render(load(name), **WORDS))
    shown = [t.text for t in root.iter(f"{NS}text")]
    assert all(re.fullmatch(r"1[0-8]", text) for text in shown)


@pytest.mark.parametrize("name", FIXTURES)
def test_every_reference_resolves_inside_the_same_svg(name):
    root = parse(render(load(name), **WORDS))
    ids = defs_by_id(root)
    for use in root.iter(f"{NS}use"):
        assert use.get("href").lstrip("#") in ids


def test_two_different_diagrams_on_one_page_do_not_share_ids():
    a = defs_by_id(parse(render(load("starting_double"), **WORDS)))
    b = defs_by_id(parse(render(load("chicken_foot"), **WORDS)))
    assert not set(a) & set(b)


def test_the_id_prefix_can_be_chosen():
    root = parse(render(load("starting_double"), id_prefix="cf1-", **WORDS))
    assert all(i.startswith("cf1-") for i in defs_by_id(root))


# --- tiles, pips, ends, markers ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURES)
def test_one_element_per_tile_with_its_data_tile_high_pip_first(name):
    layout = load(name)
    root = parse(render(layout, **WORDS))
    drawn = [g.get("data-tile") for g in root.iter(f"{NS}g") if g.get("data-tile")]
    assert sorted(drawn) == sorted(t.key for t in place(layout).tiles)
    for key in drawn:
        high, low = map(int, key.split("-"))
        assert high >= low


@pytest.mark.parametrize("name", FIXTURES)
def test_each_half_shows_the_right_number_of_pips(name):
    layout = load(name)
    table = place(layout)
    root = parse(render(layout, **WORDS))
    defs = defs_by_id(root)
    for group in root.iter(f"{NS}g"):
        if group.get("data-tile"):
            assert half_numbers(group, defs) == table.tile(group.get("data-tile")).pips


def test_pips_zero_to_nine_are_dots_in_the_classic_patterns_and_ten_to_eighteen_numerals():
    hand = [[n, n + 1] for n in range(0, 18, 2)] + [[18, 17]]
    root = parse(render_hand(hand, **WORDS))
    defs = defs_by_id(root)
    groups = [g for g in root.iter(f"{NS}g") if g.get("data-tile")]
    assert [half_numbers(g, defs) for g in groups] == [tuple(pair) for pair in hand]
    for number in range(1, 10):
        dots = [d for d in defs.values() if d.tag == f"{NS}g" and len(d.findall(f"{NS}circle")) == number]
        assert len(dots) == 1, number
        spots = {(c.get("cx"), c.get("cy")) for c in dots[0].findall(f"{NS}circle")}
        assert len(spots) == number  # no two dots on the same spot
        if number % 2:
            assert ("0", "0") in spots  # odd numbers have the centre dot
        else:
            assert ("0", "0") not in spots
    numerals = sorted(int(d.text) for d in defs.values() if d.tag == f"{NS}text")
    assert numerals == list(range(10, 19))


def test_numerals_stay_upright_whatever_the_tile_rotation():
    layout = load("mexican_train_4_seats")
    root = parse(render(layout, **WORDS))
    table = place(layout)
    for group in root.iter(f"{NS}g"):
        key = group.get("data-tile")
        if key and any(n > 9 for n in table.tile(key).pips):
            tile_rotation = float(re.search(r"rotate\((-?[\d.]+)\)", group.get("transform") or "rotate(0)")
                                  .group(1)) if "rotate" in group.get("transform") else 0.0
            for use in group.findall(f"{NS}use"):
                match = re.search(r"rotate\((-?[\d.]+)\)", use.get("transform") or "")
                if match:
                    assert float(match.group(1)) == pytest.approx(-tile_rotation, abs=0.1)


def test_blank_halves_draw_nothing():
    root = parse(render_hand([[0, 0]], **WORDS))
    group = next(g for g in root.iter(f"{NS}g") if g.get("data-tile") == "0-0")
    assert len(group.findall(f"{NS}use")) == 1  # the body only


def test_highlighted_ends_are_drawn_with_their_end_id_and_others_only_on_request():
    layout = load("chicken_foot")
    root = parse(render(layout, highlight_ends=["n.1.c"], **WORDS))
    assert [(c.get("data-end"), c.get("class")) for c in root.iter(f"{NS}circle") if c.get("data-end")] == [
        ("n.1.c", "dm-eh")]
    root = parse(render(layout, highlight_ends=["n.1.c"], show_open_ends=True, **WORDS))
    marked = {c.get("data-end"): c.get("class") for c in root.iter(f"{NS}circle") if c.get("data-end")}
    open_ends = {line["id"] for line in layout["lines"] if line["open"]}
    assert set(marked) == open_ends
    assert marked["n.1.c"] == "dm-eh" and marked["e"] == "dm-e"


def test_end_marker_sits_where_the_geometry_puts_the_end():
    layout = load("chicken_foot")
    end = place(layout).ends["n.1.l"]
    root = parse(render(layout, highlight_ends=["n.1.l"], **WORDS))
    circle = next(c for c in root.iter(f"{NS}circle") if c.get("data-end") == "n.1.l")
    x, y = end.target()
    assert (float(circle.get("cx")), float(circle.get("cy"))) == pytest.approx((x * 10, y * 10), abs=0.05)


def test_every_marker_is_drawn_with_its_train_and_a_label_next_to_the_train():
    layout = load("mexican_train_4_seats")
    marked = {line["id"] for line in layout["lines"] if line["marker"]}
    root = parse(render(layout, labels={"t1": "Bo", "mx": "Mx"}, **WORDS))
    assert {g.get("data-marker") for g in root.iter(f"{NS}g") if g.get("data-marker")} == marked
    labels = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "dm-l"]
    assert labels == ["Bo", "Mx"]


def test_highlighted_tiles_get_an_outline_and_no_other_tile_does():
    root = parse(render(load("unfinishable_foot"), highlight_tiles=["7-7"], **WORDS))
    outlined = [g.get("data-tile") for g in root.iter(f"{NS}g")
                if g.get("data-tile") and any(r.get("class") == "dm-hl" for r in g.findall(f"{NS}rect"))]
    assert outlined == ["7-7"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"highlight_tiles": ["8-8"]}, "not on the table: 8-8"),
        ({"highlight_tiles": ["eight"]}, "not a tile"),
        ({"highlight_ends": ["z"]}, "no such line end: z"),
        ({"labels": {"q": "Q"}}, "no such line: q"),
        ({"labels": {"n": ""}}, "labels"),
        ({"theme": "sepia"}, "theme must be one of"),
        ({"size": -3}, "size must be"),
    ],
)
def test_bad_render_options_are_refused_with_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        render(load("starting_double"), **WORDS, **kwargs)


# --- themes, size, compactness ----------------------------------------------------------------------------


def test_themes_set_their_colour_defaults_and_auto_follows_the_reader_scheme():
    light = render(load("starting_double"), **WORDS)
    dark = render(load("starting_double"), theme="dark", **WORDS)
    auto = render(load("starting_double"), theme="auto", **WORDS)
    assert "dm-light" in parse(light).get("class") and "prefers-color-scheme" not in light
    assert "dm-dark" in parse(dark).get("class")
    assert "@media(prefers-color-scheme:dark){.dm-auto{" in auto
    # colours are overridable custom properties, so a page can restyle an inlined diagram
    for prop in ("--dm-face", "--dm-pip", "--dm-edge", "--dm-marker", "--dm-end", "--dm-highlight", "--dm-text"):
        assert f"var({prop}," in light


def test_size_sets_pixel_width_and_keeps_the_aspect_ratio():
    root = parse(render(load("two_feet"), size=360, **WORDS))
    _, _, width, height = map(float, root.get("viewBox").split())
    assert root.get("width") == "360"
    assert float(root.get("height")) == pytest.approx(360 * height / width, abs=0.1)
    assert parse(render(load("two_feet"), **WORDS)).get("width") is None  # fills its container


@pytest.mark.parametrize("name", FIXTURES)
def test_viewbox_holds_every_tile(name):
    layout = load(name)
    root = parse(render(layout, **WORDS))
    x, y, w, h = map(float, root.get("viewBox").split())
    for tile in place(layout).tiles:
        for cx, cy in tile.corners():
            assert x <= cx * 10 <= x + w and y <= cy * 10 <= y + h


def test_output_is_compact_one_line_with_short_numbers():
    svg = render(load("two_feet"), **WORDS)
    assert "\n" not in svg and "  " not in svg
    assert not re.search(r"\d\.\d{2,}", svg)  # at most one decimal
    assert len(svg.encode()) < 7000


def test_typical_diagrams_stay_small_for_slow_phones():
    sizes = {name: len(render(load(name), **WORDS).encode()) for name in
             ("starting_double", "chicken_foot", "unfinishable_foot", "mexican_train_start")}
    assert all(size < 5000 for size in sizes.values()), sizes


# --- hands -----------------------------------------------------------------------------------------------


def test_hand_draws_each_tile_upright_in_the_order_given():
    hand = [[9, 4], "3-12", (6, 6)]
    root = parse(render_hand(hand, **WORDS))
    groups = [g for g in root.iter(f"{NS}g") if g.get("data-tile")]
    assert [g.get("data-tile") for g in groups] == ["9-4", "12-3", "6-6"]
    assert all("rotate(90)" in g.get("transform") for g in groups)
    xs = [float(re.search(r"translate\((-?[\d.]+)", g.get("transform")).group(1)) for g in groups]
    assert xs == sorted(xs)
    assert half_numbers(groups[0], defs_by_id(root)) == (9, 4)  # first number on top


def test_hand_wraps_into_rows():
    one_row = parse(render_hand([[n, 0] for n in range(1, 9)], **WORDS))
    two_rows = parse(render_hand([[n, 0] for n in range(1, 9)], per_row=4, **WORDS))
    _, _, w1, h1 = map(float, one_row.get("viewBox").split())
    _, _, w2, h2 = map(float, two_rows.get("viewBox").split())
    assert w2 < w1 and h2 > h1 * 1.8


def test_hand_refuses_what_is_not_a_tile():
    with pytest.raises(ValueError, match="not a tile"):
        render_hand([[9, 4], "nine"], **WORDS)
    with pytest.raises(ValueError, match="not in the hand"):
        render_hand([[9, 4]], highlight_tiles=["1-1"], **WORDS)


# --- fitted to a phone: size in CSS px, hit areas ----------------------------------------------------------


def fitted(layout, **kwargs):
    return parse(render(layout, fit_width=344, **WORDS, **kwargs))


def end_groups(root) -> dict:
    return {g.get("data-end"): g for g in root.iter(f"{NS}g") if g.get("data-end")}


@pytest.mark.parametrize("name", FIXTURES)
def test_fitted_picture_is_sized_in_css_px_no_wider_than_the_page_with_tiles_at_least_20_px(name):
    root = fitted(load(name))
    _, _, view_width, view_height = map(float, root.get("viewBox").split())
    width, height, tile_px = (float(root.get(a)) for a in ("width", "height", "data-tile-px"))
    assert width <= 344 + 0.5
    assert MIN_TILE_PX <= tile_px <= MAX_TILE_PX
    assert width == pytest.approx(view_width / SCALE * tile_px, abs=0.1)  # the viewBox stays in table units
    assert height == pytest.approx(view_height / SCALE * tile_px, abs=0.1)


def test_a_small_table_is_drawn_larger_but_never_beyond_the_cap():
    root = fitted(load("starting_double"))
    assert float(root.get("data-tile-px")) == MAX_TILE_PX
    assert float(root.get("width")) < 344


def test_a_big_table_is_drawn_at_the_smallest_tile_size_to_fit_the_width():
    root = fitted(load("mexican_train_4_seats"))  # trains of eight tiles: each fills a row
    assert MIN_TILE_PX <= float(root.get("data-tile-px")) <= MIN_TILE_PX * 1.1
    assert float(root.get("width")) <= 344 + 0.5


def test_each_target_end_is_one_group_with_its_ring_and_an_invisible_hit_area_above_everything():
    layout = load("chicken_foot")
    root = fitted(layout, highlight_ends=["n.1.c", "e"], show_open_ends=True)
    groups = end_groups(root)
    open_ends = {line["id"] for line in layout["lines"] if line["open"]}
    assert set(groups) == open_ends  # one element per end, as the page's code expects
    for end_id, group in groups.items():
        assert group.find(f"{NS}circle").get("class") is None  # the ring takes the group's colours
        hit = group.find(f"{NS}path")
        if end_id in ("n.1.c", "e"):
            assert group.get("class") == "dm-eh" and hit.get("class") == "dm-hit"
        else:
            assert group.get("class") == "dm-e" and hit is None  # shown, not a target
    assert ".dm-hit{fill:none;stroke:none;pointer-events:all}" in render(layout, fit_width=344, **WORDS)
    children = list(root)
    last_tile = max(i for i, child in enumerate(children) if child.get("data-tile"))
    first_end = min(i for i, child in enumerate(children) if child.get("data-end"))
    assert first_end > last_tile  # drawn last: nothing can take a finger's tap from them


def test_a_hit_area_is_at_least_44_px_square_and_holds_its_ring():
    from engine.hit_areas import contains, largest_square

    layout = load("chicken_foot")
    root = fitted(layout, highlight_ends=["n.1.l", "n.1.c", "n.1.r"])
    tile_px = float(root.get("data-tile-px"))
    ends = place(layout, max_width=344 / MIN_TILE_PX - 0.6).ends
    for end_id, group in end_groups(root).items():
        numbers = [float(n) / SCALE for n in re.findall(r"-?\d+(?:\.\d+)?", group.find(f"{NS}path").get("d"))]
        polygon = list(zip(numbers[::2], numbers[1::2]))
        ring = group.find(f"{NS}circle")
        assert contains(polygon, (float(ring.get("cx")) / SCALE, float(ring.get("cy")) / SCALE))
        assert largest_square(polygon, ends[end_id].heading) * tile_px >= HIT_PX


def test_fitted_mexican_train_names_stand_above_their_trains_and_shrink_rather_than_widen_the_table():
    layout = load("mexican_train_4_seats")
    long_name = "A very long name for a computer player, longer than any row"
    root = fitted(layout, labels={"t1": "Bo", "mx": long_name})
    texts = {t.text: t for t in root.iter(f"{NS}text") if t.get("class") == "dm-l"}
    assert texts["Bo"].get("transform") is None and texts["Bo"].get("text-anchor") == "start"
    # shrunk by a transform, never a style attribute (the site's Content-Security-Policy refuses those)
    assert texts[long_name].get("transform").startswith("matrix(")
    assert all(node.get("style") is None for node in root.iter())
    assert float(root.get("width")) <= 344 + 0.5


def test_without_fit_width_the_diagrams_are_unchanged_circles_without_size_or_hit_areas():
    svg = render(load("chicken_foot"), highlight_ends=["n.1.c"], **WORDS)
    root = parse(svg)
    assert root.get("width") is None and root.get("data-tile-px") is None
    assert [c.get("data-end") for c in root.iter(f"{NS}circle") if c.get("data-end")] == ["n.1.c"]
    assert "dm-hit" not in svg and "dm-k" not in svg  # no rules the diagram does not use


@pytest.mark.parametrize("kwargs, message", [
    ({"fit_width": 0}, "fit_width must be"), ({"fit_width": -1}, "fit_width must be"),
    ({"fit_width": True}, "fit_width must be"), ({"fit_width": float("inf")}, "fit_width must be"),
    ({"fit_width": 344, "size": 300}, "not both"),
])
def test_bad_fit_width_is_refused_with_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        render(load("starting_double"), **WORDS, **kwargs)


def test_a_link_is_drawn_under_the_tiles_as_a_dashed_line():
    from engine.svg import _render_table
    from engine.placement import Link

    table = place(load("chicken_foot"), max_width=16.6)
    table = type(table)(table.game, table.tiles, table.ends, table.markers, table.hub, table.bbox,
                        (Link("n", (0.0, -3.0), (1.0, -5.0)),), table.label_spots, table.max_width)
    svg = _render_table(table, set(), set(), False, {}, title="t", desc="d", size=None, theme="light",
                        id_prefix=None, fit_width=344)
    root = parse(svg)
    paths = [child for child in root if child.tag == f"{NS}path" and child.get("class") == "dm-k"]
    assert len(paths) == 1 and paths[0].get("d") == "M0 -30L10 -50"
    assert list(root).index(paths[0]) < min(i for i, c in enumerate(root) if c.get("data-tile"))
    assert ".dm-k{" in svg


# --- real positions from the rules engine -----------------------------------------------------------------


def _positions(game: str, ruleset: str, players: int, seed: int, **options):
    """Every position of one hand played by seeded random bots, as the layout each seat is shown."""
    from engine import Match, RandomBot, Rules

    match = Match(Rules(game, ruleset, **options), players=players, seed=seed)
    bots = [RandomBot(seed + seat) for seat in range(players)]
    hand = match.hand
    while not match.is_over and match.hand is hand:
        view = match.view(match.turn)
        yield view.layout_dict()
        match.push(bots[match.turn].choose(view))


@pytest.mark.parametrize("game, ruleset, players, seed", [
    ("chicken-foot", "pagat", 4, 4), ("chicken-foot", "basic", 3, 1),
    ("mexican-train", "standard", 4, 1), ("mexican-train", "standard", 8, 4),
])
def test_every_position_of_a_real_hand_renders_each_tile_once_without_overlaps(game, ruleset, players, seed):
    from engine.geometry import rectangles_overlap

    positions = 0
    for layout in _positions(game, ruleset, players, seed):
        positions += 1
        table = place(layout)
        root = parse(render(layout, show_open_ends=True, **WORDS))
        drawn = sorted(g.get("data-tile") for g in root.iter(f"{NS}g") if g.get("data-tile"))
        assert drawn == sorted(t.key for t in table.tiles)
        open_ends = {line["id"] for line in layout["lines"] if line["open"]}
        assert {c.get("data-end") for c in root.iter(f"{NS}circle") if c.get("data-end")} == open_ends
        tiles = table.tiles
        assert not any(rectangles_overlap(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1:]), positions
    assert positions > 20



def _train_names(language: str) -> dict:
    """The names the pages give the trains (the game's and the tutorial's), from that language's catalog."""
    from babel.messages.pofile import read_po
    from scripts.sitebuild.project import catalog_path

    catalog = None
    if language != "en":
        with catalog_path(language, "ui").open("rb") as stream:
            catalog = read_po(stream)

    def t(text: str) -> str:
        return catalog[text].string if catalog is not None else text

    names = {"mx": t("Mexican train"), "0": t("You"), "1": t("Your opponent")}
    return names | {str(seat): t("Computer {number}").format(number=seat) for seat in range(2, 8)}


def _tile_box(tile) -> tuple:
    xs, ys = zip(*tile.corners())
    return min(xs), min(ys), max(xs), max(ys)


def _crosses(box, tile) -> bool:
    """Whether an upright box and a (maybe turned) tile overlap: no axis of either separates them."""
    left, top, right, bottom = box
    rect = ((left, top), (right, top), (right, bottom), (left, bottom))
    corners = tile.corners()
    axes = [(1.0, 0.0), (0.0, 1.0)] + [(b[0] - a[0], b[1] - a[1]) for a, b in zip(corners, corners[1:3])]
    for ax, ay in axes:
        one = [x * ax + y * ay for x, y in rect]
        two = [x * ax + y * ay for x, y in corners]
        if min(max(one), max(two)) - max(min(one), min(two)) <= 1e-6:
            return False
    return True


@pytest.mark.parametrize("language", project.languages())
def test_a_train_name_stands_above_its_train_and_crosses_no_tile_in_any_language(language):
    """On the live table (fitted: one row per train) a name lies above its train's first row, clear of every
    tile, a crosswise double in that row too; on a free diagram it lies past the line's end, clear too."""
    from engine.bridge.pictures import train_labels
    from engine.svg import label_box

    names = _train_names(language)
    doubles_under_a_name = 0
    for players, seed in ((2, 3), (4, 1), (8, 4)):
        for layout in _positions("mexican-train", "standard", players, seed):
            labels = train_labels(layout, names)
            for fit_width in (None, 344, 1000):
                table = place(layout) if fit_width is None else place(layout, max_width=fit_width / MIN_TILE_PX - 0.6)
                for line_id, text in labels.items():
                    box = label_box(table, line_id, text)
                    crossed = [t.key for t in table.tiles if _crosses(box, t)]
                    assert not crossed, (language, players, seed, fit_width, line_id, text, crossed)
                    if fit_width is None:
                        continue
                    own = sorted((t for t in table.tiles if t.line == line_id), key=lambda t: t.index)
                    if own:  # above the train's first row: its name's box ends above the first tile's top
                        assert box[3] <= _tile_box(own[0])[1], (line_id, box, own[0])
                        doubles_under_a_name += sum(t.crosswise and box[0] < _tile_box(t)[2] and t.center[1]
                                                    < own[0].center[1] + 0.5 for t in own)
    assert doubles_under_a_name  # the positions do put a double in a first row, under its name
