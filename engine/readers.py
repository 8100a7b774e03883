"""One checked reader per kind of thing the engine is handed: game records, states, scenarios, saves, score
sheets and rules objects (a record's, a sheet's, a rules link's). Every entry point (``records.py``,
``scoresheet.py``, the bridge's ``game_load``/``game_import``/``scores_*``, ``python -m engine replay``) reads
through these, so a field is never read loosely in one place and strictly in another.

Each reader checks, in this order, and refuses with a ``RecordError`` (or the caller's subclass) whose
``code`` is one of ``CODES`` (the engine README's table):

1. **size**, on the text before it is parsed (or on an already-parsed object's JSON), against the kind's own
   limit: ``too-large``, whatever else is wrong with it;
2. **JSON** (``jsonsafe``: no NaN/Infinity, bounded nesting and numbers; a leading byte-order mark is
   dropped, as browsers do): ``not-json``, ``too-deep``, ``number-too-large``, ``not-an-object``;
3. **header**: ``wrong-format``; ``newer-version`` (a whole number above the one this engine reads: kept for
   a later build) apart from ``bad-version`` (not a whole number from 1: damaged); ``tampered`` (sha256);
4. **shape**: every field's type and limits, and the names of the fields themselves (an unknown field is
   refused, not ignored): ``bad-record`` with ``field``; ``game-mismatch``; ``bad-rules`` with ``option``.

The rules of play (legal moves, results, consistency of a state) are checked after this by the engine.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, Optional

from . import jsonsafe
from .errors import ConfigError, RecordError, shown
from .moves import MAX_MOVE_TEXT as MAX_MOVE_CHARS  # a deep toe's end id is long
from .options import Rules, canonical_game

BOM = "\ufeff"
MAX_ROUNDS = 1_000  # a target-total match of many short rounds; no sheet of a real game comes near


class Kind(NamedTuple):
    """One kind of document: its format name, the version this engine reads, its size limit (characters of
    JSON), whether it carries a sha256, and the top-level fields it may have (None: any position field)."""

    name: str
    format: str
    version: int
    max_chars: int
    hashed: bool
    fields: Optional[frozenset]


_RECORD_FIELDS = frozenset({"format", "version", "sha256", "game", "rules", "players", "seed", "start", "moves",
                            "result", "seats",
                            "ruleset", "options"})  # the two last: records written before 0.2.0
# A game record may carry the round reviews' summaries (``review``, its own version inside; the game page
# writes it). It is outside the sha256: it is a note about the game, worked out from it and not needed to
# replay it, so a damaged one is left out with a word to the reader (``read_record_review``) and the game is
# imported all the same, where a hashed one would have made the whole record ``tampered``.
UNHASHED = frozenset({"sha256", "review"})
RECORD = Kind("game record", "domino-game-record", 1, jsonsafe.MAX_CHARS, True, _RECORD_FIELDS | {"review"})
STATE = Kind("state", "domino-state", 1, jsonsafe.MAX_CHARS, True,
             _RECORD_FIELDS | {"round", "totals", "round_scores", "hand"})
SCENARIO = Kind("scenario", "domino-scenario", 1, jsonsafe.MAX_CHARS, False, None)
SAVE = Kind("saved game", "chickenfoot-save", 1, jsonsafe.MAX_CHARS + 10_000, False,
            frozenset({"format", "version", "bot", "seats", "round_over", "record", "review"}))
SHEET = Kind("score sheet", "domino-score-sheet", 1, 1_000_000, True,
             frozenset({"format", "version", "sha256", "rules", "players", "rounds"}))
KINDS = {kind.format: kind for kind in (RECORD, STATE, SCENARIO, SAVE, SHEET)}

# Every code a reader refuses with, and what it means (the page has a sentence for each it can meet).
CODES = {
    "too-large": "larger than any such file this site makes ({kind}: at most {most} characters)",
    "not-json": "not readable JSON text (NaN and Infinity included)",
    "too-deep": "nested deeper than any such file",
    "number-too-large": "holds a number larger than a browser keeps exactly",
    "not-an-object": "not a JSON object",
    "wrong-format": "another kind of file (expected {expected}, found {found})",
    "newer-version": "made by a newer version ({version}; this engine reads {supported}): keep it for a later build",
    "bad-version": "its version ({version}) is not a whole number from 1: damaged",
    "tampered": "its sha256 does not match its content: changed or damaged",
    "bad-record": "a field is missing, unknown or of the wrong type ({field})",
    "game-mismatch": "its game ({game}) is not its rules' game ({rules_game})",
    "bad-rules": "rules the engine does not know (an unknown game, rule set or option {option}, or a bad value)",
}


def _refuse(error_type, code: str, message: str, **params: object) -> RecordError:
    return error_type(message, code, **params)


# --- 1-3: size, JSON, header ------------------------------------------------------------------------------


def read_json(data: Any, kind: Kind, error_type=RecordError) -> dict:
    """``data`` (JSON text, bytes, or an already-parsed object) as a dict, its size checked first."""
    what = f"the {kind.name}"
    if isinstance(data, bytes):
        if len(data) > 4 * kind.max_chars:  # UTF-8 takes at most four bytes a character
            raise _too_large(kind, error_type)
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse(error_type, "not-json", f"{what} is not UTF-8 text") from None
    if isinstance(data, str):
        if len(data) > kind.max_chars:
            raise _too_large(kind, error_type)
        try:
            data = jsonsafe.loads(data.removeprefix(BOM), what, kind.max_chars)
        except RecordError as error:
            raise _refuse(error_type, error.code, str(error), **error.params) from None
    else:
        try:
            jsonsafe.check_tree(data, what)
        except RecordError as error:
            raise _refuse(error_type, error.code, str(error), **error.params) from None
        if isinstance(data, dict) and len(json.dumps(data, separators=(",", ":"))) > kind.max_chars:
            raise _too_large(kind, error_type)
    if not isinstance(data, dict):
        raise _refuse(error_type, "not-an-object", f"{what} must be a JSON object")
    return data


def _too_large(kind: Kind, error_type) -> RecordError:
    return _refuse(error_type, "too-large", f"the {kind.name} is larger than any this site makes (at most "
                   f"{kind.max_chars} characters)", kind=kind.name, most=kind.max_chars)


def check_header(data: dict, kind: Kind, error_type=RecordError, hashed: Optional[bool] = None,
                 format_code: str = "wrong-format") -> None:
    """The format name, the version (newer apart from damaged), the sha256 (``hashed``: the kind's default)."""
    found = data.get("format")
    if found != kind.format:
        raise _refuse(error_type, format_code, f"this is not a {kind.format} (format is {shown(found)})",
                      expected=kind.format, found=shown(found))
    check_version(data.get("version"), kind, error_type)
    if (kind.hashed if hashed is None else hashed) and not _hash_matches(data):
        raise _refuse(error_type, "tampered", f"the {kind.name}'s sha256 does not match its content: it was "
                      "changed or damaged")


def check_version(version: Any, kind: Kind, error_type=RecordError) -> None:
    if isinstance(version, int) and not isinstance(version, bool) and version >= 1:
        if version > kind.version:
            raise _refuse(error_type, "newer-version", f"{kind.name} version {version} was made by a newer "
                          f"version of the engine, which reads version {kind.version}", version=version,
                          supported=kind.version)
        if version == kind.version:
            return
    raise _refuse(error_type, "bad-version", f"{kind.name} version {shown(version)} is not a version: the "
                  "file is damaged", version=shown(version), supported=kind.version)


def canonical_json(data: Any) -> str:
    """The one text a record's hash is taken over: sorted keys, no spaces, ASCII."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def record_hash(data: dict) -> str:
    """The ``sha256`` a game record, state or score-sheet file carries: the hex digest of the canonical JSON
    of every field but ``sha256`` itself (and a record's ``review``, see ``UNHASHED``). Set it after changing a
    record by hand:
    ``data["sha256"] = record_hash(data)`` (``engine.record_hash``)."""
    import hashlib  # here, not with the others: loading it was a tenth of the engine's start in the browser

    return hashlib.sha256(canonical_json({k: v for k, v in data.items() if k not in UNHASHED}).encode()).hexdigest()


def _hash_matches(data: dict) -> bool:
    return data.get("sha256") == record_hash(data)


def check_fields(data: dict, kind: Kind, error_type=RecordError, code: str = "bad-record") -> None:
    """Refuse a field the kind does not have: a name is read only if it is one of the kind's own."""
    if kind.fields is None:
        return
    unknown = sorted(set(data) - kind.fields)
    if unknown:
        raise _refuse(error_type, code, f"the {kind.name} has a field it cannot have: {shown(unknown[0])}",
                      field=shown(unknown[0]))


def _field(name: str, message: str) -> RecordError:
    return RecordError(message, "bad-record", field=name)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- rules ----------------------------------------------------------------------------------------------


def read_rules(data: Any, error_type=RecordError, code: str = "bad-rules") -> Rules:
    """A rules object ``{game, ruleset, options}`` as a record, a state, a scenario, a sheet or a rules link
    carries it. Any unknown option, ``game``, ``ruleset`` and ``self`` included, is ``bad-rules`` with
    ``option``; so is an unknown game or rule set, or a value an option does not take."""
    if not isinstance(data, dict):
        raise _refuse(error_type, code, f"rules must be an object, got {shown(data)}", option="")
    unknown = sorted(set(data) - {"game", "ruleset", "options"})
    if unknown:
        raise _refuse(error_type, code, f"rules have no field {shown(unknown[0])}", option=shown(unknown[0]))
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise _refuse(error_type, code, "options must be an object of name: value", option="")
    try:
        return Rules(data.get("game", ""), data.get("ruleset"), **options)
    except ConfigError as error:
        params = {"option": str(error.params.get("option", ""))[:40]}
        raise _refuse(error_type, code, f"bad rules: {error}", **params) from None


def rules_of(data: dict, error_type=RecordError) -> Rules:
    """The rules of a record, state or scenario: its ``rules`` object (or, before 0.2.0, ``game`` with
    ``ruleset`` and ``options`` beside it); its top-level ``game``, if any, must be the rules' game."""
    if isinstance(data.get("rules"), dict):
        rules = read_rules(data["rules"], error_type)
    else:
        legacy = {"game": data.get("game", ""), "ruleset": data.get("ruleset") or data.get("rules"),
                  "options": data.get("options")}
        rules = read_rules(legacy, error_type)
    if "game" in data:
        try:
            game = canonical_game(data["game"])
        except ConfigError:
            game = None
        if game != rules.game:
            raise _refuse(error_type, "game-mismatch", f"the file says its game is {shown(data['game'])} but its "
                          f"rules are {rules.game}'s", game=shown(data["game"]), rules_game=rules.game)
    return rules


# --- 4: each kind's shape -------------------------------------------------------------------------------


def read_record(data: Any, kind: Kind = RECORD) -> dict:
    """A game record (or, with ``kind=STATE``, a state) that may be replayed: header, hash, fields and
    their types. The moves are checked by replaying them (``records.replay_record``)."""
    data = read_json(data, kind)
    check_header(data, kind)
    check_fields(data, kind)
    if "game" not in data:
        raise _field("game", f"a {kind.name} names its game")
    seed, players, moves = data.get("seed"), data.get("players"), data.get("moves")
    if not _whole(seed) or not isinstance(moves, list):
        raise _field("seed" if not _whole(seed) else "moves", "a record needs an integer seed and a list of moves")
    if not _whole(players):
        raise _field("players", f"players must be a whole number, not {shown(players)}")
    # how many moves is bounded by the size alone: a match to a high target total may be long
    if not all(isinstance(m, str) and len(m) <= MAX_MOVE_CHARS for m in moves):
        raise _field("moves", f"moves must be texts of at most {MAX_MOVE_CHARS} characters")
    start = data.get("start", {"round": 0, "round_scores": []})
    if not isinstance(start, dict) or set(start) != {"round", "round_scores"}:
        raise _field("start", "start must be {round, round_scores}")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise _field("result", "result must be an object or null")
    return data


def read_state(data: Any) -> dict:
    return read_record(data, STATE)


def read_scenario(data: Any) -> dict:
    """A scenario: header and JSON only here; its position is read field by field by the game's loader
    (``positions.py``), which names the field it refuses."""
    data = read_json(data, SCENARIO)
    check_header(data, SCENARIO)
    return data


def read_save(data: Any, bots) -> dict:
    """A saved game of the game page: header, fields, its computer player among ``bots``; the record inside
    is read by ``read_record`` when it is resumed."""
    data = read_json(data, SAVE)
    check_header(data, SAVE)
    check_fields(data, SAVE)
    bot = data.get("bot")
    if "bot" in data and (not isinstance(bot, str) or bot not in bots):
        raise _field("bot", f"the saved game names no known computer player ({shown(bot)})")
    if not isinstance(data.get("round_over", False), bool):
        raise _field("round_over", "round_over must be true or false")
    if not isinstance(data.get("record"), (dict, str)):
        raise _field("record", "a saved game holds its game record")
    if data.get("seats") is not None and not isinstance(data["seats"], list):
        raise _field("seats", "seats must be a list")
    if data.get("review") is not None:
        _check_review(data["review"])
    return data


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 10**6


REVIEW_VERSION = 1  # of a save's or a record's ``review``


def _check_review(review: Any) -> None:
    """A save's or record's round-review summaries (``bridge/review_store.py``): ``{"version": 1, "seats":
    {"0": [{"round", "lost", "by_kind": {kind: points}, "samples"}]}}``, every number a plain one."""
    message = "review must be {version: 1, seats: {seat: [{round, lost, by_kind, samples}]}}"
    if not isinstance(review, dict) or set(review) != {"version", "seats"} or \
            review["version"] != REVIEW_VERSION or not isinstance(review["seats"], dict):
        raise _field("review", message)
    for seat, rounds in review["seats"].items():
        if not (seat.isdigit() and len(seat) <= 2) or not isinstance(rounds, list) or len(rounds) > MAX_ROUNDS:
            raise _field("review", message)
        for entry in rounds:
            if not isinstance(entry, dict) or set(entry) != {"round", "lost", "by_kind", "samples"} or \
                    not _whole(entry["round"]) or not _whole(entry["samples"]) or not _number(entry["lost"]) or \
                    not isinstance(entry["by_kind"], dict) or len(entry["by_kind"]) > 40 or \
                    not all(isinstance(k, str) and len(k) <= 40 and _number(v) for k, v in entry["by_kind"].items()):
                raise _field("review", message)


def read_record_review(record: dict, players: int, finished) -> tuple[Optional[dict], Optional[str]]:
    """A read record's ``review`` (``(None, None)`` without one), for a game of ``players`` whose rounds
    ``finished`` (their numbers, from 1) were played to the end: ``(review, None)``, or ``(None, code)`` when it is left out:
    ``review-newer`` (a later version than this engine reads), ``review-damaged`` (anything else wrong, a seat
    or round the game does not have included). Never raises: the game is read all the same."""
    review = record.get("review")
    if review is None:
        return None, None
    version = review.get("version") if isinstance(review, dict) else None
    if _whole(version) and version > REVIEW_VERSION:
        return None, "review-newer"
    try:
        _check_review(review)
    except RecordError:
        return None, "review-damaged"
    for seat, rounds in review["seats"].items():
        numbers = [entry["round"] for entry in rounds]
        if int(seat) >= players or len(set(numbers)) != len(numbers) or not set(numbers) <= set(finished):
            return None, "review-damaged"
    return review, None


def read_sheet(data: Any, error_type, file: bool = False) -> dict:
    """A score sheet: from a file (``file``: format, version and sha256 required) or as the page keeps it
    (format and version checked when present). Players and rounds are read by ``scoresheet.Sheet``."""
    data = read_json(data, SHEET, error_type)
    if file or "format" in data or "version" in data:
        check_header(data, SHEET, error_type, hashed=file, format_code="not-a-sheet")
    check_fields(data, SHEET, error_type, code="bad-sheet")
    return data
