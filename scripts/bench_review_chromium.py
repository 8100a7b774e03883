"""The round review's time in Chromium, as a reader waits it: the game page, Pyodide in its worker, a round's
record imported, "Review this round" pressed, until the first costly decision (or the summary) is on screen.

    .venv/bin/python scripts/bench_review_chromium.py [--rounds 6] [--screens phone,desktop] [--port 0]

The rounds are ``bench_review.measure_all``'s (4-player Chicken Foot, the game's default rules, careful
players, seat 0 reviewed at the default budget), so CPython, Pyodide under Node and Chromium time the same
rounds; ``make site`` first. Per screen (phone: 360×740 touch; desktop: 1280×800) it prints each round's wall
time and a table: p50, mean, max, the renderer's most CPU time in one review (where the worker runs: what a
round costs on a machine with nothing else to do, the page's own drawing included) and its CPU share over the
reviews (well below 100% means the machine was busy elsewhere and the wall times are high). The goal: at most
5 s a round, wall time.
The machine's load (``/proc/loadavg``) is printed before and after, since a busy machine slows every figure.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_levels import renderer_cpu_seconds  # noqa: E402
from bench_review import played_round  # noqa: E402
from engine.options import Rules  # noqa: E402
from engine.records import game_record  # noqa: E402
from engine.review import RoundReview  # noqa: E402
from engine.rng import Rng  # noqa: E402

SCREENS = {"phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
           "desktop": {"viewport": {"width": 1280, "height": 800}}}
GOAL_S = 5.0
TIMEOUT_MS = 120_000

# Presses "Review this round" and resolves with the milliseconds until the review's first screen is drawn.
TIMED_REVIEW = """() => new Promise((resolve, reject) => {
  const root = document.getElementById("demo");
  const observer = new MutationObserver(() => {
    if (root.dataset.review === "decision" || root.dataset.review === "summary") {
      observer.disconnect();
      resolve(performance.now() - start);
    } else if (root.dataset.review === "offer" && root.querySelector(".game-review-message")) {
      observer.disconnect();
      reject(new Error("the review was refused"));
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-review"] });
  const start = performance.now();
  root.querySelector(".game-review-start").click();
})"""


def rounds(count: int) -> list[tuple[dict, int]]:
    """``measure_all``'s rounds as game records, each with its number of decisions to review."""
    out = []
    for number in range(count):
        match = played_round(Rules("chicken-foot"), 4, "careful", Rng.derived(7, number).next32())
        out.append((game_record(match), RoundReview(match, 0).total))
    return out


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def serve(port: int) -> ThreadingHTTPServer:
    import bench_tutorial

    handler = type("Handler", (bench_tutorial.BenchHandler,), {"server_quiet": True, "transfers": []})
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(ROOT / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def time_screen(playwright, chromium: str, base: str, screen: str, records: list, work: Path) -> dict:
    profile = tempfile.mkdtemp(prefix="bench-review-")
    context = playwright.chromium.launch_persistent_context(profile, executable_path=chromium, headless=True,
                                                            args=["--no-sandbox", "--disable-gpu"],
                                                            **SCREENS[screen])
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", lambda message: message.type in ("error", "warning") and print(
            f"  console: {message.text}", file=sys.stderr, flush=True))
        page.goto(f"{base}play/")
        demo = page.locator("#demo")
        demo.locator(".demo__start").click()
        page.wait_for_function("() => document.getElementById('demo').dataset.state === 'ready'", timeout=TIMEOUT_MS)
        times, cpus, cpu_total, wall_total = [], [], 0.0, 0.0
        for number, (record, decisions) in enumerate(records):
            path = work / f"round-{number}.json"
            path.write_text(json.dumps(record), encoding="utf-8")
            page.evaluate("delete document.getElementById('demo').dataset.moves")  # two rounds may have as many
            demo.locator(".game-import-input").set_input_files(str(path))
            page.wait_for_function(f"() => {{ const d = document.getElementById('demo'); return d.dataset.moves === "
                                   f"'{len(record['moves'])}' && d.dataset.review === 'offer'; }}", timeout=TIMEOUT_MS)
            cpu, wall = renderer_cpu_seconds(profile), time.perf_counter()
            elapsed = page.evaluate(TIMED_REVIEW) / 1000
            cpu = renderer_cpu_seconds(profile) - cpu
            cpu_total += cpu
            wall_total += time.perf_counter() - wall
            times.append(elapsed)
            cpus.append(cpu)
            print(f"  {screen} round {number + 1}: {decisions} decisions, {elapsed:.2f} s, renderer CPU {cpu:.2f} s",
                  file=sys.stderr, flush=True)
            demo.locator(".game-review-close").click()
        return {"screen": screen, "rounds": len(times), "p50": statistics.median(times),
                "mean": statistics.mean(times), "max": max(times), "cpu_max": max(cpus),
                "cpu_share": min(1.0, cpu_total / wall_total) if wall_total else 1.0}
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--screens", default="phone,desktop")
    parser.add_argument("--port", type=int, default=0, help="the site server's port on 127.0.0.1 (0: any free one)")
    args = parser.parse_args()
    if not (ROOT / "site" / "index.html").is_file():
        print("build the site first: make site", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    import bench_tutorial

    records = rounds(args.rounds)
    started_load = load()
    server = serve(args.port)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    work = Path(tempfile.mkdtemp(prefix="bench-review-records-"))
    rows = []
    try:
        for screen in args.screens.split(","):
            with sync_playwright() as playwright:  # a browser of its own for each screen, as a reader has
                rows.append(time_screen(playwright, bench_tutorial.chromium(), base, screen, records, work))
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    decisions = statistics.mean(count for _, count in records)
    print(f"round review in Chromium (Pyodide in the worker): 4-player Chicken Foot, {args.rounds} rounds, "
          f"{decisions:.1f} decisions a round; load {started_load} before, {load()} after")
    print(f"{'screen':<8} {'rounds':>6} {'p50 s':>6} {'mean s':>6} {'max s':>6} {'CPU max s':>9} {'CPU share':>9}  "
          f"goal <= {GOAL_S:g} s")
    for row in rows:
        verdict = "ok" if row["max"] <= GOAL_S else "over"
        print(f"{row['screen']:<8} {row['rounds']:>6} {row['p50']:>6.2f} {row['mean']:>6.2f} {row['max']:>6.2f} "
              f"{row['cpu_max']:>9.2f} {row['cpu_share']:>9.0%}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
