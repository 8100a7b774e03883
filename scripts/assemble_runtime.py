"""Assemble the self-hosted browser runtime: Pyodide from the npm package plus the engine wheel.

Output (under ``--out``, default ``.build/runtime``), copied into the built site by ``--into site``:

    pyodide/<version>-<hash>/  the runtime files from node_modules/pyodide (no source maps, no consoles) and a
                             trimmed standard library: only the modules the browser imports, as bytecode
                             (scripts/trim_python.mjs), in a folder named after the pinned version and that
                             content, so a browser may cache them for good
    pyodide/engine-<hash>/   the engine wheel, bytecode only, with only the modules the bridge reaches, in a
                             folder named after its content hash
    pyodide/runtime.json     where the worker finds the runtime, the lock and the engine package, and the
                             size of each file as it travels (raw, gzip, Brotli), for the progress bar and
                             the download size the pages state
    pyodide/pyodide-lock.json  a lock that lists only what we ship: the engine, registered with
                             ``pyodide lockfile add-wheels`` so Pyodide checks its sha256 when loading it;
                             the one file here whose content changes under the same name
    assets/vendor/comlink.mjs  the message library shared by page and worker

Every file gets its precompressed ``.br`` and ``.gz`` here, once (scripts/precompress.py, thorough: Zopfli
for gzip), since the runtime changes only with Pyodide or the engine. The build stops if the trimmed runtime
lacks a module the engine needs: it starts it and runs every bridge sample (scripts/bridge_samples.py).

The wheel is a standard pure-Python wheel built by ``python -m build`` (``pyodide build`` needs a download).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from precompress import compress_file

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
ENGINE_PACKAGE = "chickenfoot-engine"

# The files the browser needs from the npm package, which also carries consoles, type stubs and source maps;
# its python_stdlib.zip is replaced by the trimmed one.
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
)


def build_engine_wheel(into: Path) -> Path:
    """Builds the engine's wheel with the running interpreter, without network access."""
    into.mkdir(parents=True, exist_ok=True)
    for stale in into.glob("*.whl"):
        stale.unlink()
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(into), str(ROOT)],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # Fixed zip timestamps: the same sources give the same wheel, hence the same hashed URL.
        env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"},
    )
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder
    (wheel,) = into.glob("*.whl")
    return wheel


def content_hash(path: Path, length: int = 12) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:length]


def pyodide_version() -> str:
    source = NODE_MODULES / "pyodide"
    if not source.is_dir():
        sys.exit("error: node_modules/pyodide is missing: run `npm ci` first (the Makefile does).")
    return json.loads((source / "package.json").read_text())["version"]


def copy_pyodide(into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_RUNTIME_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, into / name)


def write_lock(runtime_dir: Path, wheel: Path) -> dict:
    """Registers the wheel in a lock that keeps Pyodide's own ``info`` but lists only shipped packages.

    The npm package's lock names 357 packages whose wheels live on a CDN we never call; listing only what
    this site serves keeps the lock small and makes a stray ``loadPackage`` fail loudly instead of reaching out.
    """
    upstream = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    with tempfile.TemporaryDirectory() as scratch:
        pruned = Path(scratch) / "pyodide-lock.json"
        pruned.write_text(json.dumps({"info": upstream["info"], "packages": {}}))
        subprocess.run(
            [
                str(Path(sys.executable).with_name("pyodide")),
                "lockfile",
                "add-wheels",
                "--input",
                str(pruned),
                "--output",
                str(runtime_dir / "pyodide-lock.json"),
                "--base-path",
                str(runtime_dir),
                str(wheel),
            ],
            check=True,
            capture_output=True,  # it warns that a bytecode-only wheel has no top-level .py: imports are set below
        )
    lock = json.loads((runtime_dir / "pyodide-lock.json").read_text())
    entry = lock["packages"][ENGINE_PACKAGE]
    assert entry["file_name"] == f"{wheel.parent.name}/{wheel.name}", entry["file_name"]
    entry["imports"] = ["engine"]
    (runtime_dir / "pyodide-lock.json").write_text(json.dumps(lock))
    return lock


def node() -> str:
    found = shutil.which("node")
    if found is None:
        sys.exit("error: node is needed to trim and compile the runtime's Python (it comes with npm).")
    return found


def trim_python(runtime: Path, wheel: Path) -> Path:
    """Writes the trimmed standard library into ``runtime`` and returns the trimmed engine wheel, then checks
    them together (see scripts/trim_python.mjs); a missing module stops the build."""
    trimmed = wheel.parent / "trimmed"
    trimmed.mkdir()
    script = str(ROOT / "scripts" / "trim_python.mjs")
    subprocess.run([node(), script, "build", str(NODE_MODULES / "pyodide"), str(wheel), str(trimmed)], check=True,
                   stdout=subprocess.DEVNULL)
    shutil.move(trimmed / "python_stdlib.zip", runtime / "python_stdlib.zip")
    check = subprocess.run([node(), script, "check", str(runtime), str(trimmed / wheel.name)],
                           capture_output=True, text=True)
    if check.returncode != 0:
        sys.exit(check.stderr.strip().splitlines()[-1] if check.stderr.strip() else "error: the runtime check failed")
    return trimmed / wheel.name


def file_sizes(folder: Path, site_root: Path) -> dict[str, dict[str, int]]:
    """Precompresses each file of ``folder``; {path from the site root: {"identity", "br", "gzip"} bytes}."""
    return {path.relative_to(site_root).as_posix(): compress_file(path, thorough=True)
            for path in sorted(folder.iterdir()) if path.suffix not in (".br", ".gz")}


def assemble(out: Path) -> None:
    runtime_dir = out / "pyodide"
    shutil.rmtree(out, ignore_errors=True)
    staging = runtime_dir / "staging"
    copy_pyodide(staging)
    with tempfile.TemporaryDirectory() as scratch:
        built = trim_python(staging, build_engine_wheel(Path(scratch)))
        wheel_dir = runtime_dir / f"engine-{content_hash(built)}"
        wheel_dir.mkdir()
        wheel = Path(shutil.copy2(built, wheel_dir / built.name))
    # The precompiled standard library differs from the npm package's: the folder is named after the pinned
    # version and this content, so a browser may cache it for good and a rebuild can never be served stale.
    index_folder = f"{pyodide_version()}-{content_hash(staging / 'python_stdlib.zip', 8)}"
    staging.rename(runtime_dir / index_folder)
    write_lock(runtime_dir, wheel)
    # What a start downloads, as it travels: the progress bar's total and the size the pages state.
    downloads = {**file_sizes(runtime_dir / index_folder, out), **file_sizes(wheel_dir, out)}
    # Where the worker finds it all; the one small file it must revalidate on every visit.
    (runtime_dir / "runtime.json").write_text(json.dumps({
        "indexURL": f"pyodide/{index_folder}/",
        "stdLibURL": f"pyodide/{index_folder}/python_stdlib.zip",
        "lockFile": "pyodide/pyodide-lock.json",
        "enginePackage": ENGINE_PACKAGE,
        "downloads": downloads,
    }, indent=1))
    vendor = out / "assets" / "vendor"
    vendor.mkdir(parents=True)
    shutil.copy2(NODE_MODULES / "comlink" / "dist" / "esm" / "comlink.min.mjs", vendor / "comlink.mjs")
    total = {encoding: sum(sizes[encoding] for sizes in downloads.values()) for encoding in ("identity", "gzip", "br")}
    print(f"runtime assembled in {out.relative_to(ROOT)} (engine wheel {wheel.parent.name}/{wheel.name}): a start "
          f"downloads {total['br'] / 1e6:.2f} MB with Brotli, {total['gzip'] / 1e6:.2f} MB with gzip, "
          f"{total['identity'] / 1e6:.2f} MB uncompressed")


def copy_into_site(out: Path, site: Path) -> None:
    if not site.is_dir():
        sys.exit(f"error: {site} does not exist: build the site first.")
    shutil.rmtree(site / "pyodide", ignore_errors=True)  # an older engine-<hash> folder must not linger
    shutil.copytree(out, site, dirs_exist_ok=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".build" / "runtime")
    parser.add_argument("--into", type=Path, help="copy the assembled runtime into this built site")
    args = parser.parse_args()
    if args.into:
        copy_into_site(args.out, args.into)
    else:
        assemble(args.out)


if __name__ == "__main__":
    main()
