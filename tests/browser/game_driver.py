"""Drives the game app like a reader: through its form, its board and its buttons. Works on the site's play
page and inside an embedding frame alike (a Playwright ``Frame``: ``page.main_frame`` or an iframe's)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Frame, Page, expect

ENGINE_TIMEOUT = 90_000
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(frame: Frame | Page, scope: str | None = None) -> list:
    """axe-core's violations as the page or frame is now (id, impact, first targets), in the element
    ``scope`` (a CSS selector: the app, on a site page whose theme is checked elsewhere) or the document."""
    frame.evaluate(AXE.read_text(encoding="utf-8"))  # not a <script>: the site's CSP refuses inline scripts
    result = frame.evaluate("(scope) => axe.run(scope ? document.querySelector(scope) : document, "
                            "{resultTypes: ['violations']})", scope)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]


def open_game(page: Page, site_url: str, language: str = "en") -> Frame:
    prefix = "" if language == "en" else f"{language}/"
    page.goto(f"{site_url}{prefix}play/")
    page.locator("#demo .demo__start").click()
    expect(page.locator("#demo")).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    return page.main_frame


def open_more_choices(form) -> None:
    """Opens the new-game form's "More choices" (level, seats, set, chicken little, deal number), if closed."""
    more = form.locator("details.game-more")
    for _ in range(3):  # the form may be drawn again just after a click (a new game's rule sets arriving)
        if more.get_attribute("open") is None:
            more.locator("summary").click()
        try:
            expect(form.locator("details.game-more[open] input[name=seed]")).to_be_visible(timeout=3_000)
            return
        except AssertionError:
            continue
    expect(form.locator("details.game-more[open] input[name=seed]")).to_be_visible()


def new_game(frame: Frame, game: str, players: int = 4, set_size: int | None = None, seed: int = 7,
             ruleset: str | None = None, chicken_little: bool = False) -> None:
    demo = frame.locator("#demo")
    expect(demo).to_have_attribute("data-game-state", "setup")
    form = demo.locator("form.game-setup")
    form.locator("select[name=game]").select_option(game)
    form.locator("select[name=players]").select_option(str(players))
    expect(form.locator("select[name=players]")).to_have_value(str(players))
    if ruleset is not None:
        form.locator(f"input[name=ruleset][value={ruleset}]").check()
    open_more_choices(form)
    if set_size is not None:
        form.locator("select[name=set_size]").select_option(str(set_size))
    if chicken_little:
        form.locator("input[name=chicken_little]").check()
    form.locator("input[name=seed]").fill(str(seed))
    form.locator("button.game-start").click()
    expect(demo).to_have_attribute("data-game-state", "playing")


def set_speed(frame: Frame, speed: str) -> None:
    """Chooses the computers' speed; on a phone the menu is behind the top bar's "More" button."""
    menu = frame.locator("#game-speed")
    if not menu.is_visible():
        frame.locator(".game-side-toggle").click()
        menu.select_option(speed)
        frame.locator(".game-side-toggle").click()
    else:
        menu.select_option(speed)


def hand_tiles(frame: Frame) -> list[str]:
    return frame.locator("#demo .demo-tile").evaluate_all("tiles => tiles.map(t => t.dataset.tile)")


def legal_moves(frame: Frame) -> list[str]:
    return (frame.locator("#demo").get_attribute("data-legal-moves") or "").split()


def play_one_human_move(frame: Frame) -> None:
    """A legal move made through the board: a playable tile then a fitting end (through the end chooser where
    ends crowd), or the legal action button (draw, pass, end turn, catch). The test chooses among the moves the
    page marks legal."""
    demo = frame.locator("#demo")
    legal = legal_moves(frame)
    before = demo.get_attribute("data-moves")
    plays = [move for move in legal if "@" in move and not move.endswith("!")]
    if plays:
        tile, end = plays[0].split("@")
        demo.locator(f".demo-tile[data-tile='{tile}']").click()
        demo.locator(f".demo-end.is-fit[data-end='{end}']").click()
        chooser = demo.locator(".demo-chooser")  # where ends crowd, a tap asks which one is meant
        if chooser.count() and chooser.first.is_visible():
            chooser.locator(f"[data-choose-end='{end}']").click()
    elif "catch" in legal:
        demo.locator(".game-catch").click()
    else:
        kind = next(move for move in legal if move in ("draw", "pass", "end"))
        demo.locator(f".demo-action[data-move='{kind}']").click()
    expect(demo).not_to_have_attribute("data-moves", before or "")


def play_match_to_the_end(frame: Frame) -> int:
    """Plays the human seat until the match is over; returns how many times "Next round" was pressed."""
    demo = frame.locator("#demo")
    rounds = 0
    for _ in range(3000):
        phase = demo.get_attribute("data-game-state")
        if phase == "over":
            return rounds
        if phase == "round-over":
            rounds += 1
            demo.locator(".game-next-round").click()
            expect(demo).not_to_have_attribute("data-game-state", "round-over")
            continue
        if demo.get_attribute("data-turn") == "mine":
            play_one_human_move(frame)
        else:
            frame.wait_for_function(
                "() => { const d = document.querySelector('#demo');"
                " return d.dataset.turn === 'mine' || d.dataset.gameState !== 'playing'; }", timeout=20_000)
    raise AssertionError("the match did not end")
