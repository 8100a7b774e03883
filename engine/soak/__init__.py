"""``python -m engine soak``: many whole matches, every invariant checked after every move.

A package of its own so that the browser's engine wheel, built from the packages pyproject.toml lists
(``engine``, ``engine.bridge``), leaves it out: readers do not download a developer's check.

Match ``i`` of a soak with seed ``S`` is fully determined by ``(S, i)``: its game, rule set, option values
(each option keeps its rule set's value or takes another, at random), player count, match seed and bots
(random or greedy, seat by seat). ``--first I --matches 1`` replays one match that failed.

After every move:

- tiles are conserved: every tile of the set is in exactly one place (a hand, the boneyard, the table, out of
  play), and each hand holds as many tiles as the hand size says;
- the legal moves the engine lists are the ones this module derives on its own, slowly and simply, from the
  layout (the lines and their tiles), the hand and the turn: it shares no code with the rule modules'
  move generation and none of their caches;
- the move just made was one of them.

At the end of each hand: its scores are the pips left in each hand (the double-blank and ending-on-a-double
rules applied). At the end of the match: the totals are the sums of the rounds, the winners hold the lowest
total, the game record replays to the same match, the state round-trips through JSON text (loading a state
replays its moves and compares every field), and popping the last move and pushing it again gives the same
state. (Replaying after every move would make a match cost the square of its length; the per-move checks
above are the ones that cannot wait.) Over the run, memory stays flat: the
engine's caches stay within their bounds and the process's resident memory does not keep growing.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field

from ..bots import GreedyBot, RandomBot
from ..chicken_foot import MAX_UNIONS, _UNION
from ..errors import ConfigError
from ..match import Match
from ..moves import _PLAY_ROWS, MAX_PLAY_ROWS
from ..options import CHICKEN_FOOT, GAMES, MEXICAN_TRAIN, OPTIONS, RULE_SETS, Rules
from ..records import game_record, match_from_state, replay_record, state_dict
from ..rng import Rng
from ..tiles import TILES, Tile, set_count

# Values tried for each option besides its choices: integers where an option takes any whole number.
EXTRA_VALUES = {"deal": (3, 12), "target_total": (100, 250)}
MAX_CHICKEN_FOOT_PLAYERS = 12  # the largest player count any source's table gives
MAX_MOVES = 200_000  # a match longer than this is a failure (an engine that never ends a hand)
MEMORY_GROWTH_LIMIT = 64 * 2**20  # bytes of resident memory a long run may gain after its warm-up


class SoakFailure(AssertionError):
    """An invariant that did not hold."""


# --- what each match plays ------------------------------------------------------------------------------


@dataclass
class Setup:
    index: int
    game: str
    ruleset: str
    options: dict
    players: int
    seed: int
    bots: list = field(default_factory=list)

    def describe(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return (f"match {self.index}: {self.game} {self.ruleset} [{options}] {self.players} players, "
                f"seed {self.seed}, bots {','.join(self.bots)}")

    def rules(self) -> Rules:
        return Rules(self.game, self.ruleset, **self.options)


def setup(soak_seed: int, index: int) -> Setup:
    """Match ``index``'s configuration: each option keeps its rule set's value half the time, else takes any
    value; then a player count the rules can deal. Combinations the rules refuse are drawn again."""
    rng = Rng.derived(soak_seed, index)
    while True:
        game = GAMES[rng.below(len(GAMES))]
        names = list(RULE_SETS[game])
        ruleset = names[rng.below(len(names))]
        options = {}
        for option in OPTIONS[game]:
            if rng.below(2):
                values = list(option.choices) + list(EXTRA_VALUES.get(option.name, ()))
                options[option.name] = values[rng.below(len(values))]
        try:
            rules = Rules(game, ruleset, **options)
        except ConfigError:
            continue
        high = 14 if game == MEXICAN_TRAIN else MAX_CHICKEN_FOOT_PLAYERS
        playable = []
        for players in range(2, high + 1):
            try:
                rules.validate(players)
                playable.append(players)
            except ConfigError:
                pass
        if not playable:
            continue
        players = playable[rng.below(len(playable))]
        bots = ["greedy" if rng.below(2) else "random" for _ in range(players)]
        return Setup(index, game, ruleset, options, players, rng.next32(), bots)


# --- the independent re-derivation of legal moves -----------------------------------------------------------

# The starting double's arms for each root_arms value, written out again here (not imported).
_ROOT_ARMS = {
    "four": ["n", "e", "s", "w"],
    "three": ["n", "e", "s"],
    "three-each-side": [f"{side}.{toe}" for side in "nesw" for toe in "lcr"],
    "two-feet": [f"{side}.{toe}" for side in "ew" for toe in "lcr"],
}


def _index(a: int, b: int) -> int:
    """A tile's index in the sets' order (high, then low), computed here rather than looked up."""
    high, low = max(a, b), min(a, b)
    return high * (high + 1) // 2 + low


def _tiles_in_hand(hand, seat: int) -> list[Tile]:
    mask, tiles = hand.hands[seat], []
    while mask:
        lowest = mask & -mask
        tiles.append(TILES[lowest.bit_length() - 1])
        mask ^= lowest
    return tiles


def _chicken_foot_ends(hand) -> list[tuple[str, int]]:
    """(end id, number) of every end a tile may be laid on now, in the order the lines were started, from
    the lines' tiles alone: empty arms of the root first; else the empty toes of the one double waiting;
    else the tip of every line whose last tile is not a double."""
    lines = list(hand.lines.values())
    by_id = {line.id: line for line in lines}
    empty_arms = [arm for arm in _ROOT_ARMS[hand.rules["root_arms"]] if not by_id[arm].tiles]
    if empty_arms:
        return [(arm, hand.root) for arm in empty_arms]
    for line in lines:
        if line.tiles and line.tiles[-1][0] == line.tiles[-1][1]:
            k = len(line.tiles) - 1
            toes = [by_id[f"{line.id}.{k}.{toe}"] for toe in "lcr"]
            waiting = [toe.id for toe in toes if not toe.tiles]
            if waiting:
                return [(toe, line.tiles[-1][0]) for toe in waiting]
    return [(line.id, line.tiles[-1][1]) for line in lines
            if line.tiles and line.tiles[-1][0] != line.tiles[-1][1]]


def _chicken_foot_moves(hand) -> list[str]:
    if hand.outcome is not None:
        return []
    seat = hand.turn
    moves = ["catch"] if hand.unannounced >= 0 and hand.drawn == 0 else []
    ends = _chicken_foot_ends(hand)
    # the documented order: tile by tile; the ends showing its higher number, then its lower one
    plays = [f"{tile}@{end}" for tile in _tiles_in_hand(hand, seat)
             for number in dict.fromkeys((tile.high, tile.low)) for end, shows in ends if shows == number]
    if plays:
        if hand.rules["chicken_little"] and hand.sizes[seat] == 2:
            plays = [said for play in plays for said in (play, play + "!")]
        return moves + plays + (["pass"] if hand.drawn else [])
    may_draw = hand.boneyard and (hand.drawn == 0 or hand.rules["drawing"] == "until-playable")
    return moves + ["draw" if may_draw else "pass"]


def _mexican_train_moves(hand) -> list[str]:
    if hand.outcome is not None:
        return []
    seat = hand.turn
    first_turn = hand.first_turn[seat]
    trains = [hand.lines[f"t{s}"] for s in range(hand.players)]
    for line in hand.open_doubles:  # the state's list of unsatisfied doubles: each must end a train in a double
        if not line.tiles or line.tiles[-1][0] != line.tiles[-1][1]:
            raise SoakFailure(f"open double on {line.id}, whose last tile is not a double")
    if first_turn:
        usable = [trains[seat]]
    elif hand.open_doubles and hand.phase != "follow":
        usable = [hand.open_doubles[0]]
    else:
        usable = [t for t in trains if t.owner == seat or t.marker] + [hand.lines["mx"]]
    plays = []
    held = _tiles_in_hand(hand, seat)
    for line in usable:
        number = line.tiles[-1][1] if line.tiles else hand.root
        plays += [f"{tile}@{line.id}" for tile in held if tile.has(number)]
    if hand.phase == "first":
        return plays + ["end" if hand.laid else "pass"]
    if plays:
        return plays
    return ["draw" if hand.boneyard and not hand.drawn else "pass"]


def derived_legal_moves(hand) -> list[str]:
    """The legal moves of the player to move, as text, derived without the engine's move generation."""
    return _chicken_foot_moves(hand) if hand.game == CHICKEN_FOOT else _mexican_train_moves(hand)


# --- invariants ---------------------------------------------------------------------------------------------


# Each (inner, outer) pair as a bit of the set, both ways round, built from _index once.
_BIT = {(a, b): 1 << _index(a, b) for a in range(19) for b in range(19)}


def check_tiles(hand) -> None:
    """Every tile of the set in exactly one place; each hand's size is its tile count."""
    seen = hand.set_aside
    count = bin(seen).count("1")
    for seat, mask in enumerate(hand.hands):
        held = bin(mask).count("1")
        if held != hand.sizes[seat]:
            raise SoakFailure(f"seat {seat} holds {held} tiles but its size says {hand.sizes[seat]}")
        if seen & mask:
            raise SoakFailure(f"hand {seat} holds a tile that is also elsewhere")
        seen |= mask
        count += held
    pairs = [(hand.root, hand.root)] if hand.root is not None else []
    for line in hand.lines.values():
        pairs += line.tiles
    for bit in [1 << i for i in hand.boneyard] + [_BIT[pair] for pair in pairs]:
        if seen & bit:
            raise SoakFailure(f"{TILES[bit.bit_length() - 1]} is in two places (boneyard or table)")
        seen |= bit
    count += len(hand.boneyard) + len(pairs)
    total = set_count(hand.max_pip)
    if count != total or seen != (1 << total) - 1:
        missing = [str(TILES[i]) for i in range(total) if not seen >> i & 1]
        raise SoakFailure(f"{count} tiles placed of {total}; missing: {', '.join(missing[:8])}")


def check_scores(hand) -> None:
    """A finished hand's scores: each seat's pips left in hand (the double-blank at its value), plus the
    penalty for going out on a double where the rules have one."""
    outcome = hand.outcome
    for seat in range(hand.players):
        expected = sum(hand.rules["double_blank"] if tile == Tile(0, 0) else tile.pips
                       for tile in _tiles_in_hand(hand, seat))
        if hand.game == CHICKEN_FOOT and seat == outcome.winner and hand.rules["ending_on_double_penalty"]:
            last = next(entry for entry in reversed(hand.log) if entry[0] == "tile_played")
            if last[2].is_double:
                expected += hand.rules["ending_on_double_penalty"]
        if outcome.scores[seat] != expected:
            raise SoakFailure(f"seat {seat} scores {outcome.scores[seat]}, its hand says {expected}")
    if outcome.reason == "went-out" and hand.sizes[outcome.winner]:
        raise SoakFailure(f"seat {outcome.winner} went out holding tiles")


def check_match_end(match: Match) -> None:
    sums = [sum(scores[seat] for scores in match.round_scores) for seat in range(match.players)]
    if sums != match.totals or list(match.outcome.totals) != sums:
        raise SoakFailure(f"totals {match.totals} are not the sums of the rounds {sums}")
    best = min(sums)
    if any(sums[seat] != best for seat in match.outcome.winners):
        raise SoakFailure(f"winners {match.outcome.winners} do not hold the lowest total {best}")
    state = state_dict(match)
    if state_dict(replay_record(json.dumps(game_record(match)))) != state:
        raise SoakFailure("the game record does not replay to the same match")
    if state_dict(match_from_state(json.dumps(state))) != state:  # loading a state replays and compares it
        raise SoakFailure("the state does not round-trip through JSON text")
    last = match.pop()
    if match.is_over:
        raise SoakFailure("popping the last move left the match over")
    match.push(last)
    if state_dict(match) != state:
        raise SoakFailure("pop then push of the last move changed the state")


# --- one match ----------------------------------------------------------------------------------------------


def play_checked(spec: Setup) -> int:
    """Play ``spec``'s match, checking every invariant; returns its number of moves."""
    rules = spec.rules()
    match = Match(rules, spec.players, spec.seed)
    bots = [(GreedyBot() if name == "greedy" else RandomBot(spec.seed + seat)) for seat, name in enumerate(spec.bots)]
    moves = 0
    hand = match.hand
    check_tiles(hand)
    while not match.is_over:
        legal = [str(move) for move in match.legal_moves()]
        derived = derived_legal_moves(hand)
        if legal != derived:
            raise SoakFailure(f"move {moves + 1}: the engine lists {legal}, the layout gives {derived}")
        move = bots[hand.turn].choose(match.view(hand.turn))
        if str(move) not in derived:
            raise SoakFailure(f"move {moves + 1}: the bot chose {move}, not a legal move")
        match.push(move)
        moves += 1
        check_tiles(hand)  # the hand just played (finished, or still going)
        if hand.outcome is not None:
            check_scores(hand)
            hand = match.hand
            check_tiles(hand)
        if moves > MAX_MOVES:
            raise SoakFailure(f"no end after {MAX_MOVES} moves")
    check_match_end(match)
    return moves


# --- many matches ------------------------------------------------------------------------------------------


def resident_bytes() -> int:
    """This process's resident memory (Linux), or 0 where /proc is not there."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _run_share(soak_seed: int, indices: list[int], progress: int = 0) -> dict:
    """Play the matches ``indices`` in this process; returns counts, failures and memory figures. With
    ``progress``, a line on stderr every ``progress`` matches says how far this process has come."""
    moves, failures = 0, []
    warm_up = max(1, len(indices) // 10)
    warm_memory = 0
    started = time.perf_counter()
    for count, index in enumerate(indices, 1):
        spec = setup(soak_seed, index)
        try:
            moves += play_checked(spec)
        except Exception as error:  # noqa: BLE001 - a soak reports every failure, whatever its kind
            failures.append(f"{spec.describe()}: {type(error).__name__}: {error}")
        if progress and count % progress == 0:
            print(f"soak process {os.getpid()}: {count} of {len(indices)} matches played, {moves} moves, "
                  f"{len(failures)} failures, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        if count == warm_up:
            warm_memory = resident_bytes()
        if len(_PLAY_ROWS) > MAX_PLAY_ROWS or len(_UNION) > MAX_UNIONS:
            failures.append(f"match {index}: an engine cache outgrew its bound "
                            f"({len(_PLAY_ROWS)} move rows, {len(_UNION)} unions)")
    growth = resident_bytes() - warm_memory if warm_memory else 0
    return {"matches": len(indices), "moves": moves, "failures": failures, "memory_growth": growth}


def soak(matches: int, seed: int, jobs: int = 1, first: int = 0, progress: int = 0) -> dict:
    """Play ``matches`` checked matches (numbers ``first`` onwards) over ``jobs`` processes."""
    started = time.perf_counter()
    indices = list(range(first, first + matches))
    if jobs <= 1 or matches < 2:
        shares = [_run_share(seed, indices, progress)]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            shares = list(pool.map(_run_share, [seed] * jobs, [indices[k::jobs] for k in range(jobs)],
                                   [progress] * jobs))
    failures = [failure for share in shares for failure in share["failures"]]
    growth = max(share["memory_growth"] for share in shares)
    if growth > MEMORY_GROWTH_LIMIT and matches >= 100:
        failures.append(f"resident memory grew by {growth / 2**20:.1f} MB after the warm-up")
    return {"matches": sum(share["matches"] for share in shares), "moves": sum(share["moves"] for share in shares),
            "failures": failures, "seconds": time.perf_counter() - started, "memory_growth": growth,
            "seed": seed, "jobs": jobs}


def summary_line(result: dict) -> str:
    return (f"soak: {result['matches']} matches, {result['moves']} moves, {len(result['failures'])} failures, "
            f"{result['seconds']:.1f} s (seed {result['seed']}, {result['jobs']} jobs, memory growth after "
            f"warm-up {result['memory_growth'] / 2**20:.1f} MB)")


__all__ = ["Setup", "SoakFailure", "derived_legal_moves", "setup", "soak", "summary_line"]
