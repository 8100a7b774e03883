#!/usr/bin/env bash
# Prints the path of the redis-server the rooms tests start ($REDIS_SERVER, then the one on PATH, then
# /usr/bin/redis-server). With none, installs Debian's redis-server when root with apt-get (as
# find-chromium.sh does for Chromium), without starting its service; otherwise says how and fails.
set -u
candidate="${REDIS_SERVER:-$(command -v redis-server 2>/dev/null || echo /usr/bin/redis-server)}"
if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
if [ -n "${REDIS_SERVER:-}" ]; then
    echo "error: REDIS_SERVER=$REDIS_SERVER is not an executable redis-server." >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's redis-server for the rooms tests (its service is not started)." >&2
    { apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server; } >&2 || true
    candidate="$(command -v redis-server 2>/dev/null || echo /usr/bin/redis-server)"
    if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
fi
echo "error: the rooms tests need redis-server. Install it (Debian/Ubuntu: sudo apt-get install redis-server)" \
     "or set REDIS_SERVER=/path/to/redis-server." >&2
exit 1
