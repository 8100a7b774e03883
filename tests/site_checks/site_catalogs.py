"""The catalogs as the checks see them: every (language, catalog, entry) of the shipped languages."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from translate.storage import po

from scripts.sitebuild import project


@dataclass(frozen=True)
class Entry:
    language: str
    domain: str
    context: str
    english: str
    translation: str  # the first form of a plural entry
    fuzzy: bool
    notes: str
    english_plural: str | None = None  # msgid_plural of a plural entry
    forms: tuple[str, ...] = ()  # every msgstr: one, or one per plural form

    @property
    def where(self) -> str:
        context = f" [{self.context}]" if self.context else ""
        return f"i18n/{self.language}/{self.domain}.po{context}: {self.english[:70]!r}"

    @property
    def is_plural(self) -> bool:
        return self.english_plural is not None

    def english_for(self, index: int) -> str:
        """The English a translated form answers to: a plural entry's forms all stand for the plural msgid (a
        form for one thing still shows the number, as the English singular does)."""
        return self.english_plural if self.is_plural else self.english


@cache
def catalog(language: str, domain: str) -> po.pofile | None:
    path = project.catalog_path(language, domain)
    return po.pofile.parsefile(str(path)) if path.exists() else None


def _entry(language: str, domain: str, unit) -> Entry:
    plural = unit.hasplural()
    forms = tuple(str(form) for form in unit.target.strings) if plural else (unit.target or "",)
    return Entry(language, domain, unit.getcontext() or "", str(unit.source), forms[0] if forms else "",
                 unit.isfuzzy(), unit.getnotes("translator"),
                 english_plural=str(unit.source.strings[1]) if plural else None, forms=forms)


def entries(language: str, domain: str) -> list[Entry]:
    store = catalog(language, domain)
    if store is None:
        return []
    return [_entry(language, domain, unit) for unit in store.units if not unit.isheader() and not unit.isobsolete()]


def all_entries() -> list[Entry]:
    return [entry for language in project.target_languages() for domain in project.all_domains()
            for entry in entries(language, domain)]
