"""protocol.js is the apps' one door to the engine: a method for each bridge method, and no app module that
reaches the worker, or writes a move's text, by itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.bridge.dispatch import METHODS

DEMO = Path(__file__).resolve().parents[2] / "docs" / "assets" / "demo"
DOOR = "protocol.js"
WORKER = "worker.js"  # the other side of the door: it answers the calls


def _camel(name: str) -> str:
    first, *rest = name.split("_")
    return first + "".join(part.title() for part in rest)


def _app_sources() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(DEMO.glob("*.js"))
            if path.name not in (DOOR, WORKER)}


def test_no_app_module_calls_the_worker_except_through_the_door():
    callers = sorted(name for name, source in _app_sources().items() if ".call(" in source)
    assert callers == [], f"{callers} call the worker directly: add a method to {DOOR} instead"


def test_no_app_module_writes_or_splits_a_move_text():
    # a move is chosen among the legal moves the engine sent (moves.js), never assembled as "tile@end"
    assembled = re.compile(r"""@\$\{|split\(\s*["']@["']|["']@["']\s*\+|\+\s*["']@""")
    writers = sorted(name for name, source in _app_sources().items() if assembled.search(source))
    assert writers == []


@pytest.mark.browser
def test_the_door_has_one_method_for_each_bridge_method(page, site_url):
    page.goto(f"{site_url}play/")
    methods = page.evaluate("""async () => {
      const { EngineClient } = await import('/assets/demo/protocol.js');
      return Object.getOwnPropertyNames(EngineClient.prototype).filter((name) => name !== "constructor");
    }""")
    assert sorted(methods) == sorted([_camel(name) for name in METHODS] + ["start"])
