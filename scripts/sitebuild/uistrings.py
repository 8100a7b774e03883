"""The ``ui`` catalog: strings of generated content (table headers, captions, alt texts, banners) and of the
browser apps.

Strings enter the catalog by extraction with Babel (see ``catalogs.extract_ui``): in Python, wrap the literal
in ``N_("...")``; in the apps' JavaScript, ``t("...")`` or ``N_("...")``. Placeholders are ``{name}``.
At build time the catalog is compiled to ``site/assets/i18n/<lang>.json`` (msgid -> translation).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from . import project
from .pages import load_catalog


def N_(message: str) -> str:  # noqa: N802 - the gettext convention extraction tools look for
    """Mark a string for the ui catalog; translate it later with ``translate(message, language)``."""
    return message


class MissingTranslation(LookupError):
    """A ui string has no reviewed translation in a shipped language's catalog."""


@cache
def _table(language: str, mtime: float) -> dict[str, str]:
    catalog = load_catalog(project.catalog_path(language, project.UI_DOMAIN))
    return {
        unit.source: unit.target
        for unit in catalog.units
        if not unit.isheader() and not unit.isobsolete() and not unit.isfuzzy() and unit.istranslated()
    }


def table(language: str) -> dict[str, str]:
    """msgid -> translation for ``language`` (identity for English); untranslated msgids are absent."""
    if language == project.SOURCE_LANGUAGE:
        template = load_catalog(project.template_path(project.UI_DOMAIN))
        return {unit.source: unit.source for unit in template.units if not unit.isheader()}
    path = project.catalog_path(language, project.UI_DOMAIN)
    if not path.exists():
        return {}
    return _table(language, path.stat().st_mtime)


def translate(message: str, language: str, **values: object) -> str:
    """``message`` in ``language`` with ``{name}`` placeholders filled.

    A missing translation raises: the tests require every shipped catalog complete, so this only happens
    while a translation is under way, and then the caller decides how to say so (see ``translate_or_none``).
    """
    text = table(language).get(message)
    if text is None:
        raise MissingTranslation(f"{language}: no translation for {message!r} in the ui catalog")
    return text.format(**values) if values else text


def translate_or_none(message: str, language: str, **values: object) -> str | None:
    try:
        return translate(message, language, **values)
    except MissingTranslation:
        return None


def write_json(site_dir: Path, languages: list[str]) -> None:
    """Compile the ui catalog of every language for the browser apps."""
    target = Path(site_dir) / "assets" / "i18n"
    target.mkdir(parents=True, exist_ok=True)
    for language in languages:
        text = json.dumps(table(language), ensure_ascii=False, sort_keys=True, indent=0)
        (target / f"{language}.json").write_text(text + "\n", encoding="utf-8")
