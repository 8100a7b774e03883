"""Writes the hash-checked locks in locks/ from pyproject.toml (`make lock`), or checks them (`--check`).

locks/dev.txt         every package the build and the tests install into .venv (`make` installs it with
                      `pip install --require-hashes`)
locks/properdocs.txt  the same build with ProperDocs in place of MkDocs, for .build/properdocs-venv
                      (`make compare-generators`); locks/properdocs-overrides.txt says what it leaves out

The locks are uv's universal resolution (`uv pip compile --universal --generate-hashes`): one file for every
platform and every Python from PYTHON_FLOOR up, listing the sha256 of every wheel and sdist of each pinned
release, in pip's requirements format, so a fresh machine needs nothing but pip to install them. uv itself is
installed only for `make lock`, into .build/lock-tools, from locks/uv.txt (hash-checked too).

Each lock's header records a digest of its inputs (the dependency tables of pyproject.toml and the overrides);
tests/test_lock.py fails when pyproject.toml changed and `make lock` was not run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCKS = ROOT / "locks"
PYPROJECT = ROOT / "pyproject.toml"
# pyodide-build needs Python >= 3.12 (scripts/find-python.sh picks one): the locks hold for it and anything newer.
PYTHON_FLOOR = "3.12"
DIGEST_LINE = "# inputs-sha256: "


@dataclass(frozen=True)
class Lock:
    path: Path
    extras: tuple[str, ...]
    overrides: Path | None = None

    def inputs(self) -> dict:
        """What the resolution reads: a change to any of it makes the lock stale."""
        project = tomllib.loads(PYPROJECT.read_text())
        optional = project["project"].get("optional-dependencies", {})
        return {
            "python": PYTHON_FLOOR,
            "build-system": sorted(project["build-system"]["requires"]),
            "dependencies": sorted(project["project"].get("dependencies", [])),
            "extras": {extra: sorted(optional[extra]) for extra in self.extras},
            "overrides": self.overrides.read_text() if self.overrides else "",
        }

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.inputs(), sort_keys=True).encode()).hexdigest()


DEV = Lock(LOCKS / "dev.txt", ("dev",))
PROPERDOCS = Lock(LOCKS / "properdocs.txt", ("dev", "properdocs"), LOCKS / "properdocs-overrides.txt")
ALL = (DEV, PROPERDOCS)

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^ ;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked_pins(path: Path) -> dict[str, tuple[str, str | None, int]]:
    """name -> (version, environment marker or None, number of hashes) for every entry of a lock."""
    pins: dict[str, tuple[str, str | None, int]] = {}
    current = None
    for line in path.read_text().splitlines():
        if match := PIN.match(line):
            current = canonical(match.group(1))
            pins[current] = (match.group(2), match.group(3), 0)
        elif line.strip().startswith("--hash=sha256:") and current:
            version, marker, count = pins[current]
            pins[current] = (version, marker, count + 1)
    return pins


def recorded_digest(path: Path) -> str | None:
    for line in path.read_text().splitlines():
        if line.startswith(DIGEST_LINE):
            return line.removeprefix(DIGEST_LINE).strip()
    return None


def direct_pins(lock: Lock) -> dict[str, str]:
    """name -> version of every `name==version` requirement that pyproject.toml gives this lock."""
    inputs = lock.inputs()
    requirements = inputs["build-system"] + inputs["dependencies"] + sum(inputs["extras"].values(), [])
    pins = {}
    for requirement in requirements:
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^ ;]+)$", requirement.strip())
        if not match:
            raise SystemExit(f"error: {requirement!r} in pyproject.toml is not pinned with ==")
        pins[canonical(match.group(1))] = match.group(2)
    return pins


def problems(lock: Lock) -> list[str]:
    """Why this lock does not match pyproject.toml (empty when it does)."""
    name = lock.path.relative_to(ROOT)
    if not lock.path.is_file():
        return [f"{name} is missing"]
    found = []
    if recorded_digest(lock.path) != lock.digest():
        found.append(f"{name} was locked from other inputs than today's pyproject.toml")
    locked = locked_pins(lock.path)
    for package, version in direct_pins(lock).items():
        entry = locked.get(package)
        if entry is None:
            found.append(f"{package}=={version} is in pyproject.toml but not in {name}")
        elif entry[0] != version and entry[1] is None:
            found.append(f"{package} is {version} in pyproject.toml but {entry[0]} in {name}")
    found += [f"{package} has no hash in {name}" for package, (_, _, hashes) in locked.items() if not hashes]
    return found


def uv() -> str:
    tool = ROOT / ".build" / "lock-tools" / "bin" / "uv"
    if not tool.is_file():
        sys.exit("error: uv is not installed: run `make lock`, which installs it from locks/uv.txt.")
    return str(tool)


def write(lock: Lock) -> None:
    command = [uv(), "pip", "compile", str(PYPROJECT.relative_to(ROOT)), "--universal",
               "--python-version", PYTHON_FLOOR, "--generate-hashes", "--no-annotate", "--no-header", "--quiet"]
    for extra in lock.extras:
        command += ["--extra", extra]
    if lock.overrides:
        command += ["--override", str(lock.overrides.relative_to(ROOT))]
    # No interpreter download (uv would try one for the floor version): the metadata it needs is in the wheels.
    resolved = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True,
                              env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"}).stdout
    header = [
        "# Written by `make lock` (scripts/lock.py) from pyproject.toml: do not edit; run `make lock` instead.",
        f"# Valid for Python >= {PYTHON_FLOOR} on any platform (uv universal resolution); every file is sha256-pinned.",
        f"# Resolved by: uv {' '.join(command[1:])}",
        f"{DIGEST_LINE}{lock.digest()}",
    ]
    lock.path.write_text("\n".join(header) + "\n" + resolved)
    print(f"{lock.path.relative_to(ROOT)}: {len(locked_pins(lock.path))} packages")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the locks match pyproject.toml")
    args = parser.parse_args()
    if args.check:
        found = [problem for lock in ALL for problem in problems(lock)]
        for problem in found:
            print(f"error: {problem}: run `make lock`", file=sys.stderr)
        sys.exit(1 if found else 0)
    for lock in ALL:
        write(lock)


if __name__ == "__main__":
    main()
