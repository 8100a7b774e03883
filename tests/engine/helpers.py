"""Small builders for test positions, written in the scenario format the tutorial uses."""

from __future__ import annotations

import random

from engine import IllegalMoveError, load_scenario


def chicken_foot(hands, lines=(), turn=0, boneyard=None, root="6-6", players=None, seed=0, **options):
    options.setdefault("set_size", 6)
    data = {"format": "domino-scenario", "version": 1, "game": "chicken-foot", "ruleset": "basic",
            "options": options, "players": players or len(hands), "root": root, "hands": hands,
            "lines": [{"id": i, "tiles": t} for i, t in lines], "turn": turn, "seed": seed}
    if boneyard is not None:  # an explicit boneyard: every other tile is out of play
        data["boneyard"] = boneyard
        data["set_aside"] = "rest"
    return load_scenario(data)


def mexican_train(hands, trains=(), turn=0, boneyard=None, root="6-6", first_turn=None, marked=(),
                  open_doubles=None, phase=None, **options):
    options.setdefault("set_size", 6)
    players = len(hands)
    lines = [{"id": i, "tiles": t, "marker": i in marked} for i, t in trains]
    for i in marked:
        if i not in dict(trains):
            lines.append({"id": i, "tiles": [], "marker": True})
    data = {"format": "domino-scenario", "version": 1, "game": "mexican-train", "ruleset": "standard",
            "options": options, "players": players, "root": root, "hands": hands, "lines": lines, "turn": turn,
            "first_turn": first_turn or [False] * players}
    if boneyard is not None:  # an explicit boneyard: every other tile is out of play
        data["boneyard"] = boneyard
        data["set_aside"] = "rest"
    if open_doubles is not None:
        data["open_doubles"] = open_doubles
    if phase is not None:
        data["phase"] = phase
    return load_scenario(data)


def refused(state, move, rule_id, code=None):
    """Assert ``move`` is refused for ``rule_id`` and leaves the state exactly as it was."""
    before = state.to_position()
    try:
        state.push(move)
    except IllegalMoveError as error:
        assert error.rule_id == rule_id, (error.rule_id, error.code, str(error))
        if code is not None:
            assert error.code == code, error.code
        assert state.to_position() == before
        return error
    raise AssertionError(f"{move} was accepted")


def texts(moves):
    return sorted(str(m) for m in moves)


def json_paths(value, prefix=()):
    """Every path into nested JSON data (keys and indices), the root's empty path first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, prefix + (index,))
def random_chicken_foot(seed: int, set_size: int = 9, most: int = 40) -> dict:
    """A layout a real hand could reach: arms and feet grown tile by tile (up to ``most``) from a shuffled set."""
    rng = random.Random(seed)
    free = {(a, b) for a in range(set_size + 1) for b in range(a + 1)} - {(set_size, set_size)}
    lines = [{"id": arm, "parent": None, "slot": arm, "at": -1, "tiles": [], "owner": None, "marker": False,
              "open": True} for arm in "nesw"]
    ends = {arm: set_size for arm in "nesw"}
    for _ in range(rng.randint(4, most)):
        candidates = [(line_id, number, tile) for line_id, number in sorted(ends.items()) for tile in sorted(free)
                      if number in tile]
        if not candidates:
            break
        line_id, number, tile = rng.choice(candidates)
        free.discard(tile)
        outer = tile[0] if tile[1] == number else tile[1]
        line = next(ln for ln in lines if ln["id"] == line_id)
        line["tiles"].append([number, outer])
        del ends[line_id]
        if outer == number:  # a double: three toes
            at = len(line["tiles"]) - 1
            for toe in "lcr":
                toe_id = f"{line_id}.{at}.{toe}"
                lines.append({"id": toe_id, "parent": line_id, "slot": toe, "at": at, "tiles": [],
                              "owner": None, "marker": False, "open": True})
                ends[toe_id] = number
        else:
            ends[line_id] = outer
    return {"game": "chicken-foot", "root": [set_size, set_size], "lines": lines}
