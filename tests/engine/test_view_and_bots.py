"""A player's view hides what the seat may not know; bots choose only from a view's legal moves."""

import json

import pytest

from engine import BOTS, GreedyBot, Match, Move, RandomBot, Rules, make_bot, ConfigError
from helpers import chicken_foot


def test_view_shows_own_hand_and_only_the_sizes_of_the_others():
    match = Match(Rules("chicken-foot", "pagat"), 4, seed=5)
    data = match.view(1).to_dict(events_since=0)
    assert data["hand"] == [t.to_list() for t in match.hand.hand_of(1)]
    assert data["hand_sizes"] == match.hand.sizes
    assert data["boneyard_size"] == len(match.hand.boneyard)
    assert set(data) == {"game", "rules", "seat", "players", "round", "hand", "hand_sizes", "boneyard_size", "turn",
                         "is_my_turn", "layout", "legal_moves", "outcome", "totals", "event_count", "pending_foot",
                         "events"}
    hidden = {tuple(t) for seat in (0, 2, 3) for t in match.hand.hand_of(seat)} | {tuple(t) for t in
                                                                                   match.hand.boneyard_tiles()}
    shown = {tuple(e["tile"]) for e in data["events"] if e.get("tile")}
    assert not hidden & shown  # other hands' opening draws are not revealed


def test_view_hides_other_players_draws_but_shows_your_own():
    state = chicken_foot([["5-5"], ["0-0"]], lines=[("n", [[6, 1]]), ("e", [[6, 2]]), ("s", [[6, 3]]),
                                                  ("w", [[6, 4]])], boneyard=["4-0", "2-2"])
    state.push("draw")
    mine = [e for e in state.view(0).events() if e["kind"] == "drew"]
    theirs = [e for e in state.view(1).events() if e["kind"] == "drew"]
    assert mine[0]["tile"] == [4, 0] and theirs[0]["tile"] is None  # the boneyard is listed top first


def test_view_offers_legal_moves_only_on_your_turn():
    match = Match(Rules("mexican-train", "standard"), 4, seed=5)
    assert match.view(match.turn).legal_moves() == match.legal_moves()
    assert match.view((match.turn + 1) % 4).legal_moves() == []


def test_view_and_event_dicts_are_plain_json():
    match = Match(Rules("mexican-train", "standard"), 4, seed=5)
    for _ in range(30):
        match.push(match.legal_moves()[0])
    json.dumps(match.view(0).to_dict(events_since=0))


def test_greedy_sheds_the_heaviest_tile_double_blank_first():
    arms = [("n", [[6, 0]]), ("e", [[6, 5]]), ("s", [[6, 3]]), ("w", [[6, 4]])]
    state = chicken_foot([["0-0", "5-4", "1-1"], ["2-2"]], lines=arms)
    assert GreedyBot().choose(state.view(0)) == Move.parse("0-0@n")
    state = chicken_foot([["5-4", "3-0", "1-1"], ["2-2"]], lines=arms)
    assert GreedyBot().choose(state.view(0)).tile == (5, 4)


def test_greedy_counts_the_double_blank_at_its_option_value():
    arms = [("n", [[6, 0]]), ("e", [[6, 5]]), ("s", [[6, 3]]), ("w", [[6, 4]])]
    state = chicken_foot([["0-0", "5-5"], ["2-2"]], lines=arms, double_blank=25)
    assert GreedyBot().choose(state.view(0)).tile == (0, 0)  # 25 > 10


def test_random_bot_is_reproducible_from_its_seed():
    def play(seed):
        match = Match(Rules("chicken-foot", "basic"), 3, seed=1)
        bots = [RandomBot(seed + s) for s in range(3)]
        for _ in range(80):
            match.push(bots[match.turn].choose(match.view(match.turn)))
        return [str(m) for m in match.moves]

    assert play(4) == play(4) and play(4) != play(5)


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("game, ruleset, players", [("chicken-foot", "kelley", 4), ("mexican-train", "standard", 5)])
def test_every_bot_finishes_matches_with_legal_moves(name, game, ruleset, players):
    match = Match(Rules(game, ruleset), players, seed=9)
    outcome = match.play_out([make_bot(name, s, budget_ms=2) for s in range(players)])
    assert outcome.winners


def test_unknown_bot_is_refused():
    with pytest.raises(ConfigError, match="unknown bot"):
        make_bot("deep-blue")


def test_careful_bot_does_not_start_a_foot_nobody_can_finish():
    # 1s: [6-1] on n, [2-1] on e, [3-1] on s, [4-1] on w; the careful bot holds [1-1] and [5-5]; [1-0] and [5-1]
    # are out of play, so a foot on the 1s can never be finished.
    lines = [("n", [[6, 1]]), ("e", [[6, 2], [2, 1]]), ("s", [[6, 3], [3, 1]]), ("w", [[6, 4], [4, 1]])]
    state = chicken_foot([["1-1", "1-0"], ["5-5"]], lines=lines, boneyard=[])
    move = make_bot("careful").choose(state.view(0))
    assert move.tile == (1, 0)


@pytest.mark.parametrize("game", ["chicken-foot", "mexican-train"])
def test_malformed_moves_are_refused_with_an_illegal_move_error(game):
    from engine import IllegalMoveError, InvalidMoveError
    from engine.moves import PLAY

    match = Match(Rules(game), 4, seed=1)
    before = match.hand.to_position()
    for move in [Move(PLAY, [9, 4], "n"), Move(PLAY, Move.parse("9-9@n").tile, ["n"]), Move("fly"), "9-4@",
                 "nine-four@n", 42]:
        with pytest.raises((IllegalMoveError, InvalidMoveError)):
            match.push(move)
    assert match.hand.to_position() == before
