"""The rooms page has a sentence, in the ui catalog, for every error code and quick phrase the server sends
(docs/assets/demo/rooms-text.js against engine/rooms/protocol.py), translated in every language."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from engine.rooms.protocol import ERRORS, PHRASES
from scripts.sitebuild import project

ROOT = Path(__file__).resolve().parents[2]
TEXTS = (ROOT / "docs" / "assets" / "demo" / "rooms-text.js").read_text(encoding="utf-8")


def _table(name: str) -> dict:
    body = re.search(rf"export const {name} = \{{(.*?)\n\}};", TEXTS, re.DOTALL).group(1)
    return dict(re.findall(r'^\s*"?([a-z-]+)"?: N_\("((?:[^"\\]|\\.)*)"\),', body, re.MULTILINE))


def test_every_error_code_and_phrase_of_the_server_has_a_sentence_on_the_page():
    assert set(_table("ERROR_TEXTS")) == set(ERRORS)
    assert set(_table("PHRASES")) == set(PHRASES)


@pytest.mark.parametrize("language", project.target_languages())
def test_those_sentences_are_translated(language):
    catalog = {entry.msgid: entry for entry in polib.pofile(str(ROOT / "i18n" / language / "ui.po"))}
    for text in {**_table("ERROR_TEXTS"), **_table("PHRASES")}.values():
        entry = catalog.get(text)
        assert entry is not None and entry.msgstr and "fuzzy" not in entry.flags, text
