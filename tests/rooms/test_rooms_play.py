"""A whole room played over real WebSockets: three seats (two people, one computer), each seat's messages
checked against every other seat's hidden tiles, a dropped player back with their token, a restart."""

from __future__ import annotations

import json
import sqlite3
import time
import urllib.request

from rooms_client import COMPUTER, HUMAN, Player, create_room, join_room

from engine import records
from engine.match import Match
from engine.moves import Move
from engine.rooms.sentences import PHRASES


def _seat_three(running, players, seats=(HUMAN, HUMAN, COMPUTER)):
    server = running()
    host, guest = players(server.url, 2)
    joined = create_room(host, list(seats), name="Grann", lang="ht")
    assert joined["type"] == "joined" and joined["seat"] == 0 and joined["host"] is True
    assert joined["phrases"] == PHRASES and list(joined["phrases"])[0] == "hello"  # the buttons, in their order
    assert join_room(guest, joined["code"].lower(), "Jo")["seat"] == 1  # the shown code, as typed
    host.send(type="start")
    return server, host, guest


def _play(people: list[Player], until, timeout: float = 30.0) -> None:
    """Each person plays the first legal move of their latest view until ``until(view)`` holds for everyone."""
    deadline = time.monotonic() + timeout
    played = set()
    while time.monotonic() < deadline:
        for person in people:
            person.recv(0.02)
        views = [p.latest_view() for p in people]
        if all(v is not None and until(v) for v in views):
            return
        for person, view in zip(people, views):
            if view and view["legal_moves"] and (person.seat, view["table"]["round"],
                                                 view["table"]["event_count"]) not in played:
                played.add((person.seat, view["table"]["round"], view["table"]["event_count"]))
                person.send(type="play", move=view["legal_moves"][0])
    raise AssertionError("the room did not get there in time")


def _round_over(view) -> bool:
    return view["round_result"] is not None


def _stored(db: str, code: str) -> dict:
    with sqlite3.connect(db) as connection:
        return json.loads(connection.execute("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()[0])


def _hidden_hands(record: dict) -> dict:
    """(round, event count) -> every seat's tiles at that moment, from the stored record replayed."""
    match = Match(records.replay_record(record).rules, record["players"], record["seed"])
    moments = {}

    def note():
        moments[(match.round_index, len(match.hand.log))] = [
            {tuple(t.to_list()) for t in match.view(s).hand} for s in range(match.players)]

    note()
    for text in record["moves"]:
        match.push(Move.parse(text))
        note()
    return moments


def _tiles_in(message) -> set:
    """Every [a, b] pair of whole numbers anywhere in a message, both ways round, and every "a-b" text."""
    found, pending = set(), [message]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            if len(value) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in value):
                found |= {tuple(value), tuple(reversed(value))}
            pending.extend(value)
        elif isinstance(value, str) and "-" in value:
            head = value.split("@")[0].split("-")
            if len(head) == 2 and all(part.isdigit() for part in head):
                a, b = int(head[0]), int(head[1])
                found |= {(a, b), (b, a)}
    return found


def test_three_seats_play_a_round_and_no_message_holds_another_seats_tiles(running, players, db):
    server, host, guest = _seat_three(running, players)
    _play([host, guest], _round_over)
    code = host.room
    moments = _hidden_hands(_stored(db, code))
    record = _stored(db, code)
    assert record["players"] == 3 and len(record["moves"]) > 10
    views = 0
    for person in (host, guest):
        for message in person.received:
            if message["type"] != "view" or not message["started"]:
                assert not {t for t in _tiles_in(message) if max(t) <= 18}, f"a {message['type']} names tiles"
                continue
            views += 1
            key = (message["table"]["round"], message["table"]["event_count"])
            assert key in moments, "every view is of a moment the stored record has"
            hands = moments[key]
            assert {tuple(t) for t in message["hand"]} == hands[person.seat]
            others = set().union(*(hands[s] for s in range(3) if s != person.seat))
            last = message["last"]
            if last is not None and last["round"] != key[0]:
                # the move that ended a round, shown with the next round's deal: its tile was dealt again
                assert last["round"] == key[0] - 1 and last["move"] in record["moves"]
                message = {**message, "last": None}
            # the log's lines of earlier rounds: their tiles are dealt again in this one
            message = {**message, "log": [line for line in message["log"] if line["round"] == key[0]]}
            assert not _tiles_in(message) & others, f"seat {person.seat} was sent a hidden tile"
    assert views > 20
    # the computer (seat 2) moved on its own
    assert any(m.get("last") and m["last"]["seat"] == 2 for m in host.received if m["type"] == "view")


def test_a_dropped_player_takes_their_seat_back_with_their_token(running, players):
    server, host, guest = _seat_three(running, players)
    host.until(lambda m: m["type"] == "view" and m["started"])
    token, room = guest.token, guest.room
    guest.close()
    seen = host.until(lambda m: m["type"] == "view" and m["seats"][1]["away"])
    assert seen["seats"][1]["connected"] is False
    time.sleep(0.5)  # past the grace period: the computer plays for the away seat, so the game goes on
    (back,) = players(server.url)
    back.send(type="resume", room=room, token=token)
    joined = back.until(lambda m: m["type"] == "joined")
    assert joined["seat"] == 1 and joined["token"] == token
    view = back.until(lambda m: m["type"] == "view")
    assert view["seat"] == 1 and view["hand"] and view["seats"][1]["connected"] is True
    back.seat = 1
    _play([host, back], _round_over)


def test_a_restart_mid_round_loses_nothing_and_play_goes_on(running, players, db):
    server, host, guest = _seat_three(running, players)
    _play([host, guest], lambda v: v["moves"] >= 8)  # mid-round: a round takes far more moves
    server.stop()
    before = _stored(db, host.room)
    assert before["result"] is None and before["moves"]
    dealt = Match(records.replay_record(before).rules, 3, before["seed"])
    for text in before["moves"]:
        dealt.push(Move.parse(text))
    restarted = running(grace=5.0)  # the people come back well within the grace: nobody plays for them
    resumed = restarted.call(lambda: restarted.server.rooms[host.room].record()["moves"])
    assert resumed[:len(before["moves"])] == before["moves"]  # the computer (seat 2) may have moved since
    again = []
    for old in (host, guest):
        (new,) = players(restarted.url)
        new.send(type="resume", room=old.room, token=old.token)
        assert new.until(lambda m: m["type"] == "joined")["seat"] == old.seat
        new.seat = old.seat
        view = new.until(lambda m: m["type"] == "view")
        assert view["hand"] == [t.to_list() for t in dealt.view(old.seat).hand], "same hand after the restart"
        again.append(new)
    after = _stored(db, host.room)
    assert after["seed"] == before["seed"] and after["moves"][:len(before["moves"])] == before["moves"]
    _play(again, _round_over)
    assert len(_stored(db, host.room)["moves"]) > len(before["moves"])


def test_health_answers_200(running):
    server = running()
    with urllib.request.urlopen(f"http://127.0.0.1:{server.server.port}/health", timeout=5) as response:
        assert response.status == 200 and response.read() == b"ok\n"


def test_an_away_persons_turn_is_played_by_their_level_only_after_the_grace(running, players):
    server = running(grace=1.0)
    host, guest = players(server.url, 2)
    joined = create_room(host, [HUMAN, HUMAN])
    join_room(guest, joined["room"], "Jo")
    # when each move was stored, by the server's own clock: the test's clock, read after close() returns and
    # after a message arrives, may run late or early by a loaded machine's scheduling (this test once failed so)
    stored_at = []
    commit = server.server._commit

    def timed(room, seat, move, played_in):
        stored_at.append((seat, time.time()))
        commit(room, seat, move, played_in)

    server.call(setattr, server.server, "_commit", timed)
    host.send(type="start")
    host.until(lambda m: m["type"] == "view" and m["started"])
    guest.close()
    host.until(lambda m: m["type"] == "view" and m["seats"][1]["away"])
    away_since = server.call(lambda: server.server.rooms[joined["room"]].seats[1].away_since)
    played_for_them = False
    deadline = time.monotonic() + 20
    while not played_for_them and time.monotonic() < deadline:
        view = host.latest_view()
        if view["legal_moves"] and not view.get("sent"):
            view["sent"] = True
            host.send(type="play", move=view["legal_moves"][0])
        message = host.recv(0.05)
        played_for_them = bool(message and message["type"] == "view" and message["last"]
                               and message["last"]["seat"] == 1)
    assert played_for_them, "nobody played for the away seat"
    first = min(at for seat, at in server.call(list, stored_at) if seat == 1)
    assert first - away_since >= 1.0, "the computer played before the grace period was over"


def test_a_seat_away_past_the_reclaim_window_is_lost_for_good(running, players):
    server = running(grace=0.1, reclaim=0.4)
    host, guest = players(server.url, 2)
    joined = create_room(host, [HUMAN, HUMAN])
    join_room(guest, joined["room"], "Jo")
    host.send(type="start")
    host.until(lambda m: m["type"] == "view" and m["started"])
    token = guest.token
    guest.close()
    time.sleep(0.7)
    (late,) = players(server.url)
    late.send(type="resume", room=joined["room"], token=token)
    assert late.error() == "seat-lost"
    late.send(type="resume", room=joined["room"], token=token)
    assert late.error() == "seat-lost"


def _log_of(messages) -> list[dict]:
    """The log lines a page was sent, each event once, in order (a view's `log` replaces what it re-tells)."""
    lines: list[dict] = []
    for message in messages:
        if message["type"] == "view" and "log" in message:
            lines = [line for line in lines if line["i"] < message["log_start"]] + message["log"]
    return lines


def _is_own_tile(line: dict) -> bool:
    return line["kind"] == "tile_played" and line["say"]["text"].startswith("You ")


def test_each_view_tells_the_new_events_once_and_a_page_that_comes_back_gets_the_last_ones_again(running, players):
    server, host, guest = _seat_three(running, players)

    def guest_played_a_tile(view) -> bool:  # in about one deal in 15 the guest only draws in the first 12 moves
        return view["moves"] >= 12 and any(_is_own_tile(line) for line in _log_of(guest.received))

    _play([host, guest], guest_played_a_tile)
    views = [m for m in guest.received if m["type"] == "view" and m["started"]]
    # told in order, none twice, nothing skipped: each view starts where the one before it ended
    assert all(later["log_start"] == earlier["log_end"] for earlier, later in zip(views, views[1:]))
    told = _log_of(guest.received)
    assert [line["i"] for line in told] == sorted({line["i"] for line in told})
    assert told[0]["say"]["text"] == "Round {round} begins with the double {number}."
    mine = [line for line in told if _is_own_tile(line)]
    assert mine and all("player" not in line["say"]["params"] for line in mine)  # "you", not a seat number
    # the same person on a new page (a reload): the last events again, the same lines
    again = players(server.url)[0]
    again.send(type="resume", room=guest.room, token=guest.token)
    first = again.until(lambda m: m["type"] == "view" and m["started"])
    assert first["log_start"] == max(0, first["log_end"] - 80) and first["log"]
    seen = [line for line in told if line["i"] >= first["log_start"]]
    assert seen and first["log"][:len(seen)] == seen  # (the computer may have moved since: more after them)
