"""A request to stop the hand in play at once, unpaid (issue #29, ``/taroky end now``).

One seated player asks; the hand stops (annulled: nothing paid, the salt revealed, the
table closes) only when every seated human agrees.  Anyone keeping the hand going ends
the request, and so does no answer within :data:`STOP_VOTE_SECONDS`; the hand is then
played out and paid as the cards fall.  The request is part of the table's snapshot, so
a restart keeps it, with only what was left of its time.

:class:`StopRequest` is the one owner of that request: asking, answering, the timer
that lets it lapse and its snapshot.  It works under its table's lock and sees the table
through :class:`StoppingTable` (``bot.tables.table.Table`` holds it as ``stop_request``);
the annulment itself, which closes the table, is the table's.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine import Game
from bot.i18n import N_
from bot.tables.errors import StaleChoice, TableError

#: How long a request to stop the hand in play at once waits for every seated player's
#: agreement (issue #29); no answer in time keeps the hand going.
STOP_VOTE_SECONDS = 120.0


@dataclass
class StopVote:
    """A request to stop the hand in play at once, unpaid (issue #29): who asked, and the
    seated players who agreed so far; it stops the hand when every seated human agrees."""

    hand_no: int
    asked_by: str
    #: The member who asked (their leaving or being forgotten ends the request, issue #30); 0 in a request
    #: kept before the id was (it names no member).
    asked_by_id: int
    agreed: set[int] = field(default_factory=set)
    #: When it was asked (``time.time``, so it means the same after a restart): the
    #: request waits ``STOP_VOTE_SECONDS`` from then, a restart in between included.
    asked_at: float = field(default_factory=time.time)
    #: Every seated human agreed, but the database did not keep the hand annulled (the
    #: hand goes on; the table message says so, and the next agreement tries again).
    not_kept: bool = False

    def to_state(self) -> dict[str, Any]:
        """The request's part of the table's snapshot: a restart keeps it."""
        return {"hand_no": self.hand_no, "asked_by": self.asked_by, "asked_by_id": self.asked_by_id,
                "agreed": sorted(self.agreed), "asked_at": self.asked_at, "not_kept": self.not_kept}

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> StopVote:
        return cls(hand_no=int(d["hand_no"]), asked_by=str(d["asked_by"]),
                   asked_by_id=int(d.get("asked_by_id") or 0),
                   agreed={int(u) for u in d.get("agreed") or []}, asked_at=float(d["asked_at"]),
                   not_kept=bool(d.get("not_kept", False)))

    def seconds_left(self) -> float:
        """Seconds the request still waits for an answer (0: its time is up)."""
        return min(STOP_VOTE_SECONDS, max(0.0, STOP_VOTE_SECONDS - (time.time() - self.asked_at)))


class StoppingTable(Protocol):
    """What a request to stop needs of its table (``bot.tables.table.Table``)."""

    id: str
    lock: asyncio.Lock
    hand_no: int

    @property
    def humans(self) -> list[int]: ...

    @property
    def hand_in_play(self) -> Game | None: ...

    def require_seat(self, user_id: int) -> int: ...

    async def changed_locked(self) -> None: ...

    async def annul_locked(self, how: str) -> None: ...


class StopRequest:
    """The request to stop its table's hand at once, while it waits (one a table)."""

    def __init__(self, table: StoppingTable) -> None:
        self.table = table
        #: The request waiting for answers (shown on the table message with its buttons),
        #: or None.
        self.vote: StopVote | None = None
        self._timer: asyncio.Task[None] | None = None
        #: The hand whose request ended because whoever asked left or was forgotten (issue #30):
        #: the table message says so, without a name, until the hand ends or someone asks
        #: again; kept in the snapshot, so a restart keeps the note.
        self._withdrawn_in: int | None = None

    async def ask(self, user_id: int, name: str) -> None:
        """``/taroky end now`` by a seated player: ask every seated player to stop the hand
        in play at once, unpaid.  One player alone cannot: with nobody else seated the
        request is refused in a sentence (an admin may annul the hand)."""
        table = self.table
        async with table.lock:
            table.require_seat(user_id)
            if table.hand_in_play is None:
                raise TableError(N_("No hand is in play, so there is nothing to stop; "
                                    "/taroky end closes the table."))
            if len(table.humans) < 2:
                raise TableError(N_(
                    "Stopping a hand at once needs every other seated player to agree, and nobody else "
                    "sits at this table: the hand is played out and paid as the cards fall (an admin "
                    "can annul it with /taroky-admin annul)."))
            vote = self.vote
            if vote is None or vote.hand_no != table.hand_no:
                vote = self.vote = StopVote(table.hand_no, name, user_id)
                self._withdrawn_in = None
                self._start_timer(vote)
            vote.agreed.add(user_id)
            await table.changed_locked()

    async def answer(self, user_id: int, hand_no: int, agree: bool) -> bool:
        """A seated player's answer to the request (its buttons carry ``hand_no``): anyone
        keeping the hand going ends the request; the hand stops (annulled, nothing paid,
        the table closes) once every seated human agreed.  True when it stopped."""
        table = self.table
        async with table.lock:
            table.require_seat(user_id)
            vote = self.vote
            if vote is None or vote.hand_no != hand_no or table.hand_in_play is None:
                raise StaleChoice(N_("Nobody is asking to stop this hand now; it goes on."))
            if not agree:
                self.end()
                await table.changed_locked()
                return False
            vote.agreed.add(user_id)
            try:
                if await self._stop_if_agreed(vote):
                    return True
            except TableError:  # (the clicker reads why; the others, on the table message)
                await table.changed_locked()
                raise
            await table.changed_locked()
            return False

    async def _stop_if_agreed(self, vote: StopVote) -> bool:
        """Once every seated human agreed, the hand stops (annulled, nothing paid, the
        table closes).  True when it stopped.  If the database does not keep the
        annulment (``TableError``, logged by the table), nothing changed but the
        request's ``not_kept``: the hand goes on, the request waits, and the next
        agreement tries again."""
        table = self.table
        if table.hand_in_play is None or not set(table.humans) <= vote.agreed:
            return False
        try:
            await table.annul_locked("agreement")
        except TableError:
            vote.not_kept = True
            raise
        return True

    def end(self) -> None:
        """No request waits any more (the hand ended, was annulled, or the table closes)."""
        self.vote = None
        self._withdrawn_in = None
        timer = self._timer
        if timer is not None and timer is not asyncio.current_task() and not timer.done():
            timer.cancel()
        self._timer = None

    def is_asked_by(self, user_id: int) -> bool:
        """Whether the request waiting was asked by the member ``user_id``."""
        return self.vote is not None and self.vote.asked_by_id == user_id

    def is_not_kept(self) -> bool:
        """Whether every seated human agreed to the request waiting, but the database did
        not keep the hand annulled (the table message says so; agreeing again retries)."""
        return self.vote is not None and self.vote.not_kept

    def is_withdrawn(self) -> bool:
        """Whether the hand in play had a request to stop that ended when whoever asked
        left the table or was forgotten (and nobody asked again since): the table message
        says so."""
        return self.vote is None and self._withdrawn_in == self.table.hand_no

    async def member_left(self, user_id: int) -> bool:
        """The member ``user_id`` left the table (the table's lock held, by
        ``Table._let_go_locked``: ``/taroky leave``, or forgotten, issue #30): they no
        longer sit there, so they no longer decide.  A request they asked ends, as if
        withdrawn (its name goes with it): nobody makes it any more, so the hand goes on
        and is paid as the cards fall, and the table message says why
        (:meth:`is_withdrawn`); anyone seated may ask again.  Their agreement goes, and
        when everyone still seated has agreed the hand stops then, as the last agreement
        would have stopped it.  True when it stopped."""
        vote = self.vote
        if vote is None:
            return False
        if vote.asked_by_id == user_id:
            self.end()
            self._withdrawn_in = vote.hand_no
            return False
        vote.agreed.discard(user_id)
        try:
            return await self._stop_if_agreed(vote)
        except TableError:  # (the annulment not kept, logged: the request waits on, marked
            return False    # ``not_kept``; the next agreement tries again, or it lapses)

    def resume(self) -> None:
        """After a restart the restored request waits only what was left of its time."""
        if self.vote is not None and self._timer is None:
            self._start_timer(self.vote)

    def to_state(self) -> dict[str, Any]:
        """The request's part of the table's snapshot, while a hand is in play: the
        request waiting (``stop_vote``, None: none), and the hand whose request was
        withdrawn when whoever asked left (``stop_withdrawn_in``; a number, no name), so
        that a restart keeps the table message's note too."""
        playing = self.table.hand_in_play is not None
        return {"stop_vote": self.vote.to_state() if self.vote is not None and playing else None,
                "stop_withdrawn_in": self._withdrawn_in if self.is_withdrawn() and playing else None}

    def restore(self, state: dict[str, Any]) -> None:
        """What the table's snapshot kept (``to_state``) of the hand now in play: the
        request, or the note that it was withdrawn (those of another hand are dropped)."""
        saved, withdrawn = state.get("stop_vote"), state.get("stop_withdrawn_in")
        if saved is not None and int(saved["hand_no"]) == self.table.hand_no:
            self.vote = StopVote.from_state(saved)
        elif withdrawn is not None and int(withdrawn) == self.table.hand_no:
            self._withdrawn_in = int(withdrawn)

    def _start_timer(self, vote: StopVote) -> None:
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().create_task(
            self._lapse(vote), name=f"taroky-table-{self.table.id}-stop")

    async def _lapse(self, vote: StopVote) -> None:
        await asyncio.sleep(vote.seconds_left())
        async with self.table.lock:
            if self.vote is vote:  # no answer in time: the hand goes on
                self.vote = None
                await self.table.changed_locked()
