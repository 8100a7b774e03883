"""The figures of source document 003, reproduced by computation."""

import pytest

from engine.stats import boneyard_share, chicken_foot_deal_table, source_003_figures, tiles_used_per_double
from engine.tiles import domino_set, tiles_per_number, total_pips


@pytest.mark.parametrize("players, hand, percent", [(4, 11, 20.0), (4, 10, 27.3), (3, 14, 23.6), (3, 11, 40.0),
                                                    (2, 12, 56.4)])
def test_chance_the_starting_double_is_in_the_boneyard(players, hand, percent):
    assert round(100 * boneyard_share(9, players, hand), 1) == percent


def test_double_nine_has_55_tiles_and_495_pips():
    assert len(domino_set(9)) == 55
    assert total_pips(9) == 495
    assert total_pips(9) / 55 == 9


def test_ten_tiles_carry_each_number_in_double_nine():
    for number in range(10):
        assert sum(1 for t in domino_set(9) if t.has(number)) == tiles_per_number(9) == 10


def test_a_double_uses_five_tiles_of_its_number():
    assert tiles_used_per_double() == 5


def test_puremco_boneyard_column():
    assert [row["boneyard"] for row in chicken_foot_deal_table("puremco", 9)] == [15, 13, 11, 10, 13]


def test_source_003_summary_is_computed():
    figures = source_003_figures()
    assert [r["percent"] for r in figures["boneyard_shares"]] == [20.0, 27.3, 23.6, 40.0, 56.4]
    assert figures["double_nine"]["heaviest"] == 18


@pytest.mark.parametrize("max_pip, tiles", [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_set_sizes_double_six_to_double_eighteen(max_pip, tiles):
    assert len(domino_set(max_pip)) == tiles
    assert len(set(domino_set(max_pip))) == tiles
