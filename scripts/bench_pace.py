"""The computer players' pace on the game page, measured in Chromium against the built site: seconds per
computer move at each speed, and how long the reader waits for the computers' first trains in an 8-player
Mexican Train round (their many-tile first turns).

Each speed gets a fresh page. The reader's moves are made at once, through the page's own buttons; the page
records when each move is shown (a MutationObserver on ``data-moves``), so a computer move's time is the gap
from the move shown before it (the reader's or another computer's) to it: what a reader waits, the engine's
own work included. A step that shows several moves at once (Instant, or a first train) counts its gap once
per move for the per-move figure.

Usage: ``.venv/bin/python scripts/bench_pace.py [--moves 30] [--speeds slow,normal,fast,instant]`` after
``make site``. Prints a table.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import serve_in_background  # noqa: E402  (scripts/ is not a package)

SPEEDS = ("slow", "normal", "fast", "instant")
ENGINE_TIMEOUT = 120_000
RECORD_MOVES = """() => {
  const demo = document.querySelector('#demo');
  window.paceLog = [];
  let last = {moves: -1, turn: undefined, state: demo.dataset.gameState};
  new MutationObserver(() => {
    const moves = Number(demo.dataset.moves || 0);
    const dealt = last.state !== 'playing' && demo.dataset.gameState === 'playing' && !window.paceLog.length;
    if (dealt || moves !== last.moves) {
      window.paceLog.push({t: performance.now(), moves, turn: demo.dataset.turn, before: last.turn, dealt});
    }
    last = {moves, turn: demo.dataset.turn, state: demo.dataset.gameState};
  }).observe(demo, {attributes: true, attributeFilter: ['data-moves', 'data-turn', 'data-game-state']});
}"""


def chromium() -> str:
    found = subprocess.run([str(ROOT / "scripts" / "find-chromium.sh")], capture_output=True, text=True, check=True)
    return found.stdout.strip()


def open_game(browser, site_url: str, game: str, players: int, seed: int, ruleset: str, speed: str):
    """A game on the play page at ``speed``, its moves recorded from the deal on."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{site_url}play/")
    demo = page.locator("#demo")
    demo.locator(".demo__start").click()
    page.wait_for_function("() => document.querySelector('#demo').dataset.state === 'ready'", timeout=ENGINE_TIMEOUT)
    form = demo.locator("form.game-setup")
    form.locator("select[name=game]").select_option(game)
    form.locator("select[name=players]").select_option(str(players))
    form.locator(f"input[name=ruleset][value={ruleset}]").check()
    if form.locator("details.game-more").get_attribute("open") is None:  # the deal number is under "More choices"
        form.locator("details.game-more summary").click()
    form.locator("input[name=seed]").fill(str(seed))
    # the speed menu is on screen only with a game; the pace is chosen before the deal
    page.evaluate("(speed) => { const menu = document.querySelector('#game-speed'); menu.value = speed;"
                  " menu.dispatchEvent(new Event('change')); }", speed)
    page.evaluate(RECORD_MOVES)
    form.locator(".game-start").click()
    page.wait_for_function("() => document.querySelector('#demo').dataset.gameState === 'playing'")
    return page, demo


def reader_moves(page, demo) -> None:
    """The reader's first legal move, and waits until it is shown."""
    before = demo.get_attribute("data-moves")
    play_reader_move(page, demo)
    page.wait_for_function("(m) => document.querySelector('#demo').dataset.moves !== m", arg=before)


def play_reader_move(page, demo) -> None:
    """The reader's first legal move, made through the board (a tile, then its end) or a move button."""
    legal = (demo.get_attribute("data-legal-moves") or "").split()
    plays = [move for move in legal if "@" in move and not move.endswith("!")]
    if plays:
        tile, end = plays[0].split("@")
        demo.locator(f".demo-tile[data-tile='{tile}']").click()
        demo.locator(f".demo-end[data-end='{end}']").click()
    else:
        kind = next(move for move in legal if move in ("draw", "pass", "end", "catch"))
        selector = ".game-catch" if kind == "catch" else f".demo-action[data-move='{kind}']"
        demo.locator(selector).click()


def wait_for_reader(page) -> str:
    page.wait_for_function("() => { const d = document.querySelector('#demo');"
                           " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }",
                           timeout=120_000)
    return page.evaluate("document.querySelector('#demo').dataset.gameState")


def per_move_seconds(browser, site_url: str, speed: str, moves: int) -> list[float]:
    """Seconds each computer move kept the reader waiting, over ``moves`` computer moves of a 4-player
    Chicken Foot game."""
    page, demo = open_game(browser, site_url, "chicken-foot", 4, 11, "basic", speed)
    gaps: list[float] = []
    while len(gaps) < moves:
        if wait_for_reader(page) != "playing":
            demo.locator(".game-next-round").click()
            continue
        reader_moves(page, demo)
        log = page.evaluate("window.paceLog")
        gaps = []
        for before, after in zip(log, log[1:]):  # from the deal on
            if after.get("before") == "waiting":  # shown while the computers were to move: their step
                count = after["moves"] - before["moves"]
                gaps += [(after["t"] - before["t"]) / 1000 / count] * count
    page.close()
    return gaps[:moves]


def first_trains_waits(browser, site_url: str, speed: str) -> list[tuple[float, int]]:
    """The reader's waits in an 8-player Mexican Train round while the computers lay their first trains:
    from the deal to the reader's first turn, and from its end to the reader's second turn (seconds, and
    how many computer moves were shown meanwhile)."""
    page, demo = open_game(browser, site_url, "mexican-train", 8, 5, "standard", speed)
    waits = []
    start = page.evaluate("window.paceLog[0]")  # the deal shown
    for _ in range(2):
        wait_for_reader(page)
        end = page.evaluate("window.paceLog[window.paceLog.length - 1]")
        waits.append(((end["t"] - start["t"]) / 1000, end["moves"] - start["moves"]))
        while demo.get_attribute("data-turn") == "mine":  # the reader's turn, a whole first train included
            reader_moves(page, demo)
        start = page.evaluate("window.paceLog[window.paceLog.length - 1]")
    page.close()
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=30, help="computer moves measured per speed")
    parser.add_argument("--speeds", default=",".join(SPEEDS), help="comma-separated: " + ", ".join(SPEEDS))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, site_url = serve_in_background(ROOT / "site", quiet=True)
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox", "--disable-gpu"])
            for speed in args.speeds.split(","):
                gaps = per_move_seconds(browser, site_url, speed, args.moves)
                rows.append((speed, len(gaps), statistics.median(gaps), max(gaps),
                             first_trains_waits(browser, site_url, speed)))
            browser.close()
    finally:
        server.shutdown()
    print("speed     computer moves  median s/move  max s/move   Mexican Train, 8 players: the reader's waits for the")
    print("                                                      computers' first trains, s (computer moves shown)")
    for speed, count, median, longest, waits in rows:
        shown = "   then   ".join(f"{wait:5.2f} ({moves:>2})" for wait, moves in waits)
        print(f"{speed:<9} {count:>14}  {median:>13.2f}  {longest:>10.2f}   {shown}")


if __name__ == "__main__":
    started = time.monotonic()
    main()
    print(f"({time.monotonic() - started:.0f} s)")
