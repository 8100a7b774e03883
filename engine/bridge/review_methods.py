"""The round review's bridge methods (registered in ``engine.bridge.dispatch``), on the game the worker holds:
the match being played or an imported record (``game_import``).

- ``review_round(seat, round=None, samples=None, slice_ms=None)``: the review of ``seat``'s decisions in a
  finished ``round`` (1-based; default the last finished), see ``engine/review.py`` for every field. The
  worker answers one call at a time, so a long review is spread over calls: with ``slice_ms`` the call
  returns after about that many milliseconds with ``{"complete": false, "done": k, "total": n, "seat",
  "round"}`` and the next call with the same arguments goes on where it stopped (progress for the page; the
  board stays usable between calls). A finished review answers ``{"complete": true, "done", "total", ...the
  review}`` and is kept: asked again, it answers at once. The review's fields: ``seat``, ``round``, ``lost``,
  ``by_kind`` ({kind: points}), ``samples``, ``kind_labels`` ({kind: English label, a ui msgid}) and
  ``decisions``, each ``{"index"`` (its ply in the round's moves, from 0), ``"played"``, ``"best"`` (move
  texts), ``"lost"``, ``"grade"`` (fine, inaccuracy, mistake, blunder, too-close), ``"confidence"``,
  ``"kind"`` and ``"rule"`` (``page#anchor``; both null when the move played was the best), ``"reason"``
  (``{"code", "params", "template"}``, as a hint's: ``t(template, params)``), ``"view"`` (the seat's view then,
  as ``game_state`` sends it, with ``last_played``) and ``"legal"`` (the legal move texts)}``. Each decision
  graded other than ``fine`` carries ``view.pictures`` (``{"table", "hand"}``, drawn like the game's with the
  page's theme and words, the seat's open ends as targets).
- ``review_cancel()``: drops the review under way (a call for another seat or round drops it too).
- ``review_summary(seat)`` → ``{"seat", "rounds": [{"round", "lost", "by_kind", "samples"}], "lost",
  "pending": [finished rounds not reviewed yet], "kind_labels"}``: the reviews made so far (the page reviews
  the pending rounds with ``review_round``); ``game_save`` carries the summaries, ``game_load`` brings them back.
- Progress and cancelling: the worker runs one call at a time and has no progress channel for a call, so the
  page asks for slices (``slice_ms``, e.g. 200) and shows ``done``/``total`` between them; to cancel it stops
  asking (or calls ``review_cancel``).

Pass-and-play: each person reviews only their own seat, from their own views alone, while their hand is the
one shown (``hand-hidden`` otherwise): at the round's end the device goes round, ``review_hand_over()``
hiding every hand (it answers ``{"state"}``, as ``game_state``), then ``game_reveal(seat)`` once that person
says it is them (any person, at a round's end). Refusals: ``no-game``, ``bad-seat``, ``no-round``
(``round``, ``rounds``), ``bad-samples``, ``hand-hidden``; ``review_hand_over``: ``no-round-over`` while a
round is played, ``not-pass-and-play`` with one person.
"""

from __future__ import annotations

import time
from typing import Optional

from ..errors import ConfigError
from ..review import COSTLY, Budget, RoundReview, finished_rounds, kind_labels
from .arguments import whole
from .errors import BridgeError
from .errors import refusal as _refuse
from .review_store import ReviewStore

PICTURED = COSTLY + ("too-close",)


def _session():
    from . import game_methods  # the session the game's methods hold

    return game_methods._session()


def store_of(session) -> ReviewStore:
    store = getattr(session, "reviews", None)
    if store is None:
        store = session.reviews = ReviewStore()
    return store


def _check_seat(session, seat) -> int:
    seat = whole(seat, "seat", 0, session.match.players - 1)
    if session.seats.pass_and_play and seat != session.viewer:
        raise BridgeError("hand-hidden", f"seat {seat} is not the person holding the device", seat=seat)
    return seat


def review_round(seat: int, round: Optional[int] = None, samples: Optional[int] = None,  # noqa: A002 - JSON name
                 slice_ms: Optional[int] = None) -> dict:
    session = _session()
    seat = _check_seat(session, seat)
    if slice_ms is not None:
        whole(slice_ms, "slice_ms", 1, 600_000)
    if round is not None:
        whole(round, "round", 1, 10**6)
    store = store_of(session)
    try:
        budget = Budget.of_samples(samples)
        if round is None:
            rounds = finished_rounds(session.match)
            round = rounds[-1] if rounds else None
        key = (seat, round, budget.samples)
        if key in store.answers:
            answer = store.answers[key]
            return {"complete": True, "done": len(answer["decisions"]), "total": len(answer["decisions"]),
                    "kind_labels": kind_labels(), **answer}
        if store.job_key != key:
            store.job = RoundReview(session.match, seat, round, budget)
            store.job_key = key
    except ConfigError as error:
        raise _refuse(error) from None
    job = store.job
    deadline = time.perf_counter() + slice_ms / 1000 if slice_ms is not None else None
    while not job.complete:
        job.step()
        if deadline is not None and time.perf_counter() > deadline and not job.complete:
            return {"complete": False, "done": job.done, "total": job.total, "seat": seat, "round": round}
    answer = job.answer()
    _add_pictures(answer)
    store.finished(key, answer)
    return {"complete": True, "done": job.done, "total": job.total, "kind_labels": kind_labels(), **answer}


def _add_pictures(answer: dict) -> None:
    from .game_methods import _pictures

    for decision in answer["decisions"]:
        if decision["grade"] in PICTURED:
            decision["view"]["pictures"] = _pictures(decision["view"])


def review_hand_over(log_since: int = 0) -> dict:
    from .game_methods import state
    from .game_session import SessionError

    whole(log_since, "log_since")
    session = _session()
    try:
        session.hand_over()
    except SessionError as error:
        raise _refuse(error) from None
    store_of(session).cancel()  # a review under way was the last person's
    return state(log_since)


def review_cancel() -> dict:
    return {"cancelled": store_of(_session()).cancel()}


def review_summary(seat: int) -> dict:
    session = _session()
    seat = _check_seat(session, seat)
    reviewed = store_of(session).summaries.get(seat, {})
    rounds = [reviewed[r] for r in sorted(reviewed)]
    return {"seat": seat, "rounds": rounds, "lost": round(sum(entry["lost"] for entry in rounds), 1),
            "pending": [r for r in finished_rounds(session.match) if r not in reviewed], "kind_labels": kind_labels()}


METHODS = {"review_round": review_round, "review_cancel": review_cancel, "review_summary": review_summary,
           "review_hand_over": review_hand_over}
