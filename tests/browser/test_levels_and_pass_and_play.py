"""Issue 13 in the browser: the computer players' level (the form, and ``level`` in a link), hints with their
reason in words, and pass-and-play (two people and a computer on one device, the hand hidden between them)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from engine.bridge.hint_reasons import REASONS
from game_driver import ENGINE_TIMEOUT, hand_tiles, open_game, open_more_choices, play_one_human_move, set_speed

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


pytestmark = pytest.mark.browser


@pytest.fixture(params=["phone", "desktop"])
def screen(request, browser, page_guard):
    """A page on a 360×740 touch phone or a 1280×800 screen, watched like every browser test."""
    context = browser.new_context(**(PHONE if request.param == "phone" else DESKTOP))
    context.route("**/*", page_guard.route)
    context.on("page", page_guard.watch)
    yield context.new_page()
    context.close()
    if page_guard.problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(page_guard.problems), pytrace=False)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def from_side_panel(page, selector: str):
    """A control of the game's side panel, which a phone shows behind the top bar's "More" button."""
    control = page.locator(f"#demo {selector}")
    if not control.is_visible():
        page.locator("#demo .game-side-toggle").click()
    return control


def setup_form(page, site_url: str, players: int):
    """The play page's new-game form, with its number of players chosen."""
    open_game(page, site_url)
    form = page.locator("#demo form.game-setup")
    form.locator("select[name=players]").select_option(str(players))
    # the form is drawn again for that many seats: its last seat's row is there, no more
    expect(form.locator(".game-seat")).to_have_count(players)
    return form


def test_two_people_and_a_computer_share_a_device_and_the_hand_stays_hidden_between_them(screen, site_url, tmp_path):
    page = screen
    demo = page.locator("#demo")
    form = setup_form(page, site_url, 3)
    open_more_choices(form)
    form.locator("input[name=seat-0-name]").fill("Ana")
    form.locator("select[name=seat-1-kind]").select_option("human")
    form.locator("input[name=seat-1-name]").fill("Jean")
    form.locator("input[name=level][value=beginner]").check()
    assert no_sideways_scroll(page), "the form scrolls sideways"
    form.locator("input[name=seed]").fill("11")
    form.locator("button.game-start").click()
    expect(demo).to_have_attribute("data-seats", "human human beginner", timeout=ENGINE_TIMEOUT)
    set_speed(page, "instant")
    handed_to = []
    for _ in range(60):
        if len(handed_to) >= 3 or demo.get_attribute("data-game-state") != "playing":
            break
        page.wait_for_function("() => { const d = document.querySelector('#demo');"
                               " return d.dataset.handoff !== '' || d.dataset.turn === 'mine'; }", timeout=30_000)
        seat = demo.get_attribute("data-handoff")
        if seat:
            name = "Ana" if seat == "0" else "Jean"
            # between two people nobody's tiles are on screen, only whom to give the device to
            assert hand_tiles(page) == []
            expect(demo.locator(".game-panel")).to_contain_text(f"Give the device to {name}")
            if handed_to:  # the one who just played may still take it back, until the next person looks
                expect(demo.locator(".game-undo")).to_have_attribute("aria-disabled", "false")
            assert no_sideways_scroll(page)
            demo.locator(".game-reveal").click()
            expect(demo).to_have_attribute("data-handoff", "")
            expect(demo).to_have_attribute("data-turn", "mine")
            assert hand_tiles(page), "the person who took the device sees their tiles"
            # their own view: the previous person's move is theirs to undo no more
            expect(demo.locator(".game-undo")).to_have_attribute("aria-disabled", "true")
            expect(demo.locator(".game-status")).to_contain_text(f"{name}, your turn.")  # whose, by name
            handed_to.append(name)
        play_one_human_move(page)
    assert {"Ana", "Jean"} <= set(handed_to), handed_to
    # the log names people, never "you": everyone reads it
    assert "You " not in demo.locator(".game-log").inner_text()
    # an exported record comes back as the same pass-and-play game, not as one reader against computers
    set_speed(page, "slow")
    with page.expect_download() as download:
        from_side_panel(page, ".game-export").click()
    record = tmp_path / "record.json"
    download.value.save_as(record)
    assert json.loads(record.read_text())["seats"][1] == {"kind": "human", "name": "Jean"}
    moves = demo.get_attribute("data-moves")
    from_side_panel(page, ".game-new").click()
    form.locator("button.game-start").click()  # the form keeps its choices: another game, another deal
    expect(demo).not_to_have_attribute("data-moves", moves, timeout=ENGINE_TIMEOUT)
    demo.locator(".game-import-input").set_input_files(str(record))
    expect(demo.locator(".game-notice").last).to_contain_text("imported")
    expect(demo).to_have_attribute("data-moves", moves)
    expect(demo).to_have_attribute("data-seats", "human human beginner")


def test_a_level_in_the_link_sets_the_computer_players_and_a_bad_one_is_refused_by_name(page, site_url):
    page.goto(f"{site_url}embed/frame/?mode=play&level=strong&players=2&seed=3")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-seats", "human strong", timeout=ENGINE_TIMEOUT)
    expect(page.locator("#embed-notices .embed-notice")).to_have_count(0)

    page.goto(f"{site_url}embed/frame/?mode=play&level=grandmaster&players=2&seed=3&lang=sq")
    expect(demo).to_have_attribute("data-seats", "human careful", timeout=ENGINE_TIMEOUT)
    notice = page.locator("#embed-notices .embed-notice[data-parameter=level]")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("grandmaster")
    expect(notice).to_contain_text("beginner, casual, careful, strong")
    expect(notice).not_to_contain_text("cannot be")  # Albanian, not the English sentence

    # the play page: the link's level is the form's choice
    page.goto(f"{site_url}play/?level=beginner")
    page.locator("#demo .demo__start").click()
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    expect(demo.locator("input[name=level][value=beginner]")).to_be_checked()


def reason_pattern() -> re.Pattern:
    """Any of the engine's reasons, its values filled in with words."""
    sentences = [re.escape(sentence) for sentence in REASONS.values()]
    return re.compile("(" + "|".join(re.sub(r"\\\{\w+\\\}", ".+", s) for s in sentences) + r")$")


def test_a_hint_names_the_move_and_says_why_in_words(screen, site_url):
    page = screen
    demo = page.locator("#demo")
    form = setup_form(page, site_url, 2)
    open_more_choices(form)
    form.locator("input[name=seed]").fill("4")
    form.locator("button.game-start").click()
    expect(demo).to_have_attribute("data-turn", "mine", timeout=ENGINE_TIMEOUT)
    demo.locator(".game-hint").click()
    hint = demo.locator(".game-hint-text")
    expect(hint).not_to_be_empty()
    text = hint.inner_text()
    assert "{" not in text, text
    assert reason_pattern().search(text), text
    assert demo.get_attribute("data-hint") in demo.get_attribute("data-legal-moves").split()
    assert no_sideways_scroll(page)
