"""Rule options and named rule sets, as data.

Where the sources disagree, each reading is a value of a named option; a rule set is a name plus the values
it picks. The game code reads option values and never tests a rule set's name (python-chess's variants do the
same). ``python -m engine rules`` prints all of this.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import deal_tables as tables
from .errors import ConfigError, shown
from .fielded import FrozenFielded, fresh
from .tiles import SET_SIZES, set_count

# Whole-number options (a hand size, a losing total) stay below this: far beyond any game, and small enough
# that a number in JSON never loses precision in a browser (JavaScript numbers are exact up to 2**53).
MAX_WHOLE = 10**6
MAX_WHOLE_DIGITS = len(str(MAX_WHOLE))

CHICKEN_FOOT = "chicken-foot"
MEXICAN_TRAIN = "mexican-train"
GAMES = (CHICKEN_FOOT, MEXICAN_TRAIN)
GAME_ALIASES = {"cf": CHICKEN_FOOT, "chickenfoot": CHICKEN_FOOT, "mt": MEXICAN_TRAIN, "mexicantrain": MEXICAN_TRAIN}


class Option(NamedTuple):  # a NamedTuple, not a frozen dataclass: see engine/placement.py
    """A named rule option: its default, the values it allows, and the rule it belongs to."""

    name: str
    default: Any
    choices: tuple = ()  # allowed values; empty when any positive integer (``integer``) is allowed
    integer: bool = False  # also accepts a positive integer (e.g. an explicit hand size)
    rule_id: str = ""
    help: str = ""
    aliases: tuple = ()  # (old name, value): names a value used to have, still read from old records

    def check(self, value: Any) -> Any:
        if isinstance(value, str):  # values from the command line or JSON text
            text = value.strip()
            if text.lower() in ("true", "false"):
                value = text.lower() == "true"
            elif text.isdigit() and len(text) <= MAX_WHOLE_DIGITS:
                value = int(text)
            value = dict(self.aliases).get(value, value)
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        if self.integer and type(value) is int and 0 < value <= MAX_WHOLE:
            return value
        allowed = ", ".join(str(c) for c in self.choices) + (", or a positive whole number" if self.integer else "")
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise ConfigError(f"option {self.name} cannot be {shown}; choose {allowed}", "bad-option-value",
                          option=self.name, value=shown)

    def to_dict(self) -> dict:
        return {"name": self.name, "default": self.default, "choices": list(self.choices),
                "integer": self.integer, "rule_id": self.rule_id, "help": self.help}


class RuleSet(FrozenFielded):
    """A named variant: the option values it sets, and the sources that play it."""

    name: str
    game: str
    sources: str
    description: str
    values: dict = fresh(dict)


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
                "kelley: Kelley's figure (15 each, double-12, 4 players), Puremco's table where Kelley gives "
                "none; or an explicit hand size"),
    Option("opening", "holder-or-draw", ("holder-or-draw", "holder-or-lower", "set-aside", "draw-for-first"),
           rule_id="cf-opening",
           help="the holder of the round's double opens; if it was not dealt: players draw in turn until it is "
                "found (holder-or-draw) or the next lower dealt double starts (holder-or-lower); set-aside: the "
                "double is put out face up before the deal; draw-for-first (Kelley): it is put out and each "
                "player draws a tile, the highest plays first"),
    Option("root_arms", "four", ("four", "three", "three-each-side", "two-feet"), rule_id="cf-starting-double",
           help="tiles the starting double takes before any arm takes a second: one on each of four sides; "
                "three sides only; or pagat's 'double chicken foot', read two ways: three-each-side (three tiles "
                "on each of its four sides, 12 tiles, double-12 or larger) or two-feet (a foot of three toes on "
                "each of two opposite sides, 6 tiles, the older texts' reading, any set)",
           aliases=(("double-foot", "three-each-side"),)),
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
                          "Kelley: draw for first player, no ending on a double (50), Kelley's deal: 15 each "
                          "for double-12 and 4 players, his only figure; where he gives none, Puremco's table.",
                          {"deal": "kelley", "opening": "draw-for-first", "ending_on_double_penalty": 50}),
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
# Each rule set's values (defaults, then the rule set's own), for ``Rules.overrides``.
RULE_SET_VALUES = {game: {name: {**{o.name: o.default for o in OPTIONS[game]}, **ruleset.values}
                          for name, ruleset in sets.items()} for game, sets in RULE_SETS.items()}
# How many tiles of its number the starting double takes before play goes anywhere else.
ROOT_TILES = {"four": 4, "three": 3, "three-each-side": 12, "two-feet": 6}


def canonical_game(game: str) -> str:
    key = str(game).strip().lower() if isinstance(game, str) else ""
    key = GAME_ALIASES.get(key.replace("-", "").replace("_", ""), key)
    if key not in GAMES:
        raise ConfigError(f"unknown game {shown(game)}; choose chicken-foot or mexican-train", "unknown-game",
                          game=shown(game))
    return key


class Rules:
    """One game's resolved options: a rule set's values plus any overrides. Immutable.

    A combination no number of players could play (a deal table with no figure for the set, a hand size
    larger than half the set, a double chicken foot the set cannot finish) is refused here, with a
    ``ConfigError`` that says why; ``validate(players)`` then checks one player count.
    """

    __slots__ = ("game", "ruleset", "values")

    def __init__(self, game: str, ruleset: str | None = None, /, **overrides: Any) -> None:
        # positional-only: an option named ``game``, ``ruleset`` or ``self`` (a record's, a link's) is then an
        # unknown option, refused as such, not a TypeError about Python's own parameters
        game = canonical_game(game)
        ruleset = ruleset or DEFAULT_RULE_SET[game]
        sets = RULE_SETS[game]
        if not isinstance(ruleset, str) or ruleset not in sets:
            raise ConfigError(f"unknown rule set {shown(ruleset)} for {game}; choose {', '.join(sets)}",
                              "unknown-rule-set", game=game,
                              ruleset=ruleset[:40] if isinstance(ruleset, str) else shown(ruleset))
        specs = {o.name: o for o in OPTIONS[game]}
        values = {o.name: o.default for o in OPTIONS[game]}
        values.update(sets[ruleset].values)
        for name, value in overrides.items():
            if name not in specs:
                raise ConfigError(f"unknown option {shown(name)} for {game}; options: {', '.join(specs)}",
                                  "unknown-option", option=name[:40])  # keyword names are strings
            values[name] = specs[name].check(value)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "values", values)
        self._check_playable()

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
        base = RULE_SET_VALUES[self.game][self.ruleset]
        return {k: v for k, v in self.values.items() if base[k] != v}

    def to_dict(self) -> dict:
        return {"game": self.game, "ruleset": self.ruleset, "options": dict(self.values)}

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        if not isinstance(data, dict):
            raise ConfigError(f"rules must be an object, got {shown(data)}", "bad-rules")
        options = data.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(name, str) for name in options):
            raise ConfigError("options must be an object of name: value", "bad-rules")
        return cls(data.get("game", ""), data.get("ruleset"), **options)

    # --- derived facts, checked against a player count ---------------------------------------------------

    def max_players(self) -> int:
        """The most players these rules could seat: 004's range for Mexican Train; for Chicken Foot, one
        tile each from the largest set the rules use."""
        if self.game == MEXICAN_TRAIN:
            return tables.MEXICAN_TRAIN_PLAYERS[1]
        return set_count(self.values["set_size"])

    def max_pip(self, players: int) -> int:
        size = self.values["set_size"]
        if size == "auto":
            if players not in tables.MEXICAN_TRAIN_AUTO_SET:
                low, high = tables.MEXICAN_TRAIN_PLAYERS
                raise ConfigError(f"Mexican Train is for {low} to {high} players, not {shown(players)}",
                                  "players-out-of-range", players=shown(players))
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
            table = tables.chicken_foot_table(deal, max_pip)
        if not table:
            sets = [n for n in SET_SIZES if (tables.MEXICAN_TRAIN_TABLE.get(n) if deal == "table"
                                             else tables.chicken_foot_table(deal, n))]
            raise ConfigError(
                f"the {deal} deal gives no figure for double-{max_pip} (it covers "
                f"{', '.join(f'double-{n}' for n in sets)}); choose one of those sets or give a hand size",
                "deal-not-covered", deal=deal, players=players, set_size=max_pip)
        if players not in table:
            covered = ", ".join(str(p) for p in sorted(table)) or "no player count"
            raise ConfigError(
                f"the {deal} deal has no figure for {players} players with double-{max_pip} "
                f"(it covers {covered}); give a hand size with --deal N",
                "deal-not-covered", deal=deal, players=players, set_size=max_pip)
        return table[players]

    def check_players(self, players: int) -> None:
        """Refuse a player count these rules cannot seat, whatever the deal (a scenario gives its hands)."""
        if isinstance(players, bool) or not isinstance(players, int) or players < 2:
            raise ConfigError(f"a game needs at least 2 players, not {shown(players)}", "players-out-of-range",
                              players=shown(players))
        if self.game == MEXICAN_TRAIN:
            low, high = tables.MEXICAN_TRAIN_PLAYERS
            if not low <= players <= high:
                raise ConfigError(f"Mexican Train is for {low} to {high} players, not {players}",
                                  "players-out-of-range", players=players)
        elif players > self.max_players():
            raise ConfigError(f"double-{self.values['set_size']} cannot give {players} players a tile each",
                              "players-out-of-range", players=players)
        max_pip = self.max_pip(players)
        if self.game == CHICKEN_FOOT:
            needed = ROOT_TILES[self.values["root_arms"]]
            if needed > max_pip:
                raise ConfigError(
                    f"this starting double takes {needed} tiles of its number, but double-{max_pip} has only "
                    f"{max_pip} besides the double; use double-12 or larger, or root_arms two-feet",
                    "root-cannot-be-finished", set_size=max_pip)

    def validate(self, players: int) -> None:
        """Refuse a configuration that cannot be played, with a message a person can act on."""
        self.check_players(players)
        max_pip = self.max_pip(players)
        hand = self.hand_size(players)
        count = set_count(max_pip)
        aside = self.game == CHICKEN_FOOT and self.values["opening"] in ("set-aside", "draw-for-first")
        available = count - (1 if aside else 0)
        if hand * players > available:
            raise ConfigError(
                f"{players} players × {hand} tiles = {hand * players} tiles, but double-{max_pip} has only "
                f"{available} to deal", "too-many-tiles", players=players, hand=hand, available=available)

    def _check_playable(self) -> None:
        first_error = None
        for players in range(2, self.max_players() + 1):
            try:
                self.validate(players)
                return
            except ConfigError as error:
                first_error = first_error or error
        raise ConfigError(f"these rules cannot be played with any number of players: {first_error}",
                          first_error.code, **first_error.params)


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
