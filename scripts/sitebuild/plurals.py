"""Plural forms: each language's CLDR plural rule as a gettext ``Plural-Forms`` header, and the map the browser
uses from CLDR plural categories (``Intl.PluralRules``) to the catalog's form indexes.

CLDR (through Babel's locale data) is the source: Albanian and English have ``one`` and ``other``, Haitian Creole
and Sundanese only ``other`` (their nouns do not change after a number: "twa tuil", "tilu kartu"). Babel's
``get_plural`` is not used: it is a hand-kept table that answers two forms for Haitian Creole.

The browser cannot evaluate a ``Plural-Forms`` expression without ``eval`` (which the Content-Security-Policy
forbids), so the build evaluates it here on sample numbers and ships, per language, which form index each CLDR
category takes; the page asks ``Intl.PluralRules`` for the category.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from functools import cache

from babel import Locale
from babel.plural import to_gettext

# Every count the site shows is a whole number; these cover every integer rule CLDR has (mod 10, 100, 1000,
# and the "many" of large round numbers in some languages).
SAMPLES = (*range(0, 1001), 1_000_000, 1_000_001, 10_000_000)
_HEADER = re.compile(r"^\s*nplurals\s*=\s*(?P<n>\d+)\s*;\s*plural\s*=\s*(?P<expression>.+?)\s*;?\s*$")


@cache
def plural_forms(language: str) -> str:
    """The gettext ``Plural-Forms`` value CLDR gives ``language``, e.g. ``nplurals=1; plural=(0);``."""
    return to_gettext(Locale.parse(language).plural_form)


def parse(header: str) -> tuple[int, Callable[[int], int]]:
    """``nplurals`` and the form-index function of a ``Plural-Forms`` value (Python's own gettext parser)."""
    match = _HEADER.match(header)
    if not match:
        raise ValueError(f"not a Plural-Forms value: {header!r}")
    return int(match.group("n")), gettext.c2py(match.group("expression"))


@cache
def category_indexes(language: str, header: str | None = None) -> dict[str, int]:
    """CLDR category -> form index, for the ``Plural-Forms`` ``header`` (CLDR's own by default).

    Raises when the header and CLDR disagree on some number (one category, two indexes), so a catalog whose
    header is wrong fails the build rather than showing "1 gurë".
    """
    count, index_of = parse(header or plural_forms(language))
    category_of = Locale.parse(language).plural_form
    found: dict[str, int] = {}
    for number in SAMPLES:
        category, index = category_of(number), index_of(number)
        if not 0 <= index < count:
            raise ValueError(f"{language}: form {index} for {number} is outside nplurals={count}")
        if found.setdefault(category, index) != index:
            raise ValueError(f"{language}: CLDR's '{category}' takes forms {found[category]} and {index} "
                             f"({number}) under {header!r}")
    return found


def form_index(header: str, count: int) -> int:
    return parse(header)[1](count)
