"""The languages a seat may ask for: the site's own, read from their one home, the i18n plugin's list in
``mkdocs.yml`` (``scripts/sitebuild/project.py`` reads the same list for the build).

The rooms server runs from the project's checkout (HOSTING.md) but without MkDocs, whose YAML loader is the
only one that reads that file's ``!ENV`` tags; so the locales are picked out by their lines
(``- locale: ht``), and ``tests/rooms/test_rooms_package.py`` holds the result to what MkDocs reads.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

MKDOCS_YML = Path(__file__).resolve().parents[2] / "mkdocs.yml"
_LOCALE = re.compile(r"^\s*-\s+locale:\s*([A-Za-z0-9_-]+)\s*$", re.MULTILINE)


@cache
def languages() -> frozenset[str]:
    found = _LOCALE.findall(MKDOCS_YML.read_text(encoding="utf-8"))
    if not found:
        raise LookupError(f"{MKDOCS_YML} lists no language (its i18n plugin's `- locale:` lines)")
    return frozenset(found)
