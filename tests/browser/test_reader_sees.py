"""What a reader sees on a 360x740 touch phone, in every language, in every state of the apps that
reader_states.py names (the tutorial's lessons before and after a move, a refusal, a finished lesson; the
game from its form through every kind of turn to the match's end and a pass-and-play hand-over; the score
keeper; the house rules; the embed frame): every control and text block whole on the screen or in a box
that says it scrolls, no text cut, the table-mode screen budget, and a table that keeps its size from one
turn to the next.

Each walk drives one page per language once (a cached session fixture); each state is its own test, so a
state that fails for a reason another branch fixes carries its own expected-failure mark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scripts.sitebuild.project import languages
from reader_states import State, Walk, measured, new_game, start_app, wait_for_my_turn, walks
from screens import PHONE_1X

LANGUAGES = tuple(languages())
WALKS = {walk.name: walk for walk in walks()}

# A state known to fail, with the reason (pytest.mark.xfail(strict=True, reason=...)), by (walk, state): none.
EXPECTED_TO_FAIL: dict = {}


def measure(page, state: State) -> dict:
    report = measured(page, state)
    report["figures"]["turn"] = page.evaluate("document.querySelector('#demo')?.dataset.turn || ''")
    return report


@pytest.fixture(scope="session")
def walked(browser, site_url, tmp_path_factory):
    """walked(language, walk name) -> {state name: report}, each walk run once per language."""
    cache: dict = {}

    def run(language: str, walk: Walk) -> dict:
        key = (language, walk.name)
        if key in cache:
            return cache[key]
        reports: dict = {}
        errors: list = []
        context = browser.new_context(**PHONE_1X, locale=language)
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url)
                      or route.request.url.startswith(("data:", "blob:")) else route.abort())
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"uncaught page error: {error}"))
        page.on("console", lambda message: errors.append(f"console error: {message.text}")
                if message.type == "error" else None)
        work = tmp_path_factory.mktemp(f"{walk.name.replace(' ', '-')}-{language}")
        try:
            for name in walk.drive(page, site_url, language, work):
                assert name in {state.name for state in walk.states}, f"{walk.name}: {name!r} is not in the registry"
                reports[name] = measure(page, walk.state(name))
                reports[name]["errors"] = list(errors)
        except Exception as failure:  # noqa: BLE001 - the states not reached say why
            reports["__failed__"] = f"{type(failure).__name__}: {failure}"
        finally:
            context.close()
        cache[key] = reports
        return reports

    return run


def state_params():
    for language in LANGUAGES:
        for walk in WALKS.values():
            for state in walk.states:
                marks = EXPECTED_TO_FAIL.get((walk.name, state.name), ())
                yield pytest.param(language, walk.name, state.name, marks=marks,
                                   id=f"{language}-{walk.name}-{state.name}")


@pytest.mark.browser
@pytest.mark.parametrize(("language", "walk_name", "state_name"), list(state_params()))
def test_the_reader_sees_every_control_and_text_whole_within_the_screen_budget(walked, language, walk_name,
                                                                              state_name):
    reports = walked(language, WALKS[walk_name])
    assert state_name in reports, f"not reached: {reports.get('__failed__', 'the walk ended before it')}"
    report = reports[state_name]
    problems = report["problems"] + report["errors"]
    assert not problems, f"{state_name} ({language}), {report['figures']}:\n  " + "\n  ".join(problems)


@pytest.mark.browser
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("walk_name", [name for name, walk in WALKS.items() if any(s.turns for s in walk.states)])
def test_the_table_and_the_dock_keep_their_size_from_one_turn_to_the_next(walked, language, walk_name):
    reports = walked(language, WALKS[walk_name])
    groups: dict = {}
    for state in WALKS[walk_name].states:
        if state.turns and state.name in reports:
            figures = reports[state.name]["figures"]
            groups.setdefault(state.turns, []).append(
                (state.name, {part: figures.get(part) for part in ("table", "bar", "turn_row", "control_row")}))
    assert groups, f"no turns reached: {reports.get('__failed__')}"
    for turns, seen in groups.items():
        first_name, first = seen[0]
        for name, boxes in seen[1:]:
            assert boxes == first, f"{turns}: from {first_name!r} to {name!r} the boxes changed: {first} -> {boxes}"


# --- what a reader does on the phone's table (issue 18: points 3 and 4) ---------------------------------------


@pytest.fixture
def phone_game(browser, site_url, page_guard):
    context = browser.new_context(**PHONE_1X)
    context.route("**/*", page_guard.route)
    context.on("page", page_guard.watch)
    page = context.new_page()
    start_app(page, f"{site_url}play/")
    yield page
    context.close()
    if page_guard.problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(page_guard.problems), pytrace=False)


@pytest.mark.browser
def test_new_game_from_more_starts_with_the_table_in_view_not_behind_the_panel(phone_game):
    page = phone_game
    demo = page.locator("#demo")
    new_game(demo, "chicken-foot", 4, seed=7)
    demo.locator(".game-side-toggle").click()
    expect(demo.locator(".game-side")).to_be_visible()
    demo.locator(".game-side .game-new").click()
    expect(demo).to_have_attribute("data-game-state", "setup")
    new_game(demo, "chicken-foot", 4, seed=8)
    expect(demo.locator(".game-side")).to_be_hidden()
    expect(demo.locator(".game-side-toggle")).to_have_attribute("aria-expanded", "false")
    expect(demo.locator(".demo-table")).to_be_visible()


@pytest.mark.browser
def test_tapping_the_tile_a_hint_chose_keeps_it_chosen_and_its_end_plays_it(phone_game):
    page = phone_game
    demo = page.locator("#demo")
    new_game(demo, "chicken-foot", 4, seed=7)
    wait_for_my_turn(page)
    demo.locator(".game-hint").click()
    expect(demo).to_have_attribute("data-hint", re.compile("@"))
    tile, end = demo.get_attribute("data-hint").rstrip("!").split("@")
    expect(demo.locator(".game-board")).to_have_attribute("data-selected", tile)
    demo.locator(f".demo-tile[data-tile='{tile}']").click()  # as the hint says: this tile…
    expect(demo.locator(".game-board")).to_have_attribute("data-selected", tile)
    expect(demo.locator(f".demo-end.is-fit[data-end='{end}']")).to_have_count(1)
    moves = demo.get_attribute("data-moves")
    demo.locator(f".demo-end.is-fit[data-end='{end}']").click()  # …on this end
    expect(demo).not_to_have_attribute("data-moves", moves)
    assert demo.locator(f".demo-table g[data-tile='{tile}']").count() == 1
    # a tile the reader chose, tapped again, goes back to the hand as before
    wait_for_my_turn(page)
    playable = demo.locator(".demo-tile.is-playable").first
    playable.click()
    expect(demo.locator(".game-board")).to_have_attribute("data-selected", playable.get_attribute("data-tile"))
    playable.click()
    expect(demo.locator(".game-board")).to_have_attribute("data-selected", "")
