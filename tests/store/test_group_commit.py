"""Group commit of table states (``Store.queue_table_state``): many tables' changes in
one transaction, each table's latest state only, superseded by synchronous writes, and
versioned: a group never overwrites a table another process saved (issue #16).  Run
against both stores (``store`` is parametrised in ``conftest.py``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from bot.store import Store
from tests.store.conftest import OpenStore
from tests.store.helpers import make_hand


async def test_queued_states_of_many_tables_share_one_transaction(store: Store) -> None:
    """Fifty tables changing five times each within a group: one transaction, each
    table's last state saved (version 1: written once), the earlier ones never."""
    # (The writer task must not wake meanwhile: on a loaded machine queueing and reading
    # took longer than the group interval, and its group and the flush made two.)
    store.group_interval = 10.0
    before = store.transactions
    for step in range(5):
        for ch in range(50):
            store.queue_table_state(1, 100 + ch, {"step": step, "ch": ch}, message_id=ch if step == 0 else None)
    assert await store.load_all_table_states() == []  # nothing written yet: queued
    await store.flush_table_states()
    states = await store.load_all_table_states()
    assert len(states) == 50
    assert {(s.channel_id, s.state["step"], s.version, s.message_id) for s in states} == {
        (100 + ch, 4, 1, ch) for ch in range(50)
    }
    assert store.transactions - before == 1


async def test_the_writer_task_commits_within_the_group_interval(store: Store) -> None:
    store.group_interval = 0.02
    store.queue_table_state(1, 10, {"step": 1})
    store.queue_table_state(1, 11, {"step": 1})
    await asyncio.sleep(0.3)  # no flush: the writer task does it by itself
    assert [(s.channel_id, s.state) for s in await store.load_all_table_states()] == [
        (10, {"step": 1}), (11, {"step": 1}),
    ]
    assert store.groups == 1
    assert store._group_task is not None and store._group_task.done()  # short-lived


async def test_a_settlement_supersedes_the_queued_state_of_its_table(store: Store) -> None:
    """The hand's payment stays one synchronous transaction with the table's next state;
    an older state of that table still queued is dropped (it would overwrite it)."""
    store.queue_table_state(1, 10, {"status": "playing", "step": 61})
    store.queue_table_state(1, 11, {"status": "playing", "step": 7})
    paid = await store.settle_hand(make_hand("h1", {1: 3, 2: -3}, channel=10),
                                   table_state={"status": "between", "step": 62})
    assert paid
    await store.flush_table_states()
    got = {s.channel_id: s.state for s in await store.load_all_table_states()}
    assert got == {10: {"status": "between", "step": 62}, 11: {"status": "playing", "step": 7}}


async def test_a_failed_settlement_puts_the_queued_state_back(store: Store) -> None:
    store.queue_table_state(1, 10, {"status": "playing", "step": 61})
    bad = make_hand("h1", {1: 3, 2: -3}, channel=10, season=9)  # a season not started
    try:
        await store.settle_hand(bad, table_state={"status": "between"})
    except Exception:
        pass
    else:  # pragma: no cover - the hand must be refused
        raise AssertionError("a hand of a future season was settled")
    await store.flush_table_states()
    assert [s.state for s in await store.load_all_table_states()] == [{"status": "playing", "step": 61}]


async def test_deleting_a_table_drops_its_queued_state(store: Store) -> None:
    await store.save_table_state(1, 10, {"step": 1})
    store.queue_table_state(1, 10, {"step": 2})
    assert await store.delete_table_state(1, 10)
    await store.flush_table_states()
    assert await store.load_all_table_states() == []


async def test_close_writes_what_is_queued(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.sqlite3"
    store = await Store.open(path)
    store.group_interval = 10.0  # the writer task would wait long: close must not
    store.queue_table_state(1, 10, {"step": 3}, 77)
    await store.close()
    store = await Store.open(path)
    try:
        assert [(s.state, s.message_id) for s in await store.load_all_table_states()] == [({"step": 3}, 77)]
    finally:
        await store.close()


async def test_a_versioned_group_writes_over_the_expected_version_only(open_store: OpenStore) -> None:
    """Two stores (two processes) on one database.  Both have a table at version 1; the
    second saves it (version 2).  The first's group then holds that table and another:
    the other is written, the taken table is not (the second's state stays), and the
    first is told so (None) while the other's ``done`` gets its new version."""
    a, b = await open_store(), await open_store()
    try:
        await a.save_table_state(1, 10, {"by": "a", "step": 0}, expected_version=0)
        await a.save_table_state(1, 11, {"by": "a", "step": 0}, expected_version=0)
        await b.save_table_state(1, 10, {"by": "b", "step": 1}, expected_version=1)
        told: dict[int, int | None] = {}
        for ch in (10, 11):
            a.queue_table_state(1, ch, {"by": "a", "step": 1}, expected_version=1,
                                done=lambda v, ch=ch: told.__setitem__(ch, v))
        a.queue_table_state(1, 12, {"by": "a", "step": 0}, expected_version=0,
                            done=lambda v: told.__setitem__(12, v))
        await a.flush_table_states()
        assert told == {10: None, 11: 2, 12: 1}
        got = {s.channel_id: (s.state, s.version) for s in await b.load_all_table_states()}
        assert got == {10: ({"by": "b", "step": 1}, 2), 11: ({"by": "a", "step": 1}, 2),
                       12: ({"by": "a", "step": 0}, 1)}
        # A "new" table (version 0 expected) that another process has saved is not ours.
        a.queue_table_state(1, 10, {"by": "a", "fresh": True}, expected_version=0,
                            done=lambda v: told.__setitem__(10, v))
        told.clear()
        await a.flush_table_states()
        assert told == {10: None}
        saved = await b.load_table_state(1, 10)
        assert saved is not None and saved.state == {"by": "b", "step": 1}
        # Whatever is stored (no version expected): written over it, told the version.
        a.queue_table_state(1, 10, {"by": "a", "over": True}, done=lambda v: told.__setitem__(10, v))
        told.clear()
        await a.flush_table_states()
        assert told == {10: 3}
        saved = await b.load_table_state(1, 10)
        assert saved is not None and (saved.state, saved.version) == ({"by": "a", "over": True}, 3)
    finally:
        await a.close()
        await b.close()


async def test_a_table_deleted_by_another_process_is_not_written_again(open_store: OpenStore) -> None:
    a, b = await open_store(), await open_store()
    try:
        await a.save_table_state(1, 10, {"step": 0}, expected_version=0)
        assert await b.delete_table_state(1, 10)  # the other process closed it
        told: list[int | None] = []
        a.queue_table_state(1, 10, {"step": 1}, expected_version=1, done=told.append)
        await a.flush_table_states()
        assert told == [None]
        assert await b.load_table_state(1, 10) is None
    finally:
        await a.close()
        await b.close()


async def test_a_state_queued_while_its_table_is_written_goes_over_that_write(store: Store) -> None:
    """The table changes again while its previous state is being written: the new state
    expects the version that write makes (not the one the table had when it queued),
    and a stale table's newer queued states are dropped with it."""
    told: list[int | None] = []
    store.queue_table_state(1, 10, {"step": 1}, expected_version=0, done=told.append)
    original = store._group_statements

    def write_and_change(group):  # type: ignore[no-untyped-def]
        # The table changes once its group is taken, as the group is written; its manager
        # still knows version 0.
        store.queue_table_state(1, 10, {"step": 2}, expected_version=0, done=told.append)
        return original(group)

    store._group_statements = write_and_change  # type: ignore[method-assign]
    await store.flush_table_states()
    store._group_statements = original  # type: ignore[method-assign]
    await store.flush_table_states()
    assert told == [1, 2]
    saved = await store.load_table_state(1, 10)
    assert saved is not None and saved.state == {"step": 2} and saved.version == 2


@contextlib.contextmanager
def cancelled_at_commit(store: Store, victim: asyncio.Task[Any]) -> Iterator[None]:
    """Fault injection: ``victim`` (the task writing) is cancelled at the moment its
    transaction's COMMIT is sent to the database, which completes the COMMIT anyway
    (aiosqlite's thread runs it; the server has it).  The load run's shutdown did this to
    a table's task flushing before its settlement."""
    conn: Any
    hop: Any = None
    if type(store) is Store:
        conn = store._writer
        # (A group or a lease claim is BEGIN .. COMMIT in one hop to the writer's thread:
        # cancelled as that hop is sent.)
        from bot.store.db import _transaction

        real_hop = conn._execute

        async def hop(fn: Any, *args: Any) -> Any:
            if fn is _transaction and not victim.done():
                victim.cancel()
            return await real_hop(fn, *args)
    else:
        from bot.store.pg import PostgresStore  # (psycopg is optional)

        assert isinstance(store, PostgresStore)
        conn = store._pg_writer
    real = conn.execute

    def execute(sql: str, *args: Any) -> Any:
        if sql == "COMMIT" and not victim.done():
            victim.cancel()
        return real(sql, *args)

    conn.execute = execute
    if hop is not None:
        conn._execute = hop
    try:
        yield
    finally:
        del conn.execute
        if hop is not None:
            del conn._execute


async def test_a_group_committed_as_its_writer_is_cancelled_tells_its_tables(store: Store) -> None:
    """The task writing a group is cancelled while the group's COMMIT runs: the group is
    committed, so each table is told the version written and its next state goes over
    it.  (The bug: the group was taken for failed and put back at the old versions, its
    tables were never told, and the next group found "another process's" versions — this
    process's own write — and let the tables go: "served by another process (found at a
    save)".)"""
    store.group_interval = 10.0  # no writer task: the flush below writes the group
    told: dict[int, list[int | None]] = {10: [], 11: []}
    for ch in (10, 11):
        store.queue_table_state(1, ch, {"step": 1}, expected_version=0, done=told[ch].append)
    flusher = asyncio.create_task(store.flush_table_states())
    with cancelled_at_commit(store, flusher), pytest.raises(asyncio.CancelledError):
        await flusher
    assert told == {10: [1], 11: [1]}
    for ch in (10, 11):
        store.queue_table_state(1, ch, {"step": 2}, expected_version=1, done=told[ch].append)
    await store.flush_table_states()
    assert told == {10: [1, 2], 11: [1, 2]}
    got = {s.channel_id: (s.state, s.version) for s in await store.load_all_table_states()}
    assert got == {10: ({"step": 2}, 2), 11: ({"step": 2}, 2)}


async def test_a_settlement_committed_as_its_task_is_cancelled_supersedes_the_queued_state(
    store: Store,
) -> None:
    """The same at a settlement's COMMIT: the table's older state it superseded is not
    queued again (it would go over a version already written: found stale, the table let
    go, or without a version overwrite the table's next state)."""
    store.group_interval = 10.0
    told: list[int | None] = []
    store.queue_table_state(1, 10, {"status": "playing", "step": 61}, expected_version=0, done=told.append)
    settling = asyncio.create_task(store.settle_hand(
        make_hand("h1", {1: 3, 2: -3}, channel=10), table_state={"status": "between", "step": 62},
        expected_version=0))
    with cancelled_at_commit(store, settling), pytest.raises(asyncio.CancelledError):
        await settling
    await store.flush_table_states()
    assert told == []  # superseded: never written, never reported stale
    saved = await store.load_table_state(1, 10)
    assert saved is not None and (saved.state, saved.version) == ({"status": "between", "step": 62}, 1)
    assert await store.is_settled("h1")


def _count_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the statements of groups and lease claims (each is made by one of these
    builders, which the store looks up when it makes one)."""
    from bot.store import tables

    ran: list[str] = []
    for name in ("_group_exceptions", "_update_group", "_insert_group", "_claim_refusals", "_claim"):
        def counted(*args: Any, _build: Any = getattr(tables, name)) -> str:  # noqa: B008
            sql: str = _build(*args)
            ran.append(sql.split(" ", 1)[0])
            return sql

        monkeypatch.setattr(tables, name, counted)
    return ran


def _count_rows(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the rows each statement of a write transaction returns (what its
    ``Statements`` generator is sent back)."""
    rows: list[int] = []
    real = store._write_at_once

    def counted(work: Any, **kwargs: Any) -> Any:
        def statements() -> Any:
            inner = work()
            try:
                statement = next(inner)
                while True:
                    got = yield statement
                    rows.append(len(got))
                    statement = inner.send(got)
            except StopIteration as done:
                return done.value

        return real(statements, **kwargs)

    monkeypatch.setattr(store, "_write_at_once", counted)
    return rows


async def test_a_group_on_sqlite_is_one_hop_to_the_writer_thread(tmp_path: Any) -> None:
    """Issue #33: on SQLite a group (BEGIN, its statements, COMMIT) is one call on the
    writer's thread, so a busy event loop delays it by one turn, not one per statement."""
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        store.group_interval = 10.0
        for ch in range(300):
            store.queue_table_state(1, ch, {"step": 0}, expected_version=0)
        hops: list[Any] = []
        real = store._writer._execute

        async def counted(fn: Any, *args: Any) -> Any:
            hops.append(fn)
            return await real(fn, *args)

        store._writer._execute = counted  # type: ignore[method-assign]
        await store.flush_table_states()
        assert len(hops) == 1
        assert len(await store.load_all_table_states()) == 300
    finally:
        del store._writer._execute
        await store.close()


async def test_a_group_of_many_tables_is_a_statement_per_part(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #33: a group is written without a round trip per table: per
    ``STATES_AT_ONCE`` tables a SELECT of those not stored at the version they expect
    and one UPDATE (each over its expected version), one INSERT per as many new ones.
    600 tables: 300 saved before (250 of them expected at their version, 50 at a version
    another writer has passed), 290 new (version 0 expected) and 10 new whose version is
    not checked.  No statement returns a row for a table written over the version it
    expected (on SQLite each row is a step that lets the GIL go)."""
    from bot.store.tables import STATES_AT_ONCE

    assert STATES_AT_ONCE < 300  # (the group below needs two parts)
    store.group_interval = 10.0
    for ch in range(300):
        store.queue_table_state(1, ch, {"step": 0}, message_id=7, expected_version=0)
    await store.flush_table_states()
    told: dict[int, int | None] = {}
    for ch in range(600):
        expected = None if ch >= 590 else 1 if ch < 250 else 5 if ch < 300 else 0
        store.queue_table_state(1, ch, {"step": 1, "ch": ch}, expected_version=expected,
                                done=lambda v, ch=ch: told.__setitem__(ch, v))
    ran = _count_statements(monkeypatch)
    rows = _count_rows(store, monkeypatch)
    await store.flush_table_states()
    assert ran == ["SELECT", "UPDATE"] * 3 + ["INSERT"] * 2  # 600 states: 3 parts; 300 new: 2 parts
    # Part by part: the SELECTs return the 50 stale tables and the 300 new ones; the
    # 250 written over their version, nothing.
    assert rows == [0, 0, 50 + 200, 0, 90 + 10, 0, 0, 0]
    assert told == {ch: 2 if ch < 250 else None if ch < 300 else 1 for ch in range(600)}
    got = {s.channel_id: s for s in await store.load_all_table_states()}
    assert len(got) == 600
    assert all(got[ch].state == {"step": 1, "ch": ch} and got[ch].version == 2 and got[ch].message_id == 7
               for ch in range(250))
    assert all(got[ch].state == {"step": 0} and got[ch].version == 1 for ch in range(250, 300))
    assert all(got[ch].state == {"step": 1, "ch": ch} and got[ch].version == 1 for ch in range(300, 600))


async def test_a_lease_claim_of_many_tables_is_a_statement_per_part(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #33: renewing the leases of many tables at once (``claim_tables``) holds the
    write lock for one statement per ``STATES_AT_ONCE`` tables, not one per table; a
    live lease of another process is left alone, a table named twice is claimed once."""
    others = [(1, ch) for ch in range(5)]
    assert await store.claim_tables("other", others, ttl=60.0, now=1000.0) == others
    tables = [(1, ch) for ch in range(300)]
    ran = _count_statements(monkeypatch)
    rows = _count_rows(store, monkeypatch)
    held = await store.claim_tables("me", [*tables, (1, 7)], ttl=60.0, now=1010.0)
    assert ran == ["SELECT", "INSERT"] * 2
    assert rows == [5, 0, 0, 0]  # a row a table refused (another's live lease), none a table held
    assert held == tables[5:]
    # Expired, the other process's leases are taken.
    assert await store.claim_tables("me", tables[:6], ttl=60.0, now=1100.0) == tables[:6]
