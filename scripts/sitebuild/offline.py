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
from pathlib import Path

from . import project, uistrings

TEMPLATE = Path(__file__).with_name("sw.js")
# Not files a reader's browser asks for, or files that must never come from the worker's cache.
SKIPPED_NAMES = {"sw.js", "_headers", "_redirects", ".built", "sitemap.xml", "sitemap.xml.gz"}
SKIPPED_SUFFIXES = (".br", ".gz", ".map")
# What a start of the tutorial or the game needs besides the runtime (runtime.json lists that).
ENGINE_FOLDERS = ("assets/demo/", "assets/i18n/")
ENGINE_FILES = ("pyodide/runtime.json", "pyodide/pyodide-lock.json", "assets/vendor/comlink.mjs",
                "assets/stylesheets/diagrams.css")
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


def engine_files(site: Path, files: dict[str, str]) -> list[str]:
    runtime = json.loads((site / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    wanted = [*runtime["downloads"], *ENGINE_FILES]
    wanted += [path for path in files if path.startswith(ENGINE_FOLDERS)]
    missing = [path for path in wanted if path not in files]
    if missing:
        raise FileNotFoundError(f"the service worker would keep files the site lacks: {missing}")
    return sorted(set(wanted))


def write_service_worker(site: Path) -> str:
    files = revisions(site)
    engine = engine_files(site, files)
    build = hashlib.sha256(json.dumps([files, engine], sort_keys=True).encode()).hexdigest()[:12]
    source = (TEMPLATE.read_text(encoding="utf-8").replace("__BUILD__", build)
              .replace("__FILES__", json.dumps(files, separators=(",", ":")))
              .replace("__ENGINE__", json.dumps(engine, separators=(",", ":"))))
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
