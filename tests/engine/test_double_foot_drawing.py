"""Both readings of the double chicken foot draw without overlap: the twelve toes spread round the root, the
two feet each drawn as an ordinary foot on a long side of the upright root. Checked on real hands, every
position from the deal until the root's toes are laid and a few moves after (later overlaps, where any
opening's lines meet far out, are the geometry's general concern, not the opening's)."""

import pytest

from engine import Match, RandomBot, Rules
from engine.geometry import place, rectangles_overlap
from engine.svg import render


@pytest.mark.parametrize("root_arms,set_size", [("two-feet", 6), ("two-feet", 9), ("two-feet", 12),
                                                ("three-each-side", 12)])
def test_the_double_chicken_foot_opening_draws_without_overlap(root_arms, set_size):
    positions = 0
    for seed in range(6):
        for players in (2, 4):
            match = Match(Rules("chicken-foot", "basic", set_size=set_size, root_arms=root_arms), players, seed)
            bots = [RandomBot(seed + seat) for seat in range(players)]
            hand, after = match.hand, 0
            while not match.is_over and match.hand is hand and after < 6:
                after += not hand.pending or hand.pending_line is not None
                layout = match.view(match.turn).layout_dict()
                tiles = place(layout).tiles
                assert not any(rectangles_overlap(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1:]), layout
                positions += 1
                match.push(bots[match.turn].choose(match.view(match.turn)))
    assert positions > 100


def test_two_feet_grow_east_and_west_of_the_upright_root_like_any_foot():
    match = Match(Rules("chicken-foot", "basic", root_arms="two-feet"), 2, seed=1)
    bot = RandomBot(1)
    while match.hand.pending and match.hand.pending_line is None:
        match.push(bot.choose(match.view(match.turn)))
    table = place(match.hand.layout_dict())
    first = {tile.line: tile.center for tile in table.tiles if tile.line and tile.index == 0}
    assert all(first[f"e.{toe}"][0] > 0.5 for toe in "lcr") and all(first[f"w.{toe}"][0] < -0.5 for toe in "lcr")
    assert first["e.c"][1] == pytest.approx(0) and first["e.l"][1] < 0 < first["e.r"][1]  # left is up when facing east
    assert "<svg" in render(match.hand.layout_dict(), title="Table", desc="Two feet")
