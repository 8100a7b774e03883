"""One version story: pyproject's version is the changelog's newest entry, and every version the engine's
code and documents name ("the name before 0.2.0") is one the changelog lists."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.compile(r"\b(?:before|since|until|version) v?(\d+\.\d+(?:\.\d+)?)\b")


def changelog_versions() -> list[str]:
    return re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "engine/CHANGELOG.md").read_text(), re.MULTILINE)


def test_pyproject_version_is_the_newest_changelog_entry():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert changelog_versions()[0] == version


def test_engine_names_only_versions_the_changelog_lists():
    listed = set(changelog_versions())
    named = {(path.relative_to(ROOT).as_posix(), found)
             for path in sorted((ROOT / "engine").rglob("*")) if path.suffix in (".py", ".md")
             for found in VERSION.findall(path.read_text())}
    assert named, "the pattern finds the versions the records module names"
    assert sorted((path, found) for path, found in named if found not in listed) == []
