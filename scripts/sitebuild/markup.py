"""What must survive translation unchanged inside a catalog entry, and the comparison the checks use.

A translator rewrites the words; the markup around them is the program's and the page's: placeholders,
link and image slots, attribute lists, admonition markers, inline code, tile names, HTML, addresses and the
numbers the English states.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

# name -> pattern; every match in the English must occur, as often, in the translation
MARKUP: dict[str, re.Pattern] = {
    "link/image slot": re.compile(r"\{\d+\}"),
    "placeholder": re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}"),
    "attribute list": re.compile(r"\{\s*[#.:][^{}]*\}|\{[^{}]*=[^{}]*\}"),
    "admonition marker": re.compile(r"^(?:!!!|\?\?\?\+?) ?[\w-]+(?: [\w-]+)*(?= \"|$)", re.MULTILINE),
    "inline code": re.compile(r"`[^`]+`"),
    "bold": re.compile(r"\*\*"),
    "tile": re.compile(r"\[\d+-\d+\]"),
    "html": re.compile(r"</?[A-Za-z][^>]*>"),
    "address": re.compile(r"https?://[^\s)>\]]+"),
}
NUMBER = re.compile(r"\d+")
THEME_NUMBER = re.compile(r"#")


@dataclass(frozen=True)
class MarkupProblem:
    kind: str
    missing: tuple[str, ...]
    extra: tuple[str, ...]

    def __str__(self) -> str:
        parts = []
        if self.missing:
            parts.append(f"missing {', '.join(map(repr, self.missing))}")
        if self.extra:
            parts.append(f"unexpected {', '.join(map(repr, self.extra))}")
        return f"{self.kind}: {'; '.join(parts)}"


def _difference(kind: str, english: Counter, translated: Counter, *, extra_allowed: bool = False):
    missing = tuple(sorted((english - translated).elements()))
    extra = () if extra_allowed else tuple(sorted((translated - english).elements()))
    return MarkupProblem(kind, missing, extra) if missing or extra else None


def compare(english: str, translated: str, *, theme: bool = False) -> list[MarkupProblem]:
    """The markup differences between an English entry and its translation (empty when they agree)."""
    problems = []
    for kind, pattern in MARKUP.items():
        found = _difference(kind, Counter(pattern.findall(english)), Counter(pattern.findall(translated)))
        if found:
            problems.append(found)
    # Numbers the English states must all be there; a translation may add some (a number for a word).
    outside_markup = lambda text: MARKUP["tile"].sub("", MARKUP["link/image slot"].sub("", text))  # noqa: E731
    found = _difference("number", Counter(NUMBER.findall(outside_markup(english))),
                        Counter(NUMBER.findall(outside_markup(translated))), extra_allowed=True)
    if found:
        problems.append(found)
    if theme:
        found = _difference("'#' (a number)", Counter(THEME_NUMBER.findall(english)),
                            Counter(THEME_NUMBER.findall(translated)))
        if found:
            problems.append(found)
    return problems
