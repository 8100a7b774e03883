"""The interactive tutorial in a real Chromium: every lesson completed by clicking in every language, wrong
moves explained with a working link to their rule, one lesson by keyboard alone, the failure path, storage
blocked, accessibility (axe-core), and the same seeded games in Pyodide as in CPython."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine import bridge
from engine.bridge.lessons import LESSONS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorial"))
from lesson_terms import terms_in  # noqa: E402  (tests/tutorial: the glossary's terms and their English forms)
from scripts.sitebuild.project import languages  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = tuple(languages())  # mkdocs.yml's list
START_TIMEOUT = 90_000


def tutorial_url(site_url: str, language: str) -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}tutorial/"


def start_tutorial(page, site_url: str, language: str = "en"):
    page.goto(tutorial_url(site_url, language))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "idle")
    demo.get_by_role("button").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    return demo


def tile_key(text: str) -> str:
    a, b = (int(n) for n in text.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def answers(demo) -> int:
    return int(demo.get_attribute("data-answers") or 0)


def open_lesson(demo, lesson_id: str) -> None:
    """Opens a lesson from the lesson map, as a reader does."""
    demo.locator(".demo-map-toggle").click()
    demo.locator(f'.demo-map__lesson[data-lesson="{lesson_id}"]').click()
    expect(demo).to_have_attribute("data-lesson", lesson_id)


def click_move(demo, move: str) -> None:
    """Plays ``move`` as a reader does: a tile of the hand, then an end of the table; or an action button."""
    count = answers(demo)
    if "@" in move:
        tile, end = move.split("@")
        demo.locator(f'.demo-hand [data-tile="{tile_key(tile)}"]').click()
        demo.locator(f'.demo-table [data-end="{end}"]').click()
        chooser = demo.locator(".demo-chooser")
        if chooser.count():  # crowded ends: the chooser asks which one
            chooser.locator(f'[data-choose-end="{end}"]').click()
    else:
        demo.locator(f'[data-move="{move}"]').click()
    expect(demo).to_have_attribute("data-answers", str(count + 1))


def assert_frozen(demo, lesson_id: str) -> None:
    """A finished lesson shows nothing that looks playable: no end ring, no hit area, no outlined hand tile."""
    table = demo.locator(".demo-table svg")
    expect(table.locator("g[data-tile]").first).to_be_attached()  # the table itself is still drawn
    for what, selector in (("an end", "[data-end]"), ("a hit area", ".dm-hit"), ("a cluster", "[data-cluster]")):
        assert table.locator(selector).count() == 0, f"{lesson_id}: a finished lesson still draws {what}"
    assert demo.locator(".demo-tile.is-playable, .demo-tile.is-selected").count() == 0, lesson_id
    assert demo.locator(".demo-action:visible").count() == 0, f"{lesson_id}: a move button is still offered"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_is_completed_by_clicking_and_leads_to_the_next(page, site_url, language):
    demo = start_tutorial(page, site_url, language)
    introduced: set[str] = set()
    for number, lesson in enumerate(LESSONS):
        expect(demo).to_have_attribute("data-lesson", lesson.id)
        expect(demo).to_have_attribute("data-complete", "false")
        introduced |= set(lesson.terms)
        for move in lesson.solution:
            click_move(demo, move)
            if language == "en":  # what the board announces speaks only of what the lessons have taught
                said = demo.locator(".demo-announce").inner_text()
                assert terms_in(said) <= introduced, (lesson.id, said, sorted(terms_in(said) - introduced))
        expect(demo).to_have_attribute("data-complete", "true")
        expect(demo.locator(".demo-feedback")).not_to_be_empty()
        assert_frozen(demo, lesson.id)
        if number + 1 < len(LESSONS):
            demo.locator(".demo-next").click()
    expect(demo.locator(".demo-next")).to_have_count(0)
    # Every lesson is marked done on the lesson map, and the progress is saved for the next visit.
    demo.locator(".demo-all-lessons").click()
    expect(demo.locator(".demo-map__lesson.is-done")).to_have_count(len(LESSONS))
    saved = json.loads(page.evaluate("localStorage.getItem('chickenfoot.tutorial.v1')"))
    assert saved["completed"] == [lesson.id for lesson in LESSONS]


@pytest.mark.parametrize("language", ("en", "ht"))
def test_wrong_move_shows_its_explanation_and_a_working_link_to_the_rule(page, site_url, language):
    demo = start_tutorial(page, site_url, language)
    click_move(demo, "8-3@n")  # lesson 1: [8-3] has no nine
    feedback = demo.locator(".demo-feedback")
    expect(feedback).to_have_attribute("data-result", "illegal")
    expect(feedback.locator(".demo-why")).not_to_be_empty()
    link = feedback.locator("a.demo-rule-link")
    expect(link).to_have_attribute("data-rule", "cf-matching")
    href = link.get_attribute("href")
    assert href == f"{site_url}{'' if language == 'en' else language + '/'}chicken-foot/#cf-matching"
    link.click()
    page.wait_for_url(href)
    expect(page.locator("#cf-matching")).to_be_attached()
    assert page.evaluate("document.documentElement.lang") == language


def test_a_lesson_refuses_a_legal_move_that_misses_its_point_and_says_why(page, site_url):
    demo = start_tutorial(page, site_url)
    open_lesson(demo, "cf-scoring")
    click_move(demo, "6-5@e")
    expect(demo.locator(".demo-feedback")).to_have_attribute("data-result", "steered")
    expect(demo.locator("a.demo-rule-link")).to_have_attribute("data-rule", "cf-scoring")
    expect(demo.locator('.demo-hand [data-tile="6-5"]')).to_be_visible()  # nothing was played


def test_hints_are_shown_one_at_a_time(page, site_url):
    demo = start_tutorial(page, site_url)
    hint = demo.locator(".demo-hint")
    hint.click()
    expect(demo.locator(".demo-hints li")).to_have_count(1)
    hint.click()
    expect(demo.locator(".demo-hints li")).to_have_count(2)


def focus_by_tab(page, selector: str, limit: int = 300) -> None:
    """Tabs until ``selector`` has the focus (at once if it has it already)."""
    if page.evaluate("(s) => document.activeElement.matches(s)", selector):
        return
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def arrow_to(page, attribute: str, value: str, limit: int = 30) -> None:
    for _ in range(limit):
        if page.evaluate("(a) => document.activeElement.getAttribute(a)", attribute) == value:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"arrow keys never reached {attribute}={value}")


def test_a_lesson_is_completed_by_keyboard_alone(page, site_url):
    page.goto(tutorial_url(site_url, "en"))
    demo = page.locator("#demo")
    focus_by_tab(page, "#demo button")
    page.keyboard.press("Enter")
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    lesson = next(lesson for lesson in LESSONS if lesson.id == "cf-starting-double")
    focus_by_tab(page, ".demo-map-toggle")
    page.keyboard.press("Enter")
    focus_by_tab(page, f'.demo-map__lesson[data-lesson="{lesson.id}"]')
    page.keyboard.press("Enter")
    expect(demo).to_have_attribute("data-lesson", lesson.id)
    for move in lesson.solution:
        tile, end = move.split("@")
        count = answers(demo)
        focus_by_tab(page, ".demo-tile")
        arrow_to(page, "data-tile", tile_key(tile))
        page.keyboard.press("Enter")
        expect(demo.locator(".demo-board")).to_have_attribute("data-selected", tile_key(tile))
        assert page.evaluate("document.activeElement.matches('.demo-end')")
        arrow_to(page, "data-end", end)
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label.startswith("play ") and "does not fit" not in label, label
        page.keyboard.press("Enter")
        expect(demo).to_have_attribute("data-answers", str(count + 1))
    expect(demo).to_have_attribute("data-complete", "true")


def test_tiles_and_ends_have_names_and_moves_are_announced(page, site_url):
    demo = start_tutorial(page, site_url)
    expect(demo.locator('.demo-hand [data-tile="9-4"]')).to_have_attribute("aria-label", "nine–four, playable")
    expect(demo.locator('.demo-hand [data-tile="7-7"]')).to_have_attribute("aria-label", "double seven")
    demo.locator('.demo-hand [data-tile="9-4"]').click()
    expect(demo.locator('.demo-table [data-end="n"]')).to_have_attribute("aria-label", "play nine–four on the north arm")
    expect(demo.locator(".demo-table .demo-end.is-fit")).to_have_count(4)
    demo.locator('.demo-table [data-end="n"]').click()
    expect(demo.locator(".demo-announce")).to_contain_text("You play nine–four on the north arm.")


@pytest.mark.browser_context_args(service_workers="block")  # page.route does not see a service worker's fetches
def test_failure_to_load_the_runtime_shows_a_translated_error_and_retry_works(page, site_url, expect_console_error):
    expect_console_error(r"pyodide\.asm\.wasm|Failed to load resource|ERR_FAILED")
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(tutorial_url(site_url, "ht"))
    demo = page.locator("#demo")
    demo.get_by_role("button").click()
    expect(demo).to_have_attribute("data-state", "error", timeout=START_TIMEOUT)
    expect(demo.locator(".demo__error")).to_have_attribute("role", "alert")
    assert "engine" not in demo.locator(".demo__error").inner_text().lower()  # in Haitian Creole, not English
    expect(page.locator("article h1")).to_be_visible()  # the page's own text stays
    page.unroute("**/pyodide.asm.wasm")
    demo.locator(".demo__retry").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)


def test_tutorial_works_where_storage_is_blocked_and_keeps_progress_where_it_is_not(page, site_url,
                                                                                     expect_console_error):
    # The theme's own script (Material) reads localStorage unguarded and then misses its main element in an
    # opaque-origin frame; that is the theme's, reported to the site's owner, not the tutorial's.
    expect_console_error(r"localStorage.*sandboxed|Missing element: expected")
    demo = start_tutorial(page, site_url)
    click_move(demo, "9-4@n")
    saved = json.loads(page.evaluate("localStorage.getItem('chickenfoot.tutorial.v1')"))
    assert saved["completed"] == ["cf-set"]
    # In a sandboxed iframe (opaque origin) localStorage throws: the tutorial still runs.
    # (sized by attributes: the site's Content-Security-Policy, still this page's, refuses a style attribute)
    page.set_content(f'<iframe sandbox="allow-scripts" src="{tutorial_url(site_url, "en")}" '
                     f'width="400" height="900" title="tutorial"></iframe>')
    frame = page.frame_locator("iframe")
    framed = frame.locator("#demo")
    expect(framed).to_have_attribute("data-state", "idle", timeout=20_000)
    framed.get_by_role("button").click()
    expect(framed).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    expect(framed.locator(".demo-notice")).to_be_visible()
    click_move(framed, "9-4@n")
    expect(framed).to_have_attribute("data-complete", "true")


def axe_violations(page) -> list:
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the site's CSP refuses inline scripts
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_no_violation_before_and_during_a_lesson(page, site_url, language):
    page.goto(tutorial_url(site_url, language))
    assert axe_violations(page) == []
    demo = page.locator("#demo")
    demo.get_by_role("button").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=START_TIMEOUT)
    click_move(demo, "8-3@n")  # a refusal with its link is shown
    demo.locator('.demo-hand [data-tile="9-4"]').click()  # a tile chosen: the ends are controls now
    expect(demo.locator(".demo-table .demo-end.is-fit")).to_have_count(4)
    assert axe_violations(page) == []


PARITY_GAMES = [("chicken-foot", 4, 11), ("chicken-foot", 2, 12), ("mexican-train", 4, 13), ("mexican-train", 3, 14)]


def test_seeded_games_give_identical_records_in_pyodide_and_cpython(page, site_url):
    page.goto(tutorial_url(site_url, "en"))
    records = page.evaluate("""async (games) => {
        const { EngineClient } = await import(new URL("assets/demo/protocol.js", document.baseURI + "../").href);
        const worker = new Worker(new URL("assets/demo/worker.js", document.baseURI + "../"), { type: "module" });
        const engine = new EngineClient(worker);
        await engine.start(() => {});
        const out = [];
        for (const [game, players, seed] of games) {
            out.push((await engine.seededRecord({ game, players, seed })).record);
        }
        worker.terminate();
        return out;
    }""", PARITY_GAMES)
    for (game, players, seed), in_browser in zip(PARITY_GAMES, records):
        in_cpython = json.loads(bridge.handle("seeded_record", json.dumps(
            {"game": game, "players": players, "seed": seed})))["record"]
        assert len(in_cpython["moves"]) > 50
        assert in_browser == in_cpython, (game, players, seed)


@pytest.mark.parametrize("width", (360, 1280))
def test_the_lesson_fits_the_screen_on_a_phone_and_a_desktop(page, site_url, width):
    page.set_viewport_size({"width": width, "height": 800})
    demo = start_tutorial(page, site_url, "su")
    open_lesson(demo, "cf-unfinishable-foot")  # the widest table of the lessons
    demo.locator('.demo-hand [data-tile="3-1"]').click()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    table = demo.locator(".demo-table svg").bounding_box()
    assert 0 <= table["x"] and table["x"] + table["width"] <= width
    for tile in demo.locator(".demo-hand .demo-tile").all():  # touch targets of at least 44px
        assert tile.bounding_box()["height"] >= 44
