"""The practice puzzles (engine/puzzles): a sample verifies against the engine, a wrong answer does not, and
the catalog has what the issue asks for (60 per game, every kind, themes whose pages and anchors exist)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.cli import main
from engine.moves import Move
from engine.puzzles import verify
from engine.puzzles.questions import KINDS, pose
from engine.puzzles.themes import GAME_LINKS, THEMES

DOCS = Path(__file__).resolve().parents[2] / "docs"
CATALOG = verify.load_catalog()
PUZZLES = CATALOG["puzzles"]


def by_kind(kind: str, game: str | None = None) -> list[dict]:
    return [p for p in PUZZLES if p["kind"] == kind and (game is None or p["game"] == game)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_puzzle_of_each_kind_verifies_against_the_engine(kind):
    entry = by_kind(kind)[len(by_kind(kind)) // 2]
    assert verify.check(entry) == []


def test_a_best_move_puzzle_whose_answer_is_another_choice_fails_the_search():
    entry = by_kind("best-move")[0]
    view = pose(entry).view
    choices = [Move.parse(text) for text in entry["choices"]]
    wrong = next(m for m in choices if str(m) != entry["answer"])
    _, _, why = verify.search_margin(view, choices, wrong)
    assert why is not None and "prefers" in why


def test_the_command_exits_1_on_a_catalog_with_a_wrong_answer(tmp_path, capsys):
    entry = dict(by_kind("best-move")[0])
    entry["answer"] = next(text for text in entry["choices"] if text != entry["answer"])
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"puzzles": [entry]}), encoding="utf-8")
    assert main(["puzzles", "--verify", "--catalog", str(path)]) == 1
    assert entry["id"] in capsys.readouterr().err


def test_a_who_holds_puzzle_about_a_double_on_the_table_is_refused():
    entry = dict(by_kind("holds")[0])
    entry["number"] = pose(entry).view.played_tiles()[0].high  # the starting double, in the middle
    assert verify.check(entry) != []


@pytest.mark.parametrize("game", ["chicken-foot", "mexican-train"])
def test_each_game_has_at_least_60_puzzles_of_every_kind_it_can_ask(game):
    puzzles = [p for p in PUZZLES if p["game"] == game]
    assert len(puzzles) >= 60
    kinds = Counter(p["kind"] for p in puzzles)
    expected = set(KINDS) - ({"foot"} if game == "mexican-train" else set())
    assert set(kinds) == expected
    assert {p["difficulty"] for p in puzzles} == {1, 2, 3}


def test_puzzle_ids_are_unique_and_every_position_differs():
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert len({(p["seed"], p["round"], p["moves"], p["kind"]) for p in PUZZLES}) == len(PUZZLES)


def anchors(page: str) -> set[str]:
    return set(re.findall(r"\{#([\w-]+)\}", (DOCS / f"{page}.md").read_text(encoding="utf-8")))


def test_every_theme_links_to_a_heading_that_exists():
    links = list(THEMES.values()) + [link for game in GAME_LINKS.values() for link in game.values()]
    missing = [f"{page}#{anchor}" for page, anchor in links if anchor not in anchors(page)]
    assert missing == []
    assert {p["theme"] for p in PUZZLES} <= set(THEMES)


def test_the_command_prints_counts_per_game_theme_and_difficulty(capsys):
    assert main(["puzzles"]) == 0
    out = capsys.readouterr().out
    for line in ("chicken-foot:", "mexican-train:", "by theme:", "by difficulty:"):
        assert line in out
