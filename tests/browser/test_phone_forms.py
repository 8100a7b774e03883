"""What a reader on a 360×740 phone (and on a 1280×800 screen) gets from the site's forms and ways in: the
score keeper's and the house-rules forms inside the screen, the new-game form's Start on the first screen, the
home page's big ways in, a short keyboard path to an app's Start, 44px check boxes, and the apps' sentences
(refusals, lesson texts, a tap on a tile that cannot play) as a reader should read them. Every language."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from engine.bridge.sentences import REFUSALS
from scripts.sitebuild.project import languages
from game_driver import ENGINE_TIMEOUT
from screens import open_page  # noqa: F401 - the fixture

LANGUAGES = tuple(languages())  # mkdocs.yml's, the source language first

pytestmark = pytest.mark.browser


def prefix(language: str) -> str:
    return "" if language == "en" else f"{language}/"


def catalog(built_site, language: str) -> dict:
    return json.loads((built_site / "assets" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))


# Every visible control of the app that reaches past the screen's edges, or whose words are cut inside it.
OUTSIDE = """(scope) => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll(`${scope} :is(button, select, input, label, legend, fieldset, form, summary, a)`)]
    .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== "hidden"
      && !node.classList.contains("scores-import__input"))
    .filter((node) => { const box = node.getBoundingClientRect();
      return box.left < -0.5 || box.right > width + 0.5
        || (node.matches("button, summary") && node.scrollWidth > node.clientWidth + 1); })
    .map((node) => `${node.tagName}.${node.className} "${node.textContent.trim().slice(0, 30)}"`);
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("app,ready", [("scores", "#demo[data-view=setup]"),
                                       ("house-rules", "#demo[data-state=ready]")])
def test_the_score_keeper_and_house_rules_forms_fit_a_360px_phone(open_page, site_url, language, app, ready):
    # The Rules select was as wide as its longest option (637 px in English, 953 in Sundanese) and took the
    # form, its fieldset and "Start keeping score" with it past the screen's edge.
    page = open_page("phone")
    page.goto(f"{site_url}{prefix(language)}{app}/")
    page.wait_for_selector(ready)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the page scrolls sideways"
    assert page.evaluate(OUTSIDE, "#demo") == []
    if app == "scores":
        start = page.locator("#demo .scores-start").bounding_box()
        assert start["width"] <= 360 - 16 and start["height"] >= 44


@pytest.mark.parametrize(("language", "screen"), [(language, "phone") for language in LANGUAGES]
                         + [("en", "desktop"), ("su", "desktop")])
def test_the_new_game_forms_start_is_on_the_first_screen(open_page, site_url, language, screen):
    # "Start the game" was at y = 1,787 px on a phone: two and a half screens of choices before it.
    page = open_page(screen)
    page.goto(f"{site_url}{prefix(language)}play/")
    page.locator("#demo .demo__start").click()
    form = page.locator("#demo form.game-setup")
    expect(form).to_be_visible(timeout=ENGINE_TIMEOUT)
    height = page.viewport_size["height"]
    start = form.locator(".game-start")
    box = start.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, f"Start is at y = {box['y']:.0f}"
    assert start.evaluate("(b) => { const r = b.getBoundingClientRect();"
                          " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; }"), \
        "something covers Start"
    assert page.evaluate(OUTSIDE, "#demo form.game-setup") == []
    # the less common choices are one tap away, their values said on the closed disclosure
    more = form.locator("details.game-more")
    expect(more).not_to_have_attribute("open", "")
    expect(more.locator(".game-more__now")).not_to_be_empty()
    more.locator("summary").click()
    expect(form.locator("input[name=seed]")).to_be_visible()
    form.locator("input[name=seed]").fill("3")
    start.click()
    expect(page.locator("#demo")).to_have_attribute("data-game-state", "playing")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_pages_first_screen_has_big_ways_in_to_the_tutorial_the_game_and_the_rules(
        open_page, site_url, language, screen):
    # The first way in was a 48×17 px inline link 1,172 px down; in the drawer Tutorial and Play came 9th and 10th.
    page = open_page(screen)
    page.goto(f"{site_url}{prefix(language)}")
    height = page.viewport_size["height"]
    for target in ("tutorial/", "play/", "chicken-foot/"):
        link = page.locator(f".md-content .home-ways a[href$='{target}']")
        box = link.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (target, box)
        assert box["y"] + box["height"] <= height, f"{target} is below the first screen (y = {box['y']:.0f})"
    english = {"Take the tutorial", "Play a game", "Read the rules"}
    words = set(page.locator(".home-ways a").all_inner_texts())
    assert (words == english) == (language == "en"), words
    nav = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a").evaluate_all(
        "links => links.map((a) => a.getAttribute('href'))")
    pages = [href for href in nav if not href.startswith("#")]
    assert pages[1].endswith("tutorial/") and pages[2].endswith("play/"), pages


@pytest.mark.parametrize(("language", "app"), [(language, "tutorial") for language in LANGUAGES] + [("sq", "play")])
def test_the_keyboard_reaches_an_apps_start_in_three_tab_presses(open_page, site_url, language, app):
    # 28 Tab presses through the header, the hidden drawer and the contents before the tutorial's Start.
    page = open_page("phone")
    page.goto(f"{site_url}{prefix(language)}{app}/")
    page.wait_for_selector("#demo .demo__start")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    skip = page.locator("a.md-skip[href='#demo']")
    expect(skip).to_be_focused()
    assert skip.inner_text().strip()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#demo .demo__start")).to_be_focused()


def test_the_header_shows_the_whole_site_name_on_a_phone(open_page, site_url):
    page = open_page("phone")
    for language in LANGUAGES:
        page.goto(f"{site_url}{prefix(language)}")
        name = page.locator(".md-header__topic").first.locator(".md-ellipsis")
        cut = name.evaluate("(n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1")
        assert not cut, f"{language}: the site name is cut"


def test_the_embed_builders_sandboxed_check_box_is_a_44px_target(open_page, site_url):
    page = open_page("phone")
    page.goto(f"{site_url}embed/")
    box = page.locator("#snippet-sandbox").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_and_hints_that_begin_with_a_tile_begin_with_a_capital_letter(open_page, site_url, language):
    # "double seven does not match…": a sentence whose translation starts with a tile's name started small.
    page = open_page("desktop")
    page.goto(f"{site_url}{prefix(language)}tutorial/")
    # the engine's sentences (sent with its answers), said by the page's own sayer
    templates = [template for template in REFUSALS.values() if "{end}" not in template]
    said = page.evaluate("""async ([root, language, templates]) => {
      const strings = await import(`${root}assets/demo/strings.js`);
      const { said } = await import(`${root}assets/demo/said.js`);
      await strings.loadStrings(language);
      return templates.map((text) => said({ text, params: { tile: "7-7", number: 7 } }));
    }""", [site_url, language, templates])
    first_letters = [re.match(r"^\W*([^\W\d_])?", sentence).group(1) for sentence in said]
    small = [sentence for sentence, letter in zip(said, first_letters, strict=True) if letter and letter.islower()]
    assert small == [] and len(said) > 10


@pytest.mark.parametrize("language", ["en", "su"])
def test_a_lesson_draws_its_tiles_and_a_tap_on_a_tile_that_cannot_play_says_why(
        open_page, site_url, built_site, language):
    page = open_page("phone")
    page.goto(f"{site_url}{prefix(language)}tutorial/")
    demo = page.locator("#demo")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    # lesson 1's "[9-9]" is a small picture of the tile, read as its name
    words = catalog(built_site, language)
    chip = demo.locator(".demo-task .tile-chip")
    expect(chip).to_have_attribute("aria-label", words["double {number}"].replace("{number}", words["nine"]))
    assert "[9-9]" not in demo.locator(".demo-task").inner_text()
    # a tile with nowhere to go: the reader is told so, in the language, with a capital letter
    tile = demo.locator(".demo-tile:not(.is-playable)").first
    tile.tap()
    why = demo.locator(".demo-feedback .demo-why")
    expect(why).to_be_visible()
    template = words["{tile} cannot be played on any open end now."]
    pattern = re.escape(template).replace(re.escape("{tile}"), ".+")
    assert re.fullmatch(pattern, why.inner_text(), flags=re.IGNORECASE), why.inner_text()
    assert why.inner_text()[0].isupper()
    # tapping a playable tile takes the sentence away
    demo.locator(".demo-tile.is-playable").first.tap()
    expect(demo.locator(".demo-feedback .demo-why")).to_have_count(0)
    # a focused tile is not drawn in the selection's blue: the keyboard's ring has its own colour and style
    selected = demo.locator(".demo-tile.is-selected")
    selected.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = selected.evaluate("(t) => { const s = getComputedStyle(t); return [s.outlineStyle, s.outlineColor, s.borderTopColor]; }")
    assert ring[0] == "dashed" and ring[1] != ring[2], ring
