"""A table's bookkeeping with the store: the one owner of what a table owes.

:class:`Settlement` holds what the money of one table needs between its moves: the
finished hand until it is paid, the failed attempts to pay it and when the next one is
planned, the season and the store's session the hand belongs to, and what the last
payment left (the players' balances, the finished session) for the summary.  It never
calls the store itself: the table's keeper (``bot.tables.manager.TableManager``, through
``bot.tables.ledger.TableLedger``) pays, and tells it what happened.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from bot.engine import Game, replay_record
from bot.store.models import Session as SessionRecord

log = logging.getLogger(__name__)

#: Seconds before an unpaid hand's settlement is retried, doubling up to the maximum.
SETTLE_RETRY_FIRST, SETTLE_RETRY_MAX = 30.0, 300.0
#: Failed attempts to pay a hand (the first included) after which the background retry
#: stops (30 s, 1, 2, 4, 5, 5 and 5 minutes apart: about 23 minutes in all): a refusal that
#: lasts that long will not heal by itself, and the table asks for an admin
#: (``Table.retry_settlement``, ``/taroky-admin retry-payment``).
SETTLE_ATTEMPTS_MAX = 8
#: Seconds between the bot's visits to its tables' planned settlement attempts.
SETTLE_SWEEP = 10.0


@dataclass(frozen=True)
class Payout:
    """What paying a hand left: each seat's new balance, in the currency paid, and the
    store's session if the hand finished it (for the summaries)."""

    currency: str
    balances: dict[int, int]
    finished_session: SessionRecord | None = None


class Settlement:
    """What one table owes the store, and the store's ids its hands are paid under."""

    def __init__(self) -> None:
        #: The finished hand, until it is paid (None once paid).
        self.unpaid: Game | None = None
        #: Failed attempts to pay ``unpaid`` (the table message shows it to everyone,
        #: admins included); the bot's sweeper tries again in the background.
        self.failures = 0
        #: When (``time.monotonic``) the sweeper tries to pay ``unpaid`` again; None: no
        #: attempt planned.
        self.retry_at: float | None = None
        self._retry_delay = SETTLE_RETRY_FIRST
        #: The season the hand in play (or just finished) was dealt in: a restart pays it
        #: into the same one.
        self.season: int | None = None
        #: The store's row for the table's running session, or None.
        self.session_id: int | None = None
        #: What the last payment left (None until the hand in play is paid).
        self.payout: Payout | None = None
        #: The message of the summary posted while ``unpaid`` was still owed (the
        #: payment's failure came first): the payment that follows, a restart's included,
        #: gives it what a paid hand's summary carries (its Review button).
        self.summary_id: int | None = None

    # ------------------------------------------------------------------ the hand
    def new_hand(self) -> None:
        """A hand is dealt: nothing is owed, the last payout is forgotten."""
        self.unpaid = None
        self.payout = None
        self.summary_id = None

    def owe(self, game: Game) -> None:
        """The hand is over and booked by the session: it is owed until paid."""
        self.unpaid = game

    def attempted(self, paid: bool, hand_id: str) -> None:
        """One attempt to pay ``unpaid`` went through (``paid``) or not: forget the hand,
        or count the failure and plan the next attempt (30 s after the first failure,
        the wait doubling up to 5 minutes, until ``SETTLE_ATTEMPTS_MAX`` have failed)."""
        if paid:
            self.unpaid = None
            self.summary_id = None
            self.failures = 0
            self.retry_at = None
            self._retry_delay = SETTLE_RETRY_FIRST
            return
        self.failures += 1
        if self.given_up:
            self.retry_at = None
            log.error("Hand %s could not be paid after %d attempts; an admin must look at it",
                      hand_id, self.failures)
        elif self.retry_at is None:
            self.retry_at = time.monotonic() + self._retry_delay
            self._retry_delay = min(self._retry_delay * 2, SETTLE_RETRY_MAX)

    def paid(self, payout: Payout) -> None:
        """The store paid the hand: what it left, for the summaries."""
        self.payout = payout

    @property
    def given_up(self) -> bool:
        """The unpaid hand failed ``SETTLE_ATTEMPTS_MAX`` times: it stays recorded as
        unpaid and is retried only when an admin asks."""
        return self.unpaid is not None and self.failures >= SETTLE_ATTEMPTS_MAX

    def take_due(self) -> bool:
        """The sweeper's question: has the planned attempt's time come?  If so it is
        taken (the attempt's failure plans the next one)."""
        if self.retry_at is None or time.monotonic() < self.retry_at:
            return False
        self.retry_at = None
        return True

    # ------------------------------------------------------------------ shortcuts
    @property
    def balances(self) -> dict[int, int] | None:
        """Seat -> balance after the last payment (None until the hand is paid)."""
        return self.payout.balances if self.payout is not None else None

    @property
    def currency(self) -> str | None:
        return self.payout.currency if self.payout is not None else None

    @property
    def finished_session(self) -> SessionRecord | None:
        """The store's session the last payment finished, if it did."""
        return self.payout.finished_session if self.payout is not None else None

    # ------------------------------------------------------------------ persistence
    def to_state(self, *, paid: bool = False) -> dict[str, Any]:
        """This bookkeeping's part of the table's snapshot (``paid``: as it stands once
        the payment that saves it commits: nothing owed)."""
        owed = None if paid else self.unpaid
        return {"hand_season": self.season, "session_id": self.session_id,
                "unsettled": owed.to_record() if owed is not None else None,
                "unpaid_summary": self.summary_id if owed is not None else None}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Settlement:
        settlement = cls()
        season = state.get("hand_season")
        settlement.season = int(season) if season is not None else None
        sid = state.get("session_id")
        settlement.session_id = int(sid) if sid is not None else None
        if state.get("unsettled") is not None:
            settlement.unpaid = replay_record(state["unsettled"])
            summary = state.get("unpaid_summary")
            settlement.summary_id = int(summary) if summary is not None else None
        return settlement
