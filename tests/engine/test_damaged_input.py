"""Bad input gets a clear error and loses nothing: damaged states and scenarios are refused with a
RecordError (never another exception), and whatever is accepted can be played on."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Match, RandomBot, RecordError, Rules, load_scenario, match_from_state, scenario_of, state_dict
from engine.records import content_hash
from helpers import json_paths


def _sample(game, ruleset, players, moves, seed=4):
    match = Match(Rules(game, ruleset), players, seed)
    bot = RandomBot(seed)
    for _ in range(moves):
        match.push(bot.choose(match.view(match.turn)))
    return match


STATES = [state_dict(_sample("chicken-foot", "pagat", 3, 25)), state_dict(_sample("mexican-train", "standard", 4, 30))]
SCENARIOS = [scenario_of(_sample("chicken-foot", "basic", 2, 12).hand),
             scenario_of(_sample("mexican-train", "double-six", 3, 9).hand)]

junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=6),
                 st.lists(st.integers(-1, 20), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                 st.sampled_from(["9-9", "3-4", [2, 2], "t0", "n.1.l", "mx", "follow", "first"]))


def _damaged(base, data):
    """A deep copy of ``base`` with one to three values replaced by junk (fixed-shape draws)."""
    damaged = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in json_paths(damaged) if p and p[0] not in ("format", "version", "sha256")]
        path = paths[data.draw(st.integers(0, 10**6)) % len(paths)]
        target = damaged
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = copy.deepcopy(data.draw(junk))
    return damaged


def _plays_on(hand_or_match):
    bot = RandomBot(1)
    for _ in range(30):
        if hand_or_match.legal_moves() == []:
            break
        view = hand_or_match.view(hand_or_match.turn)
        hand_or_match.push(bot.choose(view))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STATES), st.data())
def test_damaged_states_are_refused_or_playable(base, data):
    damaged = _damaged(base, data)
    damaged["sha256"] = content_hash(damaged)  # get past the hash: test the checks behind it
    try:
        match = match_from_state(damaged)
    except RecordError:
        return
    _plays_on(match)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SCENARIOS), st.data())
def test_damaged_scenarios_are_refused_or_playable(base, data):
    try:
        hand = load_scenario(_damaged(base, data))
    except RecordError:
        return
    _plays_on(hand)
