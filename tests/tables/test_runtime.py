"""The table runtime without Discord: seats, locking, stale choices, computer turns."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables.errors import NotSeated, StaleChoice, TableError
from bot.tables.manager import MemoryTableStore, TableManager
from bot.tables.table import TableConfig, TableTimings
from tests.tables.fakegame import FakeFactory


def _manager() -> TableManager:
    return TableManager(MemoryTableStore(), factory=FakeFactory(3), timings=TableTimings(0, 1000, 1000))


async def test_one_table_per_channel():
    m = _manager()
    m.open(guild_id=1, channel_id=2, host_id=10, config=TableConfig(), host_name="h")
    with pytest.raises(TableError):
        m.open(guild_id=1, channel_id=2, host_id=11, config=TableConfig())


async def test_computers_play_until_a_human_must_act():
    m = _manager()
    t = m.open(guild_id=1, channel_id=2, host_id=10, config=TableConfig(), host_name="h")
    await t.start(10)
    for _ in range(50):
        await asyncio.sleep(0)
    assert t.game.to_act == t.seat_of(10) or t.status == "between"


async def test_concurrent_double_click_acts_once():
    m = _manager()
    t = m.open(guild_id=1, channel_id=2, host_id=10, config=TableConfig(), host_name="h")
    await t.start(10)
    for _ in range(50):
        await asyncio.sleep(0)
    seat = t.seat_of(10)
    code = t.game.legal_actions(seat)[0].code
    step = t.step
    results = await asyncio.gather(
        t.act(10, t.hand_no, step, [code]), t.act(10, t.hand_no, step, [code]), return_exceptions=True
    )
    assert sum(isinstance(r, StaleChoice) for r in results) == 1


async def test_not_seated_and_restore_roundtrip():
    m = _manager()
    t = m.open(guild_id=1, channel_id=2, host_id=10, config=TableConfig(), host_name="h")
    with pytest.raises(NotSeated):
        await t.act(99, 1, 0, ["pass"])
    await t.start(10)
    for _ in range(50):
        await asyncio.sleep(0)
    await m.save(t)
    m2 = TableManager(m.store, factory=FakeFactory(3))
    [t2] = await m2.restore_all()
    assert t2.step == t.step and t2.game.to_act == t.game.to_act
    assert t2.game.view_for(0).hand == t.game.view_for(0).hand
    await t.close()
