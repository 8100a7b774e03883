"""Undo restores everything, at every point: a whole match pushed, then popped back to its start, with the
complete state of the match (every attribute of the match and of every hand, finished ones included, their
move stacks and event logs) compared at each step."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GreedyBot, Match, Move, RandomBot, Rules
from engine.hand import Hand
from engine.layout import Line

# Small sets keep a whole match short; the options cover every kind of move and ending.
CONFIGS = [
    ("chicken-foot", "basic", {"set_size": 6}, 2),
    ("chicken-foot", "basic", {"set_size": 6, "root_arms": "two-feet"}, 3),
    ("chicken-foot", "pagat", {"set_size": 6, "deal": 5, "chicken_little": True, "double_blank": 25}, 3),
    ("chicken-foot", "kelley", {"set_size": 6, "deal": 6}, 2),
    ("chicken-foot", "basic", {"set_size": 6, "opening": "holder-or-lower", "drawing": "until-playable",
                               "root_arms": "three"}, 4),
    ("chicken-foot", "basic", {"set_size": 6, "match_length": "to-total", "target_total": 120,
                               "opening": "set-aside"}, 2),
    ("mexican-train", "double-six", {}, 2),
    ("mexican-train", "double-six", {}, 4),
    ("mexican-train", "double-six", {"match_length": "to-total", "target_total": 80, "double_blank": 25}, 3),
]


def fingerprint(value):
    """Everything ``value`` holds, as plain comparable data (engine objects followed by value). A hand's undo
    records are summed up by their moves: a wrong record shows as a wrong state further back in the walk."""
    if isinstance(value, Hand):
        return {name: (fingerprint(item) if name != "history" else len(item))
                for name, item in sorted(vars(value).items())}
    if isinstance(value, Match):
        return {name: fingerprint(item) for name, item in sorted(vars(value).items())}
    if isinstance(value, Line):  # every slot but its row of interned moves, a shared cache
        return tuple(fingerprint(getattr(value, name)) for name in Line.__slots__ if name != "row")
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, Move):
        return ("move", str(value))
    if isinstance(value, dict):
        return {key: fingerprint(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(fingerprint(item) for item in value))
    return value


@settings(max_examples=len(CONFIGS), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGS), st.integers(0, 2**32), st.booleans())
def test_popping_a_whole_match_back_to_its_start_restores_every_state_it_passed(config, seed, greedy):
    game, ruleset, options, players = config
    match = Match(Rules(game, ruleset, **options), players, seed)
    bots = [GreedyBot() if greedy else RandomBot(seed + s) for s in range(players)]
    states, moves = [fingerprint(match)], []
    while not match.is_over:
        move = bots[match.turn].choose(match.view(match.turn))
        match.push(move)
        moves.append(move)
        states.append(fingerprint(match))
    # the walk back crosses every hand end (all-doubles matches have seven hands; a short to-total match may
    # end after one, and then the walk crosses the match's end only)
    assert len(match.finished_hands) == len(match.round_scores) >= (1 if options.get("match_length") else 7)
    while moves:
        assert match.pop() == moves.pop()
        states.pop()
        assert fingerprint(match) == states[-1], f"after popping back to move {len(moves)}"
    assert match.peek() is None and match.outcome is None and match.totals == [0] * players


def test_the_move_that_ended_the_match_can_be_undone_and_played_again():
    match = Match(Rules("mexican-train", "double-six"), 2, seed=1)
    match.play_out([GreedyBot(), GreedyBot()])
    outcome, totals, rounds, last = match.outcome, list(match.totals), len(match.round_scores), match.peek()
    assert match.pop() == last
    assert match.outcome is None and not match.is_over and match.hand.outcome is None
    assert len(match.round_scores) == rounds - 1
    assert match.totals == [sum(scores[seat] for scores in match.round_scores) for seat in range(2)]
    assert last in match.legal_moves()
    match.push(last)
    assert match.outcome == outcome and match.totals == totals


def test_pop_at_the_start_of_a_match_raises_index_error():
    match = Match(Rules("chicken-foot", "basic", set_size=6), 2, seed=1)
    try:
        match.pop()
    except IndexError:
        pass
    else:
        raise AssertionError("popped a move that was never made")
