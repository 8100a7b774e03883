// The module worker that owns the engine: it starts Pyodide from the site itself, loads the engine wheel
// (checked against the lock's sha256), and answers the page through Comlink. No rule lives in JavaScript.
import * as Comlink from "../vendor/comlink.mjs";

const siteRoot = new URL("../../", import.meta.url);
let python = null;

async function readRuntimeConfig() {
  const response = await fetch(new URL("pyodide/runtime.json", siteRoot), { cache: "no-cache" });
  if (!response.ok) throw new Error(`pyodide/runtime.json: HTTP ${response.status}`);
  return response.json();
}

const api = {
  // report(stage, detail) tells the page how far the start-up has come.
  async start(report) {
    if (typeof WebAssembly !== "object") throw new Error("no-webassembly");
    report("runtime");
    const config = await readRuntimeConfig();
    const indexURL = new URL(config.indexURL, siteRoot).href;
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    report("python");
    python = await loadPyodide({
      indexURL,
      lockFileURL: new URL(config.lockFile, siteRoot).href,
      packageBaseUrl: new URL("pyodide/", siteRoot).href,
    });
    report("engine");
    await python.loadPackage(config.enginePackage, { messageCallback: () => {} });
    python.runPython("import engine.web");
    report("ready");
  },

  // One JSON request to the engine's web bridge, one JSON answer back.
  call(method, argumentsJson = "{}") {
    if (!python) throw new Error("not-started");
    const bridge = python.pyimport("engine.web");
    try {
      return bridge.handle(method, argumentsJson);
    } finally {
      bridge.destroy();
    }
  },
};

Comlink.expose(api);
