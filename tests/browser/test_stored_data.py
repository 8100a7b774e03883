"""What the apps find in storage or are given as files, damaged or from a later version, never leaves an app
blank and is never lost: the score keeper and the game open, name what they cannot read with its reason in
the reader's language, keep it aside under a key of its own (exported as it was saved, removed only when the
reader asks), and save nothing over it. With storage blocked, no page logs an error (issue 19: 3, 4, 6, 7)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from scripts.sitebuild.project import languages
from scores_driver import ENGINE_TIMEOUT, start_sheet, translated

SCORES_KEY = "chickenfoot.scores.v1"
GAME_KEY = "chickenfoot.game.v1"
KEPT_PREFIX = "chickenfoot.kept."
STORE_LIMIT = 2_000_000  # docs/assets/demo/stored-readers.js LIMITS.scoreStore
FILE_LIMIT = 1_000_000  # LIMITS.sheetFile, LIMITS.save and LIMITS.record

REASONS = {  # docs/assets/demo/kept-list.js REASON_TEXT
    "newer-version": "It was made by a newer version of this site, which this one cannot read.",
    "damaged": "It is damaged: this page cannot read it.",
    "too-large": "It is far too large to be one this site made.",
    "unknown-rules": "It uses rules this version of the site does not know.",
}


def entry(number: int = 1, **changes) -> dict:
    """A saved score sheet as the score keeper stores it."""
    sheet = {"rules": {"game": "chicken-foot", "ruleset": "basic", "options": {}},
             "players": [f"Ana{number}", f"Ben{number}"], "rounds": []}
    for key, value in changes.pop("sheet", {}).items():
        sheet[key] = value
    for key, value in changes.pop("rules", {}).items():
        sheet["rules"][key] = value
    return {"id": f"game-{number}", "created": "2026-11-30T10:00:00.000Z", "updated": "2026-11-30T11:00:00.000Z",
            "sheet": sheet, **changes}


def store(*games, **top) -> str:
    return json.dumps({"version": 1, "games": list(games), "current": None, "large": False, **top})


# One damaged saved sheet among good ones: the good one stays listed, the damaged one is kept aside alone.
DAMAGED_SHEETS = {
    "names-not-a-list": (entry(2, sheet={"players": "Ana2, Ben2"}), "damaged"),
    "names-not-text": (entry(2, sheet={"players": [{"name": "Ana"}, 3]}), "damaged"),
    "unknown-rule-set": (entry(2, rules={"ruleset": "nope"}), "unknown-rules"),
    "game-__proto__": (entry(2, rules={"game": "__proto__"}), "unknown-rules"),
    "game-constructor": (entry(2, rules={"game": "constructor"}), "unknown-rules"),
    "option-toString": (entry(2, rules={"options": {"toString": 1}}), "unknown-rules"),
    "updated-an-object": (entry(2, updated={"at": "yesterday"}), "damaged"),
    "rules-not-an-object": (entry(2, sheet={"rules": "basic"}), "damaged"),
    "rounds-not-objects": (entry(2, sheet={"rounds": [5]}), "damaged"),
    "not-an-object": (["game-2"], "damaged"),
}

# A whole store the page cannot read: kept aside whole.
DAMAGED_STORES = {
    "later-version": (store(entry(1), version=2), "newer-version"),
    "version-NaN": (store(entry(1)).replace('"version": 1', '"version": NaN'), "damaged"),
    "version-text": (store(entry(1), version="1"), "damaged"),
    "truncated": (store(entry(1))[:-20], "damaged"),
    "games-not-a-list": (store(games={"a": entry(1)}), "damaged"),
    "not-an-object": ("[1, 2]", "damaged"),
    "oversized": (store(entry(1), padding="x" * STORE_LIMIT), "too-large"),
}


def scores_url(site_url: str, language: str = "en") -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}scores/"


def seed(page: Page, url: str, items: dict[str, str]) -> None:
    """Opens `url` with exactly `items` in localStorage."""
    page.goto(url)
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    page.reload()


def storage(page: Page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def kept(page: Page) -> dict[str, str]:
    return {key: value for key, value in storage(page).items() if key.startswith(KEPT_PREFIX)}


def export_and_remove(page: Page, item, original: str) -> None:
    """The kept item downloads exactly as it was saved, then is removed (asked twice) from the page and storage."""
    with page.expect_download() as download:
        item.locator(".kept-aside__export").click()
    with open(download.value.path(), encoding="utf-8") as file:
        assert file.read() == original
    item.locator(".kept-aside__remove").click()
    item.locator(".kept-aside__remove-sure").click()
    expect(page.locator(".kept-aside__item")).to_have_count(0)
    assert kept(page) == {}


def test_damaged_saved_sheets_are_kept_aside_and_the_others_stay_reachable(page, site_url):
    # every damaged kind at once, between two good sheets (one such sheet once left the page blank)
    damaged = [sheet for sheet, _ in DAMAGED_SHEETS.values()]
    seed(page, scores_url(site_url), {SCORES_KEY: store(entry(1), *damaged, entry(3))})
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-view", "setup")
    expect(demo.locator("form.scores-new")).to_be_visible()  # the form is there
    expect(demo.locator(".scores-games__item")).to_have_count(2)  # and the good sheets, still listed
    expect(demo.locator(".scores-notice--problem")).to_contain_text("kept aside")
    expect(demo.locator(".kept-aside__item[data-kind=sheet]")).to_have_count(len(DAMAGED_SHEETS))
    # moved, not dropped: each under its own key, with its reason; the store keeps only the good ones
    found = {text: key for key, text in kept(page).items()}
    for case, (sheet, reason) in DAMAGED_SHEETS.items():
        key = found[json.dumps(sheet, separators=(",", ":"))]
        assert key.startswith(f"{KEPT_PREFIX}sheet.{reason}."), case
    reasons = demo.locator(".kept-aside__item .kept-aside__why").all_inner_texts()
    assert sorted(reasons) == sorted(REASONS[reason] for _, reason in DAMAGED_SHEETS.values())
    assert [game["id"] for game in json.loads(storage(page)[SCORES_KEY])["games"]] == ["game-1", "game-3"]
    # a good sheet can still be deleted, and what is kept aside is still listed on the next visit
    demo.locator(".scores-games__item[data-id=game-3] .scores-delete").click()
    demo.locator(".scores-delete-sure").click()
    expect(demo.locator(".scores-games__item")).to_have_count(1)
    page.reload()
    expect(demo.locator(".kept-aside__item")).to_have_count(len(DAMAGED_SHEETS))
    first = demo.locator(".kept-aside__item").first
    with page.expect_download() as download:
        first.locator(".kept-aside__export").click()
    with open(download.value.path(), encoding="utf-8") as file:
        assert file.read() in found
    first.locator(".kept-aside__remove").click()
    first.locator(".kept-aside__remove-sure").click()
    expect(demo.locator(".kept-aside__item")).to_have_count(len(DAMAGED_SHEETS) - 1)
    assert len(kept(page)) == len(DAMAGED_SHEETS) - 1


@pytest.mark.parametrize("case", DAMAGED_STORES)
def test_a_store_this_page_cannot_read_is_kept_aside_whole(page, site_url, case):
    text, reason = DAMAGED_STORES[case]
    seed(page, scores_url(site_url), {SCORES_KEY: text})
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-view", "setup")
    expect(demo.locator("form.scores-new")).to_be_visible()
    item = demo.locator(f".kept-aside__item[data-kind=scores][data-reason={reason}]")
    expect(item).to_contain_text(REASONS[reason])
    saved = storage(page)
    assert SCORES_KEY not in saved  # free for the next sheet, which cannot overwrite it now
    [(key, copy)] = kept(page).items()
    assert copy == text and key.startswith(f"{KEPT_PREFIX}scores.{reason}.")
    export_and_remove(page, item, text)


def test_a_new_sheet_saves_beside_a_later_versions_store_and_a_damaged_round_is_named(page, site_url):
    later = store(entry(1), version=2)
    bad_round = entry(4, sheet={"rounds": [{"hands": "12"}]})
    seed(page, scores_url(site_url), {SCORES_KEY: later})
    expect(page.locator("#demo .kept-aside__item")).to_have_count(1)
    [(key, _)] = kept(page).items()
    start_sheet(page, ["Cleo", "Dan"])
    saved = storage(page)
    assert saved[key] == later  # untouched
    assert [game["sheet"]["players"] for game in json.loads(saved[SCORES_KEY])["games"]] == [["Cleo", "Dan"]]
    # a sheet whose round the engine cannot read says so (it once said "cannot be played by this many players")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SCORES_KEY, store(bad_round)])
    page.reload()
    demo = page.locator("#demo")
    demo.locator(".scores-games__item[data-id=game-4] .scores-continue").click()
    expect(demo.locator(".scores-notice--problem")).to_contain_text(
        "Round 1 of this score sheet is damaged: it cannot be read.", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".kept-aside__item[data-kind=scores]")).to_have_count(1)


@pytest.mark.parametrize("language", languages())
def test_every_reason_is_said_in_the_readers_language(page, site_url, built_site, language):
    items = {f"{KEPT_PREFIX}{kind}.{reason}.{1764500000000 + n}-0": "{}"
             for n, (kind, reason) in enumerate([("scores", r) for r in REASONS] + [("sheet", "damaged")])}
    items[f"{KEPT_PREFIX}game.damaged.1764500000000-0"] = "{}"  # the game's: not the score keeper's to list
    seed(page, scores_url(site_url, language), items)
    demo = page.locator("#demo")
    expect(demo.locator(".kept-aside__item")).to_have_count(len(REASONS) + 1)
    for reason, sentence in REASONS.items():
        expect(demo.locator(f".kept-aside__item[data-kind=scores][data-reason={reason}] .kept-aside__why")).to_have_text(
            translated(built_site, language, sentence))
    expect(demo.locator("#kept-aside-title")).to_have_text(translated(built_site, language, "Kept aside"))


@pytest.mark.parametrize(("name", "text", "sentence"), [
    ("oversized", '{"format": "domino-score-sheet", "pad": "' + "x" * FILE_LIMIT + '"}',
     "This score sheet is far too large to be one from this site."),
    ("version-NaN", '{"format": "domino-score-sheet", "version": NaN}', "This file is damaged: it is not readable data."),
    ("later-version", '{"format": "domino-score-sheet", "version": 2}',
     "This score sheet was made by a newer version of this site, which this one cannot read."),
])
def test_an_imported_sheet_file_is_refused_with_the_right_words(page, site_url, tmp_path, name, text, sentence):
    # said by the page's own reader, before the engine is even loaded (a 50 MB file once said "one of its
    # rounds is not possible", and version NaN "another version")
    path = tmp_path / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    page.goto(scores_url(site_url))
    demo = page.locator("#demo")
    demo.locator("#scores-import-file").set_input_files(str(path))
    expect(demo.locator(".scores-notice--problem")).to_have_text(f"This file cannot be imported. {sentence}")
    assert demo.get_attribute("data-state") == "idle"


# What a load or an import can be refused with, by the engine or by the page's own reader.
PAGE_REASONS = ("newer-version", "damaged", "too-large")  # stored-readers.js readGameSave, readRecordFile, readSheetFile
# A sheet is read by engine/readers.py read_sheet, without a record's own codes (a sheet says not-a-sheet and
# bad-sheet for wrong-format and bad-record, and not-an-object becomes one of those); tampered is a file's only.
SHEET_CODES = ("too-large", "not-json", "too-deep", "number-too-large", "newer-version", "bad-version", "not-a-sheet",
               "bad-sheet", "bad-rules", "damaged-round", "bad-round")
FILE_CODES = SHEET_CODES + ("tampered",) + PAGE_REASONS

LANGUAGES = languages()
SENTENCES_OF_THE_PAGE = """async ([demo, languages, loads, sheets, files]) => {
  const strings = await import(`${demo}strings.js`);
  const { loadErrorText } = await import(`${demo}game-text.js`);
  const { fileProblemText, sheetProblemText } = await import(`${demo}scores-text.js`);
  const params = { round: 3 };
  const said = {};
  for (const language of languages) {
    await strings.loadStrings(language);
    const sheet = (code) => sheetProblemText({ code, params }, ["Ana", "Ben"]);
    const table = (codes, text) => Object.fromEntries([...codes, "no-such-code"].map((code) => [code, text(code)]));
    said[language] = { load: table(loads, loadErrorText), sheet: table(sheets, sheet),
      file: table(files, (code) => fileProblemText(code, params)) };
  }
  return said;
}"""


def test_every_code_a_load_or_an_import_can_answer_has_a_translated_sentence_on_the_page(page, site_url):
    # the page's own tables are asked (no JavaScript is parsed here): every code the engine's game_load and
    # game_import answer (LOAD_ERROR_CODES), a kept sheet's and an imported sheet file's, and the page reader's
    # reasons, each has its sentence, not the one for a code the page does not know, in every language
    from engine.bridge.game_methods import LOAD_ERROR_CODES

    page.goto(f"{site_url}play/")  # an app page: its boot data carries the load sentences (sentences.py)
    said = page.evaluate(SENTENCES_OF_THE_PAGE, [f"{site_url}assets/demo/", LANGUAGES,
                                                 list(LOAD_ERROR_CODES + PAGE_REASONS), list(SHEET_CODES), list(FILE_CODES)])
    for language in LANGUAGES:
        for path, sentences in said[language].items():
            unknown = sentences.pop("no-such-code")
            assert [code for code, text in sentences.items() if text == unknown] == [], (language, path)
            assert all("{" not in text for text in sentences.values()), (language, path, sentences)
            if language != "en":
                english = said["en"][path]
                assert [code for code, text in sentences.items() if text == english[code]] == [], (language, path)
    assert said["en"]["sheet"]["damaged-round"] == "Round 3 of this score sheet is damaged: it cannot be read."
    assert said["en"]["file"]["damaged-round"] == said["en"]["sheet"]["damaged-round"]
    assert said["en"]["load"]["bad-version"] == said["en"]["load"]["damaged"]
    assert said["en"]["load"]["game-mismatch"] == said["en"]["load"]["damaged"]


def game_save(version: int = 1) -> str:
    from engine import Match, Rules, game_record

    record = game_record(Match(Rules("chicken-foot", "basic"), 4, 1))
    return json.dumps({"format": "chickenfoot-save", "version": version, "bot": "careful", "round_over": False,
                       "record": record})


@pytest.mark.parametrize(("case", "reason", "sentence"), [
    ("later-version", "newer-version", "It was made by a newer version of this site, which this one cannot read."),
    ("oversized", "too-large", "It is far too large to be a game from this site."),
    ("tampered", "damaged", "It was changed or damaged after it was saved."),
])
def test_a_save_the_game_cannot_resume_is_kept_aside_not_deleted(page, site_url, case, reason, sentence):
    text = game_save(2) if case == "later-version" else game_save()
    if case == "oversized":
        text = text[:-1] + ', "pad": "' + "x" * FILE_LIMIT + '"}'
    elif case == "tampered":
        text = text.replace('"seed": 1', '"seed": 2')
    seed(page, f"{site_url}play/", {GAME_KEY: text})
    page.locator("#demo .demo__start").click()
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    notice = demo.locator(".game-notice--problem")
    expect(notice).to_contain_text(sentence)
    expect(notice).to_contain_text("It is kept aside")
    item = demo.locator(f".kept-aside__item[data-kind=game][data-reason={reason}]")
    expect(item).to_contain_text(REASONS[reason])
    [(key, copy)] = kept(page).items()
    assert copy == text and key.startswith(f"{KEPT_PREFIX}game.{reason}.")
    from game_driver import new_game

    new_game(page, "chicken-foot", set_size=6, seed=3)  # the new game saves under the game's key, beside it
    page.wait_for_function(f"() => localStorage.getItem('{GAME_KEY}') !== null")
    assert kept(page) == {key: text}
    demo.locator(".game-new").click()
    export_and_remove(page, demo.locator(".kept-aside__item"), text)


def test_an_oversized_record_is_refused_as_too_large(page, site_url, tmp_path):
    from game_driver import open_game

    path = tmp_path / "big.json"
    path.write_text('{"format": "domino-game-record", "version": 1, "pad": "' + "x" * FILE_LIMIT + '"}')
    open_game(page, site_url)
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    demo.locator(".game-import-input").set_input_files(str(path))
    expect(demo.locator(".game-notice--problem").last).to_contain_text(
        "This game record cannot be imported. It is far too large to be a game from this site.")


BLOCK_STORAGE = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true,
    get() { throw new DOMException("Access is denied for this document.", "SecurityError"); } });
}
"""
PAGE_TYPES = ["", "chicken-foot/", "numbers/", "glossary/", "tutorial/", "play/", "scores/", "house-rules/",
              "su/variants/", "embed/frame/?mode=tutorial"]


def test_with_storage_blocked_no_page_logs_an_error(page, site_url):
    # as a browser set to block site data does: touching either storage throws a SecurityError (the theme's
    # own scripts once let two escape on every page); the page guard fails the test on any error
    page.context.add_init_script(BLOCK_STORAGE)
    for path in PAGE_TYPES:
        page.goto(f"{site_url}{path}")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => { try { localStorage; return false; } catch { return true; } }")
    page.goto(scores_url(site_url))
    expect(page.locator("#demo .scores-notice--problem")).to_contain_text("does not let the page keep your scores")


def test_tampered_lesson_progress_starts_the_tutorial_afresh(page, site_url):
    progress = '{"completed": [{"__proto__": 1}, 7], "current": {"id": "cf-set"}}'
    seed(page, f"{site_url}tutorial/", {"chickenfoot.tutorial.v1": progress})
    demo = page.locator("#demo")
    demo.get_by_role("button").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    expect(demo).to_have_attribute("data-lesson", "cf-set")  # the first lesson; nothing failed


def test_a_rules_link_naming_object_properties_is_refused_by_name(page, site_url):
    page.goto(f"{site_url}scores/?game=__proto__&rules=constructor&toString=1&hasOwnProperty=2")
    notices = page.locator("#demo .scores-notice--problem")
    expect(notices).to_have_count(4)  # each name is looked up as the link's own, none as an object's property
    for name in ("game", "rules", "toString", "hasOwnProperty"):
        expect(page.locator(f"#demo .scores-notice--problem[data-parameter={name}]")).to_have_count(1)
    expect(page.locator("#demo form.scores-new")).to_be_visible()
