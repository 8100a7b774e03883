"""Albanian spelling: every msgstr of every Albanian catalog, checked with hunspell and Debian's Albanian
dictionary (myspell-sq), plus the project's word list for valid words the dictionary lacks (i18n/sq/wordlist.txt).

`make test` installs hunspell and the dictionary when missing (scripts/find-hunspell.sh), as it does Chromium.
Debian has no dictionary for Haitian Creole or Sundanese, so those are not spell-checked.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

from site_catalogs import all_entries
from site_spelling import Checker, words_of, word_list, word_list_path, hunspell


@cache
def _albanian_words() -> dict[str, list[str]]:
    where = defaultdict(list)
    for entry in all_entries():
        if entry.language != "sq" or entry.fuzzy:
            continue
        for form in entry.forms:
            for word in words_of(form):
                where[word].append(entry.where)
    return where


def test_hunspell_has_the_albanian_dictionary():
    import subprocess

    listed = subprocess.run([hunspell(), "-D"], input="", capture_output=True, text=True).stderr
    assert re.search(r"/sq_AL$", listed, re.MULTILINE), "install myspell-sq (scripts/find-hunspell.sh does it)"


def test_every_albanian_translation_is_spelled_correctly():
    where = _albanian_words()
    wrong = Checker("sq").misspelled(list(where))
    report = [f"{word!r} in {where[word][0]}" + (f" (+{len(where[word]) - 1} more)" if len(where[word]) > 1 else "")
              for word in sorted(wrong, key=str.lower)]
    assert not report, ("misspelled, or valid but unknown to the dictionary (then add it to "
                        f"{word_list_path('sq').relative_to(word_list_path('sq').parents[2])} with a reason):\n"
                        + "\n".join(report))


def test_every_word_of_the_word_list_is_used_and_unknown_to_the_dictionary():
    used = set(_albanian_words())
    listed = word_list("sq")
    unused = sorted(listed - used)
    assert not unused, f"no Albanian catalog uses these words of the word list: {unused}"
    parts = {word: set(re.split(r"[-'’]", word)) for word in listed}
    unknown = Checker("sq").unknown_to_dictionary(set().union(*parts.values()))
    known = sorted(word for word in listed if not parts[word] & unknown)
    assert not known, f"the dictionary already accepts these, so they need not be listed: {known}"


def test_the_check_flags_a_misspelling_and_accepts_listed_words_elisions_and_hyphenated_parts():
    checker = Checker("sq")
    words = words_of("Lojtari luan gurin e Kelley-t te rregullat e pagat-it, t'i mbetet një gur "
                     "dyfish-nëntë, por dyfishat dhe gurrët janë gabim; shiko pagat.com ose shtyp Ctrl+C.")
    assert checker.misspelled(words) == {"dyfishat", "gurrët"}
