"""Offline use and installation: the service worker (``/sw.js``) and a web-app manifest per language.

    python -m scripts.sitebuild.offline site

Run on the finished site (after the runtime is copied in, before precompressing: the Makefile does). The
worker's logic is ``scripts/sitebuild/sw.js``; this fills in the build's revisions: a hash of every file's
content (the worker keeps files under it), the list of what starting an app needs, and the build's id.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path

from . import project, uistrings
from .apps import engine_modules
from .uistrings import N_

TEMPLATE = Path(__file__).with_name("sw.js")
# Not files a reader's browser asks for, or files that must never come from the worker's cache.
SKIPPED_NAMES = {"sw.js", "_headers", "_redirects", ".built", "sitemap.xml", "sitemap.xml.gz"}
SKIPPED_SUFFIXES = (".br", ".gz", ".map")
# What a start of the tutorial or the game needs besides the runtime (runtime.json lists that) and the apps'
# modules (below): the words of every language (the worker keeps those of the languages read) and these.
ENGINE_FOLDERS = ("assets/i18n/",)
ENGINE_FILES = ("pyodide/runtime.json", "pyodide/pyodide-lock.json", "assets/vendor/comlink.mjs",
                "assets/stylesheets/diagrams.css")
DEMO = "assets/demo/"
# The modules every app that starts the engine needs: the loader (its static imports only: its dynamic ones
# pick the page's app), the worker and its client, the apps' stylesheet.
COMMON_ENTRIES = ("loader.js", "worker.js", "protocol.js", "demo.css")
# data-app -> the module the loader imports for it: the apps that start the engine (apps.py, the one list)
APP_ENTRIES = engine_modules()
STATIC_REFERENCE = re.compile(r"""(?:\bfrom\s*|\bimport\s+|new URL\(\s*)["'`]\./([\w.-]+)["'`]""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'`]\./([\w.-]+?)(?:["'`]|\$\{)""")
PAGE_APP = re.compile(r'<div id="demo"[^>]*\bdata-app="([\w-]+)"')
# The words of the site's own offline page, which the worker shows for a page not kept (sw.js: offlinePage)
OFFLINE_WORDS = {
    "title": N_("You are offline"),
    "text": N_("This page is not kept on this device yet, so it cannot open without a connection. It will be "
               "kept once you have opened it with a connection."),
    "kept": N_("Pages you can read now:"),
    "none": N_("No page is kept on this device yet."),
    "retry": N_("Try again"),
}
THEME_COLOR = "#795548"  # Material's "brown", the palette's primary colour (mkdocs.yml)
SHORT_NAME = "Chicken Foot"


def site_path(file: Path, site: Path) -> str:
    """The path a browser asks for: a folder's index.html is the folder ("ht/tutorial/")."""
    path = file.relative_to(site).as_posix()
    return path[: -len("index.html")] if path == "index.html" or path.endswith("/index.html") else path


def revisions(site: Path) -> dict[str, str]:
    files = {}
    for file in sorted(site.rglob("*")):
        if file.is_file() and file.name not in SKIPPED_NAMES and not file.name.endswith(SKIPPED_SUFFIXES):
            files[site_path(file, site)] = hashlib.sha256(file.read_bytes()).hexdigest()[:10]
    return files


def module_closure(demo: Path, entries: tuple[str, ...], *, dynamic_from_entries: bool = True) -> set[str]:
    """The files of ``demo`` these modules reference (imports, ``new URL("./x", import.meta.url)``), at any
    depth; the entries' own dynamic imports only if asked (the loader's pick the page's app)."""
    found, queue = set(), [(entry, dynamic_from_entries) for entry in entries]
    while queue:
        name, dynamic = queue.pop()
        if name in found:
            continue
        found.add(name)
        if not name.endswith(".js"):
            continue
        text = (demo / name).read_text(encoding="utf-8")
        referenced = set(STATIC_REFERENCE.findall(text)) | (set(DYNAMIC_IMPORT.findall(text)) if dynamic else set())
        queue += [(reference, True) for reference in referenced if (demo / reference).is_file()]
    return found


def engine_files(site: Path, files: dict[str, str]) -> tuple[list[str], dict[str, list[str]]]:
    """What every start needs (ENGINE), and the modules of each app besides (APPS)."""
    runtime = json.loads((site / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    demo = site / DEMO
    common = module_closure(demo, ("loader.js",), dynamic_from_entries=False) | module_closure(demo, COMMON_ENTRIES[1:])
    wanted = [*runtime["downloads"], *ENGINE_FILES, *(DEMO + name for name in common)]
    wanted += [path for path in files if path.startswith(ENGINE_FOLDERS)]
    apps = {app: sorted(DEMO + name for name in module_closure(demo, (entry,)) - common)
            for app, entry in APP_ENTRIES.items()}
    missing = [path for path in [*wanted, *(p for paths in apps.values() for p in paths)] if path not in files]
    if missing:
        raise FileNotFoundError(f"the service worker would keep files the site lacks: {missing}")
    return sorted(set(wanted)), apps


def page_apps(site: Path) -> dict[str, str]:
    """{page path: its app} for the pages whose app starts the engine."""
    apps = {}
    for page in sorted(site.rglob("index.html")):
        found = PAGE_APP.search(page.read_text(encoding="utf-8"))
        if found and found.group(1) in APP_ENTRIES:
            apps[site_path(page, site)] = found.group(1)
    return apps


def offline_words() -> dict[str, dict[str, str]]:
    """{language: {part: text}} for the offline page, each in its language (English where not translated)."""
    return {language: {part: uistrings.translate_or_none(message, language) or message
                       for part, message in OFFLINE_WORDS.items()}
            for language in project.languages()}


def write_service_worker(site: Path) -> str:
    files = revisions(site)
    engine, apps = engine_files(site, files)
    pages = page_apps(site)
    words = offline_words()
    build = hashlib.sha256(json.dumps([files, engine, apps, pages, words], sort_keys=True).encode()).hexdigest()[:12]
    compact = lambda value: json.dumps(value, separators=(",", ":"))  # noqa: E731
    source = (TEMPLATE.read_text(encoding="utf-8").replace("__BUILD__", build)
              .replace("__FILES__", compact(files))
              .replace("__ENGINE__", compact(engine))
              .replace("__APPS__", compact(apps))
              .replace("__PAGE_APPS__", compact(pages))
              .replace("__LANGUAGES__", compact(project.languages()))
              .replace("__OFFLINE_WORDS__", compact(words)))
    (site / "sw.js").write_text(source, encoding="utf-8")
    return build


def manifest(language: str) -> dict:
    """The web-app manifest of one language, at that language's root (start and scope there)."""
    to_root = "" if language == project.SOURCE_LANGUAGE else "../"
    words = lambda message: uistrings.translate_or_none(message, language) or message  # noqa: E731
    from .hooks import SITE_DESCRIPTION, SITE_NAME

    icons = [{"src": f"{to_root}assets/images/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
             for size in (192, 512)]
    icons.append({"src": f"{to_root}assets/images/favicon.svg", "sizes": "any", "type": "image/svg+xml"})
    return {"name": words(SITE_NAME), "short_name": words(SHORT_NAME), "description": words(SITE_DESCRIPTION),
            "lang": language, "dir": "ltr", "start_url": "./", "scope": "./", "display": "standalone",
            "background_color": "#ffffff", "theme_color": THEME_COLOR, "icons": icons}


def write_manifests(site: Path) -> None:
    for language in project.languages():
        root = site if language == project.SOURCE_LANGUAGE else site / language
        (root / "manifest.webmanifest").write_text(json.dumps(manifest(language), ensure_ascii=False, indent=1),
                                                   encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.sitebuild.offline", description=__doc__)
    parser.add_argument("site", type=Path)
    options = parser.parse_args(argv)
    write_manifests(options.site)
    build = write_service_worker(options.site)
    print(f"service worker for build {build} and {len(project.languages())} web-app manifests written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
