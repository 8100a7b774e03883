"""The tutorial and the game on a 360px touch phone and a desktop, in real Chromium: table mode, no sideways
scrolling in any state, tap targets and table tiles big enough on the deepest tables, dragging a tile onto
an end, a whole hand played by keyboard with the focus never on <body>, and the round-over flow."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine.bots import make_bot
from engine.bridge.lessons import LESSONS
from engine.match import Match
from engine.options import Rules
from engine.records import game_record
from engine.hit_areas import largest_square, union_square
from game_driver import ENGINE_TIMEOUT, legal_moves, new_game, open_more_choices, play_one_human_move, set_speed
from scripts.sitebuild.project import languages
from screens import SCREENS, open_page  # noqa: F401 - the fixture

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorial"))

LANGUAGES = tuple(languages())  # mkdocs.yml's list
MIN_TARGET = 44  # CSS px, both sides: every tap target
MIN_TILE = 20  # CSS px, a table tile's short side at the default zoom


def url(site_url: str, language: str, page: str) -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}{page}/"


def start(page, site_url: str, language: str, app: str):
    page.goto(url(site_url, language, app))
    demo = page.locator("#demo")
    assert_fits(page, f"{app} page before Start")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    return demo


def assert_fits(page, where: str) -> None:
    """Nothing scrolls sideways: not the page, not the app."""
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth, window: innerWidth,
        wide: [...document.querySelectorAll('#demo *')].filter((n) => {
          const box = n.getBoundingClientRect();
          return box.width && n.checkVisibility() && (box.right > innerWidth + 1 || box.left < -1)
            && !n.closest('.demo-table, .game-scores, .demo-hand');
        }).map((n) => n.tagName + '.' + n.className).slice(0, 5)})""")
    assert widths["page"] <= widths["window"], f"{where}: the page is {widths['page']}px wide"
    assert widths["wide"] == [], f"{where}: wider than the window: {widths['wide']}"


def assert_table_mode(page, demo, docked: bool = True) -> None:
    """The app has the whole window, with the hand (when a hand is dealt) docked at its bottom within thumb
    reach."""
    box = demo.bounding_box()
    size = page.viewport_size
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, size["width"], size["height"])
    if docked:
        dock = demo.locator(".demo-dock").bounding_box()
        assert abs(dock["y"] + dock["height"] - size["height"]) <= 1, "the hand is not docked at the bottom"
    assert page.evaluate("document.documentElement.classList.contains('demo-table-mode')")


def smallest_target(page) -> float:
    """The shorter side of the smallest visible control of the app (buttons, hand tiles, ends), CSS px."""
    return page.evaluate("""() => Math.min(...[...document.querySelectorAll(
          '#demo button, #demo select, #demo [role=button]')]
        .filter((n) => n.checkVisibility()).map((n) => {
          const b = n.getBoundingClientRect(); return Math.min(b.width, b.height); }))""")


def small_targets(page) -> list:
    """Every visible control of the app smaller than MIN_TARGET on a side (name and size). A check box or a
    radio button is tapped through its label, so the label is what is measured."""
    return page.evaluate("""(min) => [...document.querySelectorAll(
          '#demo button, #demo select, #demo input:not([type=checkbox], [type=radio], [type=file]), #demo a[href],'
          + ' #demo [role=button], #demo label')]
        .filter((n) => n.checkVisibility() && !n.closest('[inert]')
                       && (n.tagName !== 'LABEL' || ['checkbox', 'radio', 'file'].includes(n.control?.type)))
        .map((n) => { const b = n.getBoundingClientRect();
                      return [n.getAttribute('aria-label') || n.textContent.trim().slice(0, 30), b.width, b.height]; })
        .filter(([, w, h]) => w < min || h < min)""", MIN_TARGET)


def control_size(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["width"], box["height"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_start_and_try_again_are_big_enough_to_tap_on_a_phone(open_page, site_url, language, expect_console_error):
    # the language's words fail to load once: the failure screen, in the page's own words, with Try again
    expect_console_error(r"Failed to load resource|demo failed to start")
    page = open_page("phone")
    words = f"**/assets/i18n/{language}.json"
    page.route(words, lambda route: route.fulfill(status=503, body=""))
    page.goto(url(site_url, language, "tutorial"))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "error")
    retry = demo.locator(".demo__retry")
    width, height = control_size(retry)
    assert width >= MIN_TARGET and height >= MIN_TARGET, f"Try again is {width:.1f}×{height:.1f}px"
    page.unroute(words)
    retry.click()
    expect(demo).to_have_attribute("data-state", "idle")
    width, height = control_size(demo.locator(".demo__start"))
    assert width >= MIN_TARGET and height >= MIN_TARGET, f"Start is {width:.1f}×{height:.1f}px"
    assert_fits(page, "the tutorial page before Start")


# --- drag and drop ------------------------------------------------------------------------------------------


def touch_drag(page, start_box, end_box) -> None:
    """A finger pressed on one element, moved in steps and lifted on another (Chromium's touch events)."""
    session = page.context.new_cdp_session(page)
    x0, y0 = start_box["x"] + start_box["width"] / 2, start_box["y"] + start_box["height"] / 2
    x1, y1 = end_box["x"] + end_box["width"] / 2, end_box["y"] + end_box["height"] / 2
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, 11):
        x, y = x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def pinch(page, box, spread: float) -> None:
    """Two fingers on the middle of ``box`` moving apart (spread > 1) or together."""
    session = page.context.new_cdp_session(page)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def fingers(gap):
        return [{"x": x - gap, "y": y, "id": 1}, {"x": x + gap, "y": y, "id": 2}]

    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(30)})
    for step in range(1, 11):
        session.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                                  "touchPoints": fingers(30 * (1 + (spread - 1) * step / 10))})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def drag(page, kind: str, source, target) -> None:
    """Drags ``source`` onto ``target``: a finger on a phone, the mouse on a desktop."""
    if kind == "phone":
        touch_drag(page, source.bounding_box(), target.bounding_box())
    else:
        source.drag_to(target)



# --- every state, every language, phone and desktop -------------------------------------------------------


def round_one_record() -> dict:
    """A two-player Chicken Foot game whose first round has just been scored (import lands on its result)."""
    match = Match(Rules("chicken-foot", "basic", set_size=6), 2, 4)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    while not match.round_scores:
        match.push(bots[match.turn].choose(match.view(match.turn)))
    return game_record(match)


@pytest.mark.parametrize("kind", SCREENS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lesson_played_by_dragging_fits_in_table_mode_in_every_state(open_page, site_url, language, kind):
    page = open_page(kind)
    demo = start(page, site_url, language, "tutorial")
    assert_table_mode(page, demo)
    assert_fits(page, "a lesson")
    first = LESSONS[0]
    tile, end = first.solution[0].split("@")
    source = demo.locator(f'.demo-hand [data-tile="{tile}"]')
    source.click()
    assert_fits(page, "a tile chosen")
    # the lesson's move made by dragging the tile: dropped away from every end it plays nothing, dropped on an
    # end it is played there
    drag(page, kind, source, demo.locator(".demo-task"))
    expect(demo.locator(".demo-drag-ghost")).to_have_count(0)
    assert demo.get_attribute("data-answers") is None
    drag(page, kind, source, demo.locator(f'.demo-table [data-end="{end}"]'))
    expect(demo).to_have_attribute("data-answers", "1")
    expect(demo).to_have_attribute("data-complete", "true")
    expect(demo.locator(f'.demo-table g[data-tile="{tile}"]')).to_be_attached()
    # a finished lesson is frozen: its success, the way on, nothing left to play
    expect(demo.locator(".demo-success")).to_be_visible()
    expect(demo.locator(".demo-next")).to_be_focused()
    expect(demo.locator(".demo-action")).to_have_count(2)
    for action in demo.locator(".demo-action").all():
        expect(action).to_be_hidden()
    expect(demo.locator(".demo-tile.is-playable")).to_have_count(0)
    expect(demo.locator(".demo-end[role=button]")).to_have_count(0)
    assert_fits(page, "a finished lesson")
    # the lesson map: every lesson of each game, this one done, the next one marked
    demo.locator(".demo-all-lessons").click()
    expect(demo.locator(".demo-map__lesson")).to_have_count(len(LESSONS))
    expect(demo.locator(f'.demo-map__lesson[data-lesson="{first.id}"]')).to_have_class(re.compile(r"\bis-done\b"))
    expect(demo.locator(f'.demo-map__lesson[data-lesson="{LESSONS[1].id}"]')).to_have_class(re.compile(r"\bis-next\b"))
    assert_fits(page, "the lesson map")
    if kind == "phone":
        assert small_targets(page) == []
    demo.locator(f'.demo-map__lesson[data-lesson="{LESSONS[1].id}"]').click()
    expect(demo).to_have_attribute("data-lesson", LESSONS[1].id)
    expect(demo).to_have_attribute("data-complete", "false")
    if kind == "phone":
        assert small_targets(page) == []
    # back to the page, and the page is as it was; then back to the table, the lesson where it was
    demo.locator(".demo-back").click()
    expect(demo).to_be_hidden()
    expect(page.locator("article h1")).to_be_visible()
    assert_fits(page, "the page after the table")
    page.locator(".demo-reopen").click()
    expect(demo).to_have_attribute("data-lesson", LESSONS[1].id)
    assert_table_mode(page, demo)


@pytest.mark.parametrize("kind", SCREENS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_state_of_the_game_fits_in_table_mode(open_page, site_url, language, kind, tmp_path):
    page = open_page(kind)
    demo = start(page, site_url, language, "play")
    assert_table_mode(page, demo, docked=False)
    expect(demo.locator("form.game-setup")).to_be_visible()
    for players in ("2", "8"):  # the longest option texts
        demo.locator("select[name=players]").select_option(players)
        expect(demo.locator("select[name=players]")).to_have_value(players)
        assert_fits(page, f"the new-game form, {players} players")
    if kind == "phone":
        assert small_targets(page) == []
    new_game(page, "chicken-foot", players=4, seed=7)
    assert_table_mode(page, demo)
    assert_fits(page, "a game")
    if kind == "phone":
        assert small_targets(page) == []
    side = demo.locator(".game-side")
    if kind == "phone":
        expect(side).to_be_hidden()
        demo.locator(".game-side-toggle").click()
    expect(side.locator(".game-score-table")).to_be_visible()
    assert_fits(page, "the scores and moves")
    if kind == "phone":
        assert small_targets(page) == []
        demo.locator(".game-side-close").click()
        expect(side).to_be_hidden()
    record = tmp_path / "record.json"
    record.write_text(json.dumps(round_one_record()))
    demo.locator(".game-import-input").set_input_files(str(record))
    expect(demo).to_have_attribute("data-game-state", "round-over")
    expect(demo.locator(".game-panel")).to_be_focused()
    assert_fits(page, "a finished round")
    if kind == "phone":
        assert small_targets(page) == []
    demo.locator(".game-next-round").click()
    expect(demo).to_have_attribute("data-round", "2")
    assert_fits(page, "the next round")
    # the browser's Back leaves the table for the page; Back to the game returns to it
    page.go_back()
    expect(demo).to_be_hidden()
    assert_fits(page, "the page after the table")
    page.locator(".demo-reopen").click()
    expect(demo).to_have_attribute("data-round", "2")
    assert_table_mode(page, demo)


# --- deep tables on a phone -------------------------------------------------------------------------------

DEEP_TABLES = {  # rules, players, seed, moves: late in a first round the computers play to its end (greedy)
    "chicken-foot, 8 players": (Rules("chicken-foot", "basic", set_size=12), 8, 3, 80),
    "chicken-foot, double-foot opening, 8 players": (
        Rules("chicken-foot", "basic", set_size=12, root_arms="double-foot"), 8, 8, 115),
    "mexican-train, 8 players": (Rules("mexican-train", "standard"), 8, 6, 88),
}


def deep_record(rules: Rules, players: int, seed: int, moves: int) -> dict:
    """A record played by computers for at least ``moves`` moves of its first round, stopped where the reader
    (seat 0) is to move and has a tile to play: the table is as crowded as a first round gets."""
    match = Match(rules, players, seed)
    bots = [make_bot("greedy", seat) for seat in range(players)]
    while True:
        assert not match.round_scores, "the round ended before the table was deep enough"
        view = match.view(match.turn)
        if len(match.moves) >= moves and match.turn == 0 and any(move.tile for move in view.legal_moves()):
            return game_record(match)
        match.push(bots[match.turn].choose(view))


MEASURE = """() => {
  const svg = document.querySelector('#demo .demo-table svg');
  const ctm = svg.getScreenCTM();
  const scale = Math.hypot(ctm.a, ctm.b);  // CSS px per SVG unit
  // every tile is drawn from one body: its face and the outline around it (the stroke, half of it outside)
  const body = svg.querySelector('defs rect.dm-f');
  const box = body.getBBox();
  const tile = (Math.min(box.width, box.height) + parseFloat(getComputedStyle(body).strokeWidth)) * scale;
  // each end's hit area as drawn (SVG units), and whether a finger on it reaches that end: the area's middle,
  // brought into view, is the end's own (nothing drawn above takes the tap)
  const ends = [...svg.querySelectorAll('.demo-end[role=button]')].map((end) => {
    const hit = end.querySelector('.dm-hit');
    const numbers = (hit?.getAttribute('d').match(/-?[0-9.]+/g) || []).map(Number);
    const polygon = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) polygon.push([numbers[i], numbers[i + 1]]);
    end.scrollIntoView({block: 'center', inline: 'center'});
    const point = svg.createSVGPoint();
    point.x = polygon.reduce((sum, p) => sum + p[0], 0) / (polygon.length || 1);
    point.y = polygon.reduce((sum, p) => sum + p[1], 0) / (polygon.length || 1);
    const there = point.matrixTransform(svg.getScreenCTM());
    const box = end.getBoundingClientRect();
    return {id: end.dataset.end, width: box.width, height: box.height, polygon,
            cluster: end.closest('.is-clustered')?.dataset.cluster ?? null,
            own: document.elementFromPoint(there.x, there.y)?.closest('[data-end]') === end};
  });
  return {tile, tiles: svg.querySelectorAll('g[data-tile]').length, ends, unitPx: scale * 10};
}"""


def tap_targets(measured: dict) -> dict:
    """The tap targets of the ends, as a finger meets them: an end's own hit area, or a cluster (ends too close
    for a finger each, tapped as one; the page then asks which end) made of its members' areas. For each, the
    side of the largest square a finger can press that reaches it, in CSS px (engine/hit_areas.py measures it:
    any square turned in 15° steps inside one area; a cluster's areas together, see ``union_square``)."""
    unit = measured["unitPx"]  # CSS px per tile unit at the zoom shown
    groups: dict = {}
    for end in measured["ends"]:
        groups.setdefault(end["cluster"] or f"end {end['id']}", []).append(
            [(x / 10, y / 10) for x, y in end["polygon"]])
    sides = {}
    for name, polygons in groups.items():
        if name.startswith("end "):
            side = max(largest_square(polygons[0], angle) for angle in range(0, 90, 15))
        else:
            side = union_square(polygons, [0.0] * len(polygons))
        sides[name] = side * unit
    return sides


def test_deep_tables_keep_tap_targets_and_tiles_big_enough_on_a_phone(open_page, site_url, tmp_path):
    page = open_page("phone")
    demo = start(page, site_url, "en", "play")
    new_game(page, "chicken-foot", players=2, seed=1)
    findings = {}
    for name, (rules, players, seed, moves) in DEEP_TABLES.items():
        record = tmp_path / f"{len(findings)}.json"
        played = deep_record(rules, players, seed, moves)
        record.write_text(json.dumps(played))
        demo.locator(".game-import-input").set_input_files(str(record))
        expect(demo).to_have_attribute("data-moves", str(len(played["moves"])))
        expect(demo).to_have_attribute("data-turn", "mine")
        tile = next(move for move in legal_moves(page) if "@" in move).split("@")[0]
        demo.locator(f".demo-tile[data-tile='{tile}']").click()
        measured = page.evaluate(MEASURE)
        assert measured["tiles"] > 40, f"{name}: not a deep table"
        assert measured["tile"] >= MIN_TILE, f"{name}: a table tile is {measured['tile']:.1f}px on its short side"
        assert measured["unitPx"] >= MIN_TILE - 0.01, f"{name}: the default zoom is below {MIN_TILE} px a tile unit"
        for end in measured["ends"]:
            assert end["width"] >= MIN_TARGET and end["height"] >= MIN_TARGET, f"{name}: end {end['id']}"
            assert end["own"], f"{name}: a tap on end {end['id']} lands on something else"
        targets = tap_targets(measured)
        assert targets and all(side >= MIN_TARGET for side in targets.values()), f"{name}: {targets}"
        assert small_targets(page) == [], name
        assert_fits(page, name)
        findings[name] = {"tile": round(measured["tile"], 1), "end target": round(min(targets.values()), 1),
                          "clusters": sum(1 for key in targets if not key.startswith("end ")),
                          "any control": round(smallest_target(page), 1)}
    print("at 360 px, smallest (CSS px):", findings)
    # a big table zooms: two fingers spread apart, the + button, the 0 key; the ⤢ button goes back
    view = demo.locator(".demo-table-view")
    default = float(view.get_attribute("data-zoom"))
    pinch(page, demo.locator(".demo-table").bounding_box(), spread=2)
    assert float(view.get_attribute("data-zoom")) > default * 1.5
    demo.locator(".demo-zoom--fit").click()
    expect(view).to_have_attribute("data-zoom", f"{default:.2f}")
    demo.locator(".demo-zoom--in").click()
    assert float(view.get_attribute("data-zoom")) > default
    demo.locator(".demo-table").press("0")
    expect(view).to_have_attribute("data-zoom", f"{default:.2f}")
    # the last table, Mexican Train: seven computers to answer; paused, they wait; Skip plays them all at once
    set_speed(page, "slow")
    demo.locator(".game-side-toggle").click()
    demo.locator(".game-pause").click()
    demo.locator(".game-side-close").click()
    end = next(move for move in legal_moves(page) if move.startswith(f"{tile}@")).split("@")[1]
    demo.locator(f".demo-end[data-end='{end}']").click()
    expect(demo).to_have_attribute("data-turn", "waiting")
    moves = int(demo.get_attribute("data-moves"))
    page.wait_for_timeout(500)
    expect(demo).to_have_attribute("data-moves", str(moves))
    skip = demo.locator(".game-skip")
    skip.click()
    page.wait_for_function("() => { const d = document.querySelector('#demo');"
                           " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }")
    assert int(demo.get_attribute("data-moves")) >= moves + 7 or demo.get_attribute("data-game-state") != "playing"
    expect(skip).to_be_hidden()


# a first round where the reader's 9-0 fits the three toes of a double nine just laid, crowded among other feet
CROWDED_FOOT = (Rules("chicken-foot", "basic", set_size=12), 8, 6, 108)

CLUSTER_CHOICE = """() => {
  // a hand tile that fits two or more ends of one cluster, by the moves the page marks legal
  const legal = document.querySelector('#demo').dataset.legalMoves.split(' ').filter((m) => m.includes('@'));
  for (const cluster of document.querySelectorAll('#demo .demo-table .is-clustered')) {
    const members = [...cluster.querySelectorAll('[data-end]')].map((e) => e.dataset.end);
    const byTile = {};
    for (const move of legal) {
      const [tile, end] = move.split('@');
      if (members.includes(end)) (byTile[tile] ||= []).push(end);
    }
    const tile = Object.keys(byTile).find((key) => byTile[key].length >= 2);
    if (tile) return {cluster: cluster.dataset.cluster, tile, ends: byTile[tile]};
  }
  return null;
}"""

TAP_IN_CLUSTER = """(number) => {
  // the middle of the cluster's first member's hit area, brought into view: where a finger would tap
  const cluster = document.querySelector(`#demo .demo-table [data-cluster="${number}"]`);
  const hit = cluster.querySelector('.dm-hit');
  hit.scrollIntoView({block: 'center', inline: 'center'});
  const box = hit.getBoundingClientRect();
  return {x: box.left + box.width / 2, y: box.top + box.height / 2,
          own: document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('[data-cluster]') === cluster};
}"""


TABLE_BESIDE_ENDS = """() => {
  // a point of the table with no end and no chooser under it: a tap on the table beside the question
  const view = document.querySelector('#demo .demo-table').getBoundingClientRect();
  for (let y = view.top + 10; y < view.bottom; y += 12) {
    for (let x = view.left + 10; x < view.right; x += 12) {
      const there = document.elementFromPoint(x, y);
      if (there?.closest('.demo-table') && !there.closest('[data-end], .demo-chooser')) return {x, y};
    }
  }
  return null;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_crowded_ends_open_a_chooser_whose_big_buttons_play_the_named_end(open_page, site_url, tmp_path, language):
    page = open_page("phone")
    demo = start(page, site_url, language, "play")
    new_game(page, "chicken-foot", players=2, seed=1)
    rules, players, seed, moves = CROWDED_FOOT
    record = tmp_path / "crowded.json"
    played = deep_record(rules, players, seed, moves)
    record.write_text(json.dumps(played))
    demo.locator(".game-import-input").set_input_files(str(record))
    expect(demo).to_have_attribute("data-moves", str(len(played["moves"])))
    expect(demo).to_have_attribute("data-turn", "mine")
    choice = page.evaluate(CLUSTER_CHOICE)
    assert choice, "no cluster with two ends for one tile: the position no longer tests the chooser"
    chooser = demo.locator(".demo-chooser")
    buttons = chooser.locator("[data-choose-end]")
    tile = demo.locator(f".demo-tile[data-tile='{choice['tile']}']")
    if language == "en":  # the tile dragged onto the cluster asks the same question; Escape keeps it chosen
        spot = page.evaluate(TAP_IN_CLUSTER, choice["cluster"])
        touch_drag(page, tile.bounding_box(), {"x": spot["x"], "y": spot["y"], "width": 0, "height": 0})
        expect(buttons).to_have_count(len(choice["ends"]))
        page.keyboard.press("Escape")
        expect(chooser).to_have_count(0)
        expect(tile).to_have_attribute("aria-pressed", "true")
    else:
        tile.click()

    def tap_cluster():
        spot = page.evaluate(TAP_IN_CLUSTER, choice["cluster"])
        assert spot["own"], "a tap on the cluster lands on something else"
        page.mouse.click(spot["x"], spot["y"])
        expect(chooser).to_be_visible()

    tap_cluster()
    expect(buttons).to_have_count(len(choice["ends"]))
    assert sorted(buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.chooseEnd)")) == sorted(choice["ends"])
    assert small_targets(page) == [], "a chooser button is under 44 px"
    assert_fits(page, "the chooser")
    # the focused (or hovered) button lights its end's ring on the table
    first = buttons.first.get_attribute("data-choose-end")
    expect(buttons.first).to_be_focused()
    expect(demo.locator(f".demo-table [data-end='{first}']")).to_have_class(re.compile("is-drop-target"))
    # Escape closes it and keeps the tile chosen; a tap outside closes it too
    page.keyboard.press("Escape")
    expect(chooser).to_have_count(0)
    expect(demo.locator(f".demo-tile[data-tile='{choice['tile']}']")).to_have_attribute("aria-pressed", "true")
    expect(demo.locator(f".demo-table [data-end='{first}']")).not_to_have_class(re.compile("is-drop-target"))
    tap_cluster()
    spot = page.evaluate(TABLE_BESIDE_ENDS)
    page.mouse.click(spot["x"], spot["y"])
    expect(chooser).to_have_count(0)
    expect(demo).to_have_attribute("data-moves", str(len(played["moves"])))  # nothing was played
    # choosing plays the named end: the tile then lies on the table named as the button named the end
    tap_cluster()
    target = buttons.last
    end, name = target.get_attribute("data-choose-end"), target.locator(".demo-chooser__name").inner_text()
    target.click()
    expect(demo).to_have_attribute("data-turn", "waiting")
    placed = demo.locator(f".demo-table g[data-tile='{choice['tile']}']").get_attribute("aria-label")
    assert name.lower() in placed.lower(), (end, name, placed)


# --- the keyboard, and the round's end -----------------------------------------------------------------------

WATCH_FOCUS = """() => {
  window.focusOnBody = 0;
  const check = () => { if (document.activeElement === document.body || !document.activeElement) window.focusOnBody += 1; };
  document.addEventListener('focusout', () => setTimeout(check, 0), true);
  setInterval(check, 20);
}"""


def press_until(page, key: str, condition: str, limit: int = 60) -> None:
    for _ in range(limit):
        if page.evaluate(condition):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {condition}")


def test_a_whole_hand_by_keyboard_keeps_the_focus_off_the_body_and_ends_on_its_result(open_page, site_url):
    page = open_page("desktop")
    page.goto(url(site_url, "en", "play"))
    demo = page.locator("#demo")
    press_until(page, "Tab", "document.activeElement.matches('.demo__start')", limit=300)
    page.keyboard.press("Enter")
    expect(demo).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    form = demo.locator("form.game-setup")
    form.locator("select[name=players]").select_option("2")
    form.locator("input[name=ruleset][value=basic]").check()
    open_more_choices(form)
    form.locator("select[name=set_size]").select_option("6")
    form.locator("input[name=seed]").fill("12")
    form.locator(".game-start").focus()
    page.keyboard.press("Enter")
    expect(demo).to_have_attribute("data-game-state", "playing")
    set_speed(page, "fast")
    page.evaluate(WATCH_FOCUS)
    in_hand = "document.activeElement.matches('.demo-tile')"
    press_until(page, "Tab", in_hand)
    moves = 0
    while demo.get_attribute("data-game-state") == "playing":
        page.wait_for_function("() => { const d = document.querySelector('#demo');"
                               " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }")
        if demo.get_attribute("data-game-state") != "playing":
            break
        before = demo.get_attribute("data-moves")
        legal = legal_moves(page)
        plays = [move for move in legal if "@" in move]
        # the move buttons come just before the hand: Shift+Tab reaches them from the hand, Tab goes back
        if plays:
            tile, end = plays[0].split("@")
            press_until(page, "Tab", in_hand)
            press_until(page, "ArrowRight", f"document.activeElement.dataset.tile === '{tile}'")
            page.keyboard.press("Enter")
            press_until(page, "ArrowRight", f"document.activeElement.dataset.end === '{end}'")
            page.keyboard.press("Enter")
        else:
            kind = next(move for move in legal if move in ("draw", "pass"))
            press_until(page, "Shift+Tab", f"document.activeElement.dataset.move === '{kind}'")
            page.keyboard.press("Enter")
        expect(demo).not_to_have_attribute("data-moves", before or "")
        moves += 1
        assert moves < 80, "the hand did not end"
    # the round's result: the finished table and the scores, the focus on them, nothing dealt yet
    expect(demo).to_have_attribute("data-game-state", "round-over")
    assert page.evaluate("window.focusOnBody") == 0, "the focus fell to <body>"
    expect(demo.locator(".game-panel")).to_be_focused()
    expect(demo).to_have_attribute("data-round", "1")
    expect(demo.locator(".game-status")).to_contain_text("Round 1 of 7")
    expect(demo.locator(".game-status")).to_contain_text("The round is over.")
    expect(demo.locator(".game-panel")).to_contain_text("Round 1 is over.")
    expect(demo.locator(".game-undo")).to_have_attribute("aria-disabled", "true")
    expect(demo.locator(".game-log-list")).not_to_contain_text("Round 2 begins")
    moves_shown = demo.get_attribute("data-moves")
    table_tile = page.evaluate(MEASURE)["tile"]
    assert table_tile >= MIN_TILE, f"the finished table's tiles are {table_tile:.1f}px"
    # the whole finished table above the result, without panning (its view shrank when the result came)
    whole = page.evaluate("""() => { const view = document.querySelector('#demo .demo-table').getBoundingClientRect();
        const picture = document.querySelector('#demo .demo-table svg').getBoundingClientRect();
        return picture.width <= view.width + 1 && picture.height <= view.height + 1; }""")
    assert whole, "the finished table does not fit its view"
    page.wait_for_timeout(1000)  # whatever the computers' pace, nothing moves until Next round
    expect(demo).to_have_attribute("data-moves", moves_shown)
    press_until(page, "Tab", "document.activeElement.matches('.game-next-round')")
    page.keyboard.press("Enter")
    expect(demo).to_have_attribute("data-round", "2")
    expect(demo.locator(".game-log-list")).to_contain_text("Round 2 begins")
    assert page.evaluate("document.activeElement.closest('#demo') !== null")
    assert page.evaluate("window.focusOnBody") == 0, "the focus fell to <body>"


# --- the embed frame on a phone -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_embed_frame_fits_a_phone_through_a_four_player_round_and_its_result(open_page, site_url, language):
    # the frame opened as a phone's browser would open it inside a host page as wide as the phone
    page = open_page("phone")
    page.goto(f"{site_url}embed/frame/?mode=play&lang={language}&players=4&seed=3"
              "&game=chicken-foot&rules=basic&set_size=6")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    assert page.evaluate("document.querySelector('#demo').classList.contains('is-embedded')")
    assert_fits(page, "the embedded game")
    assert small_targets(page) == []
    set_speed(page, "instant")
    for _ in range(200):
        if demo.get_attribute("data-game-state") != "playing":
            break
        if demo.get_attribute("data-turn") == "mine":
            play_one_human_move(page.main_frame)
        else:
            page.wait_for_function("() => { const d = document.querySelector('#demo');"
                                   " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }")
    expect(demo).to_have_attribute("data-game-state", "round-over")
    assert_fits(page, "the embedded round's result")
    assert small_targets(page) == []
    # the result's score table, four players and their totals, whole on the screen (it was cut at 328 px)
    table = demo.locator(".game-panel table").bounding_box()
    assert table["x"] >= 0 and table["x"] + table["width"] <= page.viewport_size["width"], table
    # the site's own font, not the browser's default
    fonts = page.evaluate("() => [getComputedStyle(document.body).fontFamily,"
                          " getComputedStyle(document.querySelector('.game-panel')).fontFamily]")
    assert all(font.startswith("-apple-system") for font in fonts), fonts
