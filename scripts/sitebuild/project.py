"""Where the site's sources live, and which languages it ships.

The list of languages has one home, the i18n plugin's entry in ``mkdocs.yml``; everything else reads it here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MKDOCS_YML = ROOT / "mkdocs.yml"
DOCS = ROOT / "docs"
I18N = ROOT / "i18n"
TEMPLATES = I18N / "templates"
BUILD = ROOT / ".build"

SOURCE_LANGUAGE = "en"
# Catalogs that are not pages: strings for generated content and the apps, and Material's interface.
UI_DOMAIN = "ui"
THEME_DOMAIN = "theme"


@cache
def _mkdocs_config() -> dict:
    # MkDocs' own YAML loader understands its tags (!ENV, !relative), so no second parser is needed.
    from mkdocs.utils import yaml_load

    with MKDOCS_YML.open(encoding="utf-8") as stream:
        return yaml_load(stream)


def _i18n_languages() -> list[dict]:
    for plugin in _mkdocs_config()["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return plugin["i18n"]["languages"]
    raise LookupError(f"{MKDOCS_YML} has no i18n plugin with a list of languages")


def languages() -> list[str]:
    """Every language the site is built in, the source language first."""
    locales = [language["locale"] for language in _i18n_languages()]
    return sorted(locales, key=lambda locale: locale != SOURCE_LANGUAGE)


def language_names() -> dict[str, str]:
    """Each language's name in itself (the language menu shows the same)."""
    return {language["locale"]: language["name"] for language in _i18n_languages()}


def translation_feedback() -> dict[str, str]:
    """Where readers and translators send corrections (``extra.translation_feedback`` in mkdocs.yml): ``mail``,
    ``tracker`` (an issue tracker's "new issue" address) and ``team`` (the translators' list)."""
    return dict(_mkdocs_config().get("extra", {}).get("translation_feedback", {}))


def target_languages() -> list[str]:
    """The languages translated from English."""
    return [language for language in languages() if language != SOURCE_LANGUAGE]


def page_sources() -> list[Path]:
    """The English pages, each with its own catalog (``i18n/<lang>/<page>.po``)."""
    return sorted(path for path in DOCS.glob("*.md"))


def page_domain(page: Path) -> str:
    return page.stem


def template_path(domain: str) -> Path:
    return TEMPLATES / f"{domain}.pot"


def catalog_path(language: str, domain: str) -> Path:
    return I18N / language / f"{domain}.po"


def page_domains() -> list[str]:
    return [page_domain(page) for page in page_sources()]


def all_domains() -> list[str]:
    return [*page_domains(), UI_DOMAIN, THEME_DOMAIN]
