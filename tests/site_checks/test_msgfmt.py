"""GNU gettext's own check, `msgfmt -c`, on every catalog: the header, plural forms and format strings as
Poedit, Weblate and every gettext tool read them. A catalog msgfmt rejects cannot be compiled by those tools.

`make test` installs gettext when missing (scripts/find-gettext.sh), as it does hunspell; $MSGFMT overrides.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from functools import cache

import pytest

from scripts.sitebuild import project

CATALOGS = sorted((project.ROOT / "i18n").glob("*/*.po"))
# The two header fields a translator's tool fills when it saves (Poedit, Weblate): left at gettext's initial
# value in the repository, msgfmt -c warns about them, and that is all it may say.
TOOL_FILLED = re.compile(r"warning: header field '(?:PO-Revision-Date|Last-Translator)' still has the initial "
                         r"default value$")


@cache
def msgfmt() -> str:
    found = os.environ.get("MSGFMT") or shutil.which("msgfmt")
    assert found, "msgfmt (GNU gettext) is missing: run scripts/find-gettext.sh, or set MSGFMT"
    return found


def msgfmt_check(path) -> tuple[int, list[str]]:
    """msgfmt -c's exit status on ``path`` and every line it printed except the tool-filled header warnings."""
    run = subprocess.run([msgfmt(), "-c", "-o", os.devnull, str(path)], capture_output=True, text=True)
    said = [line for line in (run.stdout + run.stderr).splitlines() if line and not TOOL_FILLED.search(line)]
    return run.returncode, said


def test_every_language_has_catalogs_to_check():
    assert {path.parent.name for path in CATALOGS} == set(project.target_languages())


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_msgfmt_accepts_the_catalog_without_a_word(path):
    status, said = msgfmt_check(path)
    assert status == 0 and not said, f"msgfmt -c {path.relative_to(project.ROOT)}:\n" + "\n".join(said)


def test_msgfmt_check_rejects_a_false_python_format_flag(tmp_path):
    bad = tmp_path / "bad.po"
    bad.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: sq\\n"\n\n'
                   '#, python-format\nmsgid "95% interval"\nmsgstr "Intervali 95%"\n', encoding="utf-8")
    status, said = msgfmt_check(bad)
    assert status != 0 and any("Python format" in line for line in said)


def test_extraction_gives_no_ui_string_a_python_format_flag():
    """Our placeholders are {name}: a "%" in a ui string is a percent sign (scripts/sitebuild/catalogs.py)."""
    flagged = [line for line in project.template_path(project.UI_DOMAIN).read_text(encoding="utf-8").splitlines()
               if line.startswith("#,") and re.search(r"\bpython-format\b", line)]
    assert not flagged


HEADER_FIELDS = ("Language", "Plural-Forms", "Language-Team", "Report-Msgid-Bugs-To", "Content-Type",
                 "Project-Id-Version")


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_catalog_header_is_ready_for_poedit_and_weblate(path):
    from translate.storage import po

    header = po.pofile.parsefile(str(path)).parseheader()
    missing = [field for field in HEADER_FIELDS if not header.get(field) or "LL@li.org" in header[field]
               or "EMAIL@ADDRESS" in header[field] or "PACKAGE" in header[field]]
    assert not missing, f"{path.relative_to(project.ROOT)}: set {missing} (catalogs update writes them)"
    assert header["Language"] == path.parent.name
    assert "charset=UTF-8" in header["Content-Type"]
