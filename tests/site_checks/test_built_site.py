"""The built site (``site/``, made by ``mkdocs build``): every language has the structure of the English."""

from __future__ import annotations

import json
import re

import pytest

from engine.rule_ids import RULE_PAGES
from scripts.sitebuild import plurals, project, uistrings
from site_html import SITE, article, document, page_path, structure

PAGES = [page.stem for page in project.page_sources()]
TRANSLATED = project.target_languages()
APPS = ("tutorial", "play", "house-rules", "scores", "embed", "practice", "rooms")
RULES_PAGES = [page for page in PAGES if page not in APPS]


@pytest.fixture(scope="module", autouse=True)
def _site(built_site):
    return built_site


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("page_name", PAGES)
def test_translated_page_has_the_structure_of_the_english(page_name, language):
    english, translated = structure("en", page_name), structure(language, page_name)
    assert translated.headings == english.headings, "headings and their anchors"
    assert translated.tables == english.tables, "tables and their sizes"
    assert translated.admonitions == english.admonitions, "admonitions"
    assert translated.figures == english.figures, "diagrams and generated tables"
    assert translated.links == english.links, "links"


@pytest.mark.parametrize("language", project.languages())
def test_every_rule_id_is_an_anchor_of_its_page_in_every_language(language):
    missing = [rule_id for rule_id, page in RULE_PAGES.items()
               if not document(language, page).xpath(f"//*[@id='{rule_id}']")]
    assert not missing


@pytest.mark.parametrize("language", project.languages())
@pytest.mark.parametrize("page_name", PAGES)
def test_page_declares_its_language_and_has_a_description(page_name, language):
    doc = document(language, page_name)
    assert doc.get("lang") == language
    descriptions = doc.xpath("//meta[@name='description']/@content")
    assert descriptions and descriptions[0].strip()


@pytest.mark.parametrize("language", project.languages())
def test_the_menu_names_every_page_by_its_title_in_the_language(language):
    # MkDocs takes a page's name from its first element only when that is the H1: a banner above the title
    # (a page partly translated) once left the menu and <title> with "Chicken foot", made from the file name.
    menu = document(language, "index").xpath("//nav[contains(@class, 'md-nav--primary')]/ul/li/a")
    titles = [article(language, page).xpath(".//h1")[0].text_content().replace("\u00b6", "").strip()
              for page in PAGES]
    assert sorted(a.text_content().strip() for a in menu) == sorted(titles)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("page_name", PAGES)
def test_a_page_not_fully_translated_says_so_and_a_translated_one_does_not(page_name, language):
    from scripts.sitebuild import pages

    source = project.DOCS / f"{page_name}.md"
    catalog = project.catalog_path(language, page_name)
    complete = catalog.exists() and pages.translate(source, catalog).complete
    banner = article(language, page_name).xpath(".//div[contains(@class, 'translation-banner')]")
    if not complete:
        assert banner, "an untranslated page must say so"
    elif not banner:
        description = document(language, page_name).xpath("//meta[@name='description']/@content")[0]
        english = document("en", page_name).xpath("//meta[@name='description']/@content")[0]
        assert description != english, "a translated page has a description in its language"


@pytest.mark.parametrize("language", project.languages())
@pytest.mark.parametrize("page_name", RULES_PAGES)
def test_rules_page_loads_no_app_and_nothing_from_another_site(page_name, language):
    doc = document(language, page_name)
    # what the browser loads (a canonical link is an address, not a resource)
    sources = doc.xpath("//script/@src|//link[not(@rel='canonical')]/@href|//img/@src|//iframe/@src")
    assert not [s for s in sources if "assets/demo" in s or "pyodide" in s.lower()]
    assert not [s for s in sources if re.match(r"(https?:)?//", s)], "third-party resources"
    assert not doc.xpath("//*[@id='demo']")


@pytest.mark.parametrize("language", project.languages())
@pytest.mark.parametrize("app", APPS)
def test_app_page_mounts_its_app_in_the_page_language(app, language):
    doc = document(language, app)
    mount = doc.xpath("//div[@id='demo']")
    assert mount and mount[0].get("data-app") == app and mount[0].get("data-lang") == language
    assert mount[0].get("data-state") == "idle"
    loader = doc.xpath("//script[@type='module']/@src")
    depth = 1 if language == "en" else 2  # /<app>/ or /<lang>/<app>/
    assert "../" * depth + "assets/demo/loader.js" in loader
    # laid out where it belongs from the first paint: the last element of its section (before the next
    # heading), never moved there by the loader (everything below would jump)
    section = doc.xpath(f"//*[@id='{app}-app']")
    if section:
        following = mount[0].xpath("following-sibling::*[not(self::script)][1]")
        assert not following or re.fullmatch(r"h[1-6]", following[0].tag), following[0].tag
        between = mount[0].xpath("preceding-sibling::*[self::h1 or self::h2 or self::h3 or self::h4][1]")
        assert between and between[0].get("id") == f"{app}-app"


@pytest.mark.parametrize("language", project.languages())
def test_each_language_has_its_own_search_index_of_its_own_pages(language):
    root = SITE if language == "en" else SITE / language
    index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = [doc["location"] for doc in index["docs"]]
    assert locations, "an empty index"
    pages = {location.split("#")[0].rstrip("/") for location in locations}
    assert pages == {"" if page == "index" else page for page in PAGES}
    for location in locations:  # relative to the language root, and leading to a built page
        assert (root / location.split("#")[0] / "index.html").exists(), location
    if language == "en":
        assert index["config"]["pipeline"] == ["stopWordFilter"]
    else:
        assert index["config"]["pipeline"] == [], "no English stemmer or stop words on other languages"


@pytest.mark.parametrize("language", project.languages())
def test_search_on_each_page_looks_in_its_language_root(language):
    config = json.loads(document(language, "chicken-foot").xpath("//script[@id='__config']/text()")[0])
    assert config["base"] == (f"../../{language}/" if language != "en" else "..")


def test_sitemap_lists_every_page_in_every_language_with_its_alternates():
    import xml.etree.ElementTree as ElementTree

    namespaces = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = ElementTree.parse(SITE / "sitemap.xml").getroot().findall("s:url", namespaces)
    assert len(urls) == len(PAGES) * len(project.languages())
    for url in urls:
        alternates = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", namespaces)}
        assert set(alternates) == {*project.languages(), "x-default"}
        assert alternates["x-default"] == alternates["en"]
        assert url.find("s:loc", namespaces).text in alternates.values()


def test_language_menu_leads_to_the_same_page_in_each_language():
    links = document("ht", "variants").xpath("//a[contains(@class, 'md-select__link')]")
    targets = {a.get("hreflang"): a.get("href") for a in links}
    assert targets == {code: "./" if code == "ht" else "../../variants/" if code == "en" else f"../../{code}/variants/"
                       for code in project.languages()}


@pytest.mark.parametrize("language", project.languages())
def test_ui_catalog_is_compiled_for_the_apps(language):
    compiled = json.loads((SITE / "assets" / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    assert compiled == uistrings.compiled(language)
    assert compiled[""]["plural_categories"] == plurals.category_indexes(language)


def test_numbers_are_written_as_each_language_writes_them():
    def chance_cells(language):
        table = article(language, "numbers").xpath(".//table[@data-generated='boneyard-chance']")[0]
        return [cell.text for cell in table.xpath(".//tbody/tr/td[last()]")]

    assert "27.3%" in chance_cells("en")
    assert "27,3%" in chance_cells("sq")  # CLDR: Albanian writes a decimal comma


@pytest.mark.parametrize("language", project.languages())
def test_diagrams_are_inline_svg_with_a_title_description_and_caption(language):
    figures = article(language, "chicken-foot").xpath(".//figure[@data-generated]")
    assert [f.get("data-generated") for f in figures] == ["starting-double", "chicken-foot", "unfinishable-foot"]
    for figure in figures:
        svg = figure.xpath("./*[local-name()='svg']")[0]
        assert svg.get("role") == "img"
        assert svg.xpath("./*[local-name()='title']")[0].text.strip()
        assert svg.xpath("./*[local-name()='desc']")[0].text.strip()
        assert figure.xpath("./figcaption")[0].text_content().strip()


def test_site_pages_exist_for_every_language():
    missing = [str(page_path(language, page)) for language in project.languages() for page in PAGES
               if not page_path(language, page).exists()]
    assert not missing


def _not_found(language: str):
    import lxml.html

    prefix = SITE if language == project.SOURCE_LANGUAGE else SITE / language
    return lxml.html.fromstring((prefix / "404.html").read_bytes())


def _home(language: str) -> str:
    return "/" if language == project.SOURCE_LANGUAGE else f"/{language}/"


@pytest.mark.parametrize("language", project.languages())
def test_a_head_has_material_s_meta_and_the_manifest_but_no_alternates_that_cost_requests(language):
    # overrides/main.html extends Material's site_meta block; hooks.py takes out the hreflang alternates
    # (Material fetches sitemap.xml under each one's address: 404s) and the generator's version line
    for doc in (document(language, "index"), document(language, "chicken-foot"), _not_found(language)):
        head = doc.find("head")
        assert len(head.xpath("meta[@charset]")) == 1 and len(head.xpath("meta[@name='viewport']")) == 1
        assert len(head.xpath("meta[@name='description']")) == 1 and len(head.xpath("link[@rel='icon']")) == 1
        assert [href.rsplit("/", 1)[-1] for href in head.xpath("link[@rel='manifest']/@href")] == [
            "manifest.webmanifest"]
        assert not head.xpath("link[@rel='alternate']") and not head.xpath("meta[@name='generator']")


@pytest.mark.parametrize("language", project.languages())
def test_each_language_has_a_not_found_page_with_its_own_chrome(language):
    from scripts.sitebuild import hooks

    doc = _not_found(language)
    title = uistrings.translate(hooks.NOT_FOUND_TITLE, language)
    assert doc.get("lang") == language
    assert doc.xpath("//title")[0].text.strip().startswith(f"{title} - ")
    assert doc.xpath("//article//h1")[0].text == title
    assert doc.xpath("//article/div[@lang]")[0].get("lang") == language
    logo = doc.xpath("//a[contains(@class, 'md-header__button md-logo')]/@href")[0]
    assert logo.rstrip(".") == _home(language)
    top_menu = "//nav[contains(@class, 'md-nav--primary')]/ul/li/a"
    menu = [(a.text_content().strip(), a.get("href")) for a in doc.xpath(top_menu)]
    home = document(language, "index").xpath(top_menu)
    assert [text for text, _ in menu] == [a.text_content().strip() for a in home], "the language's own menu"
    assert all(href.startswith(_home(language)) for _, href in menu)
    languages = {a.get("hreflang"): a.get("href") for a in doc.xpath("//a[contains(@class, 'md-select__link')]")}
    assert languages == {code: _home(code) for code in project.languages()}, "the language menu leads home"
    config = json.loads(doc.xpath("//script[@id='__config']")[0].text)
    assert config["base"] == _home(language), "search loads this language's index"


def test_root_not_found_page_is_english_and_says_it_in_every_language_with_a_link_home():
    from scripts.sitebuild import hooks

    notices = _not_found(project.SOURCE_LANGUAGE).xpath("//article/div[@lang]")
    assert [notice.get("lang") for notice in notices] == project.languages()
    for notice in notices:
        language = notice.get("lang")
        assert notice.xpath(".//h1|.//h2")[0].text == uistrings.translate(hooks.NOT_FOUND_TITLE, language)
        link = notice.xpath(".//a")[0]
        assert link.text == uistrings.translate(hooks.NOT_FOUND_HOME, language)
        assert link.get("href") in {_home(language), "/index.html"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translated_not_found_page_speaks_only_its_own_language(language):
    from scripts.sitebuild import hooks

    notices = _not_found(language).xpath("//article/div[@lang]")
    assert [notice.get("lang") for notice in notices] == [language]
    link = notices[0].xpath(".//a")[0]
    assert (link.text, link.get("href")) == (uistrings.translate(hooks.NOT_FOUND_HOME, language), _home(language))
