"""The soak (``python -m engine soak``): a CI-sized sample passes, every configuration it draws is playable,
and each of its invariants catches the fault it is there for."""

import pytest

from engine import soak as soak_module
from engine.chicken_foot import ChickenFootHand
from engine.mexican_train import MexicanTrainHand
from engine.options import CHICKEN_FOOT, MEXICAN_TRAIN, RULE_SETS
from engine.soak import SoakFailure, play_checked, setup, soak, summary_line


def test_a_sample_of_three_dozen_matches_passes_every_check():
    result = soak(36, seed=11)
    assert result["failures"] == []
    assert result["matches"] == 36 and result["moves"] > 36 * 50
    line = summary_line(result)
    assert line.startswith("soak: 36 matches, ") and " 0 failures, " in line and "\n" not in line


def test_the_matches_cover_both_games_every_rule_set_and_varied_options_and_players():
    specs = [setup(1, index) for index in range(300)]
    assert {(spec.game, spec.ruleset) for spec in specs} == {(g, r) for g, sets in RULE_SETS.items() for r in sets}
    assert {spec.players for spec in specs if spec.game == MEXICAN_TRAIN} >= set(range(2, 15))
    assert {spec.players for spec in specs if spec.game == CHICKEN_FOOT} >= set(range(2, 9))
    assert {spec.options.get("root_arms") for spec in specs} >= {"four", "three", "three-each-side", "two-feet"}
    assert {bot for spec in specs for bot in spec.bots} == {"random", "greedy"}
    assert setup(1, 7) == setup(1, 7)  # a match is fixed by (seed, number): --first replays it


def _first(game, seed=3):
    return next(spec for spec in (setup(seed, i) for i in range(100)) if spec.game == game)


@pytest.mark.parametrize("game,hand_type", [(CHICKEN_FOOT, ChickenFootHand), (MEXICAN_TRAIN, MexicanTrainHand)])
def test_a_legal_move_the_engine_forgets_is_caught(monkeypatch, game, hand_type):
    original = hand_type.legal_moves
    monkeypatch.setattr(hand_type, "legal_moves", lambda self: original(self)[:-1] or original(self))
    with pytest.raises(SoakFailure, match="the engine lists"):
        play_checked(_first(game))


def test_a_tile_that_vanishes_is_caught(monkeypatch):
    original = ChickenFootHand._draw

    def losing_draw(self, seat):
        record = original(self, seat)
        self.hands[seat] &= ~(1 << record[3])  # the drawn tile goes nowhere
        return record

    monkeypatch.setattr(ChickenFootHand, "_draw", losing_draw)
    with pytest.raises(SoakFailure, match="size says|tiles placed"):
        for index in range(40):
            spec = setup(5, index)
            if spec.game == CHICKEN_FOOT:
                play_checked(spec)


def test_a_wrong_score_is_caught(monkeypatch):
    original = MexicanTrainHand._end_hand

    def generous(self, reason, winner):
        original(self, reason, winner)
        self.outcome = self.outcome._replace(scores=tuple(0 for _ in self.outcome.scores))

    monkeypatch.setattr(MexicanTrainHand, "_end_hand", generous)
    with pytest.raises(SoakFailure, match="scores"):
        play_checked(_first(MEXICAN_TRAIN))


def test_failures_are_counted_and_named_not_raised(monkeypatch):
    monkeypatch.setattr(soak_module, "check_match_end", lambda match: (_ for _ in ()).throw(SoakFailure("boom")))
    result = soak(2, seed=2)
    assert len(result["failures"]) == 2 and all("boom" in f and f.startswith("match ") for f in result["failures"])
