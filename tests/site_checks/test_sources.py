"""The English source pages: the conventions the pipeline and the engine rely on."""

from __future__ import annotations

import re

import pytest
import yaml

from engine.rule_ids import RULE_PAGES
from scripts.sitebuild import generated, project

PAGES = project.page_sources()
HEADING = re.compile(r"^(#{1,6}) (.+)$", re.MULTILINE)
EXPLICIT_ID = re.compile(r"\{#([a-z0-9-]+)\}\s*$")
FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
CONTRACT_PAGES = {"index", "chicken-foot", "variants", "mexican-train", "strategy", "numbers", "glossary",
                  "sources", "tutorial", "play", "house-rules", "scores", "embed", "practice", "rooms"}


def _front_matter(page) -> dict:
    match = FRONT_MATTER.match(page.read_text(encoding="utf-8"))
    return yaml.safe_load(match.group(1)) if match else {}


def _heading_ids(page) -> list[str]:
    ids = []
    for _, text in HEADING.findall(page.read_text(encoding="utf-8")):
        match = EXPLICIT_ID.search(text)
        ids.append(match.group(1) if match else "")
    return ids


def test_the_site_has_every_page_of_the_contract():
    assert {page.stem for page in PAGES} == CONTRACT_PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_every_heading_has_an_explicit_anchor_that_translation_keeps(page):
    missing = [text for (_, text), anchor in zip(HEADING.findall(page.read_text(encoding="utf-8")),
                                                  _heading_ids(page), strict=True) if not anchor]
    assert not missing, f"headings without {{#id}}: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_anchors_are_unique_on_a_page(page):
    ids = _heading_ids(page)
    assert len(ids) == len(set(ids))


def test_every_rule_id_of_the_engine_is_a_heading_anchor_on_its_page():
    anchors = {page.stem: set(_heading_ids(page)) for page in PAGES}
    missing = [f"{rule_id} on {page}" for rule_id, page in RULE_PAGES.items() if rule_id not in anchors[page]]
    assert not missing, missing


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_every_page_has_a_description_for_search_engines(page):
    description = _front_matter(page).get("description", "")
    assert 50 <= len(description) <= 200, f"{page.name}: description of {len(description)} characters"


def test_demo_pages_name_their_app_and_no_other_page_has_one():
    demos = {page.stem: _front_matter(page).get("demo") for page in PAGES}
    assert {stem: app for stem, app in demos.items() if app} == {"tutorial": "tutorial", "play": "play",
                                                                 "house-rules": "house-rules", "scores": "scores",
                                                                 "practice": "practice",
                                                                 "embed": "embed", "rooms": "rooms"}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_every_generated_content_marker_has_a_generator(page):
    unknown = [marker for marker in generated.markers(page.read_text(encoding="utf-8"))
               if marker not in generated.GENERATORS]
    assert not unknown


def test_every_page_is_in_the_navigation():
    config = yaml.safe_load(re.sub(r"!ENV \[.*?\]", '""', project.MKDOCS_YML.read_text(encoding="utf-8")))
    assert sorted(config["nav"]) == sorted(page.name for page in PAGES)
