"""The header and 404 rules for hosts that read them from the site itself (Netlify, Cloudflare Pages).

    python -m scripts.sitebuild.host_config site

``_headers``: the security headers ``scripts/serve.py`` sends (one source: its ``SECURITY_HEADERS``), and
long-lived caching for the runtime's content-named folders; everything else keeps the host's default, which
on both hosts is to revalidate. ``_redirects`` (Netlify): each language's own 404 page, where the build made
one (Cloudflare Pages finds the closest 404.html by itself). See HOSTING.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import project

sys.path.insert(0, str(project.ROOT / "scripts"))
from serve import SECURITY_HEADERS  # noqa: E402  (scripts/ is not a package)

IMMUTABLE = "public, max-age=31536000, immutable"


def headers_file(site: Path) -> str:
    runtime = json.loads((site / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    folders = sorted({"/" + path.rsplit("/", 1)[0] + "/*" for path in runtime["downloads"]})
    lines = ["/*", *(f"  {name}: {value}" for name, value in SECURITY_HEADERS.items()),
             "  Access-Control-Allow-Origin: *"]
    for folder in folders:
        lines += [folder, f"  Cache-Control: {IMMUTABLE}"]
    return "\n".join(lines) + "\n"


def redirects_file(site: Path) -> str:
    return "".join(f"/{code}/*  /{code}/404.html  404\n" for code in project.languages()
                   if code != project.SOURCE_LANGUAGE and (site / code / "404.html").is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.sitebuild.host_config", description=__doc__)
    parser.add_argument("site", type=Path)
    options = parser.parse_args(argv)
    (options.site / "_headers").write_text(headers_file(options.site), encoding="utf-8")
    (options.site / "_redirects").write_text(redirects_file(options.site), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
