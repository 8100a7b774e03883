"""Reading a position: a hand of either game rebuilt from its JSON, every join and every tile checked.

Positions are plain JSON (see ``records.py``; a hand writes its own with ``to_position()``): tiles as text
``"9-4"`` or pairs ``[9, 4]``, the boneyard top first. Every tile of the set must appear exactly once across
hands, boneyard and table; a position that breaks that is refused with a message naming the tiles. The parts
both games share (hands, boneyard, root, whose turn) come first, then each game's table.
"""

from __future__ import annotations

from .chicken_foot import ROOT_ARMS, TOES, ChickenFootHand
from .errors import RecordError, shown
from .hand import HandOutcome
from .layout import Line
from .mexican_train import FIRST, FOLLOW, NORMAL, MexicanTrainHand
from .options import CHICKEN_FOOT, MEXICAN_TRAIN, Rules
from .tiles import DOUBLE_INDEX, MAX_PIP, TILE_BIT, TILE_INDEX, Tile, set_count, tiles_of


def load_position(data: dict, rules: Rules):
    """The hand ``data`` describes, under ``rules`` (whose game picks the reader); RecordError if it cannot be."""
    return _READERS[rules.game](data, rules)


def tile_index(value: object, hand) -> int:
    try:
        tile = Tile.coerce(value)
    except (ValueError, TypeError) as error:
        raise RecordError(f"not a tile: {shown(value)} ({error})", "bad-tile", tile=shown(value)) from None
    i = TILE_INDEX[tile]
    if not (hand.set_mask >> i) & 1:
        raise RecordError(f"{tile} is not in a double-{hand.max_pip} set", "bad-tile", tile=str(tile))
    return i


MAX_ROUND = 10**6  # a round index far beyond any match
MAX_SEED = 2**53 - 1  # as match.MAX_SEED (positions are read before any match exists)


def whole(data: dict, key: str, default: int, low: int, high: int) -> int:
    """``data[key]``, which must be a whole number (not a bool, not a float) from ``low`` to ``high``."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"{key} must be a whole number from {low} to {high}, got {shown(value)}",
                          "bad-position", field=key)
    return value


def seats(data: dict, key: str, players: int) -> list[int]:
    """``data[key]``: a list of seat numbers (each from 0 to ``players - 1``), or nothing."""
    value = data.get(key) or []
    if not isinstance(value, list) or any(isinstance(seat, bool) or not isinstance(seat, int)
                                          or not 0 <= seat < players for seat in value):
        raise RecordError(f"{key} must list seats from 0 to {players - 1}, got {shown(value)}", "bad-position",
                          field=key)
    return value


def flags(data: dict, key: str, players: int, default: bool) -> list[bool]:
    """``data[key]``: one true/false per seat."""
    value = data.get(key, [default] * players)
    if not isinstance(value, list) or len(value) != players or not all(isinstance(x, bool) for x in value):
        raise RecordError(f"{key} must list {players} true/false values", "bad-position", field=key)
    return value


def load_common(hand, data: dict) -> int:
    """Fill ``hand`` from ``data``; return the bitmask of the tiles in hands and boneyard."""
    n = hand.players
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise RecordError(f"hands must list {n} hands, one per seat", "bad-position", field="hands")
    placed = 0

    def claim(value) -> int:
        nonlocal placed
        i = tile_index(value, hand)
        if placed & TILE_BIT[i]:
            raise RecordError(f"tile {Tile.coerce(value)} appears twice", "tile-twice", tile=str(Tile.coerce(value)))
        placed |= TILE_BIT[i]
        return i

    for seat, tiles in enumerate(hands):
        if not isinstance(tiles, list):
            raise RecordError(f"hand {seat} must be a list of tiles", "bad-position", field="hands")
        mask = 0
        for value in tiles:
            mask |= TILE_BIT[claim(value)]
        hand.hands[seat] = mask
        hand.sizes[seat] = len(tiles)
    boneyard = data.get("boneyard", [])
    if not isinstance(boneyard, list):
        raise RecordError("boneyard must be a list of tiles, top first", "bad-position", field="boneyard")
    hand.boneyard = [claim(value) for value in reversed(boneyard)]
    set_aside = data.get("set_aside", [])
    if not isinstance(set_aside, list):
        raise RecordError("set_aside must be a list of tiles (out of play)", "bad-position", field="set_aside")
    for value in set_aside:
        hand.set_aside |= TILE_BIT[claim(value)]
    root = data.get("root")
    if root is not None:
        try:
            tile = Tile.coerce(root) if not isinstance(root, int) else Tile.of(root, root)
        except ValueError:
            raise RecordError(f"the root must be a double of the set, got {shown(root)}", "bad-position",
                              field="root") from None
        if not tile.is_double or not (hand.set_mask >> tile.index) & 1:
            raise RecordError(f"the root must be a double of the set, got {tile}", "bad-position", field="root")
        hand.root = hand.root_number = tile.high
    hand.turn = whole(data, "turn", 0, 0, n - 1)
    hand.drawn = whole(data, "drawn", 0, 0, 10_000)
    hand.turns = whole(data, "turns", 0, 0, 10**9)
    outcome = data.get("outcome")
    if outcome:
        hand.outcome = _outcome(outcome, n)
    return placed


def _laid_tile(pair, where: str) -> tuple[int, int, int]:
    """A tile on the table, given as ``[inner, outer]``: its two numbers and its index."""
    try:
        inner, outer = pair
        return inner, outer, TILE_INDEX[Tile.of(inner, outer)]
    except (TypeError, ValueError, IndexError, KeyError):
        raise RecordError(f"{where}: not a tile: {shown(pair)}", "bad-position") from None


def _outcome(outcome, players: int) -> HandOutcome:
    """A finished hand's outcome as a position gives it: why, who went out, one score per seat."""
    try:
        reason, winner, scores = outcome["reason"], outcome.get("winner"), outcome["scores"]
        unfinished = outcome.get("unfinished_foot", False)
    except (KeyError, TypeError, AttributeError):
        raise RecordError(f"bad outcome: {shown(outcome)}", "bad-position", field="outcome") from None
    if (reason not in ("went-out", "blocked") or (winner is not None and (
            isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < players))
            or (reason == "went-out") != (winner is not None) or not isinstance(scores, list)
            or len(scores) != players or not isinstance(unfinished, bool)
            or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 10**6 for x in scores)):
        raise RecordError(f"bad outcome: {shown(outcome)}", "bad-position", field="outcome")
    return HandOutcome(reason, winner, tuple(scores), unfinished)


def _chicken_foot(data: dict, rules: Rules) -> ChickenFootHand:
    players = data.get("players")
    hand = ChickenFootHand(rules, players, whole(data, "round", 0, 0, MAX_ROUND), None, whole(data, "seed", 0, 0, MAX_SEED),
               deal=False)
    placed = load_common(hand, data)
    root = hand.root
    if root is None:
        raise RecordError("a Chicken Foot position needs its starting double (root)", "bad-position")
    _chicken_foot_lines(hand, data.get("lines") or [], placed)
    unannounced = whole(data, "unannounced", -1, -1, players - 1)
    if unannounced != -1 and not (rules["chicken_little"] and hand.sizes[unannounced] == 1):
        raise RecordError(f"unannounced must be -1 or a seat holding one tile, got {unannounced}",
                          "bad-position", field="unannounced")
    hand.unannounced = unannounced
    for seat in seats(data, "lost_turn", players):
        hand.lost_turn[seat] = True
    doubles = sum(1 for line in hand.lines.values() if line.end is None)
    hand.feet_started = whole(data, "feet_started", doubles, 0, set_count(MAX_PIP))
    if hand.outcome is None and not hand.boneyard and not hand._anyone_can_play():
        hand._end_hand("blocked", None, False)
    return hand

def _chicken_foot_lines(hand: ChickenFootHand, specs: list, placed: int) -> None:
    """Rebuild the lines from ``[{"id", "tiles": [[inner, outer], ...]}, ...]``, checking every join."""
    root = hand.root
    for line in [Line(arm, None, arm, -1, root) for arm in ROOT_ARMS[hand.rules["root_arms"]]]:
        hand.lines[line.id] = line
    used = TILE_BIT[DOUBLE_INDEX[root]]
    if used & placed:
        raise RecordError(f"[{root}-{root}] is both the root and elsewhere", "tile-twice")
    by_id = {}
    for spec in specs:
        if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
            raise RecordError(f"a line needs an id and tiles: {shown(spec)}", "bad-position")
        by_id[spec["id"]] = spec
    pending_doubles = []
    order = sorted(by_id, key=lambda s: s.count("."))  # parents before their toes
    for line_id in order:
        line = hand.lines.get(line_id)
        if line is None:
            parent_id, _, rest = line_id.rpartition(".")
            parent_id, _, k = parent_id.rpartition(".")
            parent = hand.lines.get(parent_id)
            if parent is None or not k.isdigit() or rest not in TOES:
                raise RecordError(f"no such line: {line_id} (toe lines are <line>.<k>.l|c|r)", "bad-position")
            k = int(k)
            if k != len(parent.tiles) - 1 or parent.end is not None:
                raise RecordError(f"line {line_id}: tile {k} of {parent_id} is not the double at its tip",
                                  "bad-position")
        if line.tiles:
            raise RecordError(f"line {line_id} given twice", "bad-position")
        expected = line.end
        pairs = by_id[line_id].get("tiles") or []
        if not isinstance(pairs, list):
            raise RecordError(f"line {line_id}: tiles must be a list of pairs", "bad-position")
        for pair in pairs:
            inner, outer, i = _laid_tile(pair, f"line {line_id}")
            if line.end is None:
                raise RecordError(f"line {line_id}: nothing may follow a double in its line", "bad-position")
            if inner != expected:
                raise RecordError(f"line {line_id}: [{inner}-{outer}] does not join the {expected}", "bad-position")
            if used & TILE_BIT[i] or placed & TILE_BIT[i] or not (hand.set_mask >> i) & 1:
                raise RecordError(f"tile {Tile.of(inner, outer)} appears twice or is not in the set", "tile-twice")
            used |= TILE_BIT[i]
            line.tiles.append((inner, outer))
            if inner == outer:
                line.end = None
                k = len(line.tiles) - 1
                for toe in TOES:
                    toe_line = Line(f"{line.id}.{k}.{toe}", line.id, toe, k, inner)
                    hand.lines[toe_line.id] = toe_line
                pending_doubles.append(line)
            else:
                line.end = outer
            expected = outer
    missing = hand.set_mask & ~(used | placed)
    if missing:
        raise RecordError("tiles missing from the position: " + ", ".join(str(t) for t in tiles_of(missing)),
                          "tiles-missing")
    given = [spec_id for spec_id in by_id if spec_id in hand.lines]
    ordered = {line_id: hand.lines[line_id] for line_id in given}
    ordered.update((line_id, line) for line_id, line in hand.lines.items() if line_id not in ordered)
    hand.lines = ordered
    for serial, line in enumerate(hand.lines.values()):
        line.serial = serial
    hand.next_serial = len(hand.lines)
    arms = [hand.lines[a] for a in ROOT_ARMS[hand.rules["root_arms"]]]
    empty_arms = [a for a in arms if not a.tiles]
    if empty_arms:
        if any(len(l.tiles) > 1 for l in arms) or len(hand.lines) > len(arms):
            raise RecordError("every arm of the starting double needs a tile before any arm takes a second",
                              "bad-position")
        hand.pending, hand.pending_number, hand.pending_line = empty_arms, root, None
    for line in hand.lines.values():
        if line.tiles and line.end is not None:
            hand.tips[line.end].append(line)
            hand.tip_numbers |= 1 << line.end
    waiting = [d for d in pending_doubles
               if any(not hand.lines[f"{d.id}.{len(d.tiles) - 1}.{t}"].tiles for t in TOES)]
    if len(waiting) > 1 or (waiting and empty_arms):
        raise RecordError("only one chicken foot can wait for its toes at a time", "bad-position")
    if waiting:
        double = waiting[0]
        k = len(double.tiles) - 1
        hand.pending = [hand.lines[f"{double.id}.{k}.{t}"] for t in TOES
                        if not hand.lines[f"{double.id}.{k}.{t}"].tiles]
        hand.pending_number = double.tiles[-1][1]
        hand.pending_line = double.id


def _mexican_train(data: dict, rules: Rules) -> MexicanTrainHand:
    players = data.get("players")
    hand = MexicanTrainHand(rules, players, whole(data, "round", 0, 0, MAX_ROUND), None, whole(data, "seed", 0, 0, MAX_SEED),
               deal=False)
    placed = load_common(hand, data)
    if hand.root is None:
        raise RecordError("a Mexican Train position needs its engine (root)", "bad-position")
    hand._start_trains()
    used = TILE_BIT[DOUBLE_INDEX[hand.root]]
    if used & placed:
        raise RecordError(f"[{hand.root}-{hand.root}] is both the engine and elsewhere", "tile-twice")
    specs = data.get("lines") or []
    if not isinstance(specs, list):
        raise RecordError("lines must be a list of trains", "bad-position", field="lines")
    for spec in specs:
        line_id = spec.get("id") if isinstance(spec, dict) else None
        line = hand.lines.get(line_id) if isinstance(line_id, str) else None
        if line is None:
            raise RecordError(f"no such train: {shown(spec)} (trains are t0..t{players - 1} and mx)",
                              "bad-position")
        pairs = spec.get("tiles") or []
        if not isinstance(pairs, list) or line.tiles:
            raise RecordError(f"train {line.id}: tiles must be one list of pairs", "bad-position")
        for pair in pairs:
            inner, outer, i = _laid_tile(pair, f"train {line.id}")
            if inner != line.end:
                raise RecordError(f"train {line.id}: [{inner}-{outer}] does not join the {line.end}", "bad-position")
            if (used | placed) & TILE_BIT[i] or not (hand.set_mask >> i) & 1:
                raise RecordError(f"tile {Tile.of(inner, outer)} appears twice or is not in the set", "tile-twice")
            used |= TILE_BIT[i]
            line.tiles.append((inner, outer))
            line.end = outer
        marker = spec.get("marker", False)
        if not isinstance(marker, bool) or (marker and line is hand.mexican):
            raise RecordError(f"train {line.id}: marker must be true or false (never on the Mexican train)",
                              "bad-position")
        line.marker = marker
    missing = hand.set_mask & ~(used | placed)
    if missing:
        raise RecordError("tiles missing from the position: " + ", ".join(str(t) for t in tiles_of(missing)),
                          "tiles-missing")
    if "open_doubles" in data:
        hand.open_doubles = []
        line_ids = data["open_doubles"] or []
        if not isinstance(line_ids, list):
            raise RecordError("open_doubles must list train ids", "bad-position", field="open_doubles")
        for line_id in line_ids:
            line = hand.lines.get(line_id) if isinstance(line_id, str) else None
            if line is None or not line.tiles or line.tiles[-1][0] != line.tiles[-1][1] or line in hand.open_doubles:
                raise RecordError(f"open double on {shown(line_id)}: that train does not end in a double",
                                  "bad-position")
            hand.open_doubles.append(line)
    hand.first_turn = list(flags(data, "first_turn", players, False))
    hand.out_on_first_turn = seats(data, "out_on_first_turn", players)
    if len(set(hand.out_on_first_turn)) != len(hand.out_on_first_turn) or any(
            hand.sizes[seat] for seat in hand.out_on_first_turn):
        raise RecordError("out_on_first_turn must list seats with no tiles left, each once", "bad-position",
                          field="out_on_first_turn")
    phase = data.get("phase") or (FIRST if hand.first_turn[hand.turn] else NORMAL)
    if phase not in (FIRST, NORMAL, FOLLOW) or (phase == FIRST) != hand.first_turn[hand.turn]:
        raise RecordError(f"phase {shown(phase)} does not fit seat {hand.turn}'s turn", "bad-position")
    hand.phase = phase
    hand.laid = whole(data, "laid", 0, 0, set_count(hand.max_pip))
    hand.passes = whole(data, "passes", 0, 0, 10**9)
    if hand.outcome is None and not hand.boneyard and not hand._anyone_can_play():
        hand._end_hand("blocked", None)
    return hand


_READERS = {CHICKEN_FOOT: _chicken_foot, MEXICAN_TRAIN: _mexican_train}
