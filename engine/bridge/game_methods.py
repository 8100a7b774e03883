"""The game page's bridge methods (registered in ``engine.bridge.dispatch``): JSON-able arguments in, plain data
out. One worker runs one game, so the session lives here between calls.

Pictures are drawn here, by ``engine.svg``, so the page only inserts them: the table as the human sees it
(open ends drawn as rings the page makes clickable), laid out for the width the page has for it
(``fit_width``, CSS pixels, sent with ``game_view`` and again whenever the page is resized), and each tile of
the human's hand. Every word in a picture (title, description, train labels) comes from the page, already
translated.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from .. import deal_tables, svg
from ..errors import ConfigError, RecordError
from ..options import CHICKEN_FOOT, MEXICAN_TRAIN, RULE_SETS, Rules, canonical_game
from ..rule_ids import RULE_PAGES
from ..tiles import SET_SIZES
from .errors import BridgeError
from .errors import refusal as _refuse
from .game_session import HUMAN, GameSession, SessionError
from .pictures import checked_fit_width, checked_names, render_table, train_labels

PLAYER_RANGE = {CHICKEN_FOOT: (2, 8), MEXICAN_TRAIN: (2, 8)}  # what the page's table can show legibly
THEMES = ("light", "dark")


class _Page:
    """What one page set up: the session, the theme and the translated words for pictures."""

    session: Optional[GameSession] = None
    theme = "light"
    fit_width: Optional[float] = None  # the page's table width in CSS pixels; None: a picture that scales
    words = {"table": "Table", "table_desc": "Table", "hand": "Tile", "trains": {}}


def _session() -> GameSession:
    if _Page.session is None:
        raise BridgeError("no-game")
    return _Page.session


# --- setting up -----------------------------------------------------------------------------------------


def suggested_set_size(game: str, ruleset: str, players: int, sizes: list) -> Optional[int]:
    """The set the deal tables point to for this many players (003, 004), among the playable ``sizes``."""
    if not sizes:
        return None
    rules = Rules(game, ruleset)
    if game == MEXICAN_TRAIN:
        wanted = rules["set_size"] if rules["set_size"] != "auto" else deal_tables.MEXICAN_TRAIN_AUTO_SET.get(players)
    elif isinstance(rules["deal"], str) and rules["deal"] in deal_tables.CHICKEN_FOOT_TABLES:
        covering = [size for size, table in sorted(deal_tables.CHICKEN_FOOT_TABLES[rules["deal"]].items())
                    if players in table]
        wanted = covering[0] if covering else None
    else:
        wanted = 6 if players <= 3 else 9  # pagat: double-six for two or three players; double-nine is standard
    return wanted if wanted in sizes else sizes[0]


def game_setup(game: str = CHICKEN_FOOT, players: int = 4) -> dict:
    """Each rule set of ``game`` with the sets it can deal for ``players``, the suggested one, hand sizes."""
    try:
        game = canonical_game(game)
    except ConfigError as error:
        raise _refuse(error) from None
    low, high = PLAYER_RANGE[game]
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise BridgeError("players-out-of-range", str(players))
    rulesets = []
    for name, ruleset in RULE_SETS[game].items():
        sizes, hands = [], {}
        # a rule set that names its set (Mexican Train's double-six) offers only that one
        candidates = (ruleset.values["set_size"],) if "set_size" in ruleset.values else SET_SIZES
        for size in candidates:
            try:
                rules = Rules(game, name, set_size=size)
                rules.validate(players)
            except ConfigError:
                continue
            sizes.append(size)
            hands[str(size)] = rules.hand_size(players)
        rulesets.append({"name": name, "set_sizes": sizes, "hand_sizes": hands,
                         "suggested": suggested_set_size(game, name, players, sizes)})
    return {"game": game, "players": players, "player_range": [low, high], "rulesets": rulesets,
            "has_chicken_little": game == CHICKEN_FOOT, "rule_pages": dict(RULE_PAGES)}


def game_view(theme: str = "light", words: Optional[dict] = None, fit_width=None) -> dict:
    """How pictures look and what they say (the page's theme and translated words), and how wide the table
    may be drawn (``fit_width``, CSS pixels)."""
    if theme not in THEMES:
        raise BridgeError("bad-theme", str(theme))
    _Page.fit_width = checked_fit_width(fit_width)
    _Page.theme = theme
    if words is not None:
        if not isinstance(words, dict) or not all(isinstance(words.get(k), str) and words[k].strip()
                                                  for k in ("table", "table_desc", "hand")):
            raise BridgeError("bad-words")
        _Page.words = {"table": words["table"], "table_desc": words["table_desc"], "hand": words["hand"],
                       "trains": checked_names(words.get("trains"))}
    return {}


def game_new(game: str = CHICKEN_FOOT, ruleset: Optional[str] = None, players: int = 4, seed: int = 0,
             set_size=None, chicken_little: bool = False, options: Optional[dict] = None, log_since: int = 0) -> dict:
    """A new match against the computer. ``options`` are option overrides by name, as ``python -m engine
    rules`` lists them (a shared rules link's, e.g. ``{"double_blank": 25}``); ``set_size`` and
    ``chicken_little`` are the new-game form's own fields and win over the same options. The engine checks
    them all: a bad one is refused with the ConfigError's code and its params (``option``, ``value``)."""
    if options is None:
        options = {}
    if not isinstance(options, dict) or not all(isinstance(name, str) for name in options):
        raise BridgeError("bad-options", "options must be an object of name: value")
    overrides = dict(options)
    if set_size is not None:
        overrides["set_size"] = set_size
    if chicken_little:
        overrides["chicken_little"] = True
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        raise BridgeError("bad-seed", str(seed))
    try:
        rules = Rules(game, ruleset, **overrides)
        low, high = PLAYER_RANGE[rules.game]
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise BridgeError("players-out-of-range", str(players))
        _Page.session = GameSession(rules, players, seed)
    except ConfigError as error:
        raise _refuse(error) from None
    return state(log_since)


# --- playing --------------------------------------------------------------------------------------------


def state(log_since: int = 0) -> dict:
    data = _session().snapshot(log_since)
    data["pictures"] = _pictures(data)
    return {"state": data}


def game_state(log_since: int = 0) -> dict:
    return state(log_since)


def game_play(move: str, log_since: int = 0) -> dict:
    try:
        answer = _session().play(move)
    except SessionError as error:
        raise _refuse(error) from None
    return {"answer": answer, **state(log_since)}


def game_bot_step(log_since: int = 0, all: bool = False) -> dict:  # noqa: A002 - a JSON field name
    session = _session()
    moved = session.run_bots() if all else int(session.bot_step() is not None)
    return {"moved": moved, **state(log_since)}


def game_next_round(log_since: int = 0) -> dict:
    try:
        _session().next_round()
    except SessionError as error:
        raise _refuse(error) from None
    return state(log_since)


def game_hint() -> dict:
    try:
        return {"hint": _session().hint()}
    except SessionError as error:
        raise _refuse(error) from None


def game_undo(log_since: int = 0) -> dict:
    try:
        undone = _session().undo()
    except SessionError as error:
        raise _refuse(error) from None
    return {"undone": undone, **state(log_since)}


# --- saving and records ---------------------------------------------------------------------------------


def game_save() -> dict:
    return {"save": _session().save()}


def game_load(save, log_since: int = 0) -> dict:
    """Resume a save (an object or its JSON text); a bad one is refused with the record error's code."""
    try:
        _Page.session = GameSession.from_save(save)
    except RecordError as error:
        raise _refuse(error) from None
    return state(log_since)


def game_export() -> dict:
    return {"record": _session().record()}


def game_import(record, log_since: int = 0) -> dict:
    try:
        _Page.session = GameSession.from_record(record)
    except RecordError as error:
        raise _refuse(error) from None
    return state(log_since)


# --- pictures -------------------------------------------------------------------------------------------


def _pictures(data: dict) -> dict:
    words = _Page.words
    labels = train_labels(data["layout"], words["trains"])
    # the ends a tile of the human's could join are drawn as targets (a Mexican Train player's own train is not
    # an open end for everyone, yet it is one for its owner)
    targets = sorted({move["end"] for move in data["legal_moves"] if move["kind"] == "play"})
    last = [data["last_played"]["tile"]] if data["last_played"] else []
    table = render_table(data["layout"], _Page.fit_width, title=words["table"], desc=words["table_desc"],
                         highlight_ends=targets, highlight_tiles=last, labels=labels, theme=_Page.theme,
                         id_prefix="gt")
    hand = {"{}-{}".format(*pair): _tile_picture(tuple(pair), words["hand"], _Page.theme) for pair in data["hand"]}
    return {"table": table, "hand": hand}


@lru_cache(maxsize=512)
def _tile_picture(pair: tuple, title: str, theme: str) -> str:
    key = "{}-{}".format(*pair)
    return svg.render_hand([list(pair)], title=f"{title} {pair[0]}-{pair[1]}", desc=key, theme=theme,
                           id_prefix="h" + key.replace("-", "_"))


METHODS = {
    "game_setup": game_setup,
    "game_view": game_view,
    "game_new": game_new,
    "game_state": game_state,
    "game_play": game_play,
    "game_bot_step": game_bot_step,
    "game_next_round": game_next_round,
    "game_hint": game_hint,
    "game_undo": game_undo,
    "game_save": game_save,
    "game_load": game_load,
    "game_export": game_export,
    "game_import": game_import,
}

__all__ = ["HUMAN", "METHODS"]
