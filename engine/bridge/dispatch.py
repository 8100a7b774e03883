"""The browser's door into the engine: one JSON request in, one JSON answer out.

The page never calls the engine directly: its Web Worker calls ``handle(method, arguments_json)`` through
Pyodide and passes the answer back. Keeping the surface to JSON strings means no Python object ever leaks
into JavaScript (nothing to destroy, nothing to keep alive) and every answer can be logged or replayed.
"""

from __future__ import annotations

import json
import sys
from typing import Callable

from .. import jsonsafe, readers
from ..errors import RecordError
from .errors import BridgeError

# The methods come in one part per app, each imported on its part's first call: a page imports its own part
# only (the tutorial's first screen imports no game, score sheet or review code: a cold start in the browser
# runs its engine import on WebAssembly not yet optimised). A method's name says its part: game_, scores_ and
# review_ methods are the game's, the score keeper's and the review's; any other name is the tutorial's.
PARTS = ("tutorial", "game", "scores", "review")


def part_of(method: str) -> str:
    """The part a method belongs to, by its name."""
    prefix = method.partition("_")[0]
    return prefix if prefix in PARTS[1:] else "tutorial"


def _part(name: str):
    """A part's module, imported on its first use (Python keeps it; plain imports: the build's trim reads
    them)."""
    if name == "game":
        from . import game_methods as part
    elif name == "scores":
        from . import scores_methods as part
    elif name == "review":
        from . import review_methods as part
    else:
        from . import tutorial_methods as part
    return part


def all_methods() -> dict[str, Callable[..., dict]]:
    """Every method of every part (importing them all), by name: for the tests, the samples and the trim."""
    return {method: function for name in PARTS for method, function in _part(name).METHODS.items()}


def __getattr__(name: str):
    if name == "METHODS":  # the whole table, for callers outside the browser; handle() looks up one part
        return all_methods()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# A request carries at most one save, record or sheet (each refused by its own reader above its own limit,
# ``readers.KINDS``), written as JSON text inside the request's JSON: escaping can double its length.
MAX_REQUEST_CHARS = 3 * max(kind.max_chars for kind in readers.KINDS.values())


def forget() -> None:
    """Drops every session the bridge holds (the lesson, the game, the page's words). A worker that restores a
    memory snapshot taken after its first calls (docs/assets/demo/worker.js) calls this first, so it starts as
    a fresh start does; only caches of pictures, which a fresh start would rebuild alike, are kept."""
    for name in PARTS:  # the parts imported so far, by handle() or by another part (the review, the game's)
        part = sys.modules.get(f"{__package__}.{name}_methods")
        if part is not None and hasattr(part, "forget"):
            part.forget()


def _refusal(code: str, detail: str, params: dict | None = None, say: dict | None = None) -> str:
    answer = {"ok": False, "error": code, "detail": detail[:500]}
    if params is not None:
        answer["params"] = params
    if say is not None:
        answer["say"] = say
    return json.dumps(answer)


def _check_names(function: Callable, arguments: dict) -> None:
    """Refuse an argument the method does not take, or one it needs and did not get, before it runs: a
    ``TypeError`` inside a method is then a bug (answered ``internal-error``), not the page's mistake. Read from
    the function's code object (``inspect`` would add a dozen modules to the browser's runtime)."""
    code = function.__code__
    positional = code.co_varnames[:code.co_argcount]
    names = set(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    unexpected = sorted(name for name in arguments if name not in names)
    if unexpected and not code.co_flags & 0x08:  # CO_VARKEYWORDS: a method taking **arguments takes any
        raise BridgeError("bad-arguments", f"unexpected argument {unexpected[0][:40]!r}")
    required = positional[:len(positional) - len(function.__defaults__ or ())]
    kwonly = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    required += tuple(name for name in kwonly if name not in (function.__kwdefaults__ or {}))
    missing = [name for name in required if name not in arguments]
    if missing:
        raise BridgeError("bad-arguments", f"missing argument {missing[0]!r}")


def handle(method: str, arguments_json: str = "{}") -> str:
    """Runs ``method`` with the JSON object's fields as keyword arguments; always answers JSON, never raises.

    The arguments are read by ``jsonsafe`` (bounded nesting and numbers: deep JSON would overflow Pyodide's
    stack). Each method checks its own arguments; anything that still goes wrong answers ``internal-error``
    instead of throwing a Python exception into the page's worker."""
    try:
        function = _part(part_of(method)).METHODS.get(method) if isinstance(method, str) else None
        if function is None:
            raise BridgeError("unknown-method", str(method)[:40])
        try:
            arguments = jsonsafe.loads(arguments_json or "{}", "the arguments", MAX_REQUEST_CHARS)
        except RecordError as error:  # the request itself: far too large (whatever it carries), or not JSON
            if error.code == "too-large":
                return _refusal("too-large", str(error), {"most": MAX_REQUEST_CHARS})
            return _refusal("bad-arguments", str(error))
        if not isinstance(arguments, dict):
            raise BridgeError("bad-arguments", "expected a JSON object")
        _check_names(function, arguments)
        return json.dumps({"ok": True, **function(**arguments)})
    except BridgeError as error:
        return _refusal(error.code, str(error), error.params, error.say)
    except Exception as error:  # noqa: BLE001 - the page must get an answer, whatever broke
        print(f"bridge: {method} failed: {type(error).__name__}: {error}", file=sys.stderr)
        return _refusal("internal-error", f"{type(error).__name__}: {error}")
