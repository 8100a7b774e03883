"""Spell-checking a language's catalogs with hunspell and a project word list (``i18n/<lang>/wordlist.txt``).

Only the words are checked: placeholders, link slots, code, tile names, HTML, addresses, domain names, key
combinations and one-letter variables (``*n*``) are removed first. Albanian elisions (``t'i``, ``s'ka``) are
words of the language, so their first part is accepted as such. A hyphenated word is accepted whole when the
word list has it (``Kelley-t``); otherwise each part is checked, as hunspell itself would (``dyfish-nëntë``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scripts.sitebuild import markup, project

DICTIONARIES = {"sq": "sq_AL"}  # Debian has none for Haitian Creole or Sundanese
_NOT_WORDS = [markup.MARKUP[kind] for kind in ("link/image slot", "placeholder", "attribute list", "admonition marker",
                                               "inline code", "tile", "html", "address")] + [
    re.compile(r"\b[\w-]+(?:\.[a-z]{2,})+\b"),  # domain names: pagat.com
    re.compile(r"(?:\b(?:Ctrl|Alt|Shift|Cmd)\+|⌘)\w\b"),  # key combinations: Ctrl+C, ⌘C
    re.compile(r"\*\w\*"),  # a one-letter variable in italics: double *n*
]
_ELISION = re.compile(r"(?<!\w)[tsmnTSMN]['’](?=\w)")
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_PARTS = re.compile(r"[-'’]")


def hunspell() -> str:
    """The hunspell binary: $HUNSPELL (set by `make test` through scripts/find-hunspell.sh), else PATH."""
    found = os.environ.get("HUNSPELL") or shutil.which("hunspell")
    if not found:
        raise RuntimeError("hunspell is missing: run `make test` (it installs hunspell and myspell-sq as root) or "
                           "`sudo apt-get install hunspell myspell-sq`")
    return found


def word_list_path(language: str) -> Path:
    return project.I18N / language / "wordlist.txt"


@cache
def word_list(language: str) -> frozenset[str]:
    words = set()
    for line in word_list_path(language).read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            words.add(word)
    return frozenset(words)


def words_of(text: str) -> list[str]:
    for pattern in _NOT_WORDS:
        text = pattern.sub(" ", text)
    return _WORD.findall(_ELISION.sub("", text))


@dataclass(frozen=True)
class Checker:
    language: str
    extra_words: frozenset[str] = frozenset()

    def listed(self, word: str) -> bool:
        words = word_list(self.language) | self.extra_words
        return word in words or (word[:1].isupper() and word[:1].lower() + word[1:] in words)

    def unknown_to_dictionary(self, words: set[str]) -> set[str]:
        """The words hunspell's dictionary for the language does not accept (word list not applied)."""
        if not words:
            return set()
        result = subprocess.run([hunspell(), "-d", DICTIONARIES[self.language], "-l"], input="\n".join(sorted(words)),
                                capture_output=True, text=True, check=True, encoding="utf-8")
        return set(result.stdout.split())

    def misspelled(self, words: list[str]) -> set[str]:
        """The words (as written) that are neither in the word list nor, part by part, in the dictionary."""
        candidates = {word for word in words if not self.listed(word)}
        parts = {part for word in candidates for part in _PARTS.split(word) if part and not self.listed(part)}
        unknown = self.unknown_to_dictionary(parts)
        return {word for word in candidates if any(part in unknown for part in _PARTS.split(word))}
