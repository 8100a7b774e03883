"""The browser picks each language's plural form the way the build (and gettext) does, with Intl.PluralRules and
no eval: Chromium knows Albanian's and English's rules; Haitian Creole and Sundanese have one form, so a
missing rule in the browser changes nothing."""

from __future__ import annotations

import pytest

from scripts.sitebuild import plurals, uistrings
from scripts.sitebuild.project import languages

LANGUAGES = tuple(languages())  # mkdocs.yml's list
SAMPLES = (0, 1, 2, 3, 5, 11, 21, 100, 101, 1000)
MESSAGE = uistrings.Plural("Boneyard: {count} tile.", "Boneyard: {count} tiles.")


def _strings_module(page, site_url) -> None:
    page.goto(f"{site_url}play/")
    page.evaluate("async () => { window.__strings = await import('/assets/demo/strings.js'); }")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_browser_chooses_the_plural_form_the_catalog_rule_gives(page, site_url, language):
    _strings_module(page, site_url)
    shown = page.evaluate(
        """async ([language, singular, plural, samples]) => {
             await window.__strings.loadStrings(language);
             return samples.map((n) => window.__strings.tn(singular, plural, n));
           }""", [language, MESSAGE.singular, MESSAGE.plural, list(SAMPLES)])
    expected = [uistrings.translate_plural(MESSAGE, n, language, count=n) for n in SAMPLES]
    assert shown == expected


def test_chromium_has_the_plural_rules_of_every_language_with_more_than_one_form(page, site_url):
    _strings_module(page, site_url)
    supported = page.evaluate("(codes) => Intl.PluralRules.supportedLocalesOf(codes)", list(LANGUAGES))
    needs_rules = [language for language in LANGUAGES if len(plurals.category_indexes(language)) > 1]
    assert needs_rules == ["en", "sq"]
    assert set(needs_rules) <= {code.split("-")[0] for code in supported}, supported


def test_a_lesson_text_that_counts_is_translated_with_its_plural_form(page, site_url):
    _strings_module(page, site_url)
    text = page.evaluate(
        """async () => {
             await window.__strings.loadStrings("sq");
             const counting = {msgid: "Each number is on {per_number} tile.",
                               plural: "Each number is on {per_number} tiles.", count: "per_number"};
             return [window.__strings.t(counting, {per_number: 1}), window.__strings.t([counting], {per_number: 10})];
           }""")
    message = uistrings.Plural("Each number is on {per_number} tile.", "Each number is on {per_number} tiles.")
    assert text == [uistrings.translate_plural(message, n, "sq", per_number=n) for n in (1, 10)]
    assert text[0] != text[1].replace("10", "1"), "Albanian says 1 gur but 10 gurë"
