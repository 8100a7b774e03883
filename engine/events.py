"""The event stream: what happened, in order, in a form a UI can narrate and translate.

Kinds: ``hand_started``, ``drew`` (a draw from the boneyard; the tile is shown only to its drawer),
``drew_for_first`` (Kelley's face-up draw), ``opened`` (the starting double or engine placed),
``tile_played``, ``double_announced``, ``foot_completed``, ``foot_unfinishable``, ``passed``,
``turn_lost``, ``train_marked``, ``marker_removed``, ``chicken_little``, ``caught``, ``turn_ended``,
``hand_ended`` (with scores), ``match_ended`` (with winners).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from .tiles import Tile

HIDDEN_TILE_KINDS = frozenset({"drew"})


class Event(NamedTuple):
    kind: str
    seat: Optional[int] = None
    tile: Optional[Tile] = None
    end: Optional[str] = None
    data: Optional[dict] = None

    def to_dict(self, viewer: Optional[int] = None) -> dict:
        """Plain data; ``viewer`` (a seat) hides what that seat may not see, ``None`` shows everything."""
        shown = self.tile
        if shown is not None and self.kind in HIDDEN_TILE_KINDS and viewer is not None and viewer != self.seat:
            shown = None
        out: dict = {"kind": self.kind, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = shown.to_list() if shown is not None else None
        if self.end is not None:
            out["end"] = self.end
        if self.data:
            out.update(self.data)
        return out
