"""The engine's errors. Each carries a stable ``code`` and plain ``params`` so a UI can translate it; the
English ``str()`` is for the command line only."""

from __future__ import annotations

from .rule_ids import RULE_PAGES

# English templates, keyed by code; the site's catalogs translate the same codes.
MESSAGES: dict[str, str] = {
    "hand-over": "the hand is over",
    "unknown-move": "not a move: {text}",
    "tile-not-in-set": "{tile} is not in this set",
    "tile-not-in-hand": "{tile} is not in your hand",
    "unknown-end": "there is no open end {end}",
    "end-closed": "end {end} is not open",
    "end-does-not-match": "{tile} does not match the {number} at end {end}",
    "arms-not-filled": "every arm of the starting double needs a tile before any arm takes a second",
    "foot-not-finished": "the chicken foot on the {number}s needs its toes before play elsewhere",
    "must-play": "you have a tile that plays; play it instead of drawing or passing",
    "boneyard-empty": "the boneyard is empty",
    "already-drew": "you have already drawn this turn",
    "must-draw": "you cannot play: draw from the boneyard",
    "announce-not-needed": "only a play that leaves one tile in hand is announced",
    "catch-not-available": "nobody can be caught now",
    "train-not-yours": "train {end} belongs to another player and has no marker",
    "mexican-train-not-yet": "the Mexican train opens from your second turn",
    "must-satisfy-double": "the open double on {end} must be satisfied first",
    "first-turn-own-train": "on your first turn you may only build your own train",
    "cannot-end-turn": "only a first turn with at least one tile laid is ended this way",
    "must-play-drawn-tile": "the tile you drew plays: play it",
    "must-follow-double": "after a double you must lay another tile",
    "wrong-game": "that move does not exist in {game}",
}


class CodedError(ValueError):
    """The one base of the errors a page translates: a stable ``code`` and plain ``params`` that say where;
    ``str()`` is English, for logs and the command line."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params

    def to_dict(self) -> dict:
        return {"code": self.code, "message": str(self), "message_params": dict(self.params)}


class Refusal(CodedError):
    """A request refused (the bridge's errors): made from its code and an English detail, ``"code: detail"``."""

    def __init__(self, code: str, detail: str = "", **params: object) -> None:
        super().__init__(f"{code}: {detail}" if detail else code, code, **params)


def _english(code: str, params: dict) -> str:
    template = MESSAGES.get(code, code)
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


class EngineError(Exception):
    """Base of every error the rule core raises on purpose."""


class IllegalMoveError(EngineError, CodedError):
    """A move that breaks a rule. The state is unchanged."""

    def __init__(self, code: str, rule_id: str, **params: object) -> None:
        if rule_id not in RULE_PAGES:
            raise KeyError(f"unknown rule id {rule_id!r}")
        self.rule_id = rule_id
        plain = {k: (str(v) if v is not None and not isinstance(v, (int, bool)) else v) for k, v in params.items()}
        super().__init__(_english(code, plain), code, **plain)

    def english(self) -> str:
        return _english(self.code, self.params)

    def to_dict(self) -> dict:
        return {"code": self.code, "rule_id": self.rule_id, "message_params": dict(self.params)}


class InvalidMoveError(EngineError, CodedError):
    """Text that is not a move at all (as opposed to a well-formed move the rules forbid)."""

    code = "unknown-move"


class ConfigError(EngineError, CodedError):
    """A configuration the rules cannot play: unknown rule set, too many tiles dealt, and so on."""

    code = "config"


class RecordError(EngineError, CodedError):
    """A game record, state or scenario that cannot be trusted or read."""

    code = "record"


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut short: a message quotes what it refuses without repeating a megabyte of it."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer of thousands of digits, or nesting too deep to print
        return f"<{type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
