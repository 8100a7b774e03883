"""The practice page (issue 22) in real Chromium: a puzzle is answered and checked in the page, one choice or
many; each theme's strength is kept on the phone, survives a reload and fades over the days (a faked clock);
progress goes out as a file and comes back, a refused file is named in the reader's language and changes
nothing; a damaged store is kept aside, never lost; no engine is downloaded, ever; every word is translated.

Answers are tested on a small fixture puzzle file (practice_fixture.py, served here in place of the build's
file), so they do not depend on which puzzles the build ships; one test opens the build's own file."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from practice_fixture import fixture
from reader_states import start_app
from scores_driver import translated
from scripts.sitebuild.project import languages

LANGUAGES = tuple(languages())
KEY = "chickenfoot.practice"
KEPT_PREFIX = "chickenfoot.kept.practice."
DAY_MS = 86_400_000
START = datetime(2026, 12, 2, 8, 0, tzinfo=timezone.utc)
FIXTURE = json.dumps(fixture())
PHONE = {"width": 360, "height": 740}
READY_MS = 30_000  # the words and the puzzles, on a machine that runs other tests too


@pytest.fixture
def browser_context_args(browser_context_args):
    """No service worker: it would answer the puzzle file from the build, past the fixture's route (the offline
    test, which needs it, makes its own context)."""
    return {**browser_context_args, "service_workers": "block"}


def prefix(language: str) -> str:
    return "" if language == "en" else f"{language}/"


def serve_fixture(page: Page) -> None:
    page.route("**/assets/practice/puzzles.*.json",
               lambda route: route.fulfill(status=200, content_type="application/json", body=FIXTURE))


def open_practice(page: Page, site_url: str, language: str = "en", *, data: str = "fixture") -> None:
    if data == "fixture":
        serve_fixture(page)
    page.goto(f"{site_url}{prefix(language)}practice/")
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=READY_MS)


def stored(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({KEY!r})") or "null") or {}


def practise_theme(page: Page, theme: str) -> None:
    page.locator(f".practice-map__theme[data-theme='{theme}'] .practice-map__practise").click()
    expect(page.locator("#demo")).to_have_attribute("data-view", "puzzle")


def answer(page: Page, *choices: str) -> str:
    demo = page.locator("#demo")
    for choice in choices:
        demo.locator(f"#practice-choice-{choice}").check()
    demo.locator(".practice-check").click()
    expect(demo).to_have_attribute("data-result", re.compile("right|wrong"))
    return demo.get_attribute("data-result")


@pytest.fixture
def words(built_site):
    """words(language, msgid): the build's catalog's translation, as the page must show it."""
    return lambda language, msgid: translated(built_site, language, msgid)


def theme_percent(page: Page, theme: str) -> int:
    return int(page.locator(f".practice-map__theme[data-theme='{theme}'] progress").get_attribute("value"))


def test_a_right_answer_strengthens_its_theme_a_wrong_one_weakens_it_and_each_shows_why(page, site_url):
    page.set_viewport_size(PHONE)
    open_practice(page, site_url)
    demo = page.locator("#demo")
    practise_theme(page, "heavy-tiles")
    assert answer(page, "a") == "right"
    expect(demo.locator("[data-choice='a']")).to_have_class(re.compile("is-correct"))
    expect(demo.locator(".practice-feedback__why")).to_contain_text("FIXTURE explanation")
    tip = demo.locator(".practice-feedback__tip").get_attribute("href")
    assert tip.endswith("/strategy/#heavy-tiles-early"), tip
    assert stored(page)["themes"]["heavy-tiles"]["strength"] == 0.5
    demo.locator(".practice-next").click()
    expect(demo.locator(".practice-check")).to_be_visible()
    assert answer(page, "b") == "wrong"
    expect(demo.locator("[data-choice='b']")).to_have_class(re.compile("is-wrong"))
    expect(demo.locator("[data-choice='a']")).to_have_class(re.compile("is-correct"))  # the right one is shown
    expect(demo.locator("input[name=choice]:enabled")).to_have_count(0)  # an answer is given once
    entry = stored(page)["themes"]["heavy-tiles"]
    assert (entry["seen"], entry["right"], entry["streak"]) == (2, 1, 0)
    assert entry["strength"] == pytest.approx(0.25, abs=1e-3)


def test_nothing_chosen_is_said_not_counted(page, site_url):
    open_practice(page, site_url)
    practise_theme(page, "heavy-tiles")
    page.locator(".practice-check").click()
    expect(page.locator(".practice-choices__problem")).not_to_be_empty()
    expect(page.locator("#demo")).not_to_have_attribute("data-result", re.compile("."))
    assert stored(page) == {}


def test_a_many_select_puzzle_is_right_only_with_every_right_choice_and_no_other(page, site_url):
    open_practice(page, site_url)
    demo = page.locator("#demo")
    practise_theme(page, "count-a-number")
    expect(demo.locator("input[type=checkbox]")).to_have_count(4)
    assert answer(page, "a") == "wrong"  # one of the two right choices is not enough
    expect(demo.locator("[data-choice='c']")).to_have_class(re.compile("is-correct"))
    demo.locator(".practice-next").click()
    assert answer(page, "a", "c", "d") == "wrong"  # nor both with a wrong one
    demo.locator(".practice-next").click()
    assert answer(page, "a", "c") == "right"
    assert stored(page)["themes"]["count-a-number"]["right"] == 1


def test_practice_interleaves_themes_and_ends_with_how_the_reader_did(page, site_url):
    open_practice(page, site_url)
    demo = page.locator("#demo")
    demo.locator(".practice-start").click()
    themes, seen, right = [], [], 0
    while demo.get_attribute("data-view") == "puzzle":
        themes.append(demo.locator(".practice-puzzle__theme").inner_text())
        seen.append(demo.get_attribute("data-puzzle"))
        right += answer(page, "a") == "right"  # "a" alone is wrong on a many-choice puzzle: that theme stays weak
        demo.locator(".practice-next").click()
    expect(demo).to_have_attribute("data-view", "done")
    assert len(seen) == 10 and len(set(seen)) == 10, f"a session of ten puzzles, each once: {seen}"
    assert all(a != b for a, b in zip(themes, themes[1:])), f"a theme twice in a row: {themes}"
    assert themes.count("FIXTURE: count before a double") >= 3, f"the weak theme comes back: {themes}"
    expect(demo.locator(".practice-done h3")).to_contain_text(f"{right} of 10")


def test_progress_is_kept_across_a_reload_and_fades_over_the_days(page, site_url):
    page.clock.install(time=START)
    open_practice(page, site_url)
    practise_theme(page, "heavy-tiles")
    answer(page, "a")
    page.reload()
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=READY_MS)
    assert theme_percent(page, "heavy-tiles") == 50
    expect(page.locator(".practice-map__theme[data-theme='heavy-tiles']")).to_have_attribute("data-status", "learning")
    # one right answer in a row: a half-life of two days; three days later 0.5 × 2^-1.5 is left, and it is due
    page.clock.set_system_time(START.timestamp() + 3 * DAY_MS / 1000)
    page.reload()
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=READY_MS)
    assert theme_percent(page, "heavy-tiles") == 18
    expect(page.locator(".practice-map__theme[data-theme='heavy-tiles']")).to_have_attribute("data-status", "due")
    # a due theme comes first in Practice (among the weakest; the fixture's new themes rank after it)
    page.locator(".practice-start").click()
    expect(page.locator(".practice-puzzle__theme")).to_have_text("FIXTURE: shed heavy tiles")


def test_progress_exported_comes_back_by_import_and_a_refused_file_changes_nothing(page, site_url, tmp_path, words):
    language = "sq"
    page.clock.install(time=START)
    open_practice(page, site_url, language)
    demo = page.locator("#demo")
    practise_theme(page, "shed-double-blank")
    while demo.get_attribute("data-view") == "puzzle":
        answer(page, "a")
        demo.locator(".practice-next").click()
    demo.locator(".practice-to-map").click()
    exported_percent = theme_percent(page, "shed-double-blank")
    with page.expect_download() as download:
        demo.locator(".practice-export").click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert exported.name.startswith("chickenfoot-practice-2026-12-02")
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("chickenfoot-practice", 1)
    assert data["themes"]["shed-double-blank"]["seen"] == 4
    assert exported_percent == round(100 * data["themes"]["shed-double-blank"]["strength"])

    page.evaluate("localStorage.clear()")
    page.reload()
    expect(demo).to_have_attribute("data-state", "ready", timeout=READY_MS)
    practise_theme(page, "heavy-tiles")  # progress made here, before the import, is kept by it
    answer(page, "a")
    before = stored(page)
    not_progress = tmp_path / "score-sheet.json"
    not_progress.write_text(json.dumps({"format": "domino-score-sheet", "version": 1}), encoding="utf-8")
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({**data, "version": 2}), encoding="utf-8")
    damaged = tmp_path / "cut.json"
    damaged.write_text(exported.read_text(encoding="utf-8")[:40], encoding="utf-8")
    page.reload()
    expect(demo).to_have_attribute("data-state", "ready", timeout=READY_MS)
    refused = words(language, "This file cannot be imported. Your progress here is unchanged.")
    reasons = {not_progress: "This file is not practice progress from this site.",
               newer: "This file was made by a newer version of this site, which this one cannot read.",
               damaged: "This file is damaged: it is not readable data."}
    for file, reason in reasons.items():
        demo.locator("#practice-import-file").set_input_files(str(file))
        problem = demo.locator(".practice-notice--problem")
        expect(problem).to_have_text(f"{refused} {words(language, reason)}")
        expect(problem).to_have_count(1)
        assert stored(page) == before, f"{file.name} changed the progress"
    demo.locator("#practice-import-file").set_input_files(str(exported))
    expect(demo.locator(".practice-notice--problem")).to_have_count(0)
    expect(demo.locator(".practice-notice")).to_have_count(1)
    assert theme_percent(page, "shed-double-blank") == exported_percent
    assert theme_percent(page, "heavy-tiles") == 50  # the progress made here is not lost
    assert set(stored(page)["themes"]) == {"shed-double-blank", "heavy-tiles"}


@pytest.mark.parametrize(("text", "reason"), [("{\"version\": 1, \"themes\": ", "damaged"),
                                              (json.dumps({"version": 7, "themes": {}}), "newer-version"),
                                              (json.dumps({"version": 1, "themes": {"__proto__": {}}}), "damaged")])
def test_a_store_the_page_cannot_read_is_kept_aside_whole_and_practice_starts_afresh(page, site_url, text, reason):
    serve_fixture(page)
    page.goto(f"{site_url}practice/")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, text])
    page.reload()
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "ready", timeout=READY_MS)
    item = demo.locator(".kept-aside__item")
    expect(item).to_have_attribute("data-kind", "practice")
    expect(item).to_have_attribute("data-reason", reason)
    expect(demo.locator(".practice-notice--problem")).to_have_count(1)
    kept = page.evaluate(f"Object.keys(localStorage).filter((key) => key.startsWith({KEPT_PREFIX!r}))")
    assert len(kept) == 1 and page.evaluate("(key) => localStorage.getItem(key)", kept[0]) == text
    practise_theme(page, "heavy-tiles")  # practice goes on, and saves afresh beside what is kept
    answer(page, "a")
    assert stored(page)["themes"]["heavy-tiles"]["seen"] == 1
    assert page.evaluate("(key) => localStorage.getItem(key)", kept[0]) == text


def test_practice_needs_no_engine_only_the_static_puzzle_file(page, site_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_practice(page, site_url, "ht")
    page.locator(".practice-start").click()
    for _ in range(3):
        answer(page, "a")
        page.locator(".practice-next").click()
    engine = [url for url in requests if re.search(r"pyodide|/worker\.js|protocol\.js|\.whl|\.wasm", url)]
    assert not engine, engine
    puzzles = [url for url in requests if "/assets/practice/" in url]
    assert [url.rsplit("/", 1)[-1] for url in puzzles] == ["puzzles.ht.json"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_build_ships_a_puzzle_file_per_language_that_the_page_opens(page, site_url, built_site, language):
    path = built_site / "assets" / "practice" / f"puzzles.{language}.json"
    if not path.is_file():
        pytest.skip("the build writes no puzzle file yet (branch puzzles, CONTRACTS.md B)")
    open_practice(page, site_url, language, data="build")
    page.locator(".practice-start").click()
    expect(page.locator(".practice-board svg")).to_have_count(1)
    expect(page.locator(".practice-choice")).not_to_have_count(0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_page_is_in_the_readers_language_and_every_target_is_44px(page, site_url, language, words):
    # a word missing from the language's catalog is a console error, which fails the test (conftest's guard)
    page.set_viewport_size(PHONE)
    open_practice(page, site_url, language)
    demo = page.locator("#demo")
    expect(demo.locator(".practice-start")).to_have_text(words(language, "Practice"))
    demo.locator(".practice-start").click()
    verdicts = set()
    while demo.get_attribute("data-view") == "puzzle":
        for _ in range(2):  # the puzzle, then its answer
            targets = demo.locator("button, label.md-button, a, label.practice-choice").evaluate_all(
                "nodes => nodes.filter((n) => n.checkVisibility()).map((n) => [n.textContent.trim(), "
                "n.getBoundingClientRect().height])")
            assert not [target for target in targets if target[1] < 44]
            assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
            if demo.get_attribute("data-result") is None:
                answer(page, "a")
        verdicts.add(demo.locator(".practice-feedback__verdict").inner_text())
        expect(demo.locator(".practice-feedback__tip")).to_have_text(words(language, "Read the tip"))
        demo.locator(".practice-next").click()
    assert verdicts == {words(language, "Right."), words(language, "Not this time.")}
    expect(demo.locator(".practice-again")).to_have_text(words(language, "Practise again"))


def test_the_keyboard_alone_answers_a_puzzle(page, site_url):
    open_practice(page, site_url)
    page.locator(".practice-map__theme[data-theme='heavy-tiles'] .practice-map__practise").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#practice-question")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(page.locator(".practice-check")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#demo")).to_have_attribute("data-result", re.compile("right|wrong"))
    expect(page.locator("#practice-verdict")).to_be_focused()
    expect(page.locator(".practice-feedback")).to_have_attribute("role", "status")


KEPT = """async (paths) => {
    for (const name of await caches.keys()) {
        const kept = new Set((await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
        if (paths.every((path) => kept.has(path))) return true;
    }
    return false;
}"""


# The build's files the page has loaded (its scripts, styles, words and puzzles), by path.
LOADED_ASSETS = """() => [...new Set(performance.getEntriesByType("resource").map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && !url.search
        && /^[/](assets[/](demo|javascripts|stylesheets|i18n|practice)[/])/.test(url.pathname))
    .map((url) => url.pathname))]"""


def test_a_visited_practice_page_works_offline_with_its_puzzles(browser, site_url, built_site, page_guard):
    if not (built_site / "assets" / "practice" / "puzzles.su.json").is_file():
        pytest.skip("the build writes no puzzle file yet (branch puzzles, CONTRACTS.md B)")
    page_guard.expected.append(re.compile(r"favicon"))  # the browser asks for it itself, past the service worker
    context = browser.new_context()  # with its service worker
    context.route("**/*", page_guard.route)
    context.on("page", page_guard.watch)
    page = context.new_page()
    try:
        visit_then_practise_offline(page, site_url)
    finally:
        context.close()
    assert not page_guard.problems, page_guard.problems


def visit_then_practise_offline(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}su/practice/")
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=READY_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    # every script, style, word and puzzle file the page loaded, not a few of them: offline, one module of the
    # app not yet kept leaves it unmounted (a CI run went offline with boot.js or an import not kept yet)
    wanted = ["/su/practice/", "/assets/practice/puzzles.su.json", *page.evaluate(LOADED_ASSETS)]
    assert {"/assets/demo/practice.js", "/assets/demo/practice-view.js", "/assets/i18n/su.json"} <= set(wanted)
    for _ in range(240):  # the worker keeps the files one after the other: seconds on a busy machine
        if page.evaluate(KEPT, wanted):
            break
        page.wait_for_timeout(250)
    assert page.evaluate(KEPT, wanted), "the worker did not keep the practice page's files"
    page.context.set_offline(True)
    page.goto(f"{site_url}su/practice/")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "ready", timeout=READY_MS)
    demo.locator(".practice-start").click()
    demo.locator("input[name=choice]").first.check()
    demo.locator(".practice-check").click()
    expect(demo).to_have_attribute("data-result", re.compile("right|wrong"))


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page) -> list[str]:
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the site's CSP refuses inline scripts
    # colours are judged as they settle: a button's transition caught halfway has neither scheme's contrast
    page.evaluate("document.getAnimations().forEach((animation) => animation.finish())")
    found = page.evaluate("async () => (await axe.run(document.querySelector('#demo'))).violations.map(v => "
                          "`${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(' '))}`)")
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_accessibility_violation_on_any_practice_screen(page, site_url, scheme):
    page.set_viewport_size(PHONE)
    page.emulate_media(color_scheme=scheme)
    open_practice(page, site_url, "sq")
    demo = page.locator("#demo")
    problems = {"themes": axe_violations(page)}
    practise_theme(page, "count-a-number")
    problems["a puzzle"] = axe_violations(page)
    answer(page, "a")
    problems["its answer"] = axe_violations(page)
    while demo.get_attribute("data-view") == "puzzle":
        demo.locator(".practice-next").click()
        if demo.get_attribute("data-view") == "puzzle":
            answer(page, "a", "c")
    problems["a session's end"] = axe_violations(page)
    assert not any(problems.values()), problems


BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", { configurable: true,
  get() { throw new DOMException("Access is denied for this document.", "SecurityError"); } });
"""


def test_with_storage_blocked_practice_works_for_the_visit_and_says_so(page, site_url, words):
    page.context.add_init_script(BLOCK_STORAGE)
    open_practice(page, site_url, "ht")
    expect(page.locator(".practice-notice--problem")).to_have_text(words("ht", NOTICES_NO_STORAGE))
    practise_theme(page, "heavy-tiles")
    assert answer(page, "a") == "right"
    page.locator(".practice-next").click()
    expect(page.locator(".practice-notice--problem")).to_have_count(1)  # said once, not again at each answer


NOTICES_NO_STORAGE = ("This browser does not let the page keep your progress: it lasts until you leave the page. "
                      "Export it to keep it.")


def test_the_strategy_page_the_home_page_the_nav_and_the_lesson_map_link_the_practice_page(page, site_url, words):
    for address in ("ht/strategy/", "ht/"):
        page.goto(f"{site_url}{address}")
        expect(page.locator("article a[href$='practice/']")).to_have_count(1)
    expect(page.locator(".md-nav--primary a[href$='practice/']").first).to_have_text(words("ht", "Practice"))
    start_app(page, f"{site_url}ht/tutorial/")
    page.locator("#demo .demo-map-toggle").click()
    link = page.locator("#demo .demo-map__practice a")
    expect(link).to_have_text(words("ht", "Practise with puzzles"))
    assert link.get_attribute("href") == f"{site_url}ht/practice/"


# The build's tallest boards (and a few others), as the page draws them (practice-view.js), on a 360 px phone:
# each label and tile at a size a reader can read, the board's box at most 45% of the screen's height, and a board taller
# than its box pans and zooms in it (table-view.js), rather than shrinking until its names are 5 px high.
BOARDS = r"""async () => {
  const { puzzleScreen } = await import(new URL("assets/demo/practice-view.js", document.baseURI + "../").href);
  const data = await (await fetch(new URL("assets/practice/puzzles.en.json", document.baseURI + "../"))).json();
  const host = document.querySelector("#demo");
  const boards = [];
  // the twelve boards the engine drew tallest (the late rounds a phone used to shrink most), and a few others
  const drawnHeight = (puzzle) => Number(/<svg[^>]* height="([\d.]+)"/.exec(puzzle.board)?.[1] || 0);
  const tall = [...data.puzzles].sort((a, b) => drawnHeight(b) - drawnHeight(a)).slice(0, 12);
  for (const puzzle of [...tall, ...data.puzzles.filter((puzzle) => !tall.includes(puzzle)).slice(0, 4)]) {
    const screen = puzzleScreen(puzzle, { number: 1, total: 1, themeName: "" }, () => {});
    host.replaceChildren(screen);
    const svg = screen.querySelector(".practice-board svg");
    const labels = [...svg.querySelectorAll("text")].map((text) =>
      parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a);
    const tiles = [...svg.querySelectorAll("g[data-tile]")].map((g) => {
      const box = g.getBoundingClientRect();
      return Math.min(box.width, box.height);
    });
    const box = (screen.querySelector(".practice-board .demo-table") || svg).getBoundingClientRect();
    const taller = svg.getBoundingClientRect().height > box.height + 1;
    if (taller) await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))); // its observer
    boards.push({ id: puzzle.id, label: Math.min(...labels), tile: Math.min(...tiles), boxHeight: box.height,
      boxRight: box.right, taller, pans: screen.querySelector(".practice-board").classList.contains("is-captive"),
      zoom: screen.querySelectorAll(".practice-board-box .demo-zoom").length });
  }
  return boards;
}"""


def test_the_tallest_boards_are_readable_on_a_phone_and_pan_in_their_box(page, site_url):
    page.set_viewport_size(PHONE)
    open_practice(page, site_url, data="build")
    boards = page.evaluate(BOARDS)
    assert len(boards) > 10
    small = [(b["id"], round(b["label"], 1), round(b["tile"], 1)) for b in boards if b["label"] < 12 or b["tile"] < 18]
    assert not small, f"boards with labels under 12 px or tiles under 18 px: {small}"
    assert max(b["boxHeight"] for b in boards) <= 0.45 * PHONE["height"] + 1
    assert max(b["boxRight"] for b in boards) <= PHONE["width"]
    tall = [b for b in boards if b["taller"]]
    assert tall, "no board of the build is taller than its box: the pan is not exercised"
    assert all(b["pans"] for b in tall), [b["id"] for b in tall if not b["pans"]]
    assert all(b["zoom"] == 3 for b in boards)
