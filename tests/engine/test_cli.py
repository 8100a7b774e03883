"""The command line: summaries, rule listings, replays, and clear refusals without tracebacks."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_simulate_prints_a_summary():
    result = run("simulate", "--game", "chicken-foot", "--rules", "pagat", "--players", "4", "--games", "2",
                 "--seed", "1")
    assert result.returncode == 0, result.stderr
    for label in ("games", "hands", "average turns per hand", "blocked hands", "feet never finished",
                  "wins by seat", "games per second"):
        assert label in result.stdout


def test_simulate_json_with_bots_per_seat():
    result = run("simulate", "--game", "mexican-train", "--rules", "standard", "--players", "3", "--games", "2",
                 "--seed", "2", "--bots", "greedy,random,careful", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["bots"] == ["greedy", "random", "careful"]
    assert sum(data["wins_by_seat"]) == pytest.approx(2)


def test_rules_lists_rule_sets_and_options_with_defaults():
    result = run("rules", "--game", "chicken-foot", "--json")
    data = json.loads(result.stdout)
    assert [r["name"] for r in data["rulesets"]] == ["basic", "pagat", "kelley"]
    assert {o["name"] for o in data["options"]} >= {"set_size", "deal", "opening", "root_arms", "drawing",
                                                     "chicken_little", "double_blank", "ending_on_double_penalty",
                                                     "match_length", "tie_breaks"}
    assert run("rules", "--game", "mexican-train").returncode == 0


def test_replay_checks_a_record(tmp_path):
    record = run("record", "--seed", "3", "--players", "3").stdout
    path = tmp_path / "game.json"
    path.write_text(record)
    result = run("replay", str(path))
    assert result.returncode == 0 and "valid record" in result.stdout
    data = json.loads(record)
    data["seed"] += 1
    path.write_text(json.dumps(data))
    result = run("replay", str(path))
    assert result.returncode == 2 and "sha256" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [
    (("simulate", "--rules", "nope"), "unknown rule set"),
    (("simulate", "--deal", "30", "--players", "2"), "only 55"),
    (("simulate", "--rules", "pagat", "--players", "9"), "no figure for 9 players"),
    (("simulate", "--game", "mexican-train", "--players", "15"), "2 to 14 players"),
    (("simulate", "--game", "go"), "unknown game"),
    (("simulate", "--bots", "greedy,random", "--players", "4"), "2 bots for 4 players"),
    (("simulate", "--option", "drawing=sometimes"), "drawing cannot be"),
    (("replay", "/nonexistent/file.json"), "No such file"),
])
def test_invalid_configurations_are_refused_clearly(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
