// The Python the browser runs, trimmed to what it imports and compiled ahead, inside Pyodide itself (Node),
// so the bytecode is exactly what the browser's Python (3.14) reads. The Python half is
// scripts/runtime_imports.py; the calls that exercise the engine are scripts/bridge_samples.py.
//
//   node scripts/trim_python.mjs build <pyodide dir> <engine wheel> <out dir>
//     Reads which engine modules the bridge reaches and what they import, then traces, in a Python started
//     from the npm package's standard library with Pyodide's package installer's modules stubbed and the
//     optional ssl left out (runtime_imports.py: STUBBED, ABSENT): Pyodide's start, the engine on Python's
//     path as the worker puts it (engine-install.js), every engine module the bridge reaches and every
//     module their import statements name, every bridge sample, and a Python error crossing into
//     JavaScript. Writes <out dir>/python_stdlib.zip with only the standard-library modules that loaded,
//     and <out dir>/<wheel name> with only the reachable engine modules, both as bytecode only, and prints
//     a JSON summary.
//   node scripts/trim_python.mjs check <runtime dir> <engine wheel>
//     Starts Pyodide from <runtime dir> (its trimmed python_stdlib.zip), puts the wheel on its path and runs
//     every bridge sample; exits 1, naming the module, if anything the engine needs is missing.
//
// Why bytecode: the npm package's python_stdlib.zip holds only .py sources, so every start compiled each
// imported module from source, in WebAssembly, on every visit (measured with scripts/bench_tutorial.py:
// tutorial 4.30 / 2.57 s cold / warm with sources, 1.68 / 1.34 s precompiled). Why trimmed: the browser
// imports about 110 of the archive's 560 modules; the rest was 3 MB that nobody loads.
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPTS = fileURLToPath(new URL(".", import.meta.url));
// The worker's own installEngine (a browser module: imported from its text, which Node takes as a module as is)
const { installEngine } = await import("data:text/javascript," + encodeURIComponent(
  readFileSync(new URL("../docs/assets/demo/engine-install.js", import.meta.url), "utf8")));
const ZIP_STORED = 0; // the archives travel compressed (Brotli, gzip) as a whole: see stdlibCompression
const [mode, runtimeDir, wheelPath, outDir] = process.argv.slice(2);
if (!["build", "check"].includes(mode) || !runtimeDir || !wheelPath || (mode === "build" && !outDir)) {
  console.error("usage: node scripts/trim_python.mjs build <pyodide dir> <wheel> <out dir>\n" +
                "       node scripts/trim_python.mjs check <runtime dir> <wheel>");
  process.exit(2);
}

// Pyodide as the worker starts it (with the standard library at stdLib, if given), with the engine installed
// the way the worker installs it.
async function startLikeTheWorker(indexDir, wheel, stdLib) {
  const { loadPyodide } = await import(resolve(indexDir, "pyodide.mjs"));
  const lockFileURL = new URL("../node_modules/pyodide/pyodide-lock.json", import.meta.url).pathname;
  // PYTHONNODEBUGRANGES: the bytecode compiled here has no column ranges (smaller).
  const pyodide = await loadPyodide({ indexURL: `${resolve(indexDir)}/`, lockFileURL, stdout: () => {},
    env: { PYTHONNODEBUGRANGES: "1" }, ...(stdLib ? { stdLibURL: stdLib } : {}) });
  installEngine(pyodide, readFileSync(wheel), basename(wheel));
  pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(readFileSync(wheel)));
  for (const name of ["runtime_imports.py", "bridge_samples.py"]) {
    pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(resolve(SCRIPTS, name)));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp'); import runtime_imports");
  return pyodide;
}

// What the browser makes Python do (plan: what to import besides, from exercise_plan), then a Python error
// reaching JavaScript (its formatting imports too).
function exercise(pyodide, plan = null) {
  const planArgument = plan === null ? "" : `, ${JSON.stringify(plan)}`;
  pyodide.runPython(`runtime_imports.exercise('/tmp/bridge_samples.py'${planArgument})`);
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
  // First, with the full standard library: what to import, and the standard library with its stubs.
  const fullStdlib = new Uint8Array(readFileSync(resolve(runtimeDir, "python_stdlib.zip")));
  const planner = await startLikeTheWorker(runtimeDir, wheelPath);
  planner.FS.writeFile("/tmp/full_stdlib.zip", fullStdlib);
  const plan = planner.runPython("runtime_imports.exercise_plan('/tmp/engine.whl')");
  planner.runPython("runtime_imports.write_stubbed('/tmp/full_stdlib.zip', '/tmp/stubbed.zip')");
  const stubbedPath = resolve(outDir, "stubbed_stdlib.zip");
  const stubbed = planner.FS.readFile("/tmp/stubbed.zip");
  writeFileSync(stubbedPath, stubbed);
  // Then the trace, in a fresh Python that starts from the stubbed standard library.
  const pyodide = await startLikeTheWorker(runtimeDir, wheelPath, stubbedPath);
  exercise(pyodide, plan);
  unlinkSync(stubbedPath);
  const outStdlib = resolve(outDir, "python_stdlib.zip");
  const outWheel = resolve(outDir, basename(wheelPath));
  pyodide.FS.writeFile("/tmp/full_stdlib.zip", fullStdlib);
  pyodide.FS.writeFile("/tmp/stubbed.zip", stubbed);
  const summary = JSON.parse(pyodide.runPython(`
files = runtime_imports.loaded_stdlib_files()
runtime_imports.use_real_zipfile("/tmp/full_stdlib.zip")
runtime_imports.report(
    stdlib=runtime_imports.write_stdlib("/tmp/stubbed.zip", files, "/tmp/stdlib.zip", ${ZIP_STORED}),
    engine=runtime_imports.write_wheel("/tmp/engine.whl", runtime_imports.engine_modules("/tmp/engine.whl"),
                                       "/tmp/engine-trimmed.whl", ${ZIP_STORED}))
`));
  writeFileSync(outStdlib, pyodide.FS.readFile("/tmp/stdlib.zip"));
  writeFileSync(outWheel, pyodide.FS.readFile("/tmp/engine-trimmed.whl"));
  console.log(JSON.stringify(summary));
}
