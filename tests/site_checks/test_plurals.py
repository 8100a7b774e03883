"""Plurals: a text that counts something is a gettext plural entry in every language, and the browser picks
the form each language's rule gives.

The rule for a ui msgid (``i18n/templates/ui.pot``) that is not a plural entry: every ``{placeholder}`` in it
must be one of
- a word, not a number (``TEXT``): a tile's or an end's name, a player's name;
- a number that names or orders something and is never counted (``LABELS``): the number of a double or of a
  seat ("the double {number}", "Player {number}"), a round's place ("Round {round}"), a set's size
  ("double-{size}"), a deal number, the last round of a match ("after round {last}");
- a value after its label, ``Label: {n}`` (the placeholder follows ": " and ends the clause), where no word
  agrees with the number ("Toes still needed: {needed}.");
- or in a msgid of ``NOT_COUNTED``, each with the reason.
Any other placeholder counts something ("{count} tiles", "costs {points} points"), and its msgid must be a
plural entry: ``Nn_``/``tn`` (i18n/README.md). A new placeholder name is a count until it is listed here.
"""

from __future__ import annotations

import re

import pytest
from babel import Locale
from translate.storage import po

from scripts.sitebuild import markup, plurals, project, uistrings

from site_catalogs import catalog, entries
from site_style import plural_categories

TEXT = {"tile", "end", "player", "victim", "name", "value", "fallback", "double", "joined", "toes", "id",
        "game", "kept", "stronger", "weaker", "set", "date",
        "arm", "page", "language", "address", "played", "grade"}
# kept: a tile; stronger/weaker: levels; set: a set's name; arm: an arm's name ("the east arm"); page, language,
# address: a page's title, a language's name and a web address (the footer's "Suggest a better translation");
# played, grade: the review's move played and its grade's name ("a mistake")
LABELS = {"number", "round", "last", "size", "seed", "high", "low"}
NOT_COUNTED = {
    "Round {round} of {rounds}": "{rounds} is the match's length, and no word agrees with it: 'Round 3 of 10'.",
    "Reviewing your decisions: {done} of {total}…": "a place in the review's progress, as 'Round 3 of 10': "
                                                   "no word agrees with either number.",
    "Round {round} review: decision {number} of {total}": "{total} is the review's length: 'decision 3 of 7'.",
    "Puzzle {number} of {total}": "{total} is the practice session's length, and no word agrees with it: "
                                  "'Puzzle 3 of 10'.",
    "Downloading the game engine: {loaded} of {total} MB":
        "megabytes with a decimal, after a unit symbol no language here inflects: '2.4 of 8.1 MB'.",
    "The match is shared by {players}.": "{players} is the list of the winners' names.",
    "Rounds played: {count} of {total}.": "a value after its label, then the match's length, and no word agrees "
                                          "with either: 'Rounds played: 3 of 10'.",
}
LABEL_VALUE = re.compile(r":\s\{(\w+)\}(?=$|[.,;)]|\s·)")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def ui_template() -> po.pofile:
    return po.pofile.parsefile(str(project.template_path(project.UI_DOMAIN)))


def uncounted_numbers(msgid: str) -> set[str]:
    """The placeholders of a singular-only msgid that count something (the module's rule)."""
    if msgid in NOT_COUNTED:
        return set()
    after_label = set(LABEL_VALUE.findall(msgid))
    return {name for name in PLACEHOLDER.findall(msgid) if name not in TEXT | LABELS | after_label}


def test_every_ui_text_that_counts_something_has_plural_forms():
    problems = []
    for unit in ui_template().units:
        if unit.isheader() or unit.hasplural():
            continue
        counted = uncounted_numbers(str(unit.source))
        if counted:
            problems.append(f"{str(unit.source)[:90]!r}: {', '.join(sorted(counted))}")
    assert not problems, (
        "these msgids count something without plural forms: use Nn_()/tn(), or list the placeholder in "
        "tests/site_checks/test_plurals.py with the reason it does not count:\n" + "\n".join(problems))


def test_the_counting_rule_flags_a_count_and_accepts_names_labels_and_label_values():
    assert uncounted_numbers("Boneyard: {count} tiles.") == {"count"}
    assert uncounted_numbers("It would cost {pips} points.") == {"pips"}
    assert uncounted_numbers("{player} plays {tile} on the double {number}.") == set()
    assert uncounted_numbers("Toes still needed: {needed}. Left: {left}.") == set()
    assert uncounted_numbers("Round {round} of {rounds}") == set()
    assert uncounted_numbers("Your opponent holds {opponent}.") == {"opponent"}


def test_the_allowlist_names_only_msgids_that_exist():
    msgids = {str(unit.source) for unit in ui_template().units if not unit.isheader()}
    assert set(NOT_COUNTED) <= msgids, set(NOT_COUNTED) - msgids


def test_a_plural_msgid_has_the_same_placeholders_in_its_singular_and_plural():
    problems = [str(unit.source) for unit in ui_template().units
                if not unit.isheader() and unit.hasplural()
                and sorted(PLACEHOLDER.findall(unit.source.strings[0])) != sorted(
                    PLACEHOLDER.findall(unit.source.strings[1]))]
    assert not problems


@pytest.mark.parametrize("language", project.target_languages())
def test_every_catalog_declares_the_plural_forms_cldr_gives_its_language(language):
    wrong = []
    for domain in project.all_domains():
        store = catalog(language, domain)
        if store is not None and store.parseheader().get("Plural-Forms") != plurals.plural_forms(language):
            wrong.append(f"i18n/{language}/{domain}.po: {store.parseheader().get('Plural-Forms')!r}")
    assert not wrong, f"expected {plurals.plural_forms(language)!r} (run the catalogs update):\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", project.languages())
def test_cldr_plural_forms_of_the_shipped_languages(language):
    # Each language's STYLE.md says which categories it has (Haitian Creole and Sundanese nouns do not change
    # after a number; Albanian has one and other); English, the source, has one and other.
    said = ["one", "other"] if language == project.SOURCE_LANGUAGE else plural_categories(language)
    assert plurals.category_indexes(language) == {category: index for index, category in enumerate(said)}


@pytest.mark.parametrize("language", project.target_languages())
def test_every_plural_entry_has_each_form_of_its_language_and_each_keeps_the_placeholders(language):
    nplurals, _ = plurals.parse(plurals.plural_forms(language))
    problems = []
    for entry in entries(language, project.UI_DOMAIN):
        if not entry.is_plural or entry.fuzzy:
            continue
        if len(entry.forms) != nplurals:
            problems.append(f"{entry.where}: {len(entry.forms)} forms, the language has {nplurals}")
        for index, form in enumerate(entry.forms):
            for problem in markup.compare(entry.english_for(index), form):
                problems.append(f"{entry.where} form {index}: {problem}")
    assert not problems, "\n".join(problems)


def test_a_plural_form_that_lost_its_placeholder_is_caught():
    assert markup.compare("Boneyard: {count} tiles.", "Rezerva: një gur.")


@pytest.mark.parametrize("language", project.languages())
def test_the_build_picks_each_plural_form_by_the_languages_rule(language):
    table = uistrings.table(language)
    message = uistrings.Plural("Boneyard: {count} tile.", "Boneyard: {count} tiles.")
    forms = table[message.singular]
    assert isinstance(forms, list)
    one, many = (uistrings.translate_plural(message, n, language, count=n) for n in (1, 5))
    if plural_categories(language) == ["other"]:
        assert one == forms[0].format(count=1) and many == forms[0].format(count=5)
    else:
        assert (one, many) == (forms[0].format(count=1), forms[1].format(count=5))


def test_materials_own_one_and_other_search_strings_fit_every_language():
    # Material shows its ".one" string for exactly 1 and ".other" for every other count: right for any
    # language whose CLDR categories are "one" (only for 1) and "other", or "other" alone.
    for language in project.languages():
        rule = Locale.parse(language).plural_form
        categories = {number: rule(number) for number in plurals.SAMPLES}
        assert set(categories.values()) <= {"one", "other"}, language
        assert all(number == 1 for number, category in categories.items() if category == "one"), language
