// The Python the browser runs, trimmed to what it imports and compiled ahead, inside Pyodide itself (Node),
// so the bytecode is exactly what the browser's Python (3.14) reads. The Python half is
// scripts/runtime_imports.py; the calls that exercise the engine are scripts/bridge_samples.py.
//
//   node scripts/trim_python.mjs build <pyodide dir> <engine wheel> <out dir>
//     Traces, with the npm package's full standard library: Pyodide's start, the engine installed as the
//     worker installs it (unpackArchive of the wheel), every engine module the bridge reaches and every
//     module their import statements name, every bridge sample, and a Python error crossing into
//     JavaScript. Writes <out dir>/python_stdlib.zip with only the standard-library modules that loaded,
//     and <out dir>/<wheel name> with only the reachable engine modules, both as bytecode only. Then
//     checks them, as below, and prints a JSON summary.
//   node scripts/trim_python.mjs check <runtime dir> <engine wheel>
//     Starts Pyodide from <runtime dir> (its trimmed python_stdlib.zip), installs the wheel and runs every
//     bridge sample; exits 1, naming the module, if anything the engine needs is missing.
//
// Why bytecode: the npm package's python_stdlib.zip holds only .py sources, so every start compiled each
// imported module from source, in WebAssembly, on every visit (measured with scripts/bench_tutorial.py:
// tutorial 4.30 / 2.57 s cold / warm with sources, 1.68 / 1.34 s precompiled). Why trimmed: the browser
// imports about 150 of the archive's 600 modules; the rest was 3 MB that nobody loads.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPTS = fileURLToPath(new URL(".", import.meta.url));
const ZIP_STORED = 0; // the archives travel compressed (Brotli, gzip) as a whole: see stdlibCompression
const [mode, runtimeDir, wheelPath, outDir] = process.argv.slice(2);
if (!["build", "check"].includes(mode) || !runtimeDir || !wheelPath || (mode === "build" && !outDir)) {
  console.error("usage: node scripts/trim_python.mjs build <pyodide dir> <wheel> <out dir>\n" +
                "       node scripts/trim_python.mjs check <runtime dir> <wheel>");
  process.exit(2);
}

// Pyodide as the worker starts it, with the engine installed the way the worker installs it.
async function startLikeTheWorker(indexDir, wheel) {
  const { loadPyodide } = await import(resolve(indexDir, "pyodide.mjs"));
  const lockFileURL = new URL("../node_modules/pyodide/pyodide-lock.json", import.meta.url).pathname;
  // PYTHONNODEBUGRANGES: the bytecode compiled here keeps line numbers but not column ranges (smaller).
  const pyodide = await loadPyodide({ indexURL: `${resolve(indexDir)}/`, lockFileURL, stdout: () => {},
    env: { PYTHONNODEBUGRANGES: "1" } });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  pyodide.runPython("import engine.bridge");
  pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(readFileSync(wheel)));
  for (const name of ["runtime_imports.py", "bridge_samples.py"]) {
    pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(resolve(SCRIPTS, name)));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import runtime_imports");
  return pyodide;
}

// What the browser makes Python do, then a Python error reaching JavaScript (its formatting imports too).
function exercise(pyodide) {
  pyodide.runPython("runtime_imports.exercise('/tmp/engine.whl', '/tmp/bridge_samples.py')");
  try {
    pyodide.runPython("raise ValueError('a Python error seen from JavaScript')");
  } catch (error) {
    if (!String(error.message).includes("a Python error seen from JavaScript")) throw error;
  }
}

async function check(indexDir, wheel) {
  try {
    exercise(await startLikeTheWorker(indexDir, wheel));
  } catch (error) {
    const missing = /No module named '([^']+)'/.exec(String(error.message));
    console.error(missing
      ? `error: the trimmed runtime lacks the module '${missing[1]}', which the engine needs`
      : `error: the trimmed runtime failed a bridge sample:\n${error.message}`);
    process.exit(1);
  }
}

if (mode === "check") {
  await check(runtimeDir, wheelPath);
  console.log("the trimmed runtime starts and answers every bridge sample");
} else {
  const pyodide = await startLikeTheWorker(runtimeDir, wheelPath);
  exercise(pyodide);
  const outStdlib = resolve(outDir, "python_stdlib.zip");
  const outWheel = resolve(outDir, basename(wheelPath));
  pyodide.FS.writeFile("/tmp/full_stdlib.zip", new Uint8Array(readFileSync(resolve(runtimeDir, "python_stdlib.zip"))));
  const summary = JSON.parse(pyodide.runPython(`
files = runtime_imports.loaded_stdlib_files()
runtime_imports.report(
    stdlib=runtime_imports.write_stdlib("/tmp/full_stdlib.zip", files, "/tmp/stdlib.zip", ${ZIP_STORED}),
    engine=runtime_imports.write_wheel("/tmp/engine.whl", runtime_imports.engine_modules("/tmp/engine.whl"),
                                       "/tmp/engine-trimmed.whl", ${ZIP_STORED}))
`));
  writeFileSync(outStdlib, pyodide.FS.readFile("/tmp/stdlib.zip"));
  writeFileSync(outWheel, pyodide.FS.readFile("/tmp/engine-trimmed.whl"));
  console.log(JSON.stringify(summary));
}
