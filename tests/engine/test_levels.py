"""The levels: each decides from its seat's view alone, the same way every time, and only legally.

The hidden-information test is the one that matters most: it changes the tiles a bot cannot see (other
hands, the boneyard's order) in a way the bot's view cannot tell apart, and requires the same choice. A bot
that peeked would be caught, and a deliberately peeking bot shows the test can catch one.
"""

from __future__ import annotations

import copy

import pytest

from engine import Match, Rules, game_record, make_bot, replay_record
from engine.bots import BOTS, LEVELS
from engine.inference import DealSampler, redeal
from engine.moves import PLAY
from engine.rng import Rng
from engine.search import SearchBot

QUICK = 4  # a thinking budget (ms) that keeps the search bot fast in tests; its code paths are the same
GAMES = [("chicken-foot", "basic", 3), ("chicken-foot", "pagat", 4), ("mexican-train", "standard", 3)]


def test_the_levels_are_registered_bots_weakest_first():
    assert LEVELS == ("beginner", "casual", "careful", "strong")
    assert all(name in BOTS for name in LEVELS)
    assert isinstance(make_bot("strong", 1, budget_ms=QUICK), SearchBot)


def counterfactual(match: Match, seat: int, rng: Rng) -> Match:
    """The same match, with the hidden tiles of ``seat``'s view dealt again within everything it saw."""
    other = copy.deepcopy(match, {id(match.rules): match.rules})  # Rules are immutable: shared
    view = other.view(seat)
    redeal(other.hand, DealSampler(view).sample(rng))
    return other


class PeekingBot:
    """Plays the play whose tile the next player holds, if any: it reads the hidden state, as no bot may."""

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view):
        hand = view._hand  # noqa: SLF001 - the cheat this test must be able to see
        nxt = hand.hands[(view.seat + 1) % hand.players]
        plays = [m for m in view.legal_moves() if m.kind == PLAY]
        return next((m for m in plays if nxt >> (m.tile.index + 1) & 1), view.legal_moves()[-1])


def decisions(game, ruleset, players, seed, count):
    """Positions with a real choice for the player to move, from a match of careful players."""
    match = Match(Rules(game, ruleset), players, seed)
    careful = make_bot("careful")
    found = 0
    while found < count and not match.is_over:
        view = match.view(match.turn)
        if len({(m.kind, m.tile) for m in view.legal_moves()}) > 2:
            found += 1
            yield match
        match.push(careful.choose(match.view(match.turn)))


def hidden_changes(match, seat, tries=4):
    rng = Rng(99)
    for _ in range(tries):
        other = counterfactual(match, seat, rng)
        if other.hand.hands != match.hand.hands or other.hand.boneyard != match.hand.boneyard:
            assert other.view(seat).public_events() == match.view(seat).public_events()
            assert other.view(seat).legal_moves() == match.view(seat).legal_moves()
            yield other


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize("game, ruleset, players", GAMES)
def test_no_level_changes_its_choice_when_only_hidden_tiles_change(name, game, ruleset, players):
    compared = 0
    for match in decisions(game, ruleset, players, seed=7, count=6):
        seat = match.turn
        expected = make_bot(name, 11, budget_ms=40).choose(match.view(seat))
        for other in hidden_changes(match, seat):
            assert make_bot(name, 11, budget_ms=40).choose(other.view(seat)) == expected
            compared += 1
    assert compared >= 12


def test_the_hidden_information_test_catches_a_bot_that_peeks():
    caught = False
    for match in decisions("chicken-foot", "basic", 3, seed=7, count=10):
        seat = match.turn
        expected = PeekingBot().choose(match.view(seat))
        caught = caught or any(PeekingBot().choose(other.view(seat)) != expected
                               for other in hidden_changes(match, seat))
    assert caught


@pytest.mark.parametrize("game, ruleset, players", GAMES)
def test_the_same_seed_gives_the_same_moves_and_the_record_replays(game, ruleset, players):
    def play(seed):
        match = Match(Rules(game, ruleset), players, 5)
        levels = [LEVELS[(seat + 1) % len(LEVELS)] for seat in range(players)]
        bots = [make_bot(level, seed + seat, budget_ms=QUICK) for seat, level in enumerate(levels)]
        match.play_out(bots)
        return match

    first, second = play(1), play(1)
    assert [str(m) for m in first.moves] == [str(m) for m in second.moves]
    assert replay_record(game_record(first)).outcome == first.outcome
    assert [str(m) for m in play(2).moves] != [str(m) for m in first.moves]


def test_a_choice_depends_on_the_seed_and_the_position_not_on_earlier_decisions():
    for match in decisions("mexican-train", "standard", 3, seed=3, count=4):
        view = match.view(match.turn)
        used = make_bot("strong", 5, budget_ms=QUICK)
        for earlier in decisions("chicken-foot", "basic", 2, seed=1, count=3):
            used.choose(earlier.view(earlier.turn))
        assert used.choose(view) == make_bot("strong", 5, budget_ms=QUICK).choose(view)
        assert make_bot("beginner", 5).choose(view) == make_bot("beginner", 5).choose(view)


@pytest.mark.parametrize("game, ruleset", [("chicken-foot", "pagat"), ("chicken-foot", "kelley"),
                                           ("mexican-train", "standard"), ("mexican-train", "double-six")])
def test_mixed_levels_play_many_matches_with_only_legal_moves(game, ruleset):
    """Every move goes through ``push``, which refuses an illegal one; 2 to 6 players, all levels mixed."""
    rules = Rules(game, ruleset, **({"chicken_little": True} if ruleset == "kelley" else {}))
    played = 0
    for number in range(15):
        players = 2 + number % 3
        try:
            rules.validate(players)
        except Exception:
            continue
        bots = [make_bot(LEVELS[(number + seat) % len(LEVELS)], number * 8 + seat, budget_ms=1)
                for seat in range(players)]
        outcome = Match(rules, players, number).play_out(bots)
        assert outcome.winners
        played += 1
    assert played >= 11


def test_the_search_stays_within_its_budget_of_simulated_moves():
    bot = SearchBot(3, budget_ms=10)
    for match in decisions("chicken-foot", "basic", 2, seed=2, count=5):
        bot.choose(match.view(match.turn))
    assert bot.stats["searched"] == 5 and bot.stats["capped"] == 0
    assert bot.stats["nodes"] <= 5 * bot.nodes * 2


def test_the_beginner_makes_a_beginners_mistakes():
    """It keeps heavy tiles: over many decisions, the tiles it lays are lighter than the casual player's."""
    laid = {"beginner": [], "casual": []}
    for match in decisions("chicken-foot", "basic", 2, seed=4, count=60):
        view = match.view(match.turn)
        for name in laid:
            move = make_bot(name, 1).choose(view)
            if move.kind == PLAY:
                laid[name].append(move.tile.pips)
    assert sum(laid["beginner"]) < 0.8 * sum(laid["casual"])
