"""Lines of tiles on the table, and the layout data contract of ``engine/README.md``."""

from __future__ import annotations

from typing import Optional

from .moves import play_row


class Line:
    """A chain of tiles grown from an anchor; its last tile holds its one open end (``end``, a number),
    or ``end`` is ``None`` when the line is closed (a Chicken Foot line ending in a double)."""

    __slots__ = ("id", "parent", "slot", "at", "tiles", "owner", "marker", "end", "row", "serial")

    def __init__(self, line_id: str, parent: Optional[str], slot: str, at: int, end: Optional[int],
                 owner: Optional[int] = None, serial: int = 0) -> None:
        self.id = line_id
        self.parent = parent
        self.slot = slot
        self.at = at
        self.tiles: list[tuple[int, int]] = []  # (inner, outer), from the anchor outwards
        self.owner = owner
        self.marker = False
        self.end = end
        self.serial = serial  # creation order: open ends are listed in it, whatever the history
        self.row = play_row(line_id)  # this end's interned play moves, by tile index

    def to_dict(self, is_open: bool) -> dict:
        return {"id": self.id, "parent": self.parent, "slot": self.slot, "at": self.at,
                "tiles": [[inner, outer] for inner, outer in self.tiles], "owner": self.owner,
                "marker": self.marker, "open": is_open}
