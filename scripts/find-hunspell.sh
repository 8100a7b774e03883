#!/usr/bin/env bash
# Prints the path of the hunspell the Albanian spell-check uses ($HUNSPELL, then the one on PATH), after making
# sure Debian's Albanian dictionary (myspell-sq: sq_AL.aff/.dic) is installed. With either missing, installs
# Debian's hunspell and myspell-sq when root with apt-get; otherwise says how to provide them and fails. The
# spell-check is never skipped for want of a dictionary.
set -u
DICTIONARY=sq_AL
has_dictionary() { "$1" -D </dev/null 2>&1 | grep -q "/${DICTIONARY}\$"; }
is_ready() { [ -n "$1" ] && [ -x "$1" ] && has_dictionary "$1"; }

candidate="${HUNSPELL:-$(command -v hunspell 2>/dev/null || true)}"
if is_ready "$candidate"; then echo "$candidate"; exit 0; fi
if [ -n "${HUNSPELL:-}" ] && [ ! -x "$HUNSPELL" ]; then
    echo "error: HUNSPELL=$HUNSPELL is not an executable hunspell." >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's hunspell and Albanian dictionary (myspell-sq) for the spell-check." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hunspell myspell-sq; } >&2 || true
    candidate="${HUNSPELL:-$(command -v hunspell 2>/dev/null || true)}"
    if is_ready "$candidate"; then echo "$candidate"; exit 0; fi
fi
echo "error: the Albanian spell-check needs hunspell with the sq_AL dictionary. Install them (Debian/Ubuntu:" \
     "sudo apt-get install hunspell myspell-sq) or set HUNSPELL=/path/to/hunspell." >&2
exit 1
