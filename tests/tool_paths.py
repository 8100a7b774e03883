"""Where the tests find an outside program: its environment variable (set by `make test`), else what its
scripts/find-*.sh finds or, as root, installs. Imported by name (tests/ is on the path through its conftest)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def tool_path(variable: str, finder: str, what: str) -> str:
    if os.environ.get(variable):
        return os.environ[variable]
    found = subprocess.run([str(SCRIPTS / finder)], capture_output=True, text=True)
    if found.returncode != 0:
        pytest.fail(found.stderr.strip() or f"no {what} found", pytrace=False)
    return found.stdout.strip()
