"""The game against computer players, in real Chromium: whole matches, saves, records, the controls."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from game_driver import (ENGINE_TIMEOUT, axe_violations, hand_tiles, legal_moves, new_game, open_game, play_match_to_the_end,
                         play_one_human_move, set_speed)

GAME_KEY = "chickenfoot.game.v1"


# The smallest real configurations: double-six, so seven rounds each.
@pytest.mark.parametrize("game, ruleset, set_size, rounds", [("chicken-foot", "basic", 6, 7),
                                                            ("mexican-train", "double-six", None, 7)])
def test_a_whole_four_player_match_is_played_to_the_end(page, site_url, game, ruleset, set_size, rounds):
    open_game(page, site_url)
    new_game(page, game, players=4, ruleset=ruleset, set_size=set_size)
    demo = page.locator("#demo")
    set_speed(page, "instant")
    assert play_match_to_the_end(page) == rounds - 1  # the last round ends the match: no "next round"
    score_rows = demo.locator(".game-score-table tr")
    expect(score_rows).to_have_count(rounds + 2)  # header, one row per round, totals
    expect(demo.locator(".game-outcome")).to_contain_text("match")
    expect(demo.locator(".game-score-table .is-winner").first).to_be_visible()
    assert demo.locator(".game-log-list li:not([hidden])").count() > 50
    if game == "chicken-foot":  # seven rounds of double-six always see doubles played: each is announced
        assert demo.locator(".game-log__double_announced").count() > 0
        expect(demo.locator(".game-log__double_announced").first).to_contain_text("Chicken foot!")


def test_chicken_little_is_offered_with_two_tiles_left_and_announced_in_the_log(page, site_url):
    open_game(page, site_url)
    new_game(page, "chicken-foot", set_size=6, seed=21, chicken_little=True)
    set_speed(page, "instant")
    demo = page.locator("#demo")
    little = demo.locator(".game-little-row")
    for _ in range(60):
        page.wait_for_function("() => { const d = document.querySelector('#demo');"
                               " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }")
        if demo.get_attribute("data-game-state") == "round-over":
            demo.locator(".game-next-round").click()
            continue
        if little.is_visible():
            break
        play_one_human_move(page)
    else:
        raise AssertionError("never down to two tiles with a play")
    assert any(move.endswith("!") for move in legal_moves(page))
    little.locator("input").check()
    play_one_human_move(page)
    expect(demo.locator(".game-log__chicken_little").last).to_contain_text("You say")


def test_the_game_resumes_after_a_reload_and_a_corrupt_save_starts_afresh(page, site_url):
    open_game(page, site_url)
    new_game(page, "chicken-foot", set_size=6, seed=11)
    set_speed(page, "instant")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-turn", "mine")
    play_one_human_move(page)
    expect(demo).to_have_attribute("data-turn", "mine")
    moves = demo.get_attribute("data-moves")
    hand = hand_tiles(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))
    assert saved["format"] == "chickenfoot-save" and saved["version"] == 1

    page.reload()
    expect(page.locator("#demo .demo__start")).to_contain_text("Resume your game")  # then the download size
    page.locator("#demo .demo__start").click()
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    expect(demo).to_have_attribute("data-moves", moves)
    assert hand_tiles(page) == hand
    expect(demo.locator(".game-notice")).to_contain_text("saved game is back")

    saved["record"]["moves"][0] = "pass"  # tampered: the sha256 no longer matches
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [GAME_KEY, json.dumps(saved)])
    page.reload()
    page.locator("#demo .demo__start").click()
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".game-notice--problem")).to_contain_text("could not be resumed")
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") is None


def test_hint_undo_and_an_illegal_move_explained_in_the_page_language(page, site_url, built_site):
    # Every word goes through the catalog (an untranslated one is a console error, which fails the test);
    # the controls are also checked against the Haitian Creole catalog itself.
    strings = json.loads((built_site / "assets" / "i18n" / "ht.json").read_text(encoding="utf-8"))
    open_game(page, site_url, "ht")
    new_game(page, "chicken-foot", set_size=6, seed=3)
    set_speed(page, "instant")
    demo = page.locator("#demo")
    expect(demo.locator(".game-hint")).to_have_text(strings["Hint"])
    expect(demo.locator(".game-undo")).to_have_accessible_name(strings["Undo my last move"])
    expect(demo.locator("#game-log-title")).to_have_text(strings["Moves"])
    assert strings["Hint"] != "Hint"
    expect(demo).to_have_attribute("data-turn", "mine")
    demo.locator(".game-hint").click()
    expect(demo.locator(".game-hint-text")).not_to_be_empty()
    hinted = demo.get_attribute("data-hint")
    assert hinted in legal_moves(page)

    # a tile on an end it does not fit is refused, explained, and linked to its rule
    legal = legal_moves(page)
    tiles = hand_tiles(page)
    ends = {move.split("@")[1] for move in legal if "@" in move}
    before_refusal = demo.get_attribute("data-moves")
    misfit = next(((tile, end) for tile in tiles for end in ends if f"{tile}@{end}" not in legal), None)
    assert misfit, "seed 3 deals the human a tile that fits none of the open ends"
    demo.locator(f".demo-tile[data-tile='{misfit[0]}']").click()
    demo.locator(f".demo-end[data-end='{misfit[1]}']").click()
    expect(demo.locator(".game-feedback .demo-why")).not_to_be_empty()
    expect(demo.locator(".game-feedback a.demo-rule-link")).to_have_attribute(
        "href", re.compile(r"/ht/chicken-foot/#cf-[a-z-]+$"))
    expect(demo).to_have_attribute("data-moves", before_refusal)

    before = demo.get_attribute("data-moves")
    hand = sorted(hand_tiles(page))
    play_one_human_move(page)
    expect(demo).to_have_attribute("data-turn", "mine")
    demo.locator(".game-undo").click()
    expect(demo).to_have_attribute("data-moves", before)
    assert sorted(hand_tiles(page)) == hand


def test_computer_moves_come_at_the_chosen_pace_and_pause_stops_them(page, site_url):
    open_game(page, site_url)
    new_game(page, "mexican-train", players=4, seed=5)
    demo = page.locator("#demo")
    # deal 5 has the computers lay their first trains before the reader (at Normal pace, under 2 s): the
    # reader's turn is awaited, so the pause below cannot come after the computers are done
    expect(demo).to_have_attribute("data-turn", "mine", timeout=20_000)
    set_speed(page, "slow")
    # the reader's turn played to its end, so the computers have moves to make (a first Mexican Train turn
    # may lay several tiles before End turn); the first of them waits a whole Slow step (1.2 s) for the pause
    for _ in range(20):
        if demo.get_attribute("data-turn") != "mine":
            break
        if "end" in legal_moves(page):
            before = demo.get_attribute("data-moves")
            demo.locator(".demo-action[data-move='end']").click()
            expect(demo).not_to_have_attribute("data-moves", before)
        else:
            play_one_human_move(page)
    expect(demo).to_have_attribute("data-turn", "waiting")
    demo.locator(".game-pause").click()
    expect(demo).to_have_attribute("data-paused", "true")
    page.wait_for_timeout(300)  # a computer move already asked of the worker may still land
    moves = demo.get_attribute("data-moves")
    page.wait_for_timeout(2500)
    expect(demo).to_have_attribute("data-moves", moves)
    demo.locator(".game-pause").click()
    expect(demo).not_to_have_attribute("data-moves", moves, timeout=5000)


def test_a_record_exports_and_imports_and_a_bad_one_is_refused(page, site_url, tmp_path):
    open_game(page, site_url)
    new_game(page, "chicken-foot", set_size=6, seed=9)
    set_speed(page, "instant")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-turn", "mine")
    play_one_human_move(page)
    with page.expect_download() as download:
        demo.locator(".game-export").click()
    record_path = tmp_path / "record.json"
    download.value.save_as(record_path)
    record = json.loads(record_path.read_text())
    assert record["format"] == "domino-game-record" and record["seed"] == 9
    moves = demo.get_attribute("data-moves")
    assert len(record["moves"]) == int(moves)

    demo.locator(".game-hint").click()
    expect(demo.locator(".game-hint-text")).not_to_be_empty()
    assert axe_violations(page, "#demo") == [], "a game in progress, with a hint shown"
    demo.locator(".game-new").click()
    expect(demo.locator("form.game-setup")).to_be_visible()
    assert axe_violations(page, "#demo") == [], "the new-game form"
    new_game(page, "mexican-train", seed=1)
    demo.locator(".game-import-input").set_input_files(str(record_path))
    expect(demo.locator(".game-notice").last).to_contain_text("imported")
    expect(demo).to_have_attribute("data-moves", moves)

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "seed": 10}))
    demo.locator(".game-import-input").set_input_files(str(bad))
    expect(demo.locator(".game-notice--problem").last).to_contain_text("cannot be imported")
    expect(demo).to_have_attribute("data-moves", moves)


def test_the_new_game_form_fits_a_360px_phone_in_haitian_creole(page, site_url):
    # A select is as wide as its longest option ("4 jwè (ou menm ak 3 jwè òdinatè)"); in the form's grid it
    # widened the column past the screen, and overflow hidden by the page cut the form's right side off.
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url, "ht")
    form = page.locator("#demo form.game-setup")
    expect(form).to_be_visible()
    cut = form.evaluate("""form => {
      const right = Math.min(form.getBoundingClientRect().right, document.documentElement.clientWidth);
      return [...form.querySelectorAll("select, input, button, label, legend")]
        .filter((node) => node.getBoundingClientRect().right > right + 0.5)
        .map((node) => node.name || node.className || node.tagName);
    }""")
    assert cut == []


@pytest.mark.parametrize("language,damage,sentence", [
    ("sq", "deep", "It is damaged: it is not readable data."),
    ("ht", "big-seed", "A number in it is too large for this game."),
    ("su", "fourteen-players", "It was played with settings this page does not offer."),
])
def test_a_hostile_save_is_refused_in_the_readers_language_and_the_engine_keeps_working(
        page, site_url, built_site, language, damage, sentence):
    # JSON thousands of levels deep once overflowed Pyodide's stack ("the engine could not be loaded");
    # seeds past 2**53 and saves the page could not have made were accepted, or failed later.
    from engine import Match, Rules, game_record
    from scripts.sitebuild.uistrings import translate

    record = game_record(Match(Rules("mexican-train", "standard"), 14 if damage == "fourteen-players" else 4, 1))
    save = {"format": "chickenfoot-save", "version": 1, "bot": "careful", "round_over": False, "record": record}
    text = json.dumps(save)
    if damage == "deep":
        text = "[" * 5000 + "]" * 5000
    elif damage == "big-seed":
        text = text.replace(f'"seed": {record["seed"]}', '"seed": 123456789012345678901234')
    page.goto(f"{site_url}{language}/play/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [GAME_KEY, text])
    page.reload()
    page.locator("#demo .demo__start").click()
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "setup", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".game-notice--problem")).to_contain_text(translate(sentence, language))
    new_game(page, "chicken-foot", set_size=6, seed=3)  # the engine still answers
    expect(demo).to_have_attribute("data-game-state", "playing")
