#!/usr/bin/env bash
# Prints the path of a Python >= 3.12 (pyodide-build needs it), or explains how to get one and fails.
set -u
is_recent() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }

for candidate in ${PYTHON:-} python3 python3.13 python3.12; do
    if command -v "$candidate" >/dev/null 2>&1 && is_recent "$candidate"; then
        command -v "$candidate"
        exit 0
    fi
done
# pyenv installs that are not selected answer "command not found" through their shims: ask pyenv directly.
if command -v pyenv >/dev/null 2>&1; then
    for version in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.(1[2-9]|[2-9][0-9])' | sort -rV); do
        candidate="$(pyenv root)/versions/$version/bin/python3"
        if is_recent "$candidate"; then echo "$candidate"; exit 0; fi
    done
fi
echo "error: Python 3.12 or newer is needed (pyodide-build requires it). Install python3.12 or python3.13" \
     "(Debian/Ubuntu: apt-get install python3.12-venv), or set PYTHON=/path/to/python3.12." >&2
exit 1
