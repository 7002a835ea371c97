"""The hand analysis queue and its results (issue #28): one job per paid hand, durable.

* **Queued with the payment.** ``Ledger.settle_hand`` runs :func:`enqueue_analysis` in
  the transaction that pays the hand, so a paid hand with a human seat always has its
  job and an unpaid one never has (no second owner, no window for a crash between them).
  The job names the seats to review: the human ones (computers are not reviewed).
* **Taken under a lease.** :meth:`Analyses.take_analysis` hands the oldest waiting job to
  one taker (a bot process's analyst or ``taroky analyse --worker``) for ``lease``
  seconds: the job is ``running``, its ``owner`` and ``lease_until`` set.  A taker that
  dies mid-job loses nothing: once the lease has run out the job is taken again.  On
  PostgreSQL the row is chosen ``FOR UPDATE SKIP LOCKED`` (takers of several processes
  never wait on, nor take, a row another transaction holds); on SQLite the one writer
  at a time (``BEGIN IMMEDIATE``) does the same.  A job that failed ``MAX_ATTEMPTS``
  times is ``failed`` and left alone (its error kept).
* **Results stay with the hand.** :meth:`Analyses.finish_analysis` stores the review
  (``HandReview.to_dict``, the names left out: they come from the hand's record, which
  forgetting a member renames) and one ``seat_reviews`` row per reviewed seat — the
  seat's player, accuracy, luck and money — from which :meth:`Analyses.skill_aggregates`
  sums a season's accuracy and luck per player and variant (the leaderboard's
  ``order:accuracy``, the statistics).  Only the lease's holder can finish a job.
* **Made again by a newer judge.** Each stored review carries the version of the judge
  that made it (``review_version``; the takers name theirs, ``bot.ai.review.REVIEW_VERSION``:
  the store knows no engine).  A taker that finds no waiting job takes a review made by
  an older judge, the most recent hand first, and makes it again under the same lease;
  a player opening such a review queues it at once (:meth:`Analyses.remake_analysis`).
  Until the new review is stored the old one stays, and a season's accuracy counts only
  the reviews of the version asked for (:meth:`Analyses.skill_aggregates`), so it never
  mixes two judges' verdicts (docs/review.md, "Reviews made again").

The review itself is made elsewhere (``bot.ai.analyst``): the store keeps JSON and
figures and knows nothing of the engine.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.store.core import Statements, StoreCore, dumps
from bot.store.models import (
    AnalysisJob,
    AnalysisState,
    SeatFigures,
    SettledHand,
    SkillRow,
    is_computer,
)

__all__ = [
    "ANALYSIS_LEASE", "MAX_ATTEMPTS", "OLDER", "AnalysisJob", "AnalysisState", "Analyses", "SeatFigures",
    "SkillRow", "enqueue_analysis",
]

#: Seconds a taken job stays its taker's before another may take it (a review costs
#: about a second of CPU; a loaded machine may take ten times that).
ANALYSIS_LEASE: Final = 300.0
#: Attempts after which a job that keeps failing is marked ``failed``.
MAX_ATTEMPTS: Final = 3
#: The longest error text kept with a failed job.
MAX_ERROR: Final = 500

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"  # (AnalysisState.status)
#: ``analysis_backlog``'s count of the done reviews an older judge made.
OLDER: Final = "older"


def enqueue_analysis(hand: SettledHand) -> Statements[bool]:
    """Queue the analysis of ``hand`` (a statement of the transaction that pays it): its
    human seats are reviewed.  A hand of computers only is not queued; False then."""
    seats = [seat for seat, p in enumerate(hand.participants) if not is_computer(p)]
    if not seats:
        return False
    yield (
        "INSERT INTO analyses (hand_id, seats_json) VALUES (?, ?) ON CONFLICT (hand_id) DO NOTHING",
        (hand.hand_id, dumps(seats)),
    )
    return True


class Analyses(StoreCore):
    """The analysis queue and the stored reviews (see the module's docstring)."""

    async def take_analysis(
        self, owner: str, *, review_version: int, lease: float = ANALYSIS_LEASE,
        now: float | None = None,
    ) -> AnalysisJob | None:
        """The oldest waiting job (queued, or running under a lease that has run out), or
        if none waits the most recent hand whose review a judge older than
        ``review_version`` (the taker's) made, to be made again; now ``owner``'s for
        ``lease`` seconds.  None when there is neither."""
        if lease <= 0:
            raise ValueError("a lease lasts a positive number of seconds")
        at = time.time() if now is None else now
        skip_locked = " FOR UPDATE SKIP LOCKED" if self.dialect.name == "postgresql" else ""
        async with self._write() as conn:
            while True:
                rows = await self._rows(
                    conn,
                    "SELECT seq, hand_id, seats_json, attempts FROM analyses"
                    " WHERE status = ? OR (status = ? AND lease_until < ?)"
                    f" ORDER BY seq LIMIT 1{skip_locked}",
                    (QUEUED, RUNNING, at),
                )
                if not rows:  # (none waits: a review of an older judge, the latest hand first)
                    rows = await self._rows(
                        conn,
                        "SELECT seq, hand_id, seats_json, 0 FROM analyses"
                        " WHERE status = ? AND review_version < ?"
                        f" ORDER BY review_version, seq DESC LIMIT 1{skip_locked}",
                        (DONE, review_version),
                    )
                if not rows:
                    return None
                seq, hand_id, seats_json, attempts = rows[0]
                if int(attempts) >= MAX_ATTEMPTS:  # (its takers all died mid-job)
                    await conn.execute(
                        "UPDATE analyses SET status = ?, owner = NULL, lease_until = NULL,"
                        " error = COALESCE(error, ?) WHERE seq = ?",
                        (FAILED, "taken too often without an answer", seq),
                    )
                    continue
                await conn.execute(  # (a review made again counts its attempts afresh)
                    "UPDATE analyses SET status = ?, owner = ?, lease_until = ?, attempts = ?"
                    " WHERE seq = ?",
                    (RUNNING, owner, at + lease, int(attempts) + 1, seq),
                )
                record = await self._rows(
                    conn, "SELECT record_json FROM hands WHERE hand_id = ?", (hand_id,)
                )
                return AnalysisJob(
                    hand_id=str(hand_id),
                    seats=tuple(int(s) for s in json.loads(seats_json)),
                    record=json.loads(record[0][0]),
                    attempts=int(attempts) + 1,
                )

    async def finish_analysis(
        self, hand_id: str, owner: str, review: Mapping[str, Any], seats: Sequence[SeatFigures],
        *, review_version: int,
    ) -> bool:
        """Store the review of a job ``owner`` holds, made by the judge of version
        ``review_version``, and its seats' figures (a review made again replaces the
        older one's); False (and nothing written) if the job is no longer ``owner``'s
        (its lease ran out and another taker has it, or it is done)."""
        async with self._write() as conn:
            taken = await self._rows(
                conn,
                "UPDATE analyses SET status = ?, review_json = ?, review_version = ?, error = NULL,"
                f" owner = NULL, lease_until = NULL, done_at = {self.dialect.now}"
                " WHERE hand_id = ? AND status = ? AND owner = ? RETURNING hand_id",
                (DONE, dumps(dict(review)), review_version, hand_id, RUNNING, owner),
            )
            if not taken:
                return False
            hand = await self._rows(
                conn,
                "SELECT guild_id, season, variant, currency, participants_json FROM hands"
                " WHERE hand_id = ?",
                (hand_id,),
            )
            guild_id, season, variant, currency, parts_json = hand[0]
            participants = [int(p) for p in json.loads(parts_json)]
            await conn.executemany(
                "INSERT INTO seat_reviews (hand_id, seat, guild_id, season, variant, currency,"
                " player_id, accuracy, judged, luck, money) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (hand_id, seat) DO UPDATE SET accuracy = excluded.accuracy,"
                " judged = excluded.judged, luck = excluded.luck, money = excluded.money",
                [
                    (hand_id, f.seat, guild_id, season, variant, currency, participants[f.seat],
                     f.accuracy, f.judged, f.luck, f.money)
                    for f in seats
                    if 0 <= f.seat < len(participants)
                ],
            )
        return True

    async def fail_analysis(self, hand_id: str, owner: str, error: str) -> bool:
        """A job ``owner`` holds could not be analysed: queued again, or ``failed`` after
        ``MAX_ATTEMPTS``; False if it was no longer ``owner``'s."""
        async with self._write() as conn:
            rows = await self._rows(
                conn,
                "UPDATE analyses SET status = CASE WHEN attempts >= ? THEN ? ELSE ? END,"
                " owner = NULL, lease_until = NULL, error = ?"
                " WHERE hand_id = ? AND status = ? AND owner = ? RETURNING hand_id",
                (MAX_ATTEMPTS, FAILED, QUEUED, error[:MAX_ERROR], hand_id, RUNNING, owner),
            )
        return bool(rows)

    async def remake_analysis(self, hand_id: str, review_version: int) -> bool:
        """Queue ``hand_id``'s analysis at once if its stored review was made by a judge
        older than ``review_version`` (a player asks to see it); False if it was not
        (current, already waiting or being made, failed, or no analysis)."""
        async with self._write() as conn:
            rows = await self._rows(
                conn,
                "UPDATE analyses SET status = ?, attempts = 0, error = NULL"
                " WHERE hand_id = ? AND status = ? AND review_version < ? RETURNING hand_id",
                (QUEUED, hand_id, DONE, review_version),
            )
        return bool(rows)

    async def release_analyses(self, owner: str) -> int:
        """``owner`` stops (a clean shutdown): the jobs it holds wait again at once, their
        attempt not counted.  How many."""
        async with self._write() as conn:
            rows = await self._rows(
                conn,
                "UPDATE analyses SET status = ?, owner = NULL, lease_until = NULL,"
                " attempts = attempts - 1 WHERE status = ? AND owner = ? RETURNING hand_id",
                (QUEUED, RUNNING, owner),
            )
        return len(rows)

    async def get_analysis(self, hand_id: str) -> AnalysisState | None:
        """Where the analysis of ``hand_id`` stands (None: the hand has none)."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT status, seats_json, review_json, error, review_version FROM analyses"
                " WHERE hand_id = ?",
                (hand_id,),
            )
        if not rows:
            return None
        status, seats_json, review_json, error, review_version = rows[0]
        return AnalysisState(
            hand_id=hand_id,
            status=str(status),
            seats=tuple(int(s) for s in json.loads(seats_json)),
            review=None if review_json is None else json.loads(review_json),
            error=None if error is None else str(error),
            review_version=int(review_version),
        )

    async def review_hand_id(
        self, guild_id: int, player_id: int, seq: int | None = None
    ) -> str | None:
        """The hand a player asks the review of: the guild's hand numbered ``seq`` (as the
        history shows it), else the player's latest hand in the guild that has an
        analysis; None if there is none.  (Whether the player played it is the caller's
        to check, from the hand's participants.)"""
        async with self._read() as conn:
            if seq is not None:
                rows = await self._rows(
                    conn, "SELECT hand_id FROM hands WHERE guild_id = ? AND seq = ?", (guild_id, seq)
                )
                return str(rows[0][0]) if rows else None
            rows = await self._rows(
                conn,
                "SELECT h.hand_id, h.participants_json FROM hands h JOIN analyses a"
                " ON a.hand_id = h.hand_id WHERE h.guild_id = ? AND h.participants_json LIKE ?"
                " ORDER BY h.seq DESC LIMIT 50",
                (guild_id, f"%{player_id}%"),
            )
        for hand_id, parts_json in rows:
            if player_id in (int(p) for p in json.loads(parts_json)):
                return str(hand_id)
        return None

    async def analysis_backlog(self, review_version: int) -> dict[str, int]:
        """How many jobs stand in each state (every state named, 0 included), and
        ``older``: how many of the done ones a judge older than ``review_version`` made
        (to be made again)."""
        async with self._read() as conn:
            rows = await self._rows(conn, "SELECT status, COUNT(*) FROM analyses GROUP BY status")
            older = await self._rows(
                conn, "SELECT COUNT(*) FROM analyses WHERE status = ? AND review_version < ?",
                (DONE, review_version),
            )
        counts = {QUEUED: 0, RUNNING: 0, DONE: 0, FAILED: 0}
        counts.update({str(s): int(n) for s, n in rows})
        counts[OLDER] = int(older[0][0])
        return counts

    async def skill_aggregates(
        self, guild_id: int, season: int | None = None, *, review_version: int,
        variant: str | None = None, player_id: int | None = None,
    ) -> list[SkillRow]:
        """Per player and variant, the season's reviewed hands (the current season
        unless ``season``): how many, the mean accuracy of those with a judged choice
        whose review the judge of ``review_version`` made (a review an older judge made,
        waiting to be made again, is not counted: one judge's verdicts, never two), the
        sums of luck and money (the normal player's, not the judge's: every review's).
        Ordered by player, then variant."""
        sql = (
            "SELECT r.player_id, r.variant, r.currency, COUNT(*), COUNT(CASE WHEN a.review_version = ?"
            " THEN r.accuracy END), AVG(CASE WHEN a.review_version = ? THEN r.accuracy END),"
            " SUM(r.luck), SUM(r.money) FROM seat_reviews r JOIN analyses a ON a.hand_id = r.hand_id"
            " WHERE r.guild_id = ? AND r.season = ?"
        )
        async with self._read() as conn:
            s = await self._season_or_current(conn, guild_id, season)
            params: list[Any] = [review_version, review_version, guild_id, s]
            if variant is not None:
                sql += " AND r.variant = ?"
                params.append(variant)
            if player_id is not None:
                sql += " AND r.player_id = ?"
                params.append(player_id)
            rows = await self._rows(
                conn, sql + " GROUP BY r.player_id, r.variant, r.currency ORDER BY r.player_id, r.variant",
                params,
            )
        return [
            SkillRow(
                player_id=int(p), variant=str(v), currency=str(c), hands=int(n),
                judged_hands=int(j), accuracy=None if a is None else float(a),
                luck=int(luck), money=int(money),
            )
            for p, v, c, n, j, a, luck, money in rows
        ]
