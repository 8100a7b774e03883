"""How long the engine's import and the tutorial's first screen take inside Pyodide, and which modules the
import spends its time on: the "engine import" and "first screen" steps of a browser start (bench_tutorial.py),
measured without a browser, so that a change to the engine's modules can be judged in minutes and without the
browser's noise.

Each run is a fresh Node process that starts the site's own runtime as the worker does (the built site's
Pyodide, its trimmed standard library, the engine's wheel put on the path by the worker's own
``installEngine``, docs/assets/demo/engine-install.js) and times that import. One more run with Python's
``-X importtime`` names the modules with the largest self time. Node's timings are lower than a phone's, and
a cold browser start (WebAssembly not yet optimised) takes about twice as long: compare figures of this script
with each other.

Usage: ``.venv/bin/python scripts/profile_engine_import.py [--runs 10] [--top 15] [--site site]`` after
``make site``.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# One start of the site's runtime, as worker.js starts it; prints the import's milliseconds as JSON.
START = """
import { readFileSync } from "node:fs";
import { basename } from "node:path";
const [indexDir, stdLib, lockFile, wheel, installer, importtime] = process.argv.slice(2);
const { installEngine } = await import("data:text/javascript," + encodeURIComponent(readFileSync(installer, "utf8")));
const { loadPyodide } = await import(indexDir + "pyodide.mjs");
const lines = [];
const python = await loadPyodide({ indexURL: indexDir, stdLibURL: stdLib, lockFileURL: lockFile, stdout: () => {},
  stderr: (line) => lines.push(line), ...(importtime === "1" ? { args: ["-X", "importtime"] } : {}) });
lines.length = 0; // Pyodide's own start-up imports are not the engine's
const start = performance.now();
installEngine(python, readFileSync(wheel), basename(wheel));
const imported = performance.now();
// the tutorial's first screen, as tutorial.js asks for it: its list of lessons, then the first lesson
python.runPython(`import json
from engine.bridge import handle
first = {"lesson_id": "cf-set", "board_title": "t", "board_desc": "d", "fit_width": 360}
for method, args in (("lessons", {}), ("lesson_start", first)):
    assert json.loads(handle(method, json.dumps(args)))["ok"], method`);
console.log(JSON.stringify({ ms: imported - start, screen_ms: performance.now() - imported, importtime: lines }));
"""

IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)")


def runtime_files(site: Path) -> list[str]:
    """The runtime's folder, standard library, lock file and engine wheel, as the site's runtime.json names them."""
    runtime = json.loads((site / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    wheel = next(name for name in runtime["downloads"] if name.endswith(".whl"))
    return [f"{site / runtime['indexURL']}/", str(site / runtime["stdLibURL"]), str(site / runtime["lockFile"]),
            str(site / wheel)]


def start_once(script: Path, files: list[str], importtime: bool = False) -> dict:
    installer = ROOT / "docs" / "assets" / "demo" / "engine-install.js"
    result = subprocess.run(["node", str(script), *files, str(installer), "1" if importtime else "0"],
                            capture_output=True, text=True, check=True, timeout=300)
    return json.loads(result.stdout.strip().splitlines()[-1])


def busiest_modules(lines: list[str], top: int) -> list[tuple[int, int, str]]:
    """(self µs, cumulative µs, module) of the engine's import, largest self time first."""
    rows = []
    for line in lines:
        match = IMPORT_LINE.match(line)
        if match:
            rows.append((int(match.group(1)), int(match.group(2)), match.group(4)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=15, help="how many modules to name (by self time)")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    if not (args.site / "pyodide" / "runtime.json").is_file():
        sys.exit("error: no built site with a runtime: run `make site` first.")
    files = runtime_files(args.site)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "start.mjs"
        script.write_text(START, encoding="utf-8")
        starts = [start_once(script, files) for _ in range(args.runs)]
        traced = start_once(script, files, importtime=True)
    rows = busiest_modules(traced["importtime"], args.top)
    print(f"Pyodide under Node, {args.runs} fresh starts, median (min, max) ms:")
    for label, times in (("engine import", [start["ms"] for start in starts]),
                         ("first screen (lessons, first lesson)", [start["screen_ms"] for start in starts]),
                         ("both", [start["ms"] + start["screen_ms"] for start in starts])):
        print(f"  {label:38} {statistics.median(times):6.0f} ({min(times):.0f}, {max(times):.0f})")
    print(f"\nthe busiest modules of one more start (-X importtime; {len(traced['importtime'])} imports), "
          "self and cumulative ms:")
    for own, total, module in rows:
        print(f"{own / 1000:8.1f} {total / 1000:8.1f}  {module}")


if __name__ == "__main__":
    main()
