"""What the rules apps cost a player at a real table: taps to enter a round of four players in the score
keeper (typed, and tile by tile), and the printed one-page summary of "Your table's rules" per language.

    .venv/bin/python scripts/measure_score_keeper.py [--site site] [--seed 12]

Enters a whole 10-round, four-player Chicken Foot match (Kelley's rules, played by the engine's bots) in the
score keeper at 360px, once by typing each hand's pips and once by tapping each tile left, counting every
click and key press; then prints the house-rules summary of the longest rules of each game on A4 and Letter
in each language. Prints two tables. Needs the built site and Chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "scripts", ROOT / "tests", ROOT / "tests" / "browser"):
    sys.path.insert(0, str(folder))

from engine import Rules  # noqa: E402
from played_matches import play_match  # noqa: E402
from scores_driver import Taps, enter_round, pdf_pages, start_sheet  # noqa: E402
from serve import serve_in_background  # noqa: E402
from scripts.sitebuild.project import languages  # noqa: E402

LANGUAGES = tuple(languages())  # mkdocs.yml's list
SUMMARIES = {  # the two longest summaries: Mexican Train's 13-row deal table, and every Chicken Foot option changed
    "mexican-train": "game=mexican-train&rules=standard&double_blank=25&match_length=to-total&target_total=300",
    "chicken-foot": ("game=chicken-foot&rules=kelley&set_size=12&deal=kelley&opening=holder-or-lower&root_arms=three"
                     "&drawing=until-playable&chicken_little=true&double_blank=25&ending_on_double_penalty=0"
                     "&match_length=to-total&target_total=300&tie_breaks=shared"),
}


def round_taps(browser, url: str, seed: int, typed: bool) -> list[int]:
    played = play_match(Rules("chicken-foot", "kelley"), 4, seed)
    page = browser.new_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page.goto(f"{url}scores/?game=chicken-foot&rules=kelley")
    start_sheet(page, ["Ana", "Bèt", "Çlirim", "Dadang"])
    counts = []
    for played_round, outcome in zip(played.rounds, played.match.hand_outcomes):
        taps = Taps(page)
        pips = list(outcome.scores) if typed else None
        if pips is not None and played_round.out is not None:
            pips[played_round.out] = 0  # the one who went out is tapped "Went out", not typed
        enter_round(page, played_round, taps, typed=pips)
        counts.append(taps.count)
    page.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_background(args.site, quiet=True)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            print("Taps to enter one round of 4 players (Chicken Foot, Kelley, 10 rounds, seed "
                  f"{args.seed}; a tap is a click or a key press, Save included)")
            print(f"| {'entry':<14} | {'mean':>5} | {'median':>6} | {'min':>3} | {'max':>3} |")
            print(f"|{'-' * 16}|{'-' * 7}|{'-' * 8}|{'-' * 5}|{'-' * 5}|")
            for label, typed in (("typed pips", True), ("tapped tiles", False)):
                counts = round_taps(browser, url, args.seed, typed)
                print(f"| {label:<14} | {statistics.mean(counts):5.1f} | {statistics.median(counts):6.1f} | "
                      f"{min(counts):3d} | {max(counts):3d} |")
            print()
            print("Printed summary of \"Your table's rules\" (the PDF Chromium prints)")
            print(f"| {'language':<8} | {'rules':<13} | {'A4 pages':>8} | {'A4 bytes':>8} | {'Letter pages':>12} | "
                  f"{'Letter bytes':>12} |")
            print(f"|{'-' * 10}|{'-' * 15}|{'-' * 10}|{'-' * 10}|{'-' * 14}|{'-' * 14}|")
            for language in LANGUAGES:
                for game, query in SUMMARIES.items():
                    page = browser.new_page()
                    page.goto(f"{url}{'' if language == 'en' else language + '/'}house-rules/?{query}")
                    page.wait_for_selector("#demo[data-state=ready]")
                    a4, letter = page.pdf(format="A4"), page.pdf(format="Letter")
                    print(f"| {language:<8} | {game:<13} | {pdf_pages(a4):>8} | {len(a4):>8} | {pdf_pages(letter):>12} | "
                          f"{len(letter):>12} |")
                    page.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
