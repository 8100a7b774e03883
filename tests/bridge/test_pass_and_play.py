"""Pass-and-play: several people and computer players of chosen levels on one device.

Each person sees only their own hand, and only after saying it is them; the shared log holds only what every
player may know; undo is one's own last move, before the next person sees their hand; saves resume hidden.
"""

from __future__ import annotations

import json

import pytest

from engine import Rules
from engine import bridge
from engine.bridge.game_session import GameSession, SessionError
from engine.bridge.seats import Seats, SeatsError
from engine.errors import RecordError
from engine.levels import BeginnerBot
from engine.records import game_record, record_hash, replay_record
from engine.search import SearchBot
from engine.view import PlayerView

SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "computer", "level": "beginner"},
         {"kind": "human", "name": "Ben"}, {"kind": "computer", "level": "strong"}]


def session(seed=3, game="chicken-foot", seats=SEATS) -> GameSession:
    rules = Rules(game, "basic") if game == "chicken-foot" else Rules(game, "standard")  # boneyards to draw from
    made = GameSession(rules, len(seats), seed, seats=Seats.from_json(seats, len(seats)))
    for seat, bot in made.bots.items():  # keep the strong player quick in tests
        if isinstance(bot, SearchBot):
            made.bots[seat] = SearchBot(bot.seed, budget_ms=2)
    return made


def advance(game: GameSession) -> None:
    """Computers play until a person is to move (revealing nobody) or a round waits."""
    while game.round_over is None and not game.match.is_over and not game.is_human(game.match.turn):
        game.bot_step()


def humans_hand(game: GameSession, seat: int) -> list:
    """The hand the page should show: the round in play, or the finished one while its result is shown."""
    return [t.to_list() for t in PlayerView(game._shown_hand(), seat, game.match).hand]


def test_seats_mix_people_and_computer_players_of_each_level():
    game = session()
    assert game.seats.humans == [0, 2] and game.seats.pass_and_play
    assert isinstance(game.bots[1], BeginnerBot) and isinstance(game.bots[3], SearchBot)
    assert set(game.bots) == {1, 3}


def test_a_persons_hand_stays_hidden_until_they_say_it_is_them():
    game = session()
    advance(game)
    seat = game.match.turn
    hidden = game.snapshot()
    assert hidden["handoff"] == seat and hidden["viewer"] is None
    assert hidden["hand"] == [] and hidden["legal_moves"] == [] and not hidden["is_my_turn"]
    with pytest.raises(SessionError, match="hand-hidden"):
        game.play("draw")
    with pytest.raises(SessionError, match="hand-hidden"):
        game.hint()
    with pytest.raises(SessionError, match="not-their-turn"):
        game.reveal(2 - seat)
    game.reveal(seat)
    shown = game.snapshot()
    assert shown["handoff"] is None and shown["viewer"] == seat
    assert shown["hand"] == humans_hand(game, seat) and shown["legal_moves"]


def test_each_person_sees_only_their_own_hand_through_a_whole_match():
    game = session(seed=5)
    shown_to = set()
    for _ in range(10000):
        if game.match.is_over:
            break
        snapshot = game.snapshot()
        if snapshot["viewer"] is not None:
            assert snapshot["hand"] == humans_hand(game, snapshot["viewer"])
            shown_to.add(snapshot["viewer"])
        else:
            assert snapshot["hand"] == []
        for event in snapshot["log"]:
            if event["kind"] == "drew":
                assert event["tile"] is None  # nobody's drawn tile in the shared log, not even one's own
        if game.round_over is not None:
            game.next_round()
        elif game.handoff is not None:
            game.reveal(game.handoff)
        elif game.is_human(game.match.turn):
            assert game.play(snapshot["legal_moves"][0]["text"])["result"] == "played"
        else:
            game.bot_step()
    assert game.match.is_over and shown_to == {0, 2}


def test_the_private_log_gives_the_viewer_their_own_draws_only():
    game = session(seed=11, game="mexican-train")
    for _ in range(2000):
        snapshot = game.snapshot()
        drew = snapshot["private_log"]
        if drew:
            viewer = snapshot["viewer"]
            assert all(e["seat"] == viewer and e["round"] == game.match.round_index for e in drew)
            drawn = [entry[2].to_list() for entry in game.match.hand.log if entry[0] == "drew" and entry[1] == viewer]
            assert [e["tile"] for e in drew] == drawn
            return
        if game.round_over is not None:
            game.next_round()
        elif game.handoff is not None:
            game.reveal(game.handoff)
        elif game.is_human(game.match.turn):
            game.play(snapshot["legal_moves"][-1]["text"])  # draw when drawing is the only move
        else:
            game.bot_step()
    raise AssertionError("no person drew a tile")


def test_undo_is_ones_own_last_move_until_the_next_person_sees_their_hand():
    game = session(seed=3)
    advance(game)
    first = game.match.turn
    game.reveal(first)
    game.play(game.snapshot()["legal_moves"][0]["text"])
    advance(game)
    if game.round_over is not None:
        pytest.skip("the round ended at once")
    second = game.match.turn
    assert second != first and game.is_human(second)
    assert game.can_undo  # the device has not been passed on yet: the first person may still take it back
    game.reveal(second)
    assert not game.can_undo
    with pytest.raises(SessionError, match="nothing-to-undo"):
        game.undo()
    moves = len(game.match.moves)
    game.play(game.snapshot()["legal_moves"][0]["text"])
    advance(game)
    assert game.can_undo
    game.undo()
    assert len(game.match.moves) == moves and game.match.turn == second and game.viewer == second


def after_one_persons_move() -> GameSession:
    """A game where the first person to move has played, and the computers after them: the next person waits."""
    game = session(seed=4)
    advance(game)
    game.reveal(game.match.turn)
    game.play(game.snapshot()["legal_moves"][0]["text"])
    advance(game)
    return game


def test_a_saved_pass_and_play_game_resumes_with_every_hand_hidden():
    game = after_one_persons_move()
    save = json.loads(json.dumps(game.save()))
    assert save["seats"] == SEATS
    resumed = GameSession.from_save(save)
    assert resumed.seats == game.seats and resumed.log == game.log
    assert [str(m) for m in resumed.match.moves] == [str(m) for m in game.match.moves]
    assert resumed.viewer is None and resumed.snapshot()["hand"] == []


def test_an_exported_record_comes_back_with_its_people_and_levels_and_replays_anywhere():
    game = after_one_persons_move()
    record = json.loads(json.dumps(game.record()))
    assert record["seats"] == SEATS
    imported = GameSession.from_record(json.dumps(record))
    assert imported.seats == game.seats and imported.seats.names[2] == "Ben" and imported.viewer is None
    assert imported.snapshot()["hand"] == [] and imported.snapshot()["handoff"] == game.match.turn
    assert [str(m) for m in imported.match.moves] == [str(m) for m in game.match.moves]
    assert replay_record(record).moves == game.match.moves  # the CLI's replay reads it like any record


def test_seats_changed_by_hand_in_a_record_are_refused():
    game = session(seed=4)
    advance(game)
    record = game.record()
    record["seats"][1] = {"kind": "human", "name": "Mallory"}
    with pytest.raises(RecordError) as refused:
        GameSession.from_record(record)
    assert refused.value.code == "tampered"
    record["seats"] = [{"kind": "computer"}] * 4  # re-hashed, but no person left to play
    record["sha256"] = record_hash(record)
    with pytest.raises(RecordError) as refused:
        GameSession.from_record(record)
    assert refused.value.code == "bad-record"


def test_a_record_without_seats_imports_as_a_game_against_the_computer():
    game = session(seed=4)
    advance(game)
    imported = GameSession.from_record(game_record(game.match))  # as records were written before seats
    assert imported.seats == Seats.one_human(4, "careful") and imported.viewer == 0


def test_seats_are_checked():
    with pytest.raises(SeatsError, match="no-human"):
        Seats.from_json([{"kind": "computer"}, {"kind": "computer"}], 2)
    with pytest.raises(SeatsError, match="unknown-level"):
        Seats.from_json([{"kind": "human"}, {"kind": "computer", "level": "god"}], 2)
    with pytest.raises(SeatsError, match="bad-seats"):
        Seats.from_json([{"kind": "human"}], 2)
    long = Seats.from_json([{"kind": "human", "name": "  A " + "b" * 40}, {"kind": "computer"}], 2)
    assert long.names[0] == ("A " + "b" * 40)[:24] and long.levels[1] == "careful"


def call(method, **arguments):
    return json.loads(bridge.handle(method, json.dumps(arguments)))


def test_bridge_starts_pass_and_play_and_reveals_the_next_person():
    state = call("game_new", game="mexican-train", ruleset="double-six", players=3, seed=2,
                 seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "computer", "level": "casual"}])["state"]
    assert state["seats"][2] == {"kind": "computer", "level": "casual"}
    while state["handoff"] is None:
        state = call("game_bot_step")["state"]
    assert state["hand"] == [] and state["pictures"]["hand"] == {}
    revealed = call("game_reveal", seat=state["handoff"])["state"]
    assert revealed["viewer"] == state["handoff"] and revealed["hand"] and revealed["legal_moves"]
    assert call("game_reveal", seat=99)["error"] == "bad-seat"


def test_bridge_lists_the_levels_and_a_one_person_game_takes_a_level():
    levels = call("game_levels")
    assert [level["name"] for level in levels["levels"]] == ["beginner", "casual", "careful", "strong"]
    assert levels["default"] == "careful" and all(level["label"] and level["description"]
                                                   for level in levels["levels"])
    state = call("game_new", game="chicken-foot", ruleset="basic", players=3, seed=1, level="beginner")["state"]
    assert state["viewer"] == 0 and state["seats"][1] == {"kind": "computer", "level": "beginner"}
    assert call("game_new", level="grandmaster")["error"] == "unknown-level"
    assert call("game_new", players=2, seats=[{"kind": "computer"}, {"kind": "computer"}])["error"] == "no-human"


def test_a_save_from_before_seats_existed_resumes_as_a_one_person_game():
    game = GameSession(Rules("chicken-foot", "basic", set_size=6), 4, 3)
    game.run_bots()
    game.play(game.snapshot()["legal_moves"][0]["text"])
    save = game.save()
    del save["seats"]  # what the page saved until now, with a record without seats
    save["record"] = game_record(game.match)
    resumed = GameSession.from_save(json.dumps(save))
    assert resumed.seats == Seats.one_human(4, "careful") and resumed.viewer == 0
    assert resumed.snapshot() == game.snapshot()
