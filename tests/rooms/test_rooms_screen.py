"""The table the server draws for each seat (a "screen" message: width, theme, the page's words): the engine's
own SVG, laid out for that seat's width, named in that seat's words, its targets the ends of that seat's own
legal moves, and never a tile another seat holds; a bad screen is refused with a code; the finished match's
record comes only with the match's end."""

from __future__ import annotations

import json
import re

from rooms_client import COMPUTER, HUMAN, create_room, join_room
from test_rooms_play import _hidden_hands, _play, _round_over, _stored

WORDS = {"en": {"table": "The table", "table_desc": "The dominoes on the table.", "trains": {"mx": "Mexican train"}},
         "ht": {"table": "Tab la", "table_desc": "Domino ki sou tab la.", "trains": {"mx": "Tren meksiken"}}}


def _board_tiles(board: str) -> set:
    return {tuple(sorted(map(int, pair), reverse=True)) for pair in re.findall(r'data-tile="(\d+)-(\d+)"', board)}


def test_each_seat_gets_the_table_drawn_for_its_screen_and_words_and_no_hidden_tile(running, players, db):
    server = running()
    host, guest = players(server.url, 2)
    joined = create_room(host, [HUMAN, HUMAN, COMPUTER], name="Grann", lang="ht")
    join_room(guest, joined["code"], "Jo")
    host.send(type="screen", width=340, theme="dark", words=WORDS["ht"])
    guest.send(type="screen", width=1200, words=WORDS["en"])
    host.send(type="start")
    _play([host, guest], _round_over)
    moments = _hidden_hands(_stored(db, host.room))
    drawn = 0
    for person, words, width in ((host, WORDS["ht"], 340), (guest, WORDS["en"], 1200)):
        screened = False  # the guest's screen may reach the server after the host's start
        for view in person.received:
            if view["type"] != "view" or not view["started"]:
                continue
            board = view["board"]
            if board is None:
                assert not screened, "a view without the picture after the seat's screen"
                continue
            if board == "same":  # nothing changed on this seat's table since its last picture
                assert screened and view["last"]["move"].split("@")[0] in ("draw", "pass", "end") \
                    or not view["legal_moves"]
                continue
            screened = True
            assert board.startswith("<svg")
            drawn += 1
            assert f">{words['table']}</title>" in board
            assert ("dm-dark" in board) == (person is host)
            assert float(re.search(r'width="([\d.]+)"', board).group(1)) <= width + 0.5  # svg.py rounds
            targets = set(re.findall(r'data-end="([^"]+)" class="dm-eh"', board))  # drawn as targets
            assert targets == {move.split("@")[1].rstrip("!") for move in view["legal_moves"] if "@" in move}
            hands = moments[(view["table"]["round"], view["table"]["event_count"])]
            others = set().union(*(hands[s] for s in range(3) if s != person.seat))
            assert not {t for t in _board_tiles(board)} & {tuple(sorted(t, reverse=True)) for t in others}
            assert "record" not in view or view["match_result"] is not None
    assert drawn > 20


def test_a_seat_without_a_screen_gets_no_picture_and_a_bad_screen_is_refused(running, players):
    server = running()
    (host,) = players(server.url, 1)
    create_room(host, [HUMAN, COMPUTER])
    host.send(type="start")
    view = host.until(lambda m: m["type"] == "view" and m["started"])
    assert view["board"] is None
    for bad, field in ((dict(width=50, words=WORDS["en"]), "width"), (dict(width=True, words=WORDS["en"]), "width"),
                       (dict(width=340, theme="blue", words=WORDS["en"]), "theme"),
                       (dict(width=340, words={**WORDS["en"], "hand": "x"}), "words"),
                       (dict(width=340, words={"table": "", "table_desc": "x"}), "words"),
                       (dict(width=340, words={**WORDS["en"], "trains": {"9": "x"}}), "words"),
                       (dict(width=340), "words")):
        host.send(type="screen", **bad)
        error = host.until(lambda m: m["type"] == "error")
        assert (error["code"], error["field"]) == ("bad-message", field), bad
    host.send(type="screen", width=340, words=WORDS["en"])
    assert host.until(lambda m: m["type"] == "view" and m["board"])["board"].startswith("<svg")


def test_seats_of_one_width_share_the_tables_placement_and_get_the_picture_drawn_alone():
    """The server lays a table out once per width for all its seats (most of a picture's cost); each seat's
    picture is still exactly the one drawn for it alone, with its own targets, words and theme."""
    from engine import svg
    from engine.rooms.room import Room

    room = Room.create("ABCDEFGHJ", "chicken-foot", None, [HUMAN, HUMAN, HUMAN])
    room.started = True
    screens = {0: (340.0, "ht", "dark"), 1: (340.0, "en", "light"), 2: (1200.0, "en", "light")}
    for seat, (width, lang, theme) in screens.items():
        room.screens[seat] = {"width": width, "theme": theme, "words": {**WORDS[lang], "trains": {"0": f"S{seat}"}}}
    laid, server_laid, tables = [], [], {340.0: set(), 1200.0: set()}  # placements made; tables drawn, by width
    real_fitted = svg.fitted
    compared = 0
    try:
        svg.fitted = lambda layout, width: laid.append(width) or real_fitted(layout, width)
        for _ in range(300):  # until enough pictures: a deal may open with many draws, each a "same" for most
            if compared >= 24:
                break
            laid.clear()
            views = [room.view_for(seat) for seat in screens]
            server_laid.extend(laid)  # the placements the server made (svg.render below makes its own)
            for seat, view in zip(screens, views):
                if view["board"] == "same":
                    continue
                width, lang, theme = screens[seat]
                targets = sorted({m.split("@", 1)[1].rstrip("!") for m in view["legal_moves"] if "@" in m})
                layout = view["table"]["layout"]
                alone = svg.render(layout, fit_width=width, title=WORDS[lang]["table"],
                                   desc=WORDS[lang]["table_desc"], highlight_ends=targets, theme=theme,
                                   labels=svg.train_labels(layout, {"0": f"S{seat}"}), id_prefix="rt")
                assert view["board"] == alone
                tables[width].add(json.dumps(layout, sort_keys=True))
                compared += 1
            room.match.push(room.match.legal_moves()[0])
    finally:
        svg.fitted = real_fitted
    assert compared >= 24  # once a table and width, not once a seat:
    assert server_laid.count(340.0) == len(tables[340.0]) and server_laid.count(1200.0) == len(tables[1200.0])
