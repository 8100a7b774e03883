"""One test per Mexican Train fact of RULES-DIGEST.md (source 004), named after the rule it proves."""

import pytest

from engine import ConfigError, Match, MexicanTrainHand, Rules
from helpers import mexican_train, refused, texts


# --- equipment, deal, the engine ------------------------------------------------------------------------

@pytest.mark.parametrize("players, max_pip, each", [
    (2, 9, 15), (3, 9, 15), (4, 12, 15), (5, 12, 12), (6, 12, 12), (7, 12, 11), (8, 12, 11),
    (9, 15, 11), (10, 15, 11), (11, 15, 11), (12, 15, 11), (13, 18, 11), (14, 18, 11)])
def test_deal_table_gives_set_and_hand_size_by_player_count(players, max_pip, each):
    rules = Rules("mexican-train", "standard")
    rules.validate(players)
    assert (rules.max_pip(players), rules.hand_size(players)) == (max_pip, each)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_double_six_set_deals_seven_each_to_two_to_four_players(players):
    assert Rules("mexican-train", "double-six").hand_size(players) == 7


@pytest.mark.parametrize("players", [1, 15])
def test_mexican_train_is_for_two_to_fourteen_players(players):
    with pytest.raises(ConfigError):
        Rules("mexican-train", "standard").validate(players)


def test_double_six_set_is_refused_for_five_players():
    with pytest.raises(ConfigError, match="no figure for 5 players"):
        Rules("mexican-train", "double-six").validate(5)


def test_holder_of_the_highest_double_places_the_engine_and_the_next_player_starts():
    for seed in range(20):
        hand = MexicanTrainHand(Rules("mexican-train", "standard"), 4, 0, seed=seed)
        opened = next(e for e in hand.events if e.kind == "opened")
        assert opened.tile == (12, 12) and hand.root == 12
        assert hand.turn == (opened.seat + 1) % 4


def test_engine_not_dealt_players_draw_in_turn_until_it_is_found():
    seen = False
    for seed in range(100):
        hand = MexicanTrainHand(Rules("mexican-train", "standard"), 2, 0, seed=seed)  # 30 of 55 dealt
        draws = [e for e in hand.events if e.kind == "drew"]
        if draws:
            seen = True
            assert draws[-1].tile == (9, 9)
            assert next(e for e in hand.events if e.kind == "opened").seat == draws[-1].seat
    assert seen


def test_thirteen_rounds_with_double_twelve_each_on_the_next_lower_engine():
    match = Match(Rules("mexican-train", "standard"), 4, seed=3)
    engines = []
    while not match.is_over:
        if len(engines) == match.round_index:
            engines.append(match.hand.root)
        match.push(match.legal_moves()[0])
    assert engines == list(range(12, -1, -1))
    assert len(match.round_scores) == 13


# --- the first turn -------------------------------------------------------------------------------------

def test_first_turn_may_lay_a_whole_train_then_end():
    state = mexican_train([["6-5", "5-4", "4-4", "4-3", "1-0"], ["0-0"]], first_turn=[True, True])
    assert texts(state.legal_moves()) == ["6-5@t0", "pass"]
    for move in ["6-5@t0", "5-4@t0", "4-4@t0", "4-3@t0"]:
        state.push(move)
        assert state.turn == 0
    assert texts(state.legal_moves()) == ["end"]
    state.push("end")
    assert state.turn == 1
    assert state.lines["t0"].tiles == [(6, 5), (5, 4), (4, 4), (4, 3)]
    assert state.open_doubles == []  # a double laid on the first turn obliges nothing


def test_first_turn_is_only_on_your_own_train():
    state = mexican_train([["6-5", "1-0"], ["0-0"]], first_turn=[True, True])
    refused(state, "6-5@mx", "mt-mexican-train", "mexican-train-not-yet")
    refused(state, "6-5@t1", "mt-first-turn", "first-turn-own-train")
    refused(state, "draw", "mt-first-turn")


def test_first_turn_pass_marks_your_train_without_drawing():
    state = mexican_train([["1-0"], ["0-0"]], first_turn=[True, True], boneyard=["6-5"])
    state.push("pass")
    assert state.lines["t0"].marker and state.sizes[0] == 1 and len(state.boneyard) == 1


def test_going_out_on_the_first_turn_ends_the_hand_after_everyone_has_had_one_turn():
    state = mexican_train([["6-5"], ["6-4", "2-2"], ["3-3"]], first_turn=[True, True, True])
    state.push("6-5@t0")
    assert state.outcome is None and state.turn == 1
    state.push("6-4@t1")
    state.push("end")
    assert state.outcome is None
    state.push("pass")
    assert state.outcome.reason == "went-out" and state.outcome.winner == 0
    assert state.outcome.scores == (0, 4, 6)


# --- later turns ----------------------------------------------------------------------------------------

def test_one_tile_a_turn_after_the_first():
    state = mexican_train([["6-5", "5-4"], ["0-0"]], trains=[("t0", [])], boneyard=["1-1"])
    state.push("6-5@t0")
    assert state.turn == 1


def test_you_may_not_play_on_another_players_unmarked_train():
    state = mexican_train([["6-5", "1-0"], ["0-0", "2-0"]])
    refused(state, "6-5@t1", "mt-trains", "train-not-yours")


def test_a_marked_train_is_open_to_everyone():
    state = mexican_train([["6-5", "1-0"], ["0-0", "2-0"]], marked=("t1",))
    assert "6-5@t1" in texts(state.legal_moves())
    state.push("6-5@t1")
    assert state.lines["t1"].marker  # only the owner's own play removes it


def test_the_mexican_train_is_open_to_all_from_the_second_turn():
    state = mexican_train([["6-5", "1-0"], ["0-0", "2-0"]])
    assert texts(state.legal_moves()) == ["6-5@mx", "6-5@t0"]
    state.push("6-5@mx")
    assert state.lines["mx"].tiles == [(6, 5)]


def test_playing_on_your_own_train_removes_your_marker():
    state = mexican_train([["6-5", "1-0"], ["0-0", "2-0"]], marked=("t0",))
    state.push("6-5@t0")
    assert not state.lines["t0"].marker
    assert "marker_removed" in [e.kind for e in state.events]


def test_cannot_play_draw_one_and_play_it_if_it_plays():
    state = mexican_train([["1-0", "2-0"], ["0-0", "3-0"]], boneyard=["6-2", "5-5"])
    assert texts(state.legal_moves()) == ["draw"]
    state.push("draw")
    assert texts(state.legal_moves()) == ["6-2@mx", "6-2@t0"]
    refused(state, "pass", "mt-drawing", "must-play-drawn-tile")


def test_drawn_tile_that_cannot_play_marks_your_train_and_passes():
    state = mexican_train([["1-0"], ["0-0", "3-0"]], boneyard=["5-2", "5-5"])
    state.push("draw")
    assert texts(state.legal_moves()) == ["pass"]
    state.push("pass")
    assert state.lines["t0"].marker and state.turn == 1
    assert [e.kind for e in state.events][-3:] == ["train_marked", "passed", "turn_ended"]


def test_with_an_empty_boneyard_you_just_mark_your_train():
    state = mexican_train([["1-0"], ["6-0", "3-0"]], boneyard=[])
    refused(state, "draw", "mt-drawing")
    state.push("pass")
    assert state.lines["t0"].marker


def test_you_may_not_draw_holding_a_tile_that_plays():
    state = mexican_train([["6-1"], ["0-0"]], boneyard=["5-5"])
    refused(state, "draw", "mt-drawing", "must-play")


# --- doubles ----------------------------------------------------------------------------------------------

def test_a_double_obliges_another_tile_in_the_same_turn():
    state = mexican_train([["5-5", "5-1", "2-0"], ["0-0", "3-0"]], trains=[("t0", [[6, 5]])])
    state.push("5-5@t0")
    assert state.turn == 0 and state.phase == "follow"
    assert "double_announced" in [e.kind for e in state.events]
    state.push("5-1@t0")
    assert state.turn == 1 and state.open_doubles == []


def test_after_a_double_the_next_tile_may_go_anywhere_legal():
    state = mexican_train([["5-5", "6-2", "1-0"], ["0-0", "3-0"]], trains=[("t0", [[6, 5]])])
    state.push("5-5@t0")
    assert texts(state.legal_moves()) == ["6-2@mx"]
    state.push("6-2@mx")
    assert [line.id for line in state.open_doubles] == ["t0"]


def test_a_double_after_a_double_obliges_a_third_tile():
    state = mexican_train([["5-5", "3-3", "5-2", "1-0"], ["0-0", "4-0"]], trains=[("t0", [[6, 5]]), ("mx", [[6, 3]])])
    state.push("5-5@t0")
    state.push("3-3@mx")
    assert state.phase == "follow" and state.turn == 0
    assert [line.id for line in state.open_doubles] == ["t0", "mx"]
    state.push("5-2@t0")
    assert state.turn == 1 and [line.id for line in state.open_doubles] == ["mx"]


def test_unable_to_follow_a_double_draw_then_mark_and_pass():
    state = mexican_train([["5-5", "1-0"], ["0-0", "5-3"]], trains=[("t0", [[6, 5]])], boneyard=["4-2"])
    state.push("5-5@t0")
    assert texts(state.legal_moves()) == ["draw"]
    state.push("draw")
    assert texts(state.legal_moves()) == ["pass"]
    state.push("pass")
    assert state.lines["t0"].marker and state.turn == 1
    assert [line.id for line in state.open_doubles] == ["t0"]


def test_the_next_player_must_satisfy_an_open_double():
    state = mexican_train([["1-0"], ["5-2", "6-1"]], trains=[("t0", [[6, 5], [5, 5]])], turn=1,
                          open_doubles=["t0"])
    assert texts(state.legal_moves()) == ["5-2@t0"]  # even on seat 0's private train
    refused(state, "6-1@mx", "mt-satisfy-double", "must-satisfy-double")
    state.push("5-2@t0")
    assert state.open_doubles == [] and state.turn == 0


def test_unable_to_satisfy_draw_then_mark_and_the_obligation_passes_on():
    state = mexican_train([["5-0", "1-1"], ["6-2", "6-1"]], trains=[("t0", [[6, 5], [5, 5]])], turn=1,
                          open_doubles=["t0"], boneyard=["4-0"])
    assert texts(state.legal_moves()) == ["draw"]
    state.push("draw")
    state.push("pass")
    assert state.lines["t1"].marker and state.turn == 0
    assert texts(state.legal_moves()) == ["5-0@t0"]


# --- end and scoring ----------------------------------------------------------------------------------------

def test_going_out_scores_zero_and_others_their_pips_with_the_double_blank_at_50():
    state = mexican_train([["6-1"], ["0-0", "5-3"], ["4-4"]])
    state.push("6-1@t0")
    assert state.outcome.reason == "went-out"
    assert state.outcome.scores == (0, 58, 8)


def test_the_hand_ends_when_nobody_can_play():
    state = mexican_train([["6-1", "3-2"], ["1-0", "4-4"]], boneyard=[])
    state.push("6-1@t0")
    assert state.outcome is None  # seat 1 could lay [1-0] once seat 0's train is marked
    state.push("pass")
    state.push("pass")
    assert state.lines["t0"].marker and state.outcome is None
    state.push("1-0@t0")
    assert state.outcome.reason == "blocked"  # nobody holds a 0 or a 6, even with every train marked
    assert state.outcome.scores == (5, 8)


def test_going_out_on_a_double_ends_the_hand():
    state = mexican_train([["5-5"], ["0-0", "1-0"]], trains=[("t0", [[6, 5]])])
    state.push("5-5@t0")
    assert state.outcome.reason == "went-out"
