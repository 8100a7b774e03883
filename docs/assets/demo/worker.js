// The module worker that owns the engine: it starts Pyodide from the site itself, fetches the engine wheel
// while the runtime starts (checked against the lock's sha256), puts it on Python's path (engine-install.js)
// and answers the page through Comlink.
// No rule lives in JavaScript.
import * as Comlink from "../vendor/comlink.mjs";
import { installEngine } from "./engine-install.js";
import { findSnapshot, forgetSnapshot, keepSnapshot, snapshotKey } from "./snapshot.js";

const siteRoot = new URL("../../", import.meta.url);
let python = null;

// When each step inside the worker is reached, as absolute times (timeOrigin + now: the page's clock differs),
// sent with the "ready" report; the loader puts them on the page's timeline ("demo:worker:…") for
// scripts/bench_tutorial.py, which says where a start's time goes.
const steps = {};
const step = (name) => { steps[name] ??= performance.timeOrigin + performance.now(); };
step("module");

async function fetchJson(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// Counts the bytes of a start's downloads as they travel, for the page's progress bar, against the total the
// build measured (runtime.json: each file's size raw, gzip and Brotli). A compressed response's Content-Length
// is its compressed size while its body reads decompressed: each file's travelled bytes are its share read
// of the decompressed size, times its Content-Length, and exactly its Content-Length once read, so the bar
// ends at 100 % whatever the host's compression. The modules (pyodide.mjs, pyodide.asm.mjs) are imported,
// not fetched: each counts as travelled once the next step begins. A download is read from a clone, so the
// original response (the one WebAssembly compiles from) stays the browser's cached response and keeps V8's
// compiled-code cache. A download or a WebAssembly compilation that fails rejects `failed`: Pyodide only
// logs those and would otherwise wait forever.
function watchDownloads(config, report) {
  const downloads = new Map(); // site path -> {loaded, total, size} in bytes that travel; size: decompressed
  for (const [path, sizes] of Object.entries(config.downloads)) {
    downloads.set(path, { loaded: 0, total: sizes.br, size: sizes.identity });
  }
  const originalFetch = self.fetch.bind(self);
  const originals = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming };
  let runtimeDone = false;
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  failed.catch(() => {}); // raced below; never an unhandled rejection
  const entryOf = (url) => downloads.get(new URL(url, self.location.href).href.slice(siteRoot.href.length));
  let told = null; // what the page was last told: it shows tenths of a megabyte, so each chunk need not travel
  const tell = () => {
    if (runtimeDone) return;
    let loaded = 0, total = 0;
    for (const entry of downloads.values()) { loaded += entry.loaded; total += entry.total; }
    const shown = `${Math.floor(loaded / 1e5)}/${total}`;
    if (shown === told && loaded < total) return;
    told = shown;
    report({ stage: "runtime", loaded, total });
    if (loaded >= total) {
      runtimeDone = true;
      report({ stage: "python" });
    }
  };
  const finish = (path) => {
    const entry = downloads.get(path);
    if (entry) entry.loaded = entry.total;
  };
  self.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input.url || String(input);
    const entry = entryOf(url);
    if (!entry) return originalFetch(input, init);
    if (url.endsWith(".wasm")) finish(`${config.indexURL}pyodide.asm.mjs`); // imported before the wasm is asked for
    const file = url.split("/").pop().split("-")[0].split(".")[0]; // "pyodide", "python_stdlib", "chickenfoot_engine"…
    const name = url.endsWith(".wasm") ? "wasm" : url.endsWith(".asm.mjs") ? "asm.mjs" : file;
    step(`${name} asked`);
    let response;
    try {
      response = await originalFetch(input, init);
      step(`${name} answers`);
    } catch (error) {
      fail(new Error(`${url}: ${error.message}`));
      // Pyodide starts this fetch long before it awaits it; a rejection would surface as an uncaught error.
      return new Response(null, { status: 503, statusText: "download failed" });
    }
    if (!response.ok || !response.body) {
      fail(new Error(`${url}: HTTP ${response.status}`));
      return response;
    }
    const travelling = Number(response.headers.get("Content-Length")) || entry.total;
    Object.assign(entry, { loaded: 0, total: travelling });
    const reader = response.clone().body.getReader();
    (async () => {
      let read = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        read += value.byteLength;
        entry.loaded = Math.min(travelling, Math.round(travelling * read / entry.size));
        tell();
      }
      entry.loaded = travelling;
      step(`${name} in`);
      tell();
    })().catch((error) => fail(error));
    tell();
    return response;
  };
  // A body that is not WebAssembly (corrupt, truncated, an HTML page in its place, a wrong MIME type) fails to
  // compile: Pyodide only logs "wasm instantiation failed!" and never settles its start. Fail the start instead.
  const watched = (name) => async (...args) => {
    try {
      const result = await originals[name].apply(WebAssembly, args);
      if (name === "instantiateStreaming") step("wasm compiled");
      return result;
    } catch (error) {
      fail(error);
      throw error;
    }
  };
  WebAssembly.instantiate = watched("instantiate");
  WebAssembly.instantiateStreaming = watched("instantiateStreaming");
  return {
    failed,
    imported: (path) => { finish(path); tell(); },
    stop: () => { self.fetch = originalFetch; Object.assign(WebAssembly, originals); },
  };
}

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The engine wheel is fetched in parallel with the runtime's start, then put on Python's path once Python runs.
// runtime.json lists the wheel among the downloads, so it travels at once, beside the lock (not one round trip
// after it); the lock's sha256 checks it once both are in.
async function fetchEngine(config) {
  const wheelName = `${config.enginePackage.replaceAll("-", "_")}-`;
  const listed = Object.keys(config.downloads).find((path) => path.endsWith(".whl") && path.split("/").pop().startsWith(wheelName));
  const fetchWheel = async (path) => {
    const response = await fetch(new URL(path, siteRoot));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  const early = listed ? fetchWheel(listed) : null;
  early?.catch(() => {}); // awaited below
  const lock = await fetchJson(new URL(config.lockFile, siteRoot));
  step("lock in");
  const entry = lock.packages[config.enginePackage];
  if (!entry) throw new Error(`${config.enginePackage} is not in the lock`);
  const path = `pyodide/${entry.file_name}`;
  const bytes = await (listed === path ? early : fetchWheel(path));
  if ((await sha256Hex(bytes)) !== entry.sha256) throw new Error(`${entry.file_name}: sha256 mismatch`);
  step("wheel checked");
  return { bytes, lock };
}

// Python restored from the kept snapshot, with the engine's wheel put back on the fresh file system (its
// modules not yet imported are read from it) and the sessions of the calls made before the snapshot dropped,
// or null when the restore fails: the caller starts the normal way.
async function restore(loadPyodide, options, snapshot, engine, downloads, wheelFile) {
  try {
    const restoring = loadPyodide({ ...options, _loadSnapshot: snapshot });
    const [pyodide, { bytes }] = await Promise.race([Promise.all([restoring, engine]), downloads.failed]);
    installEngine(pyodide, bytes, wheelFile);
    pyodide.runPython("import engine.bridge\nengine.bridge.forget()");
    return pyodide;
  } catch {
    return null;
  }
}

// The snapshot is taken once the first screen's calls are done: the worker idle for SNAPSHOT_IDLE_MS after the
// start's answer or its last answer. Taken before the first call, its copy of Python's memory (about 31 MB)
// held that call up: about 80 ms of a cold start's first screen, on two cores. The calls' sessions are in it;
// a restore drops them before anything else (engine.bridge.forget), so it starts as a fresh start. Pyodide
// can only snapshot its own start's objects: the calls hand Python nothing but strings.
const SNAPSHOT_IDLE_MS = 300;
let snapshotDue = null; // set between the start and the snapshot
let snapshotTimer = null;

function snapshotWhenIdle(pyodide, key) {
  snapshotDue = () => {
    snapshotDue = null;
    let bytes;
    try {
      bytes = pyodide.makeMemorySnapshot();
    } catch {
      return; // this start cannot be snapshotted: the next one starts the normal way too
    }
    keepSnapshot(key, bytes);
  };
  postponeSnapshot();
}

function postponeSnapshot() {
  if (!snapshotDue) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => snapshotDue?.(), SNAPSHOT_IDLE_MS);
}

const api = {
  // report({stage, loaded, total}) tells the page how far the start-up has come. `runtime`: runtime.json as
  // the page fetched it while this worker's modules loaded (a round trip less before the download), or null.
  async start(report, runtime = null) {
    if (typeof WebAssembly !== "object") throw new Error("no-webassembly");
    step("asked to start");
    report({ stage: "runtime" });
    const config = runtime || await fetchJson(new URL("pyodide/runtime.json", siteRoot), { cache: "no-cache" });
    const downloads = watchDownloads(config, report);
    try {
      const indexURL = new URL(config.indexURL, siteRoot).href;
      const engine = fetchEngine(config);
      engine.catch(() => {}); // awaited below; this only keeps an early failure from going unobserved
      const key = snapshotKey(config, siteRoot);
      const kept = findSnapshot(key); // read from the device while the loader comes in
      const { loadPyodide } = await Promise.race([import(new URL("pyodide.mjs", indexURL).href), downloads.failed]);
      downloads.imported(`${config.indexURL}pyodide.mjs`);
      step("loader in");
      // stdLibURL: the trimmed standard library (scripts/trim_python.mjs), Pyodide's documented option for it
      const options = { indexURL, stdLibURL: new URL(config.stdLibURL, siteRoot).href,
        lockFileContents: engine.then(({ lock }) => lock),
        fsInit: () => step("file system"), // Pyodide's last step before Python's own start
        packageBaseUrl: new URL("pyodide/", siteRoot).href };
      const wheelFile = config.enginePackage.replaceAll("-", "_") + ".whl";
      const snapshot = await kept;
      let restored = null;
      if (snapshot) {
        step("snapshot in");
        restored = await restore(loadPyodide, options, snapshot, engine, downloads, wheelFile);
        if (!restored) await forgetSnapshot(key); // it did not restore: start the normal way below
      }
      if (restored) {
        python = restored;
        step("snapshot restored");
      } else {
        const makeSnapshot = Boolean(key);
        const started = loadPyodide({ ...options, _makeSnapshot: makeSnapshot });
        const [pyodide, { bytes }] = await Promise.race([Promise.all([started, engine]), downloads.failed]);
        python = pyodide;
        step("Python up");
        report({ stage: "engine" });
        installEngine(python, bytes, wheelFile);
        step("engine imported");
        if (makeSnapshot) snapshotWhenIdle(python, key);
      }
      report({ stage: "ready", steps });
    } finally {
      downloads.stop();
    }
  },

  // One JSON request to the engine's web bridge, one JSON answer back.
  call(method, argumentsJson = "{}") {
    if (!python) throw new Error("not-started");
    const bridge = python.pyimport("engine.bridge");
    try {
      return bridge.handle(method, argumentsJson);
    } finally {
      bridge.destroy();
      postponeSnapshot();
    }
  },
};

Comlink.expose(api);
