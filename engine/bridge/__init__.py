"""The browser bridge: what the site's Web Worker calls through Pyodide, built on the rules engine.

The engine's core (``engine.*``) never imports this package; the bridge imports the core. ``handle`` is the
one entry point (``dispatch.py``); the tutorial (``tutorial.py``, ``lessons.py``) and the game against
computer players (``game_session.py``, ``hints.py``) keep their state here between calls.
"""

from .dispatch import METHODS, handle
from .errors import BridgeError

__all__ = ["BridgeError", "METHODS", "handle"]
