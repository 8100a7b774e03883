"""Every code the engine answers with comes with its sentence (engine/bridge/sentences.py): a refused move, a
save or record that cannot be loaded, how a match was decided, and each event of the log, whose values are
exactly the ones its sentence names. The page only says what it is sent, so these lists are checked here, in
Python, against the engine's own."""

from __future__ import annotations

import json
import re

import pytest

from engine import Match, Rules, make_bot
from engine.bridge import handle
from engine.bridge.game_methods import LOAD_ERROR_CODES
from engine.bridge.sentences import DECIDED_BY, LOAD_ERRORS, REFUSALS, narrated
from engine.errors import MESSAGES
from engine.events import Event

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# the tutorial refuses a move with codes of its own besides the rules' (engine/bridge/tutorial.py)
TUTORIAL_CODES = {"not-your-turn"}


def test_every_code_a_move_is_refused_with_has_one_sentence_and_no_sentence_is_left_over():
    assert set(REFUSALS) == set(MESSAGES) | TUTORIAL_CODES


def test_every_code_a_load_can_answer_has_a_sentence():
    assert [code for code in LOAD_ERROR_CODES if code not in LOAD_ERRORS] == []


def test_a_refused_save_is_answered_with_the_sentence_of_its_code():
    answer = json.loads(handle("game_load", json.dumps({"save": "{}"})))
    assert answer["ok"] is False
    assert answer["say"] == {"text": LOAD_ERRORS[answer["error"]], "params": {}}


def test_a_refused_move_is_answered_with_the_sentence_of_its_code_and_its_values():
    state = json.loads(handle("game_new", json.dumps({"seed": 1})))["state"]
    while not state["legal_moves"] or state["legal_moves"][0]["kind"] != "play":
        state = json.loads(handle("game_new", json.dumps({"seed": state["seed"] + 1})))["state"]
    tile = "-".join(map(str, state["legal_moves"][0]["tile"]))
    answer = json.loads(handle("game_play", json.dumps({"move": {"kind": "play", "tile": tile, "end": "zz"}})))["answer"]
    assert answer["result"] == "illegal"
    assert answer["say"] == {"text": REFUSALS[answer["code"]], "params": answer["message_params"]}


def _finished_hands(game: str, ruleset: str, players: int, seed: int):
    match = Match(Rules(game, ruleset), players, seed)
    bots = [make_bot("greedy") for _ in range(players)]
    hand = match.hand
    while not match.is_over:
        match.push(bots[match.turn].choose(match.view(match.turn)))
        if match.hand is not hand:
            yield hand
            hand = match.hand
    yield hand


@pytest.mark.parametrize("game, ruleset", [("chicken-foot", "basic"), ("chicken-foot", "kelley"),
                                           ("mexican-train", "standard")])
@pytest.mark.parametrize("reader", [0, None])  # one person at seat 0; pass-and-play, where nobody is "you"
def test_every_event_of_real_matches_is_narrated_with_exactly_the_values_its_sentence_names(game, ruleset, reader):
    silent = {"match_ended"} | ({"turn_ended"} if game == "chicken-foot" else set())
    kinds = set()
    for seed in range(3):
        for hand in _finished_hands(game, ruleset, 4, seed):
            for entry in hand.log:
                event = {**Event(*entry).to_dict(reader), "round": hand.round_index}
                say = narrated(event, game, reader, hand.round_index)["say"]
                kinds.add(event["kind"])
                if event["kind"] in silent:
                    assert say is None, event
                    continue
                assert say is not None, event
                assert set(PLACEHOLDER.findall(say["text"])) == set(say["params"]), (event, say)
                assert all(value is not None for value in say["params"].values()), (event, say)
    assert {"tile_played", "drew", "hand_started", "hand_ended"} <= kinds


def test_an_end_is_named_only_in_the_round_whose_table_the_page_has():
    event = {"kind": "tile_played", "seat": 1, "tile": [6, 4], "end": "n", "round": 0}
    assert "end" in narrated(event, "chicken-foot", 0, current_round=0)["say"]["params"]
    assert "end" not in narrated(event, "chicken-foot", 0, current_round=1)["say"]["params"]


def test_a_finished_match_says_how_it_was_decided():
    state = json.loads(handle("game_new", json.dumps({"seed": 2, "players": 2, "level": "greedy", "options": {
        "match_length": "to-total", "target_total": 20}})))
    assert state["ok"], state
    for _ in range(400):
        current = state["state"]
        if current["result"]:
            break
        if current["round_over"]:
            state = json.loads(handle("game_next_round", "{}"))
        elif current["is_my_turn"]:
            state = json.loads(handle("game_play", json.dumps({"move": current["legal_moves"][0]["text"]})))
        else:
            state = json.loads(handle("game_bot_step", json.dumps({"all": True})))
    result = state["state"]["result"]
    assert result["say"] == {"text": DECIDED_BY[result["decided_by"]], "params": {}}
