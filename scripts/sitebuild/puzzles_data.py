"""The practice puzzles, written at build time from the engine: ``assets/practice/puzzles.<lang>.json``.

The committed source is ``engine/puzzles/catalog.json``; ``engine.puzzles.questions.pose`` rebuilds each
position and works out its choices, answer and words (a best-move answer is the finder's, re-checked by
``python -m engine puzzles --verify`` in CI). Here each puzzle gets its table drawn by ``engine/svg.py`` (the
inline markup without its ``<style>``: pages load ``diagrams.css``) and its words translated from the ui
catalog, tiles written ``[6-4]`` in every language as the lessons write them (the page draws each as a tile).
The themes' names are the headings of the pages they link to, from those pages' catalogs.

The file: ``{"version": 1, "themes": [{"id", "name", "link"}], "puzzles": [{"id", "game", "theme",
"difficulty" (1-3), "question", "board" (inline svg), "hand" (["6-4", ...]), "select" ("one"/"many"), "choices":
[{"id", "label", "correct"}], "explanation", "link" ("strategy/#anchor")}]}``; every text already translated.

Posing the puzzles (replaying their moves) is done once per build for every language.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from engine import svg
from engine.puzzles import questions, texts
from engine.puzzles.themes import THEMES, link
from engine.puzzles.verify import load_catalog

from . import plurals, project, uistrings
from .pages import load_catalog as load_page_catalog
from .pages import usable_translation

PATH = Path("assets") / "practice"
VERSION = 1
# The table is laid out for a phone: 360 CSS px less the page's margins; its tiles never smaller than
# engine.svg.MIN_TILE_PX there (lines bend and wrap; the picture grows taller instead). A wider screen scales it.
FIT_WIDTH = 328

# the words of the board and of names: the apps' own ui msgids (docs/assets/demo/names.js, game.js), not
# marked again here, so the catalog keeps them where they are
TABLE_TITLE = "The table"
TABLE_DESC = "The dominoes on the table, with the ends you may play on."
NUMBER_WORDS = ("blank", "one", "two", "three", "four", "five", "six", "seven",
                "eight", "nine", "ten", "eleven", "twelve")
YOU, COMPUTER, MEXICAN_TRAIN = "You", "Computer {number}", "Mexican train"
YOUR_TRAIN, COMPUTER_TRAIN, THE_MEXICAN_TRAIN = ("your train", "Computer {number}'s train",
                                                 "the Mexican train")
ARM_NAMES = {"n": "the north arm", "e": "the east arm", "s": "the south arm", "w": "the west arm"}
TOE_NAMES = {"l": "the left toe of the double {number}", "c": "the middle toe of the double {number}",
             "r": "the right toe of the double {number}"}
ROOT_TOE_NAMES = {"l": "the left toe of {arm}", "c": "the middle toe of {arm}",
                  "r": "the right toe of {arm}"}


class Words:
    """Texts of ``engine/puzzles/texts.py`` in one language, for one puzzle (whose seat is "you")."""

    def __init__(self, language: str, posed) -> None:
        self.language = language
        self.view = posed.view
        self.layout = posed.view.layout_dict()

    def t(self, message: str, **values) -> str:
        text = _table(self.language).get(message)
        if not isinstance(text, str):
            raise uistrings.MissingTranslation(f"{self.language}: no translation for {message!r} in the ui catalog")
        return text.format(**values) if values else text

    def plural(self, message: tuple, n: int, **values) -> str:
        forms = _table(self.language).get(message[0])
        if not isinstance(forms, list):
            raise uistrings.MissingTranslation(f"{self.language}: no plural translation for {message[0]!r}")
        return forms[plurals.form_index(uistrings.plural_forms(self.language), n)].format(**values)

    def number(self, number: int) -> str:
        return self.t(NUMBER_WORDS[number]) if number < len(NUMBER_WORDS) else str(number)

    def player(self, seat: int) -> str:
        """Players are named from the reader's seat, as the game names them: Computer 1 plays after you."""
        relative = (seat - self.view.seat) % self.view.players
        return self.t(YOU) if relative == 0 else self.t(COMPUTER, number=relative)

    def end(self, end_id: str) -> str:
        lines = {line["id"]: line for line in self.layout["lines"]}
        line = lines[end_id]
        if line["slot"] == "mx":
            return self.t(THE_MEXICAN_TRAIN)
        if line.get("owner") is not None:
            relative = (line["owner"] - self.view.seat) % self.view.players
            return self.t(YOUR_TRAIN) if relative == 0 else self.t(COMPUTER_TRAIN, number=relative)
        if line["parent"] is None and line["slot"] in ARM_NAMES:
            return self.t(ARM_NAMES[line["slot"]])
        side, _, toe = line["slot"].partition(".")
        if line["parent"] is None and side in ARM_NAMES and toe in ROOT_TOE_NAMES:
            return self.t(ROOT_TOE_NAMES[toe], arm=self.t(ARM_NAMES[side]))
        parent = lines[line["parent"]]
        return self.t(TOE_NAMES[line["slot"]], number=self.number(parent["tiles"][line["at"]][0]))

    def value(self, value) -> str:
        if isinstance(value, tuple):
            tag, data = value
            if tag == "number":
                return self.number(data)
            if tag == "player":
                return self.player(data)
            if tag == "end":
                return self.end(data)
            if tag == "tiles":
                return ", ".join(f"[{tile}]" for tile in data)
            raise ValueError(f"no words for {tag!r}")
        return str(value)

    def text(self, text: tuple) -> str:
        message, params = text
        values = {name: self.value(value) for name, value in params.items()}
        if isinstance(message, str) and message.startswith("{") and message[1:-1] in params:
            return values[message[1:-1]]  # a bare value (a tile, a player): nothing to translate
        if isinstance(message, tuple):
            return capital(self.plural(message, params["count" if "count" in params else "points"], **values))
        return capital(self.t(message, **values))


def capital(text: str) -> str:
    """The first letter upper-case, as the apps' ``sentence`` writes a sentence that starts with a name."""
    for k, char in enumerate(text):
        if char.isalpha():
            return text[:k] + char.upper() + text[k + 1:]
        if char not in " \"“„«‘'([":
            return text
    return text


@cache
def _table(language: str) -> dict:
    """The ui catalog of ``language``, read once per build (``uistrings.table`` re-reads English's template)."""
    return uistrings.table(language)


@cache
def _page_catalog(language: str, page: str):
    return load_page_catalog(project.catalog_path(language, page))


def theme_name(theme: str, language: str) -> str:
    page, _, heading = THEMES[theme]
    if language == project.SOURCE_LANGUAGE:
        return heading
    translated = usable_translation(_page_catalog(language, page), heading)
    if translated is None:
        raise uistrings.MissingTranslation(f"{language}: no translation of the heading {heading!r} in {page}.po")
    return str(translated)


def _board(posed, words: Words, number: int) -> str:
    labels = {}
    for line in words.layout["lines"]:
        if line["id"] == "mx":
            labels["mx"] = words.t(MEXICAN_TRAIN)
        elif line.get("owner") is not None:
            labels[line["id"]] = words.player(line["owner"])
    ends = sorted({move.end for move in posed.view.legal_moves() if move.end is not None})  # where the seat may play
    picture = svg.render(words.layout, title=words.t(TABLE_TITLE), desc=words.t(TABLE_DESC), highlight_ends=ends,
                         labels=labels, theme="auto", id_prefix=f"pz{number}", fit_width=FIT_WIDTH)
    return svg.without_style(picture)


def puzzle_data(posed, language: str, number: int) -> dict:
    entry = posed.entry
    words = Words(language, posed)
    return {
        "id": entry["id"], "game": entry["game"], "theme": entry["theme"], "difficulty": entry["difficulty"],
        "question": " ".join(words.text(text) for text in posed.question),
        "board": _board(posed, words, number),
        "hand": [str(tile) for tile in posed.view.hand],
        "select": posed.select,
        "choices": [{"id": c.id, "label": words.text(c.label), "correct": c.correct} for c in posed.choices],
        "explanation": " ".join(words.text(text) for text in posed.explanation),
        "link": link(entry["theme"], entry["game"]),
    }


def posed_puzzles() -> list:
    return [questions.pose(entry) for entry in load_catalog()["puzzles"]]


def practice_data(language: str, posed: list) -> dict:
    return {"version": VERSION,
            "themes": [{"id": theme, "name": theme_name(theme, language), "link": link(theme)} for theme in THEMES],
            "puzzles": [puzzle_data(p, language, k) for k, p in enumerate(posed)]}


def write_json(site_dir: Path, languages: list[str]) -> list[Path]:
    posed = posed_puzzles()
    target = Path(site_dir) / PATH
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for language in languages:
        path = target / f"puzzles.{language}.json"
        text = json.dumps(practice_data(language, posed), ensure_ascii=False, separators=(",", ":"))
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written


__all__ = ["PATH", "practice_data", "posed_puzzles", "texts", "write_json"]
