"""The store on PostgreSQL: for several bot processes (shards) sharing one database.

``PostgresStore`` is made of the same parts as the SQLite ``Store`` (``bot/store/core.py``)
over psycopg connections: every query, check and transaction body is the same code, so
the two stores cannot drift apart.  The SQL is written once for both dialects; where
they differ (the time, a float column, a check only SQLite needs) the parts ask the
store's :data:`~bot.store.schema.POSTGRES` dialect, and the schema is the same numbered
migrations rendered for PostgreSQL (``bot/store/schema.py``).

Driver: psycopg 3 (``psycopg[binary]``).  It is typed (``py.typed``, so ``mypy
--strict`` checks our calls), maintained by the PostgreSQL adapter's long-time
authors, has a native asyncio connection, and its binary wheel bundles libpq, so
nothing else is installed.  (asyncpg is faster at raw fetches, but it ships no types
and uses ``$1`` placeholders; the store's cost is transactions, not decoding rows.)

Guarantees, as in SQLite:

* **one writer at a time**: every write transaction first takes one transaction-level
  advisory lock (``pg_advisory_xact_lock``), so writes of all processes on the
  database are serialised exactly like SQLite's ``BEGIN IMMEDIATE`` — the
  read-then-write steps of a settlement (missing balance rows, session totals, the
  season) cannot interleave with another process's;
* **consistent reads**: a read runs in one ``REPEATABLE READ READ ONLY`` transaction
  (one snapshot, never half a settlement);
* ``synchronous="FULL"`` (default) waits for the commit to be on disk;
  ``"NORMAL"``/``"OFF"`` set ``synchronous_commit = off`` (a process crash loses
  nothing; a crash of the database server may lose the last commits);
* a broken connection (the server restarted) is opened again at the next call.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, Final, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg.abc import PQGen

from bot import metrics
from bot.store.analysis import Analyses
from bot.store.core import commit_uninterrupted
from bot.store.history import History
from bot.store.interface import SqlConnection, is_postgres_url
from bot.store.ledger import Ledger
from bot.store.migrations import LATEST_VERSION, SchemaTooNewError
from bot.store.privacy import Privacy
from bot.store.schema import POSTGRES, render
from bot.store.seasons import Seasons
from bot.store.stats import Stats
from bot.store.tables import TableStates

__all__ = ["PG_MIGRATIONS", "PostgresStore", "is_postgres_url", "migrate_pg", "pg_sql"]

#: ``PG_MIGRATIONS[i]`` upgrades schema version ``i`` to ``i + 1``: the same step as
#: ``bot.store.migrations.MIGRATIONS[i]``, rendered for PostgreSQL.
PG_MIGRATIONS: Final[tuple[str, ...]] = render(POSTGRES)
#: The advisory-lock keys (any fixed 64-bit numbers): one for writes, one for migrations.
WRITE_LOCK: Final = 0x7461726F6B7901  # "taroky" 1
MIGRATION_LOCK: Final = 0x7461726F6B7902
#: How long a statement waits for a lock (SQLite's busy timeout is 5 s too).
LOCK_TIMEOUT: Final = "5s"
#: psycopg's interrupt-check interval while waiting for the server (see _Connection).
WAIT_INTERVAL: Final = 3600.0

RV = TypeVar("RV")


@lru_cache(maxsize=1024)
def pg_sql(sql: str) -> str:
    """A store query (written with ``?`` placeholders) as psycopg reads it (``%s``)."""
    return POSTGRES.sql(sql)


class _Count:
    """A finished statement's row count (what ``SqlCursor`` asks for)."""

    __slots__ = ("rowcount",)

    def __init__(self, rowcount: int) -> None:
        self.rowcount = rowcount


class PgConnection:
    """A psycopg connection seen as the store's :class:`SqlConnection` (``?`` placeholders
    in, ``%s`` to the driver)."""

    def __init__(self, conn: psycopg.AsyncConnection[tuple[Any, ...]]) -> None:
        self.conn = conn

    async def execute(self, sql: str, parameters: Iterable[Any] = (), /) -> _Count:
        cur = await self.conn.execute(pg_sql(sql), tuple(parameters))
        return _Count(cur.rowcount)

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] = (), /
    ) -> list[tuple[Any, ...]]:
        cur = await self.conn.execute(pg_sql(sql), tuple(parameters))
        return await cur.fetchall() if cur.description is not None else []

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> _Count:
        async with self.conn.cursor() as cur:
            await cur.executemany(pg_sql(sql), [tuple(p) for p in parameters])
            return _Count(cur.rowcount)


class _Connection(psycopg.AsyncConnection[tuple[Any, ...]]):
    """psycopg's connection, waiting for the server without a timer every 0.1 s.

    psycopg arms a 0.1 s timer at every wait only to notice Ctrl-C, which asyncio
    delivers as a cancellation anyway; those wake-ups cost a loop turn each, and a
    virtual clock (SimCord, under which the bot is tested) sees each as a timer to run.
    The socket's readiness still ends every wait at once."""

    async def wait(
        self, gen: PQGen[RV], interval: float = WAIT_INTERVAL, timeout: float | None = None
    ) -> RV:
        return await super().wait(gen, interval=max(interval, WAIT_INTERVAL), timeout=timeout)


async def _connect(url: str, *, synchronous: bool, read_only: bool) -> psycopg.AsyncConnection[tuple[Any, ...]]:
    conn = await _Connection.connect(url, autocommit=True)
    try:
        await conn.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
        if not synchronous:
            await conn.execute("SET synchronous_commit = off")
        if read_only:
            await conn.set_isolation_level(psycopg.IsolationLevel.REPEATABLE_READ)
            await conn.set_read_only(True)
    except BaseException:
        await conn.close()
        raise
    return conn


async def _schema_version(conn: psycopg.AsyncConnection[tuple[Any, ...]]) -> int:
    cur = await conn.execute(
        "SELECT version FROM taroky_schema WHERE to_regclass('taroky_schema') IS NOT NULL"
    )
    row = await cur.fetchone()
    return 0 if row is None else int(row[0])


async def migrate_pg(url: str, target: int = LATEST_VERSION) -> list[int]:
    """Bring the database at ``url`` to schema ``target``; return the versions applied.

    Each migration runs in one transaction with its version bump, under an advisory
    lock, so a failure leaves the previous version and concurrent starts apply each
    migration once (as ``migrate_sync`` does for SQLite)."""
    if not 0 <= target <= LATEST_VERSION:
        raise ValueError(f"target version {target} outside 0..{LATEST_VERSION}")
    applied: list[int] = []
    async with await _Connection.connect(url, autocommit=True) as conn:
        while True:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS taroky_schema (version INTEGER NOT NULL)"
                )
                cur = await conn.execute("SELECT version FROM taroky_schema")
                row = await cur.fetchone()
                if row is None:
                    await conn.execute("INSERT INTO taroky_schema (version) VALUES (0)")
                current = 0 if row is None else int(row[0])
                if current > LATEST_VERSION:
                    raise SchemaTooNewError(
                        f"database schema version {current} is newer than this code ({LATEST_VERSION})"
                    )
                if current >= target:
                    break
                await conn.execute(PG_MIGRATIONS[current])
                await conn.execute("UPDATE taroky_schema SET version = %s", (current + 1,))
            applied.append(current + 1)
    return applied


_BEGIN_WRITE: Final = f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"


async def _rollback(conn: psycopg.AsyncConnection[tuple[Any, ...]]) -> None:
    # A broken connection has no transaction left to roll back; it is reopened at the
    # next call (``_usable``).
    with contextlib.suppress(psycopg.Error):
        await conn.execute("ROLLBACK")


class PostgresStore(Seasons, Ledger, TableStates, History, Stats, Privacy, Analyses):
    """The store on a PostgreSQL database (``DATABASE_URL=postgresql://...``).

    Same methods, results and errors as the SQLite ``Store`` (the same parts); open
    with ``await PostgresStore.open(url)``.  Like the SQLite store it keeps one writer
    and one reader connection per process; several processes may share the database.
    """

    _INTEGRITY_ERRORS = (pg_errors.IntegrityError,)
    _DATABASE_ERRORS = (psycopg.Error,)

    def __init__(  # noqa: D107 - the SQLite store's connections are not opened
        self,
        url: str,
        writer: psycopg.AsyncConnection[tuple[Any, ...]],
        reader: psycopg.AsyncConnection[tuple[Any, ...]],
        migrations_applied: list[int],
        *,
        synchronous: bool = True,
    ) -> None:
        self.url = url
        self._pg_writer = writer
        self._pg_reader = reader
        self._synchronous = synchronous
        self._init_core(POSTGRES)
        self.migrations_applied = migrations_applied

    @classmethod
    async def open(
        cls,
        path: str,
        *,
        synchronous: str = "FULL",
        target_version: int = LATEST_VERSION,
    ) -> PostgresStore:
        """Connect to the database at the URL ``path`` and migrate it."""
        sync_mode = synchronous.upper()
        if sync_mode not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError("synchronous must be one of OFF, NORMAL, FULL, EXTRA")
        url = str(path)
        if not is_postgres_url(url):
            raise ValueError("a PostgreSQL store needs a postgresql:// URL")
        applied = await migrate_pg(url, target_version)
        durable = sync_mode in ("FULL", "EXTRA")
        writer = await _connect(url, synchronous=durable, read_only=False)
        try:
            reader = await _connect(url, synchronous=durable, read_only=True)
        except BaseException:
            await writer.close()
            raise
        return cls(url, writer, reader, applied, synchronous=durable)

    async def _close_connections(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._pg_reader.close()
            await self._pg_writer.close()

    async def schema_version(self) -> int:
        async with self._read_lock:
            conn = await self._usable(read_only=True)
            return await _schema_version(conn)

    async def _usable(self, *, read_only: bool) -> psycopg.AsyncConnection[tuple[Any, ...]]:
        """The reader or writer connection, opened again if the server dropped it."""
        conn = self._pg_reader if read_only else self._pg_writer
        if conn.closed or conn.broken:
            conn = await _connect(self.url, synchronous=self._synchronous, read_only=read_only)
            if read_only:
                self._pg_reader = conn
            else:
                self._pg_writer = conn
        return conn

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[SqlConnection]:
        """One write transaction, after every other process's (the advisory lock); the
        caller holds this process's write lock (``StoreCore._write``).

        ``BEGIN`` and the lock go in one round trip (a simple query of two statements);
        any error, also a cancellation, rolls the transaction back."""
        conn = await self._usable(read_only=False)
        committed = False
        try:
            await conn.execute(_BEGIN_WRITE)
            yield PgConnection(conn)
            await commit_uninterrupted(conn.execute("COMMIT"))
            committed = True
        finally:
            if not committed:
                await asyncio.shield(_rollback(conn))

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[SqlConnection]:
        """One read transaction: a consistent snapshot (REPEATABLE READ, read only)."""
        async with self._read_lock:
            try:
                conn = await self._usable(read_only=True)
                async with conn.transaction():
                    yield PgConnection(conn)
            except self._DATABASE_ERRORS:
                metrics.DATABASE_ERRORS.labels(kind="read").inc()
                raise
