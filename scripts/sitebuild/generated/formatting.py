"""Numbers as each language writes them (CLDR through Babel): ``20.0%`` in English, ``20,0%`` in Albanian."""

from __future__ import annotations

from babel import Locale
from babel.numbers import format_decimal, parse_pattern


def integer(value: int, language: str) -> str:
    return format_decimal(value, locale=language)


def decimal(value: float, language: str, digits: int = 1) -> str:
    return format_decimal(value, format=f"#,##0.{'0' * digits}", locale=language)


def percent(share: float, language: str, digits: int = 1) -> str:
    """``share`` (0..1) as a percentage with ``digits`` decimals, in the locale's own percent pattern."""
    pattern = parse_pattern(Locale.parse(language).percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)  # the locale's sign position and spacing, with our decimals
    return pattern.apply(share, Locale.parse(language))
