"""The tutorial's "Playing well" lessons: one per tip of the Strategy page, each a Chicken Foot position in
which every move is legal but the tip's move is the best one, as the strong level's search finds it from the
learner's own view (tests/tutorial/test_strategy_lessons.py checks it across seeds).

Each lesson accepts only the tip's move: every other legal move is steered, with the reason in the reader's
language and a link to the tip's section of the Strategy page (its anchor is the rule id). They come after
the rules lessons, so their words may use every term those taught.
"""

from __future__ import annotations

from ..options import Rules
from ..tiles import Tile, tiles_per_number
from .lesson_format import N_, Lesson, Nn_, Steer, chicken_foot, played

GROUP = "playing-well"  # the lesson map's group for these lessons
DOUBLE_BLANK = Rules("chicken-foot", "basic")["double_blank"]
PER_NUMBER = tiles_per_number(9)


def on_table(scenario: dict, number: int) -> int:
    """How many tiles carrying ``number`` a scenario's table shows, the starting double included."""
    tiles = [Tile.coerce(scenario["root"])] + [Tile.of(*pair) for line in scenario["lines"] for pair in line["tiles"]]
    return sum(1 for tile in tiles if number in (tile.high, tile.low))


def opponent_tiles(scenario: dict) -> int:
    return len(scenario["hands"][1])


DOUBLE_BLANK_SCENARIO = chicken_foot(
    hands=[["0-0", "8-7", "6-5", "4-3"], ["2-1", "7-3", "5-0", "8-2", "6-0"]],
    lines=[("n", [[9, 0]]), ("e", [[9, 6]]), ("s", [[9, 8]]), ("w", [[9, 4]])],
    boneyard=["3-1", "7-0", "6-3"])
HEAVY_SCENARIO = chicken_foot(
    hands=[["8-6", "2-0", "7-4"], ["3-1", "6-2"]],
    lines=[("n", [[9, 8]]), ("e", [[9, 2]]), ("s", [[9, 3]]), ("w", [[9, 1]])],
    boneyard=["5-1", "4-0"])
COUNT_SCENARIO = chicken_foot(
    hands=[["6-6", "8-4", "8-0"], ["5-2", "3-1"]],
    lines=[("n", [[9, 6]]), ("e", [[9, 1], [1, 6], [6, 2]]), ("s", [[9, 3], [3, 6], [6, 4]]),
           ("w", [[9, 5], [5, 6], [6, 7]])])
SIXES_ON_TABLE = on_table(COUNT_SCENARIO, 6)

STRATEGY_LESSONS = (
    Lesson(
        id="st-double-blank",
        game="chicken-foot",
        group=GROUP,
        title=N_("Get rid of the double-blank early"),
        intro=(
            N_("From here on, every move you could make is allowed by the rules, but one is better than the "
               "others."),
            (Nn_("The double-blank costs {double_blank} point if it is still in your hand when the round ends, "
                 "and only a blank end takes it.",
                 "The double-blank costs {double_blank} points if it is still in your hand when the round ends, "
                 "and only a blank end takes it.", "double_blank"),
             Nn_("Here only the north arm ends in a blank, and your opponent holds {opponent_tiles} tile.",
                 "Here only the north arm ends in a blank, and your opponent holds {opponent_tiles} tiles.",
                 "opponent_tiles")),
        ),
        task=N_("Choose the tile to play first."),
        hints=(
            N_("Your opponent may cover the only blank end on their next turn."),
            N_("Play [0-0] on the north arm."),
        ),
        success=N_("The double-blank is out of your hand while a blank end was still open."),
        rules=("double-blank-early", "cf-scoring"),
        scenario=DOUBLE_BLANK_SCENARIO,
        goal=(played(),),
        solution=("0-0@n",),
        steer=(Steer(("8-7@s", "6-5@e", "4-3@w"), Nn_(
            "That tile plays, but the blank end may be covered before your next turn, and the double-blank would "
            "stay in your hand at {double_blank} point. Play it while you can.",
            "That tile plays, but the blank end may be covered before your next turn, and the double-blank would "
            "stay in your hand at {double_blank} points. Play it while you can.", "double_blank"),
            "double-blank-early"),),
        numbers={"double_blank": DOUBLE_BLANK, "opponent_tiles": opponent_tiles(DOUBLE_BLANK_SCENARIO)},
    ),
    Lesson(
        id="st-heavy-tiles",
        game="chicken-foot",
        group=GROUP,
        title=N_("Shed heavy tiles early"),
        intro=(
            Nn_("Your opponent has {opponent_tiles} tile left and may go out soon. Every pip still in your hand "
                "then counts against you.",
                "Your opponent has {opponent_tiles} tiles left and may go out soon. Every pip still in your hand "
                "then counts against you.", "opponent_tiles"),
        ),
        task=N_("Two of your tiles play. Choose the one that costs more to keep."),
        hints=(
            N_("[8-6] has 14 pips, [2-0] only 2."),
            N_("Play [8-6] on the north arm."),
        ),
        success=N_("You shed 14 pips: what is left in your hand costs less if your opponent goes out."),
        rules=("heavy-tiles-early", "cf-scoring"),
        scenario=HEAVY_SCENARIO,
        goal=(played(),),
        solution=("8-6@n",),
        steer=(Steer(("2-0@e",), N_(
            "That tile plays, but it sheds only 2 pips: if your opponent goes out now, [8-6] costs you 14 points. "
            "Play the heavier tile first."), "heavy-tiles-early"),),
        numbers={"opponent_tiles": opponent_tiles(HEAVY_SCENARIO)},
    ),
    Lesson(
        id="st-double-last-tile",
        game="chicken-foot",
        group=GROUP,
        title=N_("A double against a last tile"),
        intro=(
            N_("Your opponent has one tile left: if it fits an open end, they go out on their next turn."),
            N_("A double you lay makes a chicken foot: until its three toes are down, only its number plays, and "
               "only on the toes."),
        ),
        task=N_("Keep your opponent from going out."),
        hints=(
            N_("Your [3-3] fits the north arm, which ends in a three."),
            N_("Play [3-3] on the north arm: unless their last tile has a three, they must draw."),
        ),
        success=N_("Your opponent had no three: they drew and passed instead of going out."),
        rules=("double-against-last-tile", "cf-chicken-foot"),
        scenario=chicken_foot(
            hands=[["3-3", "3-1", "3-0", "8-6"], ["7-2"]],
            lines=[("n", [[9, 3]]), ("e", [[9, 2]]), ("s", [[9, 8]]), ("w", [[9, 0]])],
            boneyard=["6-1", "4-0", "3-2", "7-4"]),
        goal=(played(),),
        solution=("3-3@n",),
        steer=(Steer(("8-6@s", "3-0@w", "3-0@n", "3-1@n"), N_(
            "That tile plays, but it leaves every open end to your opponent's last tile. Lay your double [3-3]: "
            "then only a three plays."), "double-against-last-tile"),),
    ),
    Lesson(
        id="st-keep-an-answer",
        game="chicken-foot",
        group=GROUP,
        title=N_("Keep an answer to a double still out"),
        intro=(
            N_("Your opponent could not play: they drew a tile and passed."),
            N_("The [8-8] has not been played yet. Whoever lays it makes a chicken foot, and a player with no "
               "eight must draw instead of adding a toe."),
        ),
        task=N_("Two of your tiles play. Keep the one that could answer the [8-8]."),
        hints=(
            N_("[8-3] is your only eight."),
            N_("Play [7-1] on the east arm, and keep [8-3]."),
        ),
        success=N_("You still hold an eight: when the [8-8] is laid, you can add a toe instead of drawing."),
        rules=("keep-an-answer", "cf-chicken-foot"),
        # the opponent moves first: it cannot play, draws [6-0], which does not play either, and passes
        scenario=chicken_foot(
            hands=[["8-3", "7-1", "6-5"], ["8-8", "8-0", "6-1", "5-0", "1-1"]],
            lines=[("n", [[9, 0], [0, 3]]), ("e", [[9, 8], [8, 7]]), ("s", [[9, 5], [5, 4]]),
                   ("w", [[9, 6], [6, 2]])],
            boneyard=["6-0", "1-0", "5-1"], turn=1),
        goal=(played(),),
        solution=("7-1@e",),
        steer=(Steer(("8-3@n",), N_(
            "That plays your only eight. When the [8-8] is laid, you would have to draw instead of adding a toe. "
            "Keep [8-3], and play [7-1]."), "keep-an-answer"),),
    ),
    Lesson(
        id="st-count-before-a-double",
        game="chicken-foot",
        group=GROUP,
        title=N_("Count before you lay a double"),
        intro=(
            N_("Your [6-6] fits the north arm, which ends in a six."),
            Nn_("Each number is on {per_number} tile. Before you lay a double, count the tiles of its number "
                "already on the table.",
                "Each number is on {per_number} tiles. Before you lay a double, count the tiles of its number "
                "already on the table.", "per_number"),
        ),
        task=N_("Count the sixes, then choose your move."),
        hints=(
            Nn_("{sixes_on_table} six is on the table, and the [6-6] is yours.",
                "{sixes_on_table} sixes are on the table, and the [6-6] is yours.", "sixes_on_table"),
            Nn_("That leaves {sixes_left} six anywhere else: too few for three toes. Play [8-4] instead.",
                "That leaves {sixes_left} sixes anywhere else: too few for three toes. Play [8-4] instead.",
                "sixes_left"),
        ),
        success=N_("You did not lay a foot that could never be finished: the round goes on, and you can still "
                   "go out."),
        rules=("count-before-a-double", "cf-unfinishable-foot"),
        scenario=COUNT_SCENARIO,
        goal=(played(),),
        solution=("8-4@s",),
        steer=(Steer(("6-6@n",), Nn_(
            "Only {sixes_left} six is left outside the table, and its foot needs three toes: it could never be "
            "finished, and the round would be blocked with your tiles still in your hand.",
            "Only {sixes_left} sixes are left outside the table, and its foot needs three toes: it could never be "
            "finished, and the round would be blocked with your tiles still in your hand.", "sixes_left"),
            "count-before-a-double"),),
        numbers={"per_number": PER_NUMBER, "sixes_on_table": SIXES_ON_TABLE,
                 "sixes_left": PER_NUMBER - SIXES_ON_TABLE - 1},  # the [6-6] itself is the learner's
    ),
)
