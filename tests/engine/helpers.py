"""Small builders for test positions, written in the scenario format the tutorial uses."""

from __future__ import annotations

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
