"""The catalogs: in step with the English, complete, and with the markup of every entry intact."""

from __future__ import annotations

import pytest

from scripts.sitebuild import catalogs, markup, project
from scripts.sitebuild.generated.glossary import terms

from site_catalogs import all_entries, catalog, entries
from site_style import NOT_THE_TERM, article_at_end, glossary_rejected

LANGUAGE_DOMAINS = [(language, domain) for language in project.target_languages() for domain in project.all_domains()]


def _entry_keys(store) -> list[tuple[str, str]]:
    return [(unit.getcontext() or "", unit.source) for unit in store.units if not unit.isheader()
            and not unit.isobsolete()]


def test_templates_are_regenerated_from_the_current_english():
    current = catalogs.templates()
    stale = []
    for domain, template in current.items():
        path = project.template_path(domain)
        if not path.exists():
            stale.append(f"{path.relative_to(project.ROOT)} is missing")
            continue
        if _entry_keys(template) != _entry_keys(catalog_from(path)):
            stale.append(f"{path.relative_to(project.ROOT)} differs from the sources")
    assert not stale, "run `python -m scripts.sitebuild.catalogs update`:\n" + "\n".join(stale)


def catalog_from(path):
    from translate.storage import po

    return po.pofile.parsefile(str(path))


@pytest.mark.parametrize(("language", "domain"), LANGUAGE_DOMAINS)
def test_each_catalog_holds_every_entry_of_its_template(language, domain):
    template = catalog_from(project.template_path(domain))
    store = catalog(language, domain)
    assert store is not None, f"i18n/{language}/{domain}.po is missing: run the catalogs update"
    missing = set(_entry_keys(template)) - set(_entry_keys(store))
    assert not missing, f"i18n/{language}/{domain}.po lacks {len(missing)} entries: run the catalogs update"


@pytest.mark.parametrize(("language", "domain"), LANGUAGE_DOMAINS)
def test_shipped_language_is_fully_translated_with_no_fuzzy_entries(language, domain):
    problems = [f"{'fuzzy' if e.fuzzy else 'untranslated'}: {e.where}"
                for e in entries(language, domain) if e.fuzzy or not e.translation.strip()]
    assert not problems, f"{len(problems)} entries to translate:\n" + "\n".join(problems[:15])


def test_translations_keep_the_markup_of_the_english():
    problems = []
    for entry in all_entries():
        if not entry.translation or entry.fuzzy:
            continue
        for problem in markup.compare(entry.english, entry.translation, theme=entry.domain == project.THEME_DOMAIN):
            problems.append(f"{entry.where}\n    {problem}")
    assert not problems, "\n".join(problems)


def _words(english: str) -> str:
    """The English an entry says in words: not its placeholders ({double}) or code (`double-six`)."""
    for kind in ("placeholder", "inline code", "address", "html"):
        english = markup.MARKUP[kind].sub(" ", english)
    return NOT_THE_TERM.sub(" ", english)


def glossary_misses(entries) -> list[str]:
    """Entries whose English uses a glossary term and whose translation (every form) lacks the language's word."""
    glossary = terms()
    problems = []
    for entry in entries:
        if not entry.translation or entry.fuzzy or entry.domain == project.THEME_DOMAIN:
            continue
        for term in glossary:
            if entry.domain == "glossary" and entry.english == term.english:
                continue
            wanted = term.pattern(entry.language)
            if wanted is None or not term.english_pattern().search(_words(entry.english)):
                continue
            missing = [form for form in entry.forms if not wanted.search(form)]
            if missing:
                problems.append(f"{entry.where}\n    '{term.english}' should be one of {term.forms[entry.language]}"
                                f" (whole words): {missing[0][:90]!r}")
    return problems


def test_glossary_terms_are_translated_with_the_glossary_word():
    problems = glossary_misses(all_entries())
    assert not problems, f"{len(problems)} entries:\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("language", project.target_languages())
def test_glossary_accepts_no_bare_word_software_sense_article_or_english_for_a_term(language):
    """A form listed for a term must name the term, not a word that also means something else: Creole "bout"
    alone is any end, "pran" any taking, "motè" the program; Sundanese "pas" alone is "just right"."""
    rejected, with_article = glossary_rejected(language), article_at_end(language)
    problems = []
    for term in terms():
        forms = {form.lower() for form in term.forms.get(language, ())}
        banned = set(rejected.get(term.english, set())) | {term.english.lower()}
        problems += [f"'{term.english}' accepts {form!r}" for form in sorted(forms & banned)]
        if with_article and with_article.search(term.translations.get(language, "")):
            problems.append(f"'{term.english}' is named with its article: {term.translations[language]!r}")
    assert not problems, f"i18n/{language}/glossary.po:\n" + "\n".join(problems)


def test_glossary_check_rejects_a_bare_word_and_ignores_the_software_sense_of_engine():
    draw = next(term for term in terms() if term.english == "Draw")
    assert not draw.pattern("ht").search("Pyòch la vid: ou pa ka pran ladan l.")
    assert draw.pattern("ht").search("Ou pran yon tuil nan pyòch la.")
    assert not next(term for term in terms() if term.english == "Engine").english_pattern().search(
        _words("Downloading the game engine"))


def test_markup_check_catches_a_renamed_placeholder_a_lost_link_and_a_changed_number():
    problems = markup.compare("Read the [rules]{1}: {count} tiles, 50 points.", "Li règ yo: {kantite} tuil, 5 pwen.")
    kinds = {problem.kind for problem in problems}
    assert kinds == {"link/image slot", "placeholder", "number"}


def test_markup_check_catches_a_translated_admonition_type():
    assert markup.compare('!!! note "Draw one"', '!!! nòt "Pran youn"')
    assert not markup.compare('!!! note "Draw one"', '!!! note "Pran youn sèlman"')
