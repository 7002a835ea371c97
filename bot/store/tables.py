"""Table states and leases: a table's live state, saved at once or queued and written with
the other tables' in one transaction (group commit), versioned so that no process
overwrites a newer state; and the leases that say which process serves a table.

States cross the store's interface as dicts (``Mapping`` in, ``TableState.state`` out):
the JSON text is the store's own business, made here and read here."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, Final

from bot.store.core import QueuedState, Statements, StoreCore, dumps
from bot.store.interface import Shards, TableKey
from bot.store.models import StaleTableStateError, TableState
from bot.store.schema import Dialect

__all__ = ["TableStates", "upsert_table_state"]

log = logging.getLogger(__name__)

#: Table states one statement of a group writes (a bigger group is written in parts:
#: 5 parameters a state, well under SQLite's 32 766 and PostgreSQL's 65 535).
STATES_AT_ONCE: Final = 250
_STATE_COLS: Final = "guild_id, channel_id, message_id, version, state_json, updated_at"


@cache
def _values(d: Dialect, rows: int, integers: int, *, text: bool = False) -> str:
    """``rows`` rows of ``integers`` 64-bit integers (and a text, the state's JSON), typed
    (PostgreSQL types a bare parameter of a VALUES list from its first use)."""
    cells = [f"CAST(? AS {d.int64})"] * integers + (["CAST(? AS TEXT)"] if text else [])
    row = f"({', '.join(cells)})"
    return ",".join([row] * rows)


# The group and the claim do not return a row a table written.  On SQLite every row a
# statement returns is a step of its own, and the sqlite3 module lets the GIL go around
# each; on a busy event loop each time the writer's thread waited for it again (up to the
# switch interval).  A group of 737 tables returned 737 rows under the write lock (issue
# #33, 1,000 tables: the writer fell 12 s behind).  So each first selects the tables it
# would *not* write as expected (none, almost always) and then writes without RETURNING:
# under the write lock of every process (``BEGIN IMMEDIATE``; PostgreSQL's advisory
# lock) nothing changes between the two statements.


@cache
def _group_exceptions(d: Dialect, rows: int) -> str:
    """Of ``rows`` (guild, channel, expected version), those an UPDATE over the expected
    version would not simply write at expected + 1: not stored (version NULL), stored at
    another version (stale), or expecting whatever is stored (NULL: their stored version,
    which the UPDATE raises by one)."""
    return (
        "SELECT v.column1, v.column2, t.version"
        f" FROM (VALUES {_values(d, rows, 3)}) AS v"
        " LEFT JOIN table_states AS t ON t.guild_id = v.column1 AND t.channel_id = v.column2"
        " WHERE v.column3 IS NULL OR t.version IS NULL OR t.version <> v.column3"
    )


@cache
def _update_group(d: Dialect, rows: int) -> str:
    """Write ``rows`` queued states (guild, channel, message id, the version expected —
    NULL: whatever is stored — and the JSON) in **one** statement, each only over the
    version it expects.  (A VALUES list's columns are ``column1``.. in both dialects.)"""
    return (
        "UPDATE table_states SET message_id = COALESCE(v.column3, table_states.message_id),"
        f" version = table_states.version + 1, state_json = v.column5, updated_at = {d.now}"
        f" FROM (VALUES {_values(d, rows, 4, text=True)}) AS v"
        " WHERE table_states.guild_id = v.column1 AND table_states.channel_id = v.column2"
        " AND (v.column4 IS NULL OR table_states.version = v.column4)"
    )


@cache
def _insert_group(rows: int) -> str:
    """Insert ``rows`` states of tables never saved (version 1); a table saved meanwhile
    by another process is left alone."""
    row = "(?, ?, ?, 1, ?)"
    return (
        "INSERT INTO table_states (guild_id, channel_id, message_id, version, state_json)"
        f" VALUES {','.join([row] * rows)} ON CONFLICT (guild_id, channel_id) DO NOTHING"
    )


@cache
def _claim_refusals(d: Dialect, rows: int) -> str:
    """Of ``rows`` tables, those leased to another owner until after ``now`` (the
    parameters: the tables, the owner, now)."""
    return (
        "SELECT l.guild_id, l.channel_id"
        f" FROM (VALUES {_values(d, rows, 2)}) AS v"
        " JOIN table_leases AS l ON l.guild_id = v.column1 AND l.channel_id = v.column2"
        " WHERE l.owner <> ? AND l.expires_at >= ?"
    )


@cache
def _claim(rows: int) -> str:
    """Lease ``rows`` tables in one statement (``claim_tables``): a table with no lease,
    with the owner's own or with an expired one is held (``_claim_refusals``: the
    others)."""
    return (
        "INSERT INTO table_leases (guild_id, channel_id, owner, expires_at)"
        f" VALUES {','.join(['(?, ?, ?, ?)'] * rows)} ON CONFLICT (guild_id, channel_id) DO UPDATE SET"
        " owner = excluded.owner, expires_at = excluded.expires_at"
        " WHERE table_leases.owner = excluded.owner OR table_leases.expires_at < ?"
    )


def upsert_table_state(
    dialect: Dialect,
    guild_id: int,
    channel_id: int,
    state_json: str,
    message_id: int | None,
    expected_version: int | None,
) -> Statements[int]:
    """Write a table's state (a statement of a write transaction) and return its new
    version; with ``expected_version`` only over that version (``StaleTableStateError``
    otherwise)."""
    sql = (
        "INSERT INTO table_states (guild_id, channel_id, message_id, version, state_json)"
        " VALUES (?, ?, ?, 1, ?) ON CONFLICT (guild_id, channel_id) DO UPDATE SET"
        " message_id = COALESCE(excluded.message_id, table_states.message_id),"
        " version = table_states.version + 1, state_json = excluded.state_json,"
        f" updated_at = {dialect.now}"
    )
    params: list[Any] = [guild_id, channel_id, message_id, state_json]
    if expected_version is not None:
        sql += " WHERE table_states.version = ?"
        params.append(expected_version)
    rows = yield sql + " RETURNING version", params
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


class TableStates(StoreCore):
    """Table states (versioned; saved at once or in groups) and table leases."""

    async def close(self) -> None:
        """Write the queued table states, wait for running operations, then close."""
        with contextlib.suppress(Exception):  # (a failed group was logged; nothing more to do)
            await self.flush_table_states()
        task = self._group_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        await super().close()

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
        state_json = dumps(dict(state))
        return await self._write_at_once(
            lambda: upsert_table_state(self.dialect, guild_id, channel_id, state_json, message_id, expected_version),
            supersedes=(guild_id, channel_id),
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

        def take() -> Statements[dict[TableKey, int | None]]:
            nonlocal group
            group, self._queued = self._queued, {}  # taken under the write lock
            return self._group_statements(group)

        try:
            written = await self._write_at_once(take)
            if group:
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

    def _group_statements(self, group: Mapping[TableKey, QueuedState]) -> Statements[dict[TableKey, int | None]]:
        """A group's statements (``Statements``): each state written over the version it
        expects (checked in the statement, under the write lock of every process); their
        result is the version each was written at, or None where the stored version was
        another (not written).

        Two statements per ``STATES_AT_ONCE`` tables, whatever their number: the tables
        that are not stored at the version they expect (``_group_exceptions``: almost
        always none, so no row a table comes back) and an UPDATE of the stored tables
        from a VALUES list; then, only for tables never saved, one INSERT.  On SQLite
        all of it is one hop to the writer's thread.  (It used to run ``executemany``
        after a read of the versions: four or five round trips — thread hops on SQLite,
        each waiting for a turn of the event loop — per group, and more per 200 tables;
        then an UPDATE that returned a row a table written.)
        The states are serialised here, on the event loop, before the statements run
        (the JSON holds the GIL wherever it is made; in SQLite's thread it would also
        read the states' dicts from another thread)."""
        rows = [(g, c, q.message_id, q.expected_version, dumps(dict(q.state))) for (g, c), q in group.items()]
        return self._group_writes(rows, list(group))

    def _group_writes(
        self, rows: list[tuple[Any, ...]], keys: list[TableKey]
    ) -> Statements[dict[TableKey, int | None]]:
        written: dict[TableKey, int | None] = {}
        new: list[tuple[Any, ...]] = []
        for i in range(0, len(rows), STATES_AT_ONCE):
            part = rows[i:i + STATES_AT_ONCE]
            # (see ``_group_exceptions``: no row a table written, on either database)
            checks = [value for g, c, _message, expected, _text in part for value in (g, c, expected)]
            stored: dict[TableKey, int | None] = {
                (int(g), int(c)): None if v is None else int(v)
                for g, c, v in (yield _group_exceptions(self.dialect, len(part)), checks)
            }
            yield _update_group(self.dialect, len(part)), [value for row in part for value in row]
            for g, c, message, expected, text in part:
                key = (g, c)
                if key not in stored:  # stored at the version expected: written over it
                    written[key] = expected + 1
                    continue
                version = stored[key]
                if version is None:  # never saved (or deleted by another writer)
                    if not expected:  # expected 0, or None (whatever is stored): inserted
                        new.append((g, c, message, text))
                elif expected is None:  # whatever was stored: written over it
                    written[key] = version + 1
                # (else stale: another process saved the table; not written)
        for i in range(0, len(new), STATES_AT_ONCE):
            part = new[i:i + STATES_AT_ONCE]
            yield _insert_group(len(part)), [value for row in part for value in row]
            for g, c, _message, _text in part:
                written[(g, c)] = 1
        for key in keys:
            written.setdefault(key, None)  # another writer's version, or deleted by another
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
        keys = list(dict.fromkeys(tables))  # (one row a table: an upsert touches a row once)

        def claim() -> Statements[set[TableKey]]:
            refused: set[TableKey] = set()
            for i in range(0, len(keys), STATES_AT_ONCE):
                part = keys[i:i + STATES_AT_ONCE]
                # (no row a table held: see ``_group_exceptions``)
                tables: list[Any] = [v for key in part for v in key]
                for g, c in (yield _claim_refusals(self.dialect, len(part)), [*tables, owner, at]):
                    refused.add((int(g), int(c)))
                params: list[Any] = [v for g, c in part for v in (g, c, owner, at + ttl)]
                yield _claim(len(part)), [*params, at]
            return refused

        refused = await self._write_at_once(claim)
        return [key for key in keys if key not in refused]

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
