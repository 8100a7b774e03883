"""Fuzzing what the engine is handed: random mutations of valid records, states, scenarios, saves, score sheets
and score stores, through the engine's readers, the bridge's ``handle()`` and the command line.

Each case takes a valid document, damages one to four parts of it (a value replaced by junk, a field deleted,
renamed or added, a value wrapped in a list, the version or an option name changed; then, half the time, the
sha256 set again so the checks behind the hash are reached) and hands it over as an object, as JSON text, or
as text damaged byte by byte. The only outcomes allowed are success or a refusal with one of the documented
codes (``DOCUMENTED``, all in ``engine/README.md``); anything else is a failure: another exception, the
bridge's ``internal-error``, a traceback or an exit status other than 0 and 2 from the command line, or a case
that takes more than ``CASE_SECONDS``.

Usage: ``nice .venv/bin/python scripts/fuzz_inputs.py [--cases 20000] [--seed 1] [--minutes 10]`` prints the
cases run per kind and door, and each failure (kind, door, what happened, the case's seed to rerun it with
``--replay SEED``). CI runs a small sample (``tests/engine/test_fuzz_inputs.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import (Match, RandomBot, RecordError, Rules, game_record, load_scenario, match_from_state,  # noqa: E402
                    readers, record_hash, replay_record, scenario_of, state_dict)
from engine.simulate import random_match  # noqa: E402
from engine.bridge import handle  # noqa: E402
from engine.bridge.game_methods import LOAD_ERROR_CODES  # noqa: E402
from engine.bridge.game_session import GameSession  # noqa: E402
from engine.scoresheet import Sheet, export_sheet, import_sheet  # noqa: E402

CASE_SECONDS = 2.0

# Every code a refusal of these kinds may carry: the readers' (engine/readers.py), the play checks behind
# them, and the score sheet's (engine/scoresheet.py, with the rules' own ConfigError codes for its players).
PLAY_CODES = {"illegal-move", "result-mismatch", "state-mismatch", "bad-seed", "bad-start", "bad-position",
              "bad-tile", "tile-twice", "tiles-missing", "outside-limits"}
SHEET_CODES = {"bad-sheet", "not-a-sheet", "damaged-round", "bad-players", "name-missing", "name-too-long",
               "same-name", "after-the-end", "round-incomplete", "negative-pips", "not-a-number",
               "too-many-pips", "tile-not-in-set", "starting-double", "out-has-tiles", "round-too-big",
               "players-out-of-range", "too-many-tiles", "deal-not-covered", "root-cannot-be-finished"}
DOCUMENTED = set(readers.CODES) | set(LOAD_ERROR_CODES) | PLAY_CODES | SHEET_CODES
# game_new (a rules link) answers the rules' own ConfigError codes (engine/options.py), or bad-options
RULES_CODES = {"unknown-game", "unknown-rule-set", "unknown-option", "bad-option-value", "bad-options", "bad-rules",
               "players-out-of-range", "too-many-tiles", "deal-not-covered", "root-cannot-be-finished"}
BRIDGE_CODES = DOCUMENTED | RULES_CODES | {"bad-arguments"}


# --- valid documents -------------------------------------------------------------------------------------


def _played(game, ruleset, players, moves, seed, **options):
    return random_match(Rules(game, ruleset, **options), players, seed, moves)


def samples() -> dict[str, list]:
    """A few valid documents of each kind."""
    matches = [_played("chicken-foot", "basic", 3, 40, 4, set_size=6), _played("mexican-train", "double-six", 3, 30, 2),
               _played("chicken-foot", "kelley", 4, 25, 7)]
    sheet = {"rules": {"game": "chicken-foot", "ruleset": "kelley", "options": {"double_blank": 25}},
             "players": ["Ana", "Ben", "Chloé"],
             "rounds": [{"hands": [12, ["6-4", "3-1"], 0], "out": 2, "on_double": False},
                        {"hands": [0, "7", [[5, 2]]], "out": 0}]}
    checked = Sheet.from_dict(sheet)
    stored = checked.to_dict()
    return {
        "record": [game_record(m) for m in matches],
        "state": [state_dict(m) for m in matches[:2]],
        "scenario": [scenario_of(m.hand) for m in matches],
        "save": [GameSession(Rules("chicken-foot", "basic", set_size=6), 3, 5).save(),
                 GameSession.from_record(game_record(matches[1])).save()],
        "sheet": [stored],
        "sheet-file": [export_sheet(checked)],
        "rules": [{"game": "chicken-foot", "ruleset": "pagat", "options": {"double_blank": 25, "set_size": 12}},
                  {"game": "mexican-train", "ruleset": "standard", "options": {}}],
        "store": [{"version": 1, "games": [{"id": "a1", "sheet": stored}, {"id": "b2", "sheet": stored}],
                   "current": "a1"}],
    }


# --- damage ----------------------------------------------------------------------------------------------

NAMES = ["game", "ruleset", "self", "options", "__proto__", "constructor", "prototype", "hasOwnProperty",
         "version", "format", "sha256", "moves", "players", "rounds", "hands", "", "x" * 50]


def junk(rng: random.Random, depth: int = 0):
    choice = rng.randrange(22)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, -1, 1, 2, 7, 99, 2**31, 2**53 - 1, 2**53, -2**53, 10**15])
    if choice == 3:
        return rng.choice([0.5, -0.0, 1e300, 1.0, 2.0, 3.14])
    if choice == 4:
        return rng.choice(["", "9-9", "3-4", "6-6", "t0", "n.1.l", "mx", "draw", "pass", "end", "follow", "-1",
                           "chicken-foot", "mexican-train", "basic", "kelley", "x" * rng.randrange(100)])
    if choice == 5:
        return rng.choice(NAMES)
    if choice == 6:
        return "€" * rng.randrange(1, 40) + "\u0000\ud7ff\ufeff"
    if choice == 7:
        return [rng.randrange(-2, 20), rng.randrange(-2, 20)]
    if choice == 8:
        return [[rng.randrange(0, 10), rng.randrange(0, 10)] for _ in range(rng.randrange(5))]
    if choice == 9 and depth < 3:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 10 and depth < 3:
        return {rng.choice(NAMES): junk(rng, depth + 1) for _ in range(rng.randrange(4))}
    if choice == 11:
        value = []
        for _ in range(rng.choice([10, 30, 40])):
            value = [value]
        return value
    if choice == 12:
        return "x" * rng.choice([1000, 100_000])
    if choice == 13:
        return list(range(rng.choice([100, 5000])))
    if choice == 14:
        return rng.choice(["6-4", "3-1", [6, 4], "0-0"]) if rng.random() < 0.5 else ["6-4", "6-4"]
    if choice == 15:
        return rng.choice([{"round": 1, "round_scores": [[0, 1, 2]]}, {"reason": "blocked", "scores": [1, 2, 3]},
                           {"game": "chicken-foot", "ruleset": "basic", "options": {"game": "x"}}])
    return rng.randrange(-3, 30)


def json_paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, path + (index,))


def mutate(document, rng: random.Random):
    """A copy of ``document`` with one to four parts damaged."""
    damaged = copy.deepcopy(document)
    for _ in range(rng.randint(1, 4)):
        paths = [p for p in json_paths(damaged) if p]
        if not paths:
            return junk(rng)
        path = rng.choice(paths)
        parent = damaged
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = rng.randrange(8)
        if action == 0 and isinstance(parent, dict):
            del parent[key]
        elif action == 1:
            parent[key] = [parent[key]]
        elif action == 2 and isinstance(parent, dict):
            parent[rng.choice(NAMES)] = junk(rng)
        elif action == 3 and isinstance(parent, dict):
            parent[rng.choice(NAMES)] = parent.pop(key)
        elif action == 4 and isinstance(damaged, dict):
            damaged["version"] = rng.choice([0, 2, 3, 1.5, "1", None, -1, True, 10**12])
        elif action == 5:
            rules = damaged.get("rules") if isinstance(damaged, dict) else None
            if isinstance(rules, dict) and isinstance(rules.get("options"), dict):
                rules["options"][rng.choice(NAMES)] = junk(rng)
            else:
                parent[key] = junk(rng)
        else:
            parent[key] = junk(rng)
    return damaged


def rehash(document) -> None:
    """Set the sha256 again (of the document, and of a save's record), so the checks behind it are reached."""
    for target in (document, document.get("record") if isinstance(document, dict) else None):
        if isinstance(target, dict) and "sha256" in target:
            with contextlib.suppress(TypeError, ValueError, RecursionError):
                target["sha256"] = record_hash(target)


def as_given(document, rng: random.Random):
    """The document as a page or a file would hand it over: an object, JSON text, or damaged text."""
    how = rng.randrange(6)
    if how <= 1:
        return document
    text = json.dumps(document, allow_nan=True)
    if how == 2:
        return text
    if how == 3:
        return "\ufeff" + text
    if how == 4:  # cut short, or a character put in or taken out
        cut = rng.randrange(len(text) + 1)
        return rng.choice([text[:cut], text[:cut] + rng.choice(["}", "]", '"', ",", "NaN", "\\", "\x00"]) + text[cut:],
                           text[:cut] + text[cut + 1:]])
    return text.replace(rng.choice(['"version": 1', "1", "0", ", "]), rng.choice(['"version": NaN', "Infinity",
                                                                                   "1e999", ",,", "-"]), 1)


# --- doors -----------------------------------------------------------------------------------------------


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"over {CASE_SECONDS} s")


def engine_door(kind: str, given) -> str:
    """The engine's own function for the kind; returns "ok" or the refusal's code."""
    try:
        if kind == "record":
            replay_record(given)
        elif kind == "state":
            match_from_state(given)
        elif kind == "scenario":
            hand = load_scenario(given)
            for _ in range(5):  # what loads also plays
                moves = hand.legal_moves()
                if not moves:
                    break
                hand.push(moves[0])
        elif kind == "save":
            GameSession.from_save(given)
        elif kind == "sheet":
            Sheet.from_dict(given).score()
        elif kind == "sheet-file":
            import_sheet(given if isinstance(given, str) else json.dumps(given, allow_nan=True))
        elif kind == "rules":
            readers.read_rules(given if not isinstance(given, str) else readers.read_json(given, readers.RECORD))
        elif kind == "store":
            store = given if not isinstance(given, str) else json.loads(given)
            games = store.get("games") if isinstance(store, dict) else None
            for entry in games if isinstance(games, list) else []:
                Sheet.from_dict(entry.get("sheet") if isinstance(entry, dict) else entry).score()
        return "ok"
    except RecordError as error:
        return error.code
    except ValueError:
        if kind == "store":  # the page parses the store itself (JSON.parse); only its sheets reach the engine
            return "ok"
        raise


BRIDGE_CALLS = {"record": [("game_import", "record")], "save": [("game_load", "save")],
                "sheet": [("scores_sheet", "sheet"), ("scores_export", "sheet")],
                "sheet-file": [("scores_import", "text")], "state": [("game_import", "record")],
                "scenario": [("game_import", "record")]}


def bridge_door(kind: str, given) -> list[str]:
    """The answers of the bridge methods that take this kind ("ok" or the error code)."""
    answers = []
    if kind == "rules":  # a rules link's fields, as the game page sends them to game_new
        fields = given if isinstance(given, dict) else {"options": given}
        calls = [("game_new", {**{k: v for k, v in fields.items() if k in ("game", "ruleset", "options")},
                               "players": 3, "seed": 1})]
    elif kind == "store":
        games = given.get("games") if isinstance(given, dict) else None
        calls = [("scores_sheet", {"sheet": entry.get("sheet") if isinstance(entry, dict) else entry})
                 for entry in (games if isinstance(games, list) else [])]
    else:
        calls = [(method, {name: given}) for method, name in BRIDGE_CALLS[kind]]
    for method, arguments in calls:
        answer = json.loads(handle(method, json.dumps(arguments, allow_nan=True)))
        answers.append("ok" if answer["ok"] else answer["error"])
    return answers


def cli_door(given, subprocess_run: bool = False) -> tuple[int, str]:
    """``python -m engine replay FILE`` on the document as a file: (exit status, stderr)."""
    from engine import cli

    with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as handle_:
        handle_.write((given if isinstance(given, str) else json.dumps(given, allow_nan=True)).encode("utf-8",
                                                                                                    "surrogatepass"))
        path = handle_.name
    try:
        if subprocess_run:
            result = subprocess.run([sys.executable, "-m", "engine", "replay", path], capture_output=True, text=True,
                                    cwd=ROOT, timeout=30)
            return result.returncode, result.stderr
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(["replay", path])
        return status, err.getvalue()
    finally:
        Path(path).unlink()


# --- running ---------------------------------------------------------------------------------------------


def run_case(kind: str, base, seed: int, doors=("engine", "bridge", "cli"), subprocess_cli=False) -> list[str]:
    """One case: the failures it found (empty when every door answered as documented)."""
    rng = random.Random(seed)
    document = mutate(base, rng)
    if rng.random() < 0.5:
        rehash(document)
    given = as_given(document, rng)
    failures = []
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for door in doors:
            if door == "cli" and kind not in ("record", "state", "save"):
                continue
            began = time.monotonic()
            signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
            try:
                if door == "engine":
                    answers = [engine_door(kind, given)]
                    bad = [a for a in answers if a != "ok" and a not in DOCUMENTED]
                elif door == "bridge":
                    answers = bridge_door(kind, given)
                    bad = [a for a in answers if a != "ok" and a not in BRIDGE_CODES]
                else:
                    status, err = cli_door(given, subprocess_cli)
                    answers = [status]
                    bad = [] if status in (0, 2) and "Traceback" not in err and err.count("\n") <= 1 else [
                        f"status {status}: {err[-300:]}"]
                if bad:
                    failures.append(f"{kind} via {door}: undocumented answer {bad}")
            except Hang:
                failures.append(f"{kind} via {door}: took over {CASE_SECONDS} s")
            except Exception as error:  # noqa: BLE001 - the very thing being looked for
                failures.append(f"{kind} via {door}: {type(error).__name__}: {str(error)[:200]}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if time.monotonic() - began > CASE_SECONDS:
                failures.append(f"{kind} via {door}: took {time.monotonic() - began:.1f} s")
    finally:
        signal.signal(signal.SIGALRM, previous)
    return failures


def fuzz(cases: int, seed: int = 0, minutes: float | None = None, doors=("engine", "bridge", "cli"),
         progress=None) -> dict:
    """``cases`` cases spread evenly over the kinds; returns cases per kind, answers seen, and failures."""
    bases = samples()
    kinds = sorted(bases)
    counts, answers, failures = Counter(), Counter(), []
    deadline = time.monotonic() + 60 * minutes if minutes else None
    for number in range(cases):
        if deadline and time.monotonic() > deadline:
            break
        kind = kinds[number % len(kinds)]
        case_seed = seed * 10**9 + number
        base = bases[kind][random.Random(case_seed).randrange(len(bases[kind]))]
        found = run_case(kind, base, case_seed, doors)
        counts[kind] += 1
        failures.extend(f"{message} (seed {case_seed})" for message in found)
        if progress and (number + 1) % progress == 0:
            print(f"{number + 1} cases, {len(failures)} failures", file=sys.stderr, flush=True)
    return {"cases": dict(counts), "failures": failures}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long, whatever --cases says")
    parser.add_argument("--replay", type=int, default=None, metavar="SEED", help="run the one case of this seed")
    parser.add_argument("--progress", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.replay is not None:
        bases = samples()
        kinds = sorted(bases)
        number = args.replay % 10**9
        kind = kinds[number % len(kinds)]
        base = bases[kind][random.Random(args.replay).randrange(len(bases[kind]))]
        found = run_case(kind, base, args.replay)
        print("\n".join(found) or "no failure")
        return 1 if found else 0
    began = time.monotonic()
    result = fuzz(args.cases, args.seed, args.minutes, progress=args.progress)
    seconds = time.monotonic() - began
    print(f"{'kind':<12} cases")
    for kind, count in sorted(result["cases"].items()):
        print(f"{kind:<12} {count}")
    total = sum(result["cases"].values())
    print(f"{'all':<12} {total}  ({seconds:.0f} s, {total / max(seconds, 1e-9):.0f} cases/s)")
    print(f"failures: {len(result['failures'])}")
    for failure in result["failures"][:50]:
        print(f"  {failure}")
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
