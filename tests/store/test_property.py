"""Property: any sequence of zero-sum hands keeps balances and pools equal to the ledger."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import CHIPS, CZK_HAL, POOL, Party, PoolOverdrawnError, SettledHand, Transfer
from tests.pg_cluster import Cluster
from tests.store.conftest import Location, location_for, open_at

PARTIES: list[Party] = [1, 2, 3, -1, POOL]

transfer_st = st.builds(
    Transfer,
    payer=st.sampled_from(PARTIES),
    payee=st.sampled_from(PARTIES),
    amount=st.integers(min_value=1, max_value=10**12),
).filter(lambda t: t.payer != t.payee)

hand_st = st.tuples(
    st.lists(transfer_st, min_size=0, max_size=8),
    st.sampled_from([10, 11]),  # channel
    st.sampled_from([("nebraska", CHIPS), ("czech", CZK_HAL)]),
    st.booleans(),  # retry this hand id afterwards
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hands=st.lists(hand_st, min_size=1, max_size=12),
    start=st.integers(min_value=0, max_value=1000),
)
def test_balances_and_pools_always_match_the_ledger_sqlite(
    hands: list[tuple[list[Transfer], int, tuple[str, str], bool]], start: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_run(location_for("sqlite", Path(tmp), ""), hands, start))


# The same property on PostgreSQL, with fewer examples (each opens a fresh schema).
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hands=st.lists(hand_st, min_size=1, max_size=12),
    start=st.integers(min_value=0, max_value=1000),
)
def test_balances_and_pools_always_match_the_ledger_postgresql(
    pg_cluster: Cluster | str,
    hands: list[tuple[list[Transfer], int, tuple[str, str], bool]],
    start: int,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_run(location_for("postgresql", Path(tmp), pg_cluster), hands, start))


async def _run(
    location: Location, hands: list[tuple[list[Transfer], int, tuple[str, str], bool]], start: int
) -> None:
    store = await open_at(location, synchronous="OFF")
    try:
        await store.set_starting_amount(1, CHIPS, start)
        balances: dict[tuple[str, int], int] = {}
        pools: dict[tuple[int, str, str], int] = {}
        for n, (transfers, channel, (variant, currency), retry) in enumerate(hands):
            hand = SettledHand(
                hand_id=f"h{n}",
                guild_id=1,
                channel_id=channel,
                variant=variant,
                currency=currency,
                season=1,
                transfers=transfers,
                record={"n": n},
                participants=[1, 2, 3, -1],
            )
            deltas = hand.deltas()
            pool_key = (channel, variant, currency)
            pool_after = pools.get(pool_key, 0) + deltas.get(POOL, 0)
            uses_pool = any(POOL in (t.payer, t.payee) for t in transfers)
            if uses_pool and pool_after < 0:
                try:
                    await store.settle_hand(hand)
                except PoolOverdrawnError:
                    continue
                raise AssertionError("overdraw not rejected")
            assert await store.settle_hand(hand) is True
            if retry:
                assert await store.settle_hand(hand) is False
            for p in (1, 2, 3, -1):
                first = balances.setdefault((currency, p), start if currency == CHIPS else 0)
                balances[(currency, p)] = first + deltas.get(p, 0)
            if uses_pool:
                pools[pool_key] = pool_after
        assert await store.check_integrity() == []
        for (currency, p), amount in balances.items():
            assert (await store.balances(1, 1, currency, [p]))[p] == amount
        for (channel, variant, currency), amount in pools.items():
            assert await store.get_pool(1, channel, variant, currency) == amount
        # Money is conserved: everything is the starting amounts handed out.
        players_total = sum(balances.values())
        starts = start * sum(1 for c, _ in balances if c == CHIPS)
        assert players_total + sum(pools.values()) == starts
    finally:
        await store.close()
