"""Matches: totals, zero-point rounds, tie-breaks, agreed totals, winners, undo across a hand's end."""

from engine import GreedyBot, Match, RandomBot, Rules
from engine.match import rank_winners


def test_lowest_total_wins():
    assert rank_winners([30, 12, 40], [(10, 0, 20), (20, 12, 20)], "zero-rounds-then-lowest-round") == ((1,), "total")


def test_tie_goes_to_the_most_zero_point_rounds():
    rounds = [(0, 5), (20, 10), (0, 5)]
    assert rank_winners([20, 20], rounds, "zero-rounds-then-lowest-round") == ((0,), "zero-rounds")


def test_then_to_the_lowest_non_zero_round_score():
    rounds = [(0, 0), (3, 10), (17, 10)]
    assert rank_winners([20, 20], rounds, "zero-rounds-then-lowest-round") == ((0,), "lowest-round")


def test_a_tie_that_survives_the_tie_breaks_is_shared():
    rounds = [(0, 0), (10, 10)]
    assert rank_winners([10, 10], rounds, "zero-rounds-then-lowest-round") == ((0, 1), "shared")


def test_shared_option_skips_the_tie_breaks():
    assert rank_winners([20, 20], [(0, 5), (20, 15)], "shared") == ((0, 1), "shared")


def test_match_keeps_totals_and_zero_rounds_and_names_the_winner():
    match = Match(Rules("chicken-foot", "pagat"), 4, seed=11)
    outcome = match.play_out([GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)])
    assert len(match.round_scores) == 10
    assert list(outcome.totals) == [sum(r[s] for r in match.round_scores) for s in range(4)]
    assert min(outcome.totals) == outcome.totals[outcome.winners[0]]
    assert all(r[o.winner] == 0 for r, o in zip(match.round_scores, match.hand_outcomes)
               if o.reason == "went-out" and r[o.winner] != 50)


def test_play_to_an_agreed_total_where_reaching_it_loses():
    rules = Rules("chicken-foot", "pagat", match_length="to-total", target_total=150)
    match = Match(rules, 4, seed=4)
    outcome = match.play_out([RandomBot(s) for s in range(4)])
    assert outcome.reason == "target-reached"
    assert max(outcome.totals) >= 150
    assert all(max(totals) < 150 for totals in _running(match.round_scores)[:-1])
    assert outcome.totals[outcome.winners[0]] == min(outcome.totals)


def _running(rounds):
    totals, out = [0] * len(rounds[0]), []
    for r in rounds:
        totals = [a + b for a, b in zip(totals, r)]
        out.append(totals)
    return out


def test_pop_reopens_a_finished_hand():
    match = Match(Rules("chicken-foot", "basic", set_size=6), 3, seed=8)
    bot = RandomBot(2)
    while match.round_index == 0:
        match.push(bot.choose(match.view(match.turn)))
    totals = list(match.totals)
    assert any(totals)
    match.pop()
    assert match.round_index == 0 and match.totals == [0, 0, 0] and match.hand.outcome is None


def test_a_finished_match_refuses_moves():
    match = Match(Rules("mexican-train", "double-six"), 2, seed=1)
    match.play_out([GreedyBot(), GreedyBot()])
    assert match.legal_moves() == []
    try:
        match.push("pass")
    except ValueError as error:
        assert error.rule_id == "mt-rounds"
    else:
        raise AssertionError("accepted")


def test_last_finished_hand_is_the_hand_just_scored():
    match = Match(Rules("chicken-foot", "basic", set_size=6), 3, seed=8)
    assert match.last_finished_hand is None
    bot = RandomBot(2)
    while match.round_index == 0:
        match.push(bot.choose(match.view(match.turn)))
    assert match.last_finished_hand.outcome == match.hand_outcomes[-1]
    assert match.last_finished_hand.round_index == 0


def test_a_late_foot_is_one_laid_once_the_boneyard_is_empty_and_counts_if_it_can_never_be_finished():
    from engine.match import late_feet

    log = [
        ("double_announced", 0, None, "n", {"number": 5, "boneyard": 3}),  # early: tiles left to draw
        ("foot_unfinishable", None, None, "n", {"number": 5}),
        ("double_announced", 1, None, "e", {"number": 7, "boneyard": 0}),  # late, and finishable
        ("double_announced", 2, None, "s.2.c", {"number": 2, "boneyard": 0}),  # late, never finishable
        ("foot_unfinishable", None, None, "s.2.c", {"number": 2}),
    ]
    assert late_feet(log) == (2, 1)


def test_simulated_chicken_foot_reports_late_feet_among_all_feet():
    from engine.options import Rules
    from engine.simulate import simulate

    summary = simulate(Rules("chicken-foot", "pagat"), 4, 5, 3, ["greedy"] * 4)
    assert 0 < summary["late_feet"] <= summary["feet"]
    assert 0 <= summary["late_unfinishable_share"] <= 1
