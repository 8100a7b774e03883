"""What the table saw each player unable to play, and the deals a bot guesses from it.

The knowledge is rebuilt from public events only; these tests hold it against the hidden state it must never
read: every draw or pass it records matches the ends that were really open, and the real hands always agree
with it (it is sound), so the real deal is always among the deals a bot may guess.
"""

from __future__ import annotations

import pytest

from engine import Match, Rules, make_bot
from engine.inference import DealSampler, determinized_hand, redeal
from engine.knowledge import Knowledge
from engine.rng import Rng
from engine.tiles import NUMBER_MASK, TILE_BIT
from helpers import chicken_foot

CASES = [("chicken-foot", "basic", 2, {}), ("chicken-foot", "pagat", 4, {"chicken_little": True}),
         ("chicken-foot", "basic", 3, {"drawing": "until-playable"}), ("chicken-foot", "kelley", 3, {}),
         ("mexican-train", "standard", 2, {}), ("mexican-train", "standard", 5, {})]


def open_tiles(hand) -> int:
    """The tiles that would play for the player to move, read from the real state (the test's truth)."""
    if hand.game == "chicken-foot":
        return hand.active_mask()
    mask = 0
    for line in hand.playable_trains():
        mask |= NUMBER_MASK[line.end]
    return mask


def random_matches(seeds=range(4)):
    """Whole matches of random players (who also keep playable drawn tiles now and then), move by move."""
    for game, ruleset, players, options in CASES:
        for seed in seeds:
            match = Match(Rules(game, ruleset, **options), players, seed)
            bots = [make_bot("random", seed * 10 + s) for s in range(players)]
            while not match.is_over:
                yield match, bots[match.turn].choose(match.view(match.turn))


def test_every_draw_and_pass_records_the_ends_that_were_really_open():
    observed = 0
    for match, move in random_matches():
        hand = match.hand
        truth, seat = open_tiles(hand), hand.turn
        watcher = hand.view((seat + 1) % hand.players)
        before = len(watcher.knowledge().observations)
        match.push(move)
        if match.hand is hand and len(watcher.knowledge().observations) > before:
            assert watcher.knowledge().observations[-1] == (seat, {"draw": "drew", "pass": "passed"}[move.kind],
                                                            truth)
            observed += 1
    assert observed > 300


def test_the_real_hands_always_agree_with_the_knowledge():
    checked = 0
    for match, move in random_matches():
        match.push(move)
        hand = match.hand
        knowledge = hand.view(0).knowledge()
        for seat in range(hand.players):
            assert knowledge.permits(seat, hand.hands[seat]), (seat, knowledge.limits[seat])
        checked += 1
    assert checked > 1500


def test_a_player_who_drew_is_known_to_hold_none_of_the_open_numbers_until_they_draw_again():
    match = Match(Rules("chicken-foot", "basic"), 2, 4)
    while True:
        hand = match.hand
        if hand.legal_moves() == [] or str(hand.legal_moves()[0]) != "draw":
            match.push(make_bot("greedy").choose(match.view(hand.turn)))
            continue
        seat, truth = hand.turn, hand.active_mask()
        match.push("draw")
        break
    knowledge = hand.view(1 - seat).knowledge()
    assert [truth, 1] in knowledge.limits[seat]  # none of those before the draw; the drawn tile may be one


def test_the_views_of_all_seats_share_the_same_public_knowledge():
    match = Match(Rules("mexican-train"), 3, 8)
    for _ in range(120):
        match.push(make_bot("careful").choose(match.view(match.turn)))
    limits = [match.view(seat).knowledge().limits for seat in range(3)]
    assert limits[0] == limits[1] == limits[2]


def test_a_position_without_history_is_known_to_nobody():
    state = chicken_foot([["5-5"], ["0-0"]], lines=[("n", [[6, 1]]), ("e", [[6, 2]]), ("s", [[6, 3]]),
                                                  ("w", [[6, 4]])], boneyard=["4-0", "2-2"])
    state.push("draw")
    knowledge = state.view(1).knowledge()
    assert knowledge.blind and knowledge.limits == [[], []]


def test_knowledge_follows_undo():
    match = Match(Rules("chicken-foot", "basic"), 2, 4)
    view = match.view(0)
    for _ in range(40):
        match.push(make_bot("greedy").choose(match.view(match.turn)))
    for _ in range(15):
        match.pop()
        assert view.knowledge().limits == Knowledge.of(view).limits


@pytest.mark.parametrize("game, ruleset, players, options", CASES)
def test_guessed_deals_fill_every_hidden_place_within_the_knowledge(game, ruleset, players, options):
    match = Match(Rules(game, ruleset, **options), players, 21)
    bots = [make_bot("careful") for _ in range(players)]
    rng = Rng(5)
    for step in range(150):
        if match.is_over:
            break
        seat = match.turn
        view = match.view(seat)
        sampler = DealSampler(view)
        deal = sampler.sample(rng)
        hand = match.hand
        assert deal.hands[seat] == hand.hands[seat]
        hidden = sum(hand.hands) - hand.hands[seat] + sum(TILE_BIT[i] for i in hand.boneyard) + hand.set_aside
        guessed = sum(deal.hands) - deal.hands[seat] + sum(TILE_BIT[i] for i in deal.boneyard) + deal.set_aside
        assert guessed == hidden  # the same unseen tiles, each placed once
        assert [bin(m).count("1") for m in deal.hands] == hand.sizes and len(deal.boneyard) == len(hand.boneyard)
        for other in range(players):
            assert view.knowledge().permits(other, deal.hands[other])
        assert sampler.relaxed == 0
        if step % 25 == 0:  # a hand built from the guess plays the same legal moves
            guessed_hand = determinized_hand(view, deal)
            assert guessed_hand.legal_moves() == hand.legal_moves()
            redeal(guessed_hand, sampler.sample(rng))
            assert guessed_hand.legal_moves() == hand.legal_moves()
        match.push(bots[seat].choose(view))


def test_public_events_hide_other_players_drawn_tiles_and_the_public_position_hides_their_hands():
    match = Match(Rules("chicken-foot", "basic"), 3, 2)
    for _ in range(60):
        match.push(make_bot("greedy").choose(match.view(match.turn)))
    view = match.view(1)
    for entry in view.public_events():
        if entry[0] == "drew" and entry[1] != 1:
            assert entry[2] is None
    position = view.public_position()
    assert position["hands"][0] is None and position["hands"][2] is None
    assert position["hands"][1] == [str(t) for t in match.hand.hand_of(1)]
    assert "boneyard" not in position and "seed" not in position
    assert position["boneyard_size"] == len(match.hand.boneyard)
