"""One sample call for every method of the browser bridge (``engine.bridge.dispatch.METHODS``).

This table is the one place that says how each method is called. It is used twice:

- at build time, ``scripts/trim_python.mjs`` runs it inside Pyodide to see which standard-library modules
  the engine really imports, and again under the trimmed runtime to prove nothing needed was left out;
- ``tests/runtime/test_trimmed_runtime.py`` runs it under the trimmed runtime the site ships.

A bridge method without a sample here fails the build and the tests: when you add a method to the bridge,
add its sample below, in the order a page would make the call.

Each step is ``(method, arguments)``; ``arguments`` is a JSON-able dict, or a function of ``(answers, call)``
that returns one: ``answers`` holds the last answer of each method so far, ``call(method, arguments)`` makes
an extra call when a sample needs the game moved on first. This module imports only ``json`` and the bridge,
so running it adds nothing to the trace that the engine itself would not import.
"""

from __future__ import annotations

import json

WORDS = {"table": "Table", "table_desc": "The table", "hand": "Tile", "trains": {"mx": "Mexican train"}}
SHEET = {"rules": {"game": "chicken-foot", "ruleset": "kelley", "options": {"double_blank": 25}},
         "players": ["Ana", "Jean", "Dita"],
         "rounds": [{"hands": ["0", "14", "31"], "out": 0, "on_double": True},
                    {"hands": [["5-3", "0-0"], [], ["9-1"]], "out": 1, "on_double": False}]}


def _at_human_turn(answers, call) -> dict:
    """No arguments, once the computers have played up to the human's turn."""
    call("game_bot_step", {"all": True})
    return {}


def _human_move(answers, call) -> dict:
    """The move the engine suggests to the human, at the human's turn."""
    return {"move": call("game_hint", _at_human_turn(answers, call))["hint"]["move"]}


def _handed_over(answers, call) -> dict:
    """The seat of the person the device is handed to, once the computers have played up to them."""
    state = call("game_bot_step", {"all": True})["state"]
    return {"seat": state["handoff"]}


def _finish_round(answers, call) -> dict:
    """Plays the current round to its end (the human takes the hints), so the next round may start."""
    for _ in range(2000):
        state = call("game_bot_step", {"all": True})["state"]
        if state["round_over"] is not None or state["result"] is not None:
            return {}
        call("game_play", {"move": call("game_hint", {})["hint"]["move"]})
    raise AssertionError("the sample round did not end")


def _people_at_round_end(answers, call) -> dict:
    """A game of two people on one device played to the round's end (each lays their last listed move), for
    the review's hand-over."""
    call("game_new", {"game": "chicken-foot", "players": 2, "seed": 4, "set_size": 6,
                      "seats": [{"kind": "human"}, {"kind": "human"}]})
    for _ in range(2000):
        state = call("game_state", {})["state"]
        if state["round_over"] is not None or state["result"] is not None:
            return {}
        if state["handoff"] is not None:
            call("game_reveal", {"seat": state["handoff"]})
        else:
            call("game_play", {"move": state["legal_moves"][-1]["text"]})
    raise AssertionError("the sample round did not end")


SAMPLES: list[tuple[str, object]] = [
    # the tutorial page
    ("lessons", {}),
    ("lesson_start", {"lesson_id": "cf-set", "board_title": "Table", "board_desc": "The table"}),
    ("lesson_move", {"move": "9-4@n", "fit_width": 360}),
    ("lesson_view", {"fit_width": 1200}),
    ("describe_set", {"highest": 12}),
    ("seeded_record", {"game": "mexican-train", "players": 3, "seed": 14}),
    # the game page
    ("game_setup", {"game": "mexican-train", "players": 4}),
    ("game_view", {"theme": "dark", "words": WORDS, "fit_width": 360}),
    ("game_new", {"game": "mexican-train", "players": 2, "seed": 5}),
    ("game_state", {"log_since": 0}),
    ("game_bot_step", {}),
    ("game_hint", _at_human_turn),
    ("game_play", _human_move),
    ("game_undo", {}),
    ("game_save", {}),
    ("game_load", lambda answers, call: {"save": answers["game_save"]["save"]}),
    ("game_export", {}),
    ("game_import", lambda answers, call: {"record": answers["game_export"]["record"]}),
    ("game_next_round", _finish_round),
    # the round review of the round just finished, then its summary
    ("review_round", {"seat": 0, "samples": 8}),
    ("review_cancel", {}),
    ("review_summary", {"seat": 0}),
    # levels, and a pass-and-play game: two people and a strong computer, the device handed over
    ("game_levels", {}),
    ("game_new", {"game": "chicken-foot", "players": 3, "seed": 8,
                  "seats": [{"kind": "human", "name": "Ana"}, {"kind": "computer", "level": "strong"},
                            {"kind": "human", "name": "Jean"}]}),
    ("game_reveal", _handed_over),
    ("review_hand_over", _people_at_round_end),
    # the score keeper: a sheet of two rounds, one typed and one tapped, then a round being entered
    ("scores_sheet", {"sheet": SHEET}),
    ("scores_round", {"sheet": SHEET, "index": 2, "entry": {"hands": ["12", None, ["0-0", "6-2"]], "out": None}}),
    ("scores_export", {"sheet": SHEET}),
    ("scores_import", lambda answers, call: {"text": json.dumps(answers["scores_export"]["file"])}),
]


class SampleFailure(AssertionError):
    """A sample call did not answer ``ok``, or a bridge method has no sample."""


def missing_samples(methods) -> list[str]:
    """The bridge methods this table has no sample for."""
    sampled = {method for method, _ in SAMPLES}
    return sorted(set(methods) - sampled)


def run(handle, methods) -> dict[str, dict]:
    """Makes every sample call through ``handle(method, arguments_json)`` (the bridge's one entry point) and
    returns the last answer of each method; raises ``SampleFailure`` on a missing sample or a refused call."""
    missing = missing_samples(methods)
    if missing:
        raise SampleFailure(f"no sample call for bridge method(s) {', '.join(missing)}: add one to "
                            f"scripts/bridge_samples.py")
    answers: dict[str, dict] = {}

    def call(method: str, arguments: dict) -> dict:
        answer = json.loads(handle(method, json.dumps(arguments)))
        if not answer.get("ok"):
            raise SampleFailure(f"{method}({arguments}) was refused: {answer}")
        return answer

    for method, arguments in SAMPLES:
        if callable(arguments):
            arguments = arguments(answers, call)
        answers[method] = call(method, arguments)
    return answers
