"""The game page's session: a match against computer players, undo, hints, saves and records."""

from __future__ import annotations

import json
import re

import pytest

from engine import Rules, RecordError
from engine import bridge
from engine.bridge.game_session import HUMAN, SAVE_VERSION, GameSession, SessionError
from engine.bridge.hint_reasons import REASONS


def small_session(game="chicken-foot", seed=3) -> GameSession:
    rules = Rules(game, "basic", set_size=6) if game == "chicken-foot" else Rules(game, "double-six")
    return GameSession(rules, 4, seed)


def play_to_the_end(session: GameSession) -> int:
    """The human always takes its first legal move; returns how many rounds were acknowledged."""
    rounds = 0
    for _ in range(5000):
        if session.match.is_over:
            return rounds
        if session.round_over is not None:
            session.next_round()
            rounds += 1
        elif session.match.turn == HUMAN:
            first = session.match.view(HUMAN).legal_moves()[0]
            assert session.play(str(first))["result"] == "played"
        else:
            session.run_bots()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", ["chicken-foot", "mexican-train"])
def test_a_whole_match_ends_with_winners_and_one_score_row_per_round(game):
    session = small_session(game)
    play_to_the_end(session)
    snapshot = session.snapshot()
    assert snapshot["result"]["winners"]
    assert len(snapshot["round_scores"]) == snapshot["rounds_planned"] == 7
    assert snapshot["totals"] == [sum(row[seat] for row in snapshot["round_scores"]) for seat in range(4)]
    assert snapshot["legal_moves"] == [] and not snapshot["can_undo"]


def play_until_a_round_is_scored(session: GameSession) -> None:
    while session.round_over is None:
        if session.match.turn == HUMAN:
            session.play(str(session.match.view(HUMAN).legal_moves()[0]))
        else:
            session.bot_step()


def test_computer_players_wait_while_a_finished_round_is_shown():
    session = small_session()
    play_until_a_round_is_scored(session)
    moves = len(session.match.moves)
    assert session.bot_step() is None and session.run_bots() == 0
    with pytest.raises(SessionError, match="round-over"):
        session.play("draw")
    assert session.round_over["round"] == 1
    session.next_round()
    assert len(session.match.moves) == moves and session.round_over is None


@pytest.mark.parametrize("ruleset", ["basic", "kelley"])  # Kelley: players draw for first play at the deal
def test_a_finished_round_is_shown_as_it_ended_until_the_reader_asks_for_the_next(ruleset):
    session = GameSession(Rules("chicken-foot", ruleset, set_size=6 if ruleset == "basic" else 9), 4, 3)
    play_until_a_round_is_scored(session)
    shown = session.snapshot()
    finished = session.match.last_finished_hand
    # the status and the panel speak of the same round: the one that ended, with its own table and tiles
    assert shown["round"] == 0 and shown["round_over"]["round"] == 1
    assert shown["layout"] == finished.layout_dict()
    assert shown["hand"] == [tile.to_list() for tile in finished.hand_of(HUMAN)]
    assert shown["legal_moves"] == [] and not shown["is_my_turn"] and not shown["can_undo"]
    # nothing of the next round, already dealt by the match, reaches the page: not even its opening events
    assert {event["round"] for event in shown["log"]} == {0}
    assert shown["log"][-1]["kind"] == "hand_ended" and shown["log_length"] == len(shown["log"])
    session.next_round()
    dealt = session.snapshot(log_since=shown["log_length"])
    assert dealt["round"] == 1 and dealt["round_over"] is None
    assert dealt["log"][0]["kind"] == "hand_started" and {event["round"] for event in dealt["log"]} == {1}


def test_undo_never_reopens_a_scored_round():
    session = small_session()
    play_until_a_round_is_scored(session)
    assert not session.can_undo
    with pytest.raises(SessionError, match="nothing-to-undo"):
        session.undo()
    session.next_round()
    session.run_bots()
    assert not session.can_undo  # no move of the reader's in the new round yet
    session.play(str(session.match.view(HUMAN).legal_moves()[0]))
    assert session.can_undo
    session.undo()
    assert len(session.match.round_scores) == 1 and session.match.turn == HUMAN


def test_a_computer_lays_its_whole_first_mexican_train_in_one_step():
    session = GameSession(Rules("mexican-train", "standard"), 8, 2)
    first_trains = 0
    while session.bot_to_move:
        seat = session.match.turn
        on_first_turn = session.match.hand.first_turn[seat]
        assert session.snapshot()["bot_first_train"] == on_first_turn
        step = session.bot_step()
        if on_first_turn:
            first_trains += 1
            assert not session.match.hand.first_turn[seat] and session.match.turn != seat, step
    assert first_trains >= 1 and session.match.turn == HUMAN


def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing():
    session = small_session()
    session.run_bots()
    before = len(session.match.moves)
    hand = session.match.view(HUMAN).hand
    legal_tiles = {m.tile for m in session.match.view(HUMAN).legal_moves() if m.tile}
    unplayable = next((tile for tile in hand if tile not in legal_tiles), None)
    if unplayable is None:
        pytest.skip("every tile of this hand plays")
    answer = session.play(f"{unplayable}@n")
    assert answer["result"] == "illegal" and answer["rule_id"].startswith("cf-")
    assert session.play("nonsense")["result"] == "invalid"
    assert len(session.match.moves) == before


def test_the_human_cannot_move_for_a_computer_player():
    session = small_session()
    session.run_bots()
    session.play(str(session.match.view(HUMAN).legal_moves()[0]))
    if session.match.turn != HUMAN:
        with pytest.raises(SessionError, match="not-your-turn"):
            session.play("draw")


def test_undo_takes_back_the_human_move_and_the_computer_answers_after_it():
    session = small_session()
    session.run_bots()
    moves_before = len(session.match.moves)
    view = session.match.view(HUMAN)
    hand_before = sorted(map(str, view.hand))
    log_before = list(session.log)
    move = str(view.legal_moves()[0])
    session.play(move)
    session.run_bots()
    assert session.can_undo
    undone = session.undo()
    assert undone >= 1
    assert len(session.match.moves) == moves_before
    assert sorted(map(str, session.match.view(HUMAN).hand)) == hand_before
    assert session.log == log_before
    assert session.match.turn == HUMAN


def test_undo_before_any_human_move_is_refused():
    session = small_session(seed=5)
    with pytest.raises(SessionError, match="nothing-to-undo"):
        session.undo()


def test_hint_names_a_legal_move_and_a_reason():
    session = small_session()
    session.run_bots()
    advice = session.hint()
    legal = {str(m) for m in session.match.view(HUMAN).legal_moves()}
    assert advice["move"] in legal
    assert advice["reason"] in REASONS and advice["template"] == REASONS[advice["reason"]]


def test_hint_while_the_starting_double_waits_for_its_arms_says_so():
    session = small_session()  # seed 3: the human opens the first round, the starting double's arms empty
    assert session.match.turn == HUMAN and session.match.hand.pending
    advice = session.hint()
    assert advice["reason"] == "toe" and advice["params"]["number"] == session.match.hand.root


def test_a_save_resumes_the_same_position_and_log():
    session = small_session()
    session.run_bots()
    for _ in range(3):
        session.play(str(session.match.view(HUMAN).legal_moves()[0]))
        session.run_bots()
        if session.round_over:
            break
    saved = json.dumps(session.save())
    resumed = GameSession.from_save(saved)
    assert resumed.snapshot() == session.snapshot()


@pytest.mark.parametrize("damage, code", [
    (lambda save: {**save, "version": SAVE_VERSION + 1}, "newer-version"),
    (lambda save: {**save, "format": "something-else"}, "wrong-format"),
    (lambda save: {**save, "record": {**save["record"], "moves": save["record"]["moves"][:-1]}}, "tampered"),
    (lambda save: "{not json", "not-json"),
])
def test_an_old_foreign_or_damaged_save_is_refused_with_a_code(damage, code):
    session = small_session()
    session.run_bots()
    session.play(str(session.match.view(HUMAN).legal_moves()[0]))
    damaged = damage(session.save())
    with pytest.raises(RecordError) as caught:
        GameSession.from_save(damaged if isinstance(damaged, str) else json.dumps(damaged))
    assert caught.value.code == code


def test_an_exported_record_imports_to_the_same_game():
    session = small_session("mexican-train")
    play_to_the_end(session)
    imported = GameSession.from_record(json.dumps(session.record()))
    assert imported.snapshot()["result"] == session.snapshot()["result"]
    assert imported.log == session.log


def call(method, **arguments):
    return json.loads(bridge.handle(method, json.dumps(arguments)))


def test_bridge_new_game_answers_a_state_with_pictures_of_table_and_hand():
    answer = call("game_new", game="chicken-foot", ruleset="basic", players=4, seed=1, set_size=6)
    assert answer["ok"]
    state = answer["state"]
    assert state["pictures"]["table"].startswith("<svg")
    assert set(state["pictures"]["hand"]) == {f"{a}-{b}" for a, b in state["hand"]}


def test_bridge_refuses_bad_setups_with_stable_codes():
    assert call("game_new", game="chess")["error"] == "unknown-game"
    assert call("game_new", game="chicken-foot", players=99)["error"] == "players-out-of-range"
    assert call("game_new", game="chicken-foot", ruleset="pagat", players=4, set_size=6)["error"] == "deal-not-covered"
    assert call("game_new", game="chicken-foot", seed=-1)["error"] == "bad-seed"
    assert call("game_load", save="{}")["error"] == "wrong-format"
    assert call("game_import", record="[]")["error"] == "not-an-object"


def test_setup_suggests_a_set_the_deal_tables_cover():
    setup = call("game_setup", game="chicken-foot", players=4)
    by_name = {entry["name"]: entry for entry in setup["rulesets"]}
    assert by_name["pagat"]["set_sizes"] == [9, 12] and by_name["pagat"]["suggested"] == 9
    # Kelley's one figure is for double-12, but his deal is Puremco's elsewhere: the smallest set that deals
    assert by_name["kelley"]["hand_sizes"] == {"9": 11, "12": 15} and by_name["kelley"]["suggested"] == 9
    assert by_name["pagat"]["hand_sizes"]["9"] == 11
    assert call("game_setup", game="chicken-foot", players=3)["rulesets"][0]["suggested"] == 6
    mexican = {e["name"]: e for e in call("game_setup", game="mexican-train", players=5)["rulesets"]}
    assert mexican["standard"]["suggested"] == 12 and mexican["double-six"]["set_sizes"] == []


def test_bridge_log_since_sends_only_new_events():
    first = call("game_new", game="mexican-train", ruleset="double-six", players=4, seed=2)["state"]
    later = call("game_bot_step", log_since=first["log_length"], all=True)["state"]
    assert later["log_start"] == first["log_length"]
    assert len(later["log"]) == later["log_length"] - first["log_length"]


def test_the_last_tile_laid_is_outlined_on_the_table():
    fresh = call("game_new", game="chicken-foot", ruleset="basic", players=4, seed=3, set_size=6)["state"]
    assert fresh["last_played"] is None and 'class="dm-hl"' not in fresh["pictures"]["table"]
    move = next(m for m in fresh["legal_moves"] if m["kind"] == "play")
    played = call("game_play", move=move["text"])["state"]
    assert played["last_played"]["seat"] == HUMAN and played["last_played"]["tile"] == move["tile"]
    assert 'class="dm-hl"' in played["pictures"]["table"]


def test_the_table_is_drawn_for_the_width_the_page_gives_and_a_bad_width_is_refused():
    wide = call("game_view", theme="light", fit_width=1000)
    assert wide["ok"]
    state = call("game_new", game="mexican-train", ruleset="standard", players=8, seed=6)["state"]
    assert 'data-tile-px="' in state["pictures"]["table"]
    call("game_bot_step", all=True)
    width_of = lambda svg: float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))  # noqa: E731
    assert width_of(call("game_state")["state"]["pictures"]["table"]) <= 1000
    assert call("game_view", theme="light", fit_width=360)["ok"]
    assert width_of(call("game_state")["state"]["pictures"]["table"]) <= 360
    for bad in (True, "360", 50, 10**6):
        assert call("game_view", theme="light", fit_width=bad)["error"] == "bad-fit-width"
