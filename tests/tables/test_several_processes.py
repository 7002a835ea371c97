"""The table manager with several processes on one database (issue #16): each process
restores only its shards' guilds, serves only tables it holds the lease of, saves at
the version it loaded (a stale save lets the table go instead of overwriting), and a
settlement carries that version too.  Two managers on one store play two processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Collection
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Game
from bot.store import Shards, Store
from bot.store.db import _transaction
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.table import BETWEEN, CLOSED, NullOutput, Table, TableConfig, Unkept
from bot.tables.table_states import DatabaseTableStore, MemoryTableStore
from tests.tables.helpers import HOST, NO_PAUSE, computers_done

#: A guild on shard 0 and one on shard 1 (of 2): ``(id >> 22) % 2``.
GUILD = {0: 4 << 22, 1: 5 << 22}


def process(store: MemoryTableStore | DatabaseTableStore, owner: str, *, shards: Shards | None = None,
            ledger: TableLedger | None = None) -> TableManager:
    return TableManager(store, deals=Deals(seed=7), timings=NO_PAUSE, owner=owner, shards=shards,
                        ledger=ledger)


async def opened(m: TableManager, guild: int, channel: int) -> None:
    table = m.open(guild_id=guild, channel_id=channel, host_id=HOST, config=TableConfig())
    await m.save(table)


async def test_each_process_restores_only_its_own_shards_guilds() -> None:
    store = MemoryTableStore()
    first = process(store, "setup")
    for shard, guild in GUILD.items():
        await opened(first, guild, 100 + shard)
    await first.shutdown()
    zero = process(store, "p0", shards=Shards(2, (0,)))
    one = process(store, "p1", shards=Shards(2, (1,)))
    assert [(t.guild_id, t.channel_id) for t in await zero.restore_all()] == [(GUILD[0], 100)]
    assert [(t.guild_id, t.channel_id) for t in await one.restore_all()] == [(GUILD[1], 101)]


async def test_a_table_leased_to_another_process_is_not_restored() -> None:
    """A second process wrongly given the same shards gets none of the tables while the
    first holds their leases; once the first stops cleanly (leases handed back) it can."""
    store = MemoryTableStore()
    a = process(store, "a")
    await opened(a, GUILD[0], 100)
    await opened(a, GUILD[0], 101)
    rogue = process(store, "rogue")
    assert await rogue.restore_all() == []
    assert rogue.tables == {}
    await a.shutdown()
    assert len(await rogue.restore_all()) == 2


async def test_a_process_restarted_under_its_name_takes_its_tables_back_at_once() -> None:
    """SIGKILL leaves the leases in place; the restarted process (same owner name) holds
    them again without waiting for them to run out."""
    store = MemoryTableStore()
    a = process(store, "a")
    await opened(a, GUILD[0], 100)  # ... and the process dies: no shutdown
    again = process(store, "a")
    assert [t.channel_id for t in await again.restore_all()] == [100]


async def test_a_new_table_whose_channel_another_process_leased_is_let_go() -> None:
    store = MemoryTableStore()
    a = process(store, "a")
    await opened(a, GUILD[0], 100)
    b = process(store, "b")
    table = b.open(guild_id=GUILD[0], channel_id=100, host_id=HOST, config=TableConfig())
    await b.save(table)
    assert b.get(100) is None and table.status == CLOSED
    assert store.states[(GUILD[0], 100)]["id"] != table.id  # a's table is untouched


async def test_a_stale_save_lets_the_table_go_and_overwrites_nothing() -> None:
    """Another process saved the table after this one loaded it: this one's next save is
    refused (no last writer wins) and it stops serving the table — no message edit, no
    save, no settlement."""
    store = MemoryTableStore()
    a = process(store, "a")
    table = a.open(guild_id=GUILD[0], channel_id=100, host_id=HOST, config=TableConfig())
    await a.save(table)
    newer = {"written": "by another process"}
    await store.save_table_state(GUILD[0], 100, newer, None, expected_version=1)
    await table.start(HOST)  # deals: the table changes and saves
    assert a.get(100) is None and table.status == CLOSED
    assert isinstance(table.output, NullOutput) and isinstance(table.keeper, Unkept)
    assert store.states[(GUILD[0], 100)] == newer and store.versions[(GUILD[0], 100)] == 2


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "taroky.sqlite3")
    yield s
    await s.close()


class RacedLedger(TableLedger):
    """The store's ledger, with another process's save of the table landing just before
    the settlement (the race the versioned settlement must lose safely)."""

    race = False

    async def settle(self, table: Table, game: Game, *, expected_version: int | None = None,
                     saved: Callable[[], None] | None = None, forgettings_applied: Collection[int] = ()) -> bool:
        if self.race:
            saved = await self.store.load_table_state(table.guild_id, table.channel_id)
            assert saved is not None
            await self.store.save_table_state(table.guild_id, table.channel_id, {"other": True},
                                              expected_version=saved.version)
        return await super().settle(table, game, expected_version=expected_version, saved=saved,
                                    forgettings_applied=forgettings_applied)


async def test_a_settlement_saves_the_table_at_its_version(sqlite_store: Store) -> None:
    """The hand is paid with the table's next state at the next version; if another
    process saved the table just before, the settlement pays nothing here and the table
    is let go (the process that serves it pays the hand, once)."""
    ledger = RacedLedger(sqlite_store)
    m = process(DatabaseTableStore(sqlite_store), "a", ledger=ledger)
    table = m.open(guild_id=GUILD[0], channel_id=100, host_id=HOST, config=TableConfig())
    await m.save(table)
    await table.start(HOST)
    await computers_done(table)
    assert table.status == BETWEEN and table.settlement.unpaid is None
    saved = await sqlite_store.load_table_state(GUILD[0], 100)
    assert saved is not None and saved.version == m.versions[100] and saved.state["hand_no"] == 1
    assert await sqlite_store.count_hands(GUILD[0], 100) == 1
    ledger.race = True
    await table.next_hand(HOST)
    await computers_done(table)
    assert m.get(100) is None and table.status == CLOSED
    assert await sqlite_store.count_hands(GUILD[0], 100) == 1  # hand 2 not paid here
    after = await sqlite_store.load_table_state(GUILD[0], 100)
    assert after is not None and after.state == {"other": True}
    assert await sqlite_store.check_integrity() == []


async def test_a_group_commit_never_overwrites_the_process_that_took_the_table(tmp_path: Path) -> None:
    """Two processes (two stores, two managers) on one SQLite file.  The first serves a
    table, its saves queued and written in groups at the version it last wrote; the
    second takes the table over (its lease ran out) and saves it.  The first's next
    group finds the newer version: it writes nothing over the second's state, and the
    first stops serving the table (no message edit, no save, no settlement)."""
    path = tmp_path / "taroky.sqlite3"
    first_store, second_store = await Store.open(path), await Store.open(path)
    try:
        first = process(DatabaseTableStore(first_store), "first")
        table = first.open(guild_id=GUILD[0], channel_id=100, host_id=HOST, config=TableConfig())
        await first.save(table)
        await first_store.flush_table_states()
        assert first.versions[100] == 1  # the group told the manager the version it wrote
        second = process(DatabaseTableStore(second_store), "second")
        await second_store.claim_tables("second", [(GUILD[0], 100)], ttl=90.0, now=1e12)  # expired for it
        assert await second.restore_all() != []
        await second.save(second.get(100))  # type: ignore[arg-type]
        await second_store.flush_table_states()
        taken = await second_store.load_table_state(GUILD[0], 100)
        assert taken is not None and taken.version == 2
        await table.start(HOST)  # the first deals: changes queued over version 1
        await first_store.flush_table_states()
        assert first.get(100) is None and table.status == CLOSED
        assert isinstance(table.output, NullOutput) and isinstance(table.keeper, Unkept)
        after = await second_store.load_table_state(GUILD[0], 100)
        assert after is not None and after.version == 2 and after.state == taken.state
        assert second.get(100) is not None and second.versions[100] == 2
    finally:
        await first_store.close()
        await second_store.close()


async def test_a_settlement_whose_task_is_cancelled_after_its_commit_keeps_the_table(
    sqlite_store: Store,
) -> None:
    """The task paying a hand is cancelled while the payment's COMMIT runs (fault
    injection on the store's writer): the hand is paid and the table saved at the next
    version, so the manager must know that version, or the table's next save (here the
    retried settlement before the next deal) finds it and lets this process's own table
    go as if another process had saved it."""
    m = process(DatabaseTableStore(sqlite_store), "a", ledger=TableLedger(sqlite_store))
    table = m.open(guild_id=GUILD[0], channel_id=100, host_id=HOST, config=TableConfig())
    await m.save(table)
    writer: Any = sqlite_store._writer
    real = writer._execute

    def execute(fn: Any, *args: Any, **kwargs: Any) -> Any:
        # The payment is one hop to the writer's thread (``_transaction`` running the
        # statements of ``Ledger._settle``, BEGIN to COMMIT): the task is cancelled as
        # it is sent, so the cancellation arrives while the COMMIT runs.
        if fn is _transaction and args[1].__name__ == "_settle":
            task = asyncio.current_task()
            assert task is not None and task is table._driver  # the computers' task pays
            task.cancel()
        return real(fn, *args, **kwargs)

    writer._execute = execute
    try:
        await table.start(HOST)
        driver = table._driver
        while table._driver is not None and not table._driver.done():  # (as computers_done)
            driver = table._driver
            await asyncio.wait({driver})
        assert driver is not None and driver.cancelled() and table.status == BETWEEN
    finally:
        del writer._execute
    assert await sqlite_store.count_hands(GUILD[0], 100) == 1  # paid, and saved with the table
    saved = await sqlite_store.load_table_state(GUILD[0], 100)
    assert saved is not None and m.versions[100] == saved.version
    await table.next_hand(HOST)
    await computers_done(table)
    assert m.get(100) is table and table.status == BETWEEN
    assert await sqlite_store.count_hands(GUILD[0], 100) == 2
    assert await sqlite_store.check_integrity() == []
