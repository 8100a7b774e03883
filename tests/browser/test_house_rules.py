""""Your table's rules" and the shared rules link, in real Chromium: the page builds a link and a one-page
printable summary in every language; one link sets up the same rules (as the engine plays them) on the play
page, in the score keeper and in the embed frame; a bad value in a link is refused by name, in the reader's
language, and never silently replaced."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from engine import Rules
from game_driver import ENGINE_TIMEOUT, axe_violations
from scores_driver import pdf_pages, start_sheet, translated
from scripts.sitebuild.project import languages

LANGUAGES = tuple(languages())  # mkdocs.yml's list
LONGEST = ("game=chicken-foot&rules=kelley&set_size=12&deal=puremco&opening=holder-or-lower&root_arms=three"
           "&drawing=until-playable&chicken_little=true&double_blank=25&ending_on_double_penalty=0"
           "&match_length=to-total&target_total=300&tie_breaks=shared")
LINK = "game=chicken-foot&rules=kelley&drawing=until-playable&double_blank=25"  # in the engine's option order


def page_url(site_url: str, language: str, page: str, query: str = "") -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}{page}/{'?' + query if query else ''}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_turns_choices_into_a_link_and_a_summary_that_prints_on_one_page(page, site_url, language):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(page_url(site_url, language, "house-rules"))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "ready")
    expect(demo).to_have_attribute("data-query", "game=chicken-foot&rules=basic")
    demo.locator("#house-game-mexican-train").check()
    demo.locator("#house-option-double_blank").select_option("25")
    demo.locator("#house-option-match_length").select_option("to-total")
    demo.locator("#house-option-target_total").fill("300")
    demo.locator("#house-option-target_total").dispatch_event("change")
    query = "game=mexican-train&rules=standard&double_blank=25&match_length=to-total&target_total=300"
    expect(demo).to_have_attribute("data-query", query)
    assert urlsplit(page.url).query == query  # the page's own address is the link
    assert demo.locator("#house-rules-link").input_value() == page.url
    summary = demo.locator(".house-rules__result .rules-summary")
    expect(summary.locator(".rules-summary__house")).to_have_count(3)  # double blank, length, total
    expect(summary.locator(".rules-summary__deal tr")).to_have_count(14)  # 2 to 14 players, as 004 deals
    links = {a.get_attribute("href").split("?")[0].rstrip("/").rsplit("/", 1)[-1]: a.get_attribute("href")
             for a in demo.locator(".house-rules__target").all()}
    assert set(links) == {"play", "scores", "frame"}
    assert all(urlsplit(href).query.endswith(query) for href in links.values())
    rule = summary.locator("dt[data-option='double_blank'] a").get_attribute("href")
    assert rule.endswith("mexican-train/#mt-scoring")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    for paper in ("A4", "Letter"):
        assert pdf_pages(page.pdf(format=paper)) == 1, f"{language}: the summary takes more than one {paper} page"
    # the longest summary there is: every Chicken Foot option, each one a house rule
    page.goto(page_url(site_url, language, "house-rules", LONGEST))
    expect(demo.locator(".house-rules__result .rules-summary__house")).to_have_count(11)
    for paper in ("A4", "Letter"):
        assert pdf_pages(page.pdf(format=paper)) == 1, f"{language}: the summary takes more than one {paper} page"


def test_a_link_reopens_its_rules_in_the_form(page, site_url):
    page.goto(page_url(site_url, "sq", "house-rules", LINK))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-query", LINK)
    expect(demo.locator("#house-rules-kelley")).to_be_checked()
    expect(demo.locator("#house-option-double_blank")).to_have_value("25")
    expect(demo.locator("#house-option-drawing")).to_have_value("until-playable")
    expect(demo.locator(".house-rules__notice")).to_have_count(0)


def engine_rules(frame) -> dict:
    return json.loads(frame.locator("#demo").get_attribute("data-rules"))


def test_one_link_sets_up_the_same_rules_on_the_play_page_in_the_score_keeper_and_in_the_embed_frame(
        page, site_url):
    expected = Rules("chicken-foot", "kelley", double_blank=25, drawing="until-playable").to_dict()

    page.goto(page_url(site_url, "ht", "play", LINK))
    page.locator("#demo .demo__start").click()
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".game-setup .rules-summary__house")).to_have_count(2)
    expect(demo.locator("input[name=ruleset][value=kelley]")).to_be_checked()
    demo.locator(".game-setup .game-start").click()
    expect(demo).to_have_attribute("data-game-state", "playing")
    played = engine_rules(page)

    page.goto(page_url(site_url, "ht", "scores", LINK))
    start_sheet(page, ["Ana", "Bèt", "Sofi"])
    scored = json.loads(page.locator(".scores-sheet").get_attribute("data-rules"))

    page.goto(f"{site_url}embed/frame/?mode=play&lang=ht&players=3&{LINK}")
    expect(page.locator("#demo")).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    embedded = engine_rules(page)
    expect(page.locator(".embed-notice")).to_have_count(0)

    assert played == scored == embedded == expected


@pytest.mark.parametrize("where", ["play", "embed"])
def test_a_new_game_keeps_the_house_rules_of_the_game_before_it_until_another_rule_set_is_chosen(
        page, site_url, where):
    house = Rules("chicken-foot", "kelley", double_blank=25, drawing="until-playable").to_dict()
    demo = page.locator("#demo")
    if where == "play":
        page.goto(page_url(site_url, "en", "play", LINK))
        demo.locator(".demo__start").click()
        expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
        demo.locator(".game-setup .game-start").click()
    else:  # the frame starts the link's game at once, without the form
        page.goto(f"{site_url}embed/frame/?mode=play&lang=en&players=3&{LINK}")
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    assert engine_rules(page) == house

    demo.locator(".game-new").click()
    expect(demo).to_have_attribute("data-game-state", "setup")
    expect(demo.locator(".game-setup .rules-summary__house")).to_have_count(2)  # said above the form, as a link's
    demo.locator(".game-setup .game-start").click()
    expect(demo).to_have_attribute("data-game-state", "playing")
    assert engine_rules(page) == house

    demo.locator(".game-new").click()
    demo.locator(".game-setup input[name=ruleset][value=basic]").check()
    expect(demo.locator(".game-setup .rules-summary")).to_have_count(0)  # another rule set: the house rules go
    demo.locator(".game-setup .game-start").click()
    expect(demo).to_have_attribute("data-game-state", "playing")
    played, basic = engine_rules(page), Rules("chicken-foot", "basic").to_dict()
    assert played["ruleset"] == "basic"
    # the set is the form's own field (it suggests one for the players): every other option is basic's
    assert {**played["options"], "set_size": None} == {**basic["options"], "set_size": None}


def test_the_embed_frame_refuses_an_unknown_game_by_name_even_one_named_like_an_object_property(
        page, site_url, built_site):
    sentence = translated(built_site, "sq", "The link's “{name}” cannot be “{value}”. It accepts: {accepted}.")
    for value in ("toString", "constructor", "__proto__"):  # the frame then plays Chicken Foot, saying why
        page.goto(f"{site_url}embed/frame/?mode=play&lang=sq&game={value}&players=2")
        notice = page.locator(".embed-notice[data-parameter='game']")
        expect(notice).to_have_text(sentence.format(name="game", value=value, accepted="chicken-foot, mexican-train"))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    assert engine_rules(page)["game"] == "chicken-foot"
    expect(page.locator(".game-notice--problem")).to_have_count(0)  # nothing "cannot be dealt"


@pytest.mark.parametrize("app", ["house-rules", "scores", "play"])
def test_a_bad_value_in_a_link_is_named_with_what_it_accepts_on_every_page(page, site_url, built_site, app):
    query = "game=chicken-foot&rules=kelley&double_blank=30&rules_typo=1&deal=0"
    page.goto(page_url(site_url, "ht", app, query))
    if app == "play":
        page.locator("#demo .demo__start").click()
        expect(page.locator("#demo")).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    notices = page.locator("#demo [data-parameter]")
    expect(notices).to_have_count(3)
    assert sorted(notices.evaluate_all("ps => ps.map(p => p.dataset.parameter)")) == ["deal", "double_blank", "rules_typo"]
    sentence = translated(built_site, "ht", "The link's “{name}” cannot be “{value}”. It accepts: {accepted}.")
    expect(page.locator("#demo [data-parameter='double_blank']")).to_have_text(
        sentence.format(name="double_blank", value="30", accepted="50, 25"))
    whole = translated(built_site, "ht", "a whole number")
    expect(page.locator("#demo [data-parameter='deal']")).to_contain_text(whole)
    # the rest of the link still holds: the rule set is Kelley's, the refused value is the rule set's own
    if app == "house-rules":
        expect(page.locator("#demo")).to_have_attribute("data-query", "game=chicken-foot&rules=kelley")


@pytest.mark.parametrize("app", ["house-rules", "scores"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_new_pages_fit_a_phone_and_axe_finds_no_violation(page, site_url, app, scheme):
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(color_scheme=scheme)
    page.goto(page_url(site_url, "su", app, LINK))
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready" if app == "house-rules" else "idle")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    assert axe_violations(page) == []


def test_the_score_sheet_passes_axe_with_a_round_and_the_tile_picker_open(page, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(page_url(site_url, "sq", "scores", LINK))
    start_sheet(page, ["Ana", "Bèt"])
    entry = page.locator(".scores-entry")
    entry.locator(".scores-hand[data-seat='0'] .scores-out").click()
    entry.locator(".scores-hand[data-seat='1'] .scores-count").click()
    entry.locator(".scores-hand[data-seat='1'] .scores-tile[data-tile='5-3']").click()
    entry.locator(".scores-save").click()
    entry = page.locator(".scores-entry")
    entry.locator(".scores-hand[data-seat='1'] .scores-count").click()
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    small = page.evaluate("""() => [...document.querySelectorAll('#demo button, #demo input, #demo select')]
        .filter((n) => n.offsetParent && n.type !== 'checkbox')
        .map((n) => n.getBoundingClientRect()).filter((r) => r.height < 44).length""")
    assert small == 0, f"{small} tap targets are lower than 44px"
    assert axe_violations(page, "#demo") == []


def test_the_game_says_when_storage_is_full_instead_of_failing_silently(page, site_url, built_site):
    page.goto(page_url(site_url, "sq", "play"))
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    page.locator("#demo .demo__start").click()
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    demo.locator(".game-setup .game-start").click()
    full = ("Your game could not be saved: the browser's storage is full. You can play on, but a reload would "
            "lose this game.")
    # the notice's message (data-text; the notice also holds its close button)
    expect(demo.locator(".game-notice--problem")).to_have_attribute("data-text", translated(built_site, "sq", full))
