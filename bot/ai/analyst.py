"""The analyst: takes hand analysis jobs from the store's queue and stores their reviews.

Every bot process with a store runs one (``bot.app``: a loop every ``ANALYSIS_POLL``
seconds catches up with the queue), and so does ``taroky analyse --worker``.  When no job
waits, a review an older judge made (``REVIEW_VERSION``) is made again, the most recent
hand first, so stored reviews and the season's accuracy come to be this judge's.  A job is
taken under a lease (``DataStore.take_analysis``), reviewed in the review worker process
(``bot.ai.pool.analyse_off_loop``: never on the event loop, at a lower CPU priority,
within a ``Budget`` per hand), and its review stored with the hand together with each
reviewed seat's figures (``DataStore.finish_analysis``).  A review that fails is queued
again (the store gives it up after a few attempts).  Several analysts — of several
processes on one PostgreSQL database — share the queue; each job is reviewed once.

Names are not stored in a review: they come from the hand's record when it is shown
(forgetting a member renames them there).

A reader waiting for a hand's review looks at the store (``DataStore.get_analysis``):
the review may be made by any process.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

from bot import metrics
from bot.ai import pool
from bot.ai.review import REVIEW_VERSION, Budget, HandReview
from bot.store import DataStore, SeatFigures
from bot.store.analysis import ANALYSIS_LEASE

__all__ = ["ANALYSIS_POLL", "Analyse", "Analyst", "stored_review"]

log = logging.getLogger(__name__)

#: Seconds between two looks at the queue when it was empty.
ANALYSIS_POLL: Final = 5.0

#: How a review is made: the record, the seats, the budget → ``HandReview.to_dict``.
Analyse = Callable[[dict[str, Any], Sequence[int], Budget], Awaitable[dict[str, Any]]]


def stored_review(review: HandReview) -> tuple[dict[str, Any], list[SeatFigures]]:
    """What the store keeps of a review: its dict without names, and each seat's figures."""
    nameless = dataclasses.replace(
        review, seats=tuple(dataclasses.replace(s, name=None) for s in review.seats))
    figures = [SeatFigures(seat=s.seat, accuracy=s.accuracy, judged=len(s.decisions),
                           luck=s.luck, money=s.money) for s in review.seats]
    return nameless.to_dict(), figures


class Analyst:
    """Takes jobs as ``owner`` and reviews them within ``budget`` (per seat of a hand)."""

    def __init__(self, store: DataStore, owner: str, budget: Budget | None = None, *,
                 lease: float = ANALYSIS_LEASE, analyse: Analyse = pool.analyse_off_loop) -> None:
        self.store = store
        self.owner = owner
        self.budget = budget or Budget()
        self.lease = lease
        self._analyse = analyse
        #: Reviews stored and failures, by this analyst (figures).
        self.reviewed = 0
        self.failed = 0

    async def run_one(self) -> str | None:
        """Take one job and review it; its hand id, or None when no job waits."""
        job = await self.store.take_analysis(self.owner, review_version=REVIEW_VERSION, lease=self.lease)
        if job is None:
            return None
        started = time.monotonic()
        try:
            data = await self._analyse(job.record, job.seats, self.budget)
            made = HandReview.from_dict(data)
            review, figures = stored_review(made)
        except Exception as error:  # a record that does not replay, a worker that died
            log.warning("Reviewing hand %s failed (attempt %d): %s", job.hand_id, job.attempts, error)
            self.failed += 1
            metrics.ANALYSES.labels(outcome="failed").inc()
            await self.store.fail_analysis(job.hand_id, self.owner, f"{type(error).__name__}: {error}")
            return job.hand_id
        if await self.store.finish_analysis(job.hand_id, self.owner, review, figures,
                                            review_version=made.version):
            self.reviewed += 1
            metrics.ANALYSES.labels(outcome="stored").inc()
            metrics.ANALYSIS_SECONDS.observe(time.monotonic() - started)
        return job.hand_id

    async def catch_up(self, limit: int | None = None) -> int:
        """Review waiting jobs one after another until none waits (or ``limit``); how many."""
        done = 0
        while limit is None or done < limit:
            if await self.run_one() is None:
                break
            done += 1
        return done

    async def stop(self) -> None:
        """A clean stop: the jobs this analyst holds wait again at once."""
        await self.store.release_analyses(self.owner)
