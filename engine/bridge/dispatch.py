"""The browser's door into the engine: one JSON request in, one JSON answer out.

The page never calls the engine directly: its Web Worker calls ``handle(method, arguments_json)`` through
Pyodide and passes the answer back. Keeping the surface to JSON strings means no Python object ever leaks
into JavaScript (nothing to destroy, nothing to keep alive) and every answer can be logged or replayed.
"""

from __future__ import annotations

import json
from typing import Callable

from . import game_methods, scores_methods, tutorial_methods
from .errors import BridgeError

METHODS: dict[str, Callable[..., dict]] = {**tutorial_methods.METHODS, **game_methods.METHODS,
                                           **scores_methods.METHODS}


def handle(method: str, arguments_json: str = "{}") -> str:
    """Runs ``method`` with the JSON object's fields as keyword arguments; always answers JSON."""
    try:
        function = METHODS.get(method)
        if function is None:
            raise BridgeError("unknown-method", method)
        arguments = json.loads(arguments_json or "{}")
        if not isinstance(arguments, dict):
            raise BridgeError("bad-arguments", "expected a JSON object")
        return json.dumps({"ok": True, **function(**arguments)})
    except BridgeError as error:
        return json.dumps({"ok": False, "error": error.code, "detail": str(error), "params": error.params})
    except (TypeError, json.JSONDecodeError) as error:
        return json.dumps({"ok": False, "error": "bad-arguments", "detail": str(error)})
