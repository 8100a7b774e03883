"""Builds the pages with MkDocs (.venv) and with ProperDocs (.build/properdocs-venv) and compares the two sites.

`make compare-generators` runs it (and makes the ProperDocs venv from locks/properdocs.txt first). The two
sites must have the same files; a page must have the same text and the same links (href, src) in the same
order; any other file must have the same bytes (a .gz file: the same content once decompressed). A page whose
markup differs beyond that is listed as a note, not a failure. Exit status 1 on any difference.

Both builds go through the same hooks and the same staging folder (.build/docs), one after the other: do not
run it while another build of this worktree runs. DECISIONS.md says why the site keeps this way open.
"""

from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GENERATORS = {
    "mkdocs": [str(ROOT / ".venv" / "bin" / "python"), "-m", "mkdocs"],
    "properdocs": [str(ROOT / ".build" / "properdocs-venv" / "bin" / "python"), "-m", "properdocs"],
}


class PageReader(HTMLParser):
    """A page's visible text (whitespace folded) and its links, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.links += [f"{tag}@{name}={value}" for name, value in attrs if name in ("href", "src") and value]

    def handle_data(self, data):
        self.words += data.split()


def read_page(path: Path) -> PageReader:
    reader = PageReader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader


def content(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data  # gzip headers hold a time stamp


@dataclass
class Comparison:
    files: int = 0
    pages: int = 0
    identical: int = 0
    differences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def compare_sites(first: Path, second: Path) -> Comparison:
    result = Comparison()
    listing = {side: {path.relative_to(side) for path in side.rglob("*") if path.is_file()} for side in (first, second)}
    for side, other in ((first, second), (second, first)):
        result.differences += [f"only in {side.name}: {name}" for name in sorted(listing[side] - listing[other])]
    for name in sorted(listing[first] & listing[second]):
        result.files += 1
        a, b = first / name, second / name
        if name.suffix == ".html":
            result.pages += 1
        if a.read_bytes() == b.read_bytes():
            result.identical += 1
        elif name.suffix == ".html":
            page_a, page_b = read_page(a), read_page(b)
            if page_a.words != page_b.words:
                result.differences.append(f"{name}: the text differs")
            if page_a.links != page_b.links:
                result.differences.append(f"{name}: the links differ")
            if page_a.words == page_b.words and page_a.links == page_b.links:
                result.notes.append(f"{name}: same text and links, other markup differs")
        elif content(a) != content(b):
            result.differences.append(f"{name}: the content differs")
    return result


def build(generator: str, into: Path) -> float:
    command = GENERATORS[generator] + ["build", "--strict", "--quiet", "--config-file", "mkdocs.yml",
                                       "--site-dir", str(into)]
    if not Path(command[0]).is_file():
        sys.exit(f"error: {command[0]} is missing: run `make compare-generators`, which installs it.")
    started = time.monotonic()
    # Material's end-of-life notice and ProperDocs' MkDocs 2 notice go to stderr on every build: not ours to show.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    subprocess.run(command, cwd=ROOT, check=True, env=env, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def version(generator: str) -> str:
    return subprocess.run(GENERATORS[generator] + ["--version"], capture_output=True, text=True,
                          check=True).stdout.split(", version ")[1].split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".build" / "compare-generators")
    args = parser.parse_args()
    sites = {}
    for generator in GENERATORS:
        sites[generator] = args.out / generator
        seconds = build(generator, sites[generator])
        print(f"{generator} {version(generator)}: built in {seconds:.0f} s")
    result = compare_sites(sites["mkdocs"], sites["properdocs"])
    for line in result.notes:
        print(f"note: {line}")
    for line in result.differences:
        print(f"DIFFERENT: {line}")
    verdict = "same files, same text, same links" if not result.differences else f"{len(result.differences)} differences"
    print(f"{result.files} files ({result.pages} pages, {result.identical} byte for byte identical): {verdict}")
    sys.exit(1 if result.differences else 0)


if __name__ == "__main__":
    main()
