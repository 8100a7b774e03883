"""The bridge's methods come in one part per app (engine/bridge/dispatch.py), each imported on its first call:
a method's name must say its part, and the tutorial's first calls must import none of the other parts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bridge import dispatch, game_methods, review_methods, scores_methods, tutorial_methods

ROOT = Path(__file__).resolve().parents[2]
MODULES = {"tutorial": tutorial_methods, "game": game_methods, "scores": scores_methods, "review": review_methods}


@pytest.mark.parametrize("part", dispatch.PARTS)
def test_every_method_name_says_its_part(part):
    assert {method: dispatch.part_of(method) for method in MODULES[part].METHODS} == \
        {method: part for method in MODULES[part].METHODS}


def test_the_parts_are_the_whole_table():
    assert set(MODULES) == set(dispatch.PARTS)
    assert dispatch.all_methods() == {method: function for module in MODULES.values()
                                      for method, function in module.METHODS.items()}


def test_an_unknown_method_is_refused_whatever_its_part_would_be():
    for method in ("game_fly", "scores_", "nonsense", ""):
        assert json.loads(dispatch.handle(method))["error"] == "unknown-method"


# In a fresh interpreter: the engine modules the tutorial's first screen imports (its lesson list, its first
# lesson), and those a game's first call adds.
FIRST_SCREEN = r"""
import json, sys
from engine.bridge import handle
handle("lessons")
handle("lesson_start", json.dumps({"lesson_id": "cf-set", "board_title": "t", "board_desc": "d"}))
tutorial = sorted(name for name in sys.modules if name.startswith("engine."))
dataclasses = "dataclasses" in sys.modules
handle("game_setup", json.dumps({"game": "chicken-foot", "players": 4}))
game = sorted(name for name in sys.modules if name.startswith("engine.") and name not in tutorial)
print(json.dumps({"tutorial": tutorial, "game": game, "dataclasses": dataclasses or "dataclasses" in sys.modules}))
"""


def test_the_tutorial_imports_no_game_score_sheet_or_review_code():
    result = subprocess.run([sys.executable, "-c", FIRST_SCREEN], capture_output=True, text=True, cwd=ROOT,
                            timeout=120, check=True)
    imported = json.loads(result.stdout)
    other_parts = {"engine.bridge.game_methods", "engine.bridge.scores_methods", "engine.bridge.review_methods",
                   "engine.bridge.game_session", "engine.scoresheet", "engine.review"}
    assert "engine.bridge.tutorial_methods" in imported["tutorial"]
    assert other_parts & set(imported["tutorial"]) == set()
    assert "engine.bridge.game_methods" in imported["game"]  # and the game's first call brings its own part


def test_neither_first_screen_defines_a_dataclass():
    # A dataclass compiles its methods from source as its module loads: in the browser, where Pyodide's
    # compiler is still cold at a first start, the first screen's seven took a fifth of its Python time.
    # Their classes are engine/fielded.py's, which compile nothing.
    result = subprocess.run([sys.executable, "-c", FIRST_SCREEN], capture_output=True, text=True, cwd=ROOT,
                            timeout=120, check=True)
    assert json.loads(result.stdout)["dataclasses"] is False
