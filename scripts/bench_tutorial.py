"""How long the tutorial takes from the Start click to an interactive board, cold and warm, against a bare
Pyodide start measured in the same run; and how many bytes each visit transfers.

Each repetition uses a fresh on-disk browser profile (a persistent context: Chromium keeps its HTTP cache and
V8's compiled-code cache there, as a reader's browser does; an incognito context has no code cache), and
visits each page twice: the first visit is cold, the second warm. Nothing is intercepted with Playwright's
``route`` (that disables the HTTP cache). Bytes are counted by the server, because the browser's own
accounting misses what a worker fetches.

Rows:
- ``bare-main``: ``loadPyodide()`` on the page's main thread, then ``1+1`` (the reference);
- ``bare-worker``: the same inside a module worker;
- ``tutorial``: click on Start until the first lesson's board is interactive (``data-state="ready"``);
- ``bare-split`` (on request): the page compiles the WebAssembly with ``compileStreaming`` and hands the
  ``WebAssembly.Module`` to the worker, which instantiates it.

Usage: ``.venv/bin/python scripts/bench_tutorial.py [--runs 5]`` after ``make site``. Prints a table of
medians and the ratios to ``bare-main``.
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

from serve import SiteRequestHandler  # noqa: E402  (scripts/ is not a package)

BENCH_PREFIX = "/__bench__/"
SETTLE_MS = 2500  # left open after each visit, so V8 can write its compiled-code cache as a reader's tab would

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
}


class BenchHandler(SiteRequestHandler):
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


def serve(root: Path, counts: dict) -> tuple[ThreadingHTTPServer, str]:
    handler = type("Handler", (BenchHandler,), {"server_quiet": True, "bytes_sent_by_path": counts})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium() -> str:
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return subprocess.run([str(ROOT / "scripts" / "find-chromium.sh")], capture_output=True, text=True,
                          check=True).stdout.strip()


CLICK_TO_BOARD = """() => new Promise((resolve, reject) => {
  const root = document.getElementById("demo");
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (root.dataset.state === "ready" && root.querySelector(".demo-hand .demo-tile")) {
      observer.disconnect();
      resolve(performance.now() - start);
    } else if (root.dataset.state === "error") {
      observer.disconnect();
      reject(new Error("the tutorial failed to start"));
    }
  });
  observer.observe(root, { attributes: true, childList: true, subtree: true });
  root.querySelector("button").click();
})"""


def visit(context, url: str, kind: str, counts: dict) -> tuple[float, int]:
    counts.clear()
    page = context.new_page()
    if kind == "tutorial":
        page.goto(url + "tutorial/")
        page.wait_for_selector("#demo[data-state=idle] button")
        elapsed = page.evaluate(CLICK_TO_BOARD)
    else:
        page.goto(f"{url}{BENCH_PREFIX[1:]}{kind}.html")
        page.wait_for_function("window.benchResult !== undefined", timeout=120_000)
        elapsed = page.evaluate("window.benchResult")
    page.wait_for_timeout(SETTLE_MS)
    page.close()
    return elapsed, sum(counts.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--kinds", default="bare-main,bare-worker,tutorial",
                        help="rows to measure, comma-separated (also: bare-split, the page compiling the "
                             "WebAssembly for the worker); bare-main must be one")
    args = parser.parse_args()
    if not (args.site / "tutorial" / "index.html").is_file():
        sys.exit("error: no built site with a tutorial page: run `make site` first.")
    from playwright.sync_api import sync_playwright

    counts: dict[str, int] = {}
    server, url = serve(args.site, counts)
    kinds = tuple(args.kinds.split(","))
    times = {(k, w): [] for k in kinds for w in ("cold", "warm")}
    transferred = {(k, w): [] for k in kinds for w in ("cold", "warm")}
    with sync_playwright() as playwright:
        for run in range(args.runs):
            for kind in kinds:  # interleaved, so a slow spell of the machine hits every row alike
                profile = tempfile.mkdtemp(prefix="bench-profile-")
                try:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=chromium(), headless=True,
                        args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"])
                    for warmth in ("cold", "warm"):
                        elapsed, sent = visit(context, url, kind, counts)
                        times[kind, warmth].append(elapsed)
                        transferred[kind, warmth].append(sent)
                    context.close()
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
            print(f"run {run + 1}/{args.runs}: " + ", ".join(
                f"{k} {times[k, 'cold'][-1] / 1000:.2f}/{times[k, 'warm'][-1] / 1000:.2f} s" for k in kinds),
                file=sys.stderr, flush=True)
    server.shutdown()
    median = {key: statistics.median(values) for key, values in times.items()}
    print(f"\nChromium, localhost, medians of {args.runs} (fresh profile per run; warm = second visit)\n")
    print(f"{'':14}{'cold s':>8}{'warm s':>8}{'cold ×':>8}{'warm ×':>8}{'cold MB':>9}{'warm MB':>9}")
    for kind in kinds:
        cold, warm = median[kind, "cold"], median[kind, "warm"]
        print(f"{kind:14}{cold / 1000:8.2f}{warm / 1000:8.2f}{cold / median['bare-main', 'cold']:8.2f}"
              f"{warm / median['bare-main', 'warm']:8.2f}"
              f"{statistics.median(transferred[kind, 'cold']) / 1e6:9.2f}"
              f"{statistics.median(transferred[kind, 'warm']) / 1e6:9.2f}")
    print("\n× = ratio to bare-main in the same column (targets: tutorial cold ≤ 1.1, warm ≤ 1.0)")
    if args.json:
        args.json.write_text(json.dumps({"times_ms": {f"{k}/{w}": v for (k, w), v in times.items()},
                                         "bytes": {f"{k}/{w}": v for (k, w), v in transferred.items()}},
                                        indent=2))


if __name__ == "__main__":
    main()
