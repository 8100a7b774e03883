// Puts the engine on Python's path as it is: the wheel is a zip of bytecode, which Python imports directly
// (zipimport, as it imports the standard library). Nothing is unpacked, and nothing of Pyodide's package
// installer is needed (its zipfile, shutil and tempfile are left out of the trimmed runtime:
// scripts/runtime_imports.py). Shared by the worker (worker.js) and the build's trace (scripts/trim_python.mjs).
export function installEngine(python, bytes, fileName) {
  const path = `/lib/${fileName}`;
  python.FS.writeFile(path, new Uint8Array(bytes));
  python.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})\nimport engine.bridge`);
}

// After a start restored from a memory snapshot (snapshot.js): Python already has the engine on its path and
// imported, but the file system is new; the wheel goes back at the same path for modules imported later.
export function putEngineBack(python, bytes, fileName) {
  python.FS.writeFile(`/lib/${fileName}`, new Uint8Array(bytes));
}
