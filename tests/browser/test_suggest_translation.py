"""The footer's "Suggest a better translation" link in the browser: the sentence the reader selected is added
to the prefilled mail, and kept once the selection collapses (a tap on the link clears it on a phone)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest


def _body(page) -> str:
    return parse_qs(urlsplit(page.locator(".suggest-translation a").get_attribute("href")).query)["body"][0]


@pytest.mark.parametrize("language", ["ht", "sq"])
def test_the_selected_sentence_is_prefilled_in_the_mail_and_kept_after_the_selection_collapses(page, site_url,
                                                                                               language):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}{language}/strategy/")
    assert "“" not in _body(page)  # nothing selected yet: the plain link, as without scripts
    sentence = page.evaluate("""() => {
        const paragraph = document.querySelector("article p:not(.admonition-title)");
        const range = document.createRange();
        range.selectNodeContents(paragraph);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return getSelection().toString().replace(/\\s+/g, " ").trim();
    }""")
    page.wait_for_function("() => document.querySelector('.suggest-translation a').href.includes('%E2%80%9C')")
    page.evaluate("getSelection().removeAllRanges()")
    page.wait_for_timeout(100)
    body = _body(page)
    assert f"“{sentence[:600]}”" in body
    assert f"({language})" in body and f"{language}/strategy/" in body
