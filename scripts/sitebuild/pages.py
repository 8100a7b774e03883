"""A page's catalog and its translation, both through translate-toolkit's Markdown store (mistletoe).

Extraction and translation parse the page the same way, so every unit extracted is a unit looked up: the
catalog is exactly the page's translatable text. Front matter is split into one unit per value, and only the
values readers see (``description``) are offered to translators; the others (``demo: tutorial``) are data.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from translate.storage import markdown, po

from . import project

TRANSLATABLE_FRONT_MATTER = frozenset({"description"})


def _markdown_store(page: Path, **options) -> markdown.MarkdownFile:
    stream = io.BytesIO(page.read_bytes())
    # The location comments in the catalogs name the page relative to the repository, as translators see it.
    stream.name = page.relative_to(project.ROOT).as_posix()
    return markdown.MarkdownFile(inputfile=stream, frontmatter_translate_values=True, **options)


def _is_translatable(location: str) -> bool:
    _, _, where = location.rpartition(":")
    if not where.startswith("frontmatter"):
        return True
    return where.removeprefix("frontmatter.") in TRANSLATABLE_FRONT_MATTER


def extract(page: Path) -> po.pofile:
    """The page's template catalog: each translatable unit once, with every place it occurs."""
    catalog = po.pofile()
    for unit in _markdown_store(page).units:
        locations = unit.getlocations()
        if not all(_is_translatable(location) for location in locations):
            continue
        entry = catalog.addsourceunit(unit.source)
        entry.addlocations(locations)
    catalog.removeduplicates("merge")
    return catalog


def source_strings(page: Path) -> list[str]:
    return [unit.source for unit in extract(page).units if not unit.isheader()]


@dataclass(frozen=True)
class TranslatedPage:
    markdown: str
    units: int  # translatable units in the English source
    translated: int  # of those, how many the catalog translates (fuzzy ones do not count)

    @property
    def complete(self) -> bool:
        return self.translated == self.units

    @property
    def started(self) -> bool:
        return self.translated > 0


def load_catalog(path: Path) -> po.pofile:
    catalog = po.pofile.parsefile(str(path))
    catalog.require_index()
    return catalog


def usable_translation(catalog: po.pofile, source: str) -> str | None:
    """A reviewed translation of ``source``, or None: fuzzy and empty entries are not translations."""
    units = catalog.sourceindex.get(source)
    if not units:
        return None
    unit = units[0]
    if unit.isfuzzy() or not unit.istranslated():
        return None
    return unit.target


def translate(page: Path, catalog_path: Path) -> TranslatedPage:
    """The page in the catalog's language; untranslated units stay English and are counted as such."""
    catalog = load_catalog(catalog_path)
    sources = source_strings(page)
    translated = sum(usable_translation(catalog, source) is not None for source in sources)

    def lookup(text: str) -> str | None:
        return usable_translation(catalog, text)

    store = _markdown_store(page, callback=lambda text: lookup(text) or text, lookup_callback=lookup)
    return TranslatedPage(markdown=store.filesrc, units=len(sources), translated=translated)
