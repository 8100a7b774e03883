"""How long the tutorial takes from the Start click to an interactive board, cold, warm and offline, against a
bare Pyodide start measured in the same run; on localhost and on Chromium's slow-4G profile with a 4x slower
CPU; and how many bytes each visit transfers, compressed as served.

Each repetition uses a fresh on-disk browser profile (a persistent context: Chromium keeps its HTTP cache,
V8's compiled-code cache and the service worker's cache there, as a reader's browser does; an incognito
context has no code cache), and visits each page twice: the first visit is cold, the second warm. The
tutorial rows visit a third time with the network off (the service worker alone serves it). Nothing is
intercepted with Playwright's ``route`` (that disables the HTTP cache). Bytes are counted by the server,
because the browser's own accounting misses what a worker fetches: as sent (Brotli, as the site's server
and most hosts send it), and what the same files weigh with gzip only and uncompressed.

Rows:
- ``bare-main``: ``loadPyodide()`` on the page's main thread, then ``1+1`` (the reference);
- ``bare-worker``: the same inside a module worker;
- ``tutorial``: click on Start until the first lesson's board is interactive (``data-state="ready"``);
- ``slow-4g``: the tutorial on Chromium DevTools' "Slow 4G" (1.44 Mbit/s down, 562.5 ms latency) with the CPU
  slowed 4x (CDP ``Network.emulateNetworkConditions``, ``Emulation.setCPUThrottlingRate``); Chromium does not
  apply the network emulation to the page's worker, so the server also shapes its answers to those figures
  (``Link``);
- ``slow-4g-bare``: ``bare-worker`` on the same slow link and CPU (the reference for ``slow-4g``);
- ``next-app`` (on request): the tutorial's start, then the game's page's start (its "warm" column): what a
  second app costs once the first has run (the runtime cached, the game's own code not yet);
- ``bare-split`` (on request): the page compiles the WebAssembly with ``compileStreaming`` and hands the
  ``WebAssembly.Module`` to the worker, which instantiates it.
- ``bare-steps`` (on request): ``bare-worker`` with the step marks of the tutorial's worker (the WebAssembly
  asked for and compiled, Pyodide's file system set up, Python up), to set beside the tutorial's own.

Besides the table, it prints when each step of a start is reached (the loader's stages, and inside the worker
each file asked for, answered and in, the WebAssembly compiled, Python up, the engine imported).

Usage: ``.venv/bin/python scripts/bench_tutorial.py [--runs 5] [--kinds ...] [--site site]`` after
``make site`` (``--read-ms 2000``: the click comes two seconds after Start shows, as a reader's does). Prints a
table of medians and the ratios to ``bare-main`` (the slow rows: to ``slow-4g-bare``), and the load average,
since a shared machine's timings are only comparable within one run. ``--js-flags`` passes V8 flags to every
row, to test a guess about where the time goes (a reader's browser has none).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import SECURITY_HEADERS, SiteRequestHandler  # noqa: E402  (scripts/ is not a package)

BENCH_PREFIX = "/__bench__/"
SETTLE_MS = 2500  # left open after each visit, so V8 can write its compiled-code cache as a reader's tab would
READ_MS = 0  # from Start showing to the click (--read-ms)

BARE_LOAD = """
const runtime = await (await fetch("/pyodide/runtime.json")).json();
const indexURL = new URL("/" + runtime.indexURL, location.href).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, lockFileURL: new URL("/" + runtime.lockFile, location.href).href,
  packageBaseUrl: new URL("/pyodide/", location.href).href });
pyodide.runPython("1+1");
"""
BENCH_FILES = {
    "bare-main.html": ("text/html", f"""<!doctype html><meta charset="utf-8"><title>bare main</title>
<script type="module">const start = performance.now();
{BARE_LOAD}
window.benchResult = performance.now() - start;</script>"""),
    "bare-worker.html": ("text/html", """<!doctype html><meta charset="utf-8"><title>bare worker</title>
<script type="module">const start = performance.now();
const worker = new Worker("bare-worker.js", { type: "module" });
worker.onmessage = () => { window.benchResult = performance.now() - start; };</script>"""),
    "bare-worker.js": ("text/javascript", BARE_LOAD + "\npostMessage('ready');"),
    # The page compiles the WebAssembly (streaming, from the HTTP cache) and hands the Module to the worker.
    "bare-split.html": ("text/html", """<!doctype html><meta charset="utf-8"><title>bare split</title>
<script type="module">const start = performance.now();
const runtime = await (await fetch("/pyodide/runtime.json")).json();
const compiled = WebAssembly.compileStreaming(fetch("/" + runtime.indexURL + "pyodide.asm.wasm"));
const worker = new Worker("bare-split.js", { type: "module" });
worker.onmessage = () => { window.benchResult = performance.now() - start; };
worker.postMessage(await compiled);</script>"""),
    "bare-split.js": ("text/javascript", """
const compiled = new Promise((resolve) => { self.onmessage = (event) => resolve(event.data); });
const realFetch = self.fetch.bind(self);
self.fetch = (url, init) => String(url).endsWith(".wasm") ? Promise.resolve(new Response("")) : realFetch(url, init);
WebAssembly.instantiateStreaming = async (_response, imports) => {
  const module = await compiled;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};
""" + BARE_LOAD + "\npostMessage('ready');"),
    # bare-worker with the tutorial worker's step marks (worker.js): where a bare start's time goes
    "bare-steps.html": ("text/html", """<!doctype html><meta charset="utf-8"><title>bare steps</title>
<script type="module">const start = window.benchStart = performance.now();
const worker = new Worker("bare-steps.js", { type: "module" });
worker.onmessage = ({ data }) => {
  for (const [name, at] of Object.entries(data)) {
    performance.mark(`demo:worker:${name}`, { startTime: at - performance.timeOrigin });
  }
  window.benchResult = performance.now() - start;
};</script>"""),
    "bare-steps.js": ("text/javascript", """
const steps = {};
const step = (name) => { steps[name] ??= performance.timeOrigin + performance.now(); };
step("module");
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (...args) => {
  step("wasm asked");
  const result = await instantiateStreaming.apply(WebAssembly, args);
  step("wasm compiled");
  return result;
};
""" + BARE_LOAD.replace("packageBaseUrl:", "fsInit: () => step('file system'), packageBaseUrl:")
     .replace('pyodide.runPython("1+1");', 'step("Python up");\npyodide.runPython("1+1");') + "\npostMessage(steps);"),
}


class Link:
    """A shared, slow link for the server's answers: a latency per request and one bandwidth for all of them.

    Chromium's own throttling (CDP ``Network.emulateNetworkConditions``) applies to the page but not to its
    dedicated worker, which downloads the runtime: the bench shapes the server's answers instead, to the
    same figures."""

    def __init__(self, latency_s: float, bytes_per_s: float) -> None:
        self.latency_s, self.bytes_per_s = latency_s, bytes_per_s
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the link has sent everything queued so far

    def send(self, size: int) -> None:
        import time

        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.bytes_per_s
            wait = self.free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)


class ShapedWriter:
    def __init__(self, inner, link: Link) -> None:
        self.inner, self.link = inner, link

    def write(self, data) -> int:
        view = memoryview(data)
        for offset in range(0, len(view), 16384):
            chunk = view[offset:offset + 16384]
            self.link.send(len(chunk))
            self.inner.write(chunk)
        return len(data)


class BenchHandler(SiteRequestHandler):
    link: Link | None = None  # set while a throttled row is measured

    def copyfile(self, source, outputfile) -> None:
        if self.link is None:
            return super().copyfile(source, outputfile)
        import time

        time.sleep(self.link.latency_s)  # the request's round trip, before the first byte
        return super().copyfile(source, ShapedWriter(outputfile, self.link))

    plain_headers = False  # --plain-headers: an older build, whose pages have inline scripts

    @property
    def security_headers(self):  # the bench pages are inline scripts; the site's own pages keep the policy
        return {} if self.plain_headers or self.path.startswith(BENCH_PREFIX) else SECURITY_HEADERS

    def send_head(self):
        path = self.path.split("?", 1)[0]
        if not path.startswith(BENCH_PREFIX):
            return super().send_head()
        entry = BENCH_FILES.get(path[len(BENCH_PREFIX):])
        if entry is None:
            self.send_error(404)
            return None
        content_type, text = entry
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)


def serve(root: Path, transfers: list) -> tuple[ThreadingHTTPServer, str, type]:
    handler = type("Handler", (BenchHandler,), {"server_quiet": True, "transfers": transfers})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", handler


def chromium() -> str:
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return subprocess.run([str(ROOT / "scripts" / "find-chromium.sh")], capture_output=True, text=True,
                          check=True).stdout.strip()


# Resolves with the click-to-board time and the loader's marks of each step (loader.js: "demo:…"), in ms after
# the click.
CLICK_TO_BOARD = """(drawn) => new Promise((resolve, reject) => {
  const root = document.getElementById("demo");
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (root.dataset.state === "ready" && root.querySelector(drawn)) {
      observer.disconnect();
      const elapsed = performance.now() - start;
      const marks = {};
      for (const entry of performance.getEntriesByType("mark")) {
        if (entry.name.startsWith("demo:")) marks[entry.name.slice(5)] = entry.startTime - start;
      }
      resolve({ elapsed, marks });
    } else if (root.dataset.state === "error") {
      observer.disconnect();
      reject(new Error("the tutorial failed to start"));
    }
  });
  observer.observe(root, { attributes: true, childList: true, subtree: true });
  root.querySelector("button").click();
})"""


# A bench page's time and its marks ("demo:…", bare-steps: the worker's steps), ms after the page's start
BENCH_MARKS = """() => [window.benchResult, Object.fromEntries(performance.getEntriesByType("mark")
  .filter((entry) => entry.name.startsWith("demo:"))
  .map((entry) => [entry.name.slice(5), entry.startTime - (window.benchStart || 0)]))]"""


# The rows measured on the slow link, and the page each one visits
THROTTLED = {"slow-4g": "tutorial", "slow-4g-bare": "bare-worker"}
# The row each row's ratio is taken against (the same network and CPU)
REFERENCE = {"slow-4g": "slow-4g-bare", "slow-4g-bare": "slow-4g-bare"}

# DevTools' "Slow 4G" preset (the former "Fast 3G"): 1.6 Mbit/s and 150 ms, each scaled as DevTools does
SLOW_4G = {"offline": False, "latency": 562.5, "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9,
           "uploadThroughput": 750 * 1024 / 8 * 0.9}
CPU_SLOWDOWN = 4


def weigh(transfers: list[dict]) -> dict[str, int]:
    """Bytes of these responses as sent, and what the same files weigh with gzip only and uncompressed."""
    totals = {"sent": 0, "gzip": 0, "raw": 0}
    for transfer in transfers:
        totals["sent"] += transfer["bytes"]
        file = Path(transfer["file"]) if transfer.get("file") else None
        if file is None or not file.is_file():  # a bench page
            totals["gzip"] += transfer["bytes"]
            totals["raw"] += transfer["bytes"]
            continue
        gz = file.with_name(file.name + ".gz")
        totals["gzip"] += (gz if gz.is_file() else file).stat().st_size
        totals["raw"] += file.stat().st_size
    return totals


# Waits (at most 20 s) until the worker has kept its Python snapshot; its stored size in bytes, 0 if none.
SNAPSHOT_KEPT = """async () => {
  for (let i = 0; i < 80; i++) {
    const cache = await caches.open("python-snapshot");
    const [request] = await cache.keys();
    if (request) return (await (await cache.match(request)).arrayBuffer()).byteLength;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return 0;
}"""


def visit(context, url: str, kind: str, transfers: list, handler, warmth: str,
          settle_ms: int = SETTLE_MS, read_ms: int = READ_MS) -> tuple[float, dict, dict]:
    transfers.clear()
    page = context.new_page()
    handler.link = None
    if kind in THROTTLED:
        # the page's own requests through Chromium's emulation, the worker's through the shaped server
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        handler.link = Link(SLOW_4G["latency"] / 1000, SLOW_4G["downloadThroughput"])
    context.set_offline(warmth == "offline")
    app = THROTTLED.get(kind, kind)
    if kind == "next-app":  # the tutorial first, then the game's page: the second app a reader starts
        app = "play" if warmth == "warm" else "tutorial"
    if app in ("tutorial", "play"):
        page.goto(url + f"{app}/", timeout=120_000)
        page.wait_for_selector("#demo[data-state=idle] button", timeout=120_000)
        page.wait_for_timeout(read_ms)
        result = page.evaluate(CLICK_TO_BOARD, ".demo-hand .demo-tile" if app == "tutorial" else "form, .game-status")
        elapsed, marks = result["elapsed"], result["marks"]
        if warmth == "cold":  # a reader's tab stays open while the worker keeps its snapshot (snapshot.js)
            marks["snapshot kB"] = page.evaluate(SNAPSHOT_KEPT) / 1000
    else:
        page.goto(f"{url}{BENCH_PREFIX[1:]}{app}.html")
        page.wait_for_function("() => window.benchResult !== undefined", timeout=120_000)
        elapsed, marks = page.evaluate(BENCH_MARKS)
    page.wait_for_timeout(settle_ms)
    page.close()
    context.set_offline(False)
    handler.link = None
    return elapsed, weigh(transfers), marks


def reference_of(kind: str, median: dict) -> str:
    """The row a row's ratio is taken against: REFERENCE's, or bare-main when that row was not measured."""
    reference = REFERENCE.get(kind, "bare-main")
    return reference if (reference, "cold") in median else "bare-main"


def print_run_ratios(times: dict, kinds: tuple, median: dict) -> None:
    """Each run's own ratio to its reference (the rows of one run share the machine's moment), median and range:
    on a shared two-core machine one run's ratio strays by a tenth or more, the size of a goal's margin."""
    print("\neach run's own ratio to its reference: median (lowest-highest)")
    for kind in kinds:
        reference = reference_of(kind, median)
        if kind == reference:
            continue
        parts = []
        for warmth in ("cold", "warm"):  # every row visits cold and warm
            ratios = [value / base for value, base in zip(times[kind, warmth], times[reference, warmth])]
            parts.append(f"{warmth} {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
        print(f"  {kind:14}" + "   ".join(parts))


# The loader's steps, in order, and what the time up to each one is spent on (loader.js, worker.js)
STEPS = (("runtime", "worker up"), ("python", "download"), ("engine", "Python starts"),
         ("ready", "engine import"), ("app-module", "app code in"), ("open", "first screen"))


def print_steps(marks: dict, kinds: tuple, visits: dict) -> None:
    """Medians of when each step of a start was reached, and the time since the previous one."""
    rows = [(k, w) for k in kinds for w in visits[k] if marks.get((k, w)) and marks[k, w][0]]
    if not rows:
        return
    print_worker_steps(marks, rows)
    rows = [(k, w) for k, w in rows if any(name in marks[k, w][0] for name, _ in STEPS)]
    if not rows:
        return
    print("\nWhere a start's time goes: medians of when each step is reached, ms after the click "
          "(in brackets: since the step before; app code loads beside the engine)\n")
    print(f"{'':20}" + "".join(f"{label:>22}" for _, label in STEPS))
    for kind, warmth in rows:
        cells, previous = [], 0.0
        for name, _ in STEPS:
            values = [m[name] for m in marks[kind, warmth] if name in m]
            if not values:
                cells.append(f"{'-':>22}")
                continue
            at = statistics.median(values)
            since = f"(+{at - previous:.0f})" if name != "app-module" else ""
            cells.append(f"{at:>14.0f}{since:>8}")
            if name != "app-module":
                previous = at
        print(f"{kind + ' ' + warmth:20}" + "".join(cells))


def print_worker_steps(marks: dict, rows: list) -> None:
    """Medians of the worker's own steps (worker.js: each file asked for, answered and in, the WebAssembly
    compiled, Python up, the engine imported), then of the first screen's calls (protocol.js: each method's
    first call asked and answered), ms after the click, in the order they happen."""
    print_marks(marks, rows, ("worker:",), "Inside the worker: medians of when each step is reached")
    print_marks(marks, rows, ("ask:", "answered:"),
                "The first calls to the engine: medians of when each is asked and answered")


def print_marks(marks: dict, rows: list, prefixes: tuple, title: str) -> None:
    names = sorted({name for key in rows for m in marks[key] for name in m if name.startswith(prefixes)})
    if not names:
        return
    print(f"\n{title}, ms after the click\n")
    print(f"{'':28}" + "".join(f"{kind + ' ' + warmth:>18}" for kind, warmth in rows))
    at = {key: {name: statistics.median(v) for name in names
                if (v := [m[name] for m in marks[key] if name in m])} for key in rows}
    order = sorted(names, key=lambda name: statistics.median([at[key].get(name, 0) for key in rows]))
    for name in order:
        label = name.removeprefix("worker:")
        print(f"{label:28}" + "".join(
            f"{at[key][name]:>18.0f}" if name in at[key] else f"{'-':>18}" for key in rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--settle-ms", type=int, default=SETTLE_MS,
                        help="how long each visit stays open once ready (V8 writes the WebAssembly's compiled "
                             "code to its cache only once its optimising compiler has been idle for 2 s: on a "
                             "busy machine 2.5 s may be too short for the tutorial, which keeps running Python "
                             "for its first screen, and its warm visit then compiles again)")
    parser.add_argument("--read-ms", type=int, default=READ_MS,
                        help="how long the tutorial's page is left open before Start is clicked, as a reader reads "
                             "before pressing it (0: at once, while the page may still load its own files)")
    parser.add_argument("--plain-headers", action="store_true",
                        help="no security headers (to measure an older build, whose pages have inline scripts)")
    parser.add_argument("--kinds", default="bare-main,bare-worker,tutorial,slow-4g-bare,slow-4g",
                        help="rows to measure, comma-separated (also: bare-split, the page compiling the "
                             "WebAssembly for the worker; bare-steps, bare-worker with the step marks of the "
                             "tutorial's worker); bare-main must be one")
    parser.add_argument("--js-flags", default="",
                        help="V8 flags for every row, to ask where a start's time goes, never a reader's setting "
                             "(--js-flags=--no-wasm-lazy-compilation: the WebAssembly compiled whole at once, "
                             "not each function at its first call)")
    args = parser.parse_args()
    if not (args.site / "tutorial" / "index.html").is_file():
        sys.exit("error: no built site with a tutorial page: run `make site` first.")
    from playwright.sync_api import sync_playwright

    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    transfers: list[dict] = []
    server, url, handler = serve(args.site, transfers)
    handler.plain_headers = args.plain_headers
    kinds = tuple(args.kinds.split(","))
    has_worker = (args.site / "sw.js").is_file()
    visits = {kind: ("cold", "warm", "offline") if kind in ("tutorial", "slow-4g") and has_worker
              else ("cold", "warm") for kind in kinds}
    times = {(k, w): [] for k in kinds for w in visits[k]}
    weights = {(k, w): [] for k in kinds for w in visits[k]}
    marks = {(k, w): [] for k in kinds for w in visits[k]}
    with sync_playwright() as playwright:
        for run in range(args.runs):
            for kind in kinds:  # interleaved, so a slow spell of the machine hits every row alike
                profile = tempfile.mkdtemp(prefix="bench-profile-")
                try:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=chromium(), headless=True,
                        args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
                              *([f"--js-flags={args.js_flags}"] if args.js_flags else [])])
                    for warmth in visits[kind]:
                        elapsed, weight, steps = visit(context, url, kind, transfers, handler, warmth,
                                                       args.settle_ms, args.read_ms)
                        times[kind, warmth].append(elapsed)
                        weights[kind, warmth].append(weight)
                        marks[kind, warmth].append(steps)
                    context.close()
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
            print(f"run {run + 1}/{args.runs}: " + ", ".join(
                f"{k} " + "/".join(f"{times[k, w][-1] / 1000:.2f}" for w in visits[k]) + " s" for k in kinds),
                file=sys.stderr, flush=True)
    server.shutdown()
    median = {key: statistics.median(values) for key, values in times.items()}
    weight = {key: {part: statistics.median(w[part] for w in values) for part in ("sent", "gzip", "raw")}
              for key, values in weights.items()}
    print(f"\nload average before / after: {load_before} / {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.js_flags:
        print(f"V8 flags (not a reader's): {args.js_flags}")
    print(f"\nChromium, medians of {args.runs} (fresh profile per run; warm = second visit; offline = third "
          f"visit, network off; slow-4g = 1.44 Mbit/s, 562.5 ms, CPU {CPU_SLOWDOWN}x slower)\n")
    print(f"{'':14}{'cold s':>8}{'warm s':>8}{'offline s':>10}{'cold ×':>8}{'warm ×':>8}"
          f"{'cold MB':>9}{'gzip MB':>9}{'raw MB':>8}{'warm MB':>9}")
    for kind in kinds:
        cold, warm = median[kind, "cold"], median[kind, "warm"]
        offline = f"{median[kind, 'offline'] / 1000:10.2f}" if (kind, "offline") in median else f"{'-':>10}"
        reference = reference_of(kind, median)
        print(f"{kind:14}{cold / 1000:8.2f}{warm / 1000:8.2f}{offline}{cold / median[reference, 'cold']:8.2f}"
              f"{warm / median[reference, 'warm']:8.2f}"
              f"{weight[kind, 'cold']['sent'] / 1e6:9.2f}{weight[kind, 'cold']['gzip'] / 1e6:9.2f}"
              f"{weight[kind, 'cold']['raw'] / 1e6:8.2f}{weight[kind, 'warm']['sent'] / 1e6:9.2f}")
    kept = [m["snapshot kB"] for key in marks if key[1] == "cold" for m in marks[key] if "snapshot kB" in m]
    if kept:
        print(f"\nPython snapshot kept on the device after a cold start (snapshot.js): median {statistics.median(kept):.0f} kB"
              f" (0 = not kept)")
    print("\n× = ratio to bare-main in the same column, for the slow-4g rows to slow-4g-bare (targets: tutorial "
          "cold ≤ 1.1, warm ≤ 1.0; slow-4g cold ≤ 1.1)")
    print("cold MB = bytes sent, compressed as served (Brotli); gzip MB / raw MB = the same files from a host "
          "that sends gzip only / nothing compressed")
    print_run_ratios(times, kinds, median)
    print_steps(marks, kinds, visits)
    if args.json:
        args.json.write_text(json.dumps({"times_ms": {f"{k}/{w}": v for (k, w), v in times.items()},
                                         "bytes": {f"{k}/{w}": v for (k, w), v in weights.items()},
                                         "marks_ms": {f"{k}/{w}": v for (k, w), v in marks.items()}},
                                        indent=2))


if __name__ == "__main__":
    main()
