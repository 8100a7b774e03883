// Puts the engine on Python's path as it is: the wheel is a zip of bytecode, which Python imports directly
// (zipimport, as it imports the standard library). Nothing is unpacked, and nothing of Pyodide's package
// installer is needed (its zipfile, shutil and tempfile are left out of the trimmed runtime:
// scripts/runtime_imports.py). Shared by the worker (worker.js) and the build's trace (scripts/trim_python.mjs).
// After a start restored from a memory snapshot (snapshot.js) Python already has the path and the imported
// engine, but the file system is new: the wheel goes back for modules imported later, and the rest is a no-op
// (and does the whole work if a Pyodide release ignored the snapshot).
export function installEngine(python, bytes, fileName) {
  const path = `/lib/${fileName}`;
  python.FS.writeFile(path, new Uint8Array(bytes));
  python.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})\nimport engine.bridge`);
}
