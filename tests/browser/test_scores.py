"""The score keeper for real tiles, in real Chromium at 360px: whole matches entered by tapping give the
engine's totals and winner; bad input is refused in the reader's language and loses nothing; sheets are kept,
exported, imported, undone, edited and printed."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from engine import Rules
from played_matches import play_match
from scores_driver import ENGINE_TIMEOUT, Taps, enter_round, pdf_pages, start_sheet, translated

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
NAMES = ["Ana", "Bèt", "Çlirim", "Dadang"]


@pytest.fixture
def phone(context):
    page = context.new_page()
    page.set_viewport_size(PHONE["viewport"])
    return page


def scores_url(site_url: str, language: str, query: str = "") -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}scores/{'?' + query if query else ''}"


@pytest.mark.parametrize(("language", "game", "ruleset", "seed", "rounds"), [
    ("ht", "chicken-foot", "kelley", 12, 10),
    ("sq", "mexican-train", "standard", 5, 13),
])
def test_a_whole_match_entered_by_tapping_the_tiles_ends_with_the_engines_totals_and_winner(
        page, site_url, language, game, ruleset, seed, rounds):
    page.set_viewport_size({"width": 360, "height": 740})
    played = play_match(Rules(game, ruleset), 4, seed)
    assert len(played.rounds) == rounds
    page.goto(scores_url(site_url, language, f"game={game}&rules={ruleset}"))
    start_sheet(page, NAMES)
    taps = Taps(page)
    for played_round in played.rounds:
        enter_round(page, played_round, taps)
    sheet = page.locator(".scores-sheet")
    outcome = played.match.outcome
    assert sheet.get_attribute("data-totals") == " ".join(map(str, outcome.totals))
    assert sheet.get_attribute("data-winners") == " ".join(map(str, outcome.winners))
    expect(page.locator(".scores-entry")).to_have_count(0)  # the match is over: no round to enter
    winner = NAMES[outcome.winners[0]]
    expect(page.locator(".scores-status")).to_contain_text(winner)
    expect(page.locator(".scores-totals .is-winner")).to_contain_text(winner)
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    assert page.evaluate("document.documentElement.lang") == language


def test_bad_pips_are_named_beside_the_player_in_the_readers_language_and_nothing_is_lost(page, site_url, built_site):
    page.goto(scores_url(site_url, "sq", "game=chicken-foot&rules=basic"))
    start_sheet(page, NAMES)
    entry = page.locator(".scores-entry")
    pips = [entry.locator(f".scores-hand[data-seat='{seat}'] .scores-pips") for seat in range(4)]
    pips[0].fill("-5")
    pips[1].fill("dymbëdhjetë")
    pips[2].fill("12")
    entry.locator(".scores-save").click()
    note = entry.locator(".scores-hand[data-seat='0'] .scores-hand__note")
    expect(note).to_have_text(translated(built_site, "sq", "Pips cannot be negative."))
    expect(entry.locator(".scores-hand[data-seat='1'] .scores-hand__note")).not_to_be_empty()
    expect(entry.locator(".scores-hand[data-seat='3'] .scores-hand__note")).not_to_be_empty()  # nothing entered
    assert page.locator(".scores-sheet").get_attribute("data-rounds") == "0"
    assert [p.input_value() for p in pips[:3]] == ["-5", "dymbëdhjetë", "12"]  # what was typed stays
    # a round larger than the set holds: double-nine holds 527 with the [9-9] on the table
    pips[0].fill("500")
    pips[1].fill("20")
    pips[3].fill("0")
    entry.locator(".scores-save").click()
    expect(entry.locator(".scores-entry__problem")).to_contain_text("532")
    pips[0].fill("5")
    entry.locator(".scores-save").click()
    expect(page.locator(".scores-sheet")).to_have_attribute("data-rounds", "1")
    assert page.locator(".scores-sheet").get_attribute("data-totals") == "5 20 12 0"


def test_a_name_that_is_html_is_shown_as_text_and_never_run(page, site_url):
    name = "<img src=x onerror=hacked=1><b>Bo</b>"  # within the 40 characters a name may have
    page.goto(scores_url(site_url, "en"))
    start_sheet(page, [name, "Ana"])
    expect(page.locator(".scores-totals__name").first).to_have_text(name)
    assert page.evaluate("window.hacked") is None
    expect(page.locator(".scores-table th[scope=col]").nth(1)).to_have_text(name)
    assert page.locator(".scores-sheet img, .scores-sheet b").count() == 0


def test_a_past_round_is_edited_and_a_change_undone_with_the_connection_gone(page, site_url):
    page.goto(scores_url(site_url, "en", "game=chicken-foot&rules=pagat"))
    start_sheet(page, NAMES[:3])
    page.context.set_offline(True)  # once the engine is loaded, the table's phone may lose its signal
    taps = Taps(page)
    sheet = page.locator(".scores-sheet")
    for played, typed in enumerate(([0, 12, 30], [7, 0, 3]), start=1):
        entry = page.locator(".scores-entry")
        for seat, value in enumerate(typed):
            entry.locator(f".scores-hand[data-seat='{seat}'] .scores-pips").fill(str(value))
        taps.click(".scores-entry .scores-save")
        expect(sheet).to_have_attribute("data-rounds", str(played))
    expect(sheet).to_have_attribute("data-totals", "7 12 33")
    page.locator(".scores-table tr[data-round='1'] .scores-edit").click()
    entry = page.locator(".scores-entry")
    expect(entry).to_have_attribute("data-round", "1")
    expect(entry.locator(".scores-hand[data-seat='2'] .scores-pips")).to_have_value("30")
    entry.locator(".scores-hand[data-seat='2'] .scores-pips").fill("25")
    entry.locator(".scores-save").click()
    expect(sheet).to_have_attribute("data-totals", "7 12 28")
    expect(page.locator(".scores-entry")).to_have_attribute("data-round", "3")  # back to the next round
    page.locator(".scores-undo").click()
    expect(sheet).to_have_attribute("data-totals", "7 12 33")
    page.locator(".scores-undo").click()
    expect(sheet).to_have_attribute("data-totals", "0 12 30")
    page.context.set_offline(False)


def test_games_are_kept_exported_and_imported_and_a_changed_or_foreign_file_is_refused(page, site_url, built_site,
                                                                                         tmp_path):
    page.goto(scores_url(site_url, "ht", "game=chicken-foot&rules=pagat&double_blank=25"))
    start_sheet(page, NAMES[:2])
    entry = page.locator(".scores-entry")
    entry.locator(".scores-hand[data-seat='0'] .scores-out").click()
    entry.locator(".scores-hand[data-seat='1'] .scores-count").click()
    entry.locator(".scores-hand[data-seat='1'] .scores-tile[data-tile='0-0']").click()
    expect(entry.locator(".scores-hand[data-seat='1'] .scores-pips")).to_have_value("25")  # pagat's variant
    entry.locator(".scores-save").click()
    expect(page.locator(".scores-sheet")).to_have_attribute("data-totals", "0 25")
    with page.expect_download() as download:
        page.locator(".scores-export").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert exported["format"] == "domino-score-sheet" and exported["rules"]["options"] == {"double_blank": 25}

    page.reload()  # the game is kept: it is listed, and opens again where it was
    expect(page.locator(".scores-games__item")).to_have_count(1)
    page.locator(".scores-continue").click()
    expect(page.locator(".scores-sheet")).to_have_attribute("data-totals", "0 25", timeout=ENGINE_TIMEOUT)

    changed = {**exported, "rounds": [{**exported["rounds"][0], "hands": [0, ["1-0"]]}]}
    files = {"changed.json": json.dumps(changed), "foreign.json": json.dumps({"format": "domino-game-record", "version": 1}),
             "deep.json": "[" * 5000 + "]" * 5000, "good.json": json.dumps(exported)}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    page.locator(".scores-all-games").click()
    reasons = {"changed.json": "This score sheet was changed after it was exported, so it cannot be trusted.",
               "foreign.json": "This file is not a score sheet from this site.",
               "deep.json": "This file is damaged: it is not readable data."}  # nested past the page reader's depth
    problems = page.locator(".scores-notice--problem")
    for told, (name, reason) in enumerate(reasons.items(), start=1):
        page.locator("#scores-import-file").set_input_files(str(tmp_path / name))
        expect(problems).to_have_count(told)  # one sentence per refused file, each file's own
        expect(problems.last).to_contain_text(translated(built_site, "ht", reason))
    expect(page.locator(".scores-games__item")).to_have_count(1)  # nothing kept from a refused file
    # two files chosen one right after the other: the second waits for the first, it is not dropped
    page.evaluate("""([changed, good]) => {
        const input = document.querySelector("#scores-import-file");
        for (const [name, text] of [["changed.json", changed], ["good.json", good]]) {
            const chosen = new DataTransfer();
            chosen.items.add(new File([text], name, { type: "application/json" }));
            input.files = chosen.files;
            input.dispatchEvent(new Event("change", { bubbles: true }));
        }
    }""", [files["changed.json"], files["good.json"]])
    expect(problems).to_have_count(len(reasons) + 1)
    expect(problems.last).to_contain_text(translated(built_site, "ht", reasons["changed.json"]))
    expect(page.locator(".scores")).to_have_attribute("data-view", "sheet", timeout=ENGINE_TIMEOUT)
    expect(page.locator(".scores-sheet")).to_have_attribute("data-totals", "0 25")
    page.locator(".scores-all-games").click()
    expect(page.locator(".scores-games__item")).to_have_count(2)


def test_full_storage_is_said_and_the_scores_stay_on_the_page(page, site_url, built_site):
    page.goto(scores_url(site_url, "su"))
    start_sheet(page, NAMES[:2])
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); }; }""")
    entry = page.locator(".scores-entry")
    entry.locator(".scores-hand[data-seat='0'] .scores-pips").fill("4")
    entry.locator(".scores-hand[data-seat='1'] .scores-pips").fill("0")
    entry.locator(".scores-save").click()
    expect(page.locator(".scores-sheet")).to_have_attribute("data-totals", "4 0")
    full = "Your scores could not be saved: the browser's storage is full. They stay on this page; export the sheet to keep them."
    expect(page.locator(".scores-notice--problem")).to_have_text(translated(built_site, "su", full))


def test_large_numbers_and_the_printed_sheet(page, site_url, tmp_path):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(scores_url(site_url, "en"))
    start_sheet(page, NAMES)
    entry = page.locator(".scores-entry")
    for seat, value in enumerate([0, 14, 22, 9]):
        entry.locator(f".scores-hand[data-seat='{seat}'] .scores-pips").fill(str(value))
    entry.locator(".scores-save").click()
    expect(page.locator(".scores-sheet")).to_have_attribute("data-rounds", "1")
    small = page.locator(".scores-totals__total").first.bounding_box()["height"]
    page.locator(".scores-large").click()
    expect(page.locator(".scores-large")).to_have_attribute("aria-pressed", "true")
    assert page.locator(".scores-totals__total").first.bounding_box()["height"] > 1.6 * small
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    assert pdf_pages(page.pdf(format="A4")) == 1
    page.emulate_media(media="print")
    expect(page.locator(".scores-table")).to_be_visible()
    expect(page.locator(".scores-entry")).to_be_hidden()
    expect(page.locator(".scores-actions")).to_be_hidden()


@pytest.mark.browser_context_args(service_workers="block")  # page.route does not see a service worker's fetches
def test_what_was_typed_stays_while_the_engine_fails_to_load_and_retry_opens_the_sheet(page, site_url,
                                                                                       expect_console_error):
    expect_console_error(r"pyodide\.asm\.wasm|Failed to load resource|ERR_FAILED")
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(scores_url(site_url, "sq", "game=mexican-train&rules=double-six"))
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-view", "setup")
    demo.locator(".scores-remove-player").click()
    for seat, name in enumerate(NAMES[:3]):
        demo.locator(f"#scores-name-{seat}").fill(name)
    demo.locator(".scores-start").click()
    expect(demo.locator(".demo__error")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert [demo.locator(f"#scores-name-{seat}").input_value() for seat in range(3)] == NAMES[:3]
    page.unroute("**/pyodide.asm.wasm")
    demo.locator(".demo__retry").click()
    expect(demo).to_have_attribute("data-view", "sheet", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".scores-totals__name")).to_have_text(NAMES[:3])
