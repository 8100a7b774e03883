"""The built pages as the checks read them (lxml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import lxml.html

from scripts.sitebuild import project

SITE = project.ROOT / "site"


def page_path(language: str, page: str) -> Path:
    prefix = SITE if language == project.SOURCE_LANGUAGE else SITE / language
    return prefix / "index.html" if page == "index" else prefix / page / "index.html"


@cache
def document(language: str, page: str):
    return lxml.html.fromstring(page_path(language, page).read_bytes())


def article(language: str, page: str):
    return document(language, page).xpath("//article")[0]


@dataclass(frozen=True)
class Structure:
    headings: tuple[tuple[str, str], ...]  # (tag, id)
    tables: tuple[tuple[int, int], ...]  # (rows, columns of the first row)
    admonitions: tuple[str, ...]  # classes, the translation banner left out
    figures: tuple[str, ...]  # generated figures and tables by name
    links: tuple[str, ...]  # every href in the content


def structure(language: str, page: str) -> Structure:
    root = article(language, page)
    headings = tuple((h.tag, h.get("id", "")) for h in root.xpath(".//h1|.//h2|.//h3|.//h4|.//h5|.//h6"))
    tables = tuple((len(t.xpath(".//tr")), len(t.xpath(".//tr[1]/*"))) for t in root.xpath(".//table"))
    admonitions = tuple(
        " ".join(sorted(a.get("class").split()))
        for a in root.xpath(".//div[contains(concat(' ', @class, ' '), ' admonition ')]")
        if "translation-banner" not in a.get("class")
    )
    figures = tuple(element.get("data-generated") for element in root.xpath(".//*[@data-generated]"))
    banner_links = {a for banner in root.xpath(".//div[contains(@class, 'translation-banner')]")
                    for a in banner.xpath(".//a/@href")}
    links = tuple(href for href in root.xpath(".//a/@href") if href not in banner_links)
    return Structure(headings, tables, admonitions, figures, links)
