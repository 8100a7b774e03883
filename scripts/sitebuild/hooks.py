"""MkDocs hooks (``hooks:`` in mkdocs.yml): the i18n pipeline, generated content and per-language search.

mkdocs-static-i18n builds the site once per language, calling these hooks in every pass; ``language_of``
tells which pass this is.
"""

from __future__ import annotations

import html
import json
import re
import sys
from copy import deepcopy
from pathlib import Path

# MkDocs loads this file by path; the package it belongs to lives at the repository root.
_ROOT = Path(__file__).resolve().parents[2]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402

from engine import svg  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from scripts.sitebuild import (banners, download, generated, project, puzzles_data, rules_data,  # noqa: E402,I001
                               search_index, staging, suggest, theme_strings, uistrings)
from scripts.sitebuild.generated.context import PageContext  # noqa: E402
from scripts.sitebuild.uistrings import N_  # noqa: E402

_state: dict[str, object] = {}

SITE_NAME = N_("Chicken Foot dominoes")
SITE_DESCRIPTION = N_("Learn to play Chicken Foot and Mexican Train dominoes in your language.")
PALETTE_TOGGLES = (N_("Switch to dark mode"), N_("Switch to light mode"))
# An app page's second skip link, straight to its app (overrides/main.html): a keyboard reader starts the
# tutorial in three Tab presses instead of some thirty through the header, the navigation and the contents.
SKIP_TO_APP = {
    "tutorial": N_("Skip to the tutorial"),
    "play": N_("Skip to the game"),
    "scores": N_("Skip to the score sheet"),
    "house-rules": N_("Skip to the rules form"),
    "practice": N_("Skip to the puzzles"),
    "embed": N_("Skip to the code builder"),
    "rooms": N_("Skip to your room"),
}
NOT_FOUND_PAGE = "404.html"
NOT_FOUND_TITLE = N_("Page not found")
# The embed frame's one sentence for a reader without JavaScript (docs/embed/frame/index.html), in every language.
FRAME_NOSCRIPT = N_("Chicken Foot needs JavaScript.")
FRAME_NOSCRIPT_HTML = f'<noscript><p lang="en">{FRAME_NOSCRIPT}</p></noscript>'
NOT_FOUND_HOME = N_("Go to the home page")
FOOTER_CREDIT = N_("Rules from pagat.com and from Jennifer Kelley's Great Book of Domino Games. Made with "
                   "MkDocs and Material for MkDocs.")


def language_of(config: MkDocsConfig) -> str:
    plugin = config.plugins["i18n"]
    return plugin.current_language or plugin.default_language


def _post_build_language(config: MkDocsConfig) -> str:
    # The default language's pass ends last, after the plugin built the others from inside it (and left
    # `current_language` on the last of them); only the inner passes run with `building` set.
    plugin = config.plugins["i18n"]
    return plugin.current_language if plugin.building else plugin.default_language


def _staging(config: MkDocsConfig) -> staging.Staging:
    # One staging per configuration: the i18n plugin's passes share it, `mkdocs serve` reloads it per rebuild.
    if _state.get("config") is not config:
        _state["config"] = config
        _state["staging"] = staging.stage(project.languages())
        _state["theme_dir"] = theme_strings.write_partials(project.target_languages())
    return _state["staging"]  # type: ignore[return-value]


def _localised(message: str, language: str) -> str:
    return uistrings.translate_or_none(message, language) or message


@event_priority(-150)  # after the i18n plugin has switched the configuration to this pass's language
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    staged = _staging(config)
    config.docs_dir = str(staged.docs_dir)
    theme_dir = str(_state["theme_dir"])
    if theme_dir not in config.theme.dirs:
        config.theme.dirs.insert(0, theme_dir)
    language = language_of(config)
    config.site_name = _localised(SITE_NAME, language)
    config.site_description = _localised(SITE_DESCRIPTION, language)
    config.copyright = _localised(FOOTER_CREDIT, language)
    config.extra["suggest_translation"] = suggest.link_data(language)  # the footer's link (suggest.py)
    # "Not found" (overrides/404.html): each language's own page under its prefix; the root one, in English,
    # says it in every language, for an address outside any prefix.
    shown = project.languages() if language == project.SOURCE_LANGUAGE else [language]
    config.extra["not_found"] = [
        {"lang": code, "title": _localised(NOT_FOUND_TITLE, code), "home": _localised(NOT_FOUND_HOME, code),
         "path": "" if code == project.SOURCE_LANGUAGE else f"{code}/"}
        for code in shown
    ]
    # What an app page's loader needs before any script or catalog loads (overrides/main.html)
    config.extra["demo_boot"] = {language: download.boot_data(language)}
    config.extra["skip_to_app"] = {app: _localised(text, language) for app, text in SKIP_TO_APP.items()}
    for palette, name in zip(config.theme["palette"], PALETTE_TOGGLES, strict=True):
        palette["toggle"]["name"] = _localised(name, language)
    return config


@event_priority(-150)
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    language = language_of(config)
    domain = Path(page.file.src_uri).name.split(".")[0]
    status = _staging(config).status(domain, language)
    context = PageContext(language=language, url=page.url)
    markdown = generated.expand(markdown, context)
    if context.untranslated and status == "complete":
        status = "partial"  # the page's text is translated, some generated words are not yet
    banner = banners.banner(status, language)
    return _below_title(markdown, banner) if banner else markdown


def _below_title(markdown: str, block: str) -> str:
    """``block`` after the page's H1: MkDocs names a page (menu, <title>) after its first element only when
    that is the H1, and a reader sees the title first."""
    lines = markdown.split("\n")
    for index, line in enumerate(lines):
        if line.startswith("# "):
            return "\n".join([*lines[:index + 1], "", block, "", *lines[index + 1:]])
    return f"{block}\n\n{markdown}"


def on_template_context(context: dict, template_name: str, config: MkDocsConfig) -> dict:
    if template_name == NOT_FOUND_PAGE:
        # The language menu of a "not found" page leads to each language's home page: the i18n plugin only
        # resets it per page, so it would otherwise hold the links of the last page built.
        # The plugin sets it as an attribute of config.extra, which templates read before the item.
        alternates = getattr(config.plugins["i18n"], "extra_alternate", None)
        if alternates:
            config.extra.alternate = deepcopy(alternates)
            config.extra["alternate"] = config.extra.alternate
    return context


# What Material's site_meta block writes that this site leaves out, so that overrides/main.html extends the
# block instead of copying it: the <link rel="alternate" hreflang> tags (Material's script fetches
# "sitemap.xml" under each one's address, which for a page, not a language root, is a 404: four wasted requests
# per visit; the alternates are in sitemap.xml and the language menu's <a hreflang> links), and the generator
# line, which names the generator's version (`make compare-generators` compares the pages of two).
MATERIAL_HEAD_EXTRAS = re.compile(r'\n[ \t]*(?:<link rel="alternate" href="[^"<>]*" hreflang="[^"<>]*">'
                                  r'|<meta name="generator" content="[^"<>]*">)')


def _without_material_head_extras(output: str) -> str:
    head, separator, body = output.partition("</head>")
    return MATERIAL_HEAD_EXTRAS.sub("", head) + separator + body


APP_ROOT = re.compile(r'<div id="demo" [^>]*\bdata-app="(?P<app>[\w-]+)"[^>]*></div>')
HEADING = re.compile(r"<h[1-6][\s>]")


def _app_root_in_its_section(output: str) -> str:
    """The template writes an app's root after the page's text; the app belongs at the end of its own section
    (the heading ``#<app>-app`` and what follows it up to the next heading). Placed here, the page is laid out
    once: moved by the loader after the first paint, everything below the section jumped (layout shift 0.14)."""
    root = APP_ROOT.search(output)
    heading = root and output.find(f'id="{root["app"]}-app"')
    if not root or heading < 0:
        return output
    without = output[:root.start()] + output[root.end():]
    after_heading = without.find("</h", heading)
    next_heading = HEADING.search(without, after_heading)
    if not next_heading or next_heading.start() > root.start():
        return output  # the section is the page's last: the root is already where it belongs
    return without[:next_heading.start()] + root.group(0) + "\n" + without[next_heading.start():]


def on_post_page(output: str, page, config: MkDocsConfig) -> str:
    return _app_root_in_its_section(_without_material_head_extras(output))


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """Each language's pass renders 404.html into the site root; a translated one goes under its own prefix
    instead (``ht/404.html``), and MkDocs then skips the root ("Template skipped: generated empty output"),
    which keeps the English one there."""
    output = _without_material_head_extras(output)
    language = language_of(config)
    if template_name != NOT_FOUND_PAGE or language == project.SOURCE_LANGUAGE:
        return output
    target = Path(config.site_dir) / language / NOT_FOUND_PAGE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    return ""


@event_priority(-200)  # after the search plugin wrote its index, and after the i18n plugin merged them
def on_post_build(config: MkDocsConfig) -> None:
    language = _post_build_language(config)
    search_index.write_for_language(config, language, project.languages())
    if language == project.SOURCE_LANGUAGE:
        uistrings.write_json(Path(config.site_dir), project.languages())
        rules_data.write_json(Path(config.site_dir))
        puzzles_data.write_json(Path(config.site_dir), project.languages())  # the practice page's puzzles
        # the pictures' colours, for the diagrams inlined in pages and the apps' table and tiles
        (Path(config.site_dir) / "assets" / "stylesheets" / "diagrams.css").write_text(svg.stylesheet() + "\n")
        # the embed frame is a static page whose language is chosen at run time: it carries every language's
        frame = Path(config.site_dir) / "embed" / "frame" / "index.html"
        boot = {code: download.boot_data(code) for code in project.languages()}
        # boot data and, for a reader without JavaScript, the one sentence in every language
        noscript = "".join(f'\n      <p lang="{code}">{html.escape(_localised(FRAME_NOSCRIPT, code))}</p>'
                           for code in project.languages())
        text = frame.read_text(encoding="utf-8")
        if FRAME_NOSCRIPT_HTML not in text:
            raise ValueError(f"{frame}: no {FRAME_NOSCRIPT_HTML} to fill in")
        frame.write_text(text.replace(
            '<script type="application/json" id="demo-boot">{}</script>',
            f'<script type="application/json" id="demo-boot">{json.dumps(boot, ensure_ascii=False)}</script>').replace(
            FRAME_NOSCRIPT_HTML, f"<noscript>{noscript}\n    </noscript>"), encoding="utf-8")
