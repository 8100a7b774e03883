"""``python -m engine rooms``: the rooms server's options (each also read from the environment)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal

from .limits import Limits
from .server import (GRACE_SECONDS, KEEP_FINISHED_SECONDS, KEEP_IDLE_SECONDS, PRESENCE_SECONDS, RECLAIM_SECONDS,
                     RoomServer, Settings)
from .redis_store import RedisStore
from .store import Store


# the options that are a number of seconds: (option, default, what it is the seconds of)
SECONDS_OPTIONS = (
    ("grace", GRACE_SECONDS, "a dropped person's turn waits before the computer plays it"),
    ("reclaim", RECLAIM_SECONDS, "a dropped person may take their seat back"),
    ("bot-delay", 0.8, "a computer waits before it moves"),
    ("keep-finished", KEEP_FINISHED_SECONDS, "a finished room is kept once nobody is connected"),
    ("keep-idle", KEEP_IDLE_SECONDS, "an unchanged room nobody is connected to is kept"),
    ("presence", PRESENCE_SECONDS, "a process's liveness lasts unrefreshed (--redis): a killed process's seats "
                                   "are shown away after it"),
)


def build_parser() -> argparse.ArgumentParser:
    env = os.environ.get
    parser = argparse.ArgumentParser(prog="python -m engine rooms",
                                     description="the rooms server: play at a distance, each seat sees its own hand")
    parser.add_argument("--host", default=env("ROOMS_HOST", "127.0.0.1"), help="address to listen on (ROOMS_HOST)")
    parser.add_argument("--port", type=int, default=int(env("ROOMS_PORT", "8765")), help="port (ROOMS_PORT)")
    parser.add_argument("--db", default=env("ROOMS_DB", "rooms.sqlite3"),
                        help="SQLite file holding every room (ROOMS_DB; default rooms.sqlite3)")
    parser.add_argument("--redis", default=env("ROOMS_REDIS_URL") or None,
                        help="a Redis URL (redis://host:6379/0; ROOMS_REDIS_URL): rooms live there, shared by every "
                             "server process started with it, instead of in --db")
    parser.add_argument("--origin", action="append", default=None,
                        help="an allowed Origin, e.g. https://dominoes.example (repeatable; ROOMS_ORIGINS, "
                             "space-separated); default: the host the page came from")
    parser.add_argument("--connections-per-address", type=int,
                        default=int(env("ROOMS_CONNECTIONS_PER_ADDRESS", Limits.connections_per_address)))
    parser.add_argument("--messages-per-second", type=float,
                        default=float(env("ROOMS_MESSAGES_PER_SECOND", Limits.messages_per_second)),
                        help="per address, with a burst of three seconds' worth")
    parser.add_argument("--rooms-per-hour", type=int,
                        default=int(env("ROOMS_ROOMS_PER_HOUR", Limits.rooms_per_hour)),
                        help="rooms one address may make in an hour (ROOMS_ROOMS_PER_HOUR)")
    parser.add_argument("--trusted-proxy", action="append", default=None,
                        help="address of a reverse proxy whose X-Forwarded-For names the client (repeatable; "
                             "ROOMS_TRUSTED_PROXIES, space-separated); default: none, X-Forwarded-For is ignored")
    for flag, default, what in SECONDS_OPTIONS:
        variable = "ROOMS_" + flag.upper().replace("-", "_")
        parser.add_argument(f"--{flag}", type=float, default=float(env(variable, default)),
                            help=f"seconds {what} ({variable})")
    return parser


def settings_from(args) -> Settings:
    origins = args.origin or (os.environ.get("ROOMS_ORIGINS", "").split() or None)
    limits = Limits(connections_per_address=args.connections_per_address,
                    messages_per_second=args.messages_per_second,
                    message_burst=max(1, int(3 * args.messages_per_second)), rooms_per_hour=args.rooms_per_hour)
    proxies = args.trusted_proxy or os.environ.get("ROOMS_TRUSTED_PROXIES", "").split()
    return Settings(grace=args.grace, reclaim=args.reclaim, bot_delay=args.bot_delay,
                    origins=tuple(origins) if origins else None, limits=limits, trusted_proxies=tuple(proxies),
                    keep_finished=args.keep_finished, keep_idle=args.keep_idle,
                    presence=args.presence)


async def _serve(args) -> None:
    store = RedisStore(args.redis) if args.redis else Store(args.db)
    server = RoomServer(store, settings_from(args))
    await server.start(args.host, args.port)
    where = args.redis if args.redis else args.db
    print(f"rooms: ws://{args.host}:{server.port}/ws ({len(server.rooms)} rooms resumed from {where})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop()


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    asyncio.run(_serve(build_parser().parse_args(argv)))
    return 0
