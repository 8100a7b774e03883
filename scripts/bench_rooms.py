"""Load benchmark of the rooms server (by hand): N simulated players in N/4 rooms of four people.

    .venv/bin/python scripts/bench_rooms.py --players 400 --seconds 30

Starts ``python -m engine rooms`` in a subprocess (a fresh SQLite file in a temporary folder, limits raised
for one address, computers without delay), opens every player's WebSocket from this process (asyncio), creates
and starts the rooms, and lets every player play the first legal move it is sent, at once (``--think`` adds a
pause). It reports:

- moves per second: moves that reached every seat of their room, over the measured time;
- p50/p95/max latency of a move: from the mover sending ``play`` to the last seat of the room receiving the
  view that carries it (``last.number``); stored in SQLite before it is sent, so the write is included;
- memory per room: the server's resident memory with every room started, less its memory before the first
  room, divided by the rooms;
- the server's CPU time a move (the figure that does not depend on how busy the machine is) and the share
  of a core the server and the players had.

The players run in the same machine (and here the same process) as the server: the figures are for the pair,
and on a busy machine they say more about the machine than the server. Prints JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
PER_ROOM = 4


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: str, players: int) -> tuple[subprocess.Popen, str]:
    command = [sys.executable, "-m", "engine", "rooms", "--port", "0", "--db", db, "--bot-delay", "0",
               "--grace", "3600", "--connections-per-address", str(players + 10),
               "--messages-per-second", "100000"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    match = re.search(r"(ws://\S+/ws)", line)
    if not match:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, match.group(1)


class Bench:
    def __init__(self, think: float) -> None:
        self.think = think
        self.sent: dict[tuple, float] = {}  # (room, move number) -> when its mover sent it
        self.arrived: dict[tuple, list] = {}  # (room, move number) -> arrival times, one per seat
        self.latencies: list[float] = []
        self.measuring = False
        self.moves_done = 0
        self.stop = asyncio.Event()

    async def player(self, ws, seat_count: int) -> None:
        played = set()
        async for text in ws:
            message = json.loads(text)
            if message["type"] != "view":
                continue
            room, last = message["room"], message["last"]
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
                    await asyncio.sleep(self.think)
                self.sent[(room, message["moves"] + 1)] = time.perf_counter()
                await ws.send(json.dumps({"type": "play", "move": message["legal_moves"][0]}))


async def _recv_type(ws, kind: str) -> dict:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message)


async def run(players: int, seconds: float, think: float, warmup: float, server_pid: int, url: str) -> dict:
    rooms = max(1, players // PER_ROOM)
    bench = Bench(think)
    before = rss_kib(server_pid)
    sockets = []
    for _ in range(rooms):
        host = await connect(url, max_size=2**20)
        await host.send(json.dumps({"type": "create", "game": "chicken-foot",
                                    "seats": [{"kind": "human"}] * PER_ROOM, "name": "Host"}))
        code = (await _recv_type(host, "joined"))["room"]
        guests = []
        for n in range(PER_ROOM - 1):
            guest = await connect(url, max_size=2**20)
            await guest.send(json.dumps({"type": "join", "room": code, "name": f"P{n}"}))
            await _recv_type(guest, "joined")
            guests.append(guest)
        sockets.append([host, *guests])
    tasks = [asyncio.ensure_future(bench.player(ws, PER_ROOM)) for seats in sockets for ws in seats]
    for seats in sockets:
        await seats[0].send(json.dumps({"type": "start"}))
    await asyncio.sleep(warmup)
    after = rss_kib(server_pid)
    bench.measuring = True
    started = time.perf_counter()
    server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
    await asyncio.sleep(seconds)
    bench.measuring = False
    elapsed = time.perf_counter() - started
    server_cpu, client_cpu = cpu_seconds(server_pid) - server_cpu, time.process_time() - client_cpu
    bench.stop.set()
    for seats in sockets:
        for ws in seats:
            await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(bench.latencies)

    def quantile(q: float) -> float | None:
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1) if latencies else None

    return {"players": rooms * PER_ROOM, "rooms": rooms, "seconds": round(elapsed, 1),
            "moves": bench.moves_done, "moves_per_second": round(bench.moves_done / elapsed, 1),
            "latency_ms": {"p50": quantile(0.5), "p95": quantile(0.95), "max": quantile(1.0),
                           "mean": round(1000 * statistics.fmean(latencies), 1) if latencies else None},
            "server_rss_mib": {"before": round(before / 1024, 1), "with_rooms": round(after / 1024, 1)},
            "kib_per_room": round((after - before) / rooms, 1), "load_average": os.getloadavg(),
            # machine-independent: what one move costs the server, and the share of a core it had
            "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, bench.moves_done), 2),
            "server_cpu_share": round(server_cpu / elapsed, 2), "client_cpu_share": round(client_cpu / elapsed, 2)}


def measure(players: int, seconds: float, think: float = 0.0, warmup: float = 1.0) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        server, url = start_server(str(Path(folder) / "bench.sqlite3"), players)
        try:
            return asyncio.run(run(players, seconds, think, warmup, server.pid, url))
        finally:
            server.terminate()
            server.wait(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time, after the warm-up")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--think", type=float, default=0.0, help="seconds each player waits before moving")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.players, args.seconds, args.think, args.warmup)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        lat = result["latency_ms"]
        print(f"{result['players']} players in {result['rooms']} rooms, {result['seconds']} s: "
              f"{result['moves_per_second']} moves/s; a move to every seat: p50 {lat['p50']} ms, p95 {lat['p95']} ms, "
              f"max {lat['max']} ms; server {result['server_rss_mib']['before']} → "
              f"{result['server_rss_mib']['with_rooms']} MiB, {result['kib_per_room']} KiB a room; "
              f"server CPU {result['server_cpu_ms_per_move']} ms a move, {result['server_cpu_share']} of a core "
              f"(players {result['client_cpu_share']}); load average {result['load_average']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
