"""The apps a page can mount (its ``demo:`` front matter, ``<div id="demo" data-app="…">``): one record each.

The loader (``docs/assets/demo/loader.js``) reads them from the page's boot data (``download.boot_data``) to
import the page's module and start it; the offline list (``offline.py``) reads them for what starting each
engine app needs. A new app of a known kind is one record here.

``start`` is how the loader starts it: ``engine`` (the engine starts on Start, then the app opens with it),
``engine-when-needed`` (the app opens at once; the engine starts in the shell when first needed), ``words``
(no engine: the reader's words, then the app) and ``words-only`` (no shell at all: the embed page's builder).
"""

from __future__ import annotations

APPS: dict[str, dict[str, str]] = {
    "tutorial": {"module": "tutorial.js", "export": "Tutorial", "start": "engine"},
    "play": {"module": "game.js", "export": "Game", "start": "engine"},
    "scores": {"module": "scores.js", "export": "ScoreKeeper", "start": "engine-when-needed"},
    "house-rules": {"module": "house-rules.js", "export": "HouseRules", "start": "words"},
    "practice": {"module": "practice.js", "export": "Practice", "start": "words"},
    "embed": {"module": "snippet.js", "export": "SnippetBuilder", "start": "words-only"},
    "rooms": {"module": "rooms.js", "export": "Rooms", "start": "words"},
}
STARTS_THE_ENGINE = ("engine", "engine-when-needed")


def engine_modules() -> dict[str, str]:
    """{app: its module} for the apps that start the engine (the ones the service worker keeps for offline)."""
    return {name: app["module"] for name, app in APPS.items() if app["start"] in STARTS_THE_ENGINE}
