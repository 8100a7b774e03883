"""The browser bridge: what the site's Web Worker calls through Pyodide, built on the rules engine.

The engine's core (``engine.*``) never imports this package; the bridge imports the core. ``handle`` is the
one entry point (``dispatch.py``); the tutorial (``tutorial.py``, ``lessons.py``) and the game against
computer players (``game_session.py``, ``hints.py``) keep their state here between calls, which ``forget``
drops (a worker restored from a memory snapshot starts as a fresh one).
"""

from .dispatch import forget, handle
from .errors import BridgeError

__all__ = ["BridgeError", "METHODS", "forget", "handle"]


def __getattr__(name: str):
    if name == "METHODS":  # every part's methods, imported only when asked for (dispatch.py)
        from . import dispatch

        return dispatch.METHODS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
