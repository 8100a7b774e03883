"""Every tile lying on the table has its own accessible name, in the reader's language."""

from __future__ import annotations

import json

from playwright.sync_api import expect

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
