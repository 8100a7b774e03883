"""The game page's bridge methods (registered in ``engine.bridge.dispatch``): JSON-able arguments in, plain data
out. One worker runs one game, so the session lives here between calls.

Pictures are drawn here, by ``engine.svg``, so the page only inserts them: the table as the human sees it
(open ends drawn as rings the page makes clickable), laid out for the width the page has for it
(``fit_width``, CSS pixels, sent with ``game_view`` and again whenever the page is resized), and each tile of
the human's hand. Every word in a picture (title, description, train labels) comes from the page, already
translated.

Levels, hints and pass-and-play (every answer with a state carries it as ``state``):

- ``game_levels()`` → ``{"levels": [{"name", "label", "description"}], "default"}``, weakest first; ``label``
  and ``description`` are English msgids of the ui catalog (``t(level.label)``).
- ``game_new(..., level="careful")``: the reader at seat 0, every other seat a computer of that level; or
  ``game_new(..., seats=[{"kind": "human", "name": "Ana"}, {"kind": "computer", "level": "strong"}, ...])``,
  one entry per player, any mix with at least one person (``seats.py``). Refusals: ``bad-seats``,
  ``no-human``, ``unknown-level``.
- The state adds ``seats`` (that list), ``viewer`` (the seat whose hand is shown, or null), ``handoff`` (the
  person to move whose hand is still hidden, or null: show "pass the device to …" and a button that calls
  ``game_reveal``) and ``private_log`` (pass-and-play: the viewer's own draws this round, ``{"kind": "drew",
  "seat", "tile", "round"}``; the shared ``log`` never shows a drawn tile then). While ``handoff`` is set,
  ``hand`` and ``legal_moves`` are empty and the pictures have no hand. ``human`` is the viewer (or the first
  person) for pages written for one person.
- ``game_reveal(seat, log_since=0)``: the person at ``seat`` (the one to move) has the device; refusals
  ``bad-seat``, ``not-their-turn``. ``game_play`` and ``game_hint`` refuse ``hand-hidden`` before it.
- ``game_undo``: the viewer's own last move and the computer moves after it, until the next person's hand is
  revealed (``can_undo`` says whether it is possible now).
- ``game_hint()`` → ``{"hint": {"move", "reason", "params", "template"}}``: the strong level's move within its
  budget; ``template`` is the English sentence (a ui msgid) for ``t(template, values)``, with the values of
  ``params`` as words: ``tile``/``kept`` tile names, ``number`` a number's name, ``player`` a player's seat
  (say their name), ``points`` a number (``hint_reasons.py`` lists every reason).
- ``game_save`` includes the seats; ``game_load`` resumes a pass-and-play game with every hand hidden.
  ``game_import(record, seats=None)`` takes the seats like ``game_new``; ``game_export``'s record carries the
  round reviews' summaries (``review``), which ``game_import`` brings back (``review_left_out`` if it could not).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from .. import deal_tables, svg
from ..errors import ConfigError, RecordError
from ..match import MAX_SEED
from ..options import CHICKEN_FOOT, MEXICAN_TRAIN, RULE_SETS, Rules, canonical_game
from ..rule_ids import RULE_PAGES
from ..tiles import SET_SIZES
from .arguments import flag, move_choice, optional_text, text, whole
from .errors import BridgeError
from .errors import refusal as _refuse
from .game_session import HUMAN, GameSession, SessionError
from .pictures import checked_fit_width, checked_names, render_table, train_labels
from .seats import DEFAULT_LEVEL, Seats, SeatsError, levels_info
from .sentences import load_error
from .sentences import refusal as refusal_said

PLAYER_RANGE = {CHICKEN_FOOT: (2, 8), MEXICAN_TRAIN: (2, 8)}  # what the page's table can show legibly
# Every code game_load and game_import refuse a save or record with; the page has a sentence for each
# (sentences.LOAD_ERRORS, sent with the refusal; tests/bridge/test_sentences.py checks each has one).
LOAD_ERROR_CODES = (
    "not-json", "too-large", "too-deep", "number-too-large", "not-an-object", "wrong-format", "newer-version",
    "bad-version", "tampered", "bad-record", "game-mismatch", "bad-rules", "bad-seed", "bad-start",
    "illegal-move", "result-mismatch", "outside-limits",
)
THEMES = ("light", "dark")
MAX_TRAIN_LABELS = 32


class _Page:
    """What one page set up: the session, the theme and the translated words for pictures (the class holds the
    defaults; ``_page`` what the page set, which ``forget`` drops)."""

    session: Optional[GameSession] = None
    theme = "light"
    fit_width: Optional[float] = None  # the page's table width in CSS pixels; None: a picture that scales
    words = {"table": "Table", "table_desc": "Table", "hand": "Tile", "trains": {}}


_page = _Page()


def forget() -> None:
    """Drops the game and the page's words: the worker is as a fresh start left it (``engine.bridge.forget``)."""
    vars(_page).clear()


def _session() -> GameSession:
    if _page.session is None:
        raise BridgeError("no-game")
    return _page.session


# --- setting up -----------------------------------------------------------------------------------------


def suggested_set_size(game: str, ruleset: str, players: int, sizes: list) -> Optional[int]:
    """The set the deal tables point to for this many players (003, 004), among the playable ``sizes``."""
    if not sizes:
        return None
    rules = Rules(game, ruleset)
    if game == MEXICAN_TRAIN:
        wanted = rules["set_size"] if rules["set_size"] != "auto" else deal_tables.MEXICAN_TRAIN_AUTO_SET.get(players)
    elif isinstance(rules["deal"], str) and rules["deal"] in deal_tables.CHICKEN_FOOT_TABLES:
        # the deal as dealt (Kelley's one figure, Puremco's table elsewhere), so a link without a set gets
        # the same set on the play page as in the score keeper and the embed frame
        covering = [size for size in SET_SIZES if players in deal_tables.chicken_foot_table(rules["deal"], size)]
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
        raise BridgeError("players-out-of-range", str(players)[:20])
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
            "rule_pages": dict(RULE_PAGES)}


def game_view(theme: str = "light", words: Optional[dict] = None, fit_width=None) -> dict:
    """How pictures look and what they say (the page's theme and translated words), and how wide the table
    may be drawn (``fit_width``, CSS pixels)."""
    if not isinstance(theme, str) or theme not in THEMES:
        raise BridgeError("bad-theme", str(theme)[:20])
    fit_width = checked_fit_width(fit_width)
    if words is not None:
        if not isinstance(words, dict) or not all(isinstance(words.get(k), str) and words[k].strip()
                                                  for k in ("table", "table_desc", "hand")):
            raise BridgeError("bad-words")
        trains = words.get("trains") or {}
        if not isinstance(trains, dict) or len(trains) > MAX_TRAIN_LABELS:
            raise BridgeError("bad-words", "trains must be an object of seat: label")
        words = {key: text(words[key], f"words.{key}") for key in ("table", "table_desc", "hand")}
        words["trains"] = {key: text(label, f"words.trains.{key}") for key, label in trains.items()
                           if text(label, f"words.trains.{key}").strip()}
        _page.words = words
    _page.theme = theme
    _page.fit_width = fit_width
    return {}


def game_levels() -> dict:
    """The computer players' levels, weakest first: ``{"levels": [{"name", "label", "description"}],
    "default": name}``; ``label`` and ``description`` are English msgids of the ui catalog."""
    return {"levels": levels_info(), "default": DEFAULT_LEVEL}


def game_new(game: str = CHICKEN_FOOT, ruleset: Optional[str] = None, players: int = 4, seed: int = 0,
             set_size=None, options: Optional[dict] = None, log_since: int = 0,
             level: str = DEFAULT_LEVEL, seats: Optional[list] = None) -> dict:
    """A new match. ``seats`` (one entry per player, see ``seats.py``) mixes people and computer players of
    any level; without it, the reader sits at seat 0 against computer players of ``level``. ``options`` are
    option overrides by name, as ``python -m engine rules`` lists them (a shared rules link's, e.g.
    ``{"double_blank": 25}``, or the new-game form's boxes: ``{"chicken_little": true}``); ``set_size`` is the
    form's own field and wins over the same option. The engine checks them all: a bad one is refused with the ConfigError's code and
    its params (``option``, ``value``)."""
    if options is None:
        options = {}
    if not isinstance(options, dict) or not all(isinstance(name, str) for name in options):
        raise BridgeError("bad-options", "options must be an object of name: value")
    overrides = dict(options)
    if set_size is not None:
        overrides["set_size"] = whole(set_size, "set_size", 0, 100)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BridgeError("bad-seed", str(seed)[:20])
    log_since = whole(log_since, "log_since")
    try:
        rules = Rules(text(game, "game"), optional_text(ruleset, "ruleset"), **overrides)
        low, high = PLAYER_RANGE[rules.game]
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise BridgeError("players-out-of-range", str(players)[:20])
        chosen = Seats.from_json(seats, players) if seats is not None else Seats.one_human(players, level)
        _page.session = GameSession(rules, players, seed, seats=chosen)
    except (ConfigError, SeatsError) as error:
        raise _refuse(error) from None
    return state(log_since)


# --- playing --------------------------------------------------------------------------------------------


def state(log_since: int = 0) -> dict:
    data = _session().snapshot(whole(log_since, "log_since"))
    data["pictures"] = _pictures(data)
    return {"state": data}


def game_state(log_since: int = 0) -> dict:
    return state(log_since)


def game_play(move: str | dict, log_since: int = 0) -> dict:
    whole(log_since, "log_since")
    try:
        answer = refusal_said(_session().play(move_choice(move)))
    except SessionError as error:
        raise _refuse(error) from None
    return {"answer": answer, **state(log_since)}


def game_bot_step(log_since: int = 0, all: bool = False) -> dict:  # noqa: A002 - a JSON field name
    session = _session()
    whole(log_since, "log_since")
    moved = session.run_bots() if flag(all, "all") else int(session.bot_step() is not None)
    return {"moved": moved, **state(log_since)}


def game_next_round(log_since: int = 0) -> dict:
    whole(log_since, "log_since")
    try:
        _session().next_round()
    except SessionError as error:
        raise _refuse(error) from None
    return state(log_since)


def game_reveal(seat: int, log_since: int = 0) -> dict:
    """Pass-and-play: the person at ``seat`` has the device; the state then shows their hand."""
    whole(log_since, "log_since")
    try:
        _session().reveal(seat)
    except SessionError as error:
        raise _refuse(error) from None
    return state(log_since)


def game_hint() -> dict:
    try:
        return {"hint": _session().hint()}
    except SessionError as error:
        raise _refuse(error) from None


def game_undo(log_since: int = 0) -> dict:
    whole(log_since, "log_since")
    try:
        undone = _session().undo()
    except SessionError as error:
        raise _refuse(error) from None
    return {"undone": undone, **state(log_since)}


# --- saving and records ---------------------------------------------------------------------------------


def game_save() -> dict:
    return {"save": _session().save()}


def within_page_limits(rules: Rules, players: int) -> None:
    """Refuse a save or record the page could not have made: more or fewer players than its table shows. Every
    option is within the page's reach, since a rules link (house-rules page) sets any of them, up to what the
    engine can deal; refusing those would lose the reader's own game on a reload."""
    low, high = PLAYER_RANGE[rules.game]
    if not low <= players <= high:
        raise RecordError(f"this page plays {low} to {high} players, not {players}", "outside-limits")


def game_load(save, log_since: int = 0) -> dict:
    """Resume a save (an object or its JSON text); a bad one is refused with the record error's code."""
    whole(log_since, "log_since")
    try:
        _page.session = GameSession.from_save(save, admit=within_page_limits)
    except RecordError as error:
        raise _load_refusal(error) from None
    return state(log_since)


def _load_refusal(error: RecordError) -> BridgeError:
    """A save or record refused, with the page's sentence for why (``sentences.LOAD_ERRORS``)."""
    refused = _refuse(error)
    refused.say = load_error(refused.code)
    return refused


def game_export() -> dict:
    return {"record": _session().record()}


def game_import(record, log_since: int = 0, seats: Optional[list] = None) -> dict:
    """A session at the end of an exported record; ``seats`` as for ``game_new`` (default: one reader). The
    record's review summaries come with it; a damaged or newer one is left out, the game imported all the same,
    and the answer says why (``review_left_out``: ``review-damaged`` or ``review-newer``)."""
    whole(log_since, "log_since")
    try:
        _page.session = GameSession.from_record(record, admit=within_page_limits, seats=seats)
    except RecordError as error:
        raise _load_refusal(error) from None
    answer = state(log_since)
    if _page.session.review_left_out is not None:
        answer["review_left_out"] = _page.session.review_left_out
    return answer


# --- pictures -------------------------------------------------------------------------------------------


def _pictures(data: dict) -> dict:
    words = _page.words
    labels = train_labels(data["layout"], words["trains"])
    # the ends a tile of the human's could join are drawn as targets (a Mexican Train player's own train is not
    # an open end for everyone, yet it is one for its owner)
    targets = sorted({move["end"] for move in data["legal_moves"] if move["kind"] == "play"})
    last = [data["last_played"]["tile"]] if data["last_played"] else []
    table = render_table(data["layout"], _page.fit_width, title=words["table"], desc=words["table_desc"],
                         highlight_ends=targets, highlight_tiles=last, labels=labels, theme=_page.theme,
                         id_prefix="gt")
    hand = {"{}-{}".format(*pair): _tile_picture(tuple(pair), words["hand"], _page.theme) for pair in data["hand"]}
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
    "game_levels": game_levels,
    "game_reveal": game_reveal,
    "game_undo": game_undo,
    "game_save": game_save,
    "game_load": game_load,
    "game_export": game_export,
    "game_import": game_import,
}

__all__ = ["HUMAN", "LOAD_ERROR_CODES", "METHODS"]
