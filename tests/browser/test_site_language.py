"""The language menu leads to the same page in the chosen language, on a phone and on a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scripts.sitebuild.project import language_names, target_languages

LANGUAGE_NAMES = language_names()  # mkdocs.yml's, as the language menu shows them


def _choose_language(page, name: str) -> None:
    page.locator(".md-header__option .md-select").hover()
    page.locator(".md-select__link", has_text=name).click()


@pytest.mark.parametrize("width", [360, 1280])
def test_language_menu_opens_the_same_page_in_each_language(page, site_url, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{site_url}variants/")
    for language in [*target_languages(), "en"]:
        _choose_language(page, LANGUAGE_NAMES[language])
        prefix = "" if language == "en" else f"{language}/"
        expect(page).to_have_url(f"{site_url}{prefix}variants/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#rule-sets")).to_be_attached()


def test_a_rule_anchor_survives_the_language_change(page, site_url):
    page.goto(f"{site_url}ht/chicken-foot/#cf-chicken-foot")
    expect(page.locator("#cf-chicken-foot")).to_be_in_viewport()
    _choose_language(page, LANGUAGE_NAMES["sq"])
    expect(page).to_have_url(f"{site_url}sq/chicken-foot/")
    page.goto(f"{site_url}sq/chicken-foot/#cf-chicken-foot")
    expect(page.locator("#cf-chicken-foot")).to_be_in_viewport()
