"""A review kit for native speakers: for each language, every page and the main app screens as a reader sees
them on a 360-px phone, and every string of its catalogs with where it appears, its English, its context note
and the screen to look at. A folder of HTML, CSV and PNG files to browse or send; built, never committed.

    make review-kit                                   # the built site -> .build/review-kit/
    .venv/bin/python scripts/review_kit.py --language sq --no-screens    # strings only, one language

Open ``<out>/index.html``. A reviewer writes corrections in the CSV's last column, or in the catalog itself
(Poedit, Weblate: i18n/README.md), or with the site's "Suggest a better translation" link.
"""

from __future__ import annotations

import argparse
import csv
import html
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from translate.storage import po  # noqa: E402

from scripts.sitebuild import project  # noqa: E402

PHONE = {"width": 360, "height": 740}
ENGINE_TIMEOUT = 120_000
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]
APP_SCREENS = ("tutorial-lesson-1", "game-setup", "score-keeper-setup", "score-keeper-sheet")

# Where a ui string shows, by the file it comes from (the first match wins): the screen a reviewer should open.
UI_SCREENS = [
    ("engine/bridge/lessons.py", "tutorial-lesson-1"), ("engine/hint_reasons.py", "tutorial-lesson-1"),
    ("docs/assets/demo/tutorial", "tutorial-lesson-1"), ("docs/assets/demo/loader", "tutorial"),
    ("docs/assets/demo/scores", "score-keeper-sheet"), ("docs/assets/demo/house-rules", "house-rules"),
    ("docs/assets/demo/rules-", "house-rules"), ("docs/assets/demo/snippet", "embed"),
    ("docs/assets/demo/embed", "embed"), ("docs/assets/demo/", "game-setup"), ("engine/", "game-setup"),
    ("scripts/sitebuild/generated/ladder", "numbers"), ("scripts/sitebuild/generated/simulation", "numbers"),
    ("scripts/sitebuild/generated/deal", "chicken-foot"), ("scripts/sitebuild/generated/diagrams", "chicken-foot"),
    ("scripts/sitebuild/generated/glossary", "glossary"), ("scripts/sitebuild/option_text", "variants"),
    ("scripts/sitebuild/", "index"),
]


def page_path(domain: str) -> str:
    return "" if domain == "index" else f"{domain}/"


def screen_of(domain: str, locations: list[str]) -> str:
    if domain == project.THEME_DOMAIN:
        return "index"
    if domain != project.UI_DOMAIN:
        return domain
    for location in locations:
        for prefix, screen in UI_SCREENS:
            if location.startswith(prefix):
                return screen
    return "index"


def strings(language: str) -> list[dict[str, str]]:
    rows = []
    for domain in project.all_domains():
        path = project.catalog_path(language, domain)
        if not path.exists():
            continue
        for unit in po.pofile.parsefile(str(path)).units:
            if unit.isheader() or unit.isobsolete():
                continue
            plural = unit.hasplural()
            english = " | ".join(str(s) for s in unit.source.strings) if plural else str(unit.source)
            translation = " | ".join(str(s) for s in unit.target.strings) if plural else str(unit.target or "")
            locations = unit.getlocations()
            rows.append({
                "catalog": f"i18n/{language}/{domain}.po", "context": unit.getcontext() or "",
                "where": " ".join(locations), "note": unit.getnotes("developer").strip(),
                "translator_note": unit.getnotes("translator").strip(), "english": english,
                "translation": translation, "screen": screen_of(domain, locations), "better": "",
            })
    return rows


def take_screens(site: Path, out: Path, languages: list[str]) -> dict[str, list[str]]:
    """PNG screenshots at 360 px of every page and the main app screens, per language; returns what was taken."""
    from playwright.sync_api import expect, sync_playwright
    from serve import serve_in_background

    server, url = serve_in_background(site, quiet=True)
    taken: dict[str, list[str]] = {}
    chromium = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            for language in languages:
                folder = out / language / "screens"
                folder.mkdir(parents=True, exist_ok=True)
                root = url if language == project.SOURCE_LANGUAGE else f"{url}{language}/"
                # not is_mobile: a page wider than the phone would then be zoomed out to fit, hiding the fault
                context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                                              locale=language)
                page = context.new_page()
                shots = []

                def shoot(name: str, full_page: bool = True) -> None:
                    page.wait_for_timeout(300)  # let the layout settle (fonts are the system's)
                    page.screenshot(path=str(folder / f"{name}.png"), full_page=full_page)
                    shots.append(name)

                for domain in project.page_domains():
                    page.goto(root + page_path(domain), wait_until="load")
                    shoot(domain)
                try:
                    page.goto(root + "tutorial/")
                    page.locator("#demo").get_by_role("button").first.click()
                    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
                    shoot("tutorial-lesson-1", full_page=False)  # the app fills the screen
                    page.goto(root + "play/")
                    page.locator("#demo .demo__start").click()
                    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
                    expect(page.locator("#demo")).to_have_attribute("data-game-state", "setup")
                    shoot("game-setup", full_page=False)
                    page.goto(root + "scores/")
                    demo = page.locator("#demo")
                    expect(demo).to_have_attribute("data-view", "setup", timeout=ENGINE_TIMEOUT)
                    shoot("score-keeper-setup")
                    for seat, name in enumerate(("Ana", "Jean", "Siti", "Dritë")):
                        if demo.locator(f"#scores-name-{seat}").count():
                            demo.locator(f"#scores-name-{seat}").fill(name)
                    demo.locator(".scores-start").click()
                    expect(demo).to_have_attribute("data-view", "sheet", timeout=ENGINE_TIMEOUT)
                    shoot("score-keeper-sheet")
                    wide = page.evaluate("document.documentElement.scrollWidth")
                    if wide > PHONE["width"]:
                        print(f"{language}: the score keeper is {wide} px wide on a {PHONE['width']}-px phone",
                              file=sys.stderr)
                except Exception as error:  # an app screen missing is reported, the rest of the kit still made
                    print(f"{language}: app screens stopped: {error}", file=sys.stderr)
                context.close()
                taken[language] = shots
                print(f"{language}: {len(shots)} screens", file=sys.stderr)
            browser.close()
    finally:
        server.shutdown()
    return taken


COLUMNS = ["catalog", "context", "where", "note", "translator_note", "english", "translation", "screen", "better"]
STYLE = """body{font:15px/1.4 system-ui,sans-serif;margin:1rem;max-width:80rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.3rem;vertical-align:top;text-align:left}th{background:#eee;position:sticky;top:0}
td.en{color:#444}td.tr{font-weight:500}small{color:#666}img{border:1px solid #ccc;width:360px}
figure{display:inline-block;margin:0 1rem 1rem 0;vertical-align:top}pre{white-space:pre-wrap}"""


def _e(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


def write_language(out: Path, language: str, rows: list[dict[str, str]], shots: list[str]) -> None:
    folder = out / language
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "strings.csv").open("w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    name = project.language_names().get(language, language)
    lines = [f"<!doctype html><meta charset=utf-8><title>Review kit: {name}</title><style>{STYLE}</style>",
             f"<h1>{_e(name)} ({language}): every string</h1>",
             f"<p>{len(rows)} strings. <a href=screens.html>The screens</a> · <a href=strings.csv>strings.csv</a> "
             "(write a better translation in the last column) · <a href=STYLE.md>the language's style guide</a>"
             " · <a href=../index.html>all languages</a></p>",
             "<table><tr><th>#</th><th>English</th><th>Translation</th><th>Context note</th>"
             "<th>Where it appears</th><th>Screen</th></tr>"]
    for number, row in enumerate(rows, 1):
        screen = row["screen"]
        link = f"<a href='screens/{screen}.png'>{screen}</a>" if screen in shots else _e(screen)
        note = _e(row["note"]) + (f"<br><small>translator: {_e(row['translator_note'])}</small>"
                                  if row["translator_note"] else "")
        lines.append(f"<tr id=s{number}><td>{number}</td><td class=en>{_e(row['english'])}</td>"
                     f"<td class=tr lang={language}>{_e(row['translation'])}</td><td>{note}</td>"
                     f"<td><small>{_e(row['catalog'])}{' [' + _e(row['context']) + ']' if row['context'] else ''}"
                     f"<br>{_e(row['where'])}</small></td><td>{link}</td></tr>")
    lines.append("</table>")
    (folder / "index.html").write_text("\n".join(lines), encoding="utf-8")
    gallery = [f"<!doctype html><meta charset=utf-8><title>Screens: {name}</title><style>{STYLE}</style>",
               f"<h1>{_e(name)}: the site at 360 px</h1><p><a href=index.html>Every string</a></p>"]
    gallery += [f"<figure><a href='screens/{shot}.png'><img loading=lazy src='screens/{shot}.png' alt='{shot}'></a>"
                f"<figcaption>{shot}</figcaption></figure>" for shot in shots]
    (folder / "screens.html").write_text("\n".join(gallery), encoding="utf-8")
    style = ROOT / "i18n" / language / "STYLE.md"
    if style.exists():
        (folder / "STYLE.md").write_text(style.read_text(encoding="utf-8"), encoding="utf-8")


def write_index(out: Path, counts: dict[str, tuple[int, int]]) -> None:
    feedback = project.translation_feedback()
    items = "".join(f"<li><a href={language}/index.html>{_e(project.language_names().get(language, language))}</a>"
                    f": {strings_count} strings, <a href={language}/screens.html>{screens} screens</a></li>"
                    for language, (strings_count, screens) in counts.items())
    (out / "index.html").write_text(
        f"<!doctype html><meta charset=utf-8><title>Review kit</title><style>{STYLE}</style>"
        "<h1>Review kit: the site's translations</h1>"
        "<p>For each language: every page and the main app screens as a reader sees them on a 360-px phone, and"
        " every string with its English, its context note and where it appears. Read a screen, find its strings"
        " (column “Screen”), and write a better translation in <code>strings.csv</code>'s last column, or in the"
        " catalog with Poedit or Weblate (the repository's <code>i18n/README.md</code>).</p>"
        f"<ul>{items}</ul><p>Send corrections to <a href='mailto:{_e(feedback.get('mail', ''))}'>"
        f"{_e(feedback.get('mail', ''))}</a> or <a href='{_e(feedback.get('tracker', ''))}'>the tracker</a>.</p>",
        encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (make site)")
    parser.add_argument("--out", type=Path, default=ROOT / ".build" / "review-kit")
    parser.add_argument("--language", action="append", help="only this language (repeatable)")
    parser.add_argument("--no-screens", action="store_true", help="strings only, no browser")
    options = parser.parse_args(argv)
    languages = options.language or project.target_languages()
    started = time.monotonic()
    shots = {language: [] for language in languages}
    if not options.no_screens:
        if not (options.site / "index.html").is_file():
            parser.error(f"{options.site} is not a built site: run `make site`")
        shots = take_screens(options.site, options.out, languages)
    counts = {}
    for language in languages:
        rows = strings(language)
        write_language(options.out, language, rows, shots.get(language, []))
        counts[language] = (len(rows), len(shots.get(language, [])))
    write_index(options.out, counts)
    files = [path for path in options.out.rglob("*") if path.is_file()]
    size = sum(path.stat().st_size for path in files)
    print(f"{options.out}: {len(files)} files, {size / 1e6:.1f} MB, in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
