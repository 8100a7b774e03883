#!/usr/bin/env bash
# Moves the self-hosted Pyodide runtime to another release and proves it works:
#   make pyodide-upgrade VERSION=314.0.8      (`npm view pyodide versions` lists the releases)
# 1. npm pins the release exactly in package.json and package-lock.json;
# 2. make rebuilds node_modules, the runtime (scripts/assemble_runtime.py) and the site;
# 3. the tests that run the engine in that runtime (PROOF below) must pass.
# It prints what a first Start downloads before and after. Nothing is committed: to go back,
# `git checkout package.json package-lock.json && make site`.
set -euo pipefail
cd "$(dirname "$0")/.."

PROOF="tests/runtime tests/browser/test_runtime_smoke.py tests/serve/test_serve.py
tests/browser/test_tutorial.py::test_seeded_games_give_identical_records_in_pyodide_and_cpython
tests/browser/test_tutorial.py::test_hints_are_shown_one_at_a_time"

version="${1:-}"
if [ -z "$version" ]; then
    echo "usage: make pyodide-upgrade VERSION=<release>  (npm view pyodide versions lists them)" >&2; exit 2
fi
current="$(node -p 'require("./package.json").dependencies.pyodide')"
npm view "pyodide@$version" version >/dev/null  # stops here for a release the registry does not have

# What a first Start downloads, from the runtime.json the build wrote: one line per encoding.
downloads() {
    if [ ! -f .build/runtime/pyodide/runtime.json ]; then echo "  (no runtime built yet)"; return; fi
    .venv/bin/python -c 'import json
files = json.load(open(".build/runtime/pyodide/runtime.json"))["downloads"]
for encoding in ("br", "gzip", "identity"):
    print(f"  {encoding:>8}: {sum(sizes[encoding] for sizes in files.values()):>10,} bytes")'
}

echo "Pyodide $current: a first Start downloads"; downloads
npm install --save-exact --no-audit --no-fund --loglevel=error "pyodide@$version"
make --no-print-directory site
echo "Pyodide $version: a first Start downloads"; downloads
make --no-print-directory test PYTEST_ARGS="$(echo $PROOF)"
echo "Pyodide $current -> $version: the runtime tests pass. Commit package.json and package-lock.json."
