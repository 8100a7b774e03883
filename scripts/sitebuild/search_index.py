"""One search index per language, so a reader searching in Haitian Creole finds Haitian Creole pages.

Material's search plugin writes one index for the whole site, and mkdocs-static-i18n fills it with every
language. After each language's pass, this module writes that language's entries to
``<language root>/search/search_index.json``, with locations relative to the language root, and with no English
stemmer or stop-word filter except for English. The ``config`` block of ``overrides/main.html`` points each
page's search at its language root.
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from . import project
from .theme_strings import SEARCH_SEPARATOR


def _entries(config: MkDocsConfig) -> list[dict]:
    plugin = config.plugins["material/search"]
    return list(plugin.search_index.entries)


def _language_of_location(location: str, languages: list[str]) -> str:
    first = location.split("/", 1)[0]
    return first if first in languages and first != project.SOURCE_LANGUAGE else project.SOURCE_LANGUAGE


def language_entries(entries: list[dict], language: str, languages: list[str]) -> list[dict]:
    """The entries of ``language``'s pages, located relative to that language's root."""
    prefix = "" if language == project.SOURCE_LANGUAGE else f"{language}/"
    selected = []
    for entry in entries:
        if _language_of_location(entry["location"], languages) != language:
            continue
        selected.append({**entry, "location": entry["location"].removeprefix(prefix)})
    return selected


def search_config(config: MkDocsConfig, language: str) -> dict:
    plugin = config.plugins["material/search"]
    english = language == project.SOURCE_LANGUAGE
    return {
        "lang": ["en"],
        "separator": plugin.config.separator or SEARCH_SEPARATOR,
        # lunr's English stemmer and stop words would mangle or drop words of the other languages.
        "pipeline": list(plugin.config.pipeline or ["stopWordFilter"]) if english else [],
        "fields": plugin.config.fields,
    }


def write_for_language(config: MkDocsConfig, language: str, languages: list[str]) -> Path:
    root = Path(config.site_dir) / ("" if language == project.SOURCE_LANGUAGE else language)
    path = root / "search" / "search_index.json"
    data = {"config": search_config(config, language),
            "docs": language_entries(_entries(config), language, languages)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str), encoding="utf-8")
    return path
