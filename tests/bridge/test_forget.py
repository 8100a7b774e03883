"""``engine.bridge.forget`` leaves the bridge as a fresh import left it. The browser's worker takes its memory
snapshot of Python after the first screen's calls (docs/assets/demo/worker.js) and calls ``forget`` after a
restore: any state a call leaves behind and ``forget`` misses would reach the next page (a lesson, a game, a
sheet in another tab's worker)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.bridge import forget, handle

ROOT = Path(__file__).resolve().parents[2]

# In a fresh interpreter: what every bridge module holds at module level (its values, and the attributes of
# its classes and of the instances it keeps), before any call and after every sample call then ``forget``.
CENSUS = r"""
import json, sys, types
sys.path.insert(0, sys.argv[1])
import engine.bridge
from engine.bridge import METHODS, forget, handle
import bridge_samples

def held(value):
    return not isinstance(value, (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type,
                                  staticmethod, classmethod, property)) and not callable(value)

def census():
    found = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("engine.bridge") or module is None:
            continue
        for attribute, value in vars(module).items():
            if attribute.startswith("__"):
                continue
            if held(value):
                found[f"{name}.{attribute}"] = repr(value)
                if hasattr(value, "__dict__") and not isinstance(value, type):
                    found[f"{name}.{attribute}.__dict__"] = repr(sorted(vars(value).items()))
            elif isinstance(value, type) and value.__module__ == name:
                for key, item in vars(value).items():
                    if not key.startswith("__") and held(item):
                        found[f"{name}.{attribute}.{key}"] = repr(item)
    return found

before = census()
bridge_samples.run(handle, METHODS)
played = census()
forget()
print(json.dumps({"before": before, "played": played, "after": census()}))
"""


def test_after_every_sample_call_forget_leaves_the_bridge_as_a_fresh_import_did():
    result = subprocess.run([sys.executable, "-c", CENSUS, str(ROOT / "scripts")], capture_output=True,
                            text=True, cwd=ROOT, timeout=300, check=True)
    held = json.loads(result.stdout)
    changed = sorted(name for name in held["before"] if held["played"].get(name) != held["before"][name])
    assert changed, "the sample calls changed nothing this census sees: it would miss state, too"
    left = {name: held["after"].get(name) for name in held["before"] if held["after"].get(name) != held["before"][name]}
    assert left == {}


def test_after_forget_the_lesson_and_the_game_are_gone():
    assert json.loads(handle("lesson_start", json.dumps({"lesson_id": "cf-set", "board_title": "t",
                                                          "board_desc": "d"})))["ok"]
    assert json.loads(handle("game_new", json.dumps({"game": "chicken-foot", "players": 2, "seed": 3})))["ok"]
    forget()
    assert json.loads(handle("lesson_view"))["error"] == "no-lesson"
    assert json.loads(handle("game_state"))["error"] == "no-game"
    assert json.loads(handle("lessons"))["ok"]  # and the bridge still answers
