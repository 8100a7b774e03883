"""Lighthouse scores (mobile) for each page type and language, served as ``make serve`` serves them.

    CHROME_PATH=/usr/bin/chromium python -m scripts.sitebuild.lighthouse [--site site] [--languages en,ht]
        [--lighthouse node_modules/.bin/lighthouse] [--types home,rules,...]

Lighthouse is the npm package ``lighthouse``; it runs offline against scripts/serve.py, which sends the
precompressed files and the headers HOSTING.md lists. The machine's load average and Lighthouse's own
benchmark index (its measure of the CPU it got: a desktop scores about 1000-2000, a busy machine far less)
are printed with the scores: Lighthouse slows the CPU it measures 4x more, so its performance score falls on a
loaded machine; rerun a low one before concluding.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import project
from .page_weight import PAGE_TYPES

# The page types of page_weight, the game's page, and the embed frame (in the language asked for).
LIGHTHOUSE_TYPES = {**PAGE_TYPES, "play": "play/", "embed": "embed/frame/?lang={language}"}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def serve(site: Path):
    sys.path.insert(0, str(project.ROOT / "scripts"))
    from serve import serve_in_background

    return serve_in_background(site, quiet=True)


def page_url(root: str, language: str, page_type: str) -> str:
    path = LIGHTHOUSE_TYPES[page_type]
    if "{language}" in path:
        return root + path.format(language=language)
    return f"{root}{'' if language == project.SOURCE_LANGUAGE else language + '/'}{path}"


def scores(lighthouse: str, url: str) -> dict[str, int]:
    """The four categories' scores (0-100), and the benchmark index of the run."""
    with tempfile.TemporaryDirectory() as work:
        report = Path(work) / "report.json"
        subprocess.run(
            [lighthouse, url, "--quiet", "--form-factor=mobile", "--output=json", f"--output-path={report}",
             f"--only-categories={','.join(CATEGORIES)}", "--chrome-flags=--headless=new --no-sandbox"],
            check=True, env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result = json.loads(report.read_text(encoding="utf-8"))
    scored = {name: round(result["categories"][name]["score"] * 100) for name in CATEGORIES}
    return {**scored, "benchmark": round(result["environment"]["benchmarkIndex"])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.sitebuild.lighthouse", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=project.ROOT / "site")
    parser.add_argument("--languages", default=",".join(project.languages()))
    parser.add_argument("--lighthouse", default=str(project.ROOT / "node_modules" / ".bin" / "lighthouse"))
    parser.add_argument("--types", default=",".join(LIGHTHOUSE_TYPES), help="page types, comma-separated")
    options = parser.parse_args(argv)
    if not Path(options.lighthouse).exists() and not shutil.which(options.lighthouse):
        parser.error(f"no Lighthouse at {options.lighthouse}: `npm install lighthouse`, or pass --lighthouse")
    server, url = serve(options.site)
    try:
        print(f"{'lang':5} {'page type':10} " + " ".join(f"{name:>14}" for name in CATEGORIES)
              + "  load average  benchmark index")
        for language in options.languages.split(","):
            for page_type in options.types.split(","):
                result = scores(options.lighthouse, page_url(url, language, page_type))
                load = os.getloadavg()[0]
                print(f"{language:5} {page_type:10} " + " ".join(f"{result[name]:>14}" for name in CATEGORIES)
                      + f"  {load:12.1f}  {result['benchmark']:>15}", flush=True)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
