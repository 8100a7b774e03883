"""``python -m engine``: simulate, rules, replay, figures, record, soak. Bad input gets a message and exit
status 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import ConfigError, EngineError
from .options import Rules, canonical_game, list_rules
from .readers import RECORD


def _parse_option(text: str) -> tuple[str, str]:
    name, eq, value = text.partition("=")
    if not eq or not name:
        raise argparse.ArgumentTypeError(f"write options as name=value, not {text!r}")
    return name.strip().replace("-", "_"), value.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Chicken Foot and Mexican Train engine")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play whole matches between computer players and summarise them")
    sim.add_argument("--game", default="chicken-foot", help="chicken-foot or mexican-train")
    sim.add_argument("--rules", default=None, help="rule set name (see: python -m engine rules --game G)")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", default="random", help="one bot for all seats, or one per seat: greedy,random,...")
    sim.add_argument("--deal", default=None, help="override the deal (a table name or a hand size)")
    sim.add_argument("--set", dest="set_size", default=None, help="override the set size (6, 9, 12, 15, 18)")
    sim.add_argument("--option", action="append", type=_parse_option, default=[], metavar="NAME=VALUE",
                     help="override any option, e.g. --option drawing=until-playable")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    rules = sub.add_parser("rules", help="list the rule sets and every option with its default")
    rules.add_argument("--game", default="chicken-foot")
    rules.add_argument("--json", action="store_true")

    replay = sub.add_parser("replay", help="check a game record and print its result")
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true")

    figures = sub.add_parser("figures", help="the figures of source 003, computed")
    figures.add_argument("--json", action="store_true")

    record = sub.add_parser("record", help="play one match between bots and print its game record (JSON)")
    record.add_argument("--game", default="chicken-foot")
    record.add_argument("--rules", default=None)
    record.add_argument("--players", type=int, default=4)
    record.add_argument("--seed", type=int, default=0)
    record.add_argument("--bots", default="greedy")
    ladder = sub.add_parser("ladder", help="heads-up matches between neighbouring levels, with 95%% intervals")
    ladder.add_argument("--game", default="chicken-foot", help="chicken-foot or mexican-train")
    ladder.add_argument("--rules", default=None, help="rule set name (default: the game's default)")
    ladder.add_argument("--matches", type=int, default=20, help="matches per pair of levels")
    ladder.add_argument("--seed", type=int, default=0)
    ladder.add_argument("--budget-ms", type=int, default=None,
                        help="the strongest level's thinking budget (ms of Pyodide on the reference machine)")
    ladder.add_argument("--jobs", type=int, default=1, help="processes to play in (the result does not change)")
    ladder.add_argument("--json", action="store_true", help="print the result as JSON")
    ladder.add_argument("--progress", action="store_true", help="report each match played on stderr")
    ladder.add_argument("--out", default=None, metavar="FILE",
                        help="also store the run (result, sample size, seed, date, budget) as JSON in FILE")

    soak = sub.add_parser("soak", help="play many matches over every rule set, option and player count, checking "
                                       "every invariant after every move; exit status 1 on any failure")
    soak.add_argument("--matches", type=int, default=100)
    soak.add_argument("--seed", type=int, default=0)
    soak.add_argument("--jobs", type=int, default=1, help="processes to share the matches between")
    soak.add_argument("--first", type=int, default=0, help="number of the first match (to replay one that failed)")
    soak.add_argument("--progress", type=int, default=0, metavar="N",
                      help="say on stderr how far each process has come, every N matches")
    puzzles = sub.add_parser("puzzles", help="re-check the practice puzzles against the engine (exit status 1 on "
                                             "any disagreement) and count them per game, theme and difficulty")
    puzzles.add_argument("--verify", action="store_true", help="re-check every puzzle (the search's, the counts)")
    puzzles.add_argument("--sample", type=int, default=None, metavar="N",
                         help="only N puzzles, spread evenly through the catalog (for CI)")
    puzzles.add_argument("--catalog", default=None, help="another catalog file (default: engine/puzzles/catalog.json)")
    sub.add_parser("rooms", help="the rooms server: play at a distance (see: python -m engine rooms --help)")
    return parser


def _rules_from(args) -> Rules:
    overrides = dict(getattr(args, "option", []) or [])
    if getattr(args, "deal", None) is not None:
        overrides["deal"] = args.deal
    if getattr(args, "set_size", None) is not None:
        overrides["set_size"] = args.set_size
    return Rules(args.game, args.rules, **overrides)


def _bots(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError(f"--bots names {len(names)} bots for {players} players", "bots-count")
    return names


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["rooms"]:  # the rooms server parses its own options (engine/rooms/cli.py)
        from .rooms.cli import main as rooms_main

        return rooms_main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _run(args) -> int:
    if args.command == "simulate":
        from .simulate import format_summary, simulate

        if args.games < 1:
            raise ConfigError("--games must be at least 1", "games")
        rules = _rules_from(args)
        rules.validate(args.players)
        summary = simulate(rules, args.players, args.games, args.seed, _bots(args.bots, args.players))
        print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
        return 0
    if args.command == "rules":
        data = list_rules(canonical_game(args.game))
        if args.json:
            print(json.dumps(data, indent=2))
            return 0
        print(f"{data['game']} (default rule set: {data['default_ruleset']})\n\nRule sets:")
        for rs in data["rulesets"]:
            print(f"  {rs['name']:<12} {rs['description']} [sources: {rs['sources']}]")
        print("\nOptions (default, then each rule set's value where it differs):")
        for option in data["options"]:
            choices = ", ".join(str(c) for c in option["choices"]) + (", N" if option["integer"] else "")
            differs = [f"{rs['name']}={rs['options'][option['name']]}" for rs in data["rulesets"]
                       if rs["options"][option["name"]] != option["default"]]
            print(f"  {option['name']} = {option['default']}   [{choices}]" + (f"   ({'; '.join(differs)})" if differs else ""))
            print(f"      {option['help']}  #{option['rule_id']}")
        return 0
    if args.command == "replay":
        from .records import replay_record

        with open(args.file, "rb") as handle:  # bytes: the record's reader checks size, UTF-8 and a BOM
            text = handle.read(4 * RECORD.max_chars + 1)
        match = replay_record(text)
        result = match.outcome.to_dict() if match.outcome else None
        if args.json:
            print(json.dumps({"valid": True, "moves": len(match.moves), "result": result,
                              "totals": list(match.totals)}, indent=2))
        else:
            print(f"valid record: {match.game} ({match.rules.ruleset}), {match.players} players, "
                  f"{len(match.moves)} moves, {len(match.round_scores)} hands")
            print("totals: " + ", ".join(f"seat {s}: {t}" for s, t in enumerate(match.totals)))
            if result:
                print(f"winner(s): {', '.join('seat ' + str(w) for w in result['winners'])} "
                      f"(decided by {result['decided_by']})")
            else:
                print("the match is not finished")
        return 0
    if args.command == "figures":
        from .stats import source_003_figures

        data = source_003_figures()
        if args.json:
            print(json.dumps(data, indent=2))
        else:
            facts = data["double_nine"]
            print(f"double-nine: {facts['tiles']} tiles, {facts['pips']} pips, {facts['tiles_per_number']} tiles per number")
            print("boneyard share: " + ", ".join(f"{r['players']}×{r['hand']} → {r['percent']}%" for r in data["boneyard_shares"]))
            print(f"tiles used per double: {data['tiles_used_per_double']}")
        return 0
    if args.command == "soak":
        from .soak import soak, summary_line

        if args.matches < 1 or args.jobs < 1 or args.first < 0 or args.seed < 0 or args.progress < 0:
            raise ConfigError("--matches and --jobs must be at least 1; --first, --seed, --progress not negative",
                              "soak")
        result = soak(args.matches, args.seed, args.jobs, args.first, args.progress)
        for failure in result["failures"]:
            print(f"FAILED {failure}", file=sys.stderr)
        print(summary_line(result))
        return 1 if result["failures"] else 0
    if args.command == "record":
        from .bots import make_bot
        from .match import Match
        from .records import game_record

        rules = Rules(args.game, args.rules)
        names = _bots(args.bots, args.players)
        match = Match(rules, args.players, args.seed)
        match.play_out([make_bot(n, args.seed + s) for s, n in enumerate(names)])
        print(json.dumps(game_record(match)))
        return 0
    if args.command == "ladder":
        return _ladder(args)
    if args.command == "puzzles":
        return _puzzles(args)
    raise AssertionError(args.command)


def _ladder(args) -> int:
    from .ladder import format_table, ladder, stored_run
    from .search import DEFAULT_BUDGET_MS

    if args.matches < 1:
        raise ConfigError("--matches must be at least 1", "matches")
    if args.jobs < 1:
        raise ConfigError("--jobs must be at least 1", "jobs")
    budget = DEFAULT_BUDGET_MS if args.budget_ms is None else args.budget_ms
    if budget < 1:
        raise ConfigError("--budget-ms must be at least 1", "bad-budget")
    rules = Rules(args.game, args.rules)
    report = (lambda done, total: print(f"{done}/{total} matches", file=sys.stderr, flush=True)) \
        if args.progress else None
    data = ladder(rules, args.matches, args.seed, budget, args.jobs, progress=report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(stored_run(data, rules, args.matches, args.seed, budget), handle, indent=2)
            handle.write("\n")
    print(json.dumps(data, indent=2) if args.json else format_table(data))
    return 0


def _puzzles(args) -> int:
    from .puzzles import verify

    catalog = verify.load_catalog(args.catalog or verify.CATALOG)
    puzzles = catalog["puzzles"]
    if args.sample is not None:
        if args.sample < 1:
            raise ConfigError("--sample must be at least 1", "sample")
        puzzles = verify.pick_sample(puzzles, args.sample)
    if not args.verify:
        result = {"checked": 0, "failures": [], "counts": verify.count(puzzles)}
        print(verify.format_counts(result))
        return 0
    result = verify.verify(puzzles)
    for failure in result["failures"]:
        print(f"DISAGREES {failure}", file=sys.stderr)
    print(verify.format_counts(result))
    return 1 if result["failures"] else 0
