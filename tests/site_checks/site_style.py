"""Each language's one voice, as data the style checks hold the catalogs to (i18n/<lang>/STYLE.md says why).

Every rule here is written down in that language's STYLE.md; a rule a pattern cannot check stays in STYLE.md only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Forbidden:
    """A form the language does not use, and what it says instead."""

    pattern: re.Pattern
    instead: str


def _words(*alternatives: str) -> re.Pattern:
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


# Where two words compete, the one the site chose (STYLE.md, "Words") and the patterns of the others.
FORBIDDEN: dict[str, list[Forbidden]] = {
    "ht": [
        # Creole's article follows the sound of the word before it: after a number or name the program fills
        # in, it cannot be chosen ("doub 9 an" reads "doub nèf an"). la/a/lan always; an/nan when they close
        # the phrase (before punctuation or the end), as "an premye", "nan pyòch" are other words.
        Forbidden(re.compile(r"\}[”\"]?\s+(?:la|a|lan)(?!\w)|\}[”\"]?\s+(?:an|nan)(?=\s*(?:[.,:;!?)]|$))"),
                  "no article after a {placeholder}: drop it or restructure"),
        Forbidden(_words("pioche"), "pyòch"),
        Forbidden(_words("egwi"), "zegwi (nan sans zegwi yon mont)"),
        Forbidden(re.compile(r"(?<!\w)le \{"), "no French 'le' before a date: jou {date}"),
        Forbidden(_words("olye de"), "olye"),
        Forbidden(re.compile(r"pa ka “\{"), "pa ka gen valè “{value}”"),
    ],
    "su": [
        Forbidden(_words("file"), "berkas"),
        Forbidden(_words(r"salin\w*"), "tiron (ditiron)"),
        Forbidden(_words("seri"), "imbang (hasil imbang)"),
        Forbidden(_words("kertas"), "keretas"),
        Forbidden(_words(r"(?:di|ka)?cekel\w*", r"nyekel\w*"), "dicepeng, nyepeng"),
        Forbidden(_words("kuring"), "abdi"),
        Forbidden(_words("kaulinan urang"), "kaulinan kami"),
        Forbidden(_words("upami"), "lamun"),
        Forbidden(_words("teras"), "tuluy"),
        Forbidden(_words("sareng"), "jeung"),
        Forbidden(_words("dipaénkeun"), "dimaénkeun"),
        Forbidden(_words("zoom"), "ngagedéan, ngaleutikan"),
        # "pas" alone reads "just right, exactly when": pass is "ngaliwat", explained once as "ngaliwat (pas)"
        Forbidden(re.compile(r"(?<![\w(])pas(?![\w)])", re.IGNORECASE), "ngaliwat, or ngaliwat (pas)"),
    ],
    "sq": [
        Forbidden(_words(r"tavolin\w*"), "tryezë"),
        Forbidden(_words(r"lojtar\w* kompjuter"), "lojtarë të kompjuterit"),
        Forbidden(_words(r"far[aëe]\w* (?:e )?rast\w*"), "numri nisës i rastësisë"),
    ],
}

# Albanian speaks to the reader as "ti": these forms give "ju" away (pronouns, possessives, 2nd person plural
# verbs the catalogs could use). A group at the table is "lojtarët" (third person), or "bjer dakord me të tjerët".
ALBANIAN_JU = _words(
    "ju", "juaj", "juaja", "tuaj", "tuaja", "tuajat", "tuajt", "tuajin", "tuajën", "suaj", "suaja", "jush", "juve",
    "keni", "jeni", "luani", "luajini", "zgjidhni", "shtypni", "tërhiqni", "përzieni", "merruni", "bini", "mbani",
    "mbajeni", "jepini", "filloni", "nisni", "dini", "shikoni", "provoni", "prekni", "ndryshoni", "vendosni",
    "lexoni", "kërkoni", "shkruani", "kopjoni", "klikoni", "mbyllni", "hapni", "ktheni", "numëroni", "kaloni",
    "tërhiquni", "kujdesuni", "mos harroni",
)


@dataclass(frozen=True)
class Quotes:
    """How a language quotes: the pairs it writes, and the marks it never writes."""

    pairs: tuple[tuple[str, str], ...]
    never: str


# ASCII quotes stay where the Markdown or code needs them (an admonition's title, `code`, HTML attributes).
QUOTES = {
    "ht": Quotes(pairs=(("“", "”"),), never="„«»‚"),
    "su": Quotes(pairs=(("“", "”"),), never="„«»‚"),
    "sq": Quotes(pairs=(("„", "“"),), never="”«»‚"),
}

# Markup whose quotes are not the language's: inline code, an admonition's title, an HTML attribute.
QUOTED_MARKUP = re.compile(r"`[^`]*`|^!!! \w+ \"[^\"]*\"|=\"[^\"]*\"", re.MULTILINE)

# Glossary forms the glossary check must never accept (test_catalogs.py): a bare word that means something
# else, the software sense of a game word, a form carrying its article, the English.
GLOSSARY_REJECTED = {
    "ht": {"Engine": {"motè"}, "Open end": {"bout"}, "Draw": {"pran"}, "Chicken little": {"chicken little"},
           "Layout": {"tab la"}},
    "su": {"Pass": {"pas"}},
    "sq": {},
}
# A Creole term is named bare, without its article (the glossary shows "Tab", the text writes "tab la").
CREOLE_ARTICLE_AT_END = re.compile(r"\s(?:la|a|an|lan|nan|yo)$", re.IGNORECASE)

# English phrases where a glossary word is not the game's term: the "game engine" is the program.
NOT_THE_TERM = re.compile(r"\b(?:game|rules) engine\b", re.IGNORECASE)


# A written number or tile name is read aloud, and Creole's article follows the sound of its last number:
# after an oral vowel "a" (de, twa), a nasal vowel "an" (blan, en), a consonant "la" (kat ... douz).
CREOLE_NUMBER_ARTICLE = {0: "an", 1: "an", 2: "a", 3: "a", 4: "la", 5: "la", 6: "la", 7: "la", 8: "la", 9: "la",
                         10: "la", 11: "la", 12: "la"}
_CREOLE_NUMBER_THEN_ARTICLE = re.compile(
    r"(?:\[\d+-(?P<tile>\d+)\]|(?<![\w\[-])(?P<number>\d+)(?![\w\]-]))\s+(?P<article>la|a|an|lan)(?!\w)(?!\s*\d)")


def creole_number_articles(text: str) -> list[str]:
    """Articles after a written number or tile that do not fit how the number is said ("[9-9] a")."""
    found = []
    for match in _CREOLE_NUMBER_THEN_ARTICLE.finditer(text):
        wanted = CREOLE_NUMBER_ARTICLE.get(int(match.group("tile") or match.group("number")))
        if wanted and match.group("article") != wanted:
            found.append(f"{match.group(0)!r} (write: {wanted}, as the number is said)")
    return found


def forbidden_in(language: str, text: str) -> list[str]:
    """What ``text`` writes that ``language``'s style forbids, each with what to write instead."""
    found = [f"{match.group(0)!r} (write: {rule.instead})"
             for rule in FORBIDDEN.get(language, []) for match in rule.pattern.finditer(text)]
    if language == "ht":
        found += creole_number_articles(text)
    if language == "sq":
        found += [f"{match.group(0)!r} (the reader is 'ti')" for match in ALBANIAN_JU.finditer(text)]
    return found


def quote_problems(language: str, text: str) -> list[str]:
    """Quote marks ``language`` does not write, and pairs left open or closed twice."""
    rules = QUOTES.get(language)
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
    if language == "sq" and '"' in prose:
        problems.append("'\"' outside markup (quote with „…“)")
    return problems
