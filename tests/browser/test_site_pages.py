"""Every page type, in every language, on a 360px phone and a desktop, in light and dark: it fits the screen
and axe-core finds no accessibility violation. Screenshots land in test-results/screenshots/ to be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts.sitebuild.project import languages

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "test-results" / "screenshots"
LANGUAGES = tuple(languages())  # mkdocs.yml's list
# One page of each type: the home page, a rules page with diagrams, tables of numbers, the glossary, an app page,
# the rooms page (its lobby: its other states need a rooms server, test_rooms.py walks them).
PAGE_TYPES = {"home": "", "rules": "chicken-foot/", "numbers": "numbers/", "glossary": "glossary/",
              "app": "tutorial/", "rooms": "rooms/"}
# the rooms page's screens are measured by test_rooms.py's walk of its states (reader_checks.js: stricter than
# the overflow below), at both sizes by hand: here axe alone, in light and dark
FIT_TYPES = {name: path for name, path in PAGE_TYPES.items() if name != "rooms"}


def _url(site_url: str, language: str, path: str) -> str:
    return f"{site_url}{'' if language == 'en' else language + '/'}{path}"


# The page as a reader first sees it: loaded, its fonts in, its app (if any) mounted. Not "networkidle": that
# waits half a second more on every page, and what still travels then (the search index, into the search
# worker) changes nothing on the screen.
SETTLED = """() => document.fonts.status === "loaded"
    && (!document.getElementById("demo") || document.getElementById("demo").childElementCount > 0)"""


def settle(page) -> None:
    page.wait_for_load_state("load")
    page.wait_for_function(SETTLED)


@pytest.mark.parametrize(("width", "scheme"), [(360, "light"), (360, "dark"), (1280, "light")])
@pytest.mark.parametrize("page_type", FIT_TYPES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_page_fits_the_screen_and_is_photographed(page, site_url, language, page_type, width, scheme):
    page.set_viewport_size({"width": width, "height": 800})
    page.emulate_media(color_scheme=scheme)
    page.goto(_url(site_url, language, FIT_TYPES[page_type]))
    settle(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{language}-{page_type}-{width}-{scheme}.png", full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page_type", PAGE_TYPES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_no_accessibility_violation(page, site_url, language, page_type, scheme):
    page.set_viewport_size({"width": 360, "height": 800})
    page.emulate_media(color_scheme=scheme)
    page.goto(_url(site_url, language, PAGE_TYPES[page_type]))
    settle(page)
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the site's CSP refuses inline scripts
    violations = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map(v => "
                               "({id: v.id, impact: v.impact, help: v.help, "
                               "nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")
    assert not violations, "\n".join(f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in violations)
