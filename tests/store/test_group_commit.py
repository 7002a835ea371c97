"""Group commit of table states (``Store.queue_table_state``): many tables' changes in
one transaction, each table's latest state only, superseded by synchronous writes."""

from __future__ import annotations

import asyncio

from bot.store import Store
from tests.store.helpers import make_hand


async def test_queued_states_of_many_tables_share_one_transaction(store: Store) -> None:
    """Fifty tables changing five times each within a group: one transaction, each
    table's last state saved (version 1: written once), the earlier ones never."""
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
