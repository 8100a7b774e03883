"""Every error code and quick phrase the rooms server sends comes with its sentence (engine/rooms/sentences.py,
the one home of both lists: the page keeps none), each a ui-catalog msgid translated in every language, and
the server's messages carry it as ``say``."""

from __future__ import annotations

import ast
from pathlib import Path

import polib
import pytest

from engine.rooms import sentences
from engine.rooms.protocol import ERRORS, PHRASES, ProtocolError
from scripts.sitebuild import project

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ROOT / "engine" / "rooms"


def _codes_raised() -> set[str]:
    """Every code a ``ProtocolError`` is raised with anywhere in the rooms server (a literal first argument)."""
    found = set()
    for path in ROOMS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ProtocolError" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
    return found


def test_every_code_the_server_raises_has_a_sentence():
    raised = _codes_raised()
    assert len(raised) > 15, raised  # the scan finds the server's refusals
    assert raised <= set(ERRORS), raised - set(ERRORS)
    assert all(text.strip() for text in {**ERRORS, **PHRASES}.values())


def test_an_error_and_a_phrase_carry_their_sentence():
    error = ProtocolError("bad-message", field="name").to_message()
    assert error == {"type": "error", "code": "bad-message", "field": "name",
                     "say": {"text": ERRORS["bad-message"], "params": {"field": "name"}}}
    assert sentences.phrase_message(2, "bye") == {"type": "phrase", "seat": 2, "phrase": "bye",
                                                  "say": {"text": "Goodbye!", "params": {}}}


@pytest.mark.parametrize("language", project.target_languages())
def test_those_sentences_are_translated(language):
    catalog = {entry.msgid: entry for entry in polib.pofile(str(ROOT / "i18n" / language / "ui.po"))}
    for text in {*ERRORS.values(), *PHRASES.values()}:
        entry = catalog.get(text)
        assert entry is not None and entry.msgstr and "fuzzy" not in entry.flags, text
