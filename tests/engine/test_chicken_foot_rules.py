"""One test per Chicken Foot fact of RULES-DIGEST.md, named after the rule it proves."""

import pytest

from engine import ChickenFootHand, ConfigError, Match, Move, Rules
from engine.tiles import DOUBLE_INDEX, TILE_BIT
from helpers import chicken_foot, refused, texts

ARMS_DONE = [("n", [[6, 1]]), ("e", [[6, 2]]), ("s", [[6, 3]]), ("w", [[6, 4]])]


# --- the starting double -----------------------------------------------------------------------------------

def test_starting_double_takes_one_tile_on_each_of_four_arms_before_any_second():
    state = chicken_foot([["6-0", "1-0"], ["6-5", "4-4"]], lines=[("n", [[6, 1]])])
    assert texts(state.legal_moves()) == ["6-0@e", "6-0@s", "6-0@w"]
    refused(state, "1-0@n", "cf-starting-double", "arms-not-filled")


def test_after_the_fourth_arm_every_arm_end_is_open():
    state = chicken_foot([["6-5", "1-0"], ["2-0", "4-4"]], lines=ARMS_DONE[:3])
    state.push("6-5@w")
    assert texts(state.legal_moves()) == ["2-0@e"]
    assert "foot_completed" in [e.kind for e in state.events]


def test_three_arm_variant_opens_after_three_sides():
    state = chicken_foot([["6-5", "1-0"], ["2-0", "4-4"]], lines=ARMS_DONE[:2], root_arms="three")
    state.push("6-5@s")
    assert texts(state.legal_moves()) == ["2-0@e"]
    assert "w" not in state.lines


def test_double_chicken_foot_three_on_each_side_needs_twelve_tiles_on_four_sides():
    rules = Rules("chicken-foot", "basic", set_size=12, root_arms="three-each-side")
    hand = ChickenFootHand(rules, 4, 0, seed=3)
    assert len(hand.pending) == 12
    assert {line.id for line in hand.pending} == {f"{s}.{t}" for s in "nesw" for t in "lcr"}


def test_double_chicken_foot_three_on_each_side_is_refused_at_once_where_the_set_cannot_finish_it():
    with pytest.raises(ConfigError, match="12 tiles") as refused:
        Rules("chicken-foot", "basic", root_arms="three-each-side")  # double-nine: nine tiles of a number
    assert refused.value.code == "root-cannot-be-finished"


def test_double_chicken_foot_read_as_two_feet_takes_six_tiles_on_two_opposite_sides_on_double_nine():
    rules = Rules("chicken-foot", "basic", root_arms="two-feet")  # double-nine, as pagat's game
    hand = ChickenFootHand(rules, 4, 0, seed=3)
    assert [line.id for line in hand.pending] == ["e.l", "e.c", "e.r", "w.l", "w.c", "w.r"]


def test_two_feet_opens_the_table_only_when_all_six_toes_are_laid():
    feet = [("e.l", [[6, 1]]), ("e.c", [[6, 2]]), ("e.r", [[6, 3]]), ("w.l", [[6, 4]]), ("w.c", [[6, 5]])]
    state = chicken_foot([["6-0", "1-0"], ["4-4", "3-3"]], lines=feet[:4], root_arms="two-feet")
    assert texts(state.legal_moves()) == ["6-0@w.c", "6-0@w.r"]
    refused(state, "1-0@e.l", "cf-starting-double", "arms-not-filled")
    state = chicken_foot([["6-0", "1-0"], ["4-4", "3-3"]], lines=feet, root_arms="two-feet")
    state.push("6-0@w.r")
    assert "foot_completed" in [e.kind for e in state.events]
    assert texts(state.legal_moves()) == ["3-3@e.r", "4-4@w.l"]


def test_every_set_plays_two_feet_and_only_double_twelve_up_plays_three_on_each_side():
    for size in (6, 9, 12, 15, 18):
        Rules("chicken-foot", "basic", set_size=size, root_arms="two-feet").validate(2)
        if size >= 12:
            Rules("chicken-foot", "basic", set_size=size, root_arms="three-each-side").validate(2)
        else:
            with pytest.raises(ConfigError):
                Rules("chicken-foot", "basic", set_size=size, root_arms="three-each-side")


def test_old_records_naming_double_foot_read_as_three_on_each_side():
    assert Rules("chicken-foot", "basic", set_size=12, root_arms="double-foot")["root_arms"] == "three-each-side"


# --- play ------------------------------------------------------------------------------------------------

def test_play_goes_clockwise_one_tile_a_turn():
    state = chicken_foot([["5-0"], ["6-1", "1-0"], ["3-3"]], lines=ARMS_DONE[1:], turn=1, boneyard=[])
    state.push("6-1@n")
    assert state.turn == 2


def test_tile_must_match_the_open_end():
    state = chicken_foot([["5-2", "5-0"], ["4-4"]], lines=ARMS_DONE)
    refused(state, "5-2@n", "cf-matching", "end-does-not-match")
    refused(state, "5-0@x", "cf-matching", "unknown-end")


def test_only_your_own_tiles_can_be_played():
    state = chicken_foot([["1-0"], ["2-1"]], lines=ARMS_DONE)
    refused(state, "2-1@n", "cf-play", "tile-not-in-hand")


# --- doubles: the chicken foot ------------------------------------------------------------------------------

def test_double_is_announced_and_opens_three_toes():
    state = chicken_foot([["1-1", "1-0"], ["2-0", "1-5"]], lines=ARMS_DONE)
    state.push("1-1@n")
    kinds = [e.kind for e in state.events]
    assert "double_announced" in kinds
    assert texts(state.legal_moves()) == ["5-1@n.1.c", "5-1@n.1.l", "5-1@n.1.r"]


def test_double_needs_three_toes_before_play_elsewhere():
    state = chicken_foot([["1-1", "2-0", "1-4"], ["1-5", "2-5"]], lines=ARMS_DONE)
    state.push("1-1@n")
    refused(state, "2-5@e", "cf-chicken-foot", "foot-not-finished")
    state.push("1-5@n.1.l")
    refused(state, "2-0@e", "cf-chicken-foot", "foot-not-finished")


def test_after_the_third_toe_every_end_is_open_new_toes_included():
    state = chicken_foot([["1-1", "3-1", "1-0", "5-5"], ["5-1", "0-0"]], lines=ARMS_DONE, boneyard=[])
    for move in ["1-1@n", "5-1@n.1.l", "3-1@n.1.c"]:
        state.push(move)
    assert len(state.pending) == 1  # one toe still missing; seat 1 has no 1 and must pass
    assert texts(state.legal_moves()) == ["pass"]
    state.push("pass")
    state.push("1-0@n.1.r")
    assert "foot_completed" in [e.kind for e in state.events]
    ends = set(state.open_ends())
    assert {"n.1.l", "n.1.c", "n.1.r", "e", "s", "w"} == ends


def test_a_double_uses_five_tiles_of_its_number():
    state = chicken_foot([["1-1", "3-1", "1-0"], ["5-1", "5-5"]], root="6-6", lines=ARMS_DONE)
    state.push("1-1@n")
    line = state.lines["n"]
    ones_on_line = [t for t in line.tiles if 1 in t]  # [6-1] joined, then the double
    assert len(ones_on_line) == 2
    assert len(state.pending) == 3  # two + three toes = five tiles of the number


def test_you_draw_rather_than_play_elsewhere_while_a_foot_is_open():
    state = chicken_foot([["1-1", "2-0"], ["5-2", "5-5"]], lines=ARMS_DONE, boneyard=["4-0", "4-1"], root="6-6")
    state.push("1-1@n")
    assert texts(state.legal_moves()) == ["draw"]  # seat 1 holds a 2 for e, but the foot comes first


# --- drawing --------------------------------------------------------------------------------------------

def test_no_play_draw_one_tile_and_play_it_at_once_if_it_plays():
    state = chicken_foot([["5-5"], ["0-0"]], lines=ARMS_DONE, boneyard=["1-0", "2-2"])
    state.push("draw")
    assert texts(state.legal_moves()) == ["1-0@n", "pass"]
    state.push("1-0@n")
    assert state.turn == 1


def test_after_an_unplayable_draw_the_turn_passes():
    state = chicken_foot([["5-5"], ["0-0"]], lines=ARMS_DONE, boneyard=["6-5", "1-0"])
    state.push("draw")
    assert texts(state.legal_moves()) == ["pass"]
    refused(state, "draw", "cf-drawing", "already-drew")


def test_you_may_not_draw_or_pass_holding_a_tile_that_plays():
    state = chicken_foot([["1-0"], ["0-0"]], lines=ARMS_DONE, boneyard=["5-3"])
    refused(state, "draw", "cf-drawing", "must-play")
    refused(state, "pass", "cf-drawing", "must-play")


def test_with_an_empty_boneyard_you_pass():
    state = chicken_foot([["5-5", "5-0"], ["1-0", "4-0"]], lines=ARMS_DONE, boneyard=[])
    assert texts(state.legal_moves()) == ["pass"]
    refused(state, "draw", "cf-drawing", "must-play") if False else refused(state, "draw", "cf-drawing", "boneyard-empty")


def test_until_playable_option_keeps_drawing():
    state = chicken_foot([["5-5"], ["0-0"]], lines=ARMS_DONE, boneyard=["6-5", "5-0", "1-0"],
                         drawing="until-playable")
    state.push("draw")
    assert texts(state.legal_moves()) == ["draw"]
    state.push("draw")
    state.push("draw")
    assert "1-0@n" in texts(state.legal_moves())


# --- chicken little -------------------------------------------------------------------------------------

def test_chicken_little_is_announced_with_the_play_that_leaves_one_tile():
    state = chicken_foot([["1-0", "5-5"], ["3-3", "4-4"]], lines=ARMS_DONE, chicken_little=True)
    assert "1-0@n!" in texts(state.legal_moves())
    state.push("1-0@n!")
    assert "chicken_little" in [e.kind for e in state.events]
    assert "catch" not in texts(state.legal_moves())


def test_caught_not_saying_chicken_little_you_draw_one():
    state = chicken_foot([["1-0", "5-5"], ["3-3", "4-4"]], lines=ARMS_DONE, chicken_little=True,
                         boneyard=["2-2", "4-3"])
    state.push("1-0@n")
    assert "catch" in texts(state.legal_moves())
    state.push("catch")
    assert state.sizes[0] == 2


def test_caught_with_an_empty_boneyard_you_lose_a_turn():
    state = chicken_foot([["1-0", "0-0"], ["5-5"], ["6-5"]], lines=ARMS_DONE, chicken_little=True, boneyard=[])
    state.push("1-0@n")
    state.push("catch")
    state.push("pass")  # seat 1 cannot play
    state.push("pass")  # seat 2 neither; seat 0 loses its turn
    assert state.turn == 1
    assert "turn_lost" in [e.kind for e in state.events]


def test_chicken_little_is_off_unless_chosen():
    state = chicken_foot([["1-0", "5-5"], ["3-3", "4-4"]], lines=ARMS_DONE)
    assert "1-0@n!" not in texts(state.legal_moves())
    refused(state, "1-0@n!", "cf-chicken-little", "announce-not-needed")


# --- a foot that cannot be finished, and the end of a hand ----------------------------------------------

def test_unfinishable_foot_is_reported_and_blocks_the_hand_once_the_boneyard_is_empty():
    # The 1s: [6-1] on n, [2-1], [3-1], [4-1] on the other arms, [1-1] laid now: only [1-0], [5-1] are
    # left outside, but the foot needs three toes.
    hands = [["1-1", "1-0", "5-5"], ["3-0", "4-4"]]
    state = chicken_foot(hands, lines=[("n", [[6, 1]]), ("e", [[6, 2], [2, 1]]), ("s", [[6, 3], [3, 1]]),
                                       ("w", [[6, 4], [4, 1]])],
                         boneyard=["1-5", "3-3"])
    state.push("1-1@n")
    assert "foot_unfinishable" in [e.kind for e in state.events]
    while not state.is_over:
        state.push(state.legal_moves()[0])
    assert state.outcome.reason == "blocked"
    assert state.outcome.unfinished_foot


def test_hand_ends_when_a_player_plays_the_last_tile():
    state = chicken_foot([["1-0"], ["3-3", "4-4"]], lines=ARMS_DONE)
    state.push("1-0@n")
    assert state.outcome.reason == "went-out" and state.outcome.winner == 0
    assert state.legal_moves() == []
    refused(state, "pass", "cf-end-of-hand", "hand-over")


def test_hand_ends_blocked_when_nobody_can_play_and_the_boneyard_is_empty():
    state = chicken_foot([["5-5", "5-0"], ["6-5", "2-1"]], lines=ARMS_DONE, boneyard=[])
    assert state.outcome is None
    state.push("pass")
    assert state.outcome is None  # seat 1 can still play [2-1]
    state.push("2-1@n")
    assert state.outcome is not None and state.outcome.reason == "blocked"


# --- scoring ----------------------------------------------------------------------------------------------

def test_each_player_scores_the_pips_left_in_hand_and_the_double_blank_costs_50():
    state = chicken_foot([["1-0"], ["0-0", "4-3"], ["5-5"]], lines=ARMS_DONE)
    state.push("1-0@n")
    assert state.outcome.scores == (0, 57, 10)


def test_pagat_variant_double_blank_costs_25():
    state = chicken_foot([["1-0"], ["0-0", "4-3"]], lines=ARMS_DONE, double_blank=25)
    state.push("1-0@n")
    assert state.outcome.scores == (0, 32)


def test_kelley_going_out_on_a_double_costs_50():
    state = chicken_foot([["1-1"], ["0-0", "4-3"]], lines=ARMS_DONE, ending_on_double_penalty=50)
    state.push("1-1@n")
    assert state.outcome.reason == "went-out"
    assert state.outcome.scores[0] == 50


def test_without_kelley_going_out_on_a_double_is_free():
    state = chicken_foot([["1-1"], ["0-0", "4-3"]], lines=ARMS_DONE)
    state.push("1-1@n")
    assert state.outcome.scores[0] == 0


# --- deal and opening ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, each", [(2, 20), (3, 14), (4, 11), (5, 9), (6, 7)])
def test_puremco_deal_table(players, each):
    assert Rules("chicken-foot", "pagat").hand_size(players) == each


@pytest.mark.parametrize("players, each", [(2, 12), (3, 11), (4, 10)])
def test_pagat_smaller_deal(players, each):
    assert Rules("chicken-foot", "pagat", deal="pagat-small").hand_size(players) == each


def test_basic_deal_is_seven_each():
    assert Rules("chicken-foot", "basic").hand_size(4) == 7


def test_bigger_sets_deal_from_their_tables():
    assert Rules("chicken-foot", "pagat", set_size=12).hand_size(4) == 18
    assert Rules("chicken-foot", "pagat", set_size=12, deal="kelley").hand_size(4) == 15
    assert Rules("chicken-foot", "pagat", set_size=15).hand_size(6) == 18
    assert Rules("chicken-foot", "pagat", set_size=15).hand_size(12) == 9


def test_a_deal_the_table_does_not_cover_is_refused():
    with pytest.raises(ConfigError, match="no figure for 7 players"):
        Rules("chicken-foot", "pagat").validate(7)


def test_more_tiles_than_the_set_holds_is_refused():
    with pytest.raises(ConfigError, match="only 55"):
        Rules("chicken-foot", "basic", deal=15).validate(4)


def test_explicit_hand_size_is_dealt_and_kept():
    hand = ChickenFootHand(Rules("chicken-foot", "basic", deal=9, opening="set-aside"), 4, 0, seed=5)
    assert hand.sizes == [9, 9, 9, 9] and len(hand.boneyard) == 55 - 1 - 36


def test_holder_of_the_highest_double_opens_and_the_next_player_starts():
    for seed in range(30):
        hand = ChickenFootHand(Rules("chicken-foot", "pagat"), 4, 0, seed=seed)
        opened = next(e for e in hand.events if e.kind == "opened")
        assert opened.tile == (9, 9)
        assert hand.turn == (opened.seat + 1) % 4
        assert not any(h & TILE_BIT[DOUBLE_INDEX[9]] for h in hand.hands)


def test_starting_double_not_dealt_players_draw_in_turn_until_it_is_found():
    seen = False
    for seed in range(200):
        hand = ChickenFootHand(Rules("chicken-foot", "basic"), 2, 0, seed=seed)  # 14 of 55 dealt
        draws = [e for e in hand.events if e.kind == "drew"]
        if draws:
            seen = True
            assert draws[-1].tile == (9, 9)
            assert [e.seat for e in draws] == [(hand.first_seat + k) % 2 for k in range(len(draws))]
            opened = next(e for e in hand.events if e.kind == "opened")
            assert opened.seat == draws[-1].seat
    assert seen


def test_next_lower_double_starts_when_the_round_double_was_not_dealt():
    seen = False
    for seed in range(200):
        hand = ChickenFootHand(Rules("chicken-foot", "basic", opening="holder-or-lower"), 2, 0, seed=seed)
        if hand.root != 9:
            seen = True
            assert not [e for e in hand.events if e.kind == "drew"]
            assert hand.root < 9
            for higher in range(hand.root + 1, 10):
                assert hand._holder(DOUBLE_INDEX[higher]) is None
    assert seen


def test_set_aside_puts_the_double_out_before_the_deal():
    hand = ChickenFootHand(Rules("chicken-foot", "basic", opening="set-aside"), 4, 0, seed=1)
    assert hand.root == 9 and sum(hand.sizes) == 28 and len(hand.boneyard) == 26
    assert hand.turn == hand.first_seat


def test_kelley_each_player_draws_a_tile_and_the_highest_plays_first():
    ties = 0
    for seed in range(40):
        hand = ChickenFootHand(Rules("chicken-foot", "kelley"), 4, 0, seed=seed)
        draws = [(e.seat, e.tile.pips) for e in hand.events if e.kind == "drew_for_first"]
        contenders = [(hand.first_seat + k) % 4 for k in range(4)]
        while len(contenders) > 1:  # replay the draw: each round, the tied highest draw again
            round_, draws = draws[:len(contenders)], draws[len(contenders):]
            assert [seat for seat, _ in round_] == contenders
            best = max(p for _, p in round_)
            contenders = [seat for seat, p in round_ if p == best]
            ties += len(contenders) > 1
        assert draws == [] and hand.turn == contenders[0]
        assert hand.root == 9 and sum(hand.sizes) == 44
    assert ties  # the tie rule was exercised


# --- rounds -----------------------------------------------------------------------------------------------

def test_each_round_starts_on_the_next_lower_double_ten_rounds_with_double_nine():
    match = Match(Rules("chicken-foot", "pagat"), 4, seed=2)
    roots = []
    while not match.is_over:
        if not roots or roots[-1][0] != match.round_index:
            roots.append((match.round_index, match.hand.root))
        match.push(match.legal_moves()[0])
    assert [r for _, r in roots] == list(range(9, -1, -1))
    assert len(match.round_scores) == 10


def test_the_deal_size_is_kept_for_every_round_of_the_match():
    match = Match(Rules("chicken-foot", "pagat", opening="set-aside"), 4, seed=6)
    sizes = []
    while not match.is_over:
        if len(sizes) == match.round_index:
            sizes.append(list(match.hand.sizes))
        match.push(match.legal_moves()[0])
    assert sizes == [[11, 11, 11, 11]] * 10


def test_every_open_end_is_everyones_no_personal_trains():
    state = chicken_foot([["2-0", "5-5"], ["1-0", "4-4"]], lines=ARMS_DONE)
    state.push("2-0@e")  # seat 0 extends the e arm
    assert "0-1@e" not in texts(state.legal_moves())
    assert "1-0@e" in texts(state.legal_moves())  # seat 1 may play on it at once
