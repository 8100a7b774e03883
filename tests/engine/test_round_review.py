"""The round review grades a seat's decisions by the points they cost in expectation, from that seat's view only.

Small budgets keep these quick; ``scripts/bench_review.py`` measures the real ones over many rounds.
"""

from __future__ import annotations

import json
import statistics

import pytest

from engine import Match, Rules
from engine.bots import GreedyBot, make_bot
from engine.errors import ConfigError
from engine.inference import DealSampler, redeal
from engine.moves import PLAY
from engine.records import game_record
from engine.review import COSTLY, MISTAKE, Budget, RoundReview, candidates_of, judge, review_round
from engine.review_kinds import KINDS, REVIEW_REASONS
from engine.rng import Rng
from engine.view import PlayerView

BUDGET = Budget(4, 4, None)
RULES = Rules("chicken-foot")


class DoubleBlankKeeper(GreedyBot):
    """Greedy, except that it counts the double blank as the 0 pips it shows: it keeps it to the very end."""

    def choose(self, view):
        moves = view.legal_moves()
        plays = [m for m in moves if m.kind == PLAY]
        if not plays:
            return moves[0]
        return max(plays, key=lambda m: (m.tile.high + m.tile.low, m.announce))


def first_round(seed: int, bot_at_0, players: int = 4, rules: Rules = RULES) -> Match:
    match = Match(rules, players, seed)
    bots = [bot_at_0] + [make_bot("careful", seed + seat) for seat in range(1, players)]
    while not match.round_scores:
        match.push(bots[match.turn].choose(match.view(match.turn)))
    return match


def test_a_seat_playing_the_strong_levels_moves_loses_fewer_points_than_a_random_one():
    strong, random = [], []
    for seed in range(5):  # the strong level's search at a small budget keeps this quick; the bench runs it whole
        strong.append(review_round(first_round(seed, make_bot("strong", seed, budget_ms=20)), 0, budget=BUDGET)["lost"])
        random.append(review_round(first_round(seed, make_bot("random", seed)), 0, budget=BUDGET)["lost"])
    assert statistics.mean(random) > statistics.mean(strong) + 8, (strong, random)


def kept_double_blank_rounds(count: int):
    """The first ``count`` first rounds in which seat 0, dealt the double blank, kept it to the end of the round
    although it could have laid it (``DoubleBlankKeeper``), each with its review."""
    for seed in range(400):
        if "0-0" not in [str(tile) for tile in Match(RULES, 4, seed).hand.view(0).hand]:
            continue
        match = first_round(seed, DoubleBlankKeeper())
        if match.round_scores[0][0] < 50:
            continue  # it went out after all (its last tile the double blank)
        answer = review_round(match, 0, budget=Budget(4, 8, None))
        kept = [d for d in answer["decisions"]
                if any(text.startswith("0-0@") for text in d["legal"]) and not d["played"].startswith("0-0@")]
        if kept:
            yield answer, kept
            count -= 1
            if not count:
                return


def test_keeping_the_double_blank_to_the_end_is_found_and_graded_a_mistake_or_worse():
    worst_losses, found = [], 0
    for answer, kept in kept_double_blank_rounds(6):
        worst = max(kept, key=lambda d: d["lost"])
        worst_losses.append(worst["lost"])
        if worst["grade"] in ("mistake", "blunder"):
            found += 1
            assert worst["kind"] == "double-blank-kept" and worst["best"].startswith("0-0@")
            assert worst["rule"] == "strategy#double-blank-early"
            assert worst["reason"]["code"] == "double-blank" and worst["reason"]["params"]["points"] == 50
            assert answer["by_kind"]["double-blank-kept"] >= worst["lost"]
    # the cost comes when the double blank can no longer be laid later: not at every chance, nor in every round
    assert found >= 3 and statistics.mean(worst_losses) >= MISTAKE, worst_losses


def test_other_hidden_tiles_consistent_with_the_seats_view_give_the_same_grades():
    match = first_round(11, make_bot("random", 11))
    copy = Match(match.rules, match.players, match.seed)
    checked = 0
    for move in match.moves:
        if copy.round_scores:
            break
        seat = copy.turn
        view = PlayerView(copy.hand, seat, copy)
        candidates = candidates_of(view, move)
        if len(candidates) > 1 and checked < 3 and copy.hand.boneyard:
            real = judge(view, candidates, move, BUDGET)
            hidden = (list(copy.hand.hands), list(copy.hand.boneyard), copy.hand.set_aside)
            other = DealSampler(view).sample(Rng(1234 + checked))
            redeal(copy.hand, other)
            assert (list(copy.hand.hands), list(copy.hand.boneyard)) != hidden[:2]  # the hidden tiles did change
            assert copy.hand.hands[seat] == hidden[0][seat]  # and the seat's own did not
            assert judge(PlayerView(copy.hand, seat, copy), candidates, move, BUDGET) == real
            copy.hand.hands[:], copy.hand.boneyard[:], copy.hand.set_aside = hidden
            checked += 1
        copy.push(move)
    assert checked == 3


def test_a_review_is_reproducible_and_leaves_the_match_alone():
    match = first_round(5, make_bot("beginner", 5))
    moves = list(match.moves)
    first = review_round(match, 0, budget=BUDGET)
    assert json.dumps(review_round(match, 0, budget=BUDGET)) == json.dumps(first)
    assert match.moves == moves and len(match.round_scores) == 1


def test_every_decision_is_the_seats_own_with_a_kind_a_reason_and_a_rule_for_each_difference():
    match = first_round(8, make_bot("casual", 8), players=3)
    review = RoundReview(match, 2, 1, BUDGET)
    seen = []
    answer = review.run(progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, review.total) for k in range(1, review.total + 1)] and review.total == len(
        answer["decisions"])
    for decision in answer["decisions"]:
        assert decision["view"]["seat"] == 2 and decision["view"]["turn"] == 2
        assert decision["grade"] in ("fine", "inaccuracy", "mistake", "blunder", "too-close")
        assert str(match.moves[decision["index"]]) == decision["played"]  # round 1: its plies start the record
        if decision["played"] != decision["best"]:
            assert decision["kind"] in KINDS and decision["rule"] == KINDS[decision["kind"]][1]
        assert decision["reason"]["template"]
    assert answer["lost"] == pytest.approx(sum(d["lost"] for d in answer["decisions"] if d["grade"] in COSTLY),
                                           abs=0.11)


def test_a_cancelled_review_stops_between_decisions():
    match = first_round(8, make_bot("casual", 8))
    review = RoundReview(match, 0, 1, BUDGET)
    assert review.run(cancelled=lambda: review.done >= 2) is None and review.done == 2


def test_review_refuses_a_seat_or_round_that_is_not_there():
    match = first_round(3, make_bot("careful", 3))
    with pytest.raises(ConfigError) as refused:
        RoundReview(match, 4, 1)
    assert refused.value.code == "bad-seat"
    with pytest.raises(ConfigError) as refused:
        RoundReview(match, 0, 2)
    assert refused.value.code == "no-round"
    with pytest.raises(ConfigError) as refused:
        Budget.of_samples(2)
    assert refused.value.code == "bad-samples"


def test_the_reviews_own_reasons_keep_the_hints_placeholders():
    for code, sentence in REVIEW_REASONS.items():
        assert "{tile}" in sentence, code


def test_the_command_line_prints_each_graded_decision_and_refuses_bad_input(tmp_path, capsys):
    from engine.cli import main

    path = tmp_path / "record.json"
    path.write_text(json.dumps(game_record(first_round(2, make_bot("beginner", 2)))))
    assert main(["review", str(path), "--seat", "0", "--samples", "8"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("seat 0, round 1:") and "played" in out and "best" in out
    assert main(["review", str(path), "--seat", "0", "--samples", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 1 and data["decisions"] and {"played", "best", "lost", "grade"} <= set(data["decisions"][0])
    for args, message in ((["--seat", "7"], "no seat 7"), (["--seat", "0", "--round", "3"], "round 3"),
                          (["--seat", "0", "--samples", "1"], "samples")):
        assert main(["review", str(path), *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and message in err and err.count("\n") == 1
    (tmp_path / "bad.json").write_text("{")
    assert main(["review", str(tmp_path / "bad.json"), "--seat", "0"]) == 2
    assert capsys.readouterr().err.startswith("error: ")
