"""All open tables of the bot: one per channel, created, found, persisted and closed here."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from bot.engine import POOL, Game, TarokyError, find_variant
from bot.engine.recording import COMMITMENT_SCHEME
from bot.engine.scoring import transfers_from_net
from bot.engine.session import SessionEnd
from bot.i18n import N_
from bot.store import (
    DataStore,
    SessionError,
    SessionStep,
    SettledHand,
    Shards,
    StaleTableStateError,
    TableKey,
    transfers_from_seats,
)
from bot.store import Session as SessionRecord
from bot.tables.errors import NoTable, TableError
from bot.tables.games import Deals
from bot.tables.table import (
    BETWEEN,
    CLOSED,
    NullOutput,
    Seat,
    Table,
    TableConfig,
    TableOutput,
    TableTimings,
)

log = logging.getLogger(__name__)

#: Seconds a table lease lasts unless renewed (at a save, once a third of it has run); a
#: process that died without handing its leases back blocks its tables this long for
#: any *other* owner (the same owner, restarted, takes them back at once).
LEASE_TTL = 90.0


class SavedTable(NamedTuple):
    """A table snapshot as saved: its JSON and the version it was saved at."""

    state_json: str
    version: int


class TableStateStore(Protocol):
    """Where table snapshots live between restarts (the SQLite and PostgreSQL stores
    implement this through ``SqliteTableStore``).

    Saves are versioned: a save names the version the table was loaded or last saved
    at (``expected_version``; 0 for a table never saved) and is refused with
    ``StaleTableStateError`` if the stored one differs, so no process overwrites a
    newer state (no last writer wins).  Leases say which process serves a table."""

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state_json: str,
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int: ...

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None: ...

    async def load_table_states(self, shards: Shards | None = None) -> list[SavedTable]: ...

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float
    ) -> list[TableKey]: ...

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None: ...

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        """Save a snapshot (``Table.to_state()``) soon, in a group with other tables'
        (the database stores commit them together every few tens of milliseconds),
        over ``expected_version``; ``done`` is told the version written, or None if
        the stored version was another (another process saved the table)."""

    async def flush_table_states(self) -> None:
        """Write the queued snapshots now."""


class MemoryTableStore:
    """Table snapshots in memory (tests; survives ``restart_bot`` when shared)."""

    def __init__(self) -> None:
        self.states: dict[tuple[int, int], str] = {}
        self.versions: dict[tuple[int, int], int] = {}
        self.leases: dict[tuple[int, int], tuple[str, float]] = {}

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state_json: str,
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int:
        key = (guild_id, channel_id)
        version = self.versions.get(key, 0)
        if expected_version is not None and expected_version != version:
            raise StaleTableStateError(f"table {guild_id}/{channel_id} is not at version {expected_version}")
        self.states[key] = state_json
        self.versions[key] = version + 1
        return version + 1

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        self.states.pop((guild_id, channel_id), None)
        self.versions.pop((guild_id, channel_id), None)

    async def load_all_table_states(self) -> list[str]:
        return list(self.states.values())

    async def load_table_states(self, shards: Shards | None = None) -> list[SavedTable]:
        return [
            SavedTable(state, self.versions.get(key, 0))
            for key, state in self.states.items()
            if shards is None or shards.owns(key[0])
        ]

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float
    ) -> list[TableKey]:
        now = time.time()
        held: list[TableKey] = []
        for key in tables:
            holder = self.leases.get(key)
            if holder is None or holder[0] == owner or holder[1] < now:
                self.leases[key] = (owner, now + ttl)
                held.append(key)
        return held

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None:
        for key in tables:
            if self.leases.get(key, ("", 0.0))[0] == owner:
                del self.leases[key]

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        key = (guild_id, channel_id)
        version = self.versions.get(key, 0)
        if expected_version != version:
            done(None)
            return
        self.states[key] = json.dumps(state)
        self.versions[key] = version + 1
        done(version + 1)

    async def flush_table_states(self) -> None:
        """Nothing waits: a queued snapshot is saved at once."""


class JsonFileTableStore(MemoryTableStore):
    """Table snapshots in one JSON file (until the SQLite store takes over)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        if path.is_file():
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                self.states = {(int(g), int(c)): s for g, c, s in raw}
            except (ValueError, TypeError):
                log.warning("Ignoring unreadable table file %s", path)

    def _flush(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        rows = [[g, c, s] for (g, c), s in self.states.items()]
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows), encoding="utf-8")
        tmp.replace(self.path)

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state_json: str,
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int:
        version = await super().save_table_state(
            guild_id, channel_id, state_json, message_id, expected_version=expected_version
        )
        self._flush()
        return version

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await super().delete_table_state(guild_id, channel_id)
        self._flush()

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        super().queue_table_state(
            guild_id, channel_id, state, message_id, expected_version=expected_version, done=done
        )
        self._flush()


class SqliteTableStore:
    """Adapter: table snapshots in the store (``DataStore``: the SQLite file or, despite
    the name, PostgreSQL)."""

    def __init__(self, store: DataStore) -> None:
        self.store = store

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state_json: str,
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int:
        return await self.store.save_table_state(
            guild_id, channel_id, json.loads(state_json), message_id, expected_version=expected_version
        )

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await self.store.delete_table_state(guild_id, channel_id)

    async def load_all_table_states(self) -> list[str]:
        return [json.dumps(row.state) for row in await self.store.load_all_table_states()]

    async def load_table_states(self, shards: Shards | None = None) -> list[SavedTable]:
        rows = await self.store.load_all_table_states(shards=shards)
        return [SavedTable(json.dumps(row.state), row.version) for row in rows]

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float
    ) -> list[TableKey]:
        return await self.store.claim_tables(owner, tables, ttl=ttl)

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None:
        await self.store.release_tables(owner, tables)

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        self.store.queue_table_state(
            guild_id, channel_id, state, message_id, expected_version=expected_version, done=done
        )

    async def flush_table_states(self) -> None:
        await self.store.flush_table_states()


def variant_currency(variant: str) -> str:
    """The currency a variant pays in (``czk_hal``, ``chips``, ``points``); ``points``
    for a name that is no variant (e.g. typed into a leaderboard command)."""
    try:
        return find_variant(variant).currency
    except TarokyError:
        return "points"


class TableLedger:
    """Connects tables to the money in the SQLite store (``bot.store.Store``).

    * before a deal: the guild's current season (the hand settles into it), the
      session (opened in the store on its first deal, paying its pot seed, PT-4), and
      the pool the hand starts with;
    * when a hand ends: one ``settle_hand`` call that pays it, records what the table's
      session decided, and saves the table's next state in the same transaction,
      idempotent by ``table.hand_id``.

    The table's engine session decides; nothing here does.
    """

    def __init__(self, store: DataStore) -> None:
        self.store = store

    def currency(self, table: Table) -> str:
        return table.session.variant.currency

    async def before_deal(self, table: Table) -> int:
        store = self.store
        currency = self.currency(table)
        season = await store.current_season(table.guild_id)
        table.hand_season = season
        if table.session_id is not None:
            await self._end_session_of_old_season(table, season)
        if table.session_id is None:
            table.session_id = await self._open_session(table, currency, season)
        return await store.get_pool(table.guild_id, table.channel_id, table.config.variant, currency, season)

    async def _end_session_of_old_season(self, table: Table, season: int) -> None:
        """A new season started during the table's session (an admin's ``season new``):
        it takes effect here, between hands.  Every hand belongs to the season it was
        dealt in, and a session to one season, so the running session ends (stopped)
        and the hand about to be dealt opens a new one in the new season."""
        assert table.session_id is not None
        running = await self.store.get_session(table.session_id)
        if running is not None and running.season == season and not running.finished:
            return
        if running is not None and not running.finished:
            await self.store.finish_session(running.session_id, SessionEnd.STOPPED.value)
        log.info("Table %s: a new season (%d) began; its session starts again", table.id, season)
        table.session = table.session.next_session()
        table.session_id = None

    async def _open_session(self, table: Table, currency: str, season: int) -> int:
        """The store's row for the table's new session; its pot seeds are paid with it."""
        store = self.store
        planned = table.session.deals_agreed
        stale = await store.open_session(table.guild_id, table.channel_id)
        if stale is not None:
            if (stale.deals_played == 0 and stale.variant == table.config.variant
                    and stale.currency == currency and stale.season == season
                    and stale.deals_planned == planned):
                return stale.session_id  # opened just before a crash: adopt it
            await store.finish_session(stale.session_id, SessionEnd.STOPPED.value)
        seed = table.session.seed
        seeds = {p: seed for p in table.hand_players} if seed > 0 else None
        try:
            session = await store.start_session(
                table.guild_id, table.channel_id, table.config.variant, currency, season,
                deals_planned=planned, pot_seeds=seeds,
            )
        except SessionError:  # a concurrent opener; take the open one
            again = await store.open_session(table.guild_id, table.channel_id)
            assert again is not None
            return again.session_id
        return session.session_id

    def settled_hand(self, table: Table, game: Game) -> SettledHand:
        """The ``SettledHand`` of a finished game at ``table``, with what the table's
        session decided after it (deals played, totals, whether it is over)."""
        result = game.result
        assert result is not None, "the hand is not finished"
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        record = dict(game.to_record())
        record["players"] = [table.seat_name(i) for i in range(len(table.seats))]
        if table.deal_commitment is not None and table.deal_salt is not None:
            # The hand is over: the salt is revealed, so anyone can check the deal
            # (``taroky verify``) against the commitment shown before it.
            record["commitment"] = {
                "scheme": COMMITMENT_SCHEME, "hash": table.deal_commitment, "salt": table.deal_salt,
            }
        bidder = players[game.bidder] if game.bidder is not None else None
        session = table.session
        step = SessionStep(
            deals_played=session.deals,
            totals={p: session.totals[seat] for seat, p in enumerate(players)},
            finish_reason=None if session.end is None else session.end.value,
        )
        in_session = table.session_id is not None
        return SettledHand(
            hand_id=table.hand_id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            variant=table.config.variant,
            currency=self.currency(table),
            season=table.hand_season or 1,
            transfers=[*transfers_from_seats(result.transfers, players, pool=POOL),
                       # PL-19: the session ended with this hand and shared its pool out.
                       *transfers_from_seats(transfers_from_net(dict(session.closing or {})),
                                             players, pool=POOL)],
            record=record,
            participants=players,
            bidder=bidder,
            bidder_won=result.declarers_won if bidder is not None else None,
            session_id=table.session_id,
            session_step=step if in_session else None,
        )

    async def settle(
        self, table: Table, game: Game, *, expected_version: int | None = None,
        saved: Callable[[], None] | None = None,
    ) -> bool:
        """Pay the finished hand and save the table's next state in one transaction.

        The table's session has already booked the hand (running totals, deals played,
        whether the session is over); the store records that with the payment.
        ``expected_version``: the table's saved version (the save is refused, and the
        hand not paid here, if another process saved the table since).  ``saved`` is
        called as soon as that transaction has committed, before the reads that follow
        (a cancellation delivered there must not leave the caller unaware of the new
        version).
        """
        store = self.store
        hand = self.settled_hand(table, game)
        session = await store.get_session(table.session_id) if table.session_id is not None else None
        if session is not None and session.finished and not await store.is_settled(hand.hand_id):
            # The session was closed in the meantime: the hand is paid outside it.
            hand = dataclasses.replace(hand, session_id=None, session_step=None)
            session = None
        state = table.to_state()
        state["unsettled"] = None
        await store.settle_hand(hand, table_state=state, message_id=table.message_id,
                                expected_version=expected_version)
        if saved is not None:
            saved()
        balances = await store.balances(table.guild_id, hand.season, hand.currency, hand.participants)
        table.last_currency = hand.currency
        table.last_balances = {seat: balances.get(pid, 0) for seat, pid in enumerate(hand.participants)}
        if session is not None and table.session.over:
            table.last_session = await store.get_session(session.session_id)
        return True

    async def stop_session(self, table: Table) -> SessionRecord | None:
        """Finish the table's running session (the table is closed); its summary."""
        if table.session_id is None or table.session.over:
            return None
        table.session.stop()
        # PL-19: the variant may share the pool out as the session ends.
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        payout = {players[s]: a for s, a in (table.session.closing or {}).items()
                  if 0 <= s < len(players)}
        session = await self.store.finish_session(table.session_id, SessionEnd.STOPPED.value,
                                                  pool_payout=payout)
        return session if session.deals_played else None


class TableManager:
    """Finds the table of a channel, opens and closes tables, restores them at start-up."""

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
        #: The process is stopping (``shutdown``): no table is found, opened or played.
        self.stopping = False

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
        self, *, guild_id: int, channel_id: int, host_id: int, config: TableConfig, host_name: str | None = None
    ) -> Table:
        """Open a table (the host takes seat 1 when ``host_name`` is given); nothing is posted."""
        self._refuse_while_stopping()
        if channel_id in self.tables:
            raise TableError(N_("This channel already has a Taroky table; use /taroky end to close it first."))
        table = Table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            config=config,
            deals=self.deals,
            timings=self.timings,
            output=self.output,
        )
        if host_name is not None:
            table.seats[0] = Seat(name=host_name, user_id=host_id)
        self._attach(table)
        self.tables[channel_id] = table
        return table

    def _attach(self, table: Table) -> None:
        table.save_hook = self.save
        if self.ledger is not None:
            table.deal_hook = self.ledger.before_deal
            table.settle_hook = self._settle

    async def _settle(self, table: Table, game: Game) -> bool:
        """The ledger's settlement, saving the table at its next version."""
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
            return await self.ledger.settle(table, game, expected_version=version, saved=saved)
        except StaleTableStateError:
            self._lose(table, "its settlement")
            return False

    def _lose(self, table: Table, during: str) -> None:
        """Another process saved or leased this table: it serves it now.  Stop serving
        it here without touching it (no message edit, no save, no close)."""
        log.warning("Table %s (guild %s, channel %s) is served by another process (found at %s); "
                    "letting it go", table.id, table.guild_id, table.channel_id, during)
        self._let_go(table)

    def _let_go(self, table: Table) -> None:
        """Stop serving the table in this process, leaving its saved state as it is."""
        table.output = NullOutput()
        table.save_hook = None
        table.deal_hook = None
        table.settle_hook = None
        table.status = CLOSED
        table._cancel_tasks()
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
        if table.status == CLOSED:
            return
        if not await self._hold(table):
            return
        self.store.queue_table_state(
            table.guild_id, table.channel_id, table.to_state(), table.message_id,
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
        session = None
        if self.ledger is not None:
            async with table.lock:
                # A finished hand is paid before the table goes: never thrown away.
                if table.unsettled is not None and not await table._settle_in_store(table.unsettled):
                    raise TableError(N_(
                        "The last hand has not been paid yet (the database refused it), so the table "
                        "stays open; it is retried automatically. Try /taroky end again in a minute."
                    ))
                try:
                    session = await self.ledger.stop_session(table)
                except Exception:
                    log.exception("Finishing the session of table %s failed", table.id)
        await table.close()
        self.tables.pop(table.channel_id, None)
        await self.store.delete_table_state(table.guild_id, table.channel_id)
        self.versions.pop(table.channel_id, None)
        if table.channel_id in self._renewing:
            await self._renewed()
        if self._renew_at.pop(table.channel_id, None) is not None:
            await self.store.release_tables(self.owner, [(table.guild_id, table.channel_id)])
        return session

    async def restore_all(self) -> list[Table]:
        """Rebuild every saved table (after a restart) and resume their game loops."""
        restored: list[Table] = []
        versions: dict[int, int] = {}
        for raw, version in await self.store.load_table_states(self.shards):
            try:
                state: dict[str, Any] = json.loads(raw)
                table = Table.from_state(
                    state, deals=self.deals, timings=self.timings, output=self.output
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
            self._attach(table)
            self.tables[table.channel_id] = table
            self.versions[table.channel_id] = versions[table.channel_id]
            self._renew_at[table.channel_id] = time.monotonic() + self.lease_ttl / 3
        for table in restored:
            if table.unsettled is not None and table.status == BETWEEN:
                # The hand finished but its settlement did not go through: retry (a no-op
                # if it had been paid after all).
                async with table.lock:
                    if await table._settle_in_store(table.unsettled):
                        await self.save(table)
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
                self._let_go(table)

        try:
            async with asyncio.timeout(grace):
                await asyncio.gather(*(quiet(t) for t in tables))
        except TimeoutError:
            log.warning("Stopping: %d table(s) were still busy after %g s; their work is cancelled",
                        sum(1 for t in tables if t.status != CLOSED), grace)
        for table in tables:
            self._let_go(table)  # (those whose lock did not come in time)
        for lesson in self.lessons.values():  # (never saved)
            lesson.status = CLOSED
            lesson._cancel_tasks()
        self.lessons.clear()
        await self.store.flush_table_states()
        if held:
            await self.store.release_tables(self.owner, held)
        self._renew_at.clear()
