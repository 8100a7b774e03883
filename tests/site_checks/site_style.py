"""Each language's one voice, as data the style checks hold the catalogs to.

The data lives with the language: the last section of ``i18n/<lang>/STYLE.md``, "What the checks read", is a
TOML block beside the prose that says why. A language without that section is held to no pattern.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache

from scripts.sitebuild import project

_TOML_BLOCK = re.compile(r"^```toml\n(.*?)^```", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Forbidden:
    """A form the language does not use, and what it says instead (or why not)."""

    pattern: re.Pattern
    instead: str


@dataclass(frozen=True)
class Quotes:
    """How a language quotes: the pairs it writes, the marks it never writes, and whether a straight quote
    may stand outside markup."""

    pairs: tuple[tuple[str, str], ...]
    never: str
    straight: bool = True


def _words(*alternatives: str) -> re.Pattern:
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


@cache
def style(language: str) -> dict:
    """The data of ``i18n/<language>/STYLE.md`` (its TOML blocks), or nothing for a language without one."""
    path = project.I18N / language / "STYLE.md"
    data: dict = {}
    if path.is_file():
        for block in _TOML_BLOCK.findall(path.read_text(encoding="utf-8")):
            data.update(tomllib.loads(block))
    return data


@cache
def forbidden(language: str) -> tuple[Forbidden, ...]:
    """Where two words compete, the patterns of the ones the language did not choose (STYLE.md, "Words")."""
    return tuple(Forbidden(re.compile(rule["pattern"]) if "pattern" in rule else _words(*rule["words"]),
                           f"write: {rule['instead']}" if "instead" in rule else rule["why"])
                 for rule in style(language).get("forbidden", []))


def quotes(language: str) -> Quotes | None:
    rules = style(language).get("quotes")
    return Quotes(tuple(tuple(pair) for pair in rules["pairs"]), rules["never"], rules.get("straight", True)) \
        if rules else None


def glossary_rejected(language: str) -> dict[str, set[str]]:
    """Glossary forms the glossary check must never accept (test_catalogs.py): a bare word that means something
    else, the software sense of a game word, a form carrying its article."""
    return {term: set(forms) for term, forms in style(language).get("glossary_rejected", {}).items()}


def article_at_end(language: str) -> re.Pattern | None:
    """A term named with its article (Creole: the glossary shows "Tab", the text writes "tab la")."""
    pattern = style(language).get("article_at_end")
    return re.compile(pattern, re.IGNORECASE) if pattern else None


def plural_categories(language: str) -> list[str]:
    """The CLDR plural categories the language's guide says it has, in the catalogs' order."""
    return list(style(language).get("plural_categories", []))


# Markup whose quotes are not the language's: inline code, an admonition's title, an HTML attribute.
QUOTED_MARKUP = re.compile(r"`[^`]*`|^!!! \w+ \"[^\"]*\"|=\"[^\"]*\"", re.MULTILINE)

# English phrases where a glossary word is not the game's term: the "game engine" is the program.
NOT_THE_TERM = re.compile(r"\b(?:game|rules) engine\b", re.IGNORECASE)


def number_articles(language: str, text: str) -> list[str]:
    """Articles after a written number or tile that do not fit how the number is said (Creole "[9-9] a"): the
    guide's ``number_articles`` gives the article each number takes, 0 to 12."""
    rules = style(language).get("number_articles")
    if not rules:
        return []
    articles = "|".join(rules["articles"])
    pattern = re.compile(r"(?:\[\d+-(?P<tile>\d+)\]|(?<![\w\[-])(?P<number>\d+)(?![\w\]-]))\s+"
                         rf"(?P<article>{articles})(?!\w)(?!\s*\d)")
    found = []
    for match in pattern.finditer(text):
        number = int(match.group("tile") or match.group("number"))
        wanted = rules["after"][number] if number < len(rules["after"]) else None
        if wanted and match.group("article") != wanted:
            found.append(f"{match.group(0)!r} (write: {wanted}, as the number is said)")
    return found


def forbidden_in(language: str, text: str) -> list[str]:
    """What ``text`` writes that ``language``'s style forbids, each with what to write instead."""
    found = [f"{match.group(0)!r} ({rule.instead})"
             for rule in forbidden(language) for match in rule.pattern.finditer(text)]
    return found + number_articles(language, text)


def quote_problems(language: str, text: str) -> list[str]:
    """Quote marks ``language`` does not write, and pairs left open or closed twice."""
    rules = quotes(language)
    if rules is None:
        return []
    prose = QUOTED_MARKUP.sub(" ", text)
    problems = [f"{mark!r} (quote with {rules.pairs[0][0]}…{rules.pairs[0][1]})" for mark in rules.never if mark in prose]
    for opening, closing in rules.pairs:
        depth = 0
        for char in prose:
            if char == opening:
                depth += 1
            elif char == closing:
                depth -= 1
                if depth < 0:
                    problems.append(f"{closing!r} closes a quote that was never opened")
                    depth = 0
        if depth:
            problems.append(f"{opening!r} opens a quote that is never closed")
    if not rules.straight and '"' in prose:
        problems.append(f"'\"' outside markup (quote with {rules.pairs[0][0]}…{rules.pairs[0][1]})")
    return problems
