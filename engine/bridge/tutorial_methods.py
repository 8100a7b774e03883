"""The tutorial page's bridge methods (registered in ``engine.bridge.dispatch``): the lessons, one lesson
session per worker, and the parity helpers the tests and benchmarks use (a set's figures, a seeded record).
"""

from __future__ import annotations

from typing import Callable

from .. import svg, tiles
from ..bots import make_bot
from ..errors import EngineError
from ..match import Match
from ..options import Rules
from ..records import game_record
from ..rule_ids import RULE_PAGES
from .arguments import move_choice, text
from .errors import BridgeError
from .lessons import LESSONS
from .pictures import checked_fit_width, checked_names, render_table, train_labels
from .sentences import narrated
from .sentences import refusal as refusal_said
from .tutorial import LEARNER, LessonError, TutorialSession, lesson_by_id


def describe_set(highest: int = 9) -> dict:
    """How many tiles and pips a double-``highest`` set holds."""
    if isinstance(highest, bool) or highest not in tiles.SET_SIZES:
        raise BridgeError("bad-set-size", str(highest))
    return {"highest": highest, "tiles": tiles.set_count(highest), "pips": tiles.total_pips(highest),
            "tiles_per_number": tiles.tiles_per_number(highest)}


# --- the tutorial: one session per worker (one reader, one lesson at a time) --------------------------------

_session: dict = {}


def forget() -> None:
    """Drops the lesson in play: the worker is as a fresh start left it (``engine.bridge.forget``)."""
    _session.clear()


def lessons() -> dict:
    """Every lesson, in order, with its title msgid (the page translates it) and its group on the lesson map
    (its game for the rules lessons, ``playing-well`` for the strategy lessons), and the page of each rule id
    (the page links a refused move to ``<language>/<page>/#<rule id>``)."""
    return {"lessons": [{"id": lesson.id, "game": lesson.game, "group": lesson.map_group, "title": lesson.title}
                        for lesson in LESSONS],
            "rule_pages": dict(RULE_PAGES)}


def lesson_start(lesson_id: str, board_title: str, board_desc: str, fit_width=None, trains=None) -> dict:
    """Sets up lesson ``lesson_id`` afresh; ``board_title``/``board_desc`` are the page's translated words for
    the table picture's accessible name, ``fit_width`` the width (CSS pixels) the page has for the table,
    ``trains`` the names shown beside Mexican Train trains ({seat or "mx": text})."""
    words = {"title": text(board_title, "board_title"), "desc": text(board_desc, "board_desc"),
             "fit_width": checked_fit_width(fit_width), "trains": checked_names(trains)}
    try:
        session = TutorialSession(lesson_by_id(text(lesson_id, "lesson_id", 80)))
    except LessonError as error:
        raise BridgeError(error.code, lesson_id) from None
    # the session is kept only once its first state could be drawn: a refused start leaves the last one
    state = _lesson_state({"session": session, **words})
    _session.update(session=session, **words)
    return state


def lesson_move(move: str | dict, fit_width=None) -> dict:
    """Plays the learner's move (notation ``9-4@n``, ``draw``, ``pass``, ``end``); the answer says whether
    the rules or the lesson refused it, and why, and carries the new state."""
    _require_lesson()
    _session["fit_width"] = checked_fit_width(fit_width)
    session = _session["session"]
    answer = refusal_said(session.try_move(move_choice(move)))
    if "events" in answer:  # said as the game's log says them, the learner being "you"
        answer["events"] = [narrated(event, session.lesson.game, LEARNER) for event in answer["events"]]
    return {"answer": answer, **_lesson_state(_session)}


def lesson_view(fit_width=None) -> dict:
    """The lesson as it stands, its table drawn for a new width (the page was resized)."""
    _require_lesson()
    _session["fit_width"] = checked_fit_width(fit_width)
    return _lesson_state(_session)


def _require_lesson() -> None:
    if "session" not in _session:
        raise BridgeError("no-lesson")


def _lesson_state(current: dict) -> dict:
    session: TutorialSession = current["session"]
    state = session.state()
    layout = state["view"]["layout"]
    # Every end a tile could join is drawn as a target; the page marks the ones the chosen tile fits.
    state["board_svg"] = render_table(layout, current["fit_width"], title=current["title"], desc=current["desc"],
                                      highlight_ends=state["targets"], labels=train_labels(layout, current["trains"]),
                                      id_prefix="board")
    state["hand_svgs"] = {f"{a}-{b}": svg.render_hand([[a, b]], title=f"{a}-{b}", desc=f"{a}-{b}",
                                                       id_prefix=f"hand{a}x{b}")
                          for a, b in state["view"]["hand"]}
    return state


# --- parity: the same seeded match in CPython and in Pyodide -------------------------------------------------


def seeded_record(game: str, players: int, seed: int, bots: str = "greedy", ruleset: str | None = None) -> dict:
    """Plays a whole match between bots from ``seed`` and returns its game record (moves, result, sha256)."""
    try:
        rules = Rules(game, ruleset)
        match = Match(rules, players, seed)
        match.play_out([make_bot(bots, seed + seat) for seat in range(players)])
    except EngineError as error:
        raise BridgeError("bad-arguments", str(error)) from None
    return {"record": game_record(match)}


METHODS: dict[str, Callable[..., dict]] = {
    "describe_set": describe_set,
    "lessons": lessons,
    "lesson_start": lesson_start,
    "lesson_move": lesson_move,
    "lesson_view": lesson_view,
    "seeded_record": seeded_record,
}
