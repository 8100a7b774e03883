"""The docs directory MkDocs reads: the English sources plus each language's generated pages.

``.build/docs/`` mirrors ``docs/`` with symbolic links (nothing is copied, assets included) and adds, for each
page and language whose catalog translates anything, ``<page>.<lang>.md`` rendered by po2md: the suffix layout
mkdocs-static-i18n reads. A language without a translation of a page falls back to English, and the hooks
put a banner on it; the record of what was generated is kept for them.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from . import pages, project
from .theme_strings import write_if_changed

STAGED_DOCS = project.BUILD / "docs"


@dataclass
class Staging:
    docs_dir: Path
    # (page domain, language) -> how much of the page is translated; absent: no catalog, or nothing translated.
    translations: dict[tuple[str, str], pages.TranslatedPage] = field(default_factory=dict)

    def status(self, domain: str, language: str) -> str:
        """'source', 'complete', 'partial' or 'missing'."""
        if language == project.SOURCE_LANGUAGE:
            return "source"
        translated = self.translations.get((domain, language))
        if translated is None:
            return "missing"
        return "complete" if translated.complete else "partial"


def _link_sources(target: Path) -> set[Path]:
    expected = set()
    for source in project.DOCS.iterdir():
        link = target / source.name
        expected.add(link)
        if link.is_symlink() and Path(os.readlink(link)) == source:
            continue
        if link.is_symlink() or link.is_file():
            link.unlink()
        elif link.is_dir():
            shutil.rmtree(link)
        link.symlink_to(source, target_is_directory=source.is_dir())
    return expected


def stage(languages: list[str]) -> Staging:
    target = STAGED_DOCS
    target.mkdir(parents=True, exist_ok=True)
    expected = _link_sources(target)
    staging = Staging(docs_dir=target)
    for page in project.page_sources():
        domain = project.page_domain(page)
        for language in languages:
            if language == project.SOURCE_LANGUAGE:
                continue
            catalog = project.catalog_path(language, domain)
            if not catalog.exists():
                continue
            translated = pages.translate(page, catalog)
            if not translated.started:
                continue
            staged = target / f"{domain}.{language}.md"
            write_if_changed(staged, translated.markdown)
            expected.add(staged)
            staging.translations[(domain, language)] = translated
    # Pages removed from the sources, or whose translation was withdrawn, leave the staged tree too.
    for leftover in set(target.iterdir()) - expected:
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover)
        else:
            leftover.unlink()
    return staging
