"""What a reader's first Start downloads, as the build measured it, in each language's words and numbers.

scripts/assemble_runtime.py writes the size of every runtime file as it travels (raw, gzip, Brotli) into
``.build/runtime/pyodide/runtime.json``; the pages, the Start button and the progress bar state the Brotli
figure, what the site's server and most hosts send (HOSTING.md gives the others).

``boot_data`` is what an app page carries for its loader before any script or catalog has loaded: the size,
the language's decimal sign (browsers lack number data for some of our languages, Babel has it), the
words of the failure screen, so that a missing catalog still ends in a translated "Try again", the site's
languages with their names (from ``mkdocs.yml``), the apps the loader can mount (``apps.py``) and the games'
and rule sets' words (``option_text.py``, as rules.json has them).
"""

from __future__ import annotations

import json
from functools import cache

from babel.numbers import get_decimal_symbol
from babel.units import format_unit

from engine.bridge import sentences

from . import option_text, project, uistrings
from .apps import APPS
from .uistrings import N_

RUNTIME_JSON = project.BUILD / "runtime" / "pyodide" / "runtime.json"
ENCODING = "br"
# The loader's failure screen (docs/assets/demo/loader.js uses the same msgids with t()).
FAILURE_STRINGS = (
    N_("The game engine could not be loaded. Check your connection and try again."),
    N_("This browser cannot run the game: it has no WebAssembly."),
    N_("The rules on this page do not need the game engine."),
    N_("Try again"),
)


class RuntimeNotBuilt(FileNotFoundError):
    """The pages state the runtime's size, so the runtime is built first (the Makefile does)."""


@cache
def _downloads() -> dict[str, dict[str, int]]:
    if not RUNTIME_JSON.is_file():
        raise RuntimeNotBuilt(f"{RUNTIME_JSON} is missing: run `make site` once (it builds the runtime first)")
    return json.loads(RUNTIME_JSON.read_text(encoding="utf-8"))["downloads"]


def size_bytes(encoding: str = ENCODING) -> int:
    """Bytes a first Start transfers for the runtime and the engine."""
    return sum(sizes[encoding] for sizes in _downloads().values())


def size_text(language: str) -> str:
    """The download in megabytes, as ``language`` writes it: "3.6 MB", "3,6 MB"."""
    return format_unit(size_bytes() / 1e6, "digital-megabyte", length="short", format="#,##0.0", locale=language)


DOWNLOAD_PARAGRAPH = N_("The first time you press Start, your browser downloads the game program: {size}. It "
                        "keeps it, so after that the program starts at once, even without a connection.")


def paragraph(ctx) -> str:
    """The app pages' sentence on the download (``<!-- sitebuild: text download -->``), with its real size."""
    return ctx.t(DOWNLOAD_PARAGRAPH, size=size_text(ctx.language))


def boot_data(language: str) -> dict:
    return {
        "download": {"bytes": size_bytes(), "text": size_text(language)},
        "decimal": get_decimal_symbol(language),
        "strings": {message: uistrings.translate_or_none(message, language) or message for message in FAILURE_STRINGS},
        "languages": list(project.language_names().items()),  # pairs: the page's JSON would sort an object
        "apps": APPS,
        "games": option_text.game_words(),
        "load_errors": {"known": sentences.LOAD_ERRORS, "unknown": sentences.UNKNOWN_LOAD_ERROR},
    }
