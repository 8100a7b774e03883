"""Real positions for the diagrams: hands played by the engine's own computer players, from fixed seeds.

Each diagram asks for a moment of play (the starting double's arms just complete, a chicken foot just
finished, ...). The search plays seeded hands move by move and keeps, among the first ``SEEDS`` seeds, the
smallest table where that moment occurs, so the picture is real, reproducible, and as simple as play allows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from engine.bots import make_bot
from engine.chicken_foot import ChickenFootHand
from engine.mexican_train import MexicanTrainHand
from engine.options import Rules

SEEDS = range(1, 41)
PLAYERS = 4
BOT = "greedy"


@dataclass(frozen=True)
class Position:
    layout: dict
    seed: int
    facts: dict  # what the diagram's words need: the double, the numbers, the tiles


def _lines(layout: dict) -> list[dict]:
    return layout["lines"]


def _tile_count(layout: dict) -> int:
    return sum(len(line["tiles"]) for line in _lines(layout)) + (1 if layout["root"] else 0)


def _play(hand) -> Iterator:
    """Yield the hand after each move until it ends, each seat played by a seeded computer player."""
    bots = [make_bot(BOT, hand.seed * 10 + seat) for seat in range(hand.players)]
    while not hand.is_over:
        hand.push(bots[hand.turn].choose(hand.view(hand.turn)))
        yield hand


def _smallest(make_hand: Callable[[int], object], moment: Callable[[object], dict | None]) -> Position:
    best: Position | None = None
    for seed in SEEDS:
        for hand in _play(make_hand(seed)):
            facts = moment(hand)
            if facts is not None:
                layout = hand.layout_dict()
                if best is None or _tile_count(layout) < _tile_count(best.layout):
                    best = Position(layout, seed, facts)
                break
    if best is None:
        raise LookupError(f"no seed in {SEEDS} reaches this moment of play")
    return best


def _chicken_foot_hand(seed: int) -> ChickenFootHand:
    return ChickenFootHand(Rules("chicken-foot", "pagat"), PLAYERS, seed=seed)


def _root_arms(layout: dict) -> list[dict]:
    return [line for line in _lines(layout) if line["parent"] is None]


def _arms_complete(hand) -> dict | None:
    layout = hand.layout_dict()
    arms = _root_arms(layout)
    if hand.pending or len(_lines(layout)) != len(arms) or any(len(arm["tiles"]) != 1 for arm in arms):
        return None
    return {"double": hand.root, "tiles": [tuple(arm["tiles"][0]) for arm in arms]}


def _foot_lines(layout: dict) -> dict[tuple[str, int], list[dict]]:
    feet: dict[tuple[str, int], list[dict]] = {}
    for line in _lines(layout):
        if line["parent"] is not None:
            feet.setdefault((line["parent"], line["at"]), []).append(line)
    return feet


def _foot_finished(hand) -> dict | None:
    if hand.pending:
        return None
    layout = hand.layout_dict()
    lines = {line["id"]: line for line in _lines(layout)}
    for (parent, at), toes in _foot_lines(layout).items():
        if len(toes) == 3 and all(len(toe["tiles"]) == 1 for toe in toes):
            double = lines[parent]["tiles"][at]
            joined = lines[parent]["tiles"][at - 1] if at > 0 else None
            return {"double": double[0], "joined": tuple(joined) if joined else None,
                    "toes": [tuple(toe["tiles"][0]) for toe in sorted(toes, key=lambda toe: "lcr".index(toe["slot"]))],
                    "double_tile": f"{double[0]}-{double[1]}"}
    return None


def _foot_unfinishable(hand) -> dict | None:
    if not hand.pending or hand.pending_line is None or hand.foot_can_be_finished():
        return None
    number = hand.pending_number
    outside = sum(1 for tile in (*[t for seat in range(hand.players) for t in hand.hand_of(seat)],
                                 *hand.boneyard_tiles()) if number in tile)
    return {"double": number, "needed": len(hand.pending), "left": outside,
            "double_tile": f"{number}-{number}"}


def _mexican_train_hand(seed: int) -> MexicanTrainHand:
    return MexicanTrainHand(Rules("mexican-train", "standard"), PLAYERS, seed=seed)


def _mexican_table(hand) -> dict | None:
    layout = hand.layout_dict()
    trains = [line for line in _lines(layout) if line["owner"] is not None]
    mexican = [line for line in _lines(layout) if line["slot"] == "mx"]
    marked = [line for line in trains if line["marker"]]
    if len(trains) < hand.players or not mexican or not mexican[0]["tiles"] or len(marked) != 1:
        return None
    if any(not train["tiles"] for train in trains):
        return None
    return {"double": hand.root, "marked": marked[0]["owner"],
            "trains": {line["id"]: line["owner"] for line in trains}, "mexican": mexican[0]["id"]}


MOMENTS: dict[str, tuple[Callable[[int], object], Callable[[object], dict | None]]] = {
    "starting-double": (_chicken_foot_hand, _arms_complete),
    "chicken-foot": (_chicken_foot_hand, _foot_finished),
    "unfinishable-foot": (_chicken_foot_hand, _foot_unfinishable),
    "mexican-train-table": (_mexican_train_hand, _mexican_table),
}


@cache
def position(name: str) -> Position:
    make_hand, moment = MOMENTS[name]
    return _smallest(make_hand, moment)
