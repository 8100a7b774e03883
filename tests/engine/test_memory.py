"""Memory stays flat over any number of matches: the engine's caches (interned moves per end id, unions of
numbers, parsed move texts) are bounded, so a long browser session does not grow without end.

Measured with tracemalloc after a warm-up: what the next matches leave allocated must stay under a small
bound. Before the caches were bounded, each double-18 match between eight players left about 0.7 MB behind
(new end ids every hand): the 20 matches measured here left about 15 MB."""

import gc
import tracemalloc

from engine import Match, RandomBot, Rules, game_record, replay_record
from engine.chicken_foot import _UNION, MAX_UNIONS
from engine.moves import _PARSED, _PLAY_ROWS, MAX_PARSED, MAX_PLAY_ROWS

BOUND = 4 * 2**20  # the bounded caches at their fullest hold about 2.5 MB


def play_big_match(seed: int) -> None:
    match = Match(Rules("chicken-foot", "basic", set_size=18), 8, seed)
    match.play_out([RandomBot(seed * 8 + seat) for seat in range(8)])
    replay_record(game_record(match))  # parses every move text again


def test_memory_left_by_many_big_matches_stays_under_a_small_bound_after_warm_up():
    for seed in range(8):
        play_big_match(seed)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(8, 28):
            play_big_match(seed)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < BOUND, f"{grown / 2**20:.1f} MB left by 20 matches"


def test_the_caches_never_exceed_their_bounds():
    for seed in range(28, 32):
        play_big_match(seed)
        assert len(_PLAY_ROWS) <= MAX_PLAY_ROWS and len(_UNION) <= MAX_UNIONS and len(_PARSED) <= MAX_PARSED
