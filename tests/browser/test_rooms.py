"""The rooms page played by real browsers against a real rooms server: a whole 3-player room (a host in
English at 1280x800, a guest at 360x740 with touch, a guest reading Haitian Creole), a guest who drops and
comes back with the token their browser kept, a computer taking the seat nobody came for, and every
WebSocket frame each browser received checked against the other seats' hands.

The rooms server runs in this process (tests/rooms/rooms_client.py) on a free port; the site is served as
`make serve` serves it, with connect-src opened to that port, and each page is pointed at it through the
loopback-only localStorage override (rooms-socket.js). Set ROOMS_SCREENSHOTS=<folder> to keep screenshots.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rooms"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from rooms_client import Player, RunningServer, fast_settings  # noqa: E402
from serve import security_headers, serve_in_background  # noqa: E402
from game_driver import axe_violations  # noqa: E402
from reader_states import ROOMS_STATES, measured  # noqa: E402

SHOTS = os.environ.get("ROOMS_SCREENSHOTS")
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def rooms_server(tmp_path, built_site):
    holder = {}
    # the site's origin is known only once it listens: the rooms server is started first on a free port and
    # told the origin afterwards (Settings is read on every connection)
    server = RunningServer(str(tmp_path / "rooms.sqlite3"), fast_settings(grace=1.5, bot_delay=0.05))
    rooms_port = server.server.port
    site, url = serve_in_background(built_site, quiet=True,
                                    security_headers=security_headers((f"ws://127.0.0.1:{rooms_port}",)))
    server.server.settings.origins = (url.rstrip("/"),)
    holder.update(server=server, site_url=url, ws=server.url)
    yield holder
    site.shutdown()
    holder["server"].stop()  # a test may have restarted it


class Seat:
    """One browser context: its page, and every WebSocket frame the page received."""

    def __init__(self, browser, guard, ws_url: str, options: dict, touch: bool = False) -> None:
        self.touch = touch
        self.context = browser.new_context(**options)
        self.context.route("**/*", guard.route)
        self.context.add_init_script(f"localStorage.setItem('chickenfoot.rooms.server', {json.dumps(ws_url)})")
        self.page = self.context.new_page()
        guard.watch(self.page)
        self.frames: list[dict] = []
        self.sent: list[dict] = []
        self.page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def views(self) -> list[dict]:
        return [frame for frame in self.frames if frame.get("type") == "view"]

    def tap(self, selector: str) -> None:
        target = self.page.locator(selector).first
        if self.touch:
            target.tap()
        else:
            target.click()

    def shot(self, name: str) -> None:
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def open_seat(browser, guard, rooms, options, lang="en", touch=False, fragment="") -> Seat:
    seat = Seat(browser, guard, rooms["ws"], options, touch)
    prefix = "" if lang == "en" else f"{lang}/"
    seat.page.goto(f"{rooms['site_url']}{prefix}rooms/{fragment}")
    seat.page.wait_for_selector("#demo[data-state='ready']")
    return seat


def tiles_named(frame: dict) -> set[str]:
    """Every tile a view names anywhere: pairs of numbers, tiles in move texts, tiles drawn on its table."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, list):
            if len(value) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in value):
                found.add(f"{max(value)}-{min(value)}")
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, str):  # a move text ("9-4@n"), or the table's picture (data-tile="9-4")
            for a, b in re.findall(r'(?:^|data-tile=")(\d+)-(\d+)', value, re.MULTILINE):
                found.add(f"{max(int(a), int(b))}-{min(int(a), int(b))}")

    shown = {key: value for key, value in frame.items() if key != "hand"}
    last, table = frame.get("last"), frame.get("table")
    if last and table and last["round"] != table["round"]:
        del shown["last"]  # the move that ended the last round: its tile is dealt again in the new one
    if table and "log" in shown:  # so are the tiles of the log's lines of earlier rounds
        shown["log"] = [line for line in shown["log"] if line["round"] == table["round"]]
    walk(shown)
    return found


def keys(hand) -> set[str]:
    return {f"{max(a, b)}-{min(a, b)}" for a, b in hand}


def play_my_turn(seat: Seat) -> bool:
    """Plays the first legal move the page offers, by tapping it as a reader would; False if not our turn."""
    page = seat.page
    if page.locator(".rooms__table[data-my-turn='true']").count() == 0:
        return False
    tile = page.locator(".rooms__tile:not([disabled])")
    if tile.count():
        seat.tap(".rooms__tile:not([disabled])")
        if page.locator(".rooms-end").count():
            seat.tap(".rooms-end")
    else:
        seat.tap(".rooms-move")
    return True


def test_three_browsers_play_a_room_each_seeing_only_its_own_hand(browser, page_guard, rooms_server):
    rooms = rooms_server
    host = open_seat(browser, page_guard, rooms, DESKTOP)
    host.shot("lobby-en-1280")
    host.page.fill("#rooms-create-name", "Ana")
    host.page.select_option("#rooms-players", "4")
    # seats: 2 and 3 for people (the phone, the Creole reader), 4 a person's seat nobody takes
    host.page.select_option("#rooms-seat-3-level", "beginner")
    host.page.click(".rooms-create")
    host.page.wait_for_selector(".rooms__code")
    code = host.page.locator(".rooms__code").inner_text()
    assert host.page.locator(".rooms__qr svg path").count() == 1
    link = host.page.locator("#rooms-link").input_value()
    assert link.endswith(f"#room={code}")
    host.shot("waiting-en-1280")

    phone = open_seat(browser, page_guard, rooms, PHONE, touch=True, fragment=f"#room={code}")
    assert phone.page.locator("#rooms-join-code").input_value() == code
    phone.shot("join-en-360")
    phone.page.fill("#rooms-join-name", "Ti Jak")
    phone.tap(".rooms-join")
    phone.page.wait_for_selector(".rooms__code")

    creole = open_seat(browser, page_guard, rooms, DESKTOP, lang="ht")
    creole.page.fill("#rooms-join-code", code.lower().replace("-", " "))  # as copied by hand
    creole.page.fill("#rooms-join-name", "Grann")
    creole.page.click(".rooms-join")
    creole.page.wait_for_selector(".rooms__code")
    assert creole.page.locator(".rooms-start").count() == 0  # only the host starts
    host.page.wait_for_selector(".rooms__seat[data-seat='2'] >> text=Grann")
    creole.shot("waiting-ht-1280")

    host.page.click(".rooms-start")
    for seat in (host, phone, creole):
        seat.page.wait_for_selector("#demo[data-screen='table'] .rooms__board svg", timeout=15_000)
    phone.shot("table-en-360")
    creole.shot("table-ht-1280")
    # the Creole reader's page is in Creole: the quick phrases and the table's name among them
    assert creole.page.locator(".rooms-phrase[data-phrase='good-game']").text_content() == "Bèl pati!"

    # a phrase goes out as a code and each reader sees it in their own language
    phone.tap(".rooms-phrases-toggle")
    phone.tap(".rooms-phrase[data-phrase='good-game']")
    creole.page.wait_for_selector(".rooms__log-phrase >> text=Ti Jak: Bèl pati!")
    host.page.wait_for_selector(".rooms__log-phrase >> text=Ti Jak: Good game!")
    # Material's "Back to top" pill, shown on a scroll up, is not offered over the room's first line (whose turn)
    assert phone.page.evaluate("getComputedStyle(document.querySelector('.md-top')).display") == "none"

    # the phone drops out (its page is gone); the others see it away; the same phone comes back to its seat
    # with the token its browser kept
    phone.page.close()
    host.page.wait_for_selector(".rooms__player[data-seat='1'] >> text=away")
    phone.page = phone.context.new_page()
    page_guard.watch(phone.page)
    phone.page.on("websocket", phone._watch)
    phone.page.goto(link)  # the room's link again: the page finds the token it kept and resumes
    phone.page.wait_for_selector("#demo[data-screen='table'] .rooms__board svg", timeout=15_000)
    assert "away" not in phone.page.locator(".rooms__player[data-seat='1']").inner_text()
    assert phone.page.locator(".rooms__player[data-seat='1']").inner_text().startswith("Ti Jak (you)")
    resumed = [frame for frame in phone.frames if frame.get("type") == "joined"][-1]
    assert resumed["seat"] == 1

    # play on until a round is over, every person playing their own turns through their page
    deadline = time.monotonic() + 40
    seats = (host, phone, creole)
    while time.monotonic() < deadline:
        last = host.views()[-1] if host.views() else None
        if last and last.get("round_result"):
            break
        acted = False
        for seat in seats:
            try:
                acted = play_my_turn(seat) or acted
            except Exception:  # noqa: BLE001 - the page redrew under the tap: try again on the next pass
                pass
        time.sleep(0.15 if acted else 0.3)
    final = host.views()[-1]
    assert final["round_result"] is not None, "no round finished in 40 s"
    # the seat nobody took (seat 3) was played by the computer: moves by seat 3 are in the log
    assert any(view["last"] and view["last"]["seat"] == 3 for view in host.views())

    # each browser received only its own seat's tiles: no frame names a tile another seat held at that move
    by_seat = {0: host, 1: phone, 2: creole}
    for number, seat in by_seat.items():
        assert all(view["seat"] == number for view in seat.views())
        for other_number, other in by_seat.items():
            if other_number == number:
                continue
            hands = {view["moves"]: keys(view["hand"]) for view in other.views() if view["started"]}
            for view in seat.views():
                hidden = hands.get(view["moves"], set())
                leaked = tiles_named(view) & hidden
                assert not leaked, (number, other_number, view["moves"], leaked,
                                    [key for key in view if tiles_named({key: view[key]}) & leaked])
    host.shot("table-en-1280")
    for seat in seats:
        seat.context.close()


def test_a_rules_link_sets_up_the_room_and_a_refusal_is_said_in_the_readers_language(browser, page_guard,
                                                                                     rooms_server):
    reader = open_seat(browser, page_guard, rooms_server, PHONE, lang="ht", touch=True)
    reader.page.goto(f"{rooms_server['site_url']}ht/rooms/?game=mexican-train&rules=nope")
    reader.page.wait_for_selector("#demo[data-state='ready']")
    assert reader.page.locator("#rooms-game").input_value() == "mexican-train"
    assert reader.page.locator(".rooms__rules-problem[data-parameter='rules']").count() == 1  # said, not dropped
    assert reader.page.locator("[data-rules-page]").get_attribute("href").endswith("/ht/mexican-train/")
    reader.page.fill("#rooms-join-code", "ZZZZ-ZZZZZ")  # a well-formed code no room has
    reader.page.fill("#rooms-join-name", "Grann")
    reader.tap(".rooms-join")
    reader.page.wait_for_selector("#demo[data-error='no-such-room']")
    assert reader.page.locator(".rooms__notice").inner_text() == \
        "Pa gen okenn sal ki gen kòd sa a. Verifye kòd la ak moun ki louvri sal la."
    reader.context.close()


def start_against_the_computer(browser, guard, rooms, options, lang="en", touch=False) -> Seat:
    """A room of this reader and one computer (beginner), started: the page shows the table."""
    seat = open_seat(browser, guard, rooms, options, lang=lang, touch=touch)
    seat.page.fill("#rooms-create-name", "Grann")
    seat.page.select_option("#rooms-players", "2")
    seat.page.select_option("#rooms-seat-1-kind", "computer")
    seat.page.select_option("#rooms-seat-1-level", "beginner")
    seat.tap(".rooms-create")
    seat.page.wait_for_selector(".rooms-start")
    seat.tap(".rooms-start")
    seat.page.wait_for_selector("#demo[data-screen='table'] .rooms__board svg", timeout=15_000)
    return seat


def my_turn_view(seat: Seat, after: int = -1, timeout: float = 10) -> dict:
    """The newest view, once it is this seat's turn after move number ``after`` and the page shows it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        views = seat.views()
        if views and views[-1]["moves"] > after and views[-1]["legal_moves"]:
            seat.page.wait_for_selector(".rooms__table[data-my-turn='true']")
            return views[-1]
        seat.page.wait_for_timeout(50)  # not time.sleep: Playwright reports frames only while it runs
    raise AssertionError(f"not this seat's turn after move {after} in {timeout} s")


def log_lines(seat: Seat) -> list[str]:
    return seat.page.locator(".rooms__log li").all_inner_texts()


def test_a_tile_is_played_by_tapping_an_end_on_the_table_and_the_log_survives_a_reload(browser, page_guard,
                                                                                       rooms_server):
    phone = start_against_the_computer(browser, page_guard, rooms_server, PHONE, lang="ht", touch=True)
    # play the first legal move through the page until a tile fits more than one end
    view = {"moves": -1}
    for _ in range(30):
        view = my_turn_view(phone, view["moves"])
        ends: dict[str, list[dict]] = {}
        for move in view["legal"]:
            if move["kind"] == "play" and not move["announce"]:
                ends.setdefault(f"{max(move['tile'])}-{min(move['tile'])}", []).append(move)
        several = next(((tile, moves) for tile, moves in ends.items() if len(moves) > 1), None)
        if several:
            break
        play_my_turn(phone)
    else:
        pytest.fail("no tile with several ends in 30 turns")
    tile, moves = several
    phone.tap(f".rooms__tile[data-tile='{tile}']")
    fits = phone.page.locator(".rooms__board [data-end].is-fit[role=button]")
    assert sorted(fits.evaluate_all("ends => ends.map(e => e.dataset.end)")) == sorted(m["end"] for m in moves)
    # each end is a finger's target on a 360-px phone (or one target for crowded ends, which asks which)
    targets = phone.page.evaluate("""() => [...document.querySelectorAll('.rooms__board [data-end].is-fit')]
        .map(e => { const t = e.closest('.is-clustered') || e; const b = t.getBoundingClientRect();
                    return [b.width, b.height]; })""")
    assert all(w >= 44 and h >= 44 for w, h in targets), targets
    # keyboard: the ends are focusable buttons with their move's name
    assert fits.first.get_attribute("tabindex") == "0" and fits.first.get_attribute("aria-label")
    phone.shot("table-end-chosen-ht-360")
    chosen = moves[-1]
    end = phone.page.locator(f".rooms__board [data-end='{chosen['end']}']")
    clustered = end.evaluate("e => Boolean(e.closest('.is-clustered'))")
    phone.sent.clear()
    end.tap()
    if clustered:
        phone.tap(f".demo-chooser__end[data-choose-end='{chosen['end']}']")
    deadline = time.monotonic() + 5
    while not any(frame["type"] == "play" for frame in phone.sent) and time.monotonic() < deadline:
        phone.page.wait_for_timeout(50)
    assert [frame for frame in phone.sent if frame["type"] == "play"] == [{"type": "play", "move": chosen["text"]}]

    # the log is the narrator's, in the reader's language; a reload gets it back from the server
    my_turn_view(phone, view["moves"])
    before = log_lines(phone)
    assert len(before) >= 3 and not any("plays" in line or "You " in line for line in before), before
    phone.page.reload()
    phone.page.wait_for_selector("#demo[data-screen='table'] .rooms__board svg", timeout=15_000)
    phone.page.wait_for_function(f"() => document.querySelectorAll('.rooms__log li').length >= {len(before)}")
    assert log_lines(phone) == before
    phone.context.close()


def test_the_page_says_it_is_reconnecting_and_returns_to_its_seat_after_a_drop_and_a_server_restart(
        browser, page_guard, rooms_server, tmp_path):
    desk = start_against_the_computer(browser, page_guard, rooms_server, DESKTOP)
    view = my_turn_view(desk)
    hand, log = view["hand"], log_lines(desk)
    status = desk.page.locator(".rooms__status")

    def back_at_the_seat() -> None:
        desk.page.wait_for_selector("#demo[data-connection='open']", timeout=10_000)
        again = my_turn_view(desk)
        assert (again["seat"], again["hand"], again["moves"]) == (0, hand, view["moves"])
        assert desk.page.locator(".rooms__tile").count() == len(hand)
        assert log_lines(desk) == log
        assert status.is_hidden()

    # the network drops (the connection is cut, and no new one gets through for a moment)
    desk.context.set_offline(True)
    server = rooms_server["server"]
    room = next(iter(server.server.rooms.values()))
    server.call(lambda: room.connections[0].ws.transport.abort())
    desk.page.wait_for_selector("#demo[data-connection='retrying']")
    assert status.inner_text() == "The connection to the room was lost: trying again…"
    desk.shot("table-retrying-en-1280")
    desk.context.set_offline(False)
    back_at_the_seat()

    # the server restarts on the same port and database: the page finds it and its seat again
    port, db = server.server.port, str(tmp_path / "rooms.sqlite3")
    origins = server.server.settings.origins
    server.stop()
    desk.page.wait_for_selector("#demo[data-connection='retrying']")
    restarted = RunningServer(db, fast_settings(grace=1.5, bot_delay=0.05), port=port)
    restarted.server.settings.origins = origins
    rooms_server["server"] = restarted  # the fixture stops this one
    back_at_the_seat()
    desk.context.close()


def finish_the_match(server, code: str) -> None:
    """Plays every move left of the match of room ``code`` at once (the first legal each time), in the server's
    loop, storing and telling the last one as a move is: the pages show the match's end."""
    def finish() -> None:
        room = server.server.rooms[code]
        match = room.match
        while True:
            seat, played_in = match.hand.turn, match.round_index
            move = match.legal_moves()[0]
            match.push(move)
            if match.is_over:
                server.server._commit(room, seat, str(move), played_in)
                return
    server.call(finish)


ROOMS_LANGUAGES = os.environ.get("ROOMS_LANGUAGES", "ht").split(",")  # by hand: en,ht,su,sq (with screenshots)


@pytest.mark.parametrize("language", ROOMS_LANGUAGES)
def test_every_state_of_the_rooms_page_passes_axe_and_shows_everything_whole_on_a_phone(browser, page_guard,
                                                                                        rooms_server, language):
    """reader_states.ROOMS_STATES: the lobby, the waiting room with its code and QR code, the table on another
    player's turn and on the reader's, the match's end; each measured as every app state is
    (reader_checks.js) and checked by axe-core, at 360x740 with touch."""
    sizes = [("360", PHONE, True)] + ([("1280", DESKTOP, False)] if SHOTS else [])
    for width, options, touch in sizes:
        reader = open_seat(browser, page_guard, rooms_server, options, lang=language, touch=touch)
        page, found = reader.page, {}

        def check(name: str) -> None:
            state = next(state for state in ROOMS_STATES if state.name == name)
            report = measured(page, state)
            found[name] = report["problems"] + [f"axe: {v}" for v in axe_violations(page, "#demo")]
            reader.shot(f"rooms-{name}-{language}-{width}")

        check("lobby")
        page.fill("#rooms-create-name", "Grann")
        page.select_option("#rooms-players", "2")
        reader.tap(".rooms-create")
        page.wait_for_selector(".rooms__qr svg")
        guest = Player(rooms_server["ws"])
        try:
            guest.send(type="join", room=page.locator(".rooms__code").inner_text(), name="Jak", lang="en")
            assert guest.until(lambda m: m["type"] in ("joined", "error"))["type"] == "joined"
            page.wait_for_selector(".rooms__seat[data-seat='1'] >> text=Jak")
            check("waiting")
            reader.tap(".rooms-start")
            page.wait_for_selector("#demo[data-screen='table'] .rooms__board svg", timeout=15_000)
            view = guest.until(lambda m: m["type"] == "view" and m["started"])
            while not view["legal_moves"]:  # the reader's turn first: they play (a draw keeps the turn)
                mine = my_turn_view(reader, view["moves"] - 1)
                play_my_turn(reader)
                view = guest.until(lambda m: m["type"] == "view" and m["moves"] > mine["moves"])
            page.wait_for_selector(".rooms__table[data-my-turn='false']")
            check("table-others")
            while view["legal_moves"]:  # the guest's turn (a draw may be followed by a play or a pass)
                guest.send(type="play", move=view["legal_moves"][0])
                view = guest.until(lambda m: m["type"] == "view" and m["moves"] > view["moves"])
            view = my_turn_view(reader, view["moves"] - 1)
            several = next((move for move in view["legal"] if move["kind"] == "play"
                            and sum(m["tile"] == move["tile"] for m in view["legal"]) > 1), None)
            if several:  # a tile with several ends chosen: its ends on the table are buttons
                reader.tap(f".rooms__tile[data-tile='{max(several['tile'])}-{min(several['tile'])}']")
            check("table-mine")
            finish_the_match(rooms_server["server"], guest.room)
            page.wait_for_selector(".rooms-export")
            check("game-over")
            # who won, then how it was decided: the narrator's sentence the server sends with the result
            said = page.locator(".rooms__turn").inner_text()
            assert "null" not in said and "undefined" not in said and len(said.split(".")) >= 3, said
        finally:
            guest.close()
            reader.context.close()
        problems = [f"{width} {name}: {problem}" for name, problems in found.items() for problem in problems]
        assert not problems, "\n".join(problems)
