"""Write ``<file>.br`` and ``<file>.gz`` beside every compressible file of a folder, as hosts serve them.

nginx (``brotli_static``, ``gzip_static``), Caddy (``precompressed``), Apache (rewrite rules) and
``scripts/serve.py`` send these variants when the browser accepts them, with ``Content-Encoding`` and
``Vary: Accept-Encoding`` (see HOSTING.md); nothing is compressed on the fly.

- Brotli at its highest quality (11), with a 16 MB window for big files: the runtime's 9.6 MB WebAssembly
  becomes 2.8 MB, against 3.5 MB with gzip.
- gzip for browsers and hosts without Brotli: zlib at level 9, or Zopfli (gzip-compatible, 3-5 % smaller,
  slower) for the runtime, which is compressed once per Pyodide version and engine, not per site build.
- A variant is written only where it saves at least 5 %; a stale one is removed. Output is reproducible
  (no timestamps in the gzip header), and a file whose variants are newer than itself is skipped.

Usage: ``python scripts/precompress.py site`` (the Makefile runs it after every site build).
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

import brotli
import zopfli.gzip

# Text and WebAssembly compress well; so do the runtime's zip archives, which are stored uncompressed so
# that Brotli and gzip see across their files (scripts/trim_python.mjs).
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest",
                          ".map", ".wasm", ".zip", ".whl"})
TEXT = frozenset({".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map"})
ENCODINGS = {"br": ".br", "gzip": ".gz"}
WORTHWHILE = 0.95  # a variant must be at most this share of the original


def _brotli(data: bytes, text: bool) -> bytes:
    window = 24 if len(data) > 1 << 22 else 22
    return brotli.compress(data, mode=brotli.MODE_TEXT if text else brotli.MODE_GENERIC, quality=11, lgwin=window)


def _gzip(data: bytes, thorough: bool) -> bytes:
    if thorough:
        # Zopfli's cost grows with size: one pass over megabytes already beats zlib -9 by 3 %
        return zopfli.gzip.compress(data, numiterations=15 if len(data) < 1 << 21 else 1)
    return gzip.compress(data, compresslevel=9, mtime=0)


def is_compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE and path.is_file()


def compress_file(path: Path, *, thorough: bool = False) -> dict[str, int]:
    """Writes the worthwhile variants of ``path``; returns {"identity": n, "br": n, "gzip": n} in bytes (the
    original's size for an encoding not worth its variant: that is what such a request transfers)."""
    data = path.read_bytes()
    sizes = {"identity": len(data)}
    makers = {"br": lambda: _brotli(data, path.suffix in TEXT), "gzip": lambda: _gzip(data, thorough)}
    for encoding, suffix in ENCODINGS.items():
        variant = path.with_name(path.name + suffix)
        if variant.is_file() and variant.stat().st_mtime >= path.stat().st_mtime:
            sizes[encoding] = variant.stat().st_size
            continue
        packed = makers[encoding]()
        if len(packed) <= WORTHWHILE * len(data):
            variant.write_bytes(packed)
            sizes[encoding] = len(packed)
        else:
            variant.unlink(missing_ok=True)
            sizes[encoding] = len(data)
    return sizes


def compress_tree(root: Path, *, thorough: bool = False) -> dict[Path, dict[str, int]]:
    """Compresses every compressible file under ``root``; returns the sizes per file."""
    return {path: compress_file(path, thorough=thorough)
            for path in sorted(root.rglob("*")) if is_compressible(path)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--thorough", action="store_true", help="gzip with Zopfli (slow; for big, rare builds)")
    args = parser.parse_args()
    if not args.folder.is_dir():
        sys.exit(f"error: {args.folder} is not a folder")
    sizes = compress_tree(args.folder, thorough=args.thorough)
    total = {encoding: sum(s[encoding] for s in sizes.values()) for encoding in ("identity", "br", "gzip")}
    print(f"precompressed {len(sizes)} files in {args.folder}: {total['identity'] / 1e6:.2f} MB, "
          f"{total['gzip'] / 1e6:.2f} MB gzip, {total['br'] / 1e6:.2f} MB Brotli")


if __name__ == "__main__":
    main()
