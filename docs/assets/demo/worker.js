// The module worker that owns the engine: it starts Pyodide from the site itself, fetches the engine wheel
// while the runtime starts (checked against the lock's sha256), and answers the page through Comlink.
// No rule lives in JavaScript.
import * as Comlink from "../vendor/comlink.mjs";

const siteRoot = new URL("../../", import.meta.url);
const DOWNLOADS = /\/(pyodide\.asm\.wasm|python_stdlib\.zip|[^/]+\.whl)$/;
let python = null;

async function fetchJson(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// Counts the bytes of the big downloads as they arrive, for the page's progress bar. It reads a clone, so
// the original response (the one WebAssembly compiles from) stays the browser's cached response: a
// rebuilt Response would lose V8's compiled-code cache. A download that fails rejects `failed`: Pyodide
// only logs a failed WebAssembly fetch and would otherwise wait forever.
// When the runtime's files are all in, Python's own start-up is what remains: the page shows that stage.
function watchDownloads(report) {
  const seen = new Map();
  const originalFetch = self.fetch.bind(self);
  let runtimeDone = false;
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  failed.catch(() => {}); // raced below; never an unhandled rejection
  const tell = () => {
    if (runtimeDone) return;
    let loaded = 0, total = 0;
    for (const entry of seen.values()) { loaded += entry.loaded; total += entry.total; }
    report({ stage: "runtime", loaded, total });
    if (seen.size >= 2 && loaded >= total) {
      runtimeDone = true;
      report({ stage: "python" });
    }
  };
  self.fetch = async (input, init) => {
    const url = new URL(typeof input === "string" ? input : input.url || String(input), self.location.href);
    if (!DOWNLOADS.test(url.pathname)) return originalFetch(input, init);
    let response;
    try {
      response = await originalFetch(input, init);
    } catch (error) {
      fail(new Error(`${url.pathname}: ${error.message}`));
      // Pyodide starts this fetch long before it awaits it; a rejection would surface as an uncaught error.
      return new Response(null, { status: 503, statusText: "download failed" });
    }
    if (!response.ok || !response.body) {
      fail(new Error(`${url.pathname}: HTTP ${response.status}`));
      return response;
    }
    const entry = { loaded: 0, total: Number(response.headers.get("Content-Length")) || 0 };
    seen.set(url.href, entry);
    const reader = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.loaded += value.byteLength;
        tell();
      }
    })().catch((error) => fail(error));
    tell();
    return response;
  };
  return { failed, stop: () => { self.fetch = originalFetch; } };
}

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The engine wheel is fetched in parallel with the runtime's start, then unpacked once Python runs.
async function fetchEngine(config) {
  const lock = await fetchJson(new URL(config.lockFile, siteRoot));
  const entry = lock.packages[config.enginePackage];
  if (!entry) throw new Error(`${config.enginePackage} is not in the lock`);
  const response = await fetch(new URL(`pyodide/${entry.file_name}`, siteRoot));
  if (!response.ok) throw new Error(`${entry.file_name}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  if ((await sha256Hex(bytes)) !== entry.sha256) throw new Error(`${entry.file_name}: sha256 mismatch`);
  return { bytes, lock };
}

const api = {
  // report({stage, loaded, total}) tells the page how far the start-up has come.
  async start(report) {
    if (typeof WebAssembly !== "object") throw new Error("no-webassembly");
    const downloads = watchDownloads(report);
    report({ stage: "runtime" });
    try {
      const config = await fetchJson(new URL("pyodide/runtime.json", siteRoot), { cache: "no-cache" });
      const indexURL = new URL(config.indexURL, siteRoot).href;
      const engine = fetchEngine(config);
      engine.catch(() => {}); // awaited below; this only keeps an early failure from going unobserved
      const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
      // stdLibURL: the trimmed standard library (scripts/trim_python.mjs), Pyodide's documented option for it
      const started = loadPyodide({ indexURL, stdLibURL: new URL(config.stdLibURL, siteRoot).href,
        lockFileContents: engine.then(({ lock }) => lock),
        packageBaseUrl: new URL("pyodide/", siteRoot).href });
      const [pyodide, { bytes }] = await Promise.race([Promise.all([started, engine]), downloads.failed]);
      python = pyodide;
      report({ stage: "engine" });
      const sitePackages = python.runPython("import site; site.getsitepackages()[0]");
      python.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
      python.runPython("import engine.bridge");
      report({ stage: "ready" });
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
    }
  },
};

Comlink.expose(api);
