"""The Python half of scripts/trim_python.mjs: it runs inside Pyodide (under Node), never in CPython.

- ``exercise_plan``: the engine modules the browser can reach, by reading the import statements (at any
  depth, function-level ones included) of ``engine.bridge`` and of everything it reaches, and every module
  their import statements name; ``write_stubbed``: the full standard library with STUBBED and ABSENT applied.
- ``exercise`` (the trace, in a Python started from that standard library, the engine on its path as the
  worker puts it): imports all of those, runs every bridge sample (scripts/bridge_samples.py) and lets an
  exception cross into JavaScript; ``loaded_stdlib_files`` then lists what Python loaded from the archive.
- ``write_stdlib`` / ``write_wheel``: the trimmed archives, bytecode only (unchecked-hash pycs, PEP 552,
  compiled by this very Python, 3.14, so the browser reads them without a compiler run).
- check: under the trimmed runtime, the same samples must succeed (``exercise`` again)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import sys
import zipimport
from pathlib import PurePosixPath

import importlib._bootstrap_external as external

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # reproducible archives: the same input gives the same bytes and URL

# Modules that Pyodide's package installer (pyodide._package_loader) imports as Python starts and uses only to
# install packages, which the site never does: the engine goes on sys.path as it is (installEngine in
# docs/assets/demo/engine-install.js). The trace runs with a stub in their place, so what only they import
# (bz2, lzma, compression.zstd, zipfile._path, ...) is left out too: 210 KB of bytecode. A stub raises
# ImportError when anything of it is called; the build's check (every bridge sample) would stop there.
LEFT_OUT = '''def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)

    def left_out(*args, **kwargs):
        raise ImportError(f"{__name__}.{name} is left out of this site's Python (scripts/runtime_imports.py)")

    return left_out
'''
STUBBED = {
    # pyodide._package_loader registers the wheel format with shutil as it is imported
    "shutil.py": LEFT_OUT + '''

def register_archive_format(name, function, extra_args=None, description=""):
    pass


def register_unpack_format(name, extensions, function, extra_args=None, description=""):
    pass
''',
    "tempfile.py": LEFT_OUT,
    "zipfile/__init__.py": LEFT_OUT,
}


# Modules the trace runs without, because every module that imports them does so in a ``try`` and carries on
# without them: asyncio, which Pyodide imports as it starts, without ssl has no TLS, which a worker that opens
# no socket never uses (with ssl: its _ssl and base64, 60 KB of bytecode).
ABSENT = ("ssl.py",)


def _zip():
    """The zipfile module, imported when used: in the traced Python it is a stub until ``use_real_zipfile``."""
    import zipfile

    return zipfile


def _imports_of(source: bytes, module: str, is_package: bool) -> set[str]:
    """Absolute names of every module an import statement in ``source`` may load (names imported from a
    package are listed as possible submodules; the caller keeps those that exist)."""
    package = module if is_package else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module
            names.add(target)
            names.update(f"{target}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def engine_modules(wheel_path: str, root: str = "engine.bridge") -> dict[str, str]:
    """{module name: file name in the wheel} for the engine modules reachable from ``root``."""
    with _zip().ZipFile(wheel_path) as wheel:
        files = {n: wheel.read(n) for n in wheel.namelist() if n.endswith(".py")}
    by_module = {}
    for name in files:
        parts = PurePosixPath(name[:-3]).parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        by_module[module] = name
    wanted, queue = {}, [root, "engine"]
    while queue:
        module = queue.pop()
        if module in wanted or module not in by_module:
            continue
        wanted[module] = by_module[module]
        parent = module.rpartition(".")[0]
        if parent:
            queue.append(parent)  # importing a submodule runs its package's __init__ first
        is_package = by_module[module].endswith("__init__.py")
        queue.extend(_imports_of(files[by_module[module]], module, is_package))
    return wanted


def stdlib_names_in(wheel_path: str, modules: dict[str, str]) -> set[str]:
    """Every non-engine module that an import statement of the shipped engine names."""
    with _zip().ZipFile(wheel_path) as wheel:
        names = set()
        for module, name in modules.items():
            names |= _imports_of(wheel.read(name), module, name.endswith("__init__.py"))
    return {name for name in names if name.split(".")[0] not in ("engine", "__future__")}


def exercise_plan(wheel_path: str) -> str:
    """What ``exercise`` imports (JSON): the engine modules the bridge reaches and every module they name."""
    modules = engine_modules(wheel_path)
    return json.dumps({"modules": sorted(modules), "names": sorted(stdlib_names_in(wheel_path, modules))})


def exercise(samples_path: str, plan: str = '{"modules": [], "names": []}') -> None:
    """Everything the browser may make Python do: import the engine, every module it names (``plan``, from
    ``exercise_plan``), and run every bridge sample; then let a Python error reach JavaScript (the caller
    catches it). Imports nothing itself that the browser would not: the trace counts what loads here."""
    plan = json.loads(plan)
    for module in plan["modules"]:
        importlib.import_module(module)
    for name in plan["names"]:
        if importlib.util.find_spec(name.rpartition(".")[0] or name) is None:
            continue
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:  # a module that exists but cannot import what it needs
                raise
    spec = importlib.util.spec_from_file_location("bridge_samples", samples_path)
    samples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(samples)
    from engine.bridge import METHODS, handle

    samples.run(handle, METHODS)


def write_stubbed(full_zip: str, out: str) -> None:
    """The full standard library with a stub in place of each STUBBED module and without the ABSENT ones, for
    the trace."""
    with _zip().ZipFile(full_zip) as source:
        names = source.namelist()
        missing = [name for name in (*STUBBED, *ABSENT) if name not in names]
        if missing:
            raise ValueError(f"modules to stub or leave out are not in the standard library: {missing}")
        entries = {name: STUBBED[name].encode() if name in STUBBED else source.read(name)
                   for name in names if name not in ABSENT}
    _write_zip(out, entries, 0)


def use_real_zipfile(full_zip: str) -> None:
    """After the trace: the real zipfile (and what it imports) from the full archive, to write the archives."""
    for name in STUBBED:
        sys.modules.pop(name.removesuffix("/__init__.py").removesuffix(".py"), None)
    sys.path.insert(0, full_zip)
    importlib.import_module("zipfile")


def loaded_stdlib_files() -> list[str]:
    """The files of the standard-library archive that Python has loaded so far (paths inside the zip).
    Modules frozen into the WebAssembly (importlib, os, codecs, ...) name a file there too but never read
    it: only what zipimport loaded counts."""
    archive = "/lib/python%d%d.zip/" % sys.version_info[:2]
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(archive) and isinstance(getattr(module, "__loader__", None), zipimport.zipimporter):
            files.add(path[len(archive):])
    return sorted(files)


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """The module without docstrings, as ``-OO`` would compile it, but with its ``assert`` statements kept:
    the browser then behaves as the tests in CPython do."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def _without_line_table(code):
    """``code`` with no line numbers: a traceback through it names the function but not the line."""
    constants = tuple(_without_line_table(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=constants)


def _pyc(source: bytes, filename: str) -> bytes:
    """Bytecode for ``source``: without docstrings and without line numbers (column ranges are left out by the
    compiler: trim_python.mjs runs this Python with PYTHONNODEBUGRANGES=1). No reader ever sees a traceback;
    the line numbers cost 100 KB in the standard library and 24 KB with gzip in the engine. A traceback from
    the browser still names each function; the same call reproduces in CPython with its lines."""
    code = compile(_without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return bytes(external._code_to_hash_pyc(_without_line_table(code), importlib.util.source_hash(source),
                                            checked=False))


def _write_zip(path: str, entries: dict[str, bytes], compression: int) -> None:
    with _zip().ZipFile(path, "w", compression) as out:
        for name in sorted(entries):
            out.writestr(_zip().ZipInfo(name, FIXED_TIME), entries[name], compression)


def write_stdlib(full_zip: str, files: list[str], out: str, compression: int) -> dict:
    """The trimmed standard library: the traced modules as bytecode only (``name.pyc`` where ``name.py`` was,
    which zipimport loads without a source)."""
    entries = {}
    with _zip().ZipFile(full_zip) as source:
        for name in files:
            if not name.endswith(".py"):
                raise ValueError(f"{name}: a traced standard-library file is not Python source")
            entries[name[:-3] + ".pyc"] = _pyc(source.read(name), name)
    _write_zip(out, entries, compression)
    return {"modules": len(entries), "of": sum(1 for n in _zip().ZipFile(full_zip).namelist() if n.endswith(".py"))}


def _headers_only(metadata: bytes) -> bytes:
    """A wheel's METADATA without its description (the README, 31 KB that no browser reads)."""
    return metadata.split(b"\n\n", 1)[0] + b"\n"


def write_wheel(wheel_path: str, modules: dict[str, str], out: str, compression: int) -> dict:
    """The engine wheel with only the reachable modules, as bytecode (``engine/x.pyc``), and its metadata."""
    entries = {}
    with _zip().ZipFile(wheel_path) as wheel:
        for name in modules.values():
            entries[name[:-3] + ".pyc"] = _pyc(wheel.read(name), name)
        dist_info = [n for n in wheel.namelist() if n.split("/")[0].endswith(".dist-info")]
        record = next(n for n in dist_info if n.endswith("/RECORD"))
        for name in dist_info:
            if name.endswith("/METADATA"):
                entries[name] = _headers_only(wheel.read(name))
            elif name != record:
                entries[name] = wheel.read(name)
        shipped = {n for n in wheel.namelist() if n.endswith(".py")}
    # RECORD lists what the wheel holds (without hashes, which the lock's sha256 of the whole file replaces)
    entries[record] = "".join(f"{name},,\n" for name in sorted(entries) if name != record).encode() + \
        f"{record},,\n".encode()
    _write_zip(out, entries, compression)
    return {"modules": len(modules), "of": len(shipped), "dropped": sorted(set(shipped) - set(modules.values()))}


def report(**values) -> str:
    return json.dumps(values)
