"""The locks in locks/ are what pyproject.toml asks for, and .venv is what the lock says (scripts/lock.py)."""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import lock  # noqa: E402  (scripts/ is not a package)


@pytest.mark.parametrize("locked", lock.ALL, ids=lambda locked: locked.path.name)
def test_lock_was_made_from_todays_pyproject(locked):
    assert lock.problems(locked) == [], "run `make lock`"


def test_a_changed_pin_in_pyproject_makes_the_lock_stale(tmp_path, monkeypatch):
    changed = re.sub(r'"mkdocs-material==[^"]+"', '"mkdocs-material==9.8.0"', lock.PYPROJECT.read_text())
    (tmp_path / "pyproject.toml").write_text(changed)
    monkeypatch.setattr(lock, "PYPROJECT", tmp_path / "pyproject.toml")
    found = lock.problems(lock.DEV)
    assert any("other inputs" in problem for problem in found)
    assert any("mkdocs-material is 9.8.0 in pyproject.toml but" in problem for problem in found)


def test_every_locked_package_is_hash_pinned():
    for locked in lock.ALL:
        entries = lock.locked_pins(locked.path)
        assert len(entries) > 50, f"{locked.path.name} parsed to {len(entries)} entries"
        assert [name for name, (_, _, hashes) in entries.items() if hashes == 0] == []


def test_properdocs_lock_has_the_same_releases_as_the_dev_lock_and_no_mkdocs():
    dev = lock.locked_pins(lock.DEV.path)
    properdocs = {name: entry for name, entry in lock.locked_pins(lock.PROPERDOCS.path).items()
                  if entry[1] != "sys_platform == 'never'"}
    assert "mkdocs" not in properdocs and "properdocs" in properdocs
    assert {name: entry[0] for name, entry in properdocs.items() if name in dev} == \
        {name: dev[name][0] for name in properdocs if name in dev}


def test_the_running_venv_holds_exactly_the_locked_releases():
    """`make` installed .venv from locks/dev.txt: every locked release is the one importlib sees."""
    installed = {lock.canonical(dist.metadata["Name"]): dist.version for dist in metadata.distributions()}
    wrong = {name: (version, installed.get(name)) for name, (version, marker, _) in
             lock.locked_pins(lock.DEV.path).items() if marker is None and installed.get(name) != version}
    assert wrong == {}, "locked vs installed; run `make setup`"
