"""How long the score keeper takes to open a sheet right after a game on the same device (issue 18's "the game
and the score keeper each start the engine again").

    .venv/bin/python scripts/bench_scores_after_game.py [--site site] [--runs 3]

Each run, in a fresh browser profile: the game page's Start (the engine is then kept by the service worker),
then the score keeper; the clock runs from the score keeper's navigation until its first sheet is on screen,
four names typed and "Start keeping score" pressed `--pause` seconds after (a reader types them). Prints the
median wait after the click and every run (the form's time counted from the navigation). Needs the built
site and Chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from serve import serve_in_background  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
NAMES = ("Ana", "Ben", "Cy", "Dee")  # the form's four players
KEPT = """async () => {
  const { isKeptForOffline } = await import('/assets/demo/offline.js');
  return isKeptForOffline('en', 'play');
}"""


def one_run(browser, url: str, pause: float) -> tuple[float, float]:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{url}play/")
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.locator("#demo .demo__start").click()
    page.wait_for_selector("#demo[data-state=ready]", timeout=120_000)
    deadline = time.monotonic() + 60
    while not page.evaluate(KEPT):  # the service worker keeps the engine after the start
        if time.monotonic() > deadline:
            raise RuntimeError("the engine was not kept")
        time.sleep(0.2)
    started = time.monotonic()
    page.goto(f"{url}scores/")
    for seat, name in enumerate(NAMES):
        page.locator(f"#scores-name-{seat}").fill(name)
    time.sleep(pause)  # a reader takes some seconds to type four names
    form = time.monotonic()
    page.locator(".scores-start").click()
    page.wait_for_selector("#demo .scores-sheet:not([hidden])", timeout=120_000)
    done = time.monotonic()
    context.close()
    return form - started, done - form


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pause", type=float, default=0.0, help="seconds between the form and the click")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_background(args.site, quiet=True)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            runs = [one_run(browser, url, args.pause) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    print(f"Score keeper after a game (a pause of {args.pause:.0f} s before the click): the wait after the click "
          "for the first sheet (s)")
    print(f"| {'median':>6} | {'runs (form shown, wait after the click)':<48} |")
    print(f"|{'-' * 8}|{'-' * 50}|")
    shown = ", ".join(f"{form:.2f}, {sheet:.2f}" for form, sheet in runs)
    print(f"| {statistics.median(sheet for _, sheet in runs):6.2f} | {shown:<48} |")


if __name__ == "__main__":
    main()
