"""Reading a client's message: bounded, checked field by field, refused with a code from ``ERRORS``
(``sentences.py``: each code with its sentence for the player).

Like the bridge's requests, a message is read by ``jsonsafe`` (no NaN, bounded numbers, nesting measured
without recursion), but with the far smaller limits a room's messages need: the largest, ``create`` with a
rules object, is well under 2 KB.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .. import jsonsafe
from ..bots import LEVELS
from ..errors import RecordError
from .languages import languages
from .sentences import ERRORS, PHRASES, error_message

MAX_MESSAGE_CHARS = 4_096
MAX_DEPTH = 4  # create → rules → options → value
MAX_NAME = 24
MAX_SEATS = 8
DEFAULT_LEVEL = "careful"


class ProtocolError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        assert code in ERRORS, code
        super().__init__(code)
        self.code = code
        self.params = params

    def to_message(self) -> dict:
        return error_message(self.code, self.params)


def _bad(field: str) -> ProtocolError:
    return ProtocolError("bad-message", field=field)


def _text(message: dict, field: str, most: int) -> str:
    value = message.get(field)
    if not isinstance(value, str) or len(value) > most:
        raise _bad(field)
    return value


def _name(message: dict) -> str:
    name = unicodedata.normalize("NFC", _text(message, "name", MAX_NAME)).strip()
    if not name or any(unicodedata.category(c)[0] == "C" for c in name):
        raise _bad("name")
    return name


def _lang(message: dict) -> str:
    lang = message.get("lang", "en")
    if not isinstance(lang, str) or lang not in languages():
        raise _bad("lang")
    return lang


def _seats(message: dict) -> list[dict]:
    """``[{"kind": "human", "level"?}, {"kind": "computer", "level"}]``: ``level`` is who plays the seat (a
    computer's), or plays for a person who dropped (default ``careful``)."""
    seats = message.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS:
        raise ProtocolError("bad-seats")
    out = []
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) - {"kind", "level"} or seat.get("kind") not in ("human",
                                                                                                 "computer"):
            raise ProtocolError("bad-seats")
        level = seat.get("level", DEFAULT_LEVEL)
        if level not in LEVELS:
            raise ProtocolError("bad-seats")
        out.append({"kind": seat["kind"], "level": level})
    if out[0]["kind"] != "human":
        raise ProtocolError("bad-seats")
    return out


# The fields of each message type (besides "type"); each reader returns the message with its values checked.
FIELDS = {
    "create": {"game", "rules", "seats", "name", "lang"},
    "join": {"room", "name", "lang"},
    "resume": {"room", "token"},
    "start": set(),
    "play": {"move"},
    "phrase": {"phrase"},
    "screen": {"width", "theme", "words"},
}
OPTIONAL = {"rules", "lang", "theme"}
MIN_WIDTH, MAX_WIDTH = 120, 4_000  # CSS pixels a seat's table may be drawn for (the bridge's limits, narrower)
MAX_WORD = 200
TRAIN_KEYS = {str(seat) for seat in range(MAX_SEATS)} | {"mx"}


def read_message(text: Any) -> dict:
    """A client's frame as a checked message; raises ``ProtocolError``."""
    if isinstance(text, bytes):
        raise ProtocolError("not-json")  # the protocol is text frames only
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too-large", most=MAX_MESSAGE_CHARS)
    if jsonsafe.nesting_depth(text) > MAX_DEPTH:
        raise ProtocolError("too-deep")
    try:
        message = jsonsafe.loads(text, "the message", MAX_MESSAGE_CHARS)
    except RecordError as error:
        raise ProtocolError(error.code if error.code in ERRORS else "not-json") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise _bad("type")
    kind = message["type"]
    if kind not in FIELDS:
        raise ProtocolError("unknown-type")
    fields = set(message) - {"type"}
    unknown = fields - FIELDS[kind]
    missing = FIELDS[kind] - OPTIONAL - fields
    if unknown or missing:
        raise _bad(sorted(unknown or missing)[0])
    out: dict = {"type": kind}
    if kind == "create":
        out.update(game=_text(message, "game", 40), rules=message.get("rules"), seats=_seats(message),
                   name=_name(message), lang=_lang(message))
        if out["rules"] is not None and not isinstance(out["rules"], dict):
            raise _bad("rules")
    elif kind == "join":
        out.update(room=_text(message, "room", 20), name=_name(message), lang=_lang(message))
    elif kind == "resume":
        out.update(room=_text(message, "room", 20), token=_text(message, "token", 64))
    elif kind == "play":
        out.update(move=_text(message, "move", 400))
    elif kind == "phrase":
        if message["phrase"] not in PHRASES:
            raise _bad("phrase")
        out.update(phrase=message["phrase"])
    elif kind == "screen":
        out.update(_screen(message))
    return out


def _screen(message: dict) -> dict:
    """The seat's screen, for the table the server draws it: its width in CSS pixels, light or dark, and the
    page's words for the picture (its accessible name and description, and the trains' names), already in
    the reader's language, as the game page sends them to the bridge."""
    width = message["width"]
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not MIN_WIDTH <= width <= MAX_WIDTH:
        raise _bad("width")
    theme = message.get("theme", "light")
    if theme not in ("light", "dark"):
        raise _bad("theme")
    words = message["words"]
    if not isinstance(words, dict) or set(words) - {"table", "table_desc", "trains"}:
        raise _bad("words")
    table, desc = (_text(words, key, MAX_WORD).strip() for key in ("table", "table_desc"))
    trains = words.get("trains", {})
    if not isinstance(trains, dict) or set(trains) - TRAIN_KEYS \
            or not all(isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME * 2 for name in trains.values()):
        raise _bad("words")
    if not table or not desc:
        raise _bad("words")
    return {"width": float(width), "theme": theme, "words": {"table": table, "table_desc": desc, "trains": trains}}
