"""The rooms server: one WebSocket at ``/ws``, ``GET /health``, on the ``websockets`` package (README.md says
why). Everything a room does happens in one asyncio loop without an ``await`` between changing a room,
storing it and sending every seat its view, so two messages never interleave inside one room's change.

Order of every change: the engine checks it, the store writes it, then (only then) the seats hear of it. A
move the store could not write is taken back and refused (``storage-failed``).
"""

from __future__ import annotations

import asyncio
import http
import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Optional
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request

from ..errors import RecordError
from . import codes
from .limits import AddressBook, Limits
from .protocol import ProtocolError, read_message
from .redis_store import BOT_CLAIM_SECONDS, CHANNEL, StaleRoom
from .room import Room, now
from .sentences import PHRASES, phrase_message
from .store import Store

log = logging.getLogger("engine.rooms")

MAX_FRAME_BYTES = 64 * 1024  # larger frames: websockets closes with 1009; up to here: a "too-large" error
MAX_BACKLOG_BYTES = 1024 * 1024  # unsent data a connection may pile up (a few hundred compressed views)
RECLAIM_SECONDS = 300.0  # a dropped person may take their seat back this long
GRACE_SECONDS = 20.0  # a dropped person's turn waits this long before the computer plays it
PRESENCE_SECONDS = 15.0  # shared rooms: a killed process's seats are shown away after at most this long


KEEP_FINISHED_SECONDS = 24 * 3600.0  # a finished room stays this long (its players may still export it)
KEEP_IDLE_SECONDS = 3 * 24 * 3600.0  # a room nobody has changed or connected to for this long is deleted
SWEEP_SECONDS = 600.0  # how often rooms are looked over for deleting


@dataclass
class Settings:
    grace: float = GRACE_SECONDS
    reclaim: float = RECLAIM_SECONDS
    bot_delay: float = 0.8  # seconds a computer "thinks" before it moves, so people can follow
    origins: Optional[tuple] = None  # allowed Origin headers; None: the page's own host only
    limits: Limits = None  # type: ignore[assignment]
    trusted_proxies: tuple = ()  # addresses whose X-Forwarded-For names the client (a reverse proxy's)
    keep_finished: float = KEEP_FINISHED_SECONDS
    keep_idle: float = KEEP_IDLE_SECONDS
    presence: float = PRESENCE_SECONDS  # shared rooms: how long a process's liveness lasts unrefreshed

    def __post_init__(self) -> None:
        if self.limits is None:
            self.limits = Limits()


class Client:
    __slots__ = ("ws", "address", "room", "seat", "id")

    def __init__(self, ws: ServerConnection, address: str, process: str = "") -> None:
        self.ws, self.address = ws, address
        # names the connection holding a seat, and (shared rooms) the process it is connected to
        self.id = f"{process}.{secrets.token_hex(8)}"
        self.room: Optional[Room] = None
        self.seat: Optional[int] = None

    def send(self, message: dict) -> None:
        # broadcast() never waits: a room's change reaches every seat without yielding to another message.
        # It does not wait for a slow reader either, so a connection that stopped reading is cut off before
        # its backlog grows (it comes back with its token).
        transport = self.ws.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_BACKLOG_BYTES:
            transport.abort()
            return
        broadcast([self.ws], json.dumps(message, separators=(",", ":")))


def client_address(remote: str, forwarded: Optional[str], trusted: tuple) -> str:
    """The address the limits count: the connection's, or, when it comes from a trusted reverse proxy, the
    last address of X-Forwarded-For that is not itself a trusted proxy (the left part of the header is
    whatever the client wrote, so it is never believed)."""
    if remote not in trusted or not forwarded:
        return remote
    for hop in reversed([part.strip() for part in forwarded.split(",")]):
        if hop and hop not in trusted:
            return hop
    return remote


class RoomServer:
    def __init__(self, store: Store, settings: Optional[Settings] = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.book = AddressBook(self.settings.limits)
        self.rooms: dict[str, Room] = {}
        self._bots: dict[str, asyncio.Task] = {}
        self._server = None
        self._stopping = False
        self._listener = None
        self._presence = None
        self.me = secrets.token_hex(6)  # this process, in the messages shared rooms publish

    # --- starting and stopping --------------------------------------------------------------------------

    def resume_stored(self) -> int:
        """Every stored room back in memory, its match replayed from its record; returns how many. Shared rooms
        keep who is connected (other processes may be serving them); one process's own rooms have nobody."""
        started = None if self.store.shared else now()
        for code, record, meta in self.store.rooms():
            try:
                self.rooms[code] = Room.restore(code, record, meta, started)
            except (RecordError, KeyError, TypeError) as error:  # a damaged row must not stop the others
                log.error("room %s not resumed: %s", code, error)
        return len(self.rooms)

    async def start(self, host: str, port: int):
        if self.store.shared:  # alive before any connection here holds a seat
            self.store.keep_alive(self.me, self.settings.presence)
        self.resume_stored()
        for room in self.rooms.values():
            self.schedule_bots(room)
        self._server = await serve(self.handle, host, port, process_request=self.process_request,
                                   max_size=MAX_FRAME_BYTES, compression="deflate")
        self._sweeper = asyncio.ensure_future(self._sweep_every(SWEEP_SECONDS))
        if self.store.shared:
            pubsub = self.store.subscriber()
            await pubsub.subscribe(CHANNEL)
            self._listener = asyncio.ensure_future(self._listen(pubsub))
            self._presence = asyncio.ensure_future(self._keep_presence())
        return self._server

    @property
    def port(self) -> int:
        return self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        self._stopping = True  # closing connections marks people away: no computer may start playing now
        self._sweeper.cancel()
        for task in (self._listener, self._presence):
            if task is not None:
                task.cancel()
        for task in self._bots.values():
            task.cancel()
        self._server.close()
        await self._server.wait_closed()
        await asyncio.gather(*self._bots.values(), return_exceptions=True)
        if self.store.shared:
            self.store.gone(self.me)
        self.store.close()

    # --- HTTP before the upgrade ------------------------------------------------------------------------

    def origin_allowed(self, request: Request) -> bool:
        """No Origin header: not a browser (a browser always sends one on a WebSocket), which could forge it
        anyway. Otherwise one of the configured origins, or by default the host the page was served from."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        if self.settings.origins is not None:
            return origin in self.settings.origins
        return urlsplit(origin).netloc.lower() == (request.headers.get("Host") or "").lower()

    def process_request(self, connection: ServerConnection, request: Request):
        path = request.path.split("?", 1)[0]
        if path == "/health":
            return connection.respond(http.HTTPStatus.OK, "ok\n")
        if path != "/ws":
            return connection.respond(http.HTTPStatus.NOT_FOUND, "not found\n")
        if not self.origin_allowed(request):
            return connection.respond(http.HTTPStatus.FORBIDDEN, "origin not allowed\n")
        if not self.book.may_connect(self.address_of(connection.remote_address[0], request)):
            return connection.respond(http.HTTPStatus.TOO_MANY_REQUESTS, "too many connections\n")
        return None

    # --- one connection ---------------------------------------------------------------------------------

    def address_of(self, remote: str, request: Request) -> str:
        return client_address(remote, request.headers.get("X-Forwarded-For"), self.settings.trusted_proxies)

    async def handle(self, ws: ServerConnection) -> None:
        address = self.address_of(ws.remote_address[0], ws.request)
        if not self.book.may_connect(address):
            await ws.close(1008, "too-many-connections")
            return
        self.book.opened(address)
        client = Client(ws, address, self.me)
        refused = 0
        try:
            async for text in ws:
                if refused >= self.settings.limits.refusals_before_close:
                    continue  # closing: what is still queued is read and dropped, so the close completes
                if not self.book.may_send(address):
                    refused += 1
                    client.send(ProtocolError("rate-limited").to_message())
                    if refused >= self.settings.limits.refusals_before_close:
                        # not awaited here: a full incoming queue pauses reading, and the client's close
                        # frame would never be read
                        asyncio.ensure_future(ws.close(1008, "rate-limited"))
                    continue
                try:
                    self.dispatch(client, read_message(text))
                except ProtocolError as error:
                    client.send(error.to_message())
        except ConnectionClosed:
            pass  # closed with an error code (a flood, a frame too large, a dropped network): nothing to add
        finally:
            self.book.closed(address)
            self.dropped(client)

    def dispatch(self, client: Client, message: dict) -> None:
        """Judge the message; a shared room another process changed first is reloaded and it is judged again
        (once: a room that changes under every try is refused as not stored)."""
        try:
            self._dispatch(client, message)
        except StaleRoom as stale:
            self.reload(str(stale))
            try:
                self._dispatch(client, message)
            except StaleRoom:
                raise ProtocolError("storage-failed") from None

    def _dispatch(self, client: Client, message: dict) -> None:
        kind = message["type"]
        if kind in ("create", "join", "resume"):
            if client.room is not None:
                raise ProtocolError("already-in-room")
            getattr(self, "on_" + kind)(client, message)
            return
        if client.room is None:
            raise ProtocolError("not-in-room")
        getattr(self, "on_" + kind)(client, message)

    # --- messages ---------------------------------------------------------------------------------------

    def _new_code(self) -> str:
        while True:
            code = codes.new_code()
            if code not in self.rooms and not self.store.exists(code):
                return code

    def on_create(self, client: Client, message: dict) -> None:
        if not self.book.may_create(client.address):
            raise ProtocolError("rate-limited")  # every room is held in memory: one address may not fill it
        room = Room.create(self._new_code(), message["game"], message["rules"], message["seats"])
        token = room.take_seat(0, message["name"], message["lang"], client.id)
        self._save(room)
        self.book.created(client.address)
        self.rooms[room.code] = room
        self._seat(client, room, 0, token)

    def _find(self, client: Client, text: str) -> Room:
        if not self.book.may_guess(client.address):
            raise ProtocolError("too-many-guesses")
        code = codes.normal_code(text)
        room = self.rooms.get(code) or (self.reload(code) if code else None)
        if room is None:
            self.book.wrong_guess(client.address)
            raise ProtocolError("no-such-room")
        return room

    def on_join(self, client: Client, message: dict) -> None:
        room = self._find(client, message["room"])
        seat = room.free_seat()
        if seat is None:
            raise ProtocolError("already-started" if room.started else "room-full")
        token = room.take_seat(seat, message["name"], message["lang"], client.id)
        self._save(room)
        self._seat(client, room, seat, token)

    def on_resume(self, client: Client, message: dict) -> None:
        room = self._find(client, message["room"])
        seat = room.seat_of_token(message["token"])
        if seat is None:
            self.book.wrong_guess(client.address)
            raise ProtocolError("bad-token")
        place = room.seats[seat]
        if place.lost or (room.started and place.away_since is not None
                          and now() - place.away_since > self.settings.reclaim):
            if not place.lost:
                place.lost = True
                self._save(room)
            raise ProtocolError("seat-lost")
        place.connected, place.away_since, place.holder = True, None, client.id
        self._save(room)  # the newest connection wins, here or (shared rooms) in another process
        self._replace_old(room)
        self._seat(client, room, seat, message["token"])

    def _replace_old(self, room: Room) -> None:
        """Close this process's connections whose seat is now held by a newer one (here or elsewhere)."""
        for seat, old in list(room.connections.items()):
            if room.seats[seat].holder != old.id:
                del room.connections[seat]
                old.room = old.seat = None
                asyncio.ensure_future(old.ws.close(4000, "replaced"))

    def _seat(self, client: Client, room: Room, seat: int, token: str) -> None:
        client.room, client.seat = room, seat
        room.new_page(seat)  # a new page has no picture and no log yet
        room.connections[seat] = client
        client.send({"type": "joined", "room": room.code, "code": codes.shown_code(room.code), "seat": seat,
                     "token": token, "host": seat == 0, "phrases": PHRASES})
        self.send_views(room)

    def on_start(self, client: Client, message: dict) -> None:
        room = client.room
        if client.seat != 0:
            raise ProtocolError("not-host")
        if room.started:
            raise ProtocolError("already-started")
        room.started = True
        try:
            self._save(room)
        except ProtocolError:
            room.started = False
            raise
        self.send_views(room)
        self.schedule_bots(room)

    def on_play(self, client: Client, message: dict) -> None:
        room = client.room
        played_in = room.match.round_index
        move = room.play(client.seat, message["move"])
        self._commit(room, client.seat, str(move), played_in)
        self.schedule_bots(room)

    def on_phrase(self, client: Client, message: dict) -> None:
        said = phrase_message(client.seat, message["phrase"])
        self.tell_local(client.room.code, said)
        self.store.publish({"kind": "phrase", "code": client.room.code, "sender": self.me, "message": said})

    def tell_local(self, code: str, message: dict) -> None:
        room = self.rooms.get(code)
        for other in (room.connections.values() if room else ()):
            other.send(message)

    def on_screen(self, client: Client, message: dict) -> None:
        """The seat's screen changed (or it just came): its own view again, drawn for it."""
        room = client.room
        room.screens[client.seat] = {key: message[key] for key in ("width", "theme", "words")}
        room.drawn.pop(client.seat, None)
        client.send(room.view_for(client.seat))

    # --- storing and telling ----------------------------------------------------------------------------

    def _save(self, room: Room) -> None:
        room.updated = time.time()
        try:
            room.version = self.store.save(room.code, room.record(), room.meta(), room.version)
        except StaleRoom:
            raise
        except Exception as error:  # noqa: BLE001 - any storage failure refuses the change
            log.error("room %s not stored: %s", room.code, error)
            raise ProtocolError("storage-failed") from None
        self.store.publish({"kind": "change", "code": room.code, "version": room.version, "sender": self.me})

    # --- shared rooms: another process changed one ------------------------------------------------------

    def reload(self, code: str) -> Optional[Room]:
        """The room as stored now (shared rooms), in place of this process's copy: its connections here
        carried over, those whose seat is now held elsewhere closed; None if there is no such room."""
        row = self.store.load(code)
        if row is None:
            return None
        record, meta, version = row
        fresh = Room.restore(code, record, {**meta, "version": version}, None)
        old = self.rooms.get(code)
        if old is not None:
            fresh.connections, fresh.screens = old.connections, old.screens
            fresh.told = old.told  # the log each page has: another process's change adds to it
            for client in fresh.connections.values():
                client.room = fresh
        self.rooms[code] = fresh
        self._replace_old(fresh)
        return fresh

    def on_remote(self, message: dict) -> None:
        """A message another process published: a stored change (reload, then tell our connections) or a
        quick phrase (tell our connections)."""
        if message.get("sender") == self.me:
            return
        code = message.get("code")
        if message.get("kind") == "phrase":
            self.tell_local(code, message["message"])
            return
        room = self.rooms.get(code)
        if room is not None and room.version >= message.get("version", 0):
            return
        # a room made since this process started is loaded too: if the process serving it goes away, this
        # one plays its computers and marks its seats away
        room = self.reload(code)
        if room is not None:
            self.send_views(room, room.last)
            self.schedule_bots(room)

    async def _listen(self, pubsub) -> None:
        async for message in pubsub.listen():
            if message.get("type") == "message":
                try:
                    self.on_remote(json.loads(message["data"]))
                except Exception as error:  # noqa: BLE001 - one bad message must not stop the fan-out
                    log.error("shared change not applied: %s", error)

    def _commit(self, room: Room, seat: int, move: str, played_in: int) -> None:
        """A move already pushed (in round ``played_in``): stored, or taken back; then every seat's view."""
        before, room.last = room.last, {"seat": seat, "move": move, "round": played_in,
                                        "number": len(room.match.moves)}
        try:
            self._save(room)
        except ProtocolError:
            room.match.pop()
            room.last = before
            raise
        self.send_views(room, room.last)

    def send_views(self, room: Room, last: Optional[dict] = None) -> None:
        # every view made before the first is sent: a send may hand the CPU to a reader on this machine, and
        # the last seat would wait for the pictures of the others drawn after it
        views = [(client, room.view_for(seat, last)) for seat, client in room.connections.items()]
        for client, view in views:
            client.send(view)

    def dropped(self, client: Client) -> None:
        room, seat = client.room, client.seat
        if room is None or room.connections.get(seat) is not client:
            return
        del room.connections[seat]
        for attempt in range(2):
            place = room.seats[seat]
            if place.holder != client.id:
                return  # taken up by a newer connection elsewhere
            place.connected, place.away_since = False, now()
            try:
                self._save(room)
                break
            except StaleRoom:
                room = self.reload(room.code)
                if room is None:
                    return
            except ProtocolError:
                break  # not stored: the others still see the seat away in this process
        self.send_views(room)
        self.schedule_bots(room)

    # --- shared rooms: a process killed without its shutdown --------------------------------------------

    async def _keep_presence(self) -> None:
        """Keep this process shown alive, and mark away the seats held on processes that are not."""
        while True:
            await asyncio.sleep(self.settings.presence / 3)
            try:
                self.store.keep_alive(self.me, self.settings.presence)
                self.check_presence()
            except Exception as error:  # noqa: BLE001 - Redis away for a moment: the next beat tries again
                log.error("presence not checked: %s", error)

    def check_presence(self) -> list[str]:
        """Seats shown connected through a process that stopped refreshing its liveness (killed: its
        connections never closed) are marked away from now, so the grace period and the computer start; a
        seat this process still holds but another marked away (this process froze past its liveness) is
        shown connected again. Returns the codes of the rooms changed."""
        foreign: dict[str, list[str]] = {}  # process -> the codes of rooms where it holds a connected seat
        for code, room in self.rooms.items():
            for place in room.seats:
                process = place.holder.split(".", 1)[0] if place.connected and "." in place.holder else self.me
                if process != self.me:
                    foreign.setdefault(process, []).append(code)
        dead = set(foreign) - self.store.living(sorted(foreign)) if foreign else set()
        codes_ = {code for process in dead for code in foreign[process]}
        codes_ |= {code for code, room in self.rooms.items() if any(
            not room.seats[seat].connected and room.seats[seat].holder == client.id
            for seat, client in room.connections.items())}
        changed = [code for code in sorted(codes_) if self._fix_presence(code, dead)]
        if changed:
            log.info("presence corrected in %d rooms (processes gone: %d)", len(changed), len(dead))
        return changed

    def _fix_presence(self, code: str, dead: set) -> bool:
        for attempt in range(2):
            room = self.rooms.get(code)
            if room is None:
                return False
            changed = False
            for seat, place in enumerate(room.seats):
                client = room.connections.get(seat)
                if client is not None and place.holder == client.id:
                    if not place.connected:
                        place.connected, place.away_since, changed = True, None, True
                elif place.connected and place.holder.split(".", 1)[0] in dead:
                    place.connected, place.away_since, changed = False, now(), True
            if not changed:
                return False
            try:
                self._save(room)
                break
            except StaleRoom:
                self.reload(code)  # changed meanwhile elsewhere: judged again on the stored room
            except ProtocolError:
                return False
        else:
            return False
        self.send_views(room)
        self.schedule_bots(room)
        return True

    # --- deleting finished and abandoned rooms ---------------------------------------------------------

    def sweep(self, wall: Optional[float] = None) -> list[str]:
        """Delete the rooms nobody is connected to that finished ``keep_finished`` ago, or that nobody has
        changed for ``keep_idle``; returns their codes. Their seat tokens die with them."""
        wall = time.time() if wall is None else wall
        self.book.prune()
        gone = []
        for code, room in list(self.rooms.items()):
            if room.connections or any(place.connected for place in room.seats):
                continue
            keep = self.settings.keep_finished if room.match.is_over else self.settings.keep_idle
            if wall - room.updated < keep:
                continue
            try:
                self.store.delete(code)
            except Exception as error:  # noqa: BLE001 - kept for the next sweep
                log.error("room %s not deleted: %s", code, error)
                continue
            task = self._bots.pop(code, None)
            if task is not None:
                task.cancel()
            del self.rooms[code]
            gone.append(code)
        if gone:
            log.info("deleted %d finished or abandoned rooms", len(gone))
        return gone

    async def _sweep_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            self.sweep()

    # --- computers --------------------------------------------------------------------------------------

    def schedule_bots(self, room: Room) -> None:
        """(Re)start the room's computer player after any change. A running one is cancelled first: it may
        be asleep until an away person's grace ends, and must not sleep through a turn that is now a
        computer's. It can only be cancelled at an ``await``, never between a move and its storing."""
        if self._stopping:
            return
        task = self._bots.get(room.code)
        if task is not None and not task.done():
            task.cancel()
        self._bots[room.code] = asyncio.ensure_future(self._run_bots(room))

    async def _run_bots(self, room: Room) -> None:
        """Play every computer turn, and a person's once they are away past the grace period."""
        settings = self.settings
        while room.started and not room.match.is_over:
            seat = room.match.hand.turn
            place = room.seats[seat]
            if not room.computer_plays(seat, now(), settings.grace):
                if place.connected or place.away_since is None:
                    return  # a person here to play: their move schedules us again
                await asyncio.sleep(place.away_since + settings.grace - now() + 0.005)
                continue
            await asyncio.sleep(settings.bot_delay)
            if room.match.is_over or room.match.hand.turn != seat or not room.computer_plays(seat, now(),
                                                                                             settings.grace):
                continue  # someone came back, or moved, while we waited
            if place.kind == "human" and place.away_since is not None and not place.lost \
                    and now() - place.away_since > settings.reclaim:
                place.lost = True
            if not self.store.claim_bot(room.code, self.me):
                await asyncio.sleep(BOT_CLAIM_SECONDS / 2)  # another process plays it; its move reloads us
                continue
            played_in, number = room.match.round_index, len(room.match.moves)
            # the strongest level searches for ~100 ms: in a thread, so the loop keeps serving other rooms
            choice = await asyncio.to_thread(room.bot_choice)
            if len(room.match.moves) != number or not room.computer_plays(seat, now(), settings.grace):
                continue  # the person came back while it thought: their turn again
            move = room.push_bot_move(choice)
            try:
                self._commit(room, seat, str(move), played_in)
            except StaleRoom:
                fresh = self.reload(room.code)  # another process moved first: play on from its position
                if fresh is not None:
                    self.send_views(fresh)
                    self.schedule_bots(fresh)
                return
            except ProtocolError:
                return  # not stored: the move was taken back; the next change tries again

