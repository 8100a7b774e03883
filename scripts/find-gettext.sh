#!/usr/bin/env bash
# Prints the path of the msgfmt the catalog check uses ($MSGFMT, then the one on PATH). With none, installs
# Debian's gettext when root with apt-get; otherwise says how to provide it and fails. The check
# (tests/site_checks/test_msgfmt.py: `msgfmt -c` on every catalog) is never skipped for want of the tool.
set -u
is_ready() { [ -n "$1" ] && [ -x "$1" ] && "$1" --version >/dev/null 2>&1; }

candidate="${MSGFMT:-$(command -v msgfmt 2>/dev/null || true)}"
if is_ready "$candidate"; then echo "$candidate"; exit 0; fi
if [ -n "${MSGFMT:-}" ] && [ ! -x "$MSGFMT" ]; then
    echo "error: MSGFMT=$MSGFMT is not an executable msgfmt." >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's gettext (msgfmt) for the catalog check." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext; } >&2 || true
    candidate="${MSGFMT:-$(command -v msgfmt 2>/dev/null || true)}"
    if is_ready "$candidate"; then echo "$candidate"; exit 0; fi
fi
echo "error: the catalog check needs msgfmt from GNU gettext. Install it (Debian/Ubuntu: sudo apt-get install" \
     "gettext) or set MSGFMT=/path/to/msgfmt." >&2
exit 1
