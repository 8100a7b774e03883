"""Hints: the strongest level's move, and a reason that is true of the position and says something useful.

Every reason is checked against the real state (hidden tiles included, which the hint never reads): over many
positions of real matches, each reason ``explain`` gives for each legal play must hold.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine import Match, Rules, make_bot
from engine.bridge.hint_reasons import REASONS, explain
from engine.bridge.hints import ADVISER_SEED, hint
from engine.moves import PLAY
from engine.search import SearchBot
from engine.tiles import NUMBER_MASK, TILE_BIT, Tile
from helpers import chicken_foot, mexican_train


def positions(game, ruleset, players, seeds):
    for seed in seeds:
        match = Match(Rules(game, ruleset), players, seed)
        bots = [make_bot("careful") for _ in range(players)]
        while not match.is_over:
            yield match
            match.push(bots[match.turn].choose(match.view(match.turn)))


def count_number(mask: int, number: int) -> int:
    return bin(mask & NUMBER_MASK[number]).count("1")


def holds(hand, reason: str, params: dict, move, seat: int) -> bool:
    """Whether the reason's claim is true in the real state ``hand``."""
    tile = Tile.parse(params["tile"]) if "tile" in params else None
    mine = hand.hands[seat]
    outside = sum(hand.hands) | sum(TILE_BIT[i] for i in hand.boneyard)  # hands are disjoint bitmasks
    if reason == "go-out":
        return hand.sizes[seat] == 1
    if reason == "toe":
        return hand.game == "chicken-foot" and bool(hand.pending) and tile.has(params["number"])
    if reason == "only-tile":
        return len({m.tile for m in hand.legal_moves() if m.kind == PLAY}) == 1
    if reason == "double-blank":
        return tile == Tile(0, 0)
    if reason == "double-against-last-tile":
        return tile.is_double and any(size == 1 for s, size in enumerate(hand.sizes) if s != seat)
    if reason == "avoid-dead-foot":
        n = params["number"]
        return count_number(outside & ~TILE_BIT[Tile(n, n).index], n) < 3 and mine & TILE_BIT[Tile(n, n).index]
    if reason == "keep-answer":
        kept, n = Tile.parse(params["kept"]), params["number"]
        return (mine >> kept.index & 1 and kept.has(n) and count_number(mine, n) == 1
                and outside & TILE_BIT[Tile(n, n).index] and not mine & TILE_BIT[Tile(n, n).index])
    if reason == "leave-void":
        return count_number(hand.hands[params["player"]], params["number"]) == 0
    if reason == "lift-marker":
        return hand.trains[seat].marker and move.end == f"t{seat}"
    if reason == "double-with-follow":
        n = params["number"]
        return tile.is_double and count_number(mine, n) > 1 and count_number(outside, n) - 1 >= 3
    if reason == "double-plays-again":
        return tile.is_double and hand.game == "mexican-train"
    if reason == "heaviest":
        values = [hand.tile_value(m.tile.index) for m in hand.legal_moves() if m.kind == PLAY]
        return hand.tile_value(tile.index) == max(values)
    if reason == "first-train":
        return hand.game == "mexican-train" and hand.first_turn[seat]
    return reason == "search-best"


CONFIGS = [("chicken-foot", "basic", 2), ("chicken-foot", "pagat", 4), ("mexican-train", "standard", 3)]


@pytest.fixture(scope="module")
def explained():
    """Every legal move of every position of a few real matches, with its reason, and whether it is true."""
    out = []
    for game, ruleset, players in CONFIGS:
        for match in positions(game, ruleset, players, range(3)):
            hand, seat = match.hand, match.turn
            view = match.view(seat)
            moves = view.legal_moves()
            for move in moves:
                reason, params = explain(view, moves, move)
                true = holds(hand, reason, params, move, seat) if move.kind == PLAY else None
                out.append((game, reason, params, str(move), true))
    return out


def test_every_reason_given_for_a_play_is_true_of_the_real_position(explained):
    false = [(reason, params, move) for _, reason, params, move, true in explained if true is False]
    assert not false
    for game in ("chicken-foot", "mexican-train"):
        assert len({reason for g, reason, *_ in explained if g == game}) >= 6


def test_every_sentence_gets_the_values_it_names(explained):
    for _, reason, params, move, _ in explained:
        assert reason in REASONS
        assert set(re.findall(r"\{(\w+)\}", REASONS[reason])) <= set(params), (reason, move)


def test_the_reasons_cover_the_cases_a_learner_meets(explained):
    seen = Counter(reason for _, reason, *_ in explained)
    assert {"draw", "toe", "only-tile", "heaviest", "keep-answer", "leave-void", "double-plays-again",
            "first-train", "go-out", "avoid-dead-foot"} <= set(seen), seen


def test_a_hint_is_the_strong_players_move_with_its_sentence():
    for number, match in enumerate(positions("mexican-train", "standard", 3, [4])):
        if number % 17:
            continue
        view = match.view(match.turn)
        advice = hint(view, budget_ms=20)
        assert advice["move"] == str(SearchBot(ADVISER_SEED, budget_ms=20).choose(view))
        assert advice["template"] == REASONS[advice["reason"]]
        assert advice == hint(view, budget_ms=20)  # the same position, the same advice
        assert set(re.findall(r"\{(\w+)\}", advice["template"])) <= set(advice["params"])


def test_keep_the_only_answer_to_a_double_still_out():
    # [6-6] root; the player holds [5-4] (its only 4, and [4-4] is not out yet) and [5-2]; both play on the 5.
    arms = [("n", [[6, 5]]), ("e", [[6, 1]]), ("s", [[6, 2], [2, 1]]), ("w", [[6, 3], [3, 1]])]
    state = chicken_foot([["5-4", "5-2", "2-2"], ["1-0", "0-0"]], lines=arms)
    view = state.view(0)
    moves = view.legal_moves()
    reason, params = explain(view, moves, next(m for m in moves if m.tile == Tile(5, 2)))
    assert (reason, params["kept"], params["number"]) == ("keep-answer", "5-4", 4)


def test_a_double_the_table_cannot_finish_is_named():
    # every 4 but the double is on the table, so a foot on [4-4] could never get its three toes
    lines = [("n", [[6, 4]]), ("e", [[6, 2], [2, 4], [4, 1]]), ("s", [[6, 3], [3, 4], [4, 0]]),
             ("w", [[6, 5], [5, 4]])]
    state = chicken_foot([["4-4", "1-0"], ["5-5"]], lines=lines, boneyard=[])
    view = state.view(0)
    moves = view.legal_moves()
    reason, params = explain(view, moves, next(m for m in moves if m.tile == Tile(1, 0)))
    assert reason == "avoid-dead-foot" and params["number"] == 4


def test_lifting_ones_own_marker_is_named():
    state = mexican_train([["5-3", "5-1"], ["2-2"]], trains=[("t0", [[6, 5]]), ("mx", [[6, 1]])], marked=["t0"])
    view = state.view(0)
    moves = view.legal_moves()
    reason, _ = explain(view, moves, next(m for m in moves if m.end == "t0" and m.tile == Tile(5, 3)))
    assert reason == "lift-marker"

