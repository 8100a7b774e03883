"""Re-checking puzzles against the engine (``python -m engine puzzles --verify``), and measuring difficulty.

- best-move: the strong level's search (``search.py``) from the seat's own view, run with each of
  ``SEEDS`` (independent guesses at the hidden tiles), must rank the answer first among the choices, ahead of
  every other choice by at least ``MARGIN`` points, with every seed; the puzzle states the smallest margin.
- foot: the count from the seat's view must agree with the engine's own rule
  (``ChickenFootHand.foot_can_be_finished``, after laying the double for a "what if" question).
- out: the tiles the seat cannot see must be exactly those in the other hands and the boneyard.
- holds: every seat marked possible must get the double in some deal consistent with the seat's view
  (``inference.DealSampler``, never relaxing what was seen), none marked impossible ever may, and the real
  holder must be among those marked.

Difficulty (1 easy to 3 hard) is measured: for best-move, how often the three weaker levels (beginner,
casual, careful; ``LEVEL_TRIES`` decisions each, with their own seeds) find the answer; for the counting
kinds, how much there is to count (``counting_difficulty``).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ..bots import make_bot
from ..inference import DealSampler
from ..moves import Move
from ..rng import Rng
from ..search import NODES_PER_MS, SearchBot
from ..tiles import DOUBLE_INDEX, NUMBER_MASK, TILE_BIT
from .questions import KINDS, PuzzleError, foot_counts, holders, out_masks, pose, position
from .themes import REASON_THEMES, THEMES

CATALOG = Path(__file__).with_name("catalog.json")
SEEDS = (11, 23, 37, 41)  # the search's seeds: four independent sets of guesses
BUDGET_MS = 1000  # per seed: 50,000 simulated moves (a tenth of a second or so on CPython per candidate)
MARGIN = 2.0  # points: the answer must beat every other choice by this much with every seed
WEAKER_LEVELS = ("beginner", "casual", "careful")
LEVEL_TRIES = 4  # decisions per weaker level (each with its own seed)
HOLD_SAMPLES = 300  # deals drawn to find each possible holder of a double


def load_catalog(path: Path = CATALOG) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def search_values(view, moves: list[Move], seed: int) -> tuple[list[float], int]:
    """The strong search's mean result of each move from ``view`` with one seed, and the guesses it made."""
    bot = SearchBot(seed, budget_ms=BUDGET_MS)
    bot.cap_seconds = None  # the same result on any machine, however loaded
    values = bot.evaluate(view, moves)
    return values, bot.stats["playouts"] // len(moves)


def search_margin(view, choices: list[Move], answer: Move) -> tuple[float, int, str | None]:
    """(the smallest margin of ``answer`` over the other choices across the seeds, guesses made, or why not)."""
    smallest, guesses = float("inf"), 0
    k = choices.index(answer)
    for seed in SEEDS:
        values, made = search_values(view, choices, seed)
        guesses += made
        best = max(range(len(values)), key=lambda i: values[i])
        if best != k:
            return 0.0, guesses, f"seed {seed} prefers {choices[best]}"
        margin = values[k] - max(v for i, v in enumerate(values) if i != k)
        smallest = min(smallest, margin)
    if smallest < MARGIN:
        return smallest, guesses, f"margin {smallest:.2f} < {MARGIN}"
    return smallest, guesses, None


def level_share(view, answer: Move) -> float:
    """How often the weaker levels choose ``answer`` (the same tile on the same end)."""
    found = tries = 0
    for name in WEAKER_LEVELS:
        for seed in range(LEVEL_TRIES):
            move = make_bot(name, 1000 + seed).choose(view)
            found += (move.tile, move.end) == (answer.tile, answer.end)
            tries += 1
    return found / tries


def share_difficulty(share: float) -> int:
    return 1 if share >= 2 / 3 else 2 if share >= 1 / 3 else 3


def counting_difficulty(posed) -> int:
    """How much the reader must count: the tiles to find for ``out``, the closeness of ``foot``'s count, the
    facts to combine for ``holds`` (a draw counts twice: the drawn tile may be the double)."""
    entry, view = posed.entry, posed.view
    if entry["kind"] == "out":
        on_table, in_hand, _ = out_masks(entry, view)
        found = bin(on_table | in_hand).count("1")
        return 1 if found <= 3 else 2 if found <= 6 else 3
    if entry["kind"] == "foot":
        _, left, needed = foot_counts(entry, posed.match, view)
        gap = abs(left - needed)
        return 1 if gap >= 3 else 2 if gap >= 1 else 3
    _, sight = holders(entry, view)  # a draw is the harder fact: the drawn tile may be the double
    return max(1, min(3, len(sight) + sum(kind == "drew" for kind in sight.values())))


def check(entry: dict) -> list[str]:
    """What is wrong with one catalog entry (empty: the engine agrees with it)."""
    try:
        return _check(entry)
    except (PuzzleError, ValueError) as error:
        return [str(error)]


def _check(entry: dict) -> list[str]:
    problems = []
    if entry.get("theme") not in THEMES:
        problems.append(f"unknown theme {entry.get('theme')!r}")
    posed = pose(entry)
    view = posed.view
    kind = entry["kind"]
    if kind == "best-move":
        choices = [Move.parse(text) for text in entry["choices"]]
        answer = Move.parse(entry["answer"])
        margin, guesses, why = search_margin(view, choices, answer)
        if why:
            problems.append(f"the search disagrees: {why}")
        elif int(margin) != entry["margin"] or guesses != entry["guesses"]:
            problems.append(f"margin {int(margin)} over {guesses} guesses, the catalog says {entry['margin']} over "
                            f"{entry['guesses']}")
        difficulty = share_difficulty(level_share(view, answer))
    else:
        problems += _check_counting(posed)
        difficulty = counting_difficulty(posed)
    if difficulty != entry["difficulty"]:
        problems.append(f"difficulty measured {difficulty}, the catalog says {entry['difficulty']}")
    return problems


def _check_counting(posed) -> list[str]:
    entry, match, view = posed.entry, posed.match, posed.view
    hand = match.hand
    correct = {c.value for c in posed.choices if c.correct}
    if entry["kind"] == "foot":
        if entry.get("double"):
            move = next(m for m in view.legal_moves() if m.tile is not None and str(m.tile) == entry["double"])
            match.push(move)
            engine_says = hand.foot_can_be_finished()
            match.pop()
        else:
            engine_says = hand.foot_can_be_finished()
        return [] if ({"yes"} if engine_says else {"no"}) == correct else ["the engine's rule disagrees"]
    if entry["kind"] == "out":
        elsewhere = hand.set_aside
        for i in hand.boneyard:
            elsewhere |= TILE_BIT[i]
        for seat in range(hand.players):
            if seat != view.seat:
                elsewhere |= hand.hands[seat]
        truly = elsewhere & NUMBER_MASK[entry["number"]]
        _, _, out = out_masks(entry, view)
        return [] if truly == out else ["the tiles out are not those the other seats and the boneyard hold"]
    # holds
    may, _ = holders(entry, view)
    bit = TILE_BIT[DOUBLE_INDEX[entry["number"]]]
    sampler = DealSampler(view)
    rng = Rng.derived(entry["seed"], 77)
    placed = set()
    for _ in range(HOLD_SAMPLES):
        deal = sampler.sample(rng)
        for seat, mask in enumerate(deal.hands):
            if mask & bit:
                placed.add(seat)
        if any(TILE_BIT[i] == bit for i in deal.boneyard):
            placed.add("boneyard")
    problems = []
    if sampler.relaxed:
        problems.append("the sampler had to relax what was seen")
    for seat, possible in may.items():
        if possible and seat not in placed:
            problems.append(f"no deal consistent with the view puts the double with seat {seat}")
        if not possible and seat in placed:
            problems.append(f"a deal consistent with the view puts the double with ruled-out seat {seat}")
    holder = next((str(s) for s in range(hand.players) if hand.hands[s] & bit), "boneyard")
    if holder not in correct:
        problems.append(f"the double is really with {holder}, which the answer rules out")
    return problems


def pick_sample(puzzles: list[dict], count: int) -> list[dict]:
    """``count`` puzzles spread evenly through the catalog (every game, kind and theme has a chance)."""
    if count >= len(puzzles):
        return list(puzzles)
    step = len(puzzles) / count
    return [puzzles[int(k * step)] for k in range(count)]


def count(puzzles: list[dict]) -> Counter:
    counts = Counter()
    for entry in puzzles:
        counts[("game", entry["game"])] += 1
        for label in ("kind", "theme", "difficulty"):
            counts[(label, entry["game"], entry[label])] += 1
    return counts


def verify(puzzles: list[dict], progress=None) -> dict:
    failures = []
    for done, entry in enumerate(puzzles, 1):
        for problem in check(entry):
            failures.append(f"{entry.get('id')}: {problem}")
        if progress:
            progress(done, len(puzzles))
    return {"checked": len(puzzles), "failures": failures, "counts": count(puzzles)}


def format_counts(result: dict) -> str:
    counts = result["counts"]
    lines = []
    for game in sorted({key[1] for key in counts if key[0] == "game"}):
        lines.append(f"{game}: {counts[('game', game)]} puzzles")
        for label in ("kind", "theme", "difficulty"):
            row = sorted((key[2], n) for key, n in counts.items() if key[0] == label and key[1] == game)
            lines.append(f"  by {label}: " + ", ".join(f"{name} {n}" for name, n in row))
    if result["checked"]:
        lines.append(f"{result['checked']} checked, {len(result['failures'])} disagreeing")
    return "\n".join(lines)


__all__ = ["CATALOG", "KINDS", "MARGIN", "NODES_PER_MS", "REASON_THEMES", "SEEDS", "check", "load_catalog",
           "position", "verify"]
