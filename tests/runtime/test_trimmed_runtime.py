"""The trimmed browser runtime (scripts/trim_python.mjs): every bridge method has a sample call, the runtime the
site ships answers all of them under Pyodide, and a runtime missing a module the engine needs is refused."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine.bridge import METHODS, handle

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import bridge_samples  # noqa: E402  (scripts/ is not a package)

NODE = shutil.which("node")


def shipped_runtime(site: Path) -> tuple[Path, Path]:
    """The runtime folder and the engine wheel that runtime.json points the worker at."""
    config = json.loads((site / "pyodide" / "runtime.json").read_text())
    lock = json.loads((site / config["lockFile"]).read_text())
    wheel = site / "pyodide" / lock["packages"][config["enginePackage"]]["file_name"]
    return site / config["indexURL"], wheel


def check(runtime: Path, wheel: Path) -> subprocess.CompletedProcess:
    return subprocess.run([NODE, str(ROOT / "scripts" / "trim_python.mjs"), "check", str(runtime), str(wheel)],
                          capture_output=True, text=True, timeout=300)


def test_every_bridge_method_has_a_sample_call():
    assert bridge_samples.missing_samples(METHODS) == []


def test_a_bridge_method_without_a_sample_is_refused():
    with pytest.raises(bridge_samples.SampleFailure, match="no sample call for bridge method.*game_fly"):
        bridge_samples.run(handle, {**METHODS, "game_fly": lambda: {}})


def test_every_sample_call_is_answered_in_cpython():
    answers = bridge_samples.run(handle, METHODS)
    assert set(answers) == set(METHODS)
    assert answers["game_next_round"]["state"]["round"] >= 1


@pytest.mark.slow
def test_the_shipped_runtime_answers_every_bridge_sample_under_pyodide(built_site):
    runtime, wheel = shipped_runtime(built_site)
    result = check(runtime, wheel)
    assert result.returncode == 0, result.stderr[-2000:]


def test_the_shipped_standard_library_and_engine_are_trimmed_bytecode(built_site):
    runtime, wheel = shipped_runtime(built_site)
    stdlib = zipfile.ZipFile(runtime / "python_stdlib.zip").namelist()
    full = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").namelist()
    assert all(name.endswith(".pyc") for name in stdlib), [n for n in stdlib if not n.endswith(".pyc")][:5]
    assert "json/__init__.pyc" in stdlib and "unittest/__init__.pyc" not in stdlib
    assert len(stdlib) < len([n for n in full if n.endswith(".py")]) / 3
    # what only Pyodide's package installer imports is left out (the engine is imported from its wheel as it
    # is), and so is html's table of entities (engine.svg escapes by itself)
    assert "zipfile/_path/__init__.pyc" not in stdlib and "bz2.pyc" not in stdlib
    assert "html/entities.pyc" not in stdlib
    engine = zipfile.ZipFile(wheel).namelist()
    assert "engine/bridge/dispatch.pyc" in engine and "engine/svg.pyc" in engine
    assert not [name for name in engine if name.endswith(".py") or name.endswith("README.md")]
    assert "engine/cli.pyc" not in engine  # the command line is never loaded in a browser
    metadata = zipfile.ZipFile(wheel).read(next(name for name in engine if name.endswith("/METADATA")))
    assert b"Name: chickenfoot-engine" in metadata and b"\n\n" not in metadata  # no README in it


@pytest.mark.slow
def test_a_runtime_missing_a_module_the_engine_needs_is_refused(built_site, tmp_path):
    runtime, wheel = shipped_runtime(built_site)
    broken = tmp_path / "runtime"
    shutil.copytree(runtime, broken, ignore=shutil.ignore_patterns("*.br", "*.gz"))
    with zipfile.ZipFile(runtime / "python_stdlib.zip") as source, \
            zipfile.ZipFile(broken / "python_stdlib.zip", "w") as out:
        for info in source.infolist():
            if info.filename != "json/decoder.pyc":  # the bridge speaks JSON; json imports its decoder
                out.writestr(info, source.read(info))
    result = check(broken, wheel)
    assert result.returncode == 1
    assert "lacks the module 'json.decoder'" in result.stderr, result.stderr[-2000:]
