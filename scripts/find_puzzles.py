"""Find practice puzzles in engine-played games, verify them and write the catalog (run by hand).

    .venv/bin/python scripts/find_puzzles.py [--per-game 64] [--out engine/puzzles/catalog.json]

Plays whole matches between the computer levels (a mix of careful, casual and beginner players, 2 to 4 seats,
each game's default rules) and, at the moves of those matches, proposes a candidate of each question kind
(``engine/puzzles/questions.py``). A candidate becomes a puzzle only if the verification of
``engine/puzzles/verify.py`` accepts it; every refusal is counted by its reason and stored in the catalog's
``finder`` block, with the number of matches played. The same arguments always find the same puzzles.

Best-move candidates are screened first by one quick search (``SCREEN_MS``); only a move clearly ahead of
at least one other play, with a reason that names a theme, goes on to the four-seed search.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bots import make_bot  # noqa: E402
from engine.bridge.hint_reasons import explain  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.moves import PLAY  # noqa: E402
from engine.options import CHICKEN_FOOT, MEXICAN_TRAIN, Rules  # noqa: E402
from engine.puzzles import verify  # noqa: E402
from engine.puzzles.questions import PuzzleError, foot_counts, pose  # noqa: E402
from engine.puzzles.themes import REASON_THEMES  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.search import SearchBot  # noqa: E402
from engine.tiles import DOUBLE_INDEX, NUMBER_MASK, TILE_BIT  # noqa: E402

SCREEN_MS = 200
# the share of each game's puzzles per kind, and the most puzzles one best-move theme may take
KIND_SHARES = {CHICKEN_FOOT: {"best-move": 0.5, "foot": 0.2, "out": 0.15, "holds": 0.15},
               MEXICAN_TRAIN: {"best-move": 0.55, "out": 0.22, "holds": 0.23}}
THEME_CAP = 0.2  # of a game's puzzles
CHANCE = {"best-move": 30, "foot": 60, "out": 8, "holds": 12}  # percent of the moves where a kind is tried
SEATS = (4, 3, 2)
LEVEL_MIX = ("careful", "casual", "beginner", "careful")
PER_MATCH = 3  # puzzles from one match at most, so they come from many games


class Finder:
    def __init__(self, game: str, per_game: int, seed: int) -> None:
        self.game = game
        self.rules = Rules(game, None)
        self.seed = seed
        shares = KIND_SHARES[game]
        self.quota = {kind: round(per_game * share) for kind, share in shares.items()}
        self.quota["best-move"] += per_game - sum(self.quota.values())
        self.theme_cap = max(2, round(per_game * THEME_CAP))
        self.found: list[dict] = []
        self.rejected: Counter = Counter()
        self.candidates = 0
        self.matches = 0
        self.yes_no = Counter()
        self.numbers = Counter()

    def count(self, kind: str) -> int:
        return sum(1 for entry in self.found if entry["kind"] == kind)

    def full(self) -> bool:
        return all(self.count(kind) >= quota for kind, quota in self.quota.items())

    def run(self, max_matches: int) -> None:
        while not self.full() and self.matches < max_matches:
            self.play_match(self.matches)
            self.matches += 1
            print(f"{self.game}: {self.matches} matches, {len(self.found)} puzzles, {self.candidates} candidates",
                  file=sys.stderr, flush=True)

    def play_match(self, number: int) -> None:
        players = SEATS[number % len(SEATS)]
        match_seed = Rng.derived(self.seed, number).next32()
        bots = [make_bot(LEVEL_MIX[(seat + number) % len(LEVEL_MIX)], match_seed + seat) for seat in range(players)]
        match = Match(self.rules, players, match_seed)
        rng = Rng.derived(self.seed, number, 99)
        tried_this_round: set = set()
        round_moves: list[str] = []
        round_index = match.round_index
        first = len(self.found)
        while not match.is_over and not self.full() and len(self.found) - first < PER_MATCH:
            if match.round_index != round_index:
                round_index, round_moves, tried_this_round = match.round_index, [], set()
            base = {"game": self.game, "rules": self.rules.ruleset, "players": players, "seed": match_seed,
                    "round": round_index, "moves": " ".join(round_moves)}
            view = match.view(match.turn)
            for kind in self.quota:
                if kind in tried_this_round or self.count(kind) >= self.quota[kind]:
                    continue
                if rng.below(100) < CHANCE[kind]:
                    entry = getattr(self, "propose_" + kind.replace("-", "_"))(base, match, view, rng)
                    if entry is not None:
                        tried_this_round.add(kind)
                        self.accept(entry)
            move = bots[match.turn].choose(view)
            match.push(move)
            round_moves.append(str(move))

    def reject(self, why: str) -> None:
        self.rejected[why] += 1

    def accept(self, entry: dict) -> None:
        self.candidates += 1
        if entry["kind"] != "best-move":  # the best-move search was the verification itself
            try:
                entry["difficulty"] = verify.counting_difficulty(pose(entry))
            except PuzzleError as error:
                self.reject(entry["kind"] + ": " + _reason_of(str(error)))
                return
            problems = verify.check(entry)
            if problems:
                self.reject(entry["kind"] + ": " + _reason_of(problems[0]))
                return
        self.found.append(entry)

    # --- candidates of each kind -------------------------------------------------------------------------

    def propose_best_move(self, base: dict, match, view, rng) -> dict | None:
        if view.game == CHICKEN_FOOT and match.hand.pending:
            return None  # toes or arms waiting: the rules choose the number, and the reason is "toe"
        plays = [m for m in SearchBot().candidates(view) if m.kind == PLAY]
        if len(plays) < 2 or len(plays) != len(view.legal_moves()) or any(m.announce for m in plays):
            return None  # not a choice between plays only (a draw, an end of turn, "chicken little")
        if view.game == MEXICAN_TRAIN and view.to_dict()["phase"] == "first":
            return None
        screen = SearchBot(5, budget_ms=SCREEN_MS)
        screen.cap_seconds = None
        values = screen.evaluate(view, plays)
        best = max(range(len(plays)), key=lambda k: values[k])
        answer = plays[best]
        code, _ = explain(view, view.legal_moves(), answer)
        theme = REASON_THEMES.get(code)
        self.candidates += 1
        if theme is None:
            self.reject(f"best-move: the reason ({code}) names no theme")
            return None
        if sum(1 for e in self.found if e["theme"] == theme) >= self.theme_cap:
            self.candidates -= 1
            return None  # enough of this theme: not a rejection, a choice for variety
        worse = sorted((k for k in range(len(plays)) if values[k] < values[best] - verify.MARGIN - 1),
                       key=lambda k: -values[k])
        chosen, tiles = [], {answer.tile}
        for k in worse:  # the closest clearly worse plays, one per tile, at most three
            if plays[k].tile not in tiles and len(chosen) < 3:
                chosen.append(k)
                tiles.add(plays[k].tile)
        if not chosen:
            self.reject("best-move: no other tile clearly worse in the quick search")
            return None
        choices = sorted([best] + chosen, key=lambda k: str(plays[k]))
        moves = [plays[k] for k in choices]
        margin, guesses, why = verify.search_margin(view, moves, answer)
        if why:
            self.reject("best-move: the four seeds " + ("disagree" if "prefers" in why else "give less than the margin"))
            return None
        entry = {**base, "id": "", "kind": "best-move", "theme": theme, "choices": [str(m) for m in moves],
                 "answer": str(answer), "margin": int(margin), "guesses": guesses,
                 "difficulty": verify.share_difficulty(verify.level_share(view, answer))}
        self.found.append(entry)
        return None

    def propose_foot(self, base: dict, match, view, rng) -> dict | None:
        hand = match.hand
        if hand.pending and hand.pending_line is not None:
            entry = {**base, "id": "", "kind": "foot", "theme": "unfinishable-foot"}
        else:
            doubles = [m.tile for m in view.legal_moves() if m.kind == PLAY and m.tile.is_double and not m.announce]
            if not doubles or hand.pending:
                return None
            tile = doubles[rng.below(len(doubles))]
            entry = {**base, "id": "", "kind": "foot", "theme": "count-double", "double": str(tile)}
        try:
            _, left, needed = foot_counts(entry, match, view)
        except PuzzleError:
            return None
        # keep the answers mixed: a position whose answer is already the more common one waits for another
        answer, other = ("yes", "no") if left >= needed else ("no", "yes")
        if self.yes_no[answer] > self.yes_no[other] + 1:
            return None
        self.yes_no[answer] += 1
        return entry

    def propose_out(self, base: dict, match, view, rng) -> dict | None:
        seen = _seen(view)
        numbers = [n for n in range(view.rules.max_pip(view.players) + 1)
                   if NUMBER_MASK[n] & view.hand_mask and NUMBER_MASK[n] & seen & ~view.hand_mask]
        if not numbers:
            return None
        number = min(numbers, key=lambda n: (self.numbers[("out", n)], rng.below(100)))
        self.numbers[("out", number)] += 1
        return {**base, "id": "", "kind": "out", "theme": "count-double", "number": number}

    def propose_holds(self, base: dict, match, view, rng) -> dict | None:
        knowledge = view.knowledge()
        seen = _seen(view)
        numbers = []
        for n in range(view.rules.max_pip(view.players) + 1):
            bit = TILE_BIT[DOUBLE_INDEX[n]]
            if seen & bit or not view.set_mask & bit:
                continue
            if any(s != view.seat and tiles & bit for s, _, tiles in knowledge.observations):
                numbers.append(n)
        if not numbers:
            return None
        number = min(numbers, key=lambda n: (self.numbers[("holds", n)], rng.below(100)))
        self.numbers[("holds", number)] += 1
        return {**base, "id": "", "kind": "holds", "theme": "read-draws", "number": number}


def _seen(view) -> int:
    from engine.puzzles.questions import seen_mask

    return seen_mask(view)


def _reason_of(problem: str) -> str:
    """A refusal's reason without the puzzle's particulars (its id, seats, numbers, tiles)."""
    text = problem[2:] if problem.startswith(": ") else problem
    return re.sub(r"\d+(-\d+)?", "N", text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-game", type=int, default=64)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-matches", type=int, default=400)
    parser.add_argument("--out", default=str(verify.CATALOG))
    args = parser.parse_args(argv)
    started = time.process_time()
    puzzles, finder_info = [], {}
    for game, prefix in ((CHICKEN_FOOT, "cf"), (MEXICAN_TRAIN, "mt")):
        finder = Finder(game, args.per_game, args.seed)
        finder.run(args.max_matches)
        for k, entry in enumerate(finder.found, 1):
            entry["id"] = f"{prefix}-{k:03d}"
        puzzles += finder.found
        finder_info[game] = {"matches": finder.matches, "candidates": finder.candidates,
                             "accepted": len(finder.found), "rejected": dict(sorted(finder.rejected.items()))}
    catalog = {"version": 1, "margin": verify.MARGIN, "seeds": list(verify.SEEDS), "budget_ms": verify.BUDGET_MS,
               "finder": {"seed": args.seed, "per_game": args.per_game, **finder_info}, "puzzles": puzzles}
    Path(args.out).write_text(_dump(catalog), encoding="utf-8")
    print(json.dumps(finder_info, indent=2))
    print(f"{time.process_time() - started:.0f} s of CPU", file=sys.stderr)
    return 0


def _dump(catalog: dict) -> str:
    """One puzzle per line: small, and a change shows as the lines of the puzzles it touches."""
    head = {k: v for k, v in catalog.items() if k != "puzzles"}
    lines = json.dumps(head, indent=1)[:-2] + ',\n "puzzles": [\n'
    lines += ",\n".join("  " + json.dumps(entry, separators=(",", ":")) for entry in catalog["puzzles"])
    return lines + "\n ]\n}\n"


if __name__ == "__main__":
    raise SystemExit(main())
