"""A few seconds of scripts/bench_rooms.py (the real figures come from a run by hand: 400 players)."""

from __future__ import annotations

import importlib.util
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_rooms.py"


def test_the_load_benchmark_measures_moves_latency_and_memory():
    spec = importlib.util.spec_from_file_location("bench_rooms", SCRIPT)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    began = time.monotonic()
    # in a thread of its own: the benchmark runs its own event loop (asyncio.run), and in a whole run the
    # browser tests' Playwright may have left one running in this thread
    with ThreadPoolExecutor(max_workers=1) as pool:
        result = pool.submit(bench.measure, players=8, seconds=1.5, warmup=0.5).result(timeout=120)
    assert time.monotonic() - began < 120  # a hang guard, not a timing: the figures come from runs by hand
    assert result["rooms"] == 2 and result["moves"] > 0 and result["moves_per_second"] > 0
    assert 0 < result["latency_ms"]["p50"] <= result["latency_ms"]["p95"] <= result["latency_ms"]["max"]
    assert result["server_rss_mib"]["with_rooms"] > 0
    assert result["pictures"] > 0  # the seats sent their screens, as the page does: the tables were drawn
