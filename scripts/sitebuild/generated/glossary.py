"""The glossary: the terms are the ``###`` headings of ``docs/glossary.md`` (each with a ``{#g-...}`` anchor),
and a language's words for them are the translations of those headings in its ``glossary.po``.

A translator may list other forms of a term (a definite form, another stem) in a translator comment on the
term's entry: ``forms: gishti, gishtat``. The glossary check accepts any of them, each as a whole word (or
phrase): Sundanese "Pas" is not found inside "pasang". A word ending in ``*`` is a stem that takes any ending:
``gisht*`` accepts gishti, gishtat, gishtërinjve; ``dyfish* fillestar*`` accepts "dyfishin fillestar".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import project
from ..pages import load_catalog, usable_translation

GLOSSARY_PAGE = project.DOCS / "glossary.md"
_TERM_HEADING = re.compile(r"^### (?P<term>.+?) \{#(?P<anchor>g-[a-z0-9-]+)\}\s*$", re.MULTILINE)
_FORMS = re.compile(r"^\s*forms:\s*(?P<forms>.+)$", re.MULTILINE | re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    english: str
    anchor: str
    translations: dict[str, str] = field(default_factory=dict)  # language -> the term, as the glossary shows it
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # language -> every accepted form

    def english_pattern(self) -> re.Pattern:
        """The term as a whole word in English text, plural included (tile, tiles; toe, toes)."""
        return re.compile(rf"\b{re.escape(self.english)}(?:s|es)?\b", re.IGNORECASE)

    def pattern(self, language: str) -> re.Pattern | None:
        """Any of ``language``'s forms of the term, as whole words (see the module's note on ``*``)."""
        forms = self.forms.get(language)
        if not forms:
            return None
        return re.compile("|".join(form_pattern(form) for form in forms), re.IGNORECASE)


def form_pattern(form: str) -> str:
    """One form as a regular expression: whole words, spaces as any run of white space, ``stem*`` open-ended."""
    words = [re.escape(word.rstrip("*")) + (r"\w*" if word.endswith("*") else "") for word in form.split()]
    return r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)"


def terms() -> list[Term]:
    catalogs = {
        language: load_catalog(project.catalog_path(language, "glossary"))
        for language in project.target_languages()
        if project.catalog_path(language, "glossary").exists()
    }
    found = []
    for match in _TERM_HEADING.finditer(GLOSSARY_PAGE.read_text(encoding="utf-8")):
        english, anchor = match.group("term"), match.group("anchor")
        translations, forms = {project.SOURCE_LANGUAGE: english}, {project.SOURCE_LANGUAGE: (english,)}
        for language, catalog in catalogs.items():
            word = usable_translation(catalog, english)
            if word is None:
                continue
            translations[language] = word
            extra: list[str] = []
            for unit in catalog.sourceindex.get(english, [])[:1]:
                for note in _FORMS.finditer(unit.getnotes("translator")):
                    extra += [form.strip() for form in note.group("forms").split(",") if form.strip()]
            forms[language] = (word, *extra)
        found.append(Term(english, anchor, translations, forms))
    return found
