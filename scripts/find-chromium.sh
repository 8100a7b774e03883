#!/usr/bin/env bash
# Prints the path of the Chromium the browser tests drive: $CHROMIUM, then Debian's /usr/bin/chromium, then a
# browser Playwright installed itself. With none, installs Debian's chromium when root with apt-get; otherwise
# says how to provide one and fails. Browser tests are never skipped for want of a browser.
set -u
is_runnable() { [ -n "$1" ] && [ -x "$1" ] && "$1" --version >/dev/null 2>&1; }

if [ -n "${CHROMIUM:-}" ]; then
    if is_runnable "$CHROMIUM"; then echo "$CHROMIUM"; exit 0; fi
    echo "error: CHROMIUM=$CHROMIUM is not a runnable browser." >&2
    exit 1
fi
if is_runnable /usr/bin/chromium; then echo /usr/bin/chromium; exit 0; fi
for candidate in "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-*/chrome-linux*/chrome; do
    if is_runnable "$candidate"; then echo "$candidate"; exit 0; fi
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "No Chromium found: installing Debian's chromium package." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >&2 || true
    if is_runnable /usr/bin/chromium; then echo /usr/bin/chromium; exit 0; fi
fi
echo "error: no Chromium found. Install one (Debian/Ubuntu: sudo apt-get install chromium) or set" \
     "CHROMIUM=/path/to/chromium. The browser tests need it and are never skipped." >&2
exit 1
