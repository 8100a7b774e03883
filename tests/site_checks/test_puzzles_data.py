"""The practice puzzles as the site ships them (assets/practice/puzzles.<lang>.json): the built file is what
the engine computes now, in the shape the practice page reads, with every text translated."""

from __future__ import annotations

import json
import re

import pytest

from scripts.sitebuild import project, puzzles_data

SITE = project.ROOT / "site"
PUZZLE_KEYS = {"id", "game", "theme", "difficulty", "question", "board", "hand", "select", "choices", "explanation",
               "link"}
TILE = re.compile(r"^\d{1,2}-\d{1,2}$")


@pytest.fixture(scope="module")
def posed():
    return puzzles_data.posed_puzzles()


@pytest.fixture(scope="module")
def data(posed) -> dict:
    return {language: puzzles_data.practice_data(language, posed) for language in project.languages()}


@pytest.mark.parametrize("language", project.languages())
def test_the_built_file_is_the_engines_puzzles_now(data, language):
    built = SITE / puzzles_data.PATH / f"puzzles.{language}.json"
    if not built.exists():
        pytest.fail("site/ is not built: run `make test`", pytrace=False)
    assert json.loads(built.read_text(encoding="utf-8")) == data[language]


@pytest.mark.parametrize("language", project.languages())
def test_every_puzzle_has_the_contracts_shape(data, language):
    file = data[language]
    assert set(file) == {"version", "themes", "puzzles"} and file["version"] == 1
    themes = {theme["id"] for theme in file["themes"]}
    assert all(set(theme) == {"id", "name", "link"} and theme["name"] for theme in file["themes"])
    for puzzle in file["puzzles"]:
        assert set(puzzle) == PUZZLE_KEYS, puzzle["id"]
        assert puzzle["game"] in ("chicken-foot", "mexican-train") and puzzle["theme"] in themes
        assert puzzle["difficulty"] in (1, 2, 3)
        assert puzzle["board"].startswith("<svg") and "<style>" not in puzzle["board"]
        assert all(TILE.match(tile) for tile in puzzle["hand"])
        assert re.match(r"^(strategy|chicken-foot|mexican-train)/#[\w-]+$", puzzle["link"])
        correct = [choice for choice in puzzle["choices"] if choice["correct"]]
        assert (len(correct) == 1) if puzzle["select"] == "one" else (puzzle["select"] == "many" and correct)
        assert len({choice["id"] for choice in puzzle["choices"]}) == len(puzzle["choices"]) >= 2
        assert all(choice["label"].strip() for choice in puzzle["choices"])
        assert puzzle["question"].strip() and puzzle["explanation"].strip()


def words(text: str) -> str:
    """A text without what reads the same in every language: tiles, numbers."""
    return re.sub(r"\[\d+-\d+\]|\d+", "", text).strip(" ,.")


@pytest.mark.parametrize("language", project.target_languages())
def test_no_text_stays_in_english(data, language):
    english, ours = data[project.SOURCE_LANGUAGE], data[language]
    same = [theme["id"] for theme, en in zip(ours["themes"], english["themes"]) if theme["name"] == en["name"]]
    for puzzle, en in zip(ours["puzzles"], english["puzzles"], strict=True):
        texts = [("question", puzzle["question"], en["question"]), ("explanation", puzzle["explanation"],
                                                                     en["explanation"])]
        texts += [("choice", c["label"], e["label"]) for c, e in zip(puzzle["choices"], en["choices"], strict=True)]
        same += [f"{puzzle['id']} {kind}: {text}" for kind, text, text_en in texts if words(text) and text == text_en]
    assert same == []


def test_a_puzzle_and_a_practice_session_stay_small(data):
    sizes = [len(json.dumps(p, ensure_ascii=False, separators=(",", ":")).encode()) for p in data["en"]["puzzles"]]
    assert max(sizes) < 24_000  # bytes, uncompressed (a large Mexican Train table is about 12 KB)
    assert sum(sorted(sizes)[-10:]) < 160_000  # the ten largest: a session at its heaviest, before compression
