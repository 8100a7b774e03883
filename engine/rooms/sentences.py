"""What the rooms say to a player: one sentence for each error code the server sends and for each quick
phrase, sent with the message as ``say`` (``{text, params}``, a ui-catalog msgid, as the game's sentences
are: ``engine/bridge/sentences.py``), so the page translates it and keeps no list of codes of its own.
README.md's table says what each error code means to a developer; these say it to the player."""

from __future__ import annotations

from typing import Any

from ..catalog_marks import N_
from ..narration import said

SERVER_UNREADABLE = N_("The room server could not read what this page sent.")

# Every code an ``error`` message carries (README.md's table).
ERRORS = {
    "too-large": N_("That message was too long for the room server."),
    "not-json": SERVER_UNREADABLE,
    "too-deep": SERVER_UNREADABLE,
    "number-too-large": SERVER_UNREADABLE,
    "bad-message": N_("Something in the form is not accepted: check the name (1 to 24 characters) and the code."),
    "unknown-type": N_("The room server does not know that request: reload the page."),
    "rate-limited": N_("Too many messages at once: wait a moment."),
    "too-many-guesses": N_("Too many wrong room codes from here: wait a minute, then try again."),
    "no-such-room": N_("No room has this code. Check the code with the host."),
    "room-full": N_("Every seat in this room is taken."),
    "bad-token": N_("This device's seat in the room is no longer valid."),
    "seat-lost": N_("You were away too long: the computer now plays your seat to the end."),
    "not-in-room": N_("Join or start a room first."),
    "already-in-room": N_("This page already has a seat in a room."),
    "not-host": N_("Only the host can start the game."),
    "already-started": N_("The game in this room has already started."),
    "not-started": N_("The game has not started yet."),
    "game-over": N_("The match is over."),
    "not-your-turn": N_("It is not your turn."),
    "illegal-move": N_("That move is not allowed now."),
    "bad-rules": N_("The room server does not accept these rules."),
    "bad-seats": N_("These seats cannot play this game: check the number of players and the set."),
    "storage-failed": N_("The room server could not save that move, so it was not played. Try again."),
}

# The quick phrases, sent as codes (no free text: nothing to moderate); each reader sees them in their own
# language. Their order is the buttons' order.
PHRASES = {
    "hello": N_("Hello!"),
    "your-turn": N_("Your turn."),
    "good-game": N_("Good game!"),
    "one-moment": N_("One moment, please."),
    "well-played": N_("Well played!"),
    "thank-you": N_("Thank you!"),
    "again": N_("Another game?"),
    "bye": N_("Goodbye!"),
}


def error_message(code: str, params: dict[str, Any]) -> dict:
    """The ``error`` message for ``code``: its details (``field``, ``option``, ``most``) and its sentence."""
    return {"type": "error", "code": code, **params, "say": said(ERRORS[code], **params)}


def phrase_message(seat: int, phrase: str) -> dict:
    return {"type": "phrase", "seat": seat, "phrase": phrase, "say": said(PHRASES[phrase])}
