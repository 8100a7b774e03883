"""What one game session keeps of its round reviews: each full review in memory (asked again, it answers at
once), the review under way (``RoundReview``, resumed call after call), and per seat the summary of every
round reviewed, which the save carries (``"review"``) so a reload shows the summary without redoing it."""

from __future__ import annotations

from typing import Optional

from ..review import RoundReview, summary_of

STORE_VERSION = 1


class ReviewStore:
    def __init__(self) -> None:
        self.answers: dict[tuple, dict] = {}  # (seat, round, samples) -> the review's whole answer
        self.summaries: dict[int, dict[int, dict]] = {}  # seat -> round -> summary_of(answer)
        self.job: Optional[RoundReview] = None
        self.job_key: Optional[tuple] = None

    def finished(self, key: tuple, answer: dict) -> None:
        self.answers[key] = answer
        self.summaries.setdefault(key[0], {})[key[1]] = summary_of(answer)
        self.job = self.job_key = None

    def cancel(self) -> bool:
        had = self.job is not None
        self.job = self.job_key = None
        return had

    def to_json(self) -> Optional[dict]:
        if not self.summaries:
            return None
        return {"version": STORE_VERSION,
                "seats": {str(seat): [rounds[r] for r in sorted(rounds)] for seat, rounds in
                          sorted(self.summaries.items())}}

    @classmethod
    def from_json(cls, data: Optional[dict]) -> "ReviewStore":
        """A save's ``review`` (already checked by ``readers.read_save``)."""
        store = cls()
        for seat, rounds in ((data or {}).get("seats") or {}).items():
            store.summaries[int(seat)] = {entry["round"]: dict(entry) for entry in rounds}
        return store
