"""JSON for the full state, for game records, and for scenarios, each with a format name and version.

- **Game record** (``domino-game-record``): rules + players + seed + moves (+ the result). Replaying it
  re-deals every hand from the seed and re-checks every move; a ``sha256`` over the canonical JSON of the
  rest catches tampering; a result that does not match the replay is refused.
- **State** (``domino-state``): one match at one moment, every hidden tile included, also hashed.
- **Scenario** (``domino-scenario``): any position written by hand (the tutorial's lessons): hands, boneyard
  order (optional: the remaining tiles, shuffled by ``seed``), the layout's lines, whose turn.

Every tile of the set must be somewhere, exactly once; anything wrong is a ``RecordError`` that says what.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .errors import ConfigError, EngineError, IllegalMoveError, InvalidMoveError, RecordError
from .match import HAND_TYPES, Match, MatchOutcome
from .moves import Move
from .options import Rules
from .rng import Rng
from .tiles import TILE_BIT, TILES, Tile, iter_bits

FORMAT_VERSION = 1
RECORD_FORMAT = "domino-game-record"
STATE_FORMAT = "domino-state"
SCENARIO_FORMAT = "domino-scenario"


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def content_hash(data: dict) -> str:
    return hashlib.sha256(canonical_json({k: v for k, v in data.items() if k != "sha256"}).encode()).hexdigest()


def _parse(data: Any) -> dict:
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as error:
            raise RecordError(f"not JSON: {error}", "not-json") from None
    if not isinstance(data, dict):
        raise RecordError("expected a JSON object", "not-an-object")
    return data


def _check_header(data: dict, expected: str, hashed: bool) -> None:
    found = data.get("format")
    if found != expected:
        raise RecordError(f"this is not a {expected} (format is {found!r})", "wrong-format", expected=expected,
                          found=str(found))
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise RecordError(f"{expected} version {version!r} is not supported; this engine reads version "
                          f"{FORMAT_VERSION}", "wrong-version", version=str(version), supported=FORMAT_VERSION)
    if hashed and data.get("sha256") != content_hash(data):
        raise RecordError(f"the {expected}'s sha256 does not match its content: it was changed or damaged",
                          "tampered")


def _rules(data: dict) -> Rules:
    try:
        if isinstance(data.get("rules"), dict):
            return Rules.from_dict(data["rules"])
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ConfigError("options must be an object of name: value", "bad-rules")
        return Rules(data.get("game", ""), data.get("ruleset") or data.get("rules"), **options)
    except (ConfigError, TypeError) as error:
        raise RecordError(f"bad rules: {error}", "bad-rules") from None


def _load_position(rules: Rules, position: dict):
    """A hand from a position, every malformed part reported as a RecordError."""
    if not isinstance(position, dict):
        raise RecordError("a position must be an object", "bad-position")
    try:
        return HAND_TYPES[rules.game].from_position(position, rules)
    except ConfigError as error:
        raise RecordError(f"bad configuration: {error}", "bad-rules") from None
    except RecordError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        raise RecordError(f"bad position: {type(error).__name__}: {error}", "bad-position") from None


# --- game records ---------------------------------------------------------------------------------------


def game_record(match: Match) -> dict:
    data = {
        "format": RECORD_FORMAT,
        "version": FORMAT_VERSION,
        "game": match.game,
        "rules": match.rules.to_dict(),
        "players": match.players,
        "seed": match.seed,
        "moves": [str(m) for m in match.moves],
        "result": match.result.to_dict() if match.result else None,
    }
    data["sha256"] = content_hash(data)
    return data


def replay_record(data: Any) -> Match:
    """Check a record and replay it; returns the match at its last move. Raises ``RecordError``."""
    data = _parse(data)
    _check_header(data, RECORD_FORMAT, hashed=True)
    rules = _rules(data)
    players, seed, moves = data.get("players"), data.get("seed"), data.get("moves")
    if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(moves, list):
        raise RecordError("a record needs an integer seed and a list of moves", "bad-record")
    try:
        match = Match(rules, players, seed)
    except (ConfigError, TypeError) as error:
        raise RecordError(f"bad configuration: {error}", "bad-rules") from None
    for number, text in enumerate(moves, 1):
        try:
            match.push(Move.parse(text))
        except (IllegalMoveError, InvalidMoveError) as error:
            raise RecordError(f"move {number} ({text}) is not legal: {error}", "illegal-move", index=number,
                              move=str(text)) from None
    expected = data.get("result")
    actual = match.result.to_dict() if match.result else None
    if expected is not None and expected != actual:
        raise RecordError(f"the recorded result {expected} is not what the moves give ({actual})",
                          "result-mismatch")
    return match


# --- full state -----------------------------------------------------------------------------------------


def state_dict(match: Match) -> dict:
    data = {
        "format": STATE_FORMAT,
        "version": FORMAT_VERSION,
        "game": match.game,
        "rules": match.rules.to_dict(),
        "players": match.players,
        "seed": match.seed,
        "round": match.round_index,
        "totals": list(match.totals),
        "round_scores": [list(s) for s in match.round_scores],
        "moves": [str(m) for m in match.moves],
        "result": match.result.to_dict() if match.result else None,
        "hand": match.hand.to_position(),
    }
    data["sha256"] = content_hash(data)
    return data


def match_from_state(data: Any) -> Match:
    data = _parse(data)
    _check_header(data, STATE_FORMAT, hashed=True)
    rules = _rules(data)
    try:
        match = Match(rules, data.get("players"), int(data.get("seed", 0)), _start=False)
        match.round_index = int(data["round"])
        match.totals = [int(t) for t in data["totals"]]
        match.round_scores = [tuple(int(x) for x in s) for s in data["round_scores"]]
        match.moves = [Move.parse(m) for m in data["moves"]]
        result = data.get("result")
        if result:
            match.result = MatchOutcome(tuple(result["winners"]), tuple(result["totals"]), result["reason"],
                                        result["decided_by"])
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, EngineError):
            raise RecordError(f"bad state: {error}", "bad-state") from None
        raise RecordError(f"bad state: missing or wrong field ({error})", "bad-state") from None
    match.hand = _load_position(rules, data.get("hand"))
    return match


# --- scenarios ------------------------------------------------------------------------------------------


def load_scenario(data: Any):
    """A hand set up from a scenario; play it with ``push``/``legal_moves``/``pop``."""
    data = _parse(data)
    _check_header(data, SCENARIO_FORMAT, hashed=False)
    rules = _rules(data)
    position = dict(data)
    if position.get("set_aside") == "rest":
        position["set_aside"] = _rest_of_set(position, rules, shuffle=False)
    elif "boneyard" not in position:
        position["boneyard"] = _rest_of_set(position, rules)
    return _load_position(rules, position)


def _rest_of_set(position: dict, rules: Rules, shuffle: bool = True) -> list[str]:
    """The tiles a scenario does not place: its boneyard (shuffled by its ``seed``), or with
    ``"set_aside": "rest"`` the tiles out of play."""
    players = position.get("players")
    try:
        rules.validate(players)
        max_pip = rules.max_pip(players)
    except ConfigError as error:
        raise RecordError(f"bad configuration: {error}", "bad-rules") from None
    from .tiles import SET_MASK

    used = 0
    try:
        for hand in position.get("hands") or []:
            for value in hand:
                used |= TILE_BIT[Tile.coerce(value).index]
        if position.get("root") is not None:
            root = Tile.coerce(position["root"])
            used |= TILE_BIT[root.index]
        for line in position.get("lines") or []:
            for pair in line.get("tiles") or []:
                used |= TILE_BIT[Tile.coerce(pair).index]
        for value in position.get("boneyard") or [] if not shuffle else []:
            used |= TILE_BIT[Tile.coerce(value).index]
    except (ValueError, TypeError, AttributeError, KeyError) as error:
        raise RecordError(f"bad scenario: {error}", "bad-position") from None
    rest = [i for i in iter_bits(SET_MASK[max_pip] & ~used)]
    if shuffle:
        Rng(int(position.get("seed", 0))).shuffle(rest)
    return [str(TILES[i]) for i in rest]


def scenario_of(hand) -> dict:
    """The scenario that sets up ``hand``'s current position (handy for writing lessons)."""
    data = {"format": SCENARIO_FORMAT, "version": FORMAT_VERSION}
    data.update(hand.to_position())
    return data
