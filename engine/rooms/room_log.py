"""A room's move log for one seat: the match's own events, each with the narrator's sentence (``say``, from
``engine/narration.py``, as the game page's log), so that every page tells the game in its reader's words from
one catalog of sentences, and a page that reloads gets its log back from the server, which holds the game.

Events are counted over the whole match (every hand's log, oldest first); a view carries the events its
seat has not been sent yet, from ``log_start`` to ``log_end``, and only those worth a line. A seat that
(re)joins is sent the last ``TAIL`` events first. A drawn tile is shown only to the seat that drew it.
"""

from __future__ import annotations

from ..narration import narrated
from ..events import Event
from ..match import Match

TAIL = 80  # events a (re)joining page gets back: a few turns round the table, a round's end, its next start


def _hands(match: Match) -> list:
    finished = list(match.finished_hands)
    if not finished or finished[-1] is not match.hand:
        finished.append(match.hand)
    return finished


def event_count(match: Match) -> int:
    return sum(len(hand.log) for hand in _hands(match))


def log_since(match: Match, seat: int, since: int) -> dict:
    """``{log_start, log_end, log}``: the events from ``since`` on as ``seat`` may see them, each
    ``{i, kind, round, say}`` (``i`` its number in the match, ``round`` from 0), those without a sentence left out."""
    current_round = match.hand.round_index
    lines, index = [], 0
    for hand in _hands(match):
        if index + len(hand.log) <= since:
            index += len(hand.log)
            continue
        for offset, entry in enumerate(hand.log):
            i = index + offset
            if i < since:
                continue
            event = {**Event(*entry).to_dict(seat), "round": hand.round_index}
            say = narrated(event, match.game, seat, current_round)["say"]
            if say is not None:
                lines.append({"i": i, "kind": event["kind"], "round": hand.round_index, "say": say})
        index += len(hand.log)
    return {"log_start": since, "log_end": index, "log": lines}
