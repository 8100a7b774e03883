"""Think time per level: p50 and p95 milliseconds per decision, on CPython and in Pyodide in Chromium.

    .venv/bin/python scripts/bench_levels.py [--decisions 150] [--players 2,4] [--levels ...] [--no-browser]

Each row times one level choosing its moves (``scripts/think_time.py``: the level at seat 0 against careful
players, the game's default rules, every decision with more than one legal move). The Chromium rows run
the same file inside Pyodide, started in a module worker from the built site (``make site`` first) the way
the game page starts it: the runtime from ``pyodide/runtime.json``, the engine wheel from the lock. Both
runtimes time the same decisions. CPython figures are CPU time (other work on a shared machine does not
count); Chromium's are wall-clock time, as a reader waits it. Targets: the strongest level ≤ 300 ms at p95
in Chromium, the others ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from engine.bots import LEVELS  # noqa: E402
from think_time import think_times  # noqa: E402

GAMES = ("chicken-foot", "mexican-train")
PAGE = """<!doctype html><meta charset="utf-8"><title>think time</title>
<script type="module">
const worker = new Worker("think-worker.js", { type: "module" });
let waiting = null;
worker.onmessage = (event) => {
  const { resolve, reject } = waiting;
  waiting = null;
  if (event.data.error) reject(new Error(event.data.error)); else resolve(event.data.answer);
};
function ask(message) {
  return new Promise((resolve, reject) => { waiting = { resolve, reject }; worker.postMessage(message); });
}
window.initBench = (source) => ask({ source });
window.runTask = (task) => ask({ task });
</script>"""
# The game page's start-up (docs/assets/demo/worker.js), without its progress reports; then one task at a time.
WORKER = """
const siteRoot = new URL("/", self.location.href);
let python = null;
async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
async function start(source) {
  const config = await json(new URL("pyodide/runtime.json", siteRoot));
  const indexURL = new URL(config.indexURL, siteRoot).href;
  const lock = await json(new URL(config.lockFile, siteRoot));
  const wheel = lock.packages[config.enginePackage];
  const bytes = await (await fetch(new URL(`pyodide/${wheel.file_name}`, siteRoot))).arrayBuffer();
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  python = await loadPyodide({ indexURL, stdLibURL: new URL(config.stdLibURL, siteRoot).href, lockFileContents: lock,
    packageBaseUrl: new URL("pyodide/", siteRoot).href });
  const { installEngine } = await import(new URL("assets/demo/engine-install.js", siteRoot).href);
  installEngine(python, bytes, wheel.file_name.split("/").pop());
  python.runPython(source);
  return python.runPython("import sys; sys.version.split()[0]");
}
self.onmessage = async (event) => {
  try {
    const { source, task } = event.data;
    const answer = source ? await start(source)
      : JSON.parse(python.globals.get("run_json")(JSON.stringify(task)));
    postMessage({ answer });
  } catch (error) {
    postMessage({ error: String(error && error.stack || error) });
  }
};
"""


def renderer_cpu_seconds(profile: str) -> float:
    """CPU time used so far by the renderer processes of the browser using ``profile`` (where the worker runs)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()  # Chromium rewrites its arguments as one string
            if b"--type=renderer" not in command or profile.encode() not in command:
                continue
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (after the command name)
        except OSError:
            continue
    return total / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def cpython_rows(tasks: list[dict]) -> list[dict]:
    rows = []
    for task in tasks:
        result = think_times(task["game"], task["players"], task["level"], task["decisions"], task["seed"],
                             task["budget_ms"], clock=time.process_time)
        rows.append({**task, **result})
    return rows


def chromium_rows(tasks: list[dict], site: Path) -> tuple[list[dict], str]:
    """Each task in the Pyodide worker; with the wall-clock times, the share of that wall-clock time the
    renderer really ran (its CPU time over the task), so a busy machine's waiting can be told apart."""
    import shutil
    import tempfile

    from playwright.sync_api import sync_playwright

    import bench_tutorial

    # served next to the site, under the tutorial benchmark's prefix, by its server
    bench_tutorial.BENCH_FILES.update({"think.html": ("text/html", PAGE), "think-worker.js": ("text/javascript", WORKER)})
    server, base, _handler = bench_tutorial.serve(site, [])
    url = f"{base}{bench_tutorial.BENCH_PREFIX[1:]}think.html"
    source = (ROOT / "scripts" / "think_time.py").read_text(encoding="utf-8")
    profile = tempfile.mkdtemp(prefix="bench-levels-")
    rows = []
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=bench_tutorial.chromium(), headless=True,
                args=["--no-sandbox", "--disable-gpu"])
            page = context.new_page()
            page.goto(url)
            version = page.evaluate("(source) => window.initBench(source)", source)
            for task in tasks:
                cpu, wall = renderer_cpu_seconds(profile), time.perf_counter()
                result = page.evaluate("(task) => window.runTask(task)", task)
                cpu, wall = renderer_cpu_seconds(profile) - cpu, time.perf_counter() - wall
                rows.append({**task, **result, "cpu_share": min(1.0, cpu / wall) if wall else 1.0})
                print(f"  {task['game']} {task['players']}p {task['level']}: {wall:.1f} s, renderer CPU "
                      f"{cpu:.1f} s", file=sys.stderr, flush=True)
            context.close()
    finally:
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    return rows, version


def table(runs: list[tuple[str, list[dict]]]) -> str:
    header = ["runtime", "game", "players", "level", "decisions", "p50 ms", "p95 ms", "max ms", "CPU share",
              "p95 ms × share"]
    rows = []
    for runtime, results in runs:
        for row in results:
            times = row["times"]
            share = row.get("cpu_share")
            rows.append([runtime, row["game"], str(row["players"]), row["level"], str(len(times)),
                         f"{statistics.median(times):.1f}", f"{percentile(times, 0.95):.1f}", f"{max(times):.1f}",
                         f"{share:.2f}" if share is not None else "",
                         f"{share * percentile(times, 0.95):.1f}" if share is not None else ""])
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(c.rjust(w) if i > 3 else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths)))
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=150, help="timed decisions per row")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, comma-separated")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--budget-ms", type=int, default=None, help="the searching level's budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    parser.add_argument("--json", type=Path, help="also write every time measured here")
    args = parser.parse_args()
    tasks = [{"game": game, "players": int(players), "level": level, "decisions": args.decisions,
              "seed": args.seed, "budget_ms": args.budget_ms}
             for game in args.games.split(",") for players in args.players.split(",")
             for level in args.levels.split(",")]
    runs = [(f"CPython {platform.python_version()}", cpython_rows(tasks))]
    if not args.no_browser:
        if not (args.site / "pyodide" / "runtime.json").is_file():
            sys.exit("error: no built runtime in the site: run `make site` first (or pass --no-browser).")
        rows, version = chromium_rows(tasks, args.site)
        runs.append((f"Pyodide (Python {version}), Chromium", rows))
    print(f"Think time per decision with a choice; load average {os.getloadavg()[0]:.1f}\n")
    print(table(runs))
    print("\nCPU share: the share of the wall-clock time the browser's renderer ran; p95 × share estimates the "
          "time on an idle machine.")
    if args.json:
        args.json.write_text(json.dumps([{"runtime": name, "rows": rows} for name, rows in runs], indent=1))
    differ = [f"{a['game']} {a['players']}p {a['level']}" for a, b in zip(*(rows for _, rows in runs[:2]))
              if a["moves_sha256"] != b["moves_sha256"]] if len(runs) > 1 else []
    print(f"same moves on every runtime: {'yes' if not differ else 'NO: ' + ', '.join(differ)}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
