"""Regenerate the catalog templates from the English sources and merge them into every language.

    python -m scripts.sitebuild.catalogs update     # after changing English text or adding ui strings
    python -m scripts.sitebuild.catalogs status     # per language and catalog: translated / fuzzy / total

Extraction: pages with translate-toolkit's Markdown store (see ``pages``), ui strings with Babel, theme
strings from Material's English partial. Merging: translate-toolkit's pot2po, which keeps translations,
marks changed entries fuzzy (with the previous English for reference) and retires the ones no longer used.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po
from translate.convert.pot2po import convert_stores
from translate.storage import po

from . import pages, plurals, project, theme_strings

# Where ui strings are extracted from, and how (Babel's extractors and keywords). A plural keyword's spec
# (1, 2) names the arguments that are the singular and the plural msgid.
PYTHON_KEYWORDS = {"N_": None, "Nn_": (1, 2)}
JAVASCRIPT_KEYWORDS = {"t": None, "N_": None, "tn": (1, 2), "Nn_": (1, 2)}
UI_SOURCES: list[tuple[Path, list[tuple[str, str]], dict[str, object]]] = [
    (project.ROOT / "scripts" / "sitebuild", [("**.py", "python")], PYTHON_KEYWORDS),
    (project.DOCS / "assets" / "demo", [("**.js", "javascript")], JAVASCRIPT_KEYWORDS),
    (project.ROOT / "engine", [("**.py", "python")], PYTHON_KEYWORDS),
]


def extract_ui() -> po.pofile:
    catalog = Catalog(project="chicken-foot-site", fuzzy=False)
    for directory, method_map, keywords in UI_SOURCES:
        if not directory.is_dir():
            continue
        for filename, lineno, message, comments, context in extract_from_dir(
            directory, method_map, keywords=keywords, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        ):
            location = (directory / filename).relative_to(project.ROOT).as_posix()
            catalog.add(message, locations=[(location, lineno)], auto_comments=comments, context=context)
    for message in catalog:
        # Babel flags any msgid with a "%" as python-format ("95% interval"), and msgfmt -c then rejects a
        # translation that moves the "%". Our placeholders are {name}, filled by our own code, never by "%".
        message.flags.discard("python-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, sort_output=False, omit_header=False, width=100)
    template = po.pofile(buffer.getvalue())
    _set_project_header(template)
    return template


PROJECT_ID = "chicken-foot-site"


def _set_project_header(catalog: po.pofile, language: str | None = None) -> None:
    """The header fields Poedit and Weblate read: the project, where to report a bad English text, the team."""
    feedback = project.translation_feedback()
    fields = {"Project-Id-Version": PROJECT_ID, "Report-Msgid-Bugs-To": feedback.get("mail", ""),
              "Content-Type": "text/plain; charset=UTF-8"}
    if language is not None:
        name = project.language_names().get(language, language)
        fields["Language-Team"] = f"{name} <{feedback.get('team') or feedback.get('mail', '')}>"
    catalog.updateheader(add=True, **{key.replace("-", "_"): value for key, value in fields.items()})


def extract_theme() -> po.pofile:
    catalog = po.pofile()
    english = theme_strings.material_strings(project.SOURCE_LANGUAGE)
    for key in theme_strings.translatable_keys():
        unit = catalog.addsourceunit(english[key])
        unit.setcontext(key)
        unit.addnote(f"Material for MkDocs interface string '{key}'. Keep '#' (a number) where it occurs.",
                     origin="developer")
    _set_project_header(catalog)
    return catalog


def templates() -> dict[str, po.pofile]:
    found = {project.page_domain(page): pages.extract(page) for page in project.page_sources()}
    found[project.UI_DOMAIN] = extract_ui()
    found[project.THEME_DOMAIN] = extract_theme()
    return found


def _entries(catalog: po.pofile) -> list:
    header = catalog.parseheader()
    return [[header.get(field) for field in HEADER_FIELDS]] + [
        (unit.getcontext(), unit.source, tuple(unit.getlocations()), unit.getnotes(), tuple(unit.typecomments))
        for unit in catalog.units if not unit.isheader()
    ]


def _write_if_changed_template(catalog: po.pofile, path: Path, previous: po.pofile | None) -> bool:
    # Only a change of entries rewrites a file: a new creation date alone is not a change.
    if previous is not None and _entries(previous) == _entries(catalog):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(catalog))
    return True


def _set_language(catalog: po.pofile, language: str) -> None:
    """The header's Language, and its Plural-Forms from CLDR (``plurals``): Poedit and the build read them."""
    catalog.updateheader(add=True, Language=language)
    _set_project_header(catalog, language)
    count, expression = plurals.plural_forms(language).split(";", 1)
    catalog.updateheaderplural(count.split("=")[1].strip(), expression.split("=", 1)[1].strip().rstrip(";"))


def _prefilled(language: str, domain: str, template: po.pofile) -> po.pofile:
    """A new catalog; for the theme, Material's own strings for the language where it has them (sq)."""
    catalog = po.pofile(bytes(template))
    _set_language(catalog, language)
    if domain == project.THEME_DOMAIN:
        known = theme_strings.material_strings(language)
        for unit in catalog.units:
            if not unit.isheader() and unit.getcontext() in known:
                unit.target = known[unit.getcontext()]
    return catalog


def merge(template: po.pofile, old: po.pofile, language: str) -> po.pofile:
    """``old``'s translations carried over to the entries of ``template`` (pot2po), for ``language``."""
    # pot2po fills the template it is given with the translations it finds: each merge works on a fresh copy,
    # or one language's words would leak into the next language's catalog as fuzzy suggestions.
    fresh_template = po.pofile(bytes(template))
    merged = convert_stores(fresh_template, old, fuzzymatching=True, min_similarity=75)
    for unit in merged.units:
        # pot2po keeps the old catalog's flags: a false python-format (see extract_ui) would outlive its fix.
        if unit.hastypecomment("python-format"):
            unit.settypecomment("python-format", False)
    _set_language(merged, language)
    return merged


def update(languages: list[str] | None = None) -> list[Path]:
    """Rewrite the templates and merge them into each language's catalogs; return the files changed."""
    changed = []
    for domain, template in templates().items():
        template_path = project.template_path(domain)
        previous = po.pofile.parsefile(str(template_path)) if template_path.exists() else None
        if _write_if_changed_template(template, template_path, previous):
            changed.append(template_path)
        for language in languages or project.target_languages():
            path = project.catalog_path(language, domain)
            if path.exists():
                old = po.pofile.parsefile(str(path))
                merged = merge(template, old, language)
            else:
                old, merged = None, _prefilled(language, domain, template)
            if _write_if_changed_catalog(merged, path, old):
                changed.append(path)
    return changed


# The header fields whose change alone rewrites a catalog (a new creation date alone does not).
HEADER_FIELDS = ("Plural-Forms", "Language", "Language-Team", "Project-Id-Version", "Report-Msgid-Bugs-To",
                 "Content-Type")


def _write_if_changed_catalog(catalog: po.pofile, path: Path, previous: po.pofile | None) -> bool:
    def entries(store: po.pofile) -> list[tuple]:
        header = store.parseheader()
        return [[header.get(field) for field in HEADER_FIELDS]] + [
            (u.getcontext(), u.source, u.target, u.isfuzzy(), u.isobsolete(), tuple(u.getlocations()),
             u.getnotes(), tuple(u.typecomments))
            for u in store.units if not u.isheader()
        ]
    if previous is not None and entries(previous) == entries(catalog):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(catalog))
    return True


def status() -> list[tuple[str, str, int, int, int]]:
    rows = []
    for language in project.target_languages():
        for domain in project.all_domains():
            path = project.catalog_path(language, domain)
            if not path.exists():
                rows.append((language, domain, 0, 0, 0))
                continue
            units = [u for u in po.pofile.parsefile(str(path)).units if not u.isheader() and not u.isobsolete()]
            translated = sum(u.istranslated() and not u.isfuzzy() for u in units)
            fuzzy = sum(u.isfuzzy() for u in units)
            rows.append((language, domain, translated, fuzzy, len(units)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.sitebuild.catalogs", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["update", "status"])
    parser.add_argument("--language", action="append", help="only this language (repeatable)")
    options = parser.parse_args(argv)
    if options.command == "update":
        for path in update(options.language):
            print(f"updated {path.relative_to(project.ROOT)}")
        return 0
    print(f"{'language':8} {'catalog':14} {'translated':>10} {'fuzzy':>6} {'total':>6}")
    for language, domain, translated, fuzzy, total in status():
        print(f"{language:8} {domain:14} {translated:>10} {fuzzy:>6} {total:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
