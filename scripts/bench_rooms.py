"""Load benchmark of the rooms server (by hand): N simulated players in N/4 rooms of four people.

    .venv/bin/python scripts/bench_rooms.py --players 400 --seconds 20 --think 1

runs two measurements, one after the other, and prints them as a table: one server process storing in SQLite,
and two server processes sharing a redis-server (started by the script on a free port, or ``--redis URL``).
Each starts ``python -m engine rooms`` in subprocesses (a fresh SQLite file in a temporary folder, limits
raised for one address, computers without delay), opens every player's WebSocket from this process
(asyncio), creates the rooms, sends each seat's ``screen`` as the rooms page does (a phone's width, 328-380 px,
so the server draws every seat's table in every view; ``--no-screens``: views without pictures), starts the
rooms, and lets every player play the first legal move it is sent, ``--think`` seconds later on average (each
pause drawn between half and one and a half times it, as people differ: with one fixed pause every room
would move in the same instant, a burst of 100 moves a second, which families never make; ``--lockstep``
measures that burst). It reports:

- moves per second: moves that reached every seat of their room, over the measured time;
- p50/p95/max latency of a move: from the mover sending ``play`` to the last seat of the room receiving the
  view that carries it (``last.number``); stored in SQLite before it is sent, so the write is included;
- memory per room: the server's resident memory with every room started, less its memory before the first
  room, divided by the rooms;
- the server's CPU time a move (the figure that does not depend on how busy the machine is) and the share
  of a core the server and the players had.

The players run in the same machine (and here the same process) as the server: the figures are for the pair,
and on a busy machine they say more about the machine than the server. Prints JSON with ``--json``.

With Redis, N server processes (``--processes``, default 2) serve the rooms, the seats of every room spread
over them (seat i on process i mod N), so every move reaches its room through Redis pub/sub; memory and CPU
are the processes' sums (Redis's own aside). ``--only one`` or ``--only redis``: one of the two rows.

``--phone-bytes``: what one remote player's phone receives over a whole round of a 3-player room (one of
them a computer) with permessage-deflate on, as the rooms page asks for it (its 340-px table drawn by the
server in every view), counted on the wire (WebSocket frames, compressed; TCP and TLS aside), against the
same views' JSON uncompressed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
PER_ROOM = 4
# the table widths (CSS px) the rooms page reports on phones of 360-412 px: each seat of a room a different one
SCREEN_WIDTHS = (328, 344, 360, 380)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: str, players: int, redis: str | None = None,
                 profile: str | None = None) -> tuple[subprocess.Popen, str]:
    storage = ["--redis", redis] if redis else ["--db", db]
    profiling = ["-m", "cProfile", "-o", profile] if profile else []
    command = [sys.executable, *profiling, "-m", "engine", "rooms", "--port", "0", *storage, "--bot-delay", "0",
               "--grace", "3600", "--connections-per-address", str(players + 10),
               "--messages-per-second", "100000", "--rooms-per-hour", str(players)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    match = re.search(r"(ws://\S+/ws)", line)
    if not match:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, match.group(1)


def screen_message(seat: int) -> str:
    return json.dumps({"type": "screen", "width": SCREEN_WIDTHS[seat % len(SCREEN_WIDTHS)], "words": PHONE_WORDS})


class Bench:
    def __init__(self, think: float, lockstep: bool = False) -> None:
        self.think, self.lockstep = think, lockstep
        self.pauses = random.Random(23)
        self.sent: dict[tuple, float] = {}  # (room, move number) -> when its mover sent it
        self.arrived: dict[tuple, list] = {}  # (room, move number) -> arrival times, one per seat
        self.latencies: list[float] = []
        self.measuring = False
        self.moves_done = 0
        self.pictures = 0  # views that carried a drawn table
        self.stop = asyncio.Event()

    async def player(self, ws, seat_count: int) -> None:
        played = set()
        async for text in ws:
            message = json.loads(text)
            if message["type"] != "view":
                continue
            room, last = message["room"], message["last"]
            self.pictures += message["board"] not in (None, "same")
            if last is not None:
                key = (room, last["number"])
                arrivals = self.arrived.setdefault(key, [])
                arrivals.append(time.perf_counter())
                if len(arrivals) == seat_count and key in self.sent:
                    if self.measuring:
                        self.latencies.append(arrivals[-1] - self.sent.pop(key))
                        self.moves_done += 1
                    else:
                        self.sent.pop(key)
                    del self.arrived[key]
            if message["match_result"] is not None or self.stop.is_set():
                return
            if message["legal_moves"] and message["moves"] not in played:
                played.add(message["moves"])
                if self.think:
                    await asyncio.sleep(self.think * (1 if self.lockstep else self.pauses.uniform(0.5, 1.5)))
                self.sent[(room, message["moves"] + 1)] = time.perf_counter()
                await ws.send(json.dumps({"type": "play", "move": message["legal_moves"][0]}))


async def _recv_type(ws, kind: str) -> dict:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message)


async def run(players: int, seconds: float, think: float, warmup: float, server_pids: list, urls: list,
              screens: bool = True, lockstep: bool = False) -> dict:
    rooms = max(1, players // PER_ROOM)
    bench = Bench(think, lockstep)
    before = sum(rss_kib(pid) for pid in server_pids)
    sockets = []
    url = urls[0]
    for _ in range(rooms):
        host = await connect(urls[0], max_size=2**20)
        await host.send(json.dumps({"type": "create", "game": "chicken-foot",
                                    "seats": [{"kind": "human"}] * PER_ROOM, "name": "Host"}))
        code = (await _recv_type(host, "joined"))["room"]
        guests = []
        for n in range(PER_ROOM - 1):
            guest = await connect(urls[(n + 1) % len(urls)], max_size=2**20)
            await guest.send(json.dumps({"type": "join", "room": code, "name": f"P{n}"}))
            await _recv_type(guest, "joined")
            guests.append(guest)
        sockets.append([host, *guests])
        if screens:
            for seat, ws in enumerate(sockets[-1]):
                await ws.send(screen_message(seat))
    tasks = [asyncio.ensure_future(bench.player(ws, PER_ROOM)) for seats in sockets for ws in seats]
    for seats in sockets:
        await seats[0].send(json.dumps({"type": "start"}))
    await asyncio.sleep(warmup)
    after = sum(rss_kib(pid) for pid in server_pids)
    bench.measuring = True
    started = time.perf_counter()
    server_cpu, client_cpu = sum(map(cpu_seconds, server_pids)), time.process_time()
    await asyncio.sleep(seconds)
    bench.measuring = False
    elapsed = time.perf_counter() - started
    server_cpu, client_cpu = sum(map(cpu_seconds, server_pids)) - server_cpu, time.process_time() - client_cpu
    bench.stop.set()
    for seats in sockets:
        for ws in seats:
            await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(bench.latencies)

    def quantile(q: float) -> float | None:
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1) if latencies else None

    return {"players": rooms * PER_ROOM, "rooms": rooms, "processes": len(urls), "seconds": round(elapsed, 1),
            "moves": bench.moves_done, "moves_per_second": round(bench.moves_done / elapsed, 1),
            "latency_ms": {"p50": quantile(0.5), "p95": quantile(0.95), "max": quantile(1.0),
                           "mean": round(1000 * statistics.fmean(latencies), 1) if latencies else None},
            "server_rss_mib": {"before": round(before / 1024, 1), "with_rooms": round(after / 1024, 1)},
            "kib_per_room": round((after - before) / rooms, 1), "pictures": bench.pictures,
            "load_average": os.getloadavg(),
            # machine-independent: what one move costs the server, and the share of a core it had
            "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, bench.moves_done), 2),
            "server_cpu_share": round(server_cpu / elapsed, 2), "client_cpu_share": round(client_cpu / elapsed, 2)}


def measure(players: int, seconds: float, think: float = 0.0, warmup: float = 1.0, redis: str | None = None,
            processes: int = 1, screens: bool = True, profile: str | None = None, lockstep: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        servers = [start_server(str(Path(folder) / "bench.sqlite3"), players, redis, profile if n == 0 else None)
                   for n in range(processes if redis else 1)]
        try:
            return asyncio.run(run(players, seconds, think, warmup, [server.pid for server, _ in servers],
                                   [url for _, url in servers], screens, lockstep))
        finally:
            for server, _ in servers:
                server.terminate()
                server.wait(10)


PHONE_WORDS = {"table": "The table", "table_desc": "The dominoes on the table, with the ends you may play on.",
               "trains": {"mx": "Mexican train", "0": "your train", "1": "Ana", "2": "Computer 3"}}


async def phone_round(url: str, width: int) -> dict:
    """One round of a 3-player room (two people and a computer): the bytes the phone's WebSocket received."""
    from websockets.asyncio.client import ClientConnection

    class Counted(ClientConnection):
        wire = 0

        def data_received(self, data: bytes) -> None:
            Counted.wire += len(data)
            super().data_received(data)

    phone = await connect(url, max_size=2**22, create_connection=Counted)
    other = await connect(url, max_size=2**22)
    await phone.send(json.dumps({"type": "create", "game": "chicken-foot", "name": "Ti Jak", "lang": "ht",
                                 "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}]}))
    code = (await _recv_type(phone, "joined"))["room"]
    await other.send(json.dumps({"type": "join", "room": code, "name": "Ana"}))
    await _recv_type(other, "joined")
    for ws in (phone, other):
        await ws.send(json.dumps({"type": "screen", "width": width, "words": PHONE_WORDS}))
    Counted.wire, plain, views, moves = 0, 0, 0, 0
    await phone.send(json.dumps({"type": "start"}))

    async def play_other():
        async for text in other:
            message = json.loads(text)
            if message["type"] == "view" and message["legal_moves"]:
                await other.send(json.dumps({"type": "play", "move": message["legal_moves"][0]}))

    helper = asyncio.ensure_future(play_other())
    played = set()
    async for text in phone:
        plain += len(text.encode())
        message = json.loads(text)
        if message["type"] != "view":
            continue
        views += 1
        if message["round_result"] is not None:
            moves = message["moves"]
            break
        if message["legal_moves"] and message["moves"] not in played:
            played.add(message["moves"])
            await phone.send(json.dumps({"type": "play", "move": message["legal_moves"][0]}))
    helper.cancel()
    for ws in (phone, other):
        await ws.close()
    return {"width": width, "moves": moves, "views": views, "wire_kib": round(Counted.wire / 1024, 1),
            "uncompressed_kib": round(plain / 1024, 1)}


def measure_phone(width: int = 340, rounds: int = 3) -> list:
    with tempfile.TemporaryDirectory() as folder:
        server, url = start_server(str(Path(folder) / "bench.sqlite3"), 10)
        try:
            return [asyncio.run(phone_round(url, width)) for _ in range(rounds)]
        finally:
            server.terminate()
            server.wait(10)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_redis() -> tuple[subprocess.Popen | None, str | None]:
    """A redis-server of the benchmark's own on a free 127.0.0.1 port (no disk); (None, None) without one."""
    binary = os.environ.get("REDIS_SERVER") or shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(binary).exists():
        return None, None
    port = free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                                "no"], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    process.kill()
    return None, None


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} cores)"


def table(rows: list[tuple[str, dict]]) -> str:
    lines = ["| Servers | Moves/s | p50 | p95 | max | Memory a room | Server CPU a move "
             "| Share of a core: servers, players |",
             "|---|---|---|---|---|---|---|---|"]
    for name, result in rows:
        lat = result["latency_ms"]
        lines.append(f"| {name} | {result['moves_per_second']} | {lat['p50']} ms | {lat['p95']} ms | {lat['max']} ms "
                     f"| {result['kib_per_room']} KiB | {result['server_cpu_ms_per_move']} ms "
                     f"| {result['server_cpu_share']}, {result['client_cpu_share']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time, after the warm-up")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each player waits before moving, on average (0.5-1.5 times it)")
    parser.add_argument("--lockstep", action="store_true", help="every pause exactly --think: rooms move in bursts")
    parser.add_argument("--redis", help="a Redis URL for the second row (default: a redis-server of its own)")
    parser.add_argument("--processes", type=int, default=2, help="server processes sharing Redis")
    parser.add_argument("--only", choices=("one", "redis"), help="only one of the two rows")
    parser.add_argument("--no-screens", action="store_true", help="no seat sends its screen: no tables drawn")
    parser.add_argument("--profile", help="run the (first) server under cProfile, its statistics to this file")
    parser.add_argument("--phone-bytes", action="store_true", help="bytes a phone receives over a round, instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.phone_bytes:
        for row in measure_phone():
            print(json.dumps(row) if args.json else
                  f"a 3-player round of {row['moves']} moves: {row['views']} views, {row['wire_kib']} KiB on the wire "
                  f"with permessage-deflate ({row['uncompressed_kib']} KiB of JSON), table drawn for {row['width']} px")
        return 0
    screens = not args.no_screens
    began, load_before, rows = time.monotonic(), load_average(), []
    if args.only != "redis":
        rows.append(("one process, SQLite", measure(args.players, args.seconds, args.think, args.warmup,
                                                    screens=screens, profile=args.profile, lockstep=args.lockstep)))
    if args.only != "one":
        redis_server, url = (None, args.redis) if args.redis else start_redis()
        try:
            if url is None:
                print("no redis-server found (REDIS_SERVER or PATH): the Redis row is left out", file=sys.stderr)
            else:
                rows.append((f"{args.processes} processes, Redis",
                             measure(args.players, args.seconds, args.think, args.warmup, url, args.processes,
                                     screens, lockstep=args.lockstep)))
        finally:
            if redis_server is not None:
                redis_server.terminate()
                redis_server.wait(10)
    if args.json:
        print(json.dumps({name: result for name, result in rows}, indent=2))
        return 0
    players, rooms = rows[0][1]["players"], rows[0][1]["rooms"]
    pause = f"exactly {args.think:g} s" if args.lockstep else f"{args.think / 2:g}-{args.think * 1.5:g} s"
    print(f"{players} players in {rooms} rooms, thinking {pause} a move, {args.seconds:g} s measured each; "
          + ("every seat's table drawn for its screen (328-380 px)" if screens else "no tables drawn (--no-screens)"))
    print(f"load average before: {load_before}; after: {load_average()}; took {time.monotonic() - began:.0f} s")
    print(table(rows))
    print("p50/p95/max: from a player sending its move to the last seat of its room receiving the view with it "
          "(stored first). Memory: resident growth with the rooms started, over the rooms. CPU: the servers' "
          "user+system time over the moves served (Redis's aside).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
