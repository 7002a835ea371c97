"""The store: one SQLite file (WAL) holding money, pools, hands, table states, sessions.

``Store`` owns two aiosqlite connections to the same file:

* the *writer*, used only under ``_write_lock``; every write is one ``BEGIN
  IMMEDIATE`` .. ``COMMIT`` transaction, so concurrent asyncio tasks (many tables in
  one process) never interleave statements inside each other's transactions;
* the *reader* (``query_only``), used under ``_read_lock``; multi-statement reads run
  in one read transaction, so they see one committed snapshot and never a
  half-written settlement (WAL lets it read while the writer writes).

See ``docs/store.md`` for the schema, units and guarantees.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import aiosqlite

from bot import metrics
from bot.store.interface import Shards, SqlConnection, TableKey
from bot.store.migrations import LATEST_VERSION, migrate_sync
from bot.store.models import (
    KIND_HAND,
    KIND_SEED,
    KIND_START,
    ORDERS,
    POOL,
    HandConflictError,
    HandSummary,
    HandValidationError,
    LeaderboardRow,
    Party,
    PlayerStats,
    PoolBalance,
    PoolOverdrawnError,
    Session,
    SessionError,
    SettledHand,
    StaleTableStateError,
    StoreError,
    TableState,
    VariantStats,
)
from bot.store.money import MAX_AMOUNT, check_amount, check_currency, format_amount

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS: Final = 5000
#: Seconds a queued table state waits for the other tables' states to share its
#: transaction (``Store.queue_table_state``).
GROUP_INTERVAL: Final = 0.05
_INSERT_QUEUED: Final = (
    "INSERT INTO table_states (guild_id, channel_id, message_id, version, state_json)"
    " VALUES (?, ?, ?, 1, ?)"
)
#: A queued state's write: only over the version read in the same transaction.
_UPDATE_QUEUED: Final = (
    "UPDATE table_states SET message_id = COALESCE(?, message_id), version = ?,"
    " state_json = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
    " WHERE guild_id = ? AND channel_id = ? AND version = ?"
)
#: Tables whose versions one statement reads (a group may hold more: it reads in parts).
_VERSIONS_AT_ONCE: Final = 200
_SYNC_MODES: Final = ("OFF", "NORMAL", "FULL", "EXTRA")
#: What player ``b.player_id`` won from computer seats (negative ids) in ``b``'s guild,
#: season and currency, net: the part of a balance the leaderboard does not rank.
_FROM_COMPUTERS: Final = (
    "SELECT COALESCE(SUM(CASE WHEN l.payee_id = b.player_id THEN l.amount ELSE -l.amount END), 0)"
    " FROM ledger l WHERE l.guild_id = b.guild_id AND l.season = b.season"
    " AND l.currency = b.currency AND l.kind = 'hand'"
    " AND l.payer_kind = 'player' AND l.payee_kind = 'player'"
    " AND ((l.payee_id = b.player_id AND l.payer_id < 0)"
    " OR (l.payer_id = b.player_id AND l.payee_id < 0))"
)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


async def commit_uninterrupted(commit: Awaitable[object]) -> None:
    """Await a transaction's ``COMMIT`` to its end, even if this task is cancelled meanwhile.

    The database finishes a COMMIT it was sent whatever happens to the task waiting for
    it (aiosqlite runs it on its thread; the server has it), so a cancellation there must
    not make a committed transaction look failed: the callers' bookkeeping (a group's
    states put back at versions already written, a superseded state queued again, the
    versions its tables are told) would then disagree with the database, and the next
    group would take this process's own write for another process's and let the table
    go.  So the COMMIT runs in a task of its own; a cancellation that arrives meanwhile
    is delivered again at this task's next await once it committed (the transaction's
    outcome is recorded first), or raised at once if the COMMIT failed."""
    committing = asyncio.ensure_future(commit)
    cancelled = False
    while not committing.done():
        try:
            await asyncio.wait({committing})  # (a cancellation here leaves the COMMIT running)
        except asyncio.CancelledError:
            cancelled = True
    if not cancelled:
        committing.result()  # the COMMIT's error, if any
        return
    if committing.cancelled() or committing.exception() is not None:
        raise asyncio.CancelledError()  # not committed (rolled back by the caller); cancelled
    task = asyncio.current_task()
    if task is not None:
        task.uncancel()  # committed: the cancellation is requested again, once
        task.cancel()


def _party_sql(party: Party) -> tuple[str, int | None]:
    return ("pool", None) if party is POOL else ("player", int(party))


def _prepare_file(path: Path, target_version: int) -> list[int]:
    """Switch the file to WAL and bring its schema to ``target_version`` (sync)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = _switch_to_wal(conn)
        if str(mode).lower() != "wal":
            raise RuntimeError(f"could not switch {path} to WAL (journal_mode={mode})")
        return migrate_sync(conn, target_version)
    finally:
        conn.close()


def _switch_to_wal(conn: sqlite3.Connection) -> str:
    """``PRAGMA journal_mode = WAL``, waiting like ``busy_timeout`` does.

    SQLite can answer "database is locked" at once, without calling the busy handler,
    when another connection is switching the same new file at the same moment (several
    stores opening one file together); so retry for up to ``BUSY_TIMEOUT_MS``."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    delay = 0.005
    while True:
        try:
            return str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() >= deadline:
                raise
        time.sleep(delay)  # (runs in a worker thread: asyncio.to_thread)
        delay = min(delay * 2, 0.1)


@dataclass(slots=True)
class QueuedState:
    """A table state waiting for the next group (``Store.queue_table_state``)."""

    state: Mapping[str, Any]
    message_id: int | None
    #: The version the state is written over (None: whatever is stored).
    expected_version: int | None
    #: Told the version written, or None when the stored version was another (the
    #: state was not written: another process saved the table).
    done: Callable[[int | None], None] | None


class Store:
    """Persistence for chips, pools, hand history, leaderboards, table states, sessions.

    Open with ``await Store.open(path)``; share one instance across all tables of the
    process; ``await store.close()`` on shutdown.
    """

    #: What the database raises for a broken UNIQUE constraint (the PostgreSQL store
    #: names its own).
    _INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    #: What the database raises when a transaction fails (counted in the metrics).
    _DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error,)

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        migrations_applied: list[int],
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self._init_group_commit()
        #: Schema versions applied by this ``open`` (empty if already current).
        self.migrations_applied = migrations_applied

    def _init_group_commit(self) -> None:
        """Group commit's state, empty (the PostgreSQL store's ``__init__`` calls this too)."""
        #: Table states queued by ``queue_table_state``, the latest per table, and the
        #: short-lived task that writes them together.
        self._queued: dict[TableKey, QueuedState] = {}
        self._group_task: asyncio.Task[None] | None = None
        #: Seconds a queued state waits for others to share its transaction.
        self.group_interval = GROUP_INTERVAL
        #: Write transactions committed by this store, and groups among them (figures).
        self.transactions = 0
        self.groups = 0

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: str = "FULL",
        target_version: int = LATEST_VERSION,
    ) -> Store:
        """Open (creating if needed) the database at ``path`` and migrate it.

        Creates parent directories, switches to WAL, applies missing migrations (each
        in its own transaction), then opens a writer and a reader connection with
        foreign keys on and a busy timeout.  ``synchronous="FULL"`` fsyncs the WAL
        at every commit (survives power loss); ``"NORMAL"`` survives a process crash
        but may lose the last commits on power loss.  ``target_version`` below the
        latest is for tests that build old databases.
        """
        sync_mode = synchronous.upper()
        if sync_mode not in _SYNC_MODES:
            raise ValueError(f"synchronous must be one of {_SYNC_MODES}")
        db_path = Path(path)
        if str(db_path) == ":memory:":
            raise ValueError("Store needs a file (two connections share it)")
        db_path.parent.mkdir(parents=True, exist_ok=True)
        applied = await asyncio.to_thread(_prepare_file, db_path, target_version)
        writer = await cls._connect(db_path, sync_mode, query_only=False)
        try:
            reader = await cls._connect(db_path, sync_mode, query_only=True)
        except BaseException:
            await writer.close()
            raise
        return cls(db_path, writer, reader, applied)

    @staticmethod
    async def _connect(path: Path, sync_mode: str, *, query_only: bool) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute(f"PRAGMA synchronous = {sync_mode}")
            if query_only:
                await conn.execute("PRAGMA query_only = ON")
        except BaseException:
            await conn.close()
            raise
        return conn

    async def close(self) -> None:
        """Write the queued table states, wait for running operations, then close both
        connections."""
        with contextlib.suppress(Exception):  # (a failed group was logged; nothing more to do)
            await self.flush_table_states()
        task = self._group_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        await self._close_connections()

    async def _close_connections(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """``PRAGMA user_version`` of the open database."""
        async with self._read() as conn:
            rows = list(await conn.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0])

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def _write(self, supersedes: TableKey | None = None) -> AsyncIterator[SqlConnection]:
        """One write transaction (``_begin``) under this process's write lock; rolls
        back on any error.

        ``supersedes`` (guild, channel): the transaction writes or deletes that table's
        state, so a state of it still queued (older: a table's saves happen under its
        lock) is dropped, and put back if the transaction fails."""
        async with self._write_lock:
            queued = self._queued.pop(supersedes, None) if supersedes is not None else None
            committed = False
            try:
                async with self._begin() as conn:
                    yield conn
                committed = True
                self.transactions += 1
            except self._DATABASE_ERRORS:
                metrics.DATABASE_ERRORS.labels(kind="write").inc()
                raise
            finally:
                if not committed and queued is not None and supersedes is not None:
                    self._queued.setdefault(supersedes, queued)

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[SqlConnection]:
        """``BEGIN IMMEDIATE`` .. ``COMMIT`` on the writer (the caller holds the write
        lock); rolls back on any error."""
        conn = self._writer
        committed = False
        try:
            # BEGIN inside the try: if the task is cancelled while BEGIN is queued,
            # BEGIN still runs on the connection thread and must be rolled back.
            await conn.execute("BEGIN IMMEDIATE")
            yield conn
            await commit_uninterrupted(conn.execute("COMMIT"))
            committed = True
        finally:
            if not committed:
                # Shielded: a cancelled task must still leave no open transaction.
                await asyncio.shield(self._rollback(conn))

    @staticmethod
    async def _rollback(conn: SqlConnection) -> None:
        # OperationalError: no transaction was active (e.g. COMMIT already succeeded).
        with contextlib.suppress(sqlite3.OperationalError):
            await conn.execute("ROLLBACK")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[SqlConnection]:
        """One read transaction (a consistent snapshot) on the reader connection."""
        async with self._read_lock:
            conn = self._reader
            try:
                await conn.execute("BEGIN")
                yield conn
            except self._DATABASE_ERRORS:
                metrics.DATABASE_ERRORS.labels(kind="read").inc()
                raise
            finally:
                await asyncio.shield(self._rollback(conn))

    @staticmethod
    async def _rows(
        conn: SqlConnection, sql: str, params: Sequence[Any] = ()
    ) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await conn.execute_fetchall(sql, params)]

    # ------------------------------------------------------------------ seasons

    @staticmethod
    async def _current_season(conn: SqlConnection, guild_id: int) -> int:
        rows = await Store._rows(
            conn, "SELECT COALESCE(MAX(season), 1) FROM seasons WHERE guild_id = ?", (guild_id,)
        )
        return int(rows[0][0])

    async def current_season(self, guild_id: int) -> int:
        """The guild's current season (1 until an admin starts a new one)."""
        async with self._read() as conn:
            return await self._current_season(conn, guild_id)

    async def _season_or_current(
        self, conn: SqlConnection, guild_id: int, season: int | None
    ) -> int:
        return season if season is not None else await self._current_season(conn, guild_id)

    async def start_new_season(self, guild_id: int) -> int:
        """Start the guild's next season and return its number.

        Balances, pools, stats and leaderboards are per season: everyone starts the
        new season from the starting amount.  Old seasons' rows are kept untouched.
        """
        async with self._write() as conn:
            current = await self._current_season(conn, guild_id)
            await conn.execute(
                "INSERT OR IGNORE INTO seasons (guild_id, season) VALUES (?, ?)",
                (guild_id, current),
            )
            await conn.execute(
                "INSERT INTO seasons (guild_id, season) VALUES (?, ?)", (guild_id, current + 1)
            )
        return current + 1

    # ------------------------------------------------------------------ settings

    async def set_language(self, scope: str, id_: int, language: str | None) -> None:
        """Remember the language a server (``scope="guild"``) or a player (``"user"``)
        chose; None forgets it (back to Discord's locale)."""
        if scope not in ("guild", "user"):
            raise ValueError(f"unknown language scope {scope!r}")
        async with self._write() as conn:
            if language is None:
                await conn.execute("DELETE FROM language_choices WHERE scope = ? AND id = ?", (scope, id_))
            else:
                await conn.execute(
                    "INSERT INTO language_choices (scope, id, language) VALUES (?, ?, ?) "
                    "ON CONFLICT (scope, id) DO UPDATE SET language = excluded.language",
                    (scope, id_, language),
                )

    async def get_language(self, scope: str, id_: int) -> str | None:
        """The language ``set_language`` remembered, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn, "SELECT language FROM language_choices WHERE scope = ? AND id = ?", (scope, id_))
        return str(rows[0][0]) if rows else None

    async def set_starting_amount(self, guild_id: int, currency: str, amount: int) -> None:
        """Set what a player starts a season with in ``currency`` (smallest unit, >= 0).

        Applies to balances created from now on (a player's first settled hand of the
        season); existing balances are not changed.
        """
        check_currency(currency)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError("starting amount must be an int >= 0")
        check_amount(amount, "starting amount")
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO starting_amounts (guild_id, currency, amount) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, currency) DO UPDATE SET amount = excluded.amount",
                (guild_id, currency, amount),
            )

    async def get_starting_amounts(self, guild_id: int) -> dict[str, int]:
        """Configured starting amounts per currency (currencies not set start at 0)."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT currency, amount FROM starting_amounts WHERE guild_id = ?",
                (guild_id,),
            )
        return {str(c): int(a) for c, a in rows}

    # ------------------------------------------------------------------ settlement

    async def settle_hand(
        self,
        hand: SettledHand,
        *,
        table_state: Mapping[str, Any] | None = None,
        message_id: int | None = None,
        allow_pool_overdraw: bool = False,
        expected_version: int | None = None,
    ) -> bool:
        """Pay out one hand in one transaction; return False if it was already settled.

        Validates first (``HandValidationError`` / ``ZeroSumError``; nothing written).
        Then, atomically: inserts the hand row (``hand_id`` is unique, so a second
        settle of the same id is a no-op returning ``False``, or raises
        ``HandConflictError`` if its money differs), creates missing balance rows at
        the guild's starting amount (with a ``start`` ledger row), writes one ledger
        row per transfer, updates balances, the table's pool
        (``PoolOverdrawnError`` if it would go below zero, unless
        ``allow_pool_overdraw``), per-player stats, and records what the hand's session
        decided (``hand.session_step``: deals played, totals, whether it is over).

        If ``table_state`` is given it is saved in the same transaction (also when
        the hand was already settled), so "hand paid" and "table moved on" can never
        be separated by a crash.  ``expected_version`` makes that save a
        compare-and-set as in ``save_table_state`` (``StaleTableStateError``, nothing
        written, the hand not paid).
        """
        hand.validate()
        digest = hand.digest()
        deltas = hand.deltas()
        player_deltas = {int(p): d for p, d in deltas.items() if p is not POOL}
        pool_delta = deltas.get(POOL, 0)
        pool_involved = any(POOL in (t.payer, t.payee) for t in hand.transfers)
        g, s, cur = hand.guild_id, hand.season, hand.currency
        state_json = _dumps(dict(table_state)) if table_state is not None else None

        async with self._write((g, hand.channel_id) if state_json is not None else None) as conn:
            current = await self._current_season(conn, g)
            if s > current:
                raise HandValidationError(f"season {s} has not started (current is {current})")
            inserted = await self._rows(
                conn,
                "INSERT INTO hands (hand_id, guild_id, channel_id, variant, currency, season,"
                " bidder, bidder_won, participants_json, deltas_json, digest, record_json,"
                " session_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (hand_id) DO NOTHING RETURNING seq",
                (
                    hand.hand_id,
                    g,
                    hand.channel_id,
                    hand.variant,
                    cur,
                    s,
                    hand.bidder,
                    None if hand.bidder_won is None else int(hand.bidder_won),
                    _dumps(list(hand.participants)),
                    _dumps({("pool" if p is POOL else str(p)): d for p, d in deltas.items()}),
                    digest,
                    _dumps(dict(hand.record)),
                    hand.session_id,
                ),
            )
            if not inserted:
                old = await self._rows(
                    conn, "SELECT digest FROM hands WHERE hand_id = ?", (hand.hand_id,)
                )
                if old[0][0] != digest:
                    raise HandConflictError(
                        f"hand {hand.hand_id!r} was already settled with different money"
                    )
                if state_json is not None:
                    await self._upsert_table_state(
                        conn, g, hand.channel_id, state_json, message_id, expected_version
                    )
                return False

            await conn.execute(
                "INSERT OR IGNORE INTO seasons (guild_id, season) VALUES (?, ?)", (g, s)
            )
            if pool_involved:
                await self._apply_pool(conn, hand, pool_delta, allow_pool_overdraw)
            await self._ensure_balances(conn, g, s, cur, hand.participants)
            await conn.executemany(
                "INSERT INTO ledger (kind, hand_id, guild_id, season, channel_id, variant,"
                " currency, payer_kind, payer_id, payee_kind, payee_id, amount)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        KIND_HAND,
                        hand.hand_id,
                        g,
                        s,
                        hand.channel_id,
                        hand.variant,
                        cur,
                        *_party_sql(t.payer),
                        *_party_sql(t.payee),
                        t.amount,
                    )
                    for t in hand.transfers
                ],
            )
            await conn.executemany(
                "UPDATE balances SET amount = amount + ?"
                " WHERE guild_id = ? AND season = ? AND currency = ? AND player_id = ?",
                [(d, g, s, cur, p) for p, d in player_deltas.items()],
            )
            await self._check_balances_in_range(conn, hand, list(player_deltas))
            await conn.executemany(
                "INSERT INTO player_stats (guild_id, season, variant, currency, player_id,"
                " hands_played, hands_won, hands_as_bidder, hands_won_as_bidder, net,"
                " biggest_win, biggest_loss) VALUES (?,?,?,?,?,1,?,?,?,?,?,?)"
                " ON CONFLICT (guild_id, season, variant, currency, player_id) DO UPDATE SET"
                " hands_played = hands_played + 1,"
                " hands_won = hands_won + excluded.hands_won,"
                " hands_as_bidder = hands_as_bidder + excluded.hands_as_bidder,"
                " hands_won_as_bidder = hands_won_as_bidder + excluded.hands_won_as_bidder,"
                " net = net + excluded.net,"
                " biggest_win = MAX(biggest_win, excluded.biggest_win),"
                " biggest_loss = MAX(biggest_loss, excluded.biggest_loss)",
                [
                    (
                        g,
                        s,
                        hand.variant,
                        cur,
                        p,
                        int(player_deltas.get(p, 0) > 0),
                        int(p == hand.bidder),
                        int(p == hand.bidder and bool(hand.bidder_won)),
                        player_deltas.get(p, 0),
                        max(player_deltas.get(p, 0), 0),
                        max(-player_deltas.get(p, 0), 0),
                    )
                    for p in hand.participants
                ],
            )
            if hand.session_id is not None:
                await self._record_session_step(conn, hand)
            if state_json is not None:
                await self._upsert_table_state(
                    conn, g, hand.channel_id, state_json, message_id, expected_version
                )
        return True

    async def _check_balances_in_range(
        self, conn: SqlConnection, hand: SettledHand, players: list[int]
    ) -> None:
        """Refuse (rolling the settlement back) a balance beyond ±``MAX_AMOUNT``: SQLite
        would otherwise keep an overflowing sum as a REAL."""
        if not players:
            return
        marks = ",".join("?" * len(players))
        rows = await self._rows(
            conn,
            f"SELECT player_id, amount FROM balances WHERE guild_id = ? AND season = ?"
            f" AND currency = ? AND player_id IN ({marks})"
            f" AND (typeof(amount) != 'integer' OR amount > ? OR amount < ?)",
            (hand.guild_id, hand.season, hand.currency, *players, MAX_AMOUNT, -MAX_AMOUNT),
        )
        if rows:
            raise HandValidationError(
                f"hand {hand.hand_id}: the balance of {rows[0][0]} would leave the store's range"
            )

    async def _apply_pool(
        self, conn: SqlConnection, hand: SettledHand, delta: int, allow_overdraw: bool
    ) -> None:
        key = (hand.guild_id, hand.season, hand.channel_id, hand.variant, hand.currency)
        rows = await self._rows(
            conn,
            "INSERT INTO pools (guild_id, season, channel_id, variant, currency, amount)"
            " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, season, channel_id, variant, currency)"
            " DO UPDATE SET amount = amount + excluded.amount RETURNING amount",
            (*key, delta),
        )
        new_amount = rows[0][0]
        if not isinstance(new_amount, int) or abs(new_amount) > MAX_AMOUNT:
            raise HandValidationError(f"hand {hand.hand_id}: the pool would leave the store's range")
        if new_amount < 0 and not allow_overdraw:
            raise PoolOverdrawnError(
                f"hand {hand.hand_id}: pool would be {format_amount(hand.currency, new_amount)}"
            )

    async def _ensure_balances(
        self,
        conn: SqlConnection,
        guild_id: int,
        season: int,
        currency: str,
        players: Iterable[int],
    ) -> None:
        """Create missing balance rows at the starting amount, with a ``start`` ledger row."""
        wanted = list(players)
        marks = ",".join("?" * len(wanted))
        existing = {
            int(r[0])
            for r in await self._rows(
                conn,
                f"SELECT player_id FROM balances WHERE guild_id = ? AND season = ?"
                f" AND currency = ? AND player_id IN ({marks})",
                (guild_id, season, currency, *wanted),
            )
        }
        missing = [p for p in wanted if p not in existing]
        if not missing:
            return
        start_rows = await self._rows(
            conn,
            "SELECT amount FROM starting_amounts WHERE guild_id = ? AND currency = ?",
            (guild_id, currency),
        )
        start = int(start_rows[0][0]) if start_rows else 0
        await conn.executemany(
            "INSERT INTO balances (guild_id, season, currency, player_id, amount)"
            " VALUES (?,?,?,?,?)",
            [(guild_id, season, currency, p, start) for p in missing],
        )
        if start > 0:
            await conn.executemany(
                "INSERT INTO ledger (kind, guild_id, season, currency, payer_kind,"
                " payee_kind, payee_id, amount) VALUES (?,?,?,?,'bank','player',?,?)",
                [(KIND_START, guild_id, season, currency, p, start) for p in missing],
            )

    async def _record_session_step(self, conn: SqlConnection, hand: SettledHand) -> None:
        """Write what the hand's session decided (deals played, totals, its end).

        The table's session decides; this only checks that the hand belongs to an open
        session of its table and records the step.  Totals of players not in this hand
        (one who left the table) stay as they were."""
        step = hand.session_step
        assert step is not None  # validate() pairs it with session_id
        rows = await self._rows(
            conn,
            "SELECT guild_id, channel_id, variant, currency, season, totals_json, finished_at"
            " FROM sessions WHERE session_id = ?",
            (hand.session_id,),
        )
        if not rows:
            raise SessionError(f"session {hand.session_id} does not exist")
        g, ch, variant, currency, season, totals_json, finished = rows[0]
        if (g, ch, variant, currency, season) != (
            hand.guild_id,
            hand.channel_id,
            hand.variant,
            hand.currency,
            hand.season,
        ):
            raise SessionError(f"hand {hand.hand_id} does not belong to session {hand.session_id}")
        if finished is not None:
            raise SessionError(f"session {hand.session_id} is finished")
        totals = {int(k): int(v) for k, v in json.loads(totals_json).items()}
        totals.update({int(p): int(v) for p, v in step.totals.items()})
        done = step.finish_reason is not None
        await conn.execute(
            "UPDATE sessions SET deals_played = ?, totals_json = ?,"
            " finished_at = CASE WHEN ? THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') END,"
            " finish_reason = ? WHERE session_id = ?",
            (
                step.deals_played,
                _dumps({str(k): v for k, v in totals.items()}),
                done,
                step.finish_reason,
                hand.session_id,
            ),
        )

    # ------------------------------------------------------------------ balances

    async def balance(
        self, guild_id: int, player_id: int, season: int | None = None
    ) -> dict[str, int]:
        """The player's balance in every currency (default: current season).

        Currencies the player has not played yet show the configured starting amount
        (what their first hand will start from), if one is set.
        """
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            starts = await self._rows(
                conn,
                "SELECT currency, amount FROM starting_amounts WHERE guild_id = ?",
                (guild_id,),
            )
            rows = await self._rows(
                conn,
                "SELECT currency, amount FROM balances"
                " WHERE guild_id = ? AND season = ? AND player_id = ?",
                (guild_id, season, player_id),
            )
        out = {str(c): int(a) for c, a in starts if int(a) != 0}
        out.update({str(c): int(a) for c, a in rows})
        return out

    async def balances(
        self, guild_id: int, season: int, currency: str, players: Iterable[int]
    ) -> dict[int, int]:
        """Current balances of ``players`` in one currency (missing players omitted)."""
        wanted = list(players)
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT player_id, amount FROM balances WHERE guild_id = ? AND season = ?"
                f" AND currency = ? AND player_id IN ({marks})",
                (guild_id, season, currency, *wanted),
            )
        return {int(p): int(a) for p, a in rows}

    # ------------------------------------------------------------------ pools

    async def seed_pool(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        amount: int,
        season: int | None = None,
    ) -> int:
        """Put ``amount`` from the bank into a table's pool (a ``seed`` ledger row).

        Returns the pool's new amount.
        """
        check_currency(currency)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise ValueError("seed amount must be a positive int")
        async with self._write() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            await conn.execute(
                "INSERT OR IGNORE INTO seasons (guild_id, season) VALUES (?, ?)", (guild_id, season)
            )
            await conn.execute(
                "INSERT INTO ledger (kind, guild_id, season, channel_id, variant, currency,"
                " payer_kind, payee_kind, amount) VALUES (?,?,?,?,?,?,'bank','pool',?)",
                (KIND_SEED, guild_id, season, channel_id, variant, currency, amount),
            )
            rows = await self._rows(
                conn,
                "INSERT INTO pools (guild_id, season, channel_id, variant, currency, amount)"
                " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, season, channel_id, variant,"
                " currency) DO UPDATE SET amount = amount + excluded.amount RETURNING amount",
                (guild_id, season, channel_id, variant, currency, amount),
            )
        return int(rows[0][0])

    async def get_pool(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int | None = None,
    ) -> int:
        """The amount in one table's pool (0 if it never held anything)."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT amount FROM pools WHERE guild_id = ? AND season = ? AND channel_id = ?"
                " AND variant = ? AND currency = ?",
                (guild_id, season, channel_id, variant, currency),
            )
        return int(rows[0][0]) if rows else 0

    async def get_pools(
        self, guild_id: int, channel_id: int, season: int | None = None
    ) -> list[PoolBalance]:
        """Every pool of a channel (all variants and currencies) in a season."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT variant, currency, amount FROM pools WHERE guild_id = ? AND season = ?"
                " AND channel_id = ? ORDER BY variant, currency",
                (guild_id, season, channel_id),
            )
        return [PoolBalance(guild_id, channel_id, v, c, season, int(a)) for v, c, a in rows]

    # ------------------------------------------------------------------ history

    _HAND_COLS: Final = (
        "seq, hand_id, guild_id, channel_id, variant, currency, season, bidder, bidder_won,"
        " participants_json, deltas_json, settled_at, session_id"
    )

    @staticmethod
    def _hand_summary(row: tuple[Any, ...]) -> HandSummary:
        (seq, hid, g, ch, variant, cur, season, bidder, won, parts, deltas_json, at, sess) = row
        deltas = json.loads(deltas_json)
        return HandSummary(
            seq=int(seq),
            hand_id=str(hid),
            guild_id=int(g),
            channel_id=int(ch),
            variant=str(variant),
            currency=str(cur),
            season=int(season),
            bidder=None if bidder is None else int(bidder),
            bidder_won=None if won is None else bool(won),
            participants=tuple(int(p) for p in json.loads(parts)),
            deltas={int(k): int(v) for k, v in deltas.items() if k != "pool"},
            pool_delta=int(deltas.get("pool", 0)),
            settled_at=str(at),
            session_id=None if sess is None else int(sess),
        )

    async def recent_hands(
        self, guild_id: int, channel_id: int, limit: int = 10, offset: int = 0
    ) -> list[HandSummary]:
        """A channel's settled hands, newest first."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT {self._HAND_COLS} FROM hands WHERE guild_id = ? AND channel_id = ?"
                " ORDER BY seq DESC LIMIT ? OFFSET ?",
                (guild_id, channel_id, max(limit, 0), max(offset, 0)),
            )
        return [self._hand_summary(r) for r in rows]

    async def count_hands(self, guild_id: int, channel_id: int) -> int:
        """How many hands a channel has settled (for paging ``recent_hands``)."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT COUNT(*) FROM hands WHERE guild_id = ? AND channel_id = ?",
                (guild_id, channel_id),
            )
        return int(rows[0][0])

    async def get_hand(self, hand_id: str) -> HandSummary | None:
        """One settled hand's summary, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn, f"SELECT {self._HAND_COLS} FROM hands WHERE hand_id = ?", (hand_id,)
            )
        return self._hand_summary(rows[0]) if rows else None

    async def get_hand_record(self, hand_id: str) -> dict[str, Any] | None:
        """The engine's full record of a settled hand, exactly as it was given, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn, "SELECT record_json FROM hands WHERE hand_id = ?", (hand_id,)
            )
        if not rows:
            return None
        record: dict[str, Any] = json.loads(rows[0][0])
        return record

    async def is_settled(self, hand_id: str) -> bool:
        """True if ``hand_id`` has been settled."""
        async with self._read() as conn:
            rows = await self._rows(conn, "SELECT 1 FROM hands WHERE hand_id = ?", (hand_id,))
        return bool(rows)

    # ------------------------------------------------------------------ leaderboards

    async def leaderboard(
        self,
        guild_id: int,
        season: int | None = None,
        *,
        currency: str | None = None,
        variant: str | None = None,
        order_by: str = "balance",
        page: int = 1,
        page_size: int = 10,
        include_computer: bool = False,
    ) -> tuple[list[LeaderboardRow], int]:
        """One page (1-based) of a leaderboard and the total number of ranked players.

        ``order_by``: ``balance`` (the season balance in ``currency``; with a
        ``variant`` it is the net won in that variant), ``hands_played``,
        ``hands_won_as_bidder`` or ``biggest_win`` (largest single-hand win).  Money
        orders need one currency: ``currency``, or the only one ``variant`` was played
        in; otherwise ``ValueError``.  Ties share a rank.  Computer players (negative
        ids) are left out unless ``include_computer``.
        """
        if order_by not in ORDERS:
            raise ValueError(f"order_by must be one of {ORDERS}")
        if page < 1 or page_size < 1:
            raise ValueError("page and page_size start at 1")
        if currency is not None:
            check_currency(currency)
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            money = order_by in ("balance", "biggest_win")
            if money and currency is None:
                if variant is None:
                    raise ValueError(f"a {order_by} leaderboard needs a currency or a variant")
                used = await self._rows(
                    conn,
                    "SELECT DISTINCT currency FROM player_stats"
                    " WHERE guild_id = ? AND season = ? AND variant = ?",
                    (guild_id, season, variant),
                )
                if len(used) > 1:
                    raise ValueError(f"variant {variant} was played in several currencies")
                currency = str(used[0][0]) if used else None
                if currency is None:
                    return [], 0

            where = ["guild_id = ?", "season = ?"]
            params: list[Any] = [guild_id, season]
            if not include_computer:
                where.append("player_id > 0")
            if currency is not None:
                where.append("currency = ?")
                params.append(currency)
            if order_by == "balance" and variant is None:
                # Money won from (or lost to) computer seats does not rank: a host could
                # otherwise farm them to the top (issue #15).  It stays in the balance.
                source = (
                    f"SELECT player_id, amount - ({_FROM_COMPUTERS}) AS value FROM balances b"
                    f" WHERE {' AND '.join(where)}"
                )
            else:
                if variant is not None:
                    where.append("variant = ?")
                    params.append(variant)
                agg = {
                    "balance": "SUM(net)",
                    "hands_played": "SUM(hands_played)",
                    "hands_won_as_bidder": "SUM(hands_won_as_bidder)",
                    "biggest_win": "MAX(biggest_win)",
                }[order_by]
                source = (
                    f"SELECT player_id, {agg} AS value FROM player_stats"
                    f" WHERE {' AND '.join(where)} GROUP BY player_id"
                )
            ranked = (
                f"SELECT RANK() OVER (ORDER BY value DESC) AS rank, player_id, value"
                f" FROM ({source}) AS src"
            )
            total_rows = await self._rows(conn, f"SELECT COUNT(*) FROM ({source}) AS src", params)
            rows = await self._rows(
                conn,
                f"SELECT rank, player_id, value FROM ({ranked}) AS ranked"
                " ORDER BY rank, player_id LIMIT ? OFFSET ?",
                (*params, page_size, (page - 1) * page_size),
            )
        unit = currency if money else None
        return (
            [LeaderboardRow(int(r), int(p), int(v), unit) for r, p, v in rows],
            int(total_rows[0][0]),
        )

    async def player_stats(
        self, guild_id: int, player_id: int, season: int | None = None
    ) -> PlayerStats:
        """A player's balances and per-variant counters in a season (default current)."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            bal = await self._rows(
                conn,
                "SELECT currency, amount FROM balances"
                " WHERE guild_id = ? AND season = ? AND player_id = ?",
                (guild_id, season, player_id),
            )
            stats = await self._rows(
                conn,
                "SELECT variant, currency, hands_played, hands_won, hands_as_bidder,"
                " hands_won_as_bidder, net, biggest_win, biggest_loss FROM player_stats"
                " WHERE guild_id = ? AND season = ? AND player_id = ?"
                " ORDER BY hands_played DESC, variant, currency",
                (guild_id, season, player_id),
            )
        return PlayerStats(
            guild_id=guild_id,
            player_id=player_id,
            season=season,
            balances={str(c): int(a) for c, a in bal},
            by_variant=[
                VariantStats(str(v), str(c), *(int(x) for x in rest)) for v, c, *rest in stats
            ],
        )

    # ------------------------------------------------------------------ export

    async def export_ledger_csv(self, guild_id: int, season: int | None = None) -> str:
        """The guild's ledger as CSV text (all seasons if ``season`` is None).

        Columns: id, created_at, season, kind, hand_id, channel_id, variant, currency,
        payer, payee, amount, amount_display.  payer/payee are a player id, ``pool``
        or ``bank``; amount is in the currency's smallest unit.
        """
        sql = (
            "SELECT id, created_at, season, kind, hand_id, channel_id, variant, currency,"
            " payer_kind, payer_id, payee_kind, payee_id, amount FROM ledger WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if season is not None:
            sql += " AND season = ?"
            params.append(season)
        async with self._read() as conn:
            rows = await self._rows(conn, sql + " ORDER BY id", params)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            [
                "id",
                "created_at",
                "season",
                "kind",
                "hand_id",
                "channel_id",
                "variant",
                "currency",
                "payer",
                "payee",
                "amount",
                "amount_display",
            ]
        )
        for lid, at, sea, kind, hid, ch, var, cur, pk, pid, qk, qid, amount in rows:
            writer.writerow(
                [
                    lid,
                    at,
                    sea,
                    kind,
                    hid or "",
                    "" if ch is None else ch,
                    var or "",
                    cur,
                    pid if pk == "player" else pk,
                    qid if qk == "player" else qk,
                    amount,
                    format_amount(cur, int(amount)),
                ]
            )
        return out.getvalue()

    # ------------------------------------------------------------------ table states

    @staticmethod
    async def _upsert_table_state(
        conn: SqlConnection,
        guild_id: int,
        channel_id: int,
        state_json: str,
        message_id: int | None,
        expected_version: int | None,
    ) -> int:
        sql = (
            "INSERT INTO table_states (guild_id, channel_id, message_id, version, state_json)"
            " VALUES (?, ?, ?, 1, ?) ON CONFLICT (guild_id, channel_id) DO UPDATE SET"
            " message_id = COALESCE(excluded.message_id, message_id),"
            " version = version + 1, state_json = excluded.state_json,"
            " updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
        )
        params: list[Any] = [guild_id, channel_id, message_id, state_json]
        if expected_version is not None:
            sql += " WHERE version = ?"
            params.append(expected_version)
        rows = await Store._rows(conn, sql + " RETURNING version", params)
        if not rows:
            raise StaleTableStateError(
                f"table {guild_id}/{channel_id} is not at version {expected_version}"
            )
        version = int(rows[0][0])
        if expected_version is not None and version != expected_version + 1:
            # A fresh insert (version 1) when the caller expected an existing row.
            raise StaleTableStateError(
                f"table {guild_id}/{channel_id} did not exist at version {expected_version}"
            )
        return version

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None = None,
        *,
        expected_version: int | None = None,
    ) -> int:
        """Save a table's live state (JSON-serialisable) and return its new version.

        Versions start at 1 and grow by one per save.  ``message_id=None`` keeps the
        stored message id.  With ``expected_version`` the save only happens if the
        stored version is that one (``StaleTableStateError`` otherwise; nothing
        written) — a guard against two writers for one table.
        """
        state_json = _dumps(dict(state))
        async with self._write((guild_id, channel_id)) as conn:
            return await self._upsert_table_state(
                conn, guild_id, channel_id, state_json, message_id, expected_version
            )

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None = None,
        *,
        expected_version: int | None = None,
        done: Callable[[int | None], None] | None = None,
    ) -> None:
        """Save a table's live state *soon*, together with the other tables' (group commit).

        The state (a snapshot: the caller must not change it afterwards) replaces one of
        the same table still queued; within ``group_interval`` seconds one writer task
        commits every queued table in **one** transaction, serialising each state once,
        however many times it changed meanwhile.  A crash loses at most the states
        queued since the last group (the table restarts at its last saved action).  A
        synchronous save, settlement with ``table_state`` or deletion of the same table
        supersedes its queued state.  Returns at once; ``flush_table_states`` waits.

        Versioned (``expected_version``, 0 for a table never saved): the state is written
        only if the stored version is still that one (read in the group's transaction);
        ``done`` is then told the new version, or None if another process saved the
        table meanwhile (nothing written; the newer states queued for it are dropped).
        A state that replaces a queued one keeps the version that one expected, and
        one queued while its table's previous state is being written expects the
        version that write makes.
        """
        key = (guild_id, channel_id)
        old = self._queued.get(key)
        if old is not None:
            if message_id is None:
                message_id = old.message_id
            expected_version = old.expected_version
        self._queued[key] = QueuedState(state, message_id, expected_version, done)
        task = self._group_task
        if task is None or task.done():
            self._group_task = asyncio.get_running_loop().create_task(
                self._write_groups(), name="taroky-store-group-commit"
            )

    async def flush_table_states(self) -> None:
        """Commit every queued table state now (and wait for a group being written)."""
        if not self._queued:
            async with self._write_lock:  # a group being written is done after this
                return
        await self._write_group()

    async def _write_groups(self) -> None:
        """The writer task: a group every ``group_interval`` while states are queued.
        It ends when the queue is empty (SimCord and shutdown see no idle task)."""
        failures = 0
        while self._queued:
            await asyncio.sleep(self.group_interval)
            try:
                await self._write_group()
                failures = 0
            except Exception:
                failures += 1
                log.exception("Saving %d table state(s) failed (attempt %d)", len(self._queued), failures)
                if failures >= 3:  # the next change of each table queues it again
                    self._queued.clear()
                    return
                # A second before trying again; none when groups are written back to back
                # (group_interval 0, as in tests, where a real second stalls the simulator).
                await asyncio.sleep(1.0 if self.group_interval > 0 else 0.0)

    async def _write_group(self) -> None:
        group: dict[TableKey, QueuedState] = {}
        written: dict[TableKey, int | None] = {}
        try:
            async with self._write() as conn:
                group, self._queued = self._queued, {}  # taken under the lock, after BEGIN
                if group:
                    written = await self._write_states(conn, group)
                    self.groups += 1
        except BaseException:
            for key, value in group.items():  # newer states queued meanwhile win
                self._queued.setdefault(key, value)
            raise
        for key, version in written.items():
            queued = self._queued.get(key)
            if version is None:
                self._queued.pop(key, None)  # another process's table: not ours to write
            elif queued is not None and queued.expected_version is not None:
                queued.expected_version = version  # queued during this write: over it
            done = group[key].done
            if done is not None:
                try:
                    done(version)
                except Exception:
                    log.exception("Reporting the save of table %s/%s failed", *key)

    async def _write_states(
        self, conn: SqlConnection, group: Mapping[TableKey, QueuedState]
    ) -> dict[TableKey, int | None]:
        """Write a group's states in the open transaction: each over the version it
        expects (read here, under the write lock of every process); the version each
        was written at, or None where the stored version was another (not written)."""
        stored: dict[TableKey, int] = {}
        keys = list(group)
        for i in range(0, len(keys), _VERSIONS_AT_ONCE):
            part = keys[i:i + _VERSIONS_AT_ONCE]
            guilds = sorted({g for g, _ in part})
            channels = sorted({c for _, c in part})
            for g, c, v in await self._rows(
                conn,
                f"SELECT guild_id, channel_id, version FROM table_states"
                f" WHERE guild_id IN ({','.join('?' * len(guilds))})"
                f" AND channel_id IN ({','.join('?' * len(channels))})",
                [*guilds, *channels],
            ):
                stored[(int(g), int(c))] = int(v)
        written: dict[TableKey, int | None] = {}
        inserts: list[tuple[Any, ...]] = []
        updates: list[tuple[Any, ...]] = []
        for key, q in group.items():
            current = stored.get(key)
            if q.expected_version is not None and q.expected_version != (current or 0):
                written[key] = None  # another writer's version, or deleted by another
                continue
            text = _dumps(dict(q.state))
            if current is None:
                inserts.append((key[0], key[1], q.message_id, text))
                written[key] = 1
            else:
                updates.append((q.message_id, current + 1, text, key[0], key[1], current))
                written[key] = current + 1
        count = 0
        if inserts:
            count += (await conn.executemany(_INSERT_QUEUED, inserts)).rowcount
        if updates:
            count += (await conn.executemany(_UPDATE_QUEUED, updates)).rowcount
        if count != len(inserts) + len(updates):  # cannot happen under the write lock
            raise StoreError(f"a group of table states wrote {count} of {len(inserts) + len(updates)} rows")
        return written

    @staticmethod
    def _table_state(row: tuple[Any, ...]) -> TableState:
        g, ch, msg, version, state_json, at = row
        return TableState(
            guild_id=int(g),
            channel_id=int(ch),
            message_id=None if msg is None else int(msg),
            version=int(version),
            state=json.loads(state_json),
            updated_at=str(at),
        )

    async def load_table_state(self, guild_id: int, channel_id: int) -> TableState | None:
        """One table's saved state, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT guild_id, channel_id, message_id, version, state_json, updated_at"
                " FROM table_states WHERE guild_id = ? AND channel_id = ?",
                (guild_id, channel_id),
            )
        return self._table_state(rows[0]) if rows else None

    async def load_all_table_states(self, *, shards: Shards | None = None) -> list[TableState]:
        """Every saved table (for restoring them at start-up); with ``shards`` only the
        tables of guilds those shards serve (``(guild_id >> 22) % count``)."""
        where, params = "", []
        if shards is not None:
            marks = ",".join("?" * len(shards.ids))
            where = f" WHERE ((guild_id >> 22) % ?) IN ({marks})"
            params = [shards.count, *shards.ids]
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT guild_id, channel_id, message_id, version, state_json, updated_at"
                f" FROM table_states{where} ORDER BY guild_id, channel_id",
                params,
            )
        return [self._table_state(r) for r in rows]

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float, now: float | None = None
    ) -> list[TableKey]:
        """Lease tables to ``owner`` (a bot process) for ``ttl`` seconds; return those it
        now holds.  A table is leased to ``owner`` if it had no lease, the lease was
        already ``owner``'s (renewed) or has expired; a live lease of another owner is
        left alone.  This is the lock that holds across processes: a process serves only
        the tables it holds (see ``docs/store.md``, "Several processes")."""
        if ttl <= 0:
            raise ValueError("a lease lasts a positive number of seconds")
        at = time.time() if now is None else now
        held: list[TableKey] = []
        async with self._write() as conn:
            for guild_id, channel_id in tables:
                rows = await self._rows(
                    conn,
                    "INSERT INTO table_leases (guild_id, channel_id, owner, expires_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, channel_id) DO UPDATE SET"
                    " owner = excluded.owner, expires_at = excluded.expires_at"
                    " WHERE table_leases.owner = excluded.owner OR table_leases.expires_at < ?"
                    " RETURNING owner",
                    (guild_id, channel_id, owner, at + ttl, at),
                )
                if rows:
                    held.append((guild_id, channel_id))
        return held

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None:
        """End ``owner``'s leases of ``tables`` (it closed them or shuts down)."""
        async with self._write() as conn:
            await conn.executemany(
                "DELETE FROM table_leases WHERE guild_id = ? AND channel_id = ? AND owner = ?",
                [(g, c, owner) for g, c in tables],
            )

    async def delete_table_state(self, guild_id: int, channel_id: int) -> bool:
        """Forget a table (it was closed); True if there was one."""
        async with self._write((guild_id, channel_id)) as conn:
            rows = await self._rows(
                conn,
                "DELETE FROM table_states WHERE guild_id = ? AND channel_id = ? RETURNING 1",
                (guild_id, channel_id),
            )
        return bool(rows)

    # ------------------------------------------------------------------ sessions

    _SESSION_COLS: Final = (
        "session_id, guild_id, channel_id, variant, currency, season, deals_planned,"
        " deals_played, totals_json, started_at, finished_at, finish_reason"
    )

    @staticmethod
    def _session(row: tuple[Any, ...]) -> Session:
        sid, g, ch, var, cur, sea, planned, played, totals, started, finished, reason = row
        return Session(
            session_id=int(sid),
            guild_id=int(g),
            channel_id=int(ch),
            variant=str(var),
            currency=str(cur),
            season=int(sea),
            deals_planned=None if planned is None else int(planned),
            deals_played=int(played),
            totals={int(k): int(v) for k, v in json.loads(totals).items()},
            started_at=str(started),
            finished_at=None if finished is None else str(finished),
            finish_reason=None if reason is None else str(reason),
        )

    async def start_session(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int,
        deals_planned: int | None = None,
        *,
        pot_seeds: Mapping[int, int] | None = None,
    ) -> Session:
        """Open a session at a table (``deals_planned=None``: until stopped/broke).

        At most one open session per channel (``SessionError`` otherwise).  Hands
        settled with its ``session_id`` record what the table's session decided (see
        ``SessionStep``); ``finish_session`` ends it from outside (``"stopped"``).

        ``pot_seeds`` (PT-4): what each player puts into the table's pot as the session
        starts (participant id -> amount > 0).  They are paid in the same transaction
        that opens the session (``seed`` ledger rows from the players to the pool), so a
        session's seed is paid exactly once, and its totals start at minus the seed.
        """
        check_currency(currency)
        if deals_planned is not None and deals_planned < 1:
            raise ValueError("deals_planned must be >= 1 or None")
        seeds = dict(pot_seeds or {})
        for p, amount in seeds.items():
            if not isinstance(p, int) or isinstance(p, bool) or p == 0:
                raise ValueError(f"pot seeds are paid by participant ids, got {p!r}")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                raise ValueError(f"a pot seed is a positive int, got {amount!r}")
        totals = {str(p): -amount for p, amount in seeds.items()}
        async with self._write() as conn:
            try:
                rows = await self._rows(
                    conn,
                    "INSERT INTO sessions (guild_id, channel_id, variant, currency, season,"
                    " deals_planned, totals_json) VALUES (?,?,?,?,?,?,?)"
                    f" RETURNING {self._SESSION_COLS}",
                    (guild_id, channel_id, variant, currency, season, deals_planned,
                     _dumps(totals)),
                )
            except self._INTEGRITY_ERRORS:
                raise SessionError(
                    f"channel {guild_id}/{channel_id} already has an open session"
                ) from None
            if seeds:
                await self._pay_pot_seeds(conn, guild_id, channel_id, variant, currency, season, seeds)
        return self._session(rows[0])

    async def _pay_pot_seeds(
        self,
        conn: SqlConnection,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int,
        seeds: Mapping[int, int],
    ) -> None:
        """Each player pays their seed into the table's pool (PT-4; inside a write)."""
        for amount in seeds.values():
            check_amount(amount, "pot seed")
        await conn.execute(
            "INSERT OR IGNORE INTO seasons (guild_id, season) VALUES (?, ?)", (guild_id, season)
        )
        await self._ensure_balances(conn, guild_id, season, currency, list(seeds))
        await conn.executemany(
            "INSERT INTO ledger (kind, guild_id, season, channel_id, variant, currency,"
            " payer_kind, payer_id, payee_kind, amount) VALUES (?,?,?,?,?,?,'player',?,'pool',?)",
            [
                (KIND_SEED, guild_id, season, channel_id, variant, currency, p, amount)
                for p, amount in seeds.items()
            ],
        )
        await conn.executemany(
            "UPDATE balances SET amount = amount - ?"
            " WHERE guild_id = ? AND season = ? AND currency = ? AND player_id = ?",
            [(amount, guild_id, season, currency, p) for p, amount in seeds.items()],
        )
        await conn.execute(
            "INSERT INTO pools (guild_id, season, channel_id, variant, currency, amount)"
            " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, season, channel_id, variant, currency)"
            " DO UPDATE SET amount = amount + excluded.amount",
            (guild_id, season, channel_id, variant, currency, sum(seeds.values())),
        )

    async def _pay_pool_out(
        self, conn: SqlConnection, session_id: int, payout: Mapping[int, int]
    ) -> None:
        """The table's pool pays ``payout`` to the players of a session (PL-19)."""
        rows = await self._rows(
            conn,
            f"SELECT {self._SESSION_COLS} FROM sessions WHERE session_id = ?",
            (session_id,),
        )
        sess = self._session(rows[0])
        g, ch, var, cur, sea = sess.guild_id, sess.channel_id, sess.variant, sess.currency, sess.season
        for p, amount in payout.items():
            if not isinstance(p, int) or isinstance(p, bool) or amount <= 0:
                raise ValueError(f"a pool payout is a positive amount to a participant, got {p!r}: {amount!r}")
        await self._ensure_balances(conn, g, sea, cur, list(payout))
        await conn.executemany(
            "INSERT INTO ledger (kind, guild_id, season, channel_id, variant, currency,"
            " payer_kind, payee_kind, payee_id, amount) VALUES (?,?,?,?,?,?,'pool','player',?,?)",
            [(KIND_SEED, g, sea, ch, var, cur, p, a) for p, a in payout.items()],
        )
        await conn.executemany(
            "UPDATE balances SET amount = amount + ?"
            " WHERE guild_id = ? AND season = ? AND currency = ? AND player_id = ?",
            [(a, g, sea, cur, p) for p, a in payout.items()],
        )
        left = await self._rows(
            conn,
            "INSERT INTO pools (guild_id, season, channel_id, variant, currency, amount)"
            " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, season, channel_id, variant, currency)"
            " DO UPDATE SET amount = amount + excluded.amount RETURNING amount",
            (g, sea, ch, var, cur, -sum(payout.values())),
        )
        if int(left[0][0]) < 0:
            raise PoolOverdrawnError(
                f"session {session_id}: pool would be {format_amount(cur, int(left[0][0]))}")
        totals = dict(sess.totals)
        for p, a in payout.items():
            totals[p] = totals.get(p, 0) + a
        await conn.execute(
            "UPDATE sessions SET totals_json = ? WHERE session_id = ?",
            (_dumps({str(k): v for k, v in totals.items()}), session_id),
        )

    async def get_session(self, session_id: int) -> Session | None:
        """A session by id, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT {self._SESSION_COLS} FROM sessions WHERE session_id = ?",
                (session_id,),
            )
        return self._session(rows[0]) if rows else None

    async def open_session(self, guild_id: int, channel_id: int) -> Session | None:
        """The channel's unfinished session, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT {self._SESSION_COLS} FROM sessions WHERE guild_id = ? AND channel_id = ?"
                " AND finished_at IS NULL",
                (guild_id, channel_id),
            )
        return self._session(rows[0]) if rows else None

    async def finish_session(
        self, session_id: int, reason: str, *, pool_payout: Mapping[int, int] | None = None
    ) -> Session:
        """Finish a session (e.g. ``"broke"``, ``"stopped"``); idempotent, returns it.

        ``pool_payout`` (PL-19): what the table's pool pays each participant (id -> amount
        > 0) as the session ends; paid in the same transaction that finishes it, so only
        once (``seed`` ledger rows from the pool, the session-level pot movements), and
        added to the session's totals."""
        payout = {p: a for p, a in (pool_payout or {}).items() if a}
        async with self._write() as conn:
            cur = await conn.execute(
                "UPDATE sessions SET finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
                " finish_reason = ? WHERE session_id = ? AND finished_at IS NULL",
                (reason, session_id),
            )
            if payout and cur.rowcount == 1:
                await self._pay_pool_out(conn, session_id, payout)
            rows = await self._rows(
                conn,
                f"SELECT {self._SESSION_COLS} FROM sessions WHERE session_id = ?",
                (session_id,),
            )
        if not rows:
            raise SessionError(f"session {session_id} does not exist")
        return self._session(rows[0])

    # ------------------------------------------------------------------ integrity

    async def check_integrity(self) -> list[str]:
        """Recompute everything money-related from the ledger; return the mismatches.

        An empty list means: every balance and pool equals the sum of its ledger rows,
        every hand's ledger rows net exactly to its recorded deltas (and to zero), and
        every stats counter matches the hands.  Meant for tests, the crash test and an
        admin "check" command; it reads the whole ledger.
        """
        problems: list[str] = []
        async with self._read() as conn:
            ledger_bal = {
                (int(g), int(s), str(c), int(p)): int(a)
                for g, s, c, p, a in await self._rows(
                    conn,
                    "SELECT guild_id, season, currency, pid, SUM(d) FROM ("
                    " SELECT guild_id, season, currency, payee_id AS pid, amount AS d FROM ledger"
                    "  WHERE payee_kind = 'player'"
                    " UNION ALL"
                    " SELECT guild_id, season, currency, payer_id, -amount FROM ledger"
                    "  WHERE payer_kind = 'player') AS moves"
                    " GROUP BY guild_id, season, currency, pid",
                )
            }
            stored_bal = {
                (int(g), int(s), str(c), int(p)): int(a)
                for g, s, c, p, a in await self._rows(
                    conn, "SELECT guild_id, season, currency, player_id, amount FROM balances"
                )
            }
            ledger_pool = {
                (int(g), int(s), int(ch), str(v), str(c)): int(a)
                for g, s, ch, v, c, a in await self._rows(
                    conn,
                    "SELECT guild_id, season, channel_id, variant, currency, SUM(d) FROM ("
                    " SELECT guild_id, season, channel_id, variant, currency, amount AS d"
                    "  FROM ledger WHERE payee_kind = 'pool'"
                    " UNION ALL"
                    " SELECT guild_id, season, channel_id, variant, currency, -amount"
                    "  FROM ledger WHERE payer_kind = 'pool') AS moves"
                    " GROUP BY guild_id, season, channel_id, variant, currency",
                )
            }
            stored_pool = {
                (int(g), int(s), int(ch), str(v), str(c)): int(a)
                for g, s, ch, v, c, a in await self._rows(
                    conn,
                    "SELECT guild_id, season, channel_id, variant, currency, amount FROM pools",
                )
            }
            hand_rows = await self._rows(
                conn,
                "SELECT hand_id, guild_id, season, variant, currency, participants_json,"
                " deltas_json, bidder, bidder_won FROM hands",
            )
            ledger_by_hand: dict[str, dict[str, int]] = {}
            for hid, pk, pid, qk, qid, amount in await self._rows(
                conn,
                "SELECT hand_id, payer_kind, payer_id, payee_kind, payee_id, amount FROM ledger"
                " WHERE kind = 'hand'",
            ):
                d = ledger_by_hand.setdefault(str(hid), {})
                payer = "pool" if pk == "pool" else str(pid)
                payee = "pool" if qk == "pool" else str(qid)
                d[payer] = d.get(payer, 0) - int(amount)
                d[payee] = d.get(payee, 0) + int(amount)
            stats = {
                (int(g), int(s), str(v), str(c), int(p)): (int(n), int(b))
                for g, s, v, c, p, n, b in await self._rows(
                    conn,
                    "SELECT guild_id, season, variant, currency, player_id, hands_played,"
                    " hands_won_as_bidder FROM player_stats",
                )
            }
            orphans = await self._rows(
                conn,
                "SELECT COUNT(*) FROM ledger l WHERE kind = 'hand'"
                " AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = l.hand_id)",
            )

        for key in sorted(set(ledger_bal) | set(stored_bal)):
            if ledger_bal.get(key, 0) != stored_bal.get(key, 0):
                problems.append(
                    f"balance {key}: stored {stored_bal.get(key)} != ledger {ledger_bal.get(key, 0)}"
                )
        for pkey in sorted(set(ledger_pool) | set(stored_pool)):
            if ledger_pool.get(pkey, 0) != stored_pool.get(pkey, 0):
                problems.append(
                    f"pool {pkey}: stored {stored_pool.get(pkey)} != ledger {ledger_pool.get(pkey, 0)}"
                )
        counted: dict[tuple[int, int, str, str, int], list[int]] = {}
        for hid, g, s, v, c, parts, deltas_json, bidder, won in hand_rows:
            recorded = {k: int(x) for k, x in json.loads(deltas_json).items() if int(x) != 0}
            from_ledger = {k: x for k, x in ledger_by_hand.get(str(hid), {}).items() if x != 0}
            if recorded != from_ledger:
                problems.append(f"hand {hid}: ledger {from_ledger} != recorded {recorded}")
            if sum(recorded.values()) != 0:
                problems.append(f"hand {hid}: deltas sum to {sum(recorded.values())}")
            for p in json.loads(parts):
                c_ = counted.setdefault((int(g), int(s), str(v), str(c), int(p)), [0, 0])
                c_[0] += 1
                c_[1] += int(bidder is not None and int(bidder) == int(p) and bool(won))
        for skey in sorted(set(counted) | set(stats)):
            want = tuple(counted.get(skey, (0, 0)))
            if stats.get(skey, (0, 0)) != want:
                problems.append(f"stats {skey}: stored {stats.get(skey)} != hands {want}")
        if int(orphans[0][0]):
            problems.append(f"{orphans[0][0]} hand ledger rows without a hand")
        return problems
