"""Every code the engine answers with has its sentence on the page: asked of the page's own modules, by the
engine's lists (not by reading the JavaScript's text)."""

from __future__ import annotations

import pytest

from engine.bridge.game_methods import LOAD_ERROR_CODES
from engine.errors import MESSAGES

pytestmark = pytest.mark.browser


def _modules(page, site_url) -> None:
    page.goto(f"{site_url}play/")
    page.evaluate("""async () => {
      window.__gameText = await import('/assets/demo/game-text.js');
      window.__messages = await import('/assets/demo/messages.js');
    }""")


def test_every_engine_refusal_code_has_an_explanation_in_the_page(page, site_url):
    _modules(page, site_url)
    unknown = page.evaluate("""(codes) => {
      const fallback = window.__messages.refusalText({ code: "no-such-code" }, null);
      return codes.filter((code) => code !== "unknown-move"
        && window.__messages.refusalText({ code, message_params: {} }, null) === fallback);
    }""", sorted(MESSAGES))
    assert unknown == []


def test_every_code_a_load_can_answer_has_a_sentence_on_the_page(page, site_url):
    _modules(page, site_url)
    unknown = page.evaluate("""(codes) => {
      const fallback = window.__gameText.loadErrorText("no-such-code");
      return codes.filter((code) => window.__gameText.loadErrorText(code) === fallback);
    }""", sorted(LOAD_ERROR_CODES))
    assert unknown == []
