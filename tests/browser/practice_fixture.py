"""A TEST FIXTURE, not product data: a small puzzle file in the shape of CONTRACTS.md B
(``assets/practice/puzzles.<lang>.json``), served by test_practice.py in place of the build's own file so the
page's behaviour (answers, many-select, spaced practice, export/import) is tested on known answers whatever
puzzles the build ships. The boards are real positions drawn by the engine (greedy players, fixed seeds); the
questions and answers are written here for the tests and are not checked by the engine."""

from __future__ import annotations

from engine import svg
from engine.bots import make_bot
from engine.match import Match
from engine.options import Rules

THEMES = [
    {"id": "shed-double-blank", "name": "FIXTURE: shed the double blank", "link": "strategy/#double-blank-early"},
    {"id": "heavy-tiles", "name": "FIXTURE: shed heavy tiles", "link": "strategy/#heavy-tiles-early"},
    {"id": "count-a-number", "name": "FIXTURE: count before a double", "link": "strategy/#count-before-a-double"},
]


def board_and_hand(game: str, seed: int, plies: int) -> tuple[str, list[str]]:
    """The table and the hand of the seat to move after ``plies`` greedy moves of a real match."""
    rules = Rules(game, "basic" if game == "chicken-foot" else "standard")
    match = Match(rules, 4, seed)
    bots = [make_bot("greedy", seat) for seat in range(4)]
    for _ in range(plies):
        match.push(bots[match.turn].choose(match.view(match.turn)))
    view = match.view(match.turn)
    board = svg.render(view.layout_dict(), title="FIXTURE table", desc="A test fixture's table", fit_width=328)
    return board, [f"{tile.a}-{tile.b}" if hasattr(tile, "a") else str(tile) for tile in view.hand]


def puzzle(id_, theme, difficulty, select, choices, *, game="chicken-foot", seed=1, plies=6):
    board, hand = board_and_hand(game, seed, plies)
    return {"id": id_, "game": game, "theme": theme, "difficulty": difficulty,
            "question": f"FIXTURE question {id_}: which is right? [6-4] is a tile.",
            "board": board, "hand": hand[:8], "select": select,
            "choices": [{"id": key, "label": f"Choice {key.upper()} [{n}-0]", "correct": correct}
                        for n, (key, correct) in enumerate(choices, 1)],
            "explanation": f"FIXTURE explanation of {id_}.",
            "link": next(theme_["link"] for theme_ in THEMES if theme_["id"] == theme)}


def fixture() -> dict:
    """Three themes of four puzzles each: two themes of one-choice puzzles, one of many-choice puzzles; the
    right choices are a (one) and a with c (many)."""
    one = [("a", True), ("b", False), ("c", False)]
    many = [("a", True), ("b", False), ("c", True), ("d", False)]
    themes = [("shed-double-blank", "one"), ("heavy-tiles", "one"), ("count-a-number", "many")]
    puzzles = []
    for number in range(12):
        theme, select = themes[number // 4]
        game = "mexican-train" if number % 4 == 3 else "chicken-foot"
        puzzles.append(puzzle(f"fx-{number + 1:03}", theme, 1 + number % 3, select, one if select == "one" else many,
                              game=game, seed=3 + number))
    return {"version": 1, "themes": THEMES, "puzzles": puzzles}
