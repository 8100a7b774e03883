"""Everything a hostile or broken client may send is refused with a documented code, and the room goes on."""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from rooms_client import COMPUTER, HUMAN, create_room, join_room

from engine.rooms import codes
from engine.rooms.limits import Limits
from engine.rooms.protocol import ERRORS, MAX_MESSAGE_CHARS, PHRASES

README = Path(__file__).resolve().parents[2] / "engine" / "rooms" / "README.md"


@pytest.fixture
def room(running, players):
    """A started room: host (seat 0), guest (seat 1), a computer (seat 2); both people have their first view."""
    server = running()
    host, guest = players(server.url, 2)
    joined = create_room(host, [HUMAN, HUMAN, COMPUTER])
    join_room(guest, joined["room"], "Jo")
    host.send(type="start")
    for person in (host, guest):
        person.until(lambda m: m["type"] == "view" and m["started"])
    return server, host, guest


def _to_move(host, guest):
    """(the person whose turn it is, the other one, the mover's view), waiting while the computer plays."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for person, other in ((host, guest), (guest, host)):
            person.recv(0.02)
            view = person.latest_view()
            if view and view["legal_moves"]:
                return person, other, view
    raise AssertionError("nobody's turn")


def test_a_move_out_of_turn_and_an_illegal_move_are_refused_and_play_goes_on(room):
    _, host, guest = room
    mover, waiting, mover_view = _to_move(host, guest)
    waiting.send(type="play", move="draw")
    assert waiting.error() == "not-your-turn"
    illegal = "0-0@nowhere" if "0-0@nowhere" not in mover_view["legal_moves"] else "x"
    for move in (illegal, "pass-and-win", "9-9@n" if "9-9@n" not in mover_view["legal_moves"] else "1-1@q"):
        mover.send(type="play", move=move)
        assert mover.error() == "illegal-move"
    mover.send(type="play", move=mover_view["legal_moves"][0])
    view = waiting.until(lambda m: m["type"] == "view" and m["last"] is not None)
    played = mover_view["legal_moves"][0]
    assert view["last"] == {"seat": mover.seat, "move": played, "round": 0, "number": mover_view["moves"] + 1,
                            "play": next(move for move in mover_view["legal"] if move["text"] == played)}
    assert [move["text"] for move in mover_view["legal"]] == mover_view["legal_moves"]  # the same moves, as data


def test_only_the_host_starts_and_nobody_plays_before_the_start(running, players):
    server = running()
    host, guest, outsider = players(server.url, 3)
    joined = create_room(host, [HUMAN, HUMAN])
    join_room(guest, joined["room"], "Jo")
    guest.send(type="start")
    assert guest.error() == "not-host"
    guest.send(type="play", move="draw")
    assert guest.error() == "not-started"
    outsider.send(type="play", move="draw")
    assert outsider.error() == "not-in-room"
    host.send(type="create", game="chicken-foot", seats=[HUMAN, HUMAN], name="Ana")
    assert host.error() == "already-in-room"
    host.send(type="start")
    host.until(lambda m: m["type"] == "view" and m["started"])
    host.send(type="start")
    assert host.error() == "already-started"
    assert join_room(outsider, joined["room"], "Late")["code"] == "already-started"


def test_a_full_room_refuses_another_person(running, players):
    server = running()
    host, guest, third = players(server.url, 3)
    joined = create_room(host, [HUMAN, HUMAN])
    join_room(guest, joined["room"], "Jo")
    assert join_room(third, joined["room"], "Max")["code"] == "room-full"


def tampered(token: str) -> str:
    """The token with its last character changed (always changed: a token may already end in "A")."""
    return token[:-1] + ("B" if token.endswith("A") else "A")


def test_a_token_of_another_room_or_a_made_up_one_gives_no_seat(running, players):
    server = running()
    a, b, thief = players(server.url, 3)
    room_a = create_room(a, [HUMAN, HUMAN])
    room_b = create_room(b, [HUMAN, HUMAN])
    for room, token in ((room_b["room"], room_a["token"]), (room_a["room"], codes.new_token()),
                        (room_a["room"], tampered(room_a["token"]))):
        thief.send(type="resume", room=room, token=token)
        assert thief.error() == "bad-token"


def test_bad_rules_and_bad_seats_are_refused(running, players):
    server = running()
    (host,) = players(server.url)
    cases = [({"game": "chicken-foot", "seats": [HUMAN], "name": "A"}, "bad-seats"),
             ({"game": "chicken-foot", "seats": [COMPUTER, HUMAN], "name": "A"}, "bad-seats"),
             ({"game": "chicken-foot", "seats": [HUMAN, {"kind": "computer", "level": "god"}], "name": "A"},
              "bad-seats"),
             ({"game": "chess", "seats": [HUMAN, HUMAN], "name": "A"}, "bad-rules"),
             ({"game": "chicken-foot", "rules": {"options": {"set_size": 7}}, "seats": [HUMAN, HUMAN],
               "name": "A"}, "bad-rules"),
             ({"game": "chicken-foot", "rules": {"game": "mexican-train"}, "seats": [HUMAN, HUMAN], "name": "A"},
              "bad-rules"),
             ({"game": "chicken-foot", "rules": {"options": {"set_size": 6}}, "seats": [HUMAN] * 8,
               "name": "A"}, "bad-seats")]
    for fields, code in cases:
        host.send(type="create", **fields)
        assert host.error() == code, fields
    # a rules link's object works: double-six, a smaller set
    joined = create_room(host, [HUMAN, HUMAN], rules={"ruleset": "basic", "options": {"set_size": 6}})
    assert joined["type"] == "joined"


@pytest.mark.parametrize("text, code", [
    ("{not json", "not-json"),
    ('{"type": "join", "room": NaN, "name": "a"}', "not-json"),
    ("[]", "bad-message"),
    ('"join"', "bad-message"),
    ('{"type": "fly"}', "unknown-type"),
    ('{"type": "join", "room": 5, "name": "Jo"}', "bad-message"),
    ('{"type": "join", "room": "ABCD", "name": "Jo", "admin": true}', "bad-message"),
    ('{"type": "join", "room": "ABCD", "name": "\\u0007bell"}', "bad-message"),
    ('{"type": "join", "room": "ABCD", "name": "' + "x" * 25 + '"}', "bad-message"),
    ('{"type": "join", "room": "ABCD", "name": "Jo", "lang": "fr"}', "bad-message"),
    ('{"type": "phrase", "phrase": "you are a cheat"}', "bad-message"),
    ('{"type": "create", "game": "chicken-foot", "seats": [], "name": "A", "rules": {"options": '
     '{"set_size": [[[1]]]}}}', "too-deep"),
    ('{"type": "play", "move": 12345678901234567890}', "number-too-large"),
    ('{"type": "play", "move": "' + "x" * MAX_MESSAGE_CHARS + '"}', "too-large"),
])
def test_junk_is_refused_with_its_code(running, players, text, code):
    server = running()
    (client,) = players(server.url)
    client.send_text(text)
    assert client.error() == code
    client.send(type="phrase", phrase="hello")  # still connected, still answered
    assert client.error() == "not-in-room"


def test_a_binary_frame_and_a_huge_frame(running, players):
    server = running()
    (client,) = players(server.url)
    client.send_text(b"\x00\x01")
    assert client.error() == "not-json"
    client.send_text("x" * (65 * 1024))  # past the frame limit: the connection is closed (1009)
    with pytest.raises(ConnectionClosed) as closed:
        client.ws.recv(5)
    assert closed.value.rcvd.code == 1009


def test_a_flood_is_refused_then_cut_off(running, players):
    server = running(limits=Limits(messages_per_second=2, message_burst=5, refusals_before_close=10))
    (client,) = players(server.url)
    for _ in range(40):
        try:
            client.send(type="phrase", phrase="hello")
        except ConnectionClosed:
            break
    answers = []
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            answers.append(json.loads(client.ws.recv(5))["code"])
    assert answers[:5] == ["not-in-room"] * 5 and set(answers[5:]) == {"rate-limited"}
    assert closed.value.rcvd.code == 1008


def test_guessing_room_codes_is_limited_per_address(running, players):
    server = running(limits=Limits(guesses_per_minute=4, messages_per_second=100, message_burst=100))
    host, guesser = players(server.url, 2)
    real = create_room(host, [HUMAN, HUMAN, HUMAN])["room"]
    for _ in range(4):
        assert join_room(guesser, codes.new_code(), "G")["code"] == "no-such-room"
    assert join_room(guesser, real, "G")["code"] == "too-many-guesses"  # even the right code, for a while


def test_an_address_makes_few_rooms_an_hour_and_a_new_connection_resets_no_limit(running, players):
    """Each connection makes one room, but connections come and go: rooms (each held in memory) and wrong
    guesses are counted by address, across connections."""
    server = running(limits=Limits(rooms_per_hour=2, guesses_per_minute=2, messages_per_second=100,
                                   message_burst=100))
    for _ in range(2):
        (host,) = players(server.url)
        assert create_room(host, [HUMAN, HUMAN])["type"] == "joined"
        host.close()
    (late,) = players(server.url)
    assert create_room(late, [HUMAN, HUMAN]) == {"type": "error", "code": "rate-limited",
                                                 "say": {"text": ERRORS["rate-limited"], "params": {}}}
    for _ in range(2):
        assert join_room(late, codes.new_code(), "G")["code"] == "no-such-room"
    late.close()
    (again,) = players(server.url)
    assert join_room(again, codes.new_code(), "G")["code"] == "too-many-guesses"


def test_messages_are_compressed_with_permessage_deflate(running, players):
    (player,) = players(running().url)
    assert "permessage-deflate" in player.ws.response.headers.get("Sec-WebSocket-Extensions", "")


def test_connections_per_address_are_limited(running, players):
    server = running(limits=Limits(connections_per_address=2))
    players(server.url, 2)
    with pytest.raises(InvalidStatus) as refused:
        players(server.url)
    assert refused.value.response.status_code == 429


def test_origin_is_checked(running, players):
    server = running()
    port = server.server.port
    players(server.url, origin=f"http://127.0.0.1:{port}")  # the page's own host
    players(server.url)  # no Origin: not a browser
    with pytest.raises(InvalidStatus) as refused:
        players(server.url, origin="https://evil.example")
    assert refused.value.response.status_code == 403
    allowed = running(origins=("https://dominoes.example",))
    players(allowed.url, origin="https://dominoes.example")
    with pytest.raises(InvalidStatus):
        players(allowed.url, origin=f"http://127.0.0.1:{allowed.server.port}")


def test_quick_phrases_reach_every_seat_as_codes_with_their_sentence_and_an_error_says_its_own(room):
    _, host, guest = room
    host.send(type="phrase", phrase="good-game")
    assert guest.until(lambda m: m["type"] == "phrase") == {"type": "phrase", "seat": 0, "phrase": "good-game",
                                                            "say": {"text": "Good game!", "params": {}}}
    guest.send(type="start")
    assert guest.until(lambda m: m["type"] == "error") == {
        "type": "error", "code": "not-host", "say": {"text": "Only the host can start the game.", "params": {}}}


def test_room_codes_are_short_unambiguous_and_hold_40_bits():
    made = {codes.new_code() for _ in range(2000)}
    assert len(made) == 2000
    assert all(len(c) == codes.CODE_LENGTH and set(c) <= set(codes.ALPHABET) for c in made)
    assert not set(codes.ALPHABET) & set("0O1ILU")
    assert codes.CODE_LENGTH * math.log2(len(codes.ALPHABET)) >= 40
    code = made.pop()
    assert codes.normal_code(codes.shown_code(code).lower()) == code and codes.normal_code("ABC") == ""


def test_every_error_code_and_phrase_is_documented():
    text = README.read_text()
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", text, re.MULTILINE))
    assert set(ERRORS) <= documented, set(ERRORS) - documented
    assert all(f"`{p}`" in text for p in PHRASES)
