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

from typing import Any, Callable, Optional

from . import readers
from .readers import canonical_json, record_hash  # noqa: F401 - part of this module's API
from .errors import ConfigError, IllegalMoveError, InvalidMoveError, RecordError, shown
from .match import MAX_SEED, Match
from .positions import load_position
from .moves import Move
from .options import Rules
from .rng import Rng
from .tiles import SET_MASK, TILE_BIT, TILES, Tile, iter_bits

FORMAT_VERSION = 1
RECORD_FORMAT = "domino-game-record"
STATE_FORMAT = "domino-state"
SCENARIO_FORMAT = "domino-scenario"


content_hash = record_hash  # the name before 0.2.0


def _rules(data: dict) -> Rules:
    return readers.rules_of(data)


def _config_code(error: ConfigError) -> str:
    """A record's configuration problem, as one of the few codes a page translates: its seed, the round it
    starts in, or else its rules and players."""
    return error.code if error.code in ("bad-seed", "bad-start") else "bad-rules"


def _load_position(rules: Rules, position: dict):
    """A hand from a position, every malformed part reported as a RecordError."""
    if not isinstance(position, dict):
        raise RecordError("a position must be an object", "bad-position")
    try:
        return load_position(position, rules)
    except ConfigError as error:
        raise RecordError(f"bad configuration: {error}", _config_code(error)) from None
    except RecordError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        raise RecordError(f"bad position: {type(error).__name__}: {error}", "bad-position") from None


# --- game records ---------------------------------------------------------------------------------------


def _start(match: Match) -> dict:
    """The ``start`` field of a match that began in a later round (absent otherwise, as before 0.2.0)."""
    if not match.start_round:
        return {}
    return {"start": {"round": match.start_round, "round_scores": [list(s) for s in match.start_scores]}}


def game_record(match: Match) -> dict:
    data = {
        "format": RECORD_FORMAT,
        "version": FORMAT_VERSION,
        "game": match.game,
        "rules": match.rules.to_dict(),
        "players": match.players,
        "seed": match.seed,
        **_start(match),
        "moves": [str(m) for m in match.moves],
        "result": match.outcome.to_dict() if match.outcome else None,
    }
    data["sha256"] = record_hash(data)
    return data


Admit = Callable[[Rules, int], None]


def replay_record(data: Any, admit: Optional[Admit] = None) -> Match:
    """Check a record and replay it; returns the match at its last move. Raises ``RecordError``.

    ``admit(rules, players)``, if given, may refuse a record (raising ``RecordError``) before any move is
    replayed, e.g. a page that shows at most eight players."""
    return _replay(readers.read_record(data), admit)


def _replay(data: dict, admit: Optional[Admit] = None) -> Match:
    """A record or state already read by ``readers`` (its fields' shapes checked), replayed move by move."""
    rules = _rules(data)
    players, seed, moves = data["players"], data["seed"], data["moves"]
    start = data.get("start", {"round": 0, "round_scores": []})
    if admit is not None:
        admit(rules, players)
    try:
        match = Match(rules, players, seed, round_index=start["round"], round_scores=start["round_scores"])
    except ConfigError as error:
        raise RecordError(f"bad configuration: {error}", _config_code(error)) from None
    for number, text in enumerate(moves, 1):
        try:
            match.push(Move.parse(text))
        except (IllegalMoveError, InvalidMoveError) as error:
            raise RecordError(f"move {number} ({shown(text)}) is not legal: {error}", "illegal-move", index=number,
                              move=shown(text)) from None
    expected = data.get("result")
    actual = match.outcome.to_dict() if match.outcome else None
    if expected is not None and expected != actual:
        raise RecordError(f"the recorded result {shown(expected, 200)} is not what the moves give ({actual})",
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
        **_start(match),
        "round": match.round_index,
        "totals": list(match.totals),
        "round_scores": [list(s) for s in match.round_scores],
        "moves": [str(m) for m in match.moves],
        "result": match.outcome.to_dict() if match.outcome else None,
        "hand": match.hand.to_position(),
    }
    data["sha256"] = record_hash(data)
    return data


def match_from_state(data: Any) -> Match:
    """The match a state describes. A state is checked for consistency, not only for its hash: the match is
    replayed from its seed and moves, and every field (hands, boneyard, table, scores, result) must be what
    the replay gives. Raises ``RecordError``."""
    data = readers.read_state(data)
    match = _replay(data)
    expected = state_dict(match)
    differing = sorted(key for key in set(expected) | set(data) if expected.get(key) != data.get(key))
    if differing:
        raise RecordError(f"the state does not follow from its seed and moves (differs in: "
                          f"{', '.join(shown(key) for key in differing[:5])})", "state-mismatch",
                          fields=", ".join(differing[:5]))
    return match


# --- scenarios ------------------------------------------------------------------------------------------


def load_scenario(data: Any):
    """A hand set up from a scenario; play it with ``push``/``legal_moves``/``pop``. The hands are the
    scenario's own, so the rule set's deal table is not consulted."""
    data = readers.read_scenario(data)
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
        rules.check_players(players)
        max_pip = rules.max_pip(players)
    except ConfigError as error:
        raise RecordError(f"bad configuration: {error}", _config_code(error)) from None
    seed = position.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RecordError(f"seed must be a whole number from 0 to {MAX_SEED}", "bad-position", field="seed")
    used = 0
    try:
        for hand in position.get("hands") or []:
            for value in hand:
                used |= TILE_BIT[Tile.coerce(value).index]
        if position.get("root") is not None:
            root = position["root"]
            root = Tile.of(root, root) if isinstance(root, int) else Tile.coerce(root)
            used |= TILE_BIT[root.index]
        for line in position.get("lines") or []:
            for pair in line.get("tiles") or []:
                used |= TILE_BIT[Tile.coerce(pair).index]
        for value in position.get("boneyard") or [] if not shuffle else []:
            used |= TILE_BIT[Tile.coerce(value).index]
    except (ValueError, TypeError, AttributeError, KeyError, IndexError) as error:
        raise RecordError(f"bad scenario: {error}", "bad-position") from None
    rest = [i for i in iter_bits(SET_MASK[max_pip] & ~used)]
    if shuffle:
        Rng(seed).shuffle(rest)
    return [str(TILES[i]) for i in rest]


def scenario_of(hand) -> dict:
    """The scenario that sets up ``hand``'s current position (handy for writing lessons)."""
    data = {"format": SCENARIO_FORMAT, "version": FORMAT_VERSION}
    data.update(hand.to_position())
    return data
