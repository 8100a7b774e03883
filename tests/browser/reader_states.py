"""Every state of the apps a reader can reach, named in one place, with the way to reach it.

A *walk* drives one page (one browser context) through its states in order, the way a reader goes: it yields
each state's name when the page shows that state, and the harness measures what the reader sees there
(``reader_checks.js``; ``test_reader_sees.py`` checks every state in every language; the benchmark
``scripts/walk_reader_states.py`` walks every lesson). A new state of an app is added here, to its walk's
``states`` and to its driver, and nowhere else.

Each state says whether the table-mode screen budget applies (``budget``) and which *turns* it belongs to:
states with the same ``turns`` are turns of one round or lesson, between which the table's box and the dock's
rows must not change size.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from engine.bots import make_bot
from engine.bridge.lessons import LESSONS
from engine.match import Match
from engine.options import Rules
from engine.records import game_record
from game_driver import open_more_choices, play_one_human_move

ENGINE_TIMEOUT = 90_000
CHECKS = Path(__file__).with_name("reader_checks.js").read_text(encoding="utf-8")


@dataclass(frozen=True)
class State:
    name: str
    kind: str  # what sort of state (each kind is covered in CI in every language)
    budget: bool = False  # the table-mode screen budget applies
    turns: str | None = None  # states of one round or lesson: the table's box stays the same between them
    scope: str = "#demo"  # what is measured (the frame: the whole body)


@dataclass
class Walk:
    name: str
    states: list[State]
    drive: Callable[..., Iterator[str]]  # (page, site_url, language, work_dir, states) -> names, in order
    options: dict = field(default_factory=dict)

    def state(self, name: str) -> State:
        return next(state for state in self.states if state.name == name)


def measured(page: Page, state: State) -> dict:
    """What reader_checks.js finds in ``state``, once the page has drawn it (two frames: resize observers
    have run)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.main_frame.evaluate(CHECKS, {"scope": state.scope, "budget": state.budget})


def prefix(language: str) -> str:
    return "" if language == "en" else f"{language}/"


def start_app(page: Page, address: str) -> None:
    page.goto(address)
    demo = page.locator("#demo")
    demo.locator(".demo__start").click()
    expect(demo).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)


# --- the tutorial -----------------------------------------------------------------------------------------

SAMPLE_LESSONS = ("cf-set", "cf-starting-double", "mt-doubles", "mt-mexican-train",  # mt-doubles: a double under a name
                  "st-count-before-a-double")
REFUSAL = ("cf-set", "8-3@n")  # lesson 1: [8-3] has no nine
STEERED = ("st-count-before-a-double", "6-6@n")  # a legal move the lesson refuses: its longest reason, a tip's link


def lesson_states(lesson_ids) -> list[State]:
    states = []
    for lesson in (lesson for lesson in LESSONS if lesson.id in lesson_ids):
        states.append(State(f"lesson {lesson.id}: before a move", "lesson-before", budget=True, turns=lesson.id))
        if lesson.id == REFUSAL[0]:
            states.append(State(f"lesson {lesson.id}: a refused move", "lesson-refusal", budget=True, turns=lesson.id))
        if lesson.id == STEERED[0]:
            states.append(State(f"lesson {lesson.id}: a steered move", "lesson-steered", budget=True, turns=lesson.id))
        for number in range(1, len(lesson.solution)):
            states.append(State(f"lesson {lesson.id}: after move {number}", "lesson-after", budget=True,
                                turns=lesson.id))
        states.append(State(f"lesson {lesson.id}: done", "lesson-done", budget=True))
    return states


def tile_key(text: str) -> str:
    a, b = sorted((int(n) for n in text.split("-")), reverse=True)
    return f"{a}-{b}"


def click_move(demo, move: str) -> None:
    """A tile of the hand then an end of the table (through the chooser where ends crowd), or a move button."""
    count = int(demo.get_attribute("data-answers") or 0)
    if "@" in move:
        tile, end = move.split("@")
        demo.locator(f'.demo-hand [data-tile="{tile_key(tile)}"]').click()
        demo.locator(f'.demo-table [data-end="{end}"]').click()
        chooser = demo.locator(".demo-chooser")
        if chooser.count():
            chooser.locator(f'[data-choose-end="{end}"]').click()
    else:
        demo.locator(f'[data-move="{move}"]').click()
    expect(demo).to_have_attribute("data-answers", str(count + 1))


def walk_lessons(page: Page, demo, lesson_ids) -> Iterator[str]:
    for lesson in (lesson for lesson in LESSONS if lesson.id in lesson_ids):
        if demo.get_attribute("data-lesson") != lesson.id:
            demo.locator(".demo-map-toggle").click()
            demo.locator(f'.demo-map__lesson[data-lesson="{lesson.id}"]').click()
            expect(demo).to_have_attribute("data-lesson", lesson.id)
        if demo.get_attribute("data-complete") == "true":  # done on an earlier visit: it starts afresh
            demo.locator(".demo-restart").click()
        expect(demo).to_have_attribute("data-complete", "false")
        yield f"lesson {lesson.id}: before a move"
        if lesson.id == REFUSAL[0]:
            click_move(demo, REFUSAL[1])
            expect(demo.locator(".demo-feedback")).to_have_attribute("data-result", "illegal")
            yield f"lesson {lesson.id}: a refused move"
        if lesson.id == STEERED[0]:
            click_move(demo, STEERED[1])
            expect(demo.locator(".demo-feedback")).to_have_attribute("data-result", "steered")
            yield f"lesson {lesson.id}: a steered move"
        for number, move in enumerate(lesson.solution, 1):
            click_move(demo, move)
            if number < len(lesson.solution):
                yield f"lesson {lesson.id}: after move {number}"
        expect(demo).to_have_attribute("data-complete", "true")
        yield f"lesson {lesson.id}: done"


def drive_tutorial(page: Page, site_url: str, language: str, work: Path, lesson_ids) -> Iterator[str]:
    start_app(page, f"{site_url}{prefix(language)}tutorial/")
    demo = page.locator("#demo")
    yield from walk_lessons(page, demo, lesson_ids)
    demo.locator(".demo-map-toggle").click()
    expect(demo.locator(".demo-map")).to_be_visible()
    yield "the lesson map"


def tutorial_walk(lesson_ids=SAMPLE_LESSONS) -> Walk:
    states = lesson_states(lesson_ids) + [State("the lesson map", "lesson-map")]
    return Walk("tutorial", states, lambda page, site, language, work: drive_tutorial(page, site, language, work,
                                                                                      lesson_ids))


# --- the game ---------------------------------------------------------------------------------------------

def played_record(rules: Rules, players: int, seed: int, until: str) -> dict:
    """A record played by greedy computers: to the first round's result ("round") or the match's ("match")."""
    match = Match(rules, players, seed)
    bots = [make_bot("greedy", seat) for seat in range(players)]
    while (not match.round_scores) if until == "round" else (match.outcome is None):
        match.push(bots[match.turn].choose(match.view(match.turn)))
    return game_record(match)


def new_game(demo, game: str, players: int, seed: int, seats: dict | None = None) -> None:
    form = demo.locator("form.game-setup")
    form.locator("select[name=game]").select_option(game)
    form.locator("select[name=players]").select_option(str(players))
    expect(form.locator("select[name=players]")).to_have_value(str(players))
    open_more_choices(form)  # seats and the deal number sit under "More choices"
    for seat, kind in (seats or {}).items():
        form.locator(f"select[name=seat-{seat}-kind]").select_option(kind)
    form.locator("input[name=seed]").fill(str(seed))
    form.locator("button.game-start").click()
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)


def form_shown(demo) -> None:
    """The new-game form on the screen: the app says "setup" before the form is drawn (its rule sets load)."""
    expect(demo).to_have_attribute("data-game-state", "setup")
    expect(demo.locator("form.game-setup")).to_be_visible()
    expect(demo.locator(".game-play")).to_be_hidden()


def choose_speed(page: Page, speed: str) -> None:
    """The game's speed, through More where the side panel is behind it (a phone), closed again after."""
    menu = page.locator("#game-speed")
    toggle = page.locator(".game-side-toggle")
    opened = not menu.is_visible()
    if opened:
        toggle.click()
    try:
        menu.select_option(speed, timeout=10_000)
    except PlaywrightTimeoutError:
        # seen as visible while the frame's layout settled and hidden since, or More not opened by the click
        # (a CI run waited 30 s on a hidden menu, in the Sundanese embed frame): open it, then choose
        if toggle.get_attribute("aria-expanded") != "true":
            toggle.click()
            opened = True
        menu.select_option(speed)
    if opened:
        page.locator(".game-side-close").click()


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function("() => { const d = document.querySelector('#demo');"
                           " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }",
                           timeout=30_000)


def import_record(demo, work: Path, record: dict, name: str) -> None:
    path = work / f"{name}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    demo.locator(".game-import-input").set_input_files(str(path))


# A round whose review has costly decisions for seat 0 (two players, greedy computers: three mistakes).
REVIEWED_ROUND = (Rules("chicken-foot", "basic", set_size=6), 2, 4)


def review_move(demo, move: str) -> None:
    """A try in the review's "find it first": a tile then an end (through the chooser where ends crowd), or a
    move button, on the review's own board."""
    review = demo.locator(".game-review")
    if "@" in move:
        tile, end = move.rstrip("!").split("@")
        review.locator(f".demo-tile[data-tile='{tile}']").click()
        review.locator(f".demo-end[data-end='{end}']").first.click()
        chooser = review.locator(".demo-chooser")
        if chooser.count() and chooser.first.is_visible():
            chooser.locator(f"[data-choose-end='{end}']").click()
    else:
        review.locator(f"[data-move='{move}']").click()


def import_reviewed_round(demo, work: Path) -> None:
    """The REVIEWED_ROUND's record imported, at its round's end (its own moves on the page, not the last game's)."""
    rules, players, seed = REVIEWED_ROUND
    record = played_record(rules, players, seed, "round")
    import_record(demo, work, record, "reviewed")
    expect(demo).to_have_attribute("data-moves", str(len(record["moves"])), timeout=ENGINE_TIMEOUT)
    expect(demo).to_have_attribute("data-game-state", "round-over", timeout=ENGINE_TIMEOUT)


def walk_review(page: Page, demo, work: Path) -> Iterator[str]:
    import_reviewed_round(demo, work)
    demo.locator(".game-review-start").click()
    expect(demo).to_have_attribute("data-review", "progress")
    yield "round review: under way"
    expect(demo).to_have_attribute("data-review", "decision", timeout=ENGINE_TIMEOUT)
    yield "round review: find it first"
    review = demo.locator(".game-review")
    played = review.get_attribute("data-played")
    review_move(demo, played)
    expect(demo.locator(".game-review-reply")).to_have_attribute("data-result", "wrong")
    yield "round review: a try that is not it"
    demo.locator(".game-review-answer").click()
    expect(demo.locator(".game-review-reply")).to_have_attribute("data-result", "shown")
    yield "round review: the answer"
    while demo.get_attribute("data-review") == "decision":
        if demo.locator(".game-review-answer").is_visible():
            demo.locator(".game-review-answer").click()
        demo.locator(".game-review-next").click()
    expect(demo).to_have_attribute("data-review", "summary")
    yield "round review: the summary"
    demo.locator(".game-review-done").click()
    expect(demo).to_have_attribute("data-review", "offer")


GAME_STATES = [
    State("the new-game form", "game-setup"),
    State("my turn", "game-my-turn", budget=True, turns="round 1"),
    State("a tile chosen", "game-my-turn", budget=True, turns="round 1"),
    State("the computers' turn", "game-their-turn", budget=True, turns="round 1"),
    State("More open", "game-more"),
    State("the new-game form from More", "game-setup"),
    State("my turn, Mexican Train, 15 tiles", "game-my-turn", budget=True, turns="mexican train"),
    State("the computer's turn, Mexican Train", "game-their-turn", budget=True, turns="mexican train"),
    State("round over", "game-round-over", budget=True),
    State("round review: under way", "review-progress", budget=True),
    State("round review: find it first", "review-decision", budget=True),
    State("round review: a try that is not it", "review-decision", budget=True),
    State("round review: the answer", "review-answer", budget=True),
    State("round review: the summary", "review-summary"),
    State("match over", "game-match-over", budget=True),
    State("pass-and-play: the hand-over", "game-handoff", budget=True),
]


def drive_game(page: Page, site_url: str, language: str, work: Path) -> Iterator[str]:
    start_app(page, f"{site_url}{prefix(language)}play/")
    demo = page.locator("#demo")
    form_shown(demo)
    yield "the new-game form"
    new_game(demo, "chicken-foot", 4, seed=7)
    choose_speed(page, "slow")  # the computers' turn lasts long enough to be seen
    wait_for_my_turn(page)
    yield "my turn"
    playable = demo.locator(".demo-tile.is-playable").first
    playable.click()
    yield "a tile chosen"
    playable.click()  # put back
    play_one_human_move(page.main_frame)
    expect(demo).to_have_attribute("data-turn", "waiting")
    yield "the computers' turn"
    demo.locator(".game-side-toggle").click()
    expect(demo.locator(".game-side")).to_be_visible()
    yield "More open"
    demo.locator(".game-side .game-new").click()
    form_shown(demo)
    yield "the new-game form from More"
    new_game(demo, "mexican-train", 2, seed=4)
    choose_speed(page, "slow")
    wait_for_my_turn(page)
    yield "my turn, Mexican Train, 15 tiles"
    play_one_human_move(page.main_frame)
    if demo.get_attribute("data-turn") == "mine":  # a first train goes on: end it
        demo.locator(".demo-action[data-move='end']").click()
    expect(demo).to_have_attribute("data-turn", "waiting")
    yield "the computer's turn, Mexican Train"
    import_record(demo, work, played_record(Rules("chicken-foot", "basic", set_size=6), 4, 4, "round"), "round")
    expect(demo).to_have_attribute("data-game-state", "round-over", timeout=ENGINE_TIMEOUT)
    yield "round over"
    yield from walk_review(page, demo, work)
    import_record(demo, work, played_record(Rules("chicken-foot", "basic", set_size=6), 2, 4, "match"), "match")
    expect(demo).to_have_attribute("data-game-state", "over", timeout=ENGINE_TIMEOUT)
    yield "match over"
    demo.locator(".game-again").click()
    form_shown(demo)
    new_game(demo, "chicken-foot", 2, seed=11, seats={1: "human"})
    page.wait_for_function("() => { const d = document.querySelector('#demo');"
                           " return d.dataset.handoff !== '' || d.dataset.turn === 'mine'; }", timeout=30_000)
    if demo.get_attribute("data-handoff") == "":
        play_one_human_move(page.main_frame)
    expect(demo).not_to_have_attribute("data-handoff", "")
    yield "pass-and-play: the hand-over"


# --- the score keeper and the house rules ---------------------------------------------------------------

SCORES_STATES = [
    State("a new score sheet", "scores-new"),
    State("entering a round", "scores-entry"),
    State("the totals", "scores-totals"),
    State("an import refused", "scores-import-error"),
]


def drive_scores(page: Page, site_url: str, language: str, work: Path) -> Iterator[str]:
    page.goto(f"{site_url}{prefix(language)}scores/")  # the form's own choice of rules: a select
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-view", "setup", timeout=ENGINE_TIMEOUT)
    yield "a new score sheet"
    # the sheet's rules from a link: the rest of the walk does not depend on the form's own Rules select
    page.goto(f"{site_url}{prefix(language)}scores/?game=chicken-foot&rules=basic")
    expect(demo).to_have_attribute("data-view", "setup", timeout=ENGINE_TIMEOUT)
    for seat, name in enumerate(("Ana", "Bèt")):
        demo.locator(f"#scores-name-{seat}").fill(name)
    while demo.locator(".scores-name input").count() > 2:
        demo.locator(".scores-remove-player").click()
    demo.locator(".scores-start").click()
    expect(demo).to_have_attribute("data-view", "sheet", timeout=ENGINE_TIMEOUT)
    entry = page.locator(".scores-entry")
    entry.locator(".scores-hand[data-seat='0'] .scores-out").click()
    entry.locator(".scores-hand[data-seat='1'] .scores-count").click()
    entry.locator(".scores-hand[data-seat='1'] .scores-tile[data-tile='6-5']").click()
    yield "entering a round"
    entry.locator(".scores-save").click()
    expect(page.locator(".scores-sheet")).to_have_attribute("data-rounds", "1")
    yield "the totals"
    page.locator(".scores-all-games").click()
    bad = work / "not-a-sheet.json"
    bad.write_text(json.dumps({"format": "domino-game-record", "version": 1}), encoding="utf-8")
    page.locator("#scores-import-file").set_input_files(str(bad))
    expect(page.locator(".scores-notice--problem").last).to_be_visible()
    yield "an import refused"


HOUSE_STATES = [State("the house rules", "house-rules")]


def drive_house_rules(page: Page, site_url: str, language: str, work: Path) -> Iterator[str]:
    page.goto(f"{site_url}{prefix(language)}house-rules/")
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    yield "the house rules"


# --- the practice page ---------------------------------------------------------------------------------

PRACTICE_STATES = [
    State("practice: the themes", "practice-home"),
    State("practice: a puzzle, one answer", "practice-puzzle"),
    State("practice: a puzzle answered", "practice-answer"),
    State("practice: a puzzle, many answers", "practice-puzzle"),
    State("practice: a many-answer puzzle answered", "practice-answer"),
    State("practice: a session's end", "practice-done"),
    State("practice: an import refused", "practice-import-error"),
    State("practice: progress kept aside", "practice-kept-aside"),
]


def practice_puzzles(page: Page, site_url: str) -> dict:
    """The build's puzzle file for English; where the build has none yet, the tests' fixture, served instead."""
    answer = page.request.get(f"{site_url}assets/practice/puzzles.en.json")
    if answer.ok:
        return answer.json()
    from practice_fixture import fixture  # a test fixture, only until the build writes the file (CONTRACTS.md B)

    data = fixture()
    page.route("**/assets/practice/puzzles.*.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(data)))
    return data


def practise_until(demo, theme: str, select: str, sessions: int = 6) -> None:
    """Sessions of ``theme`` until a puzzle asks for ``select`` ("one" or "many") answers. The schedule picks a
    session's puzzles at random among the difficulty that suits, so one session of five may hold none."""
    for _ in range(sessions):
        demo.locator(f".practice-map__theme[data-theme='{theme}'] .practice-map__practise").click()
        expect(demo).to_have_attribute("data-view", "puzzle")
        while demo.get_attribute("data-view") == "puzzle":
            if demo.locator(".practice-puzzle").get_attribute("data-select") == select:
                return
            demo.locator("input[name=choice]").first.check()
            demo.locator(".practice-check").click()
            demo.locator(".practice-next").click()
            expect(demo).to_have_attribute("data-view", re.compile("puzzle|done"))
        demo.locator(".practice-to-map").click()
    raise AssertionError(f"{sessions} sessions of {theme} without a puzzle that asks for {select} answers")


def drive_practice(page: Page, site_url: str, language: str, work: Path) -> Iterator[str]:
    data = practice_puzzles(page, site_url)
    by_theme = {theme["id"]: {p["select"] for p in data["puzzles"] if p["theme"] == theme["id"]} for theme in data["themes"]}
    page.goto(f"{site_url}{prefix(language)}practice/")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-state", "ready")
    yield "practice: the themes"
    for select, state in (("one", "practice: a puzzle, one answer"), ("many", "practice: a puzzle, many answers")):
        theme = next(theme for theme, selects in by_theme.items() if select in selects)
        practise_until(demo, theme, select)
        yield state
        for choice in demo.locator("input[name=choice]").all()[:2 if select == "many" else 1]:
            choice.check()
        demo.locator(".practice-check").click()
        expect(demo).to_have_attribute("data-result", re.compile("right|wrong"))
        yield "practice: a puzzle answered" if select == "one" else "practice: a many-answer puzzle answered"
        while demo.get_attribute("data-view") == "puzzle":
            demo.locator(".practice-next").click()
            if demo.get_attribute("data-view") == "puzzle":
                demo.locator("input[name=choice]").first.check()
                demo.locator(".practice-check").click()
        if select == "one":
            demo.locator(".practice-to-map").click()
    yield "practice: a session's end"
    demo.locator(".practice-to-map").click()
    refused = work / "not-progress.json"
    refused.write_text(json.dumps({"format": "domino-score-sheet", "version": 1}), encoding="utf-8")
    demo.locator("#practice-import-file").set_input_files(str(refused))
    expect(demo.locator(".practice-notice--problem")).to_be_visible()
    yield "practice: an import refused"
    page.evaluate("localStorage.setItem('chickenfoot.practice', '{\"version\": 1, \"themes\": ')")
    page.reload()
    expect(demo.locator(".kept-aside__item")).to_be_visible()
    yield "practice: progress kept aside"


# --- the embed frame --------------------------------------------------------------------------------------

EMBED_STATES = [
    State("frame: a lesson before a move", "embed-tutorial", budget=True, turns="frame lesson", scope="body"),
    State("frame: a lesson after a move", "embed-tutorial", budget=True, turns="frame lesson", scope="body"),
    State("frame: a game, my turn", "embed-game", budget=True, turns="frame game", scope="body"),
    State("frame: a game, the computer's turn", "embed-game", budget=True, turns="frame game", scope="body"),
]


def drive_embed(page: Page, site_url: str, language: str, work: Path) -> Iterator[str]:
    page.goto(f"{site_url}embed/frame/?mode=tutorial&lesson=2&lang={language}")
    demo = page.locator("#demo")
    expect(demo).to_have_attribute("data-lesson", "cf-starting-double", timeout=ENGINE_TIMEOUT)
    yield "frame: a lesson before a move"
    click_move(demo, LESSONS[1].solution[0])
    yield "frame: a lesson after a move"
    page.goto(f"{site_url}embed/frame/?mode=play&game=mexican-train&players=2&seed=4&lang={language}")
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    choose_speed(page, "slow")
    wait_for_my_turn(page)
    yield "frame: a game, my turn"
    play_one_human_move(page.main_frame)
    if demo.get_attribute("data-turn") == "mine":
        demo.locator(".demo-action[data-move='end']").click()
    expect(demo).to_have_attribute("data-turn", "waiting")
    yield "frame: a game, the computer's turn"


# --- the rooms page: its states need a rooms server, so tests/browser/test_rooms.py walks them ----------

ROOMS_STATES = [State("lobby", "rooms-lobby"), State("waiting", "rooms-waiting"),
                State("table-others", "rooms-table"), State("table-mine", "rooms-table"),
                State("game-over", "rooms-over")]


def walks(lesson_ids=SAMPLE_LESSONS) -> list[Walk]:
    """Every walk; ``lesson_ids``: the lessons the tutorial's walk plays (CI: a sample; the benchmark: all)."""
    return [
        tutorial_walk(lesson_ids),
        Walk("game", GAME_STATES, drive_game),
        Walk("scores", SCORES_STATES, drive_scores),
        Walk("house rules", HOUSE_STATES, drive_house_rules),
        Walk("practice", PRACTICE_STATES, drive_practice),
        Walk("embed frame", EMBED_STATES, drive_embed),
    ]


ALL_LESSONS = tuple(lesson.id for lesson in LESSONS)
