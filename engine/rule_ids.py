"""The ids of the rules, shared by the engine's errors and the rules pages.

Every illegal-move error names the rule it breaks by one of these ids, and the same id is the anchor of that
rule's section on the rules page named beside it (``/<page>/#<id>`` in every language). The site's tests
check that each id is a heading anchor on its page, so the two cannot drift apart.
"""

CHICKEN_FOOT_PAGE = "chicken-foot"
MEXICAN_TRAIN_PAGE = "mexican-train"
STRATEGY_PAGE = "strategy"  # its tips are no rules: only the tutorial's "Playing well" lessons link to them

RULE_PAGES: dict[str, str] = {
    # Chicken Foot
    "cf-equipment": CHICKEN_FOOT_PAGE,  # the set, players
    "cf-deal": CHICKEN_FOOT_PAGE,  # how many tiles each, the boneyard
    "cf-opening": CHICKEN_FOOT_PAGE,  # who opens, a starting double not dealt
    "cf-starting-double": CHICKEN_FOOT_PAGE,  # every arm of the starting double before a second tile
    "cf-play": CHICKEN_FOOT_PAGE,  # turn order, one tile a turn from your own hand
    "cf-matching": CHICKEN_FOOT_PAGE,  # ends must match
    "cf-chicken-foot": CHICKEN_FOOT_PAGE,  # a double needs three toes before play elsewhere
    "cf-drawing": CHICKEN_FOOT_PAGE,  # draw one tile only when you cannot play; pass
    "cf-chicken-little": CHICKEN_FOOT_PAGE,  # say so with one tile left (pagat variant)
    "cf-unfinishable-foot": CHICKEN_FOOT_PAGE,  # a foot that can never be completed
    "cf-end-of-hand": CHICKEN_FOOT_PAGE,  # going out, blocked hands
    "cf-scoring": CHICKEN_FOOT_PAGE,  # pips left in hand, double-blank
    "cf-ending-on-double": CHICKEN_FOOT_PAGE,  # Kelley: a hand may not end on a double
    "cf-rounds": CHICKEN_FOOT_PAGE,  # rounds from the highest double down, match length
    "cf-tie-breaks": CHICKEN_FOOT_PAGE,  # zero rounds, then the lowest round score
    # Mexican Train
    "mt-equipment": MEXICAN_TRAIN_PAGE,
    "mt-deal": MEXICAN_TRAIN_PAGE,
    "mt-opening": MEXICAN_TRAIN_PAGE,  # the engine double
    "mt-first-turn": MEXICAN_TRAIN_PAGE,  # many-tile first train, or mark and pass
    "mt-play": MEXICAN_TRAIN_PAGE,  # turn order, one tile a turn
    "mt-matching": MEXICAN_TRAIN_PAGE,
    "mt-trains": MEXICAN_TRAIN_PAGE,  # your own train, marked trains
    "mt-markers": MEXICAN_TRAIN_PAGE,  # placed when you cannot play, removed on your own train
    "mt-mexican-train": MEXICAN_TRAIN_PAGE,  # open to all from the second turn
    "mt-doubles": MEXICAN_TRAIN_PAGE,  # a double obliges another tile
    "mt-satisfy-double": MEXICAN_TRAIN_PAGE,  # an open double must be satisfied first
    "mt-drawing": MEXICAN_TRAIN_PAGE,  # draw one, then mark and pass
    "mt-end-of-hand": MEXICAN_TRAIN_PAGE,
    "mt-scoring": MEXICAN_TRAIN_PAGE,
    "mt-rounds": MEXICAN_TRAIN_PAGE,
    "mt-tie-breaks": MEXICAN_TRAIN_PAGE,
    # Strategy tips (Chicken Foot)
    "double-blank-early": STRATEGY_PAGE,
    "heavy-tiles-early": STRATEGY_PAGE,
    "double-against-last-tile": STRATEGY_PAGE,
    "keep-an-answer": STRATEGY_PAGE,
    "count-before-a-double": STRATEGY_PAGE,
}
