"""One voice per language (i18n/<lang>/STYLE.md): the words chosen where two compete, the form of address,
the quote marks, and no article after a filled-in number in Creole. Every entry of every catalog is checked,
so a new string is held to the same rules the day it is translated."""

from __future__ import annotations

import pytest

from scripts.sitebuild import project

from site_catalogs import all_entries
from site_style import forbidden_in, quote_problems

LANGUAGES = project.target_languages()


def _report(problems: list[str]) -> str:
    return f"{len(problems)} entries:\n" + "\n".join(problems[:30])


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_use_the_words_and_the_form_of_address_the_style_guide_chose(language):
    problems = [f"{entry.where}\n    {found}" for entry in all_entries() if entry.language == language
                for form in entry.forms for found in forbidden_in(language, form)]
    assert not problems, _report(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_quote_with_the_language_s_own_marks(language):
    problems = [f"{entry.where}\n    {found}" for entry in all_entries() if entry.language == language
                for form in entry.forms for found in quote_problems(language, form)]
    assert not problems, _report(problems)


def test_style_checks_catch_each_kind_of_fault():
    assert forbidden_in("ht", "Poze doub {number} an: ou gen youn.")
    assert forbidden_in("ht", "Manch {round}: doub {number} lan")
    assert not forbidden_in("ht", "Fòk yo reponn doub ki louvri sou {end} an premye.")
    assert not forbidden_in("ht", "Ou pran yon tuil nan pyòch la: {tile}.")
    assert forbidden_in("ht", "Jwe yon nèf kont [9-9] a.")
    assert forbidden_in("ht", "Tuil [0-0] a.")
    assert not forbidden_in("ht", "lè sa a, 2 a gade deyò, 6 la gade deyò; pou 5 a 8 jwè; [9-9] nan men w")
    assert forbidden_in("su", "Tombol Pas")
    assert not forbidden_in("su", "ngaliwat (pas), pasang kartu")
    assert forbidden_in("su", "unggal file situs")
    assert forbidden_in("sq", "Rregullat e tavolinës")
    assert forbidden_in("sq", "Luani me gurë të vërtetë?")
    assert forbidden_in("sq", "Zgjidh rregullat tuaja")
    assert not forbidden_in("sq", "Zgjidh rregullat e tua në tryezë.")
    assert quote_problems("sq", "faqja “Rregullat”")
    assert quote_problems("sq", 'pagat e quan "barnyard"')
    assert not quote_problems("sq", '!!! tip "Bjer dakord" dhe `a="b"`, pagat e quan „barnyard“')
    assert quote_problems("ht", "li di „ti poul“")
    assert quote_problems("su", "“{name}” jeung “{value}")
