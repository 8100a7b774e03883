"""The words for the engine's options and rule sets (``engine/options.py``): a label for every option and
every value it can take, one sentence that explains each option, and each rule set's name and line.

Two things read them, so each is written once: the rules pages' rule-set table
(``generated/tables.py``) and the data of the house-rules page, the score keeper and the rules links
(``rules_data.py``). Every string is a ui string (``N_``, or ``Nn_`` for a text that counts), translated
through the catalogs.
"""

from __future__ import annotations

from typing import NamedTuple

from engine import deal_tables
from engine.options import CHICKEN_FOOT, GAMES, MEXICAN_TRAIN, OPTIONS, RULE_SETS

from .uistrings import N_, Nn_, Plural

GAME_NAMES = {CHICKEN_FOOT: N_("Chicken Foot"), MEXICAN_TRAIN: N_("Mexican Train")}

SET_NAMES = {
    6: N_("Double-six"),
    9: N_("Double-nine"),
    12: N_("Double-twelve"),
    15: N_("Double-fifteen"),
    18: N_("Double-eighteen"),
}

class OptionWords(NamedTuple):
    """One option's words and where it shows: ``label``; ``explanation``, one sentence on what the choice is
    about (the house-rules page and its printed summary); ``shown_when``, the other options' values under which
    it matters at all (a summary leaves it out otherwise); ``new_game_form``, the words of its box on the play
    page's new-game form, for the few options offered there."""

    label: str
    explanation: str
    shown_when: dict | None = None
    new_game_form: str | None = None


OPTION_WORDS = {
    "set_size": OptionWords(N_("Set"), N_("The set you play with: its highest double starts the first round, and a "
                                          "bigger set suits more players.")),
    "deal": OptionWords(N_("Tiles each"), N_("How many tiles each player takes at the start of a round; the rest "
                                             "stay in the boneyard.")),
    "opening": OptionWords(N_("Who opens"), N_("Who lays the round's starting double, and what happens when nobody "
                                               "was dealt it.")),
    "root_arms": OptionWords(N_("Starting double"), N_("How many tiles the starting double takes before any arm gets "
                                                       "a second tile.")),
    "drawing": OptionWords(N_("When you cannot play"), N_("What you do when no tile in your hand can be played.")),
    "chicken_little": OptionWords(
        N_("Chicken little"), N_("Whether a player with one tile left must say “chicken little”, or be caught and draw."),
        new_game_form=N_("Chicken little (pagat): say so when you have one tile left, or be caught and draw")),
    "double_blank": OptionWords(N_("Double blank left in hand"), N_("What the double blank costs when it is left in "
                                                                    "your hand at the end of a round.")),
    "ending_on_double_penalty": OptionWords(N_("Going out on a double"), N_("Whether a player may go out by laying a "
                                                                            "double as their last tile.")),
    "match_length": OptionWords(N_("Length of the game"), N_("How long the game lasts: one round for each double, or "
                                                             "until someone reaches the losing total.")),
    "target_total": OptionWords(N_("Losing total"), N_("The losing total, when you play until someone reaches it."),
                                shown_when={"match_length": "to-total"}),
    "tie_breaks": OptionWords(N_("Ties"), N_("Who wins when two players end with the same lowest total.")),
}

VALUE_LABELS = {
    ("set_size", "auto"): N_("Chosen by the number of players"),
    ("deal", "basic"): Nn_("{count} each", "{count} each"),
    ("deal", "puremco"): N_("Puremco's table"),
    ("deal", "pagat-small"): N_("pagat's smaller deal"),
    ("deal", "kelley"): N_("Kelley's figure"),
    ("deal", "table"): N_("The table for the number of players"),
    ("opening", "holder-or-draw"): N_("The holder of the double; if nobody has it, draw until it turns up"),
    ("opening", "holder-or-lower"): N_("The holder of the double; if nobody has it, the next lower double"),
    ("opening", "set-aside"): N_("The double is set aside before the deal"),
    ("opening", "draw-for-first"): N_("Everyone draws a tile; the highest plays first"),
    ("root_arms", "four"): N_("One tile on each of its four sides"),
    ("root_arms", "three"): N_("Three sides only"),
    ("root_arms", "three-each-side"): N_("Three tiles on each of its four sides (double chicken foot)"),
    ("root_arms", "two-feet"): N_("Three tiles on each of two opposite sides (double chicken foot, two feet)"),
    ("drawing", "one"): N_("Draw one tile"),
    ("drawing", "until-playable"): N_("Draw until you can play"),
    ("chicken_little", False): N_("No"),
    ("chicken_little", True): N_("Yes"),
    ("double_blank", 50): Nn_("{points} point", "{points} points"),
    ("double_blank", 25): Nn_("{points} point", "{points} points"),
    ("ending_on_double_penalty", 0): N_("Allowed"),
    ("ending_on_double_penalty", 50): Nn_("{points}-point penalty", "{points}-point penalty"),
    ("match_length", "all-doubles"): N_("One round per double"),
    ("match_length", "to-total"): N_("Until someone reaches the losing total"),
    ("tie_breaks", "zero-rounds-then-lowest-round"): N_("Most rounds at zero, then the lowest round score"),
    ("tie_breaks", "shared"): N_("Shared"),
}
# An option that also takes a whole number (an explicit hand size, an agreed total) labels it so.
NUMBER_LABELS = {"deal": Nn_("{count} each", "{count} each"),
                 "target_total": Nn_("{points} point", "{points} points")}

RULE_SET_NAMES = {
    (CHICKEN_FOOT, "basic"): N_("Basic"),
    (CHICKEN_FOOT, "pagat"): N_("pagat"),
    (CHICKEN_FOOT, "kelley"): N_("Kelley"),
    (MEXICAN_TRAIN, "standard"): N_("Standard"),
    (MEXICAN_TRAIN, "double-six"): N_("Double-six"),
}
# Each rule set's line, as the play page's new-game form and the house-rules page show it.
RULE_SET_LINES = {
    (CHICKEN_FOOT, "basic"): N_("The basic rules: seven tiles each; the holder of the round's double opens."),
    (CHICKEN_FOOT, "pagat"): N_("pagat.com's rules: Puremco's deal table, more tiles with fewer players."),
    (CHICKEN_FOOT, "kelley"): N_("Kelley's book: players draw for first play; going out on a double costs 50."),
    (MEXICAN_TRAIN, "standard"): N_("The set and the deal follow the number of players."),
    (MEXICAN_TRAIN, "double-six"): N_("The small game: a double-six set, seven tiles each, for 2 to 4 players."),
}


def set_name(size: int) -> str:
    try:
        return SET_NAMES[size]
    except KeyError:
        raise LookupError(f"no name for a double-{size} set: add it to SET_NAMES") from None


def option_words(name: str) -> OptionWords:
    if name not in OPTION_WORDS:
        raise LookupError(f"no words for option {name}: add its record to OPTION_WORDS")
    return OPTION_WORDS[name]


def option_label(name: str) -> str:
    return option_words(name).label


def placeholders(label: str | Plural) -> str:
    """The text whose ``{name}`` placeholders a label fills (a counting label's plural form names them all)."""
    return label.plural if isinstance(label, Plural) else label


def value_label(name: str, value: object) -> tuple[str | Plural, dict[str, int]]:
    """The msgid (or counting text) that names an option's value, and the numbers its placeholders take; a
    counting text counts the one number it names."""
    if name == "set_size" and isinstance(value, int):
        return set_name(value), {}
    if name in NUMBER_LABELS and type(value) is int:
        label = NUMBER_LABELS[name]
        return label, {key: value for key in ("count", "points") if "{" + key + "}" in placeholders(label)}
    key = (name, value)
    if key not in VALUE_LABELS:
        raise LookupError(f"no label for option {name} = {value!r}: add it to VALUE_LABELS")
    label = VALUE_LABELS[key]
    numbers = {"count": deal_tables.BASIC_HAND_SIZE, "points": value}
    return label, {k: v for k, v in numbers.items() if "{" + k + "}" in placeholders(label)}


def rule_set_text(game: str, name: str) -> tuple[str, str]:
    if (game, name) not in RULE_SET_NAMES or (game, name) not in RULE_SET_LINES:
        raise LookupError(f"no name or line for rule set {game}/{name}: add it to RULE_SET_NAMES and "
                          "RULE_SET_LINES")
    return RULE_SET_NAMES[(game, name)], RULE_SET_LINES[(game, name)]


def game_words() -> dict:
    """What the apps name without the rules data (the pages' boot data), in the engine's order (as lists: a
    page's JSON sorts the keys of objects): each game with its name, its rule sets' names and lines and the
    options its new-game form offers, all as msgids."""
    return [{"game": game, "label": GAME_NAMES[game],
             "rulesets": [[name, *rule_set_text(game, name)] for name in RULE_SETS[game]],
             "form_options": [[option.name, OPTION_WORDS[option.name].new_game_form] for option in OPTIONS[game]
                              if OPTION_WORDS[option.name].new_game_form]}
            for game in GAMES]
