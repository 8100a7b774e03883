"""The rooms server stays apart: no engine module imports it but the one command-line hook, it does not
depend on the browser's bridge, and the wheel's package list leaves it out."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
    return found


def test_only_the_cli_hook_imports_the_rooms_package():
    importers = sorted(str(path.relative_to(ROOT)) for path in ENGINE.rglob("*.py")
                       if "rooms" not in path.relative_to(ENGINE).parts
                       and any("rooms" in name.split(".") for name in imports_of(path)))
    assert importers == ["engine/cli.py"]


def test_the_rooms_package_does_not_use_the_bridge():
    for path in (ENGINE / "rooms").glob("*.py"):
        assert not any("bridge" in name for name in imports_of(path)), path


def test_the_wheel_leaves_the_rooms_package_out():
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    assert "engine" in packages and not any(name.startswith("engine.rooms") for name in packages)


def test_a_seat_may_ask_for_exactly_the_languages_the_site_is_built_in():
    # The server picks the locales out of mkdocs.yml by their lines; MkDocs reads the same file as YAML.
    from engine.rooms.languages import languages
    from scripts.sitebuild import project

    assert languages() == set(project.languages())


def test_the_rooms_package_reads_mkdocs_yml_without_mkdocs():
    for path in (ENGINE / "rooms").glob("*.py"):
        assert not any(name.split(".")[0] in {"mkdocs", "yaml"} for name in imports_of(path)), path
