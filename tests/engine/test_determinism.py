"""The same seed gives the same game on CPython and on Pyodide (run under Node when it is installed)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))


def test_rng_streams_are_fixed_forever():
    """Changing these numbers would break every stored game record."""
    rng = Rng(1)
    assert [rng.below(1000) for _ in range(5)] == FIRST_DRAWS
    items = list(range(10))
    Rng.derived(7, 3).shuffle(items)
    assert items == SHUFFLED


def test_same_seed_same_game_on_pyodide():
    pyodide = [d for d in (ROOT / "node_modules" / "pyodide", Path("/tmp/npmtest/node_modules/pyodide"))
               if (d / "pyodide.js").exists()]
    if not shutil.which("node") or not pyodide or os.environ.get("SKIP_PYODIDE"):
        pytest.skip("node and the pyodide npm package are needed")
    import bench_engine

    done = subprocess.run(["node", str(ROOT / "scripts" / "bench_engine_pyodide.js"), str(ROOT), "golden"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1])["golden_sha256"] == bench_engine.golden_record_sha()


FIRST_DRAWS = [600, 496, 104, 90, 582]
SHUFFLED = [5, 1, 4, 8, 2, 6, 9, 3, 7, 0]
