"""Rule options and named rule sets, as data.

Where the sources disagree, each reading is a value of a named option; a rule set is a name plus the values
it picks. The game code reads option values and never tests a rule set's name (python-chess's variants do the
same). ``python -m engine rules`` prints all of this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import deal_tables as tables
from .errors import ConfigError
from .tiles import SET_SIZES, set_count

CHICKEN_FOOT = "chicken-foot"
MEXICAN_TRAIN = "mexican-train"
GAMES = (CHICKEN_FOOT, MEXICAN_TRAIN)
GAME_ALIASES = {"cf": CHICKEN_FOOT, "chickenfoot": CHICKEN_FOOT, "mt": MEXICAN_TRAIN, "mexicantrain": MEXICAN_TRAIN}


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    choices: tuple = ()  # allowed values; empty when any positive integer (``integer``) is allowed
    integer: bool = False  # also accepts a positive integer (e.g. an explicit hand size)
    rule_id: str = ""
    help: str = ""

    def check(self, value: Any) -> Any:
        if isinstance(value, str):  # values from the command line or JSON text
            text = value.strip()
            if text.lower() in ("true", "false"):
                value = text.lower() == "true"
            elif text.isdigit():
                value = int(text)
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        if self.integer and type(value) is int and value > 0:
            return value
        allowed = ", ".join(str(c) for c in self.choices) + (", or a positive whole number" if self.integer else "")
        raise ConfigError(f"option {self.name} cannot be {value!r}; choose {allowed}", "bad-option-value",
                          option=self.name, value=str(value))

    def to_dict(self) -> dict:
        return {"name": self.name, "default": self.default, "choices": list(self.choices),
                "integer": self.integer, "rule_id": self.rule_id, "help": self.help}


@dataclass(frozen=True)
class RuleSet:
    name: str
    game: str
    sources: str
    description: str
    values: dict = field(default_factory=dict)


_MATCH_OPTIONS = (
    Option("match_length", "all-doubles", ("all-doubles", "to-total"), rule_id="cf-rounds",
           help="one round per double from the set's highest down to the double-blank, or play until a player's "
                "total reaches target_total (that player loses)"),
    Option("target_total", 250, (), integer=True, rule_id="cf-rounds",
           help="the agreed total for match_length to-total"),
    Option("tie_breaks", "zero-rounds-then-lowest-round", ("zero-rounds-then-lowest-round", "shared"),
           rule_id="cf-tie-breaks",
           help="equal totals: most zero-point rounds wins, then the lowest non-zero round score; or share the win"),
)

CHICKEN_FOOT_OPTIONS: tuple[Option, ...] = (
    Option("set_size", 9, SET_SIZES, rule_id="cf-equipment", help="the highest double of the set"),
    Option("deal", "basic", ("basic", "puremco", "pagat-small", "kelley"), integer=True, rule_id="cf-deal",
           help="basic: 7 each (000-002); puremco: pagat's table; pagat-small: pagat's smaller deal; "
                "kelley: Kelley's figure; or an explicit hand size"),
    Option("opening", "holder-or-draw", ("holder-or-draw", "holder-or-lower", "set-aside", "draw-for-first"),
           rule_id="cf-opening",
           help="the holder of the round's double opens; if it was not dealt: players draw in turn until it is "
                "found (holder-or-draw) or the next lower dealt double starts (holder-or-lower); set-aside: the "
                "double is put out face up before the deal; draw-for-first (Kelley): it is put out and each "
                "player draws a tile, the highest plays first"),
    Option("root_arms", "four", ("four", "three", "double-foot"), rule_id="cf-starting-double",
           help="tiles the starting double takes before any arm takes a second: one on each of four sides, "
                "three sides only, or three on each side (pagat's 'double chicken foot')"),
    Option("drawing", "one", ("one", "until-playable"), rule_id="cf-drawing",
           help="no play: draw one tile (both sources), or keep drawing until a tile plays (a table habit)"),
    Option("chicken_little", False, (False, True), rule_id="cf-chicken-little",
           help="pagat variant: announce your last tile; caught not announcing, draw one (or lose a turn)"),
    Option("double_blank", 50, (50, 25), rule_id="cf-scoring", help="what the double-blank costs in hand"),
    Option("ending_on_double_penalty", 0, (0, 50), rule_id="cf-ending-on-double",
           help="Kelley: going out on a double costs 50"),
) + _MATCH_OPTIONS

MEXICAN_TRAIN_OPTIONS: tuple[Option, ...] = (
    Option("set_size", "auto", ("auto",) + SET_SIZES, rule_id="mt-equipment",
           help="the set; auto picks the one 004 gives for the player count"),
    Option("deal", "table", ("table",), integer=True, rule_id="mt-deal",
           help="004's table for the set and player count, or an explicit hand size"),
    Option("double_blank", 50, (50, 25), rule_id="mt-scoring", help="what the double-blank costs in hand"),
) + tuple(
    Option(o.name, o.default, o.choices, o.integer, o.rule_id.replace("cf-", "mt-"), o.help) for o in _MATCH_OPTIONS
)

OPTIONS: dict[str, tuple[Option, ...]] = {CHICKEN_FOOT: CHICKEN_FOOT_OPTIONS, MEXICAN_TRAIN: MEXICAN_TRAIN_OPTIONS}

RULE_SETS: dict[str, dict[str, RuleSet]] = {
    CHICKEN_FOOT: {
        "basic": RuleSet("basic", CHICKEN_FOOT, "000-002",
                         "The basic rules: double-nine, seven tiles each, the holder of the round's double opens."),
        "pagat": RuleSet("pagat", CHICKEN_FOOT, "003 (pagat.com)",
                         "pagat.com: Puremco's deal table; its variants are options.",
                         {"deal": "puremco"}),
        "kelley": RuleSet("kelley", CHICKEN_FOOT, "003 (Kelley, as summarised by Wikipedia)",
                          "Kelley: draw for first player, no ending on a double (50). Kelley's only deal figure is "
                          "for double-12 (deal 'kelley'); double-nine uses Puremco's table.",
                          {"deal": "puremco", "opening": "draw-for-first", "ending_on_double_penalty": 50}),
    },
    MEXICAN_TRAIN: {
        "standard": RuleSet("standard", MEXICAN_TRAIN, "004",
                            "Source 004: the set and deal follow the player count."),
        "double-six": RuleSet("double-six", MEXICAN_TRAIN, "004",
                              "004's small game: a double-six set, seven tiles each, 2-4 players.",
                              {"set_size": 6}),
    },
}
DEFAULT_RULE_SET = {CHICKEN_FOOT: "basic", MEXICAN_TRAIN: "standard"}


def canonical_game(game: str) -> str:
    key = str(game).strip().lower()
    key = GAME_ALIASES.get(key.replace("-", "").replace("_", ""), key)
    if key not in GAMES:
        raise ConfigError(f"unknown game {game!r}; choose chicken-foot or mexican-train", "unknown-game", game=game)
    return key


class Rules:
    """One game's resolved options: a rule set's values plus any overrides. Immutable."""

    __slots__ = ("game", "ruleset", "values")

    def __init__(self, game: str, ruleset: str | None = None, **overrides: Any) -> None:
        game = canonical_game(game)
        ruleset = ruleset or DEFAULT_RULE_SET[game]
        sets = RULE_SETS[game]
        if ruleset not in sets:
            raise ConfigError(f"unknown rule set {ruleset!r} for {game}; choose {', '.join(sets)}",
                              "unknown-rule-set", ruleset=ruleset, game=game)
        specs = {o.name: o for o in OPTIONS[game]}
        values = {o.name: o.default for o in OPTIONS[game]}
        values.update(sets[ruleset].values)
        for name, value in overrides.items():
            if name not in specs:
                raise ConfigError(f"unknown option {name!r} for {game}; options: {', '.join(specs)}",
                                  "unknown-option", option=name)
            values[name] = specs[name].check(value)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "values", values)

    def __setattr__(self, name, value):
        raise AttributeError("Rules are immutable")

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and (self.game, self.ruleset, self.values) == (other.game, other.ruleset, other.values)

    def __hash__(self) -> int:
        return hash((self.game, self.ruleset, tuple(sorted((k, str(v)) for k, v in self.values.items()))))

    def __repr__(self) -> str:
        return f"Rules({self.game!r}, {self.ruleset!r}, {self.values!r})"

    def overrides(self) -> dict:
        base = Rules(self.game, self.ruleset).values
        return {k: v for k, v in self.values.items() if base[k] != v}

    def to_dict(self) -> dict:
        return {"game": self.game, "ruleset": self.ruleset, "options": dict(self.values)}

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        if not isinstance(data, dict):
            raise ConfigError(f"rules must be an object, got {data!r}", "bad-rules")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ConfigError("options must be an object of name: value", "bad-rules")
        return cls(data.get("game", ""), data.get("ruleset"), **options)

    # --- derived facts, checked against a player count ---------------------------------------------------

    def max_pip(self, players: int) -> int:
        size = self.values["set_size"]
        if size == "auto":
            if players not in tables.MEXICAN_TRAIN_AUTO_SET:
                low, high = tables.MEXICAN_TRAIN_PLAYERS
                raise ConfigError(f"Mexican Train is for {low} to {high} players, not {players}",
                                  "players-out-of-range", players=players)
            return tables.MEXICAN_TRAIN_AUTO_SET[players]
        return size

    def hand_size(self, players: int) -> int:
        deal = self.values["deal"]
        if isinstance(deal, int):
            return deal
        max_pip = self.max_pip(players)
        if deal == "basic":
            return tables.BASIC_HAND_SIZE
        if deal == "table":
            table = tables.MEXICAN_TRAIN_TABLE.get(max_pip, {})
        else:
            table = tables.CHICKEN_FOOT_TABLES[deal].get(max_pip, {})
        if players not in table:
            covered = ", ".join(str(p) for p in sorted(table)) or "no player count"
            raise ConfigError(
                f"the {deal} deal has no figure for {players} players with double-{max_pip} "
                f"(it covers {covered}); give a hand size with --deal N",
                "deal-not-covered", deal=deal, players=players, set_size=max_pip)
        return table[players]

    def validate(self, players: int) -> None:
        """Refuse a configuration that cannot be played, with a message a person can act on."""
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ConfigError(f"a game needs at least 2 players, not {players!r}", "players-out-of-range",
                              players=str(players))
        if self.game == MEXICAN_TRAIN:
            low, high = tables.MEXICAN_TRAIN_PLAYERS
            if not low <= players <= high:
                raise ConfigError(f"Mexican Train is for {low} to {high} players, not {players}",
                                  "players-out-of-range", players=players)
        max_pip = self.max_pip(players)
        hand = self.hand_size(players)
        count = set_count(max_pip)
        aside = self.game == CHICKEN_FOOT and self.values["opening"] in ("set-aside", "draw-for-first")
        available = count - (1 if aside else 0)
        if hand * players > available:
            raise ConfigError(
                f"{players} players × {hand} tiles = {hand * players} tiles, but double-{max_pip} has only "
                f"{available} to deal", "too-many-tiles", players=players, hand=hand, available=available)
        if self.game == CHICKEN_FOOT and self.values["root_arms"] == "double-foot" and max_pip < 12:
            raise ConfigError(
                f"the double chicken foot needs 12 tiles of the starting number, but double-{max_pip} has only "
                f"{max_pip} besides the double; use double-12 or larger", "root-cannot-be-finished",
                set_size=max_pip)


def list_rules(game: str) -> dict:
    """Every rule set and option of a game, as plain data (for ``python -m engine rules``)."""
    game = canonical_game(game)
    return {
        "game": game,
        "default_ruleset": DEFAULT_RULE_SET[game],
        "rulesets": [{"name": r.name, "sources": r.sources, "description": r.description,
                      "options": Rules(game, r.name).values} for r in RULE_SETS[game].values()],
        "options": [o.to_dict() for o in OPTIONS[game]],
    }
