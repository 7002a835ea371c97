"""The store on SQLite: one file (WAL) holding money, pools, hands, table states, sessions.

``Store`` puts the store's parts together (seasons and settings, the ledger, table
states, history, stats, privacy: see ``bot/store/core.py``) over two aiosqlite
connections to the same file:

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
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import aiosqlite

from bot import metrics
from bot.store.analysis import Analyses
from bot.store.core import (
    GROUP_INTERVAL,
    Many,
    QueuedState,
    Statements,
    commit_uninterrupted,
    run_statements,
)
from bot.store.history import History
from bot.store.interface import SqlConnection, SqlCursor, TableKey
from bot.store.ledger import Ledger
from bot.store.migrations import LATEST_VERSION, migrate_sync
from bot.store.privacy import Privacy
from bot.store.schema import SQLITE
from bot.store.seasons import Seasons
from bot.store.stats import Stats
from bot.store.tables import TableStates

__all__ = [
    "BUSY_TIMEOUT_MS",
    "GROUP_INTERVAL",
    "QueuedState",
    "SqliteConnection",
    "Store",
    "commit_uninterrupted",
]

BUSY_TIMEOUT_MS: Final = 5000
T = TypeVar("T")
_SYNC_MODES: Final = ("OFF", "NORMAL", "FULL", "EXTRA")


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


class _Count:
    """A finished statement's row count (what ``SqlCursor`` asks for)."""

    __slots__ = ("rowcount",)

    def __init__(self, rowcount: int) -> None:
        self.rowcount = rowcount


class SqliteConnection:
    """aiosqlite's connection as the store's :class:`SqlConnection`, with every
    ``executemany`` cursor closed on the connection's own thread.

    Python's ``sqlite3`` shares one prepared statement among the cursors that ran the
    same SQL (its statement cache), and a cursor of ``executemany`` keeps it until it is
    closed or freed; freeing it resets the statement.  aiosqlite hands cursors back to
    the event loop's thread, where the last reference may go at any time (a garbage
    collection, a traceback let go): a reset from there while the connection's thread
    runs the next ``executemany`` of the same SQL (the next group of table states, the
    next settlement) makes SQLite refuse it, ``sqlite3.InterfaceError: bad parameter or
    other API misuse`` (issue #33).  So the cursor is closed on the connection's thread
    (aiosqlite runs one call at a time there, in order) before anything else runs on
    the connection, and only its row count comes back."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, parameters: Iterable[Any] = (), /) -> SqlCursor:
        # (A cursor of execute lets go of its statement when the statement is done.)
        return await self.conn.execute(sql, parameters)

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] = (), /) -> Iterable[Sequence[Any]]:
        return await self.conn.execute_fetchall(sql, parameters)

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> SqlCursor:
        cursor = await self.conn.executemany(sql, parameters)
        try:
            return _Count(cursor.rowcount)
        finally:
            # On the connection's thread, before any other call of this connection (they
            # run in order; the caller holds the write lock).  (Cancelled before this, the
            # cursor is freed by aiosqlite's thread or by the loop at once, never during a
            # later executemany: that comes after the transaction's ROLLBACK.)
            await asyncio.shield(cursor.close())


def _transaction(conn: sqlite3.Connection, statements: Statements[T]) -> T:
    """``BEGIN IMMEDIATE``, the statements, ``COMMIT`` — on the connection's own thread
    (``Store._write_at_once``); rolled back on any error."""

    def execute(sql: str, params: Sequence[Any] | Many) -> list[tuple[Any, ...]]:
        cursor = conn.executemany(sql, params.rows) if isinstance(params, Many) else conn.execute(sql, params)
        try:
            return [tuple(row) for row in cursor.fetchall()]
        finally:
            cursor.close()  # (here, on this thread: see SqliteConnection)

    conn.execute("BEGIN IMMEDIATE")
    try:
        result = run_statements(statements, execute)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return result


class Store(Seasons, Ledger, TableStates, History, Stats, Privacy, Analyses):
    """Persistence for chips, pools, hand history, leaderboards, table states, sessions.

    Open with ``await Store.open(path)``; share one instance across all tables of the
    process; ``await store.close()`` on shutdown.
    """

    _INTEGRITY_ERRORS = (sqlite3.IntegrityError,)
    _DATABASE_ERRORS = (sqlite3.Error,)

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
        self._init_core(SQLITE)
        #: Schema versions applied by this ``open`` (empty if already current).
        self.migrations_applied = migrations_applied

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
    async def _begin(self) -> AsyncIterator[SqlConnection]:
        """``BEGIN IMMEDIATE`` .. ``COMMIT`` on the writer (the caller holds the write
        lock); rolls back on any error."""
        conn = self._writer
        committed = False
        try:
            # BEGIN inside the try: if the task is cancelled while BEGIN is queued,
            # BEGIN still runs on the connection thread and must be rolled back.
            await conn.execute("BEGIN IMMEDIATE")
            yield SqliteConnection(conn)
            await commit_uninterrupted(conn.execute("COMMIT"))
            committed = True
        finally:
            if not committed:
                # Shielded: a cancelled task must still leave no open transaction.
                await asyncio.shield(self._rollback(conn))

    async def _write_at_once(
        self, work: Callable[[], Statements[T]], *, supersedes: TableKey | None = None
    ) -> T:
        """A write transaction of ``work()``'s statements (a payment, a group of table
        states, a lease claim) in **one** hop to the writer's thread: BEGIN, every
        statement (and whatever the generator computes between them) and COMMIT run
        there, so the write lock waits for one turn of the event loop, not one per
        statement (on a busy loop each hop waits a turn: a lease claim of a statement per
        table held the lock for seconds, a payment of some twenty statements ~160 ms).
        aiosqlite runs the function on its thread, in order with the connection's other
        calls (``Connection._execute``, its own way to run a call there).  Like a COMMIT,
        the hop is awaited to its end if this task is cancelled
        (``commit_uninterrupted``).  ``supersedes`` as for ``_write``."""
        async with self._write_lock:
            with self._superseding(supersedes):
                statements = work()  # (under the lock: a group takes the states queued until now)
                writer = self._writer
                hop = cast(  # (aiosqlite's _execute is untyped)
                    "Callable[..., Any]", writer._execute  # noqa: SLF001
                )(_transaction, writer._conn, statements)  # noqa: SLF001
                try:
                    result: T = await commit_uninterrupted(hop)
                except self._DATABASE_ERRORS:
                    metrics.DATABASE_ERRORS.labels(kind="write").inc()
                    raise
            self.transactions += 1
            return result

    @staticmethod
    async def _rollback(conn: aiosqlite.Connection) -> None:
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
                yield SqliteConnection(conn)
            except self._DATABASE_ERRORS:
                metrics.DATABASE_ERRORS.labels(kind="read").inc()
                raise
            finally:
                await asyncio.shield(self._rollback(conn))
