"""Where a tutorial's start spends the machine, from the Start click to the first lesson's interactive board:
a Chromium trace of the page's main thread summed by what it did (script, style, layout, paint, garbage
collection); every thread's tasks (the page's, the engine's worker, V8's compiling threads, the service worker,
the network: their sum beside the wall time says whether the start waits for its own work or for the cores);
and a CPU profile naming the JavaScript functions busiest once the engine is ready (the first screen: the frame,
the table, the lesson's words, and the layouts they force).

`bench_tutorial.py` times a start and the worker's steps; this script names the page's part of it. Each run
opens the page in a fresh profile (a cold start), leaves it two seconds (the service worker settles, as when a
reader reads before pressing Start), then traces one start. Tracing slows a start by a few per cent: compare
figures of this script with each other, not with the bench's.

Usage: ``.venv/bin/python scripts/profile_first_screen.py [--language en] [--cpu 4] [--runs 3]`` after
``make site`` (``--cpu 4``: the page's CPU slowed as in the slow-4G rows of bench_tutorial.py).
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bench_tutorial import CLICK_TO_BOARD, chromium, serve  # noqa: E402  (scripts/ is not a package)

# The trace's top-level events on the page's main thread that are the page's own work, by how they are summed
KINDS = {"FunctionCall": "script", "EvaluateScript": "script", "v8.evaluateModule": "script",
         "TimerFire": "script", "EventDispatch": "script", "FireAnimationFrame": "script",
         "RunMicrotasks": "script", "v8.run": "script", "V8.ParseFunction": "script",
         "UpdateLayoutTree": "style", "ParseAuthorStyleSheet": "style",
         "Layout": "layout", "Paint": "paint", "PrePaint": "paint", "Layerize": "paint", "Commit": "paint",
         "ParseHTML": "html", "HitTest": "other", "v8.compile": "compile", "v8.compileModule": "compile",
         "MajorGC": "gc", "MinorGC": "gc", "V8.GCScavenger": "gc", "BlinkGC.AtomicPhase": "gc"}


def metadata(events: list[dict], kind: str) -> dict:
    """The trace's names of its processes (kind "process_name": by pid) or threads ("thread_name": by pid, tid)."""
    return {(e["pid"], e["tid"]) if kind == "thread_name" else e["pid"]: e["args"]["name"] for e in events
            if e.get("ph") == "M" and e.get("name") == kind}


def main_thread(events: list[dict]) -> tuple[int, int]:
    names = metadata(events, "thread_name")
    candidates = [key for key, name in names.items() if name == "CrRendererMain"]
    busiest = collections.Counter((e["pid"], e["tid"]) for e in events if (e.get("pid"), e.get("tid")) in candidates)
    return busiest.most_common(1)[0][0]


# The trace's task events ("toplevel"): every thread of every Chromium process runs its work in these
TASKS = {"ThreadControllerImpl::RunTask", "ThreadPool_RunTask"}


def threads(events: list[dict], start_us: float, end_us: float) -> dict[str, float]:
    """Milliseconds of tasks run by each thread of each process between start and end: on a machine with few
    cores it says whether a start waits for its own work or for the machine (all threads' sum beside the wall
    time times the cores), and which threads besides the page's and the engine's take a share."""
    processes, names = metadata(events, "process_name"), metadata(events, "thread_name")
    totals: dict[str, float] = collections.defaultdict(float)
    for event in events:
        if event.get("name") in TASKS and "dur" in event and start_us <= event["ts"] <= end_us:
            process = processes.get(event["pid"], "process")
            totals[f"{process}: {names.get((event['pid'], event['tid']), 'thread')}"] += event["dur"] / 1000
    totals["(all threads)"] = sum(totals.values())
    return totals


def script_file(event: dict) -> str:
    data = event.get("args", {}).get("data", {})
    url = data.get("url") or data.get("fileName") or (data.get("stackTrace") or [{}])[0].get("url", "")
    return url.rsplit("/", 1)[-1].split("?", 1)[0] or "(no file in the trace)"


def summarise(events: list[dict], start_us: float, end_us: float) -> dict[str, float]:
    """Milliseconds of each kind of work of the main thread between start and end (nested events not twice)."""
    thread = main_thread(events)
    spans = sorted((e for e in events if (e.get("pid"), e.get("tid")) == thread and e.get("ph") == "X"
                    and start_us <= e["ts"] <= end_us and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    totals: dict[str, float] = collections.defaultdict(float)
    covered_until = -1.0
    for event in spans:
        kind = KINDS.get(event["name"])
        if kind is None:
            continue
        if event["ts"] < covered_until:  # inside a span already counted: counted under its parent
            continue
        covered_until = event["ts"] + event["dur"]
        label = f"script {script_file(event)}" if kind == "script" else kind
        totals[label] += event["dur"] / 1000
    totals["(main thread busy)"] = sum(totals.values())
    totals["(click to board)"] = (end_us - start_us) / 1000
    return totals


def functions(profile: dict, from_us: float, to_us: float, top: int = 25) -> dict[str, float]:
    """Self time (ms) of the busiest JavaScript functions of a CPU profile, between two moments given in
    microseconds after the profile's start (the click follows it at once)."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_us: dict[str, float] = collections.defaultdict(float)
    at = 0.0
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        at += delta
        if not from_us <= at <= to_us:
            continue
        frame = nodes[sample]["callFrame"]
        if frame["functionName"] in ("(idle)", "(program)", "(root)"):
            continue
        where = frame["url"].rsplit("/", 1)[-1].split("?", 1)[0]
        # (a sample's delta may be negative: samples can arrive out of order)
        self_us[f"{frame['functionName'] or '(anonymous)'} {where}:{frame['lineNumber'] + 1}"] += max(delta, 0)
    busiest = sorted(self_us.items(), key=lambda item: -item[1])[:top]
    return {label: us / 1000 for label, us in busiest}


def profile_once(playwright, url: str, language: str, cpu: float) -> dict[str, float]:
    profile = tempfile.mkdtemp(prefix="profile-first-screen-")
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium(), headless=True,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"])
        page = context.new_page()
        if cpu != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        prefix = "" if language == "en" else f"{language}/"
        page.goto(f"{url}{prefix}tutorial/")
        page.wait_for_selector("#demo[data-state=idle] button")
        page.wait_for_timeout(2000)
        cdp = context.new_cdp_session(page)
        chunks: list = []
        cdp.on("Tracing.dataCollected", lambda message: chunks.extend(message["value"]))
        done = []
        cdp.on("Tracing.tracingComplete", lambda message: done.append(True))
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": [
            "devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline", "blink.user_timing",
            "toplevel", "__metadata"]},
            "transferMode": "ReportEvents"})
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
        result = page.evaluate(CLICK_TO_BOARD, ".demo-hand .demo-tile")
        cpu_profile = cdp.send("Profiler.stop")["profile"]
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
        context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    # the click, in the trace's clock: the user-timing marks carry both clocks
    marks = [e for e in chunks if e.get("cat", "").startswith("blink.user_timing") and e["name"].startswith("demo:")]
    click_us = None
    for mark in marks:
        at_ms = result["marks"].get(mark["name"][5:])
        if at_ms is not None:
            click_us = mark["ts"] - at_ms * 1000
            break
    if click_us is None:
        sys.exit("error: the trace has none of the loader's marks (demo:*) to place the click in it")
    return {"steps": dict(result["marks"], board=result["elapsed"]),
            "main thread": summarise(chunks, click_us, click_us + result["elapsed"] * 1000),
            "threads": threads(chunks, click_us, click_us + result["elapsed"] * 1000),
            "functions after ready": functions(cpu_profile, result["marks"].get("ready", 0) * 1000,
                                               result["elapsed"] * 1000)}


def print_medians(title: str, runs: list[dict[str, float]], order_by_time: bool = False) -> None:
    labels = {label for run in runs for label in run}
    median = {label: statistics.median(run.get(label, 0) for run in runs) for label in labels}
    print(f"\n{title}")
    for label in sorted(labels, key=lambda label: median[label] if order_by_time else -median[label]):
        print(f"{median[label]:9.1f}  {label}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--language", default="en")
    parser.add_argument("--cpu", type=float, default=1.0, help="CPU slowdown (4: as the slow-4G rows)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--json", type=Path, help="write every run's figures here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url, _ = serve(args.site, [])
    runs = []
    with sync_playwright() as playwright:
        for _ in range(args.runs):
            runs.append(profile_once(playwright, url, args.language, args.cpu))
    server.shutdown()
    print(f"Tutorial start, cold, {args.language}, CPU ×{args.cpu:g}: medians of {args.runs}, ms")
    print_medians("when each step is reached, after the click (the loader's marks, demo:*)",
                  [run["steps"] for run in runs], order_by_time=True)
    print_medians("the page's main thread from the click to the board, by what it did",
                  [run["main thread"] for run in runs])
    print_medians("every thread's tasks from the click to the board (Chromium's processes; the top 12)",
                  [dict(sorted(run["threads"].items(), key=lambda item: -item[1])[:1 + 12])  # 1: the sum
                   for run in runs])
    print_medians("the busiest JavaScript functions from 'ready' (engine imported) to the board, self time",
                  [run["functions after ready"] for run in runs])
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2))


if __name__ == "__main__":
    main()
