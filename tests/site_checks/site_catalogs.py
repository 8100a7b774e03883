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
    translation: str
    fuzzy: bool
    notes: str

    @property
    def where(self) -> str:
        context = f" [{self.context}]" if self.context else ""
        return f"i18n/{self.language}/{self.domain}.po{context}: {self.english[:70]!r}"


@cache
def catalog(language: str, domain: str) -> po.pofile | None:
    path = project.catalog_path(language, domain)
    return po.pofile.parsefile(str(path)) if path.exists() else None


def entries(language: str, domain: str) -> list[Entry]:
    store = catalog(language, domain)
    if store is None:
        return []
    return [
        Entry(language, domain, unit.getcontext() or "", unit.source, unit.target or "", unit.isfuzzy(),
              unit.getnotes("translator"))
        for unit in store.units
        if not unit.isheader() and not unit.isobsolete()
    ]


def all_entries() -> list[Entry]:
    return [entry for language in project.target_languages() for domain in project.all_domains()
            for entry in entries(language, domain)]
