"""The one-source pipeline itself: extraction, translation, completeness, formatting, search split."""

from __future__ import annotations

import re

from translate.storage import po

from scripts.sitebuild import pages, project, search_index
from scripts.sitebuild.generated import formatting

CHICKEN_FOOT = project.DOCS / "chicken-foot.md"
ANCHOR = re.compile(r"^#+ .*\{#([a-z0-9-]+)\}$", re.MULTILINE)
MARKER = re.compile(r"^<!-- sitebuild: .* -->$", re.MULTILINE)


def _catalog(tmp_path, translate) -> po.pofile:
    catalog = pages.extract(CHICKEN_FOOT)
    for unit in catalog.units:
        if not unit.isheader():
            translated = translate(unit.source)
            if translated is not None:
                unit.target = translated
    path = tmp_path / "chicken-foot.po"
    path.write_bytes(bytes(catalog))
    return path


def _pretend(text: str) -> str:
    # A stand-in translation that rewrites words and keeps the markup, as a translator must.
    if text.startswith("!!! "):
        return re.sub(r'"(.*)"', r'"ZZ \1"', text)
    return "ZZ " + text


def test_a_fully_translated_page_keeps_every_anchor_marker_and_admonition(tmp_path):
    result = pages.translate(CHICKEN_FOOT, _catalog(tmp_path, _pretend))
    english = CHICKEN_FOOT.read_text(encoding="utf-8")
    assert result.complete
    assert ANCHOR.findall(result.markdown) == ANCHOR.findall(english)
    assert MARKER.findall(result.markdown) == MARKER.findall(english)
    assert result.markdown.count("!!! note") == english.count("!!! note")
    assert "## ZZ The chicken foot {#cf-chicken-foot}" in result.markdown
    assert "demo:" not in result.markdown and "description: ZZ " in result.markdown


def test_a_page_with_one_entry_left_is_partial_and_keeps_that_entry_in_english(tmp_path):
    left = "The chicken foot"
    result = pages.translate(CHICKEN_FOOT, _catalog(tmp_path, lambda text: None if text == left else _pretend(text)))
    assert result.started and not result.complete
    assert result.translated == result.units - 1
    assert "## The chicken foot {#cf-chicken-foot}" in result.markdown


def test_fuzzy_translations_are_not_shown(tmp_path):
    path = _catalog(tmp_path, _pretend)
    catalog = po.pofile.parsefile(str(path))
    for unit in catalog.units:
        if unit.source == "The chicken foot":
            unit.markfuzzy(True)
    path.write_bytes(bytes(catalog))
    result = pages.translate(CHICKEN_FOOT, path)
    assert "## The chicken foot {#cf-chicken-foot}" in result.markdown and not result.complete


def test_front_matter_data_is_not_offered_to_translators():
    sources = pages.source_strings(project.DOCS / "tutorial.md")
    assert "tutorial" not in sources
    assert any(source.startswith("A step-by-step Chicken Foot tutorial") for source in sources)


def test_percentages_follow_each_languages_conventions():
    assert formatting.percent(15 / 55, "en") == "27.3%"
    assert formatting.percent(15 / 55, "sq") == "27,3%"
    assert formatting.percent(0.2, "fr") == "20,0\u00a0%"  # a space before the sign, as French writes it
    assert formatting.percent(0.2, "tr") == "%20,0"  # the sign first, as Turkish writes it
    assert formatting.integer(1092, "en") == "1,092"


def test_search_entries_are_split_by_language_and_located_from_the_language_root():
    entries = [{"location": "", "title": "Home"}, {"location": "ht/", "title": "Akèy"},
               {"location": "ht/chicken-foot/#cf-deal", "title": "Distribisyon"},
               {"location": "chicken-foot/#cf-deal", "title": "The deal"}]
    languages = ["en", "ht", "su", "sq"]
    assert [e["location"] for e in search_index.language_entries(entries, "ht", languages)] == [
        "", "chicken-foot/#cf-deal"]
    assert [e["title"] for e in search_index.language_entries(entries, "en", languages)] == ["Home", "The deal"]


def test_merging_one_language_does_not_leak_its_words_into_the_next():
    from scripts.sitebuild import catalogs

    template = pages.extract(project.DOCS / "index.md")
    translated = po.pofile(bytes(template))
    for unit in translated.units:
        if not unit.isheader():
            unit.target = "ZZ " + unit.source
    catalogs.merge(template, translated, "ht")
    empty = catalogs.merge(template, po.pofile(bytes(template)), "su")
    leaked = [unit.target for unit in empty.units if not unit.isheader() and (unit.target or unit.isfuzzy())]
    assert not leaked


def test_merging_keeps_translations_and_marks_changed_english_fuzzy():
    from scripts.sitebuild import catalogs

    template = pages.extract(project.DOCS / "index.md")
    old = po.pofile(bytes(template))
    paragraph = next(unit for unit in old.units if unit.source.startswith("Players take turns"))
    paragraph.target = "Jwè yo youn apre lòt ..."
    edited = paragraph.source.replace("one shared layout", "a single shared layout")
    changed = po.pofile(bytes(template))
    for unit in changed.units:
        if unit.source == paragraph.source:
            unit.source = edited
    merged = catalogs.merge(po.pofile(bytes(changed)), old, "ht")
    unit = next(u for u in merged.units if u.source == edited)
    assert unit.target == "Jwè yo youn apre lòt ..." and unit.isfuzzy()


def test_untranslated_page_banner_speaks_the_readers_language_and_english_when_it_cannot():
    from scripts.sitebuild import banners, uistrings

    haitian = banners.banner("missing", "ht")
    assert haitian.startswith('!!! warning translation-banner "')
    assert uistrings.translate(banners.NOT_TRANSLATED_TITLE, "ht") in haitian
    assert banners.NOT_TRANSLATED not in haitian
    # A language added before its ui catalog exists still gets the notice, in English rather than none.
    assert banners.NOT_TRANSLATED in banners.banner("missing", "fr")
    assert banners.banner("complete", "ht") == "" and banners.banner("source", "en") == ""
