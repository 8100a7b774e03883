"""The footer's "Suggest a better translation" link (overrides/partials/suggest-translation.html): on every page
of every language, a plain mailto: link that works without scripts, in the page's language, with the page's
address and language prefilled, to the one address mkdocs.yml's extra.translation_feedback names."""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from scripts.sitebuild import project, suggest, uistrings

from site_html import document

PAGES = [page.stem for page in project.page_sources()]


@pytest.fixture(scope="module", autouse=True)
def _site(built_site):
    return built_site


def _words(message: str, language: str) -> str:
    return uistrings.translate_or_none(message, language) or message


@pytest.mark.parametrize("language", project.languages())
@pytest.mark.parametrize("page_name", PAGES)
def test_every_page_links_to_a_prefilled_mail_in_its_language(page_name, language):
    links = document(language, page_name).xpath("//footer//p[@class='suggest-translation']/a")
    assert len(links) == 1
    link = links[0]
    assert link.text_content().strip() == _words(suggest.LINK, language)
    address = urlsplit(link.get("href"))
    assert address.scheme == "mailto" and unquote(address.path) == project.translation_feedback()["mail"]
    fields = parse_qs(address.query)
    body = fields["body"][0]
    page_url = f"{'' if language == 'en' else language + '/'}{'' if page_name == 'index' else page_name + '/'}"
    assert body.startswith(_words(suggest.PAGE_LINE, language).format(address="")) and page_url in body
    assert f"({language})" in body and project.language_names()[language] in fields["subject"][0]
    assert _words(suggest.SENTENCE_LINE, language) in body and _words(suggest.BETTER_LINE, language) in body
    # the script that adds the selected sentence is a file (the CSP allows no inline script), loaded late
    scripts = document(language, page_name).xpath("//footer//script/@src")
    assert any(src.endswith("assets/javascripts/suggest-translation.js") for src in scripts)
