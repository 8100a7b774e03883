"""Walks every app state that tests/browser/reader_states.py names, every lesson of the tutorial included
(CI walks a sample), on a 360x740 touch phone in each language, and prints what a reader sees there: the
problems found (controls or text off the screen or cut, the screen budget missed) and the figures measured
(the widest right edge, the table's share of the height, the hand's whole rows, the feedback's lines).

    .venv/bin/python scripts/walk_reader_states.py [--languages en,su] [--walks tutorial,game]
        [--sample] [--screenshots DIR]

It serves the built site (site/) itself and drives the system Chromium ($CHROMIUM or /usr/bin/chromium).
Exit status 1 when any state has a problem.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.sitebuild.project import languages  # noqa: E402

from reader_states import ALL_LESSONS, SAMPLE_LESSONS, measured, walks  # noqa: E402
from screens import PHONE_1X  # noqa: E402
from serve import serve_in_background  # noqa: E402

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default=",".join(languages()))  # mkdocs.yml's list
    parser.add_argument("--walks", default="", help="walk names, comma-separated (default: all)")
    parser.add_argument("--sample", action="store_true", help="only CI's sample of lessons")
    parser.add_argument("--screenshots", type=Path, default=None, help="save a PNG of each state here")
    args = parser.parse_args()
    chosen = [name for name in args.walks.split(",") if name]
    server, site_url = serve_in_background(ROOT / "site", quiet=True)
    failures = 0
    rows = []
    started = time.monotonic()
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as work:
            browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                                 args=FLAGS)
            for language in args.languages.split(","):
                for walk in walks(SAMPLE_LESSONS if args.sample else ALL_LESSONS):
                    if chosen and walk.name not in chosen:
                        continue
                    context = browser.new_context(**PHONE_1X, locale=language)
                    page = context.new_page()
                    try:
                        for name in walk.drive(page, site_url, language, Path(work)):
                            state = walk.state(name)
                            report = measured(page, state)
                            figures = report["figures"]
                            rows.append((language, walk.name, name, figures, report["problems"]))
                            failures += bool(report["problems"])
                            if args.screenshots:
                                args.screenshots.mkdir(parents=True, exist_ok=True)
                                slug = re.sub(r"[^a-z0-9]+", "-", f"{language} {walk.name} {name}".lower()).strip("-")
                                page.screenshot(path=str(args.screenshots / f"{slug}.png"))
                    except Exception as error:  # noqa: BLE001 - reported, and the next walk goes on
                        rows.append((language, walk.name, "(walk failed)", {}, [f"{type(error).__name__}: {error}"]))
                        failures += 1
                    finally:
                        context.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"{'lang':4} {'walk':12} {'state':44} {'widest':>6} {'table':>6} {'hand':>9} {'msg':>4}  problems")
    for language, walk, name, figures, problems in rows:
        hand = f"{figures.get('hand_rows', '')}r {figures.get('hand_row_px', '')}px" if "hand_rows" in figures else ""
        print(f"{language:4} {walk:12} {name[:44]:44} {figures.get('widest', ''):>6} {figures.get('table_share', ''):>6} "
              f"{hand:>9} {figures.get('message_lines', ''):>4}  {len(problems)}")
        for problem in problems[:6]:
            print(f"       - {problem}")
    print(f"{len(rows)} states, {failures} with problems, {time.monotonic() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
