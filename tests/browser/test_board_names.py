"""Every tile lying on the table has its own accessible name, in the reader's language."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from game_driver import new_game, open_game, play_one_human_move

from test_tutorial import click_move, start_tutorial  # tests/browser is on sys.path (rootdir import mode)


def catalog(site_url_dir, language: str) -> dict:
    return json.loads((site_url_dir / "assets" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))


def test_tiles_on_the_table_are_named_with_their_place_in_the_readers_language(page, site_url, built_site):
    strings = catalog(built_site, "ht")
    demo = start_tutorial(page, site_url, "ht")
    middle = strings["{tile}, in the middle of the table"].split("{tile}")[1]  # ", nan mitan tab la"
    root = demo.locator('.demo-table g[data-tile="9-9"]')
    expect(root).to_have_attribute("role", "img")
    assert middle in root.get_attribute("aria-label")

    click_move(demo, "9-4@n")  # lesson 1's answer: [9-4] on the north arm
    laid = demo.locator('.demo-table g[data-tile="9-4"]')
    label = laid.get_attribute("aria-label")
    assert strings["the north arm"] in label and strings["{tile} on {end}"].split("{tile}")[0] in label, label


def test_trains_carry_their_owners_names_on_the_board_in_the_log_and_on_the_tiles(page, site_url, built_site):
    # Mexican Train, 4 players, in Sundanese: seat 0 is the reader, seats 1-3 are "Computer 1" to "Computer 3"
    # (translated) on the board's train labels, in the log and in each laid tile's name; no fifth name exists
    strings = catalog(built_site, "su")
    frame = open_game(page, site_url, "su")
    new_game(frame, "mexican-train", players=4, seed=5)
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-turn", "mine", timeout=60_000)
    while page.locator(".demo-table text.dm-l").count() < 4:  # the computers' first trains, then the reader's
        play_one_human_move(frame)
        page.wait_for_function("() => { const d = document.querySelector('#demo');"
                               " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }")
    names = {strings["You"]} | {strings["Computer {number}"].replace("{number}", str(n)) for n in (1, 2, 3)}
    labels = set(page.locator(".demo-table text.dm-l").all_text_contents()) - {strings["Mexican train"]}
    assert labels and labels <= names, labels
    numbered = re.compile(re.escape(strings["Computer {number}"]).replace(re.escape("{number}"), r"(\d+)"))
    texts = [page.locator(".game-log-list").inner_text(),
             *page.locator(".demo-table g[data-tile]").evaluate_all("gs => gs.map((g) => g.getAttribute('aria-label'))")]
    seats = {int(n) for text in texts for n in numbered.findall(text or "")}
    assert seats and seats <= {1, 2, 3}, seats
    trains = [strings["Computer {number}'s train"].replace("{number}", str(n)) for n in (1, 2, 3)]
    assert any(train in (text or "") for text in texts[1:] for train in trains), texts[1:]
