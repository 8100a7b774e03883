// Runs the engine benchmark inside Pyodide under Node, for scripts/bench_engine.py (or another benchmark module
// of scripts/ with a measure_all(seconds), e.g. bench_render for scripts/bench_render.py).
// Usage: node scripts/bench_engine_pyodide.js <repo root> <seconds per measurement | golden> [module]
// Prints one JSON object (the same shape the module measures on CPython).
"use strict";
const fs = require("fs");
const path = require("path");

function findPyodide(root) {
  for (const dir of [path.join(root, "node_modules", "pyodide"), "/tmp/npmtest/node_modules/pyodide"]) {
    if (fs.existsSync(path.join(dir, "pyodide.js"))) return dir;
  }
  throw new Error("npm package pyodide not found (node_modules/pyodide or /tmp/npmtest/node_modules/pyodide)");
}

async function main() {
  const root = path.resolve(process.argv[2] || ".");
  const golden = process.argv[3] === "golden";  // only the same-seed check (for the test suite)
  const seconds = golden ? 0 : Number(process.argv[3] || "2");
  const bench = process.argv[4] || "bench_engine";
  const dir = findPyodide(root);
  const { loadPyodide } = require(path.join(dir, "pyodide.js"));
  const started = Date.now();
  const pyodide = await loadPyodide({ indexURL: dir + path.sep });
  const loadSeconds = (Date.now() - started) / 1000;
  // Copy the engine's sources (and the benchmark itself) into Pyodide's file system.
  pyodide.FS.mkdirTree("/bench/engine");
  for (const name of fs.readdirSync(path.join(root, "engine"))) {
    if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`/bench/engine/${name}`, fs.readFileSync(path.join(root, "engine", name), "utf8"));
    }
  }
  pyodide.FS.writeFile(`/bench/${bench}.py`, fs.readFileSync(path.join(root, "scripts", `${bench}.py`), "utf8"));
  const result = await pyodide.runPythonAsync(`
import sys, json
sys.path.insert(0, "/bench")
import ${bench} as bench
json.dumps({"python": "", "golden_sha256": bench.golden_record_sha()} if ${golden ? "True" : "False"} else bench.measure_all(${seconds}))
`);
  const data = JSON.parse(result);
  data.runtime_load_seconds = loadSeconds;
  data.python = "Pyodide " + pyodide.version + " (" + data.python + ")";
  process.stdout.write(JSON.stringify(data) + "\n");
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack || error) + "\n");
  process.exit(1);
});
