"""The ladder command: its JSON shape and table, twin deals with seats swapped, and the interval it states.

This runs a tiny ladder (a few matches, a small thinking budget); the strength goals are measured by a real
run kept in the repository (``scripts/sitebuild/data/ladder-*.json``), not here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Rules
from engine.ladder import play_match, wilson
from engine.bots import LEVELS

ROOT = Path(__file__).resolve().parents[2]


def ladder(*args):
    return subprocess.run([sys.executable, "-m", "engine", "ladder", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


@pytest.mark.parametrize("game", ["chicken-foot", "mexican-train"])
def test_ladder_json_has_every_neighbouring_pair_of_levels(game):
    result = ladder("--game", game, "--matches", "2", "--seed", "3", "--budget-ms", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"levels", "pairs"} and data["levels"] == list(LEVELS)
    assert [(p["weaker"], p["stronger"]) for p in data["pairs"]] == list(zip(LEVELS, LEVELS[1:]))
    for pair in data["pairs"]:
        assert set(pair) == {"stronger", "weaker", "matches", "stronger_wins", "draws", "ci95"}
        assert pair["matches"] == 2 and 0 <= pair["stronger_wins"] + pair["draws"] <= 2
        lo, hi = pair["ci95"]
        assert 0 <= lo < hi <= 1


def test_ladder_table_and_stored_run(tmp_path):
    out = tmp_path / "run.json"
    result = ladder("--game", "mexican-train", "--rules", "double-six", "--matches", "1", "--budget-ms", "2",
                    "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "stronger" in result.stdout and "95% interval" in result.stdout
    stored = json.loads(out.read_text())
    assert stored["matches_per_pair"] == 1 and stored["budget_ms"] == 2 and stored["seed"] == 0
    assert stored["rules"]["ruleset"] == "double-six" and stored["date"] and len(stored["pairs"]) == 3


def test_ladder_refuses_bad_arguments_without_a_traceback():
    for args in (["--matches", "0"], ["--budget-ms", "0"], ["--game", "chess"], ["--rules", "nope"]):
        result = ladder(*args)
        assert result.returncode == 2 and "Traceback" not in result.stderr and result.stderr.startswith("error:")


def test_each_deal_is_played_twice_with_the_seats_swapped(monkeypatch):
    import engine.ladder as module

    seen = []
    original = module.Match

    class Recording(original):
        def __init__(self, rules, players, seed=0, **kw):
            seen.append(seed)
            super().__init__(rules, players, seed, **kw)

    monkeypatch.setattr(module, "Match", Recording)
    rules = Rules("mexican-train", "double-six")
    seats = [play_match(rules, 9, number, ("casual", "beginner"), None)[1] for number in range(4)]
    assert seats == [0, 1, 0, 1]
    assert seen[0] == seen[1] and seen[2] == seen[3] and seen[0] != seen[2]


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(70, 100)
    assert round(lo, 4) == 0.6042 and round(hi, 4) == 0.7811  # e.g. statsmodels proportion_confint
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(5, 10)[0] < 0.5 < wilson(5, 10)[1]
