"""All open tables of the bot: one per channel, created, found, kept and closed here.

The manager is every table's :class:`bot.tables.table.TableKeeper`: it saves their
snapshots (versioned, under a lease, ``bot.tables.table_states``) and pays their hands
through the ledger (``bot.tables.ledger``)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.engine import Game
from bot.i18n import N_
from bot.store import (
    DataStore,
    Forgotten,
    MemberForgottenError,
    Shards,
    StaleTableStateError,
)
from bot.store import Session as SessionRecord
from bot.tables.deals import Deals
from bot.tables.errors import NoTable, TableError
from bot.tables.errors import plural_pair as ngettext  # (marks the pair for the catalog)
from bot.tables.ledger import TableLedger
from bot.tables.limits import Limits
from bot.tables.table import (
    BETWEEN,
    CLOSED,
    LOBBY,
    PLAYING,
    Seat,
    Table,
    TableConfig,
    TableOutput,
    TableTimings,
)
from bot.tables.table_states import TableStateStore

log = logging.getLogger(__name__)

#: Seconds a table lease lasts unless renewed (at a save, once a third of it has run); a
#: process that died without handing its leases back blocks its tables this long for
#: any *other* owner (the same owner, restarted, takes them back at once).
LEASE_TTL = 90.0


async def _anonymised_in(store: DataStore, member_id: int, tables: list[Table]) -> dict[int, int]:
    """A member forgotten through another bot process, anonymised in the guilds of
    ``tables`` (this process's; ``store.forget_member`` without a new pending forgetting:
    the rows already anonymised stay so, and each guild gets the anonymous id that
    forgetting gave it): guild -> anonymous id."""
    anonymous: dict[int, int] = {}
    for g in sorted({t.guild_id for t in tables}):
        forgotten = await store.forget_member(member_id, guild_id=g, seated_in={g}, pending=False)
        anonymous[g] = forgotten.anonymous[g]
    return anonymous


class TableManager:
    """Finds the table of a channel, opens and closes tables, restores them at start-up,
    and keeps them (:class:`bot.tables.table.TableKeeper`): their versioned snapshots,
    their leases and, through the ledger, their money."""

    def __init__(
        self,
        store: TableStateStore,
        *,
        deals: Deals | None = None,
        timings: TableTimings | None = None,
        output: TableOutput | None = None,
        ledger: TableLedger | None = None,
        shards: Shards | None = None,
        owner: str = "taroky",
        lease_ttl: float = LEASE_TTL,
        limits: Limits | None = None,
    ) -> None:
        """``deals``: how the tables shuffle (default: the secure generator, C-2).

        Several processes may share one database: ``shards`` are the guilds this one
        serves (it restores only their tables), ``owner`` names it in the table leases
        (keep it the same across restarts of one process, so it takes its tables back
        at once), ``lease_ttl`` is how long a lease lasts unless renewed."""
        self.store = store
        self.ledger = ledger
        self.deals: Deals = deals or Deals()
        self.timings = timings or TableTimings()
        self.output = output
        self.tables: dict[int, Table] = {}
        self.shards = shards
        self.owner = owner
        self.lease_ttl = lease_ttl
        #: The bounds on lobbies and on what start-up restores (issue #29).
        self.limits = limits or Limits()
        #: The version each table was loaded or last saved at (versioned saves).
        self.versions: dict[int, int] = {}
        #: Tables whose lease this process holds: when to renew it (``time.monotonic``).
        self._renew_at: dict[int, float] = {}
        #: Tables whose lease is due for renewal in the background (by channel id), those
        #: being renewed, and the task renewing them (one claim for all that are due).
        self._due: dict[int, Table] = {}
        self._renewing: set[int] = set()
        self._renewer: asyncio.Task[None] | None = None
        #: Lessons (``/taroky lesson``): one learner's tables, found by their id only
        #: (a channel's own table is not disturbed by them); never saved.
        self.lessons: dict[str, Table] = {}
        #: The closes of tables whose last hand ended (``close_after_hand``), under way.
        self._closing: set[asyncio.Task[None]] = set()
        #: The process is stopping (``shutdown``): no table is found, opened or played.
        self.stopping = False
        #: The forgettings (``PendingForgetting.seq``) this process's tables have all
        #: applied (its own, and those ``forget_pending`` applied): a table opened now
        #: starts with them (``Table.forgettings_applied``: whoever sits down at it now
        #: does so after them); dropped once the store no longer keeps them.
        self._forgettings_known: set[int] = set()

    @property
    def others_serve_guilds(self) -> bool:
        """Whether other bot processes serve some guilds' tables (this one runs only
        some of the shards): what it did at its own tables is not all there is."""
        return self.shards is not None and not self.shards.has_every_shard()

    def get(self, channel_id: int) -> Table | None:
        return self.tables.get(channel_id)

    def require(self, channel_id: int) -> Table:
        self._refuse_while_stopping()
        table = self.tables.get(channel_id)
        if table is None:
            raise NoTable(N_("There is no Taroky table in this channel; open one with /taroky new."))
        return table

    def by_id(self, channel_id: int, table_id: str) -> Table:
        """The table a component belongs to; refuses buttons of a closed, older table."""
        self._refuse_while_stopping()
        lesson = self.lessons.get(table_id)
        if lesson is not None and lesson.channel_id == channel_id:
            return lesson
        table = self.require(channel_id)
        if table.id != table_id:
            raise TableError(N_("That button belongs to a table that has been closed."))
        return table

    def _refuse_while_stopping(self) -> None:
        """A click or command that arrives while the process stops finds no table: one
        sentence, and the next process (or this one, restarted) serves it."""
        if self.stopping:
            raise TableError(N_("The Taroky tables are not available right now."))

    def open(
        self, *, guild_id: int, channel_id: int, host_id: int, config: TableConfig, host_name: str | None = None,
        max_tables: int | None = None,
    ) -> Table:
        """Open a table (the host takes seat 1 when ``host_name`` is given); nothing is posted.

        One table per channel.  With ``max_tables`` (``/taroky new``: the server's setting)
        a member's table is bounded too (issue #29): one lobby per member, at most
        ``max_tables`` open in the server; each refused in a sentence, nothing opened."""
        self._refuse_while_stopping()
        if channel_id in self.tables:
            raise TableError(N_("This channel already has a Taroky table; use /taroky end to close it first."))
        if max_tables is not None:
            self._check_room(guild_id, host_id, max_tables)
        table = Table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            config=config,
            deals=self.deals,
            timings=self.timings,
            output=self.output,
            keeper=self,
        )
        if host_name is not None:
            table.seats[0] = Seat(name=host_name, user_id=host_id)
        table.forgettings_applied = set(self._forgettings_known)
        self.tables[channel_id] = table
        return table

    def _check_room(self, guild_id: int, host_id: int, max_tables: int) -> None:
        """Refuse a member's second lobby, and a table past the server's cap."""
        in_guild = [t for t in self.tables.values() if t.guild_id == guild_id]
        lobby = next((t for t in in_guild if t.status == LOBBY and t.host_id == host_id), None)
        if lobby is not None:
            raise TableError(N_("You already have a lobby open in <#{channel}>: start it there, or close it "
                                "with /taroky end, before you open another."), channel=lobby.channel_id)
        if len(in_guild) >= max_tables:
            raise TableError.counted(*ngettext(
                "This server has {n} open table, as many as its admins allow; "
                "play at it, or close one with /taroky end first.",
                "This server has {n} open tables, as many as its admins allow; "
                "play at one, or close one with /taroky end first."), len(in_guild))

    # ------------------------------------------------------------------ TableKeeper
    async def open_hand(self, table: Table) -> int | None:
        """Before a deal: the ledger opens the hand's season and session (None: no money
        is kept here)."""
        return await self.ledger.before_deal(table) if self.ledger is not None else None

    async def settle(self, table: Table, game: Game) -> bool:
        """Pay the finished hand and save the table's next state at its next version,
        in one transaction (without a ledger: only the save).  A member of the hand
        forgotten meanwhile through another process (the payment is refused, nothing
        written) is let go at the table first, as ``forget_pending`` would, and the hand
        is paid to their anonymous id."""
        if self.ledger is None:
            await self._queue(table, table.to_state(paid=True))
            return True
        try:
            return await self._settle_once(table, game)
        except MemberForgottenError as refused:
            for member in sorted(refused.members):
                anonymous = await _anonymised_in(self.ledger.store, member, [table])
                await table.forget_locked(member, anonymous[table.guild_id])
            return await self._settle_once(table, game)

    async def _settle_once(self, table: Table, game: Game) -> bool:
        assert self.ledger is not None
        # Its snapshots still queued are written first (or found stale), so the version
        # is the one the payment's save goes over.
        await self.store.flush_table_states()
        if self.tables.get(table.channel_id) is not table:
            return False  # another process saved it meanwhile: let go
        version = self.versions.get(table.channel_id, 0)

        def saved() -> None:  # at once: the task may be cancelled right after the commit
            self.versions[table.channel_id] = version + 1

        try:
            return await self.ledger.settle(table, game, expected_version=version, saved=saved,
                                            forgettings_applied=table.forgettings_applied)
        except StaleTableStateError:
            self._lose(table, "its settlement")
            return False

    def _lose(self, table: Table, during: str) -> None:
        """Another process saved or leased this table: it serves it now.  Stop serving
        it here without touching it (no message edit, no save, no close)."""
        log.warning("Table %s (guild %s, channel %s) is served by another process (found at %s); "
                    "letting it go", table.id, table.guild_id, table.channel_id, during)
        table.let_go()
        if self.tables.get(table.channel_id) is table:
            del self.tables[table.channel_id]
        self.versions.pop(table.channel_id, None)
        self._renew_at.pop(table.channel_id, None)

    async def _hold(self, table: Table) -> bool:
        """Make sure this process holds the table's lease before writing it: claim it
        (a new table) or renew it once a third of it has run (a save renews it, so a
        table in play never loses it; an idle one may, and is then let go at its next
        save if another process took it meanwhile).  False: it was let go."""
        now = time.monotonic()
        renew_at = self._renew_at.get(table.channel_id)
        if renew_at is not None and renew_at > now:
            return True
        if renew_at is not None and now < renew_at + self.lease_ttl / 3:
            # The lease still runs for more than a third of its time: renew it in the
            # background, so a click never waits for the store's writer (a renewal
            # queued behind a group commit held the table's lock for seconds).
            self._renew_later(table)
            return True
        key = (table.guild_id, table.channel_id)
        if key not in await self.store.claim_tables(self.owner, [key], ttl=self.lease_ttl):
            self._lose(table, "its lease")
            return False
        self._renew_at[table.channel_id] = now + self.lease_ttl / 3
        return True

    def _renew_later(self, table: Table) -> None:
        """Renew the table's lease in the background: the tables due meanwhile are
        renewed together, in one claim (one write).  A lease another process took
        meanwhile lets its table go, as at a save."""
        if table.channel_id in self._renewing:
            return
        self._renewing.add(table.channel_id)
        self._due[table.channel_id] = table
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.get_running_loop().create_task(self._renew_due(), name="taroky-lease-renewal")

    async def _renew_due(self) -> None:
        while self._due:
            batch, self._due = self._due, {}
            start = time.monotonic()
            try:
                held = set(await self.store.claim_tables(
                    self.owner, [(t.guild_id, t.channel_id) for t in batch.values()], ttl=self.lease_ttl))
            except Exception:  # their next saves try again (and wait once the leases run short)
                log.exception("Renewing the leases of %d table(s) failed", len(batch))
                held = None
            finally:
                self._renewing.difference_update(batch)
            for channel_id, table in batch.items():
                if held is None or self.tables.get(channel_id) is not table:
                    continue  # (closed or let go meanwhile)
                if (table.guild_id, channel_id) in held:
                    self._renew_at[channel_id] = start + self.lease_ttl / 3
                else:
                    self._lose(table, "its lease")

    async def _renewed(self) -> None:
        """Wait for the renewals under way (a renewal after a release would hold the
        lease again)."""
        if self._renewer is not None and not self._renewer.done():
            await asyncio.gather(self._renewer, return_exceptions=True)

    def discard(self, table: Table) -> None:
        """Forget a table that was opened but never shown (its lobby could not be posted)."""
        if self.tables.get(table.channel_id) is table:
            del self.tables[table.channel_id]

    async def save(self, table: Table) -> None:
        """Queue the table's snapshot (taken now, at a consistent moment); the store
        writes it with the other tables' in its next group.  A hand's payment is never
        queued: it is one transaction with the next state (``TableLedger.settle``)."""
        await self._queue(table, table.to_state())

    async def stop_session(self, table: Table) -> SessionRecord | None:
        """The table closes: the ledger finishes its running session (its summary)."""
        return await self.ledger.stop_session(table) if self.ledger is not None else None

    def close_after_hand(self, table: Table) -> None:
        """The hand of a table asked to close is over and paid: close it in a task of
        its own (the table's lock, held now, is let go first), then tell its output."""
        if self.tables.get(table.channel_id) is not table:
            return

        async def close() -> None:
            try:
                session = await self.close(table)
            except Exception:  # (an unpaid hand: the retry closes it once paid)
                log.exception("Closing table %s after its last hand failed", table.id)
                return
            try:
                await table.output.table_closed(table, session)
            except Exception:
                log.exception("Showing the close of table %s failed", table.id)

        task = asyncio.get_running_loop().create_task(close(), name=f"taroky-table-{table.id}-close")
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def annul(self, table: Table, game: Game, how: str) -> None:
        """Keep the hand in play as annulled through the ledger (without one, nothing is
        kept: no history, no money)."""
        if self.ledger is not None:
            await self.ledger.annul(table, game, how)

    async def _queue(self, table: Table, state: dict[str, Any]) -> None:
        if table.status == CLOSED:
            return
        if not await self._hold(table):
            return
        self.store.queue_table_state(
            table.guild_id, table.channel_id, state, table.message_id,
            expected_version=self.versions.get(table.channel_id, 0),
            done=functools.partial(self._saved, table),
        )

    def _saved(self, table: Table, version: int | None) -> None:
        """The store wrote the table's queued snapshot at ``version``, or found that
        another process saved the table meanwhile (None): let it go."""
        if self.tables.get(table.channel_id) is not table:
            return  # closed or let go meanwhile
        if version is None:
            self._lose(table, "a save")
        else:
            self.versions[table.channel_id] = version

    async def close(self, table: Table) -> SessionRecord | None:
        """Close the table; returns the finished session (for a summary) or None."""
        # A finished hand is paid before the table goes (never thrown away), and its
        # session finished in the store; a hand still in play is kept annulled, its salt
        # revealed (issue #29: every hand reveals it, however it ends).
        await table.annul_before_close()
        session = await table.end_session()
        await table.close()
        self.tables.pop(table.channel_id, None)
        await self.store.delete_table_state(table.guild_id, table.channel_id)
        self.versions.pop(table.channel_id, None)
        if table.channel_id in self._renewing:
            await self._renewed()
        if self._renew_at.pop(table.channel_id, None) is not None:
            await self.store.release_tables(self.owner, [(table.guild_id, table.channel_id)])
        return session

    def holding(self, member_id: int, guild_id: int | None = None) -> list[Table]:
        """The open tables (of ``guild_id``, or every guild) that keep something of the
        member: a seat, a place in the hand dealt, the host's chair."""
        return sorted((t for t in self.tables.values()
                       if t.status != CLOSED and (guild_id is None or t.guild_id == guild_id)
                       and t.holds(member_id)), key=lambda t: t.channel_id)

    async def forget_member(self, store: DataStore, member_id: int, *,
                            guild_id: int | None = None) -> tuple[Forgotten, list[Table]]:
        """Forget the member (issue #30: ``/taroky forget-me``, ``/taroky-admin forget``)
        in the store and at the open tables at once: with those tables' locks held (no
        payment can put the member's id back meanwhile), the store anonymises their rows
        (and gives each guild of those tables an anonymous id), then each table hands
        their chair to a computer and pays the hand dealt to them to that id.  Returns
        what the store changed and the tables that kept something of the member.  The
        tables other processes serve let the member go at those processes' next sweep
        (the store keeps the forgetting pending: ``forget_pending``).

        It may wait (the locks: a computer thinking, a payment; the store), so a command
        answers before calling it.  If it raises, nothing was changed: the store's
        forgetting is one transaction, and the tables change only after its commit (a
        table's save or message edit that fails then is the table's to log)."""
        result: list[Forgotten] = []

        async def anonymise(tables: list[Table]) -> dict[int, int]:
            forgotten = await store.forget_member(member_id, guild_id=guild_id,
                                                  seated_in={t.guild_id for t in tables})
            if forgotten.seq is not None:  # (every table of this process lets them go now)
                self._forgettings_known.add(forgotten.seq)
                for table in self.tables.values():
                    table.forgettings_applied.add(forgotten.seq)
            result.append(forgotten)
            return dict(forgotten.anonymous)

        tables = await self._let_go(member_id, self.holding(member_id, guild_id), anonymise)
        return result[0], tables

    async def forget_pending(self) -> list[Table]:
        """The bot's sweep: the members forgotten through other processes (the store's
        forgettings still kept that this process's tables have not applied) leave its
        tables as they would have left those of the process that forgot them
        (``forget_member``).  Returns the tables reached."""
        if self.ledger is None:
            return []
        return await self._apply_forgettings(list(self.tables.values()))

    async def _apply_forgettings(self, tables: list[Table], *, kick: bool = True) -> list[Table]:
        """Each forgetting the store still keeps (``pending_forgettings``) that one of
        ``tables`` has not applied (``Table.forgettings_applied``, kept in its snapshot):
        a table that holds the member lets them go (``Table.forget_locked``; while the
        forgetting is recent their rows in its guild are anonymised again, a no-op unless
        its process wrote something since, with the same anonymous id; later an anonymous
        id is only drawn, ``Privacy.forget_member``), and every table counts it applied — a member who
        sits down there again later is not put out by it again, nor after a restart.
        ``kick``: start the game loops of the tables reached (not yet at start-up:
        ``resume_all``).  Returns the tables reached."""
        assert self.ledger is not None
        store = self.ledger.store
        known_before = set(self._forgettings_known)
        kept = await store.pending_forgettings()
        reached: list[Table] = []
        for pending in kept:
            member = pending.member_id
            owing = sorted((t for t in tables if pending.seq not in t.forgettings_applied and t.status != CLOSED
                            and pending.covers(t.guild_id) and t.holds(member)),
                           key=lambda t: t.channel_id)  # (``_let_go`` locks them in this order)
            if owing:
                reached += await self._let_go(member, owing, functools.partial(_anonymised_in, store, member),
                                              kick=kick)
            for table in tables:
                table.forgettings_applied.add(pending.seq)
            self._forgettings_known.add(pending.seq)
        # The forgettings the store no longer keeps are dropped (but not one this
        # process's own ``forget_member`` added meanwhile).
        keep = {p.seq for p in kept} | (self._forgettings_known - known_before)
        self._forgettings_known &= keep
        for table in self.tables.values():
            table.forgettings_applied &= keep
        return reached

    async def _let_go(self, member_id: int, tables: list[Table],
                      anonymise: Callable[[list[Table]], Awaitable[dict[int, int]]], *,
                      kick: bool = True) -> list[Table]:
        """With the tables' locks held: ``anonymise`` the member in the store (given the
        tables that still hold them; it returns each guild's anonymous id), then each
        table lets them go (``Table.forget_locked``) and, with ``kick``, plays on."""
        async with contextlib.AsyncExitStack() as locks:
            for table in tables:  # (in channel order: two forgettings never wait on each other)
                await locks.enter_async_context(table.lock)
            # (a table closed while its lock was awaited is gone, with its saved state)
            tables = [t for t in tables if t.status != CLOSED and self.tables.get(t.channel_id) is t
                      and t.holds(member_id)]
            anonymous = await anonymise(tables)
            for table in tables:
                await table.forget_locked(member_id, anonymous[table.guild_id])
        for table in tables if kick else ():
            table.kick()  # (the computer plays the chair now)
        return tables

    async def expire_lobbies(self) -> list[Table]:
        """Close the lobbies nobody started within ``limits.lobby_expiry`` seconds of
        their last change (the bot's sweeper calls this); their messages say so."""
        expiry = self.limits.lobby_expiry
        if expiry is None:
            return []
        now = time.monotonic()
        expired = [t for t in self.tables.values() if t.status == LOBBY and now - t.active_at > expiry]
        for table in expired:
            table.expired = True
            session = await self.close(table)
            try:
                await table.output.table_closed(table, session)
            except Exception:
                log.exception("Showing the close of lobby %s failed", table.id)
        return expired

    async def restore_all(self) -> list[Table]:
        """Rebuild the saved tables (after a restart) and resume their game loops: the
        tables in play, with a hand to pay or used within ``limits.restore_idle``
        seconds; an older idle one (a lobby, between hands) is closed instead."""
        restored: list[Table] = []
        versions: dict[int, int] = {}
        for state, version in await self.store.load_table_states(self.shards):
            try:
                table = Table.from_state(
                    state, deals=self.deals, timings=self.timings, output=self.output, keeper=self
                )
            except Exception:
                log.exception("Could not restore a saved table; skipping it")
                continue
            restored.append(table)
            versions[table.channel_id] = version
        # Serve only the tables this process holds the lease of (another process
        # serving a table keeps it: a misconfigured overlap of shards, or a restart
        # before the old process's leases ran out).
        held = set(await self.store.claim_tables(
            self.owner, [(t.guild_id, t.channel_id) for t in restored], ttl=self.lease_ttl))
        for table in [t for t in restored if (t.guild_id, t.channel_id) not in held]:
            log.warning("Table %s is leased to another process; not restoring it", table.id)
            restored.remove(table)
        for table in restored:
            self.tables[table.channel_id] = table
            self.versions[table.channel_id] = versions[table.channel_id]
            self._renew_at[table.channel_id] = time.monotonic() + self.lease_ttl / 3
        if self.ledger is not None:
            # A member forgotten while this process was down (however long: the store
            # keeps the forgetting while a saved table names them) leaves the restored
            # tables first, before anything of theirs is paid, closed or shown (issue #30).
            await self._apply_forgettings(list(self.tables.values()), kick=False)
        for table in [t for t in restored if t.status == PLAYING and self.ledger is not None]:
            assert self.ledger is not None
            if await self.ledger.was_annulled(table):  # (stopped before a restart: it stays stopped)
                log.info("Table %s: its hand was annulled before the restart; closing it", table.id)
                table.status, table.annulled = BETWEEN, "closed"
                await self.close(table)
                restored.remove(table)
        now = time.time()
        for table in [t for t in restored if t.idle_since(now) > self.limits.restore_idle]:
            log.info("Table %s was idle for %.0f days; closing it instead of restoring it",
                     table.id, table.idle_since(now) / 86400)
            try:
                await self.close(table)
            except Exception:
                log.exception("Closing the idle table %s failed; restoring it", table.id)
                continue
            restored.remove(table)
        for table in restored:
            if table.settlement.unpaid is not None and table.status == BETWEEN:
                # The hand finished but its settlement did not go through: retry (a no-op
                # if it had been paid after all; the payment saves the table).
                await table.settle_unpaid()
        for table in restored:
            table.close_if_asked()  # (closed between its last hand's payment and the close)
        return restored

    def resume_all(self) -> None:
        """Start the game loops of restored tables (needs a running event loop)."""
        for table in self.tables.values():
            table.kick()

    async def shutdown(self, *, grace: float = 5.0) -> None:
        """A clean stop of this process's tables, so another process may take them at
        once: no table is found any more (``stopping``: clicks get one sentence); the
        action each table has in flight (a click, a computer's turn, a settlement, a
        retried payment: whatever holds its lock) finishes, for at most ``grace``
        seconds (then it is cancelled: a payment not committed is the next process's
        to retry, a transaction is never half written); its computer turns and timers
        stop; the queued snapshots are written; the leases are handed back."""
        self.stopping = True
        await self._renewed()
        tables = list(self.tables.values())
        held = [(t.guild_id, t.channel_id) for t in tables if t.channel_id in self._renew_at]

        async def quiet(table: Table) -> None:
            async with table.lock:
                table.let_go()

        try:
            async with asyncio.timeout(grace):
                await asyncio.gather(*(quiet(t) for t in tables))
        except TimeoutError:
            log.warning("Stopping: %d table(s) were still busy after %g s; their work is cancelled",
                        sum(1 for t in tables if t.status != CLOSED), grace)
        for table in tables:
            table.let_go()  # (those whose lock did not come in time)
        for lesson in self.lessons.values():  # (never saved)
            lesson.let_go()
        self.lessons.clear()
        await self.store.flush_table_states()
        if held:
            await self.store.release_tables(self.owner, held)
        self._renew_at.clear()
