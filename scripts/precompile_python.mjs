// Precompiles Python for the browser runtime, inside Pyodide itself (Node), so the bytecode is exactly
// what the browser's Python (3.14, cache tag cpython-314) reads.
//
// Why: the npm package's python_stdlib.zip holds only .py sources, so every start compiled each imported
// module (about 170 of them, plus the engine) from source, in WebAssembly, on every visit. A warm HTTP
// cache cannot save that work; only V8's cache of optimised machine code makes it faster, and a module
// worker profits from that cache later and less than the main thread does. That is why the worker lost
// the warm-cache gain: its start was mostly Python's compiler running in baseline WebAssembly code.
// Measured with scripts/bench_tutorial.py (Chromium 156, localhost, fresh profile per run):
//   sources only:  bare main 3.98 / 1.75 s (cold / warm), bare worker 2.65 / 2.65 s, tutorial 4.30 / 2.57 s
//   precompiled:   bare main 1.70 / 1.35 s,               bare worker 1.56 / 1.12 s, tutorial 1.68 / 1.34 s
// With bytecode shipped, the worker's warm start is as fast as the main thread's (0.83x), and the tutorial's
// click-to-board is 0.99x the bare main-thread start, cold and warm. The cost: +1.9 MB to download.
// What: (1) the engine wheel gains engine/__pycache__/<module>.cpython-314.pyc for every module;
// (2) python_stdlib.zip gains <module>.pyc beside the <module>.py of every standard-library module the
// start-up and the engine import (the rest stay sources only, to keep the download small). Both are
// unchecked-hash pycs (PEP 552): valid without reading the source, and identical from build to build.
//
// Usage: node scripts/precompile_python.mjs <runtime folder with pyodide.mjs> <engine wheel>
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [runtimeDir, wheelPath] = process.argv.slice(2).map((p) => resolve(p));
if (!runtimeDir || !wheelPath) {
  console.error("usage: node scripts/precompile_python.mjs <runtime folder> <engine wheel>");
  process.exit(2);
}
const { loadPyodide } = await import(`${runtimeDir}/pyodide.mjs`);
const lockFileURL = new URL("../node_modules/pyodide/pyodide-lock.json", import.meta.url);
const pyodide = await loadPyodide({ indexURL: `${runtimeDir}/`, lockFileURL: lockFileURL.pathname });
pyodide.FS.writeFile("/tmp/stdlib.zip", new Uint8Array(readFileSync(`${runtimeDir}/python_stdlib.zip`)));
pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(readFileSync(wheelPath)));
pyodide.runPython(`
import importlib.util, os, site, sys, zipfile
import importlib._bootstrap_external as external

def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def rewrite(path, extra):
    """Rewrites the zip at path with every entry kept, in order, and extra (name -> bytes) appended."""
    with zipfile.ZipFile(path) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    fixed_time = (1980, 1, 1, 0, 0, 0)  # reproducible output
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info.filename.endswith("RECORD") and info.filename.count("/") == 1:
                data += "".join(f"{name},,\\n" for name in sorted(extra)).encode()
            out.writestr(info, data)
        for name in sorted(extra):
            out.writestr(zipfile.ZipInfo(name, fixed_time), extra[name], zipfile.ZIP_DEFLATED)

# 1. The engine wheel: bytecode for every module, where importlib looks for it.
with zipfile.ZipFile("/tmp/engine.whl") as wheel:
    sources = {n: wheel.read(n) for n in wheel.namelist() if n.endswith(".py")}
tag = sys.implementation.cache_tag
engine_pycs = {}
for name, source in sources.items():
    folder, _, module = name.rpartition("/")
    engine_pycs[f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc"] = pyc(source, name)
rewrite("/tmp/engine.whl", engine_pycs)

# 2. The standard library: the modules a start and the engine import, found by importing them here.
target = site.getsitepackages()[0]
with zipfile.ZipFile("/tmp/engine.whl") as wheel:
    wheel.extractall(target)
import json, engine.bridge
engine.bridge.handle("lesson_start", json.dumps({"lesson_id": "cf-set", "board_title": "t", "board_desc": "d"}))
stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
hot = sorted({m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
              if getattr(m, "__file__", None) and m.__file__.startswith(stdlib + "/") and m.__file__.endswith(".py")})
with zipfile.ZipFile("/tmp/stdlib.zip") as zipped:
    stdlib_pycs = {name[:-3] + ".pyc": pyc(zipped.read(name), name) for name in hot}
rewrite("/tmp/stdlib.zip", stdlib_pycs)
print(f"precompiled {len(engine_pycs)} engine modules and {len(stdlib_pycs)} standard-library modules")
`);
writeFileSync(wheelPath, pyodide.FS.readFile("/tmp/engine.whl"));
writeFileSync(`${runtimeDir}/python_stdlib.zip`, pyodide.FS.readFile("/tmp/stdlib.zip"));
