"""Search in each language finds that language's pages, and keeps the words English would drop."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from scripts.sitebuild.project import languages

SITE = Path(__file__).resolve().parents[2] / "site"
LANGUAGES = tuple(languages())  # mkdocs.yml's list
# lunr's English stop words (lunr.stopWordFilter): dropped from English search, kept for the other languages.
ENGLISH_STOP_WORDS = set(
    "a able about across after all almost also am among an and any are as at be because been but by can cannot "
    "could dear did do does either else ever every for from get got had has have he her hers him his how however "
    "i if in into is it its just least let like likely may me might most must my neither no nor not of off often "
    "on only or other our own rather said say says she should since so some than that the their them then there "
    "these they this tis to too twas us wants was we were what when where which while who whom why will with "
    "would yet you your".split()
)


def _index(language: str) -> dict:
    root = SITE if language == "en" else SITE / language
    return json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))


def _words(language: str) -> list[str]:
    text = " ".join(doc["text"] + " " + doc["title"] for doc in _index(language)["docs"])
    return re.findall(r"[^\W\d_]+", re.sub(r"<[^>]+>", " ", text).lower())


def _search(page, site_url: str, language: str, query: str):
    prefix = "" if language == "en" else f"{language}/"
    page.goto(f"{site_url}{prefix}chicken-foot/")
    opener = page.locator("label.md-header__button[for='__search']")  # the phone's search button
    if opener.is_visible():
        opener.click()
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(query, delay=30)
    return page.locator(".md-search-result__item a.md-search-result__link")


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_finds_pages_of_the_readers_language_only(page, site_url, language):
    words = [word for word in _words(language) if len(word) > 5 and word not in ENGLISH_STOP_WORDS]
    query = max(set(words), key=words.count)  # the language's most frequent long word
    results = _search(page, site_url, language, query)
    expect(results.first).to_be_visible(timeout=15_000)
    hrefs = [results.nth(i).get_attribute("href") for i in range(results.count())]
    prefix = site_url if language == "en" else f"{site_url}{language}/"
    assert all(href.startswith(prefix) for href in hrefs), hrefs
    if language == "en":
        others = "|".join(LANGUAGES[1:])
        assert not [href for href in hrefs if re.match(rf"{re.escape(site_url)}({others})/", href)], hrefs


# Haitian Creole's words that are English stop words ("a", "an") all begin longer words, so
# prefix completion would find them even if dropped; its index's empty pipeline is checked in tests/site_checks.
@pytest.mark.parametrize("language", ["su", "sq"])
def test_a_word_that_is_an_english_stop_word_is_still_found(page, site_url, language):
    words = _words(language)
    # Search completes the last word as a prefix: take a word that begins no other word, so only the word
    # itself can match, and it matches only if the index kept it.
    candidates = [word for word in words if word in ENGLISH_STOP_WORDS
                  and not any(other != word and other.startswith(word) for other in set(words))]
    assert candidates, "no such word on this language's pages"
    query = max(set(candidates), key=candidates.count)
    results = _search(page, site_url, language, query)
    expect(results.first).to_be_visible(timeout=15_000)


def test_english_search_drops_english_stop_words(page, site_url):
    words = _words("en")
    kept = {word for word in words if word not in ENGLISH_STOP_WORDS}
    # Search completes the last word as a prefix: take a stop word that begins no word the index keeps.
    candidates = [word for word in words if word in ENGLISH_STOP_WORDS
                  and not any(other.startswith(word) for other in kept)]
    assert candidates, "no English stop word to try"
    query = max(set(candidates), key=candidates.count)
    results = _search(page, site_url, "en", query)
    expect(page.locator(".md-search-result__meta")).to_be_visible(timeout=15_000)
    page.wait_for_timeout(500)
    assert results.count() == 0, query
