"""Rooms shared by two server processes through a real redis-server: players on different processes play
one room, moves and phrases fan out by pub/sub, a dropped player comes back through the other process,
and a computer seat is played once, not once per process.

The redis-server is started here on 127.0.0.1 on a free port (no disk, no service) and stopped after;
`make test` finds or installs it (scripts/find-redis.sh), as it does Chromium."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rooms_client import COMPUTER, HUMAN, Player, create_room, join_room
from test_rooms_play import _play, _round_over
from tool_paths import tool_path

from engine import records
from engine.rooms import room_log

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def redis_url():
    import redis

    port = _free_port()
    process = subprocess.Popen([tool_path("REDIS_SERVER", "find-redis.sh", "redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--daemonize", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("redis-server did not start", pytrace=False)
            time.sleep(0.05)
    yield url
    client.close()
    process.terminate()
    process.wait(10)


@pytest.fixture
def server_processes(redis_url, tmp_path):
    """``start(*options)``: two server processes on the test's Redis (flushed first), with these options too."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    started, logs = [], []

    def start(*options) -> list:
        processes = []
        for number in range(2):  # both started before either is waited for: each takes a second to start
            logs.append(tmp_path / f"rooms-{len(logs)}.log")
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "engine", "rooms", "--port", "0", "--redis", redis_url, "--grace", "0.5",
                 "--bot-delay", "0", "--messages-per-second", "500", *options],
                cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=logs[-1].open("w")))
        for process in processes:
            line = process.stdout.readline()
            started.append((process, f"ws://127.0.0.1:{re.search(r':(\d+)/ws', line).group(1)}/ws"))
        return started[-2:]

    yield start
    for process, _ in started:
        process.terminate()
    for process, _ in started:
        process.wait(10)
    for log in logs:  # nothing went wrong on either side (a change not applied, a room not stored)
        problems = [line for line in log.read_text().splitlines() if "not " in line or "Traceback" in line]
        assert not problems, problems


@pytest.fixture
def two_processes(server_processes):
    return [url for _, url in server_processes()]


def test_players_on_two_processes_share_one_room_through_redis(two_processes, redis_url):
    import redis

    first, second = two_processes
    host, guest = Player(first), Player(second)
    try:
        joined = create_room(host, [HUMAN, HUMAN, COMPUTER], name="Grann", lang="ht")
        assert join_room(guest, joined["code"], "Jo")["seat"] == 1  # a room made on the other process
        host.until(lambda m: m["type"] == "view" and m["seats"][1]["name"] == "Jo")  # fanned out to the host
        host.send(type="start")
        guest.until(lambda m: m["type"] == "view" and m["started"])
        guest.send(type="phrase", phrase="good-game")
        # its sentence comes from the sender's process
        assert host.until(lambda m: m["type"] == "phrase")["say"]["text"] == "Good game!"
        _play([host, guest], _round_over, timeout=60)
        # both processes tell the same game: at every move both heard of, the same table and the same result
        def tables(player):
            return {m["moves"]: (m["table"]["layout"], m["round_result"]) for m in player.received
                    if m["type"] == "view" and m["started"]}
        a, b = tables(host), tables(guest)
        common = set(a) & set(b)
        assert len(common) > 20 and all(a[n] == b[n] for n in common)
        stored = redis.Redis.from_url(redis_url, decode_responses=True).hget(f"rooms:room:{host.room}", "record")
        match = records.replay_record(stored)  # every move checked again: nobody played twice
        # the host's log tells every event once, in order: each view's part starts where the last one ended.
        # Its "last" (the move to highlight) may skip one: two changes stored on the other process before
        # this one reloads are shown as one view, the newest move highlighted and both moves in its log.
        logged = [(m["log_start"], m["log_end"]) for m in host.received if m["type"] == "view" and "log_start" in m]
        assert all(end == start for (_, end), (start, _) in zip(logged, logged[1:])), logged
        # the whole first round (the computer may have begun the next one since the host's last view)
        assert len(match.finished_hands[0].log) <= logged[-1][1] <= room_log.event_count(match)
        told = [i["i"] for m in host.received if m["type"] == "view" for i in m.get("log", ())]
        assert told == sorted(set(told))
        moves = [m["last"] for m in host.received if m["type"] == "view" and m["last"]]
        numbers = [last["number"] for last in moves]
        assert numbers == sorted(numbers) and numbers[-1] <= len(match.moves)  # never back
        assert any(last["seat"] == 2 for last in moves)  # the computer's seat played too

        # the guest drops from the second process and takes the seat back through the first, with its token
        token = guest.token
        guest.close()
        host.until(lambda m: m["type"] == "view" and m["seats"][1]["away"])
        back = Player(first)
        try:
            back.send(type="resume", room=host.room, token=token)
            assert back.until(lambda m: m["type"] == "joined")["seat"] == 1
            host.until(lambda m: m["type"] == "view" and not m["seats"][1]["away"])
        finally:
            back.close()
    finally:
        host.close()
        guest.close()


def test_the_seats_of_a_frozen_or_killed_process_are_shown_away_and_played_for_after_the_grace(server_processes):
    """A process that stops refreshing its liveness (frozen by SIGSTOP, or killed by SIGKILL: its connections
    never close) has its seats marked away by the other process; the away person's level plays after the
    grace. A frozen process that comes back shows its own seats connected again."""
    (first, first_url), (second, second_url) = server_processes("--presence", "0.6")
    host, guest = Player(first_url), Player(second_url)
    try:
        joined = create_room(host, [HUMAN, HUMAN])
        join_room(guest, joined["code"], "Jo")
        host.send(type="start")
        guest.until(lambda m: m["type"] == "view" and m["started"])
        host.until(lambda m: m["type"] == "view" and m["started"] and m["seats"][1]["connected"])
        second.send_signal(signal.SIGSTOP)
        try:
            host.until(lambda m: m["type"] == "view" and m["seats"][1]["away"], timeout=10)
        finally:
            second.send_signal(signal.SIGCONT)
        host.until(lambda m: m["type"] == "view" and m["seats"][1]["connected"], timeout=10)

        second.send_signal(signal.SIGKILL)
        second.wait(10)
        seen = len(host.received)
        away = host.until(lambda m: m["type"] == "view" and m["seats"][1]["away"], timeout=10)
        assert away["seats"][1]["connected"] is False
        _play([host], lambda view: any(m["type"] == "view" and m["last"] and m["last"]["seat"] == 1
                                        for m in host.received[seen:]), timeout=30)
    finally:
        host.close()
        guest.close()
