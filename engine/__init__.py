"""Chicken Foot and Mexican Train: rules, variants, records and computer players, in pure Python.

Quick tour::

    from engine import Rules, Match, Move
    match = Match(Rules("chicken-foot", "pagat"), players=4, seed=1)
    match.legal_moves()          # [Move.parse('9-7@n'), Move.parse('9-7@e'), ...]
    match.push("9-7@n")          # or a Move; illegal moves raise IllegalMoveError(code, rule_id)
    match.pop()                  # undo (any move, back to the start)
    match.outcome                # None until the match is over, then a MatchOutcome
    view = match.view(seat=0)    # what seat 0 may know: bots and the browser only get this
"""

from .bots import BOTS, CarefulBot, GreedyBot, RandomBot, make_bot
from .chicken_foot import ChickenFootHand
from .errors import ConfigError, EngineError, IllegalMoveError, InvalidMoveError, RecordError
from .events import Event
from .hand import HandOutcome
from .match import Match, MatchOutcome
from .mexican_train import MexicanTrainHand
from .moves import Move
from .options import CHICKEN_FOOT, GAMES, MEXICAN_TRAIN, RULE_SETS, Rules, list_rules
from .records import (FORMAT_VERSION, game_record, load_scenario, match_from_state, record_hash, replay_record,
                      scenario_of, state_dict)
from .tiles import Tile, domino_set
from .view import PlayerView

__all__ = [
    "BOTS", "CHICKEN_FOOT", "CarefulBot", "ChickenFootHand", "ConfigError", "EngineError", "Event",
    "FORMAT_VERSION", "GAMES", "GreedyBot", "HandOutcome", "IllegalMoveError", "InvalidMoveError", "MEXICAN_TRAIN",
    "Match", "MatchOutcome", "MexicanTrainHand", "Move", "PlayerView", "RULE_SETS", "RandomBot", "RecordError",
    "Rules", "Tile", "domino_set", "game_record", "list_rules", "load_scenario", "make_bot", "match_from_state",
    "record_hash", "replay_record", "scenario_of", "state_dict",
]
