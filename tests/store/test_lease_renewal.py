"""A table's lease is renewed off the click path (issue #16): once a third of it has
run, the next save renews it in the background while the lease still has more than a
third to run, so a click never waits for the store's writer (a renewal queued behind a
group commit held the table's lock for seconds at 200 tables), the leases due together
in one claim (one write, not one per table); a renewal that finds
another process holding the table lets it go; a lease running short is renewed before
the save, as before."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

import pytest

from bot.store import TableKey
from bot.tables.deals import Deals
from bot.tables.manager import TableManager
from bot.tables.table import CLOSED, TableConfig
from bot.tables.table_states import MemoryTableStore
from tests.tables.helpers import HOST, NO_PAUSE

GUILD, CHANNEL = 4 << 22, 100
TTL = 90.0


class SlowWriter(MemoryTableStore):
    """The memory store whose lease claims wait while ``gate`` is closed (a writer busy
    with other groups)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()
        self.gate.set()
        self.claims = 0

    async def claim_tables(self, owner: str, tables: Sequence[TableKey], *, ttl: float) -> list[TableKey]:
        self.claims += 1
        await self.gate.wait()
        return await super().claim_tables(owner, tables, ttl=ttl)


async def _serving() -> tuple[SlowWriter, TableManager]:
    store = SlowWriter()
    manager = TableManager(store, deals=Deals(seed=7), timings=NO_PAUSE, owner="a", lease_ttl=TTL)
    table = manager.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, config=TableConfig())
    await manager.save(table)  # claims the new table's lease (waits for it)
    assert store.claims == 1
    return store, manager


async def test_a_due_renewal_does_not_hold_the_save() -> None:
    store, manager = await _serving()
    table = manager.get(CHANNEL)
    assert table is not None
    manager._renew_at[CHANNEL] = time.monotonic() - 1.0  # a third of the lease has run
    store.gate.clear()  # the writer is busy
    # (A hang guard, not a timing: the claim never comes while the gate is shut.)
    await asyncio.wait_for(manager.save(table), 30.0)  # returns without the claim
    assert store.claims == 2 and CHANNEL in manager._renewing
    store.gate.set()
    await manager._renewed()
    assert manager._renew_at[CHANNEL] > time.monotonic() + TTL / 3 - 5
    assert store.leases[(GUILD, CHANNEL)][0] == "a"


async def test_leases_due_together_are_renewed_in_one_claim() -> None:
    store, manager = await _serving()
    other = manager.open(guild_id=GUILD, channel_id=CHANNEL + 1, host_id=HOST, config=TableConfig())
    await manager.save(other)
    tables = [manager.get(CHANNEL), other]
    store.gate.clear()
    claims = store.claims
    for t in tables:
        assert t is not None
        manager._renew_at[t.channel_id] = time.monotonic() - 1.0
        await manager.save(t)
    store.gate.set()
    await manager._renewed()
    assert store.claims == claims + 1
    assert all(manager._renew_at[t.channel_id] > time.monotonic() for t in tables if t is not None)


async def test_a_renewal_that_finds_another_process_lets_the_table_go() -> None:
    store, manager = await _serving()
    table = manager.get(CHANNEL)
    assert table is not None
    store.leases[(GUILD, CHANNEL)] = ("a", time.time() - 1.0)  # ran out (a long pause) ...
    assert await store.claim_tables("b", [(GUILD, CHANNEL)], ttl=TTL) == [(GUILD, CHANNEL)]  # ... b took it
    manager._renew_at[CHANNEL] = time.monotonic() - 1.0
    await manager.save(table)
    await manager._renewed()
    assert manager.get(CHANNEL) is None and table.status == CLOSED
    assert store.leases[(GUILD, CHANNEL)][0] == "b"


async def test_a_lease_running_short_is_renewed_before_the_save() -> None:
    store, manager = await _serving()
    table = manager.get(CHANNEL)
    assert table is not None
    manager._renew_at[CHANNEL] = time.monotonic() - TTL / 3 - 1.0  # less than a third left
    store.gate.clear()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(manager.save(table), 0.05)
    assert not manager._renewing


async def test_a_new_table_is_claimed_before_its_first_save_whatever_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(A clock that starts near zero, as the simulated Discord's does, must not make a
    new table's first claim a background one.)"""
    import types

    from bot.tables import manager as manager_module

    clock = types.SimpleNamespace(monotonic=lambda: 5.0, time=time.time)  # 5 s after start-up
    monkeypatch.setattr(manager_module, "time", clock)
    store = SlowWriter()
    manager = TableManager(store, deals=Deals(seed=7), timings=NO_PAUSE, owner="a", lease_ttl=TTL)
    table = manager.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, config=TableConfig())
    store.gate.clear()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(manager.save(table), 0.05)
    assert not manager._renewing and (GUILD, CHANNEL) not in store.leases
