"""The log's narrator: one sentence for each engine event worth a line, as ``{text, params}``: ``text`` an English
msgid of the ``ui`` catalog, which the page shows as ``t(text, params)`` with the values in words (``tile`` a
tile as ``"6-4"``, ``end`` an end id of the table sent with it, ``number`` pips, ``player`` and ``victim`` a
seat, ``round`` a round's number from 1); and how a match was decided (``decided_by``). The game's and the tutorial's log (through the bridge,
``bridge/sentences.py``) and the rooms' log (``rooms/room_log.py``) say events with these, so each sentence is
translated once.
"""

from __future__ import annotations

from typing import Optional

from .catalog_marks import N_


def said(text: str, /, **params: object) -> dict:
    # positional-only: a refusal's details may hold a key named "text"
    return {"text": text, "params": params}


# How a match (or a score sheet) was decided: its ``decided_by``.
DECIDED_BY = {
    "total": N_("Lowest total wins."),
    "zero-rounds": N_("Equal totals: the tie goes to the player with the most zero-point rounds."),
    "lowest-round": N_("Equal totals and zero-point rounds: the tie goes to the lowest non-zero round score."),
    "shared": N_("Equal totals: the win is shared."),
}


def decided_by(code: Optional[str]) -> Optional[dict]:
    return None if code is None else said(DECIDED_BY.get(code, DECIDED_BY["total"]))


def _you_or(mine: bool, you: str, other: str, **params: object) -> dict:
    """The reader's sentence (the player is "you", named by the verb) or another player's."""
    if mine:
        params.pop("player", None)
    return said(you if mine else other, **params)


def narrated(event: dict, game: str, reader: Optional[int], current_round: int = 0) -> dict:
    """``event`` (as ``Event.to_dict`` writes it, with its ``round``) with its sentence, ``say`` (None for
    an event not worth a line). ``reader`` is the seat the page calls "you" (None in pass-and-play: the log
    is everyone's); an end is named only in the current round, whose table the page has."""
    return {**event, "say": _sentence(event, game, reader, current_round)}


def _sentence(event: dict, game: str, reader: Optional[int], current_round: int) -> Optional[dict]:  # noqa: C901
    kind, seat = event["kind"], event.get("seat")
    mine = seat is not None and seat == reader
    player, tile = seat, _tile(event.get("tile"))
    round_number = event.get("round", 0) + 1
    if kind == "hand_started":
        return said(N_("Round {round} begins with the double {number}."), round=round_number, number=event["double"])
    if kind == "opened":
        number = event["tile"][0]
        if seat is None:
            return said(N_("The double {number} is placed in the centre."), number=number)
        return _you_or(mine, N_("You place the double {number} in the centre."),
                       N_("{player} places the double {number} in the centre."), player=player, number=number)
    if kind == "drew_for_first":
        return _you_or(mine, N_("You draw {tile} for first play."), N_("{player} draws {tile} for first play."),
                       player=player, tile=tile)
    if kind == "drew":
        if mine and tile:
            return said(N_("You draw {tile}."), tile=tile)
        return said(N_("{player} draws a tile."), player=player)
    if kind == "tile_played":
        if event.get("round", 0) != current_round:
            return _you_or(mine, N_("You play {tile}."), N_("{player} plays {tile}."), player=player, tile=tile)
        return _you_or(mine, N_("You play {tile} on {end}."), N_("{player} plays {tile} on {end}."),
                       player=player, tile=tile, end=event["end"])
    if kind == "double_announced":
        if game == "chicken-foot":
            return said(N_("“Chicken foot!” The double {number} needs three tiles before play goes on elsewhere."),
                        number=event["number"])
        return said(N_("A double: another tile must follow it."))
    if kind == "foot_completed":  # the starting double's four arms are not a chicken foot to a beginner
        if event.get("root"):
            return said(N_("Every arm of the starting double has a tile: play goes on anywhere."))
        return said(N_("The chicken foot on the double {number} is complete: every end is open again."),
                    number=event["number"])
    if kind == "foot_unfinishable":
        return said(N_("This foot can never be finished: too few tiles of its number are left."))
    if kind == "turn_ended" and game != "mexican-train":
        return None  # only Mexican Train's many-tile first turn is ended on purpose
    if kind == "caught":
        return said(N_("{player} catches {victim}, who did not say “chicken little”."), player=player,
                    victim=event["victim"])
    if kind == "hand_ended":
        if event.get("reason") == "went-out":
            return _you_or(mine, N_("You go out: round {round} is over."), N_("{player} goes out: round {round} is over."),
                           player=player, round=round_number)
        return said(N_("Nobody can play: round {round} is over."), round=round_number)
    if kind in _PLAIN:
        you, other = _PLAIN[kind]
        return _you_or(mine, you, other, player=player)
    return None


# Events said with their player alone: (the reader's sentence, another player's).
_PLAIN = {
    "passed": (N_("You pass."), N_("{player} passes.")),
    "turn_lost": (N_("You lose this turn."), N_("{player} loses this turn.")),
    "train_marked": (N_("You put a marker on your train."), N_("{player} puts a marker on their train.")),
    "marker_removed": (N_("You take the marker off your train."), N_("{player} takes the marker off their train.")),
    "chicken_little": (N_("You say “chicken little”: one tile left."),
                       N_("{player} says “chicken little”: one tile left.")),
    "turn_ended": (N_("You end your turn."), N_("{player} ends their turn.")),
}


def _tile(tile: Optional[list]) -> Optional[str]:
    return None if tile is None else f"{tile[0]}-{tile[1]}"
