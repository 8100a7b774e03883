"""Property tests over random games in every rule set, set size and player count."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalMoveError, Match, Move, RandomBot, Rules, game_record, match_from_state, replay_record, state_dict
from engine.rng import Rng
from engine.tiles import TILE_BIT, TILE_INDEX, TILES, Tile, set_count

CONFIGS = [
    ("chicken-foot", "basic", {}, 2), ("chicken-foot", "basic", {}, 4), ("chicken-foot", "basic", {}, 7),
    ("chicken-foot", "basic", {"set_size": 6}, 3), ("chicken-foot", "basic", {"set_size": 12}, 6),
    ("chicken-foot", "basic", {"set_size": 15}, 8), ("chicken-foot", "basic", {"set_size": 18}, 10),
    ("chicken-foot", "pagat", {}, 2), ("chicken-foot", "pagat", {}, 3), ("chicken-foot", "pagat", {}, 5),
    ("chicken-foot", "pagat", {}, 6), ("chicken-foot", "pagat", {"deal": "pagat-small"}, 4),
    ("chicken-foot", "pagat", {"set_size": 12}, 4), ("chicken-foot", "pagat", {"set_size": 15}, 6),
    ("chicken-foot", "pagat", {"set_size": 15}, 12),
    ("chicken-foot", "pagat", {"chicken_little": True, "double_blank": 25}, 4),
    ("chicken-foot", "pagat", {"opening": "holder-or-lower"}, 2),
    ("chicken-foot", "pagat", {"opening": "set-aside", "drawing": "until-playable"}, 3),
    ("chicken-foot", "basic", {"root_arms": "three"}, 4),
    ("chicken-foot", "basic", {"root_arms": "double-foot", "set_size": 12}, 4),
    ("chicken-foot", "kelley", {}, 4), ("chicken-foot", "kelley", {"set_size": 12, "deal": "kelley"}, 4),
    ("chicken-foot", "pagat", {"match_length": "to-total", "target_total": 60}, 3),
    ("mexican-train", "standard", {}, 2), ("mexican-train", "standard", {}, 4),
    ("mexican-train", "standard", {}, 6), ("mexican-train", "standard", {}, 8),
    ("mexican-train", "standard", {}, 11), ("mexican-train", "standard", {}, 14),
    ("mexican-train", "double-six", {}, 2), ("mexican-train", "double-six", {}, 4),
    ("mexican-train", "standard", {"deal": 5, "set_size": 9}, 3),
    ("mexican-train", "standard", {"match_length": "to-total", "target_total": 80}, 4),
]



def _every_valid_configuration() -> list:
    """Every rule set × set size × player count the rules accept (Chicken Foot up to 12 players)."""
    from engine import ConfigError

    found = []
    for ruleset in ("basic", "pagat", "kelley"):
        for size in (6, 9, 12, 15, 18):
            for players in range(2, 13):
                try:
                    Rules("chicken-foot", ruleset, set_size=size).validate(players)
                except ConfigError:
                    continue
                found.append(("chicken-foot", ruleset, {"set_size": size}, players))
    found += [("mexican-train", "standard", {}, players) for players in range(2, 15)]
    found += [("mexican-train", "double-six", {}, players) for players in range(2, 5)]
    return found


CONFIGS = CONFIGS + [c for c in _every_valid_configuration() if c not in CONFIGS]
configs = st.sampled_from(CONFIGS)
seeds = st.integers(min_value=0, max_value=2**40)
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def conserved(hand) -> bool:
    """Every tile of the set is in exactly one place: a hand, the boneyard, the table, or out of play."""
    union, count = hand.set_aside, bin(hand.set_aside).count("1")
    for mask, size in zip(hand.hands, hand.sizes):
        assert bin(mask).count("1") == size
        assert not union & mask
        union |= mask
        count += size
    for i in hand.boneyard:
        assert not union & TILE_BIT[i]
        union |= TILE_BIT[i]
        count += 1
    on_table = [Tile(hand.root, hand.root)] + [Tile.of(a, b) for line in hand.lines.values() for a, b in line.tiles]
    for tile in on_table:
        assert not union & TILE_BIT[TILE_INDEX[tile]], f"{tile} twice"
        union |= TILE_BIT[TILE_INDEX[tile]]
        count += 1
    return union == hand.set_mask and count == set_count(hand.max_pip)


def some_illegal_move(hand, rng: Rng, legal: list) -> Move | None:
    ends = list(hand.lines) + ["zz"]
    for _ in range(20):
        kind = rng.below(6)
        if kind < 4:
            i = rng.below(set_count(hand.max_pip))
            move = Move.play(TILES[i], ends[rng.below(len(ends))])
        else:
            move = Move.parse(["draw", "pass", "end", "catch"][rng.below(4)])
        if move not in legal:
            return move
    return None


def play(config, seed, max_hands=2, check_every=1):
    game, ruleset, options, players = config
    match = Match(Rules(game, ruleset, **options), players, seed)
    bots = [RandomBot(seed + s) for s in range(players)]
    rng = Rng(seed ^ 0xABCDEF)
    moves = 0
    while not match.is_over and len(match.round_scores) < max_hands:
        hand = match.hand
        legal = match.legal_moves()
        assert legal, "a hand in progress always offers a move"
        move = bots[match.turn].choose(match.view(match.turn))
        assert move in legal
        if moves % check_every == 0:
            illegal = some_illegal_move(hand, rng, legal)
            if illegal is not None:
                before = hand.to_position()
                try:
                    hand.push(illegal)
                except IllegalMoveError:
                    pass
                else:
                    raise AssertionError(f"{illegal} accepted; legal were {legal}")
                assert hand.to_position() == before
        match.push(move)
        moves += 1
        assert moves < 100_000
        if match.hand is hand and moves % check_every == 0:
            assert conserved(hand)
    return match


@FAST
@given(configs, seeds)
def test_tiles_are_conserved_and_only_legal_moves_are_applied(config, seed):
    play(config, seed, max_hands=2, check_every=1)


@FAST
@given(configs, seeds)
def test_push_then_pop_restores_the_exact_position(config, seed):
    game, ruleset, options, players = config
    match = Match(Rules(game, ruleset, **options), players, seed)
    bot = RandomBot(seed)
    positions = []
    for _ in range(60):
        if match.is_over or match.round_index > 0:
            break
        positions.append(match.hand.to_position())
        match.push(bot.choose(match.view(match.turn)))
    while positions:
        match.pop()
        assert match.hand.to_position() == positions.pop()


@FAST
@given(configs, seeds, st.integers(min_value=0, max_value=300))
def test_state_json_round_trips(config, seed, stop):
    game, ruleset, options, players = config
    match = Match(Rules(game, ruleset, **options), players, seed)
    bot = RandomBot(seed)
    for _ in range(stop):
        if match.is_over:
            break
        match.push(bot.choose(match.view(match.turn)))
    data = json.loads(json.dumps(state_dict(match)))
    assert state_dict(match_from_state(data)) == data
    assert match_from_state(data).legal_moves() == match.legal_moves()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, seeds)
def test_every_match_ends_and_its_record_replays_exactly(config, seed):
    game, ruleset, options, players = config
    if players > 8:  # long matches: covered hand by hand above
        players = 8 if game == "mexican-train" else players
    match = play((game, ruleset, options, players), seed, max_hands=10**6, check_every=50)
    assert match.is_over
    record = json.loads(json.dumps(game_record(match)))
    again = replay_record(record)
    assert again.totals == match.totals and again.outcome == match.outcome
