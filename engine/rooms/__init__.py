"""Rooms: play at a distance through a server that holds the game (``python -m engine rooms``).

The server runs the engine and sends each seat only its own view; see README.md for the protocol. The engine
core never imports this package, and the browser's wheel leaves it out (pyproject's ``packages``).
"""
