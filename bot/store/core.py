"""What every part of the store shares: the transactions, the dialect, the season helper.

A store is one class made of parts, one per concern, each a mixin over
:class:`StoreCore` in its own module:

* ``seasons.py``  — seasons and settings (languages, starting amounts);
* ``ledger.py``   — the ledger and balances: settling a hand, pools, sessions;
* ``tables.py``   — table states (saved at once or in groups) and table leases;
* ``history.py``  — hand history, hand records, the ledger as CSV;
* ``stats.py``    — leaderboards, player statistics, the integrity check;
* ``privacy.py``  — forgetting a member (their rows anonymised, the books exact);
* ``analysis.py`` — the hand analysis queue and the stored reviews (issue #28).

``db.py`` (SQLite, ``Store``) and ``pg.py`` (PostgreSQL, ``PostgresStore``) put the
parts together over their own connections: they differ only in how a transaction is
opened (``_begin``, ``_read``) and in the :class:`~bot.store.schema.Dialect` their SQL
is written in.  Every query is written once, with ``?`` placeholders.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Generator,
    Iterator,
    Mapping,
    Sequence,
)
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from bot import metrics
from bot.store.interface import SqlConnection, TableKey
from bot.store.schema import Dialect

__all__ = [
    "GROUP_INTERVAL", "Many", "QueuedState", "Statement", "Statements", "StoreCore", "commit_uninterrupted",
    "current_season", "dumps", "mark_season", "run_statements",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Many:
    """A statement's parameters for each of several rows: the statement runs once a row
    (``executemany``) and returns no rows."""

    rows: Sequence[Sequence[Any]]


#: One statement of a transaction: SQL with ``?`` placeholders and its parameters (or
#: ``Many`` rows of them).
Statement = tuple[str, Sequence[Any] | Many]

#: A write transaction's statements, written once for both ways of running them: a
#: generator that yields each statement (``Statement``), is sent the rows it returned,
#: and returns the transaction's result (parts of a transaction are generators too,
#: joined with ``yield from``).  ``StoreCore`` runs it statement by statement over its
#: connection (``_run``); the SQLite store runs all of it, BEGIN to COMMIT, on its
#: connection's thread in one hop (``Store._write_at_once``).
Statements = Generator[Statement, list[tuple[Any, ...]], T]

#: Seconds a queued table state waits for the other tables' states to share its
#: transaction (``queue_table_state``).
GROUP_INTERVAL: Final = 0.05


def dumps(value: Any) -> str:
    """JSON text as the store keeps it (compact, UTF-8, no NaN)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


async def commit_uninterrupted(commit: Awaitable[T]) -> T:
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
        return committing.result()  # (the COMMIT's error, if any)
    if committing.cancelled() or committing.exception() is not None:
        raise asyncio.CancelledError()  # not committed (rolled back by the caller); cancelled
    task = asyncio.current_task()
    if task is not None:
        task.uncancel()  # committed: the cancellation is requested again, once
        task.cancel()
    return committing.result()


def run_statements(
    statements: Statements[T], execute: Callable[[str, Sequence[Any] | Many], list[tuple[Any, ...]]]
) -> T:
    """Run ``statements`` with ``execute`` (one statement -> its rows), synchronously."""
    try:
        sql, params = next(statements)
        while True:
            sql, params = statements.send(execute(sql, params))
    except StopIteration as done:
        result: T = done.value
        return result


@dataclass(slots=True)
class QueuedState:
    """A table state waiting for the next group (``queue_table_state``)."""

    state: Mapping[str, Any]
    message_id: int | None
    #: The version the state is written over (None: whatever is stored).
    expected_version: int | None
    #: Told the version written, or None when the stored version was another (the
    #: state was not written: another process saved the table).
    done: Callable[[int | None], None] | None


class StoreCore:
    """Transactions and the state every part reads: the dialect, the write and read
    locks, the table states queued for the next group (a write supersedes its table's).

    A database's store sets these in its ``__init__`` (``_init_core``) and implements
    ``_begin``, ``_read`` and ``_close_connections``."""

    #: The SQL dialect of the database behind the store.
    dialect: Dialect
    #: What the database raises for a broken UNIQUE constraint.
    _INTEGRITY_ERRORS: tuple[type[Exception], ...] = ()
    #: What the database raises when a transaction fails (counted in the metrics).
    _DATABASE_ERRORS: tuple[type[Exception], ...] = ()

    def _init_core(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
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

    async def close(self) -> None:
        """Close the connections once running operations are done (the table-state part
        writes what is queued first)."""
        await self._close_connections()

    async def _close_connections(self) -> None:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    # ------------------------------------------------------------------ transactions

    @contextlib.contextmanager
    def _superseding(self, key: TableKey | None) -> Iterator[None]:
        """Around a write transaction (under the write lock) that writes or deletes table
        ``key``'s state: a state of it still queued (older: a table's saves happen under
        its lock) is dropped, and put back if the transaction fails."""
        queued = self._queued.pop(key, None) if key is not None else None
        try:
            yield
        except BaseException:
            if queued is not None and key is not None:
                self._queued.setdefault(key, queued)
            raise

    @asynccontextmanager
    async def _write(self, supersedes: TableKey | None = None) -> AsyncIterator[SqlConnection]:
        """One write transaction (``_begin``) under this process's write lock; rolls
        back on any error.

        ``supersedes`` (guild, channel): the transaction writes or deletes that table's
        state (``_superseding``)."""
        async with self._write_lock:
            with self._superseding(supersedes):
                try:
                    async with self._begin() as conn:
                        yield conn
                    self.transactions += 1
                except self._DATABASE_ERRORS:
                    metrics.DATABASE_ERRORS.labels(kind="write").inc()
                    raise

    async def _write_at_once(
        self, work: Callable[[], Statements[T]], *, supersedes: TableKey | None = None
    ) -> T:
        """One write transaction of the statements ``work()`` gives (called under the
        write lock, so a group takes the states queued until then), each statement a
        round trip (``_run``).  (The SQLite store runs them all in one hop to its
        thread.)  ``supersedes`` as for ``_write``."""
        async with self._write(supersedes) as conn:
            return await self._run(conn, work())

    @staticmethod
    async def _run(conn: SqlConnection, statements: Statements[T]) -> T:
        """Run ``statements`` over ``conn`` (an open transaction), statement by statement."""
        try:
            sql, params = next(statements)
            while True:
                if isinstance(params, Many):
                    await conn.executemany(sql, params.rows)
                    rows: list[tuple[Any, ...]] = []
                else:
                    rows = await StoreCore._rows(conn, sql, params)
                sql, params = statements.send(rows)
        except StopIteration as done:
            result: T = done.value
            return result

    def _begin(self) -> contextlib.AbstractAsyncContextManager[SqlConnection]:
        """``BEGIN`` .. ``COMMIT`` of one write transaction (the caller holds the write
        lock); rolls back on any error."""
        raise NotImplementedError

    def _read(self) -> contextlib.AbstractAsyncContextManager[SqlConnection]:
        """One read transaction (a consistent snapshot) under the read lock."""
        raise NotImplementedError

    @staticmethod
    async def _rows(
        conn: SqlConnection, sql: str, params: Sequence[Any] = ()
    ) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await conn.execute_fetchall(sql, params)]

    # ------------------------------------------------------------------ the season

    @staticmethod
    async def _current_season(conn: SqlConnection, guild_id: int) -> int:
        return await StoreCore._run(conn, current_season(guild_id))

    async def _season_or_current(
        self, conn: SqlConnection, guild_id: int, season: int | None
    ) -> int:
        return season if season is not None else await self._current_season(conn, guild_id)

    async def _mark_season(self, conn: SqlConnection, guild_id: int, season: int) -> None:
        """Record that the guild's ``season`` exists (inside a write)."""
        await self._run(conn, mark_season(guild_id, season))


def current_season(guild_id: int) -> Statements[int]:
    """The guild's current season (1 until an admin starts a new one)."""
    rows = yield "SELECT COALESCE(MAX(season), 1) FROM seasons WHERE guild_id = ?", (guild_id,)
    return int(rows[0][0])


def mark_season(guild_id: int, season: int) -> Statements[None]:
    """Record that the guild's ``season`` exists (inside a write)."""
    yield "INSERT INTO seasons (guild_id, season) VALUES (?, ?) ON CONFLICT DO NOTHING", (guild_id, season)
