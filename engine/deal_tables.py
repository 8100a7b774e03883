"""How many tiles each player takes: the tables of the sources, as data.

Keys are set size (the highest double) then player count. A combination a table does not list is not
guessed: the caller gets a ConfigError and can give an explicit hand size instead.
"""

from __future__ import annotations

# Chicken Foot (source 003). Puremco's table is the one pagat reproduces; double-15 gives only its two ends
# ("18 each for six players down to 9 each for twelve"), so only those two are listed. Kelley's one figure is
# double-12 with four players: 15 each (003: "règ Kelley yo bay 15").
CHICKEN_FOOT_TABLES: dict[str, dict[int, dict[int, int]]] = {
    "puremco": {9: {2: 20, 3: 14, 4: 11, 5: 9, 6: 7}, 12: {4: 18}, 15: {6: 18, 12: 9}},
    "pagat-small": {9: {2: 12, 3: 11, 4: 10}},
    "kelley": {12: {4: 15}},
}
# Where a table gives no figure, the table a deal falls back to: Kelley's summary gives one figure, and 003
# sets it against Puremco's for the same game, so the rest of Kelley's deal is Puremco's table.
FALLBACK = {"kelley": "puremco"}


def chicken_foot_table(deal: str, max_pip: int) -> dict[int, int]:
    """Players -> tiles each for a named Chicken Foot deal and set: the deal's own figures first, then its
    fallback's where it gives none."""
    table = dict(CHICKEN_FOOT_TABLES[FALLBACK[deal]].get(max_pip, {})) if deal in FALLBACK else {}
    table.update(CHICKEN_FOOT_TABLES[deal].get(max_pip, {}))
    return table


# Source documents 000–002: seven tiles each.
BASIC_HAND_SIZE = 7

# Mexican Train (source 004).
MEXICAN_TRAIN_TABLE: dict[int, dict[int, int]] = {
    6: {2: 7, 3: 7, 4: 7},
    9: {2: 15, 3: 15},
    12: {4: 15, 5: 12, 6: 12, 7: 11, 8: 11},
    15: {9: 11, 10: 11, 11: 11, 12: 11},
    18: {13: 11, 14: 11},
}
# Which set 004 says to use for a player count, when the set is left to the table ("auto").
MEXICAN_TRAIN_AUTO_SET: dict[int, int] = {
    2: 9, 3: 9, 4: 12, 5: 12, 6: 12, 7: 12, 8: 12, 9: 15, 10: 15, 11: 15, 12: 15, 13: 18, 14: 18,
}
MEXICAN_TRAIN_PLAYERS = (2, 14)
