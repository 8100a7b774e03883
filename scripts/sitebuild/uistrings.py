"""The ``ui`` catalog: strings of generated content (table headers, captions, alt texts, banners) and of the
browser apps.

Strings enter the catalog by extraction with Babel (see ``catalogs.extract_ui``): in Python, wrap the literal
in ``N_("...")``, or a text that counts something in ``Nn_("{count} tile", "{count} tiles")`` (a gettext plural
entry: each language writes as many forms as its plural rule has); in the apps' JavaScript, ``t("...")``,
``tn("...", "...", count)`` or ``N_("...")``. Placeholders are ``{name}``.

At build time the catalog is compiled to ``site/assets/i18n/<lang>.json``: msgid -> translation, a plural entry
as msgid (singular) -> list of forms, and under the empty msgid (the gettext header's place) the language's
plural rule for the browser: ``{"language": "sq", "plural_forms": "...", "plural_categories": {"one": 0, ...}}``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

from . import plurals, project
from .pages import load_catalog

Translation = str | list[str]


def N_(message: str) -> str:  # noqa: N802 - the gettext convention extraction tools look for
    """Mark a string for the ui catalog; translate it later with ``translate(message, language)``."""
    return message


class Plural(NamedTuple):
    """A text that counts something: gettext's singular and plural msgids (English's two forms)."""

    singular: str
    plural: str


def Nn_(singular: str, plural: str) -> Plural:  # noqa: N802 - like N_, for a plural entry (extracted as such)
    """Mark a counting text for the ui catalog; translate it with ``translate_plural(message, count, ...)``."""
    return Plural(singular, plural)


class MissingTranslation(LookupError):
    """A ui string has no reviewed translation in a shipped language's catalog."""


def _forms(unit) -> Translation:
    return list(unit.target.strings) if unit.hasplural() else unit.target


def reviewed(unit, nplurals: int) -> bool:
    """A usable translation: not fuzzy, not empty, and a plural entry with every form its language has."""
    if unit.isheader() or unit.isobsolete() or unit.isfuzzy() or not unit.istranslated():
        return False
    if not unit.hasplural():
        return True
    forms = unit.target.strings
    return len(forms) == nplurals and all(form.strip() for form in forms)


@cache
def _table(language: str, mtime: float) -> dict[str, Translation]:
    catalog = load_catalog(project.catalog_path(language, project.UI_DOMAIN))
    nplurals, _ = plurals.parse(plural_forms(language))
    return {str(unit.source): _forms(unit) for unit in catalog.units if reviewed(unit, nplurals)}


def table(language: str) -> dict[str, Translation]:
    """msgid -> translation for ``language`` (English: the msgids themselves); untranslated msgids are absent.
    A plural entry is keyed by its singular msgid and holds the language's forms, in the catalog's order."""
    if language == project.SOURCE_LANGUAGE:
        template = load_catalog(project.template_path(project.UI_DOMAIN))
        return {str(unit.source): list(unit.source.strings) if unit.hasplural() else unit.source
                for unit in template.units if not unit.isheader()}
    path = project.catalog_path(language, project.UI_DOMAIN)
    if not path.exists():
        return {}
    return _table(language, path.stat().st_mtime)


@cache
def _catalog_plural_forms(language: str, mtime: float) -> str:
    header = load_catalog(project.catalog_path(language, project.UI_DOMAIN)).parseheader()
    return header.get("Plural-Forms") or plurals.plural_forms(language)


def plural_forms(language: str) -> str:
    """The ``Plural-Forms`` the language's ui catalog was written for (English: CLDR's rule)."""
    path = project.catalog_path(language, project.UI_DOMAIN)
    if language == project.SOURCE_LANGUAGE or not path.exists():
        return plurals.plural_forms(language)
    return _catalog_plural_forms(language, path.stat().st_mtime)


def translate(message: str, language: str, **values: object) -> str:
    """``message`` in ``language`` with ``{name}`` placeholders filled.

    A missing translation raises: the tests require every shipped catalog complete, so this only happens
    while a translation is under way, and then the caller decides how to say so (see ``translate_or_none``).
    """
    text = table(language).get(message)
    if not isinstance(text, str):
        raise MissingTranslation(f"{language}: no translation for {message!r} in the ui catalog")
    return text.format(**values) if values else text


def translate_plural(message: Plural, n: int, language: str, **values: object) -> str:
    """The form of ``message`` that the number ``n`` takes in ``language`` (its catalog's plural rule), filled.
    ``n`` is the count itself; ``values`` hold its placeholder's text, formatted for the language."""
    forms = table(language).get(message.singular)
    if not isinstance(forms, list):
        raise MissingTranslation(f"{language}: no plural translation for {message.singular!r} in the ui catalog")
    return forms[plurals.form_index(plural_forms(language), n)].format(**values)


def translate_or_none(message: str, language: str, **values: object) -> str | None:
    try:
        return translate(message, language, **values)
    except MissingTranslation:
        return None


def translate_plural_or_none(message: Plural, n: int, language: str, **values: object) -> str | None:
    try:
        return translate_plural(message, n, language, **values)
    except MissingTranslation:
        return None


def compiled(language: str) -> dict[str, object]:
    """What the browser loads for ``language``: the table, and the plural rule under the empty msgid."""
    header = plural_forms(language)
    rule = {"language": language, "plural_forms": header,
            "plural_categories": plurals.category_indexes(language, header)}
    return {"": rule, **table(language)}


def write_json(site_dir: Path, languages: list[str]) -> None:
    """Compile the ui catalog of every language for the browser apps."""
    target = Path(site_dir) / "assets" / "i18n"
    target.mkdir(parents=True, exist_ok=True)
    for language in languages:
        text = json.dumps(compiled(language), ensure_ascii=False, sort_keys=True, indent=0)
        (target / f"{language}.json").write_text(text + "\n", encoding="utf-8")
