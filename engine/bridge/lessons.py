"""The tutorial's lessons: each a position in the engine's scenario format, a goal the engine checks, hints,
and the rules it teaches (their ids are the anchors of the rules pages).

Every word is an English msgid wrapped in ``N_`` so the site's catalog extraction finds it; the browser shows
it translated. ``{name}`` placeholders are filled from ``numbers``, which the engine computes (never typed); a
sentence that counts something is ``Nn_(singular, plural, key)``, a gettext plural entry whose form the number
``numbers[key]`` chooses. An intro paragraph is one text or a tuple of sentences shown as one paragraph.
Tiles are written ``[9-4]`` in every language. ``solution`` is a sequence of the learner's moves that reaches
the goal: the tests play it in CPython and, by clicking, in the browser.

``terms``: the glossary's words (their anchors on the Glossary page, ``g-…``) that the lesson introduces. A
lesson's words, and what the board announces while it is played, use only the terms of the lessons up to it
(tests/tutorial/test_lesson_terms.py walks the lessons in order and checks).

``group``: the lesson map's group; the rules lessons are grouped by game, the strategy lessons
(``strategy_lessons.py``, after every rules lesson) under "Playing well". The shapes themselves live in
``lesson_format.py``. A new lesson touches: its module here; its words in the four ``ui`` catalogs
(``python -m scripts.sitebuild.catalogs update``, then translate); a wrong move in tests/tutorial/test_lessons.py
(a rules lesson) or its tip in tests/tutorial/test_strategy_lessons.py (a strategy lesson); and for a new group,
docs/assets/demo/lesson-map.js. The browser tests and the reader-states walk play every lesson by themselves.

Goal conditions (all must hold):
- ``{"type": "event", "kind": K, "count": n, "end": E, "by": "anyone"}``: at least ``n`` events ``K`` (by the
  learner unless ``by`` is ``anyone``), optionally on end ``E``;
- ``{"type": "hand-over", "reason": R, "learner_score_at_most": s}``;
- ``{"type": "match-won", "decided_by": D}``: with ``match.round_scores`` (earlier rounds), the learner wins.
"""

from __future__ import annotations

from ..options import Rules
from ..rule_ids import RULE_PAGES
from ..tiles import set_count, tiles_per_number
from .lesson_format import (N_, Lesson, Nn_, Plural, Steer, Text, chicken_foot, mexican_train, played,  # noqa: F401
                            text_data)
from .strategy_lessons import STRATEGY_LESSONS

ALL_ARMS = [("n", [[9, 5]]), ("e", [[9, 2]]), ("s", [[9, 8]]), ("w", [[9, 0]])]

CHICKEN_FOOT_LESSONS = (
    Lesson(
        id="cf-set",
        game="chicken-foot",
        title=N_("The set and the boneyard"),
        intro=(
            (Nn_("Chicken Foot is played with a double-nine set: {tiles} tile, each pair of numbers from blank to "
                 "nine exactly once.",
                 "Chicken Foot is played with a double-nine set: {tiles} tiles, each pair of numbers from blank to "
                 "nine exactly once.", "tiles"),
             Nn_("Each number is on {per_number} tile.", "Each number is on {per_number} tiles.", "per_number")),
            (Nn_("Each player draws a hand of tiles, here {hand} each.",
                 "Each player draws a hand of tiles, here {hand} each.", "hand"),
             Nn_("The tiles nobody drew stay face down: that is the boneyard, {boneyard} tile here. You draw from it "
                 "only when you cannot play.",
                 "The tiles nobody drew stay face down: that is the boneyard, {boneyard} tiles here. You draw from "
                 "it only when you cannot play.", "boneyard"),
             N_("If you still cannot play, you pass.")),
            N_("The [9-9] is already in the centre: the starting double. A double has the same number on both "
               "halves. The starting double takes a tile on each of its four sides: its four arms."),
        ),
        task=N_("Play a tile that carries a nine against the [9-9]."),
        hints=(
            N_("The tiles you can play are outlined. Only one of yours has a nine."),
            N_("Choose [9-4], then one of the four arms of the double."),
        ),
        success=N_("Well done: your tile matches the nine of the starting double."),
        rules=("cf-equipment", "cf-deal", "cf-matching"),
        terms=("g-tile", "g-blank", "g-double-nine-set", "g-hand", "g-draw", "g-pass", "g-boneyard",
               "g-starting-double", "g-double", "g-arm"),
        scenario=chicken_foot(
            hands=[["9-4", "8-3", "7-7", "6-2", "5-1", "3-0", "2-2"],
                   ["9-1", "8-8", "6-5", "4-3", "7-2", "5-0", "1-1"]],
            lines=[], full_boneyard=True),
        goal=(played(),),
        solution=("9-4@n",),
        numbers={"tiles": set_count(9), "per_number": tiles_per_number(9),
                 "hand": Rules("chicken-foot", "basic").hand_size(2),
                 "boneyard": set_count(9) - 1 - 2 * Rules("chicken-foot", "basic").hand_size(2)},
    ),
    Lesson(
        id="cf-starting-double",
        game="chicken-foot",
        title=N_("The opening double and its four arms"),
        intro=(
            N_("The starting double takes one tile on each of its four sides: its arms. No arm takes a second "
               "tile until all four have one."),
            N_("Three arms are already started. The west arm is still empty."),
        ),
        task=N_("Fill the last arm, then lengthen any arm on your next turn."),
        hints=(
            N_("Only a tile with a nine can start the west arm."),
            N_("Play [9-7] on the west side; next turn, [4-2] fits the four of the north arm."),
        ),
        success=N_("All four arms are open: from now on any end may grow."),
        rules=("cf-starting-double",),
        scenario=chicken_foot(
            hands=[["4-2", "9-7", "3-1"], ["6-5", "8-0"]],
            lines=[("n", [[9, 4]]), ("e", [[9, 6]]), ("s", [[9, 3]])],
            boneyard=["8-1", "5-2"]),
        goal=(played(count=2),),
        solution=("9-7@w", "4-2@n"),
    ),
    Lesson(
        id="cf-matching",
        game="chicken-foot",
        title=N_("Matching ends"),
        intro=(
            N_("A tile is laid at an open end, and its touching half must show the same number as that end. "
               "One tile a turn."),
            N_("The four arms end in 5, 2, 8 and 0."),
        ),
        task=N_("Play two tiles, each on an end it matches."),
        hints=(
            N_("[5-3] matches the five; [8-1] matches the eight."),
            N_("[6-4] has no five, two, eight or blank: it does not play yet."),
        ),
        success=N_("Each tile's number met the same number at the end it joined."),
        rules=("cf-matching", "cf-play"),
        terms=("g-open-end",),
        scenario=chicken_foot(hands=[["5-3", "8-1", "6-4"], ["7-6", "4-0"]], lines=ALL_ARMS,
                              boneyard=["7-1", "6-1"]),
        goal=(played(count=2),),
        solution=("5-3@n", "8-1@s"),
    ),
    Lesson(
        id="cf-chicken-foot",
        game="chicken-foot",
        title=N_("The chicken foot: three toes before anything else"),
        intro=(
            N_("A double laid on an end goes crosswise and makes a chicken foot. Before any tile is played "
               "anywhere else, three tiles of its number must be laid against it: the toes, one straight ahead "
               "and one angled out on each side."),
            N_("When the third toe is down, every open end may be played again, the toes included."),
        ),
        task=N_("Play your [5-5] on the five, then help finish its three toes."),
        hints=(
            N_("Start with [5-5] on the north arm, which ends in a five."),
            N_("While the foot is open, only fives play, and only on its toes."),
        ),
        success=N_("The foot has its three toes: the whole table is open again."),
        rules=("cf-chicken-foot",),
        terms=("g-chicken-foot", "g-toe"),
        scenario=chicken_foot(hands=[["5-5", "5-1", "5-3", "8-7"], ["5-4", "6-1"]], lines=ALL_ARMS,
                              boneyard=["6-2", "7-1"]),
        goal=(played(kind="double_announced"), played(kind="foot_completed", by="anyone")),
        solution=("5-5@n", "5-1@n.1.c", "5-3@n.1.r"),
        steer=(Steer(("5-1@n", "5-3@n", "8-7@s"), N_("That tile plays, but this lesson is about the chicken "
                                                      "foot: lay your double [5-5] first."), "cf-chicken-foot"),),
    ),
    Lesson(
        id="cf-drawing",
        game="chicken-foot",
        title=N_("Drawing one tile, and passing"),
        intro=(
            N_("When no tile of yours plays, you draw one tile from the boneyard. If it plays, you may play it at "
               "once; if not, your turn passes. You never draw while you hold a tile that plays."),
        ),
        task=N_("You cannot play: draw, pass if the new tile does not play, and play it when it does."),
        hints=(
            N_("The ends show 5, 2, 8 and 0, and no tile of yours has one: press Draw."),
            N_("After one draw, Pass is the only move left when the new tile does not fit."),
        ),
        success=N_("One draw a turn: you passed when it did not play, and played when it did."),
        rules=("cf-drawing",),
        scenario=chicken_foot(hands=[["7-4", "6-3"], ["3-1"]], lines=ALL_ARMS,
                              boneyard=["7-1", "6-6", "5-4"]),
        goal=(played(kind="drew", count=2), played(kind="passed"), played()),
        solution=("draw", "pass", "draw", "5-4@n"),
    ),
    Lesson(
        id="cf-unfinishable-foot",
        game="chicken-foot",
        title=N_("A foot that cannot be finished, and a blocked round"),
        intro=(
            N_("A chicken foot needs five tiles of its number: the tile it was played on, the double and three "
               "toes. If too few are left outside the table, the foot can never be finished."),
            N_("Here the threes foot has one toe. The boneyard is empty, and the only three still in play is "
               "yours. When nobody can play, the round is blocked and ends."),
        ),
        task=N_("Play your three as a toe, and see the round end."),
        hints=(
            N_("Only toes of the threes foot take a tile: [3-1] is the one that fits."),
        ),
        success=N_("Nobody can play any more: the round ended, blocked."),
        rules=("cf-unfinishable-foot", "cf-end-of-hand"),
        terms=("g-blocked", "g-round"),
        scenario=chicken_foot(hands=[["3-1", "8-6"], ["7-2"]],
                              lines=[("n", [[9, 3], [3, 3]]), ("n.1.l", [[3, 5]]), ("e", [[9, 2]]),
                                     ("s", [[9, 8]]), ("w", [[9, 0]])]),
        goal=({"type": "hand-over", "reason": "blocked"},),
        solution=("3-1@n.1.c",),
    ),
    Lesson(
        id="cf-scoring",
        game="chicken-foot",
        title=N_("The end of a round, and scoring"),
        intro=(
            N_("A round ends when a player goes out, laying their last tile, or when nobody can play. Each player "
               "then adds the pips left in their hand to their total: lower is better."),
            Nn_("The double-blank has no pips, yet it costs {double_blank} point left in hand. Your opponent "
                "has one tile left.",
                "The double-blank has no pips, yet it costs {double_blank} points left in hand. Your opponent "
                "has one tile left.", "double_blank"),
        ),
        task=N_("Your opponent is about to go out. Keep your score as low as you can."),
        hints=(
            Nn_("Compare: [6-5] costs 11 points in hand, [0-0] costs {double_blank} point.",
                "Compare: [6-5] costs 11 points in hand, [0-0] costs {double_blank} points.", "double_blank"),
            N_("Play [0-0] on the blank end."),
        ),
        success=Nn_("You kept [6-5]: 11 points instead of {double_blank} point.",
                    "You kept [6-5]: 11 points instead of {double_blank} points.", "double_blank"),
        rules=("cf-scoring", "cf-end-of-hand"),
        terms=("g-go-out", "g-pip", "g-double-blank"),
        scenario=chicken_foot(hands=[["0-0", "6-5"], ["0-3"]],
                              lines=[("n", [[9, 0]]), ("e", [[9, 6]]), ("s", [[9, 8]]), ("w", [[9, 2]])]),
        goal=({"type": "hand-over", "learner_score_at_most": 11},),
        solution=("0-0@n",),
        steer=(Steer(("6-5@e",), Nn_("That keeps the double-blank in your hand, and it counts {double_blank} "
                                     "point when your opponent goes out. Get rid of it first.",
                                     "That keeps the double-blank in your hand, and it counts {double_blank} "
                                     "points when your opponent goes out. Get rid of it first.", "double_blank"),
                     "cf-scoring"),),
        numbers={"double_blank": Rules("chicken-foot", "basic")["double_blank"]},
    ),
    Lesson(
        id="cf-rounds",
        game="chicken-foot",
        title=N_("Rounds and the winner, with tie-breaks"),
        intro=(
            N_("A match has one round per double, from [9-9] down to [0-0]: ten rounds with a double-nine set. "
               "The lowest total after the last round wins."),
            N_("Equal totals: the player with more rounds scored at zero wins; if still equal, the lowest "
               "non-zero round score wins."),
            N_("This is the last round, on [0-0]. The table below shows the nine rounds so far."),
        ),
        task=N_("Go out, and see who wins the match."),
        hints=(
            N_("Your [4-1] fits the four of the north arm."),
        ),
        success=N_("Your totals are equal, but you have more rounds at zero: you win the match."),
        rules=("cf-rounds", "cf-tie-breaks"),
        scenario=chicken_foot(hands=[["4-1"], ["7-5", "3-1"]],
                              lines=[("n", [[0, 4]]), ("e", [[0, 6]]), ("s", [[0, 8]]), ("w", [[0, 2]])],
                              round_index=9, root="0-0"),
        goal=({"type": "match-won", "decided_by": "zero-rounds"},),
        solution=("4-1@n",),
        match={"round_scores": [[0, 8], [12, 0], [0, 25], [20, 14], [9, 0], [0, 11], [15, 7], [30, 6], [10, 9]]},
    ),
)

MEXICAN_TRAIN_LESSONS = (
    Lesson(
        id="mt-engine",
        game="mexican-train",
        title=N_("The engine double and personal trains"),
        intro=(
            N_("In Mexican Train the highest double of the round sits in the centre: the engine. Each player "
               "builds a train of their own from it, towards their seat."),
            N_("Your own train is always yours to play on. Another player's train is usually closed to you."),
        ),
        task=N_("Start your own train from the engine."),
        hints=(
            N_("Your train starts with a six, to match the [6-6] engine."),
            N_("Choose [6-2], then the end of your train."),
        ),
        success=N_("Your own train has started from the engine."),
        rules=("mt-trains", "mt-opening"),
        terms=("g-engine", "g-train"),
        scenario=mexican_train(hands=[["6-2", "3-1", "5-4"], ["3-0", "5-5"]], trains=[("t1", [[6, 3]])],
                               boneyard=["4-4", "1-0"]),
        goal=(played(end="t0"),),
        solution=("6-2@t0",),
        steer=(Steer(("6-2@mx",), N_("That end is not your own train's: this lesson is about your own train. "
                                     "Start it from the engine."), "mt-trains"),),
    ),
    Lesson(
        id="mt-first-turn",
        game="mexican-train",
        title=N_("The first turn's many-tile train"),
        intro=(
            N_("On your first turn only, you may lay as many tiles as form a valid train, all on your own "
               "train. Then you end your turn."),
        ),
        task=N_("Lay a train of three tiles from the engine, then end your turn."),
        hints=(
            N_("[6-4], then [4-1], then [1-3]: each matches the one before."),
            N_("When your train is laid, press End turn."),
        ),
        success=N_("Three tiles in one turn: only the first turn allows it."),
        rules=("mt-first-turn",),
        scenario=mexican_train(hands=[["6-4", "4-1", "1-3", "5-5", "2-0"], ["6-5", "3-3", "0-0"]], trains=[],
                               boneyard=["2-1", "5-0"], first_turn=True),
        goal=(played(count=3, end="t0"), played(kind="turn_ended")),
        solution=("6-4@t0", "4-1@t0", "1-3@t0", "end"),
        steer=(Steer(("pass",), N_("Passing would end your first turn with no train, and you can start one: lay "
                                   "it."), "mt-first-turn"),),
    ),
    Lesson(
        id="mt-markers",
        game="mexican-train",
        title=N_("Markers, and trains open to all"),
        intro=(
            N_("A player who cannot play puts a marker on their own train. While the marker is there, anyone "
               "may play on that train. Playing on your own train again removes your marker."),
            N_("Your opponent's train has a marker."),
        ),
        task=N_("Your own train ends in a two and you have none. Play on the marked train."),
        hints=(
            N_("The marked train ends in a four: [4-1] fits."),
        ),
        success=N_("A marked train is everyone's until its owner plays on it again."),
        rules=("mt-markers", "mt-trains"),
        terms=("g-marker",),
        scenario=mexican_train(hands=[["4-1", "3-3", "5-0"], ["1-0", "5-5"]],
                               trains=[("t0", [[6, 2]]), ("t1", [[6, 4]])], marked=("t1",),
                               boneyard=["2-0"]),
        goal=(played(end="t1"),),
        solution=("4-1@t1",),
    ),
    Lesson(
        id="mt-doubles",
        game="mexican-train",
        title=N_("Doubles, and satisfying them"),
        intro=(
            N_("Whoever lays a double must lay another tile in the same turn. A turn that ends with a double "
               "open at a train's end obliges the next player to satisfy it: to play on it, even on a train "
               "that would otherwise be closed to them."),
            N_("Your opponent has left the [4-4] open on their train."),
        ),
        task=N_("Satisfy the open double."),
        hints=(
            N_("Only a four may go on the [4-4]: [4-2]."),
        ),
        success=N_("The double is satisfied, and play goes on as usual."),
        rules=("mt-satisfy-double", "mt-doubles"),
        scenario=mexican_train(hands=[["4-2", "3-1", "0-0"], ["5-1", "2-0"]],
                               trains=[("t0", [[6, 3]]), ("t1", [[6, 4], [4, 4]])], open_doubles=("t1",),
                               boneyard=["5-3"]),
        goal=(played(end="t1"),),
        solution=("4-2@t1",),
    ),
    Lesson(
        id="mt-mexican-train",
        game="mexican-train",
        title=N_("The Mexican train"),
        intro=(
            N_("The Mexican train is one more train from the engine, open to every player from their second "
               "turn. Anyone may start it, and anyone may add to it."),
        ),
        task=N_("Nothing fits your own train. Start the Mexican train."),
        hints=(
            N_("The Mexican train starts from the engine, so it needs a six: [6-1]."),
        ),
        success=N_("The Mexican train is running: every player may use it now."),
        rules=("mt-mexican-train",),
        terms=("g-mexican-train",),
        scenario=mexican_train(hands=[["6-1", "2-0", "4-4"], ["5-2", "0-3"]],
                               trains=[("t0", [[6, 3]]), ("t1", [[6, 5]])], boneyard=["1-1"]),
        goal=(played(end="mx"),),
        solution=("6-1@mx",),
    ),
)

LESSONS = CHICKEN_FOOT_LESSONS + MEXICAN_TRAIN_LESSONS + STRATEGY_LESSONS  # the rules first

for _lesson in LESSONS:  # a lesson that names an unknown rule could not link to it: fail at import
    for _rule in _lesson.rules + tuple(s.rule_id for s in _lesson.steer):
        if _rule not in RULE_PAGES:
            raise KeyError(f"lesson {_lesson.id}: unknown rule id {_rule!r}")
