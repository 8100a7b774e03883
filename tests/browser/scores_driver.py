"""Drives the score keeper like a player at a real table: names in the form, then each round tile by tile (or
typed), counting every tap. The matches it enters are real ones (tests/played_matches.py), so the page's
totals and winner can be compared with the engine's own."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from playwright.sync_api import Page, expect

from played_matches import PlayedRound

ENGINE_TIMEOUT = 90_000


class Taps:
    """Clicks and key presses, counted: what a player's thumb does."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def click(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1

    def type(self, selector: str, text: str) -> None:
        self.click(selector)
        self.page.locator(selector).press_sequentially(text)
        self.count += len(text)


def start_sheet(page: Page, names: list[str], taps: Taps | None = None) -> None:
    """Types the names (adding or removing players) and opens the sheet, waiting for the engine."""
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-view", "setup")
    while demo.locator(".scores-name input").count() < len(names):
        demo.locator(".scores-add-player").click()
    while demo.locator(".scores-name input").count() > len(names):
        demo.locator(".scores-remove-player").click()
    for seat, name in enumerate(names):
        demo.locator(f"#scores-name-{seat}").fill(name)
    demo.locator(".scores-start").click()
    expect(demo).to_have_attribute("data-view", "sheet", timeout=ENGINE_TIMEOUT)


def enter_round(page: Page, played: PlayedRound, taps: Taps, typed: list | None = None) -> None:
    """One round: who went out (and on a double), then each other hand's tiles tapped in the picker, or the
    pips typed where ``typed`` gives them; then Save."""
    sheet = page.locator(".scores-sheet")
    before = int(sheet.get_attribute("data-rounds"))
    entry = page.locator(".scores-entry")
    expect(entry).to_have_attribute("data-double", str(played.double))
    for seat, tiles in enumerate(played.hands):
        row = f".scores-entry .scores-hand[data-seat='{seat}']"
        if seat == played.out:
            taps.click(f"{row} .scores-out")
            if played.on_double and page.locator(f"{row} .scores-on-double").is_visible():  # Kelley's penalty
                taps.click(f"{row} .scores-on-double")
        elif typed is not None:
            taps.type(f"{row} .scores-pips", str(typed[seat]))
        else:
            taps.click(f"{row} .scores-count")
            for tile in tiles:
                taps.click(f"{row} .scores-tile[data-tile='{tile}']")
    taps.click(".scores-entry .scores-save")
    expect(sheet).to_have_attribute("data-rounds", str(before + 1))


@cache
def _catalog(site: Path, language: str) -> dict:
    return json.loads((site / "assets" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))


def translated(site: Path, language: str, msgid: str) -> str:
    """The catalog's translation of ``msgid``, as the page shows it (a test of the words, not of a copy)."""
    text = _catalog(site, language)[msgid]
    assert language == "en" or text != msgid, f"{msgid!r} is not translated into {language}"
    return text


def pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF that Chromium printed (its page objects; "/Type /Pages" is their parent)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
