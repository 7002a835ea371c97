"""What lets several bot processes share one database (issue #16): versioned table
saves (a stale save is refused, never last-writer-wins), table leases (one process
serves a table) and restoring only the guilds of one's own shards.  Run against both
stores (``store`` is parametrised in ``conftest.py``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Shards, StaleTableStateError, Store
from tests.store.conftest import OpenStore
from tests.store.helpers import make_hand

#: Guild ids whose shard (of 2) is 0 and 1: Discord's rule is ``(id >> 22) % count``.
GUILD_OF_SHARD = {0: 2 << 22, 1: 3 << 22}


async def test_a_save_from_a_stale_version_is_refused(store: Store) -> None:
    """Two processes loaded the table at version 1; the first saves (version 2), the
    second's save from version 1 is refused and the first one's state stays."""
    assert await store.save_table_state(1, 10, {"by": "a", "step": 0}, expected_version=0) == 1
    assert await store.save_table_state(1, 10, {"by": "a", "step": 1}, expected_version=1) == 2
    with pytest.raises(StaleTableStateError):
        await store.save_table_state(1, 10, {"by": "b", "step": 1}, expected_version=1)
    with pytest.raises(StaleTableStateError):  # version 0: "a new table" that exists
        await store.save_table_state(1, 10, {"by": "b", "step": 0}, expected_version=0)
    saved = await store.load_table_state(1, 10)
    assert saved is not None and saved.state == {"by": "a", "step": 1} and saved.version == 2


async def test_racing_saves_of_one_version_let_exactly_one_through(open_store: OpenStore) -> None:
    """Two store instances (two processes) save the same version at once: one wins."""
    a, b = await open_store(), await open_store()
    try:
        await a.save_table_state(1, 10, {"v": 0}, expected_version=0)
        results = await asyncio.gather(
            *(s.save_table_state(1, 10, {"by": n}, expected_version=1) for n, s in (("a", a), ("b", b))),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleTableStateError", "int"]
        saved = await a.load_table_state(1, 10)
        assert saved is not None and saved.version == 2
        winner = "a" if results[0] == 2 else "b"
        assert saved.state == {"by": winner}
    finally:
        await a.close()
        await b.close()


async def test_a_settlement_with_a_stale_table_version_pays_nothing(store: Store) -> None:
    """The hand is paid together with the table's next state; if that state is stale
    (another process moved the table on), nothing is written: the hand is not paid by
    this process and can be paid exactly once by the one that owns the table."""
    await store.save_table_state(1, 10, {"step": 0}, expected_version=0)
    await store.save_table_state(1, 10, {"step": 1}, expected_version=1)
    hand = make_hand("h1", {7: 5, 8: -5})
    with pytest.raises(StaleTableStateError):
        await store.settle_hand(hand, table_state={"step": 2}, expected_version=1)
    assert not await store.is_settled("h1")
    assert await store.balance(1, 7) == {}
    assert await store.settle_hand(hand, table_state={"step": 2}, expected_version=2) is True
    assert await store.settle_hand(hand, table_state={"step": 2}, expected_version=3) is False
    saved = await store.load_table_state(1, 10)
    assert saved is not None and saved.version == 4
    assert await store.check_integrity() == []


async def test_restoring_reads_only_the_guilds_of_ones_shards(store: Store) -> None:
    """A process restores only tables of guilds whose shard, ``(guild_id >> 22) %
    count``, is one of its own."""
    for shard, guild in GUILD_OF_SHARD.items():
        for channel in (10, 11):
            await store.save_table_state(guild, channel, {"shard": shard})
    assert len(await store.load_all_table_states()) == 4
    for shard, guild in GUILD_OF_SHARD.items():
        mine = await store.load_all_table_states(shards=Shards(2, (shard,)))
        assert [(t.guild_id, t.channel_id) for t in mine] == [(guild, 10), (guild, 11)]
    both = await store.load_all_table_states(shards=Shards(2, (0, 1)))
    assert len(both) == 4
    # A real Discord snowflake (64-bit) lands on the same shard as discord.py computes.
    big = 1_234_567_890_123_456_789
    await store.save_table_state(big, 1, {})
    guilds = sorted({t.guild_id for t in await store.load_all_table_states()})
    for shard in range(4):
        mine = {t.guild_id for t in await store.load_all_table_states(shards=Shards(4, (shard,)))}
        assert mine == {g for g in guilds if (g >> 22) % 4 == shard}
    assert big in {t.guild_id for t in await store.load_all_table_states(
        shards=Shards(4, ((big >> 22) % 4,)))}


async def test_a_table_lease_is_held_by_one_owner_until_released_or_expired(store: Store) -> None:
    """The lock across processes: a lease row per table.  The owner renews it; another
    owner cannot take it while it runs; it can once released or expired."""
    t1, t2 = (1, 10), (1, 11)
    assert await store.claim_tables("a", [t1, t2], ttl=60, now=1000.0) == [t1, t2]
    assert await store.claim_tables("b", [t1, t2], ttl=60, now=1010.0) == []
    assert await store.claim_tables("a", [t1], ttl=60, now=1050.0) == [t1]  # renewed to 1110
    assert await store.claim_tables("b", [t1, t2], ttl=60, now=1070.0) == [t2]  # t2 expired at 1060
    assert await store.claim_tables("a", [t2], ttl=60, now=1071.0) == []
    await store.release_tables("b", [t1])  # not b's: nothing happens
    assert await store.claim_tables("b", [t1], ttl=60, now=1072.0) == []
    await store.release_tables("a", [t1])
    assert await store.claim_tables("b", [t1], ttl=60, now=1073.0) == [t1]
    with pytest.raises(ValueError):
        await store.claim_tables("a", [t1], ttl=0)


async def test_racing_claims_give_a_table_to_one_process(open_store: OpenStore) -> None:
    """Two processes claim the same free tables at once: each table goes to exactly one."""
    a, b = await open_store(), await open_store()
    try:
        tables = [(1, c) for c in range(10, 30)]
        got_a, got_b = await asyncio.gather(
            a.claim_tables("a", tables, ttl=60), b.claim_tables("b", tables, ttl=60)
        )
        assert sorted(got_a + got_b) == tables
    finally:
        await a.close()
        await b.close()
