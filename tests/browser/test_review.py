"""The round review on the game page (issue 21), at 360x740 touch: a round played on the board, then reviewed
in the worker (progress, Cancel), "find it first" (two tries, then the answer; the better move found at the
first try is praised), the summary, in every language; in pass-and-play each person reviews their own round,
after a hand-over that shows nobody's tiles. The engine's grading itself is tested in tests/engine and tests/bridge."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from game_driver import ENGINE_TIMEOUT, new_game, play_one_human_move, set_speed
from reader_states import REVIEWED_ROUND, import_record, import_reviewed_round, played_record, review_move, start_app
from scripts.sitebuild.project import languages

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}


@pytest.fixture
def phone(browser, site_url, page_guard):
    """open(language) -> a page on the play page, started; every request and console error is guarded."""
    contexts = []

    def open_page(language: str = "en"):
        context = browser.new_context(**PHONE, locale=language)
        context.route("**/*", page_guard.route)
        context.on("page", page_guard.watch)
        contexts.append(context)
        page = context.new_page()
        start_app(page, f"{site_url}{'' if language == 'en' else language + '/'}play/")
        return page

    yield open_page
    for context in contexts:
        context.close()
    if page_guard.problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(page_guard.problems), pytrace=False)


def play_to_the_round_end(page) -> None:
    """The first legal move of each person's turn, made on the board; in pass-and-play each hand-over is taken
    by the person it names."""
    demo = page.locator("#demo")
    for _ in range(300):
        page.wait_for_function("() => { const d = document.querySelector('#demo'); return d.dataset.turn === 'mine'"
                               " || d.dataset.handoff !== '' || d.dataset.gameState !== 'playing'; }", timeout=30_000)
        if demo.get_attribute("data-game-state") != "playing":
            return
        if demo.get_attribute("data-handoff"):
            demo.locator(".game-reveal").click()
            expect(demo).to_have_attribute("data-handoff", "")
            continue
        play_one_human_move(page.main_frame)
    raise AssertionError("the round did not end")


def keyboard_move(page, move: str) -> None:
    """A try made with the keyboard alone: Enter on the tile, the arrow keys to its end, Enter (or Enter on a
    move button)."""
    review = page.locator("#demo .game-review")
    if "@" not in move:
        review.locator(f"[data-move='{move}']").focus()
        page.keyboard.press("Enter")
        return
    tile, end = move.rstrip("!").split("@")
    review.locator(f".demo-tile[data-tile='{tile}']").focus()
    page.keyboard.press("Enter")  # chosen: the focus goes on to the ends it fits
    for _ in range(40):
        if page.evaluate("document.activeElement.getAttribute('data-end')") == end:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('data-end')") == end
    page.keyboard.press("Enter")


def open_review(demo) -> None:
    demo.locator(".game-review-start").click()
    expect(demo).to_have_attribute("data-review", "decision", timeout=ENGINE_TIMEOUT)


def test_a_round_played_on_the_board_is_reviewed_decision_by_decision_then_summed_up(phone):
    page = phone("en")
    demo = page.locator("#demo")
    new_game(page.main_frame, "chicken-foot", players=2, set_size=6, seed=4)
    set_speed(page.main_frame, "fast")
    play_to_the_round_end(page)
    expect(demo).to_have_attribute("data-game-state", "round-over")
    demo.locator(".game-review-start").click()
    page.wait_for_function("() => ['decision', 'summary'].includes(document.querySelector('#demo').dataset.review)",
                           timeout=ENGINE_TIMEOUT)
    review = demo.locator(".game-review")
    walked = 0
    while demo.get_attribute("data-review") == "decision":
        walked += 1
        # the question has the focus, and says what the reader played
        assert page.evaluate("document.activeElement.id") == "game-review-question"
        expect(demo.locator(".game-review-question")).to_contain_text("There was a better move: find it.")
        assert review.get_attribute("data-played") in review.get_attribute("data-legal-moves").split()
        demo.locator(".game-review-answer").click()
        expect(demo.locator(".game-review-reply")).to_have_attribute("data-result", "shown")
        expect(demo.locator(".game-review-reply")).to_contain_text("The better move")
        demo.locator(".game-review-next").click()
    expect(demo).to_have_attribute("data-review", "summary")
    expect(demo.locator(".game-review__summary")).to_contain_text("Points lost this round")
    expect(demo.locator(".game-review-match tr")).to_have_count(2)  # the header and round 1
    # walked: only the costly decisions (the summary lists each graded one); this deal has some
    assert walked >= 1
    assert walked == demo.locator(".game-review-list li:not([data-grade='too-close'])").count()
    demo.locator(".game-review-done").click()
    expect(demo).to_have_attribute("data-review", "offer")
    expect(demo.locator(".game-review")).to_have_count(0)
    demo.locator(".game-next-round").click()
    expect(demo).to_have_attribute("data-game-state", "playing")


def test_two_wrong_tries_show_the_answer_and_the_better_move_found_first_with_the_keyboard_is_praised(phone, tmp_path):
    page = phone("en")
    demo = page.locator("#demo")
    import_reviewed_round(demo, tmp_path)
    open_review(demo)
    review, reply = demo.locator(".game-review"), demo.locator(".game-review-reply")
    played = review.get_attribute("data-played")
    legal = review.get_attribute("data-legal-moves").split()
    review_move(demo, played)  # the move played at the table is a try, and said to be that move
    expect(reply).to_have_attribute("data-result", "wrong")
    expect(reply).to_contain_text("That is the move you played.")
    expect(reply).to_have_attribute("role", "status")  # a live region: a screen reader hears the reply
    assert demo.get_attribute("data-review-tries") == "1"
    assert demo.get_attribute("data-review-best") is None  # not given away before the tries are used
    other = next(move for move in legal if move != played)
    review_move(demo, other)
    best = demo.get_attribute("data-review-best")
    if best is not None and other == best:  # the second try happened to be the better move
        expect(reply).to_have_attribute("data-result", "found")
    else:
        expect(reply).to_have_attribute("data-result", "shown")
        expect(reply).to_contain_text("Not this one either.")
        best = demo.get_attribute("data-review-best")
    link = reply.locator("a.game-review-rule")
    expect(link).to_have_count(1)
    assert link.get_attribute("href").split("#")[1]  # a section of the rules or strategy page
    assert best in legal
    # the same review again (kept by the engine: at once), and the better move found at the first try
    demo.locator(".game-review-close").click()
    expect(demo).to_have_attribute("data-review", "offer")
    open_review(demo)
    keyboard_move(page, best)
    expect(reply).to_have_attribute("data-result", "found")
    expect(reply).to_contain_text("Well found, at the first try")
    assert demo.get_attribute("data-review-tries") == "0"


def test_cancel_stops_the_review_and_the_round_goes_on(phone, tmp_path):
    page = phone("en")
    demo = page.locator("#demo")
    import_reviewed_round(demo, tmp_path)
    demo.locator(".game-review-start").click()
    expect(demo).to_have_attribute("data-review", "progress")
    expect(demo.locator(".game-review-progress")).to_contain_text("Reviewing your decisions")
    demo.locator(".game-review-cancel").click()
    expect(demo).to_have_attribute("data-review", "offer")
    page.wait_for_timeout(1500)  # an answer still on its way when Cancel was pressed opens nothing
    expect(demo).to_have_attribute("data-review", "offer")
    expect(demo.locator(".game-review")).to_have_count(0)
    demo.locator(".game-next-round").click()
    expect(demo).to_have_attribute("data-game-state", "playing")


KEPT = {"version": 1, "seats": {"0": [{"round": 1, "lost": 12.5, "by_kind": {"kept-heavy": 12.5}, "samples": 96}]}}


def test_the_reviews_kept_in_a_record_are_shown_exported_again_and_a_damaged_one_is_left_out(phone, tmp_path):
    page = phone("en")
    demo = page.locator("#demo")
    record = {**played_record(*REVIEWED_ROUND, "round"), "review": KEPT}
    import_record(demo, tmp_path, record, "kept")
    expect(demo).to_have_attribute("data-game-state", "round-over", timeout=ENGINE_TIMEOUT)
    expect(demo.locator(".game-notice > span").last).to_have_text("The game record is imported.")
    expect(demo.locator(".game-review-kept")).to_have_text(
        "Reviews kept with this game: 1 round, 12.5 points lost over the match.", timeout=ENGINE_TIMEOUT)
    # exported again, the record carries them
    page.locator("#demo .game-side-toggle").click()
    with page.expect_download() as download:
        demo.locator(".game-export").click()
    exported = tmp_path / "exported.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["review"] == KEPT
    page.locator("#demo .game-side-close").click()
    # a damaged summary: the game is imported all the same, the reader told what was left out
    damaged = {**record, "review": {**KEPT, "seats": {"0": [{"round": 1, "lost": "much"}]}}}
    import_record(demo, tmp_path, damaged, "damaged")
    expect(demo.locator(".game-notice > span").last).to_have_text(
        "The game record is imported. Its review summaries are damaged, so they are left out.")
    expect(demo).to_have_attribute("data-game-state", "round-over")
    expect(demo.locator(".game-review-start")).to_be_visible()
    expect(demo.locator(".game-review-kept")).to_have_count(0)


@pytest.mark.parametrize("language", languages())
def test_the_review_speaks_the_readers_language(phone, tmp_path, language):
    """Every text of the review in the reader's language (an untranslated string is a console error, which the
    page guard fails on), the question, the answer and the summary."""
    page = phone(language)
    demo = page.locator("#demo")
    import_reviewed_round(demo, tmp_path)
    open_review(demo)
    question = demo.locator(".game-review-question").inner_text()
    review_move(demo, demo.locator(".game-review").get_attribute("data-played"))
    expect(demo.locator(".game-review-reply")).to_have_attribute("data-result", "wrong")
    demo.locator(".game-review-answer").click()
    answer = demo.locator(".game-review-reply").inner_text()
    demo.locator(".game-review-close").click()
    if language != "en":
        assert "better move" not in question and "better move" not in answer, (question, answer)


def test_pass_and_play_each_person_reviews_their_own_round_after_a_hand_over(phone):
    page = phone("en")
    demo = page.locator("#demo")
    form = demo.locator("form.game-setup")
    form.locator("select[name=game]").select_option("chicken-foot")
    form.locator("select[name=players]").select_option("2")
    demo.locator("details.game-more summary").click()
    form.locator("select[name=set_size]").select_option("6")
    form.locator("select[name=seat-1-kind]").select_option("human")
    form.locator("input[name=seed]").fill("4")
    form.locator("button.game-start").click()
    expect(demo).to_have_attribute("data-game-state", "playing", timeout=ENGINE_TIMEOUT)
    play_to_the_round_end(page)
    expect(demo).to_have_attribute("data-game-state", "round-over")
    offered = demo.locator(".game-review-start")
    expect(offered).to_have_count(2)  # one review per person
    hand = demo.locator(".game-play:not(.game-review) .demo-hand .demo-tile")
    expect(hand).not_to_have_count(0)  # the last person's tiles (under the panel), until the device goes round
    for seat in (1, 0):
        name = f"Player {seat + 1}"
        button = demo.locator(f".game-review-start[data-seat='{seat}']")
        expect(button).to_have_text(f"Review: {name}")
        button.click()
        # the hand-over: nobody's tiles on the screen until they say it is them
        expect(demo).to_have_attribute("data-review", "handover")
        expect(demo.locator(".game-review-offer")).to_contain_text(f"Only {name} should look at the screen now")
        expect(hand).to_have_count(0)
        assert page.evaluate("document.activeElement.className").find("game-review-reveal") >= 0
        demo.locator(".game-review-reveal").click()
        page.wait_for_function("() => ['decision', 'summary'].includes(document.querySelector('#demo').dataset.review)",
                               timeout=ENGINE_TIMEOUT)
        assert demo.get_attribute("data-review-seat") == str(seat)
        demo.locator(".game-review-close").click()
        expect(demo).to_have_attribute("data-review", "offer")
        expect(hand).not_to_have_count(0)  # now their own tiles
    # the next round begins with a hand-over, whoever holds the device now
    demo.locator(".game-next-round").click()
    expect(demo).to_have_attribute("data-game-state", "playing")
    expect(demo).not_to_have_attribute("data-handoff", "", timeout=ENGINE_TIMEOUT)
    expect(hand).to_have_count(0)
