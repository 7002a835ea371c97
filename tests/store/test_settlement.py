"""settle_hand: validation, zero-sum, idempotency, pools, starting amounts, concurrency."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import random
from pathlib import Path

import pytest

from bot.store import (
    CHIPS,
    CZK_HAL,
    POOL,
    HandConflictError,
    HandValidationError,
    PoolOverdrawnError,
    SessionError,
    SessionStep,
    SettledHand,
    Store,
    Transfer,
    ZeroSumError,
    computer_id,
    transfers_from_deltas,
)
from tests.store.conftest import Location, OpenStore
from tests.store.helpers import make_hand


async def ledger_count(store: Store) -> int:
    csv_text = await store.export_ledger_csv(1)
    return len(csv_text.splitlines()) - 1


def test_transfers_from_deltas_zero_sum() -> None:
    transfers = transfers_from_deltas({1: 30, 2: -10, 3: -5, POOL: -15})
    assert sum(t.amount for t in transfers) == 30
    with pytest.raises(ZeroSumError):
        transfers_from_deltas({1: 30, 2: -10})
    with pytest.raises(HandValidationError):
        transfers_from_deltas({1: 1.5, 2: -1.5})  # type: ignore[dict-item]


async def test_zero_sum_rejected_before_writing(store: Store) -> None:
    with pytest.raises(ZeroSumError):
        make_hand("h1", {1: 30, 2: -10, POOL: -10})
    assert await ledger_count(store) == 0
    assert not await store.is_settled("h1")


@pytest.mark.parametrize(
    "transfers",
    [
        [Transfer(1, 2, 0)],
        [Transfer(1, 2, -5)],
        [Transfer(1, 1, 5)],
        [Transfer(1, 99, 5)],  # 99 is not a participant
        [Transfer(1, 2, True)],
        [Transfer(1, 2, 2.5)],  # type: ignore[arg-type]
    ],
)
async def test_malformed_transfers_rejected(store: Store, transfers: list[Transfer]) -> None:
    hand = SettledHand(
        hand_id="bad",
        guild_id=1,
        channel_id=10,
        variant="nebraska",
        currency=CHIPS,
        season=1,
        transfers=transfers,
        record={},
        participants=[1, 2],
    )
    with pytest.raises(HandValidationError):
        await store.settle_hand(hand)
    assert await ledger_count(store) == 0


async def test_other_validation(store: Store) -> None:
    base = make_hand("v", {1: 5, 2: -5})
    import dataclasses

    for change in (
        {"currency": "eur"},
        {"participants": [1, 2, 2]},
        {"bidder": 7},
        {"record": {"x": float("nan")}},
        {"record": {"x": object()}},
        {"hand_id": ""},
        {"guild_id": 0},
        {"season": 2},  # season 2 has not started
    ):
        with pytest.raises(HandValidationError):
            await store.settle_hand(dataclasses.replace(base, **change))
    assert await ledger_count(store) == 0


async def test_settle_is_idempotent(store: Store) -> None:
    hand = make_hand("h1", {1: 20, 2: -10, 3: -10}, bidder=1, bidder_won=True)
    assert await store.settle_hand(hand) is True
    assert await store.settle_hand(hand) is False
    assert await store.settle_hand(hand) is False
    assert await store.balances(1, 1, CHIPS, [1, 2, 3]) == {1: 20, 2: -10, 3: -10}
    assert await ledger_count(store) == 2
    stats = await store.player_stats(1, 1)
    assert stats.hands_played == 1
    assert await store.check_integrity() == []


async def test_same_id_different_money_conflicts(store: Store) -> None:
    await store.settle_hand(make_hand("h1", {1: 20, 2: -20}))
    with pytest.raises(HandConflictError):
        await store.settle_hand(make_hand("h1", {1: 30, 2: -30}))
    # A different record (e.g. a timestamp) with the same money is a plain retry.
    assert await store.settle_hand(make_hand("h1", {1: 20, 2: -20}, record={"t": 2})) is False
    assert await store.balances(1, 1, CHIPS, [1, 2]) == {1: 20, 2: -20}


async def test_concurrent_retries_pay_once(store: Store) -> None:
    hand = make_hand("h1", {1: 20, 2: -20})
    results = await asyncio.gather(*(store.settle_hand(hand) for _ in range(20)))
    assert results.count(True) == 1
    assert await store.balances(1, 1, CHIPS, [1, 2]) == {1: 20, 2: -20}


async def test_pool_flows_and_overdraw(store: Store) -> None:
    await store.settle_hand(make_hand("h1", {1: -10, 2: -10, 3: -10, POOL: 30}))
    assert await store.get_pool(1, 10, "nebraska", CHIPS) == 30
    with pytest.raises(PoolOverdrawnError):
        await store.settle_hand(make_hand("h2", {1: 40, POOL: -40}, participants=[1, 2, 3]))
    assert not await store.is_settled("h2")
    assert await store.get_pool(1, 10, "nebraska", CHIPS) == 30
    assert await store.settle_hand(make_hand("h2", {1: 30, POOL: -30}, participants=[1, 2, 3]))
    assert await store.get_pool(1, 10, "nebraska", CHIPS) == 0
    assert await store.balances(1, 1, CHIPS, [1, 2, 3]) == {1: 20, 2: -10, 3: -10}
    # Overdraw allowed on request (a variant whose pool may owe).
    await store.settle_hand(
        make_hand("h3", {1: 5, POOL: -5}, participants=[1, 2, 3]), allow_pool_overdraw=True
    )
    assert await store.get_pool(1, 10, "nebraska", CHIPS) == -5
    assert await store.check_integrity() == []


async def test_pools_are_per_table_variant_currency(store: Store) -> None:
    await store.settle_hand(make_hand("a", {1: -10, POOL: 10}))
    await store.settle_hand(make_hand("b", {1: -20, POOL: 20}, channel=11))
    await store.settle_hand(make_hand("c", {1: -300, POOL: 300}, variant="czech", currency=CZK_HAL))
    await store.seed_pool(1, 10, "petrtyl", CHIPS, 7)
    pools = await store.get_pools(1, 10)
    assert [(p.variant, p.currency, p.amount) for p in pools] == [
        ("czech", CZK_HAL, 300),
        ("nebraska", CHIPS, 10),
        ("petrtyl", CHIPS, 7),
    ]
    assert await store.get_pool(1, 11, "nebraska", CHIPS) == 20
    assert await store.get_pool(2, 10, "nebraska", CHIPS) == 0
    assert await store.check_integrity() == []


async def test_starting_amount_creates_start_rows(store: Store) -> None:
    await store.set_starting_amount(1, CHIPS, 100)
    await store.settle_hand(make_hand("h1", {1: 20, computer_id(0): -20}))
    assert await store.balances(1, 1, CHIPS, [1, -1]) == {1: 120, -1: 80}
    csv_text = await store.export_ledger_csv(1)
    assert csv_text.count(",start,") == 2
    # Later changes apply to new players only.
    await store.set_starting_amount(1, CHIPS, 50)
    await store.settle_hand(make_hand("h2", {1: 5, 3: -5}))
    assert await store.balances(1, 1, CHIPS, [1, 3]) == {1: 125, 3: 45}
    # balance() shows the starting amount for a player who has not played yet.
    assert await store.balance(1, 999) == {CHIPS: 50}
    assert await store.check_integrity() == []
    with pytest.raises(ValueError):
        await store.set_starting_amount(1, CHIPS, -1)


async def test_seasons(store: Store) -> None:
    await store.set_starting_amount(1, CHIPS, 100)
    await store.settle_hand(
        make_hand("s1", {1: 30, 2: -10, POOL: -20}, participants=[1, 2]), allow_pool_overdraw=True
    )
    assert await store.current_season(1) == 1
    assert await store.start_new_season(1) == 2
    assert await store.current_season(1) == 2
    assert await store.current_season(2) == 1  # other guilds unaffected
    # New season: fresh balances from the starting amount, empty pools.
    assert await store.balance(1, 1) == {CHIPS: 100}
    assert await store.get_pool(1, 10, "nebraska", CHIPS) == 0
    await store.settle_hand(make_hand("s2", {1: -5, 2: 5}, season=2))
    assert await store.balance(1, 1) == {CHIPS: 95}
    # Old season kept.
    assert await store.balance(1, 1, season=1) == {CHIPS: 130}
    assert await store.get_pool(1, 10, "nebraska", CHIPS, season=1) == -20
    # A hand dealt in season 1 and settled after the switch still pays into season 1.
    await store.settle_hand(make_hand("s3", {1: 1, 2: -1}, season=1))
    assert await store.balance(1, 1, season=1) == {CHIPS: 131}
    assert len((await store.export_ledger_csv(1, season=2)).splitlines()) == 1 + 2 + 1
    assert await store.check_integrity() == []


def step(deals: int, totals: dict[int, int], finish: str | None = None) -> SessionStep:
    return SessionStep(deals_played=deals, totals=totals, finish_reason=finish)


async def test_one_open_session_per_channel(store: Store) -> None:
    session = await store.start_session(1, 10, "nebraska", CHIPS, season=1, deals_planned=3)
    assert await store.open_session(1, 10) == session
    with pytest.raises(SessionError):
        await store.start_session(1, 10, "nebraska", CHIPS, season=1)


async def test_a_session_records_what_the_table_session_decided(store: Store) -> None:
    """The table's session decides deals played, totals and its end; the store writes
    them with the payment (a retry writes nothing)."""
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1, deals_planned=3)).session_id
    await store.settle_hand(make_hand("d1", {1: 10, 2: -10}, session_id=sid, step=step(1, {1: 10, 2: -10})))
    # A retry of the same hand is a no-op, whatever it says about the session.
    assert not await store.settle_hand(
        make_hand("d1", {1: 10, 2: -10}, session_id=sid, step=step(1, {1: 10, 2: -10}))
    )
    await store.settle_hand(make_hand("d2", {1: -4, 2: 4}, session_id=sid, step=step(2, {1: 6, 2: -6})))
    mid = await store.get_session(sid)
    assert mid is not None and mid.deals_played == 2 and mid.totals == {1: 6, 2: -6}
    assert not mid.finished


async def test_the_store_does_not_end_a_session_by_itself(store: Store) -> None:
    """Deals planned are shown, not enforced: only the session's step ends it."""
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1, deals_planned=1)).session_id
    await store.settle_hand(make_hand("d1", {1: 1, 2: -1}, session_id=sid, step=step(1, {1: 1, 2: -1})))
    session = await store.get_session(sid)
    assert session is not None and not session.finished


async def test_a_session_ends_when_its_step_says_so(store: Store) -> None:
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1, deals_planned=1)).session_id
    await store.settle_hand(
        make_hand("d1", {1: 7, 2: -7}, session_id=sid, step=step(1, {1: 7, 2: -7}, "deals_completed"))
    )
    done = await store.get_session(sid)
    assert done is not None and done.finished and done.finish_reason == "deals_completed"
    assert done.totals == {1: 7, 2: -7}
    assert await store.open_session(1, 10) is None
    with pytest.raises(SessionError):
        await store.settle_hand(make_hand("d2", {1: 1, 2: -1}, session_id=sid, step=step(2, {1: 8, 2: -8})))
    assert not await store.is_settled("d2")


async def test_a_chip_session_ends_broke_with_the_payment(store: Store) -> None:
    """NE-9: 'ends when a player cannot pay' — decided by the session, recorded in the
    hand's own transaction."""
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1)).session_id
    await store.settle_hand(make_hand("e1", {1: 20, 2: -20}, session_id=sid, step=step(1, {1: 20, 2: -20}, "broke")))
    broke = await store.get_session(sid)
    assert broke is not None and broke.finish_reason == "broke" and broke.deals_played == 1
    assert await store.check_integrity() == []


async def test_a_hand_of_another_table_is_refused(store: Store) -> None:
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1)).session_id
    with pytest.raises(SessionError):
        await store.settle_hand(
            make_hand("e2", {1: 1, 2: -1}, channel=11, session_id=sid, step=step(1, {1: 1, 2: -1}))
        )
    assert not await store.is_settled("e2")


async def test_totals_of_a_player_who_left_are_kept(store: Store) -> None:
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1)).session_id
    await store.settle_hand(make_hand("f1", {1: 3, 2: -3}, session_id=sid, step=step(1, {1: 3, 2: -3})))
    # Player 2 left; player 3 took the chair and carries on its total.
    await store.settle_hand(make_hand("f2", {1: 1, 3: -1}, session_id=sid, step=step(2, {1: 4, 3: -4})))
    session = await store.get_session(sid)
    assert session is not None and session.totals == {1: 4, 2: -3, 3: -4}


async def test_a_hand_of_a_session_carries_its_step(store: Store) -> None:
    sid = (await store.start_session(1, 10, "nebraska", CHIPS, season=1)).session_id
    with pytest.raises(HandValidationError):
        await store.settle_hand(make_hand("g1", {1: 1, 2: -1}, session_id=sid))
    with pytest.raises(HandValidationError):
        await store.settle_hand(make_hand("g1", {1: 1, 2: -1}, step=step(1, {1: 1, 2: -1})))
    assert not await store.is_settled("g1")


async def test_pot_seeds_are_paid_once_as_the_session_opens(store: Store) -> None:
    """PT-4: 'a table may seed the pot with an agreed amount' — each player puts the
    seed into the pot when the session starts, in the transaction that opens it."""
    session = await store.start_session(1, 10, "petrtyl", CHIPS, season=1, pot_seeds={1: 2, 2: 2, 3: 2, 4: 2})
    assert session.totals == {1: -2, 2: -2, 3: -2, 4: -2}
    assert await store.get_pool(1, 10, "petrtyl", CHIPS) == 8
    assert await store.balances(1, 1, CHIPS, [1, 2, 3, 4]) == {1: -2, 2: -2, 3: -2, 4: -2}
    # A second opener is refused and pays nothing.
    with pytest.raises(SessionError):
        await store.start_session(1, 10, "petrtyl", CHIPS, season=1, pot_seeds={1: 2, 2: 2})
    assert await store.get_pool(1, 10, "petrtyl", CHIPS) == 8
    assert await store.balances(1, 1, CHIPS, [1, 2]) == {1: -2, 2: -2}
    rows = list(csv.DictReader(io.StringIO(await store.export_ledger_csv(1))))
    assert sorted((r["kind"], r["payer"], r["payee"]) for r in rows) == [
        ("seed", str(p), "pool") for p in (1, 2, 3, 4)
    ]
    assert await store.check_integrity() == []


async def test_settle_with_table_state_is_atomic(store: Store) -> None:
    await store.save_table_state(1, 10, {"phase": "play", "hand": "h1"}, message_id=5)
    with pytest.raises(PoolOverdrawnError):
        await store.settle_hand(
            make_hand("h1", {1: 10, POOL: -10}, participants=[1, 2]),
            table_state={"phase": "deal", "hand": "h2"},
        )
    state = await store.load_table_state(1, 10)
    assert state is not None and state.state["hand"] == "h1" and state.version == 1
    await store.settle_hand(
        make_hand("h1", {1: 10, 2: -10}), table_state={"phase": "deal", "hand": "h2"}
    )
    state = await store.load_table_state(1, 10)
    assert state is not None
    assert state.state["hand"] == "h2" and state.version == 2 and state.message_id == 5


async def test_many_tables_concurrently(open_store: OpenStore, store_location: Location) -> None:
    """50 tables x 20 hands settled concurrently (20 tables on PostgreSQL, to keep the
    suite fast: each of its transactions is a network round trip per statement): exact
    final sums, integrity holds."""
    n_tables = 50 if isinstance(store_location, Path) else 20
    store = await open_store(synchronous="NORMAL")
    try:
        await store.set_starting_amount(1, CHIPS, 1000)
        expected: dict[int, int] = {}
        expected_pool: dict[int, int] = {}
        rng = random.Random(5)
        plans: list[list[dict[object, int]]] = []
        for table in range(n_tables):
            hands = []
            players = rng.sample(range(1, 40), 4)
            for _ in range(20):
                stake = rng.randint(1, 30)
                into_pool = rng.randint(0, 3)
                winner = rng.choice(players)
                deltas: dict[object, int] = {p: -stake for p in players if p != winner}
                deltas[winner] = stake * 3 - into_pool
                deltas[POOL] = into_pool
                hands.append(deltas)
                for p, d in deltas.items():
                    if p is POOL:
                        expected_pool[table] = expected_pool.get(table, 0) + d
                    else:
                        assert isinstance(p, int)
                        expected[p] = expected.get(p, 1000) + d
            plans.append(hands)

        async def play(table: int) -> None:
            for n, deltas in enumerate(plans[table]):
                hand = make_hand(
                    f"t{table}-h{n}",
                    deltas,
                    channel=100 + table,
                    bidder=next(p for p in deltas if isinstance(p, int)),
                    bidder_won=n % 2 == 0,
                )
                assert await store.settle_hand(hand, table_state={"next": n + 1})
                await asyncio.sleep(0)
                # A retry racing the next hand must stay a no-op.
                assert not await store.settle_hand(hand)

        await asyncio.gather(*(play(t) for t in range(n_tables)))
        assert await store.balances(1, 1, CHIPS, expected) == expected
        for table, amount in expected_pool.items():
            assert await store.get_pool(1, 100 + table, "nebraska", CHIPS) == amount
        assert sum(expected.values()) + sum(expected_pool.values()) == 1000 * len(expected)
        assert await store.check_integrity() == []
        rows, total = await store.leaderboard(1, order_by="hands_played", page_size=100)
        assert total == len(expected)
        assert sum(r.value for r in rows) == n_tables * 20 * 4
        states = await store.load_all_table_states()
        assert len(states) == n_tables and all(s.state == {"next": 20} for s in states)
    finally:
        await store.close()


async def test_cancelled_settlement_leaves_no_open_transaction(store: Store) -> None:
    """A task cancelled mid-settlement must not leave the writer inside a transaction."""
    for i in range(30):
        task = asyncio.create_task(store.settle_hand(make_hand(f"c{i}", {1: 5, 2: -5, POOL: 0})))
        for _ in range(i % 6):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    assert await store.settle_hand(make_hand("after", {1: 1, 2: -1}))
    assert await store.check_integrity() == []


def test_transfers_from_seats_maps_pool_and_rejects_unknown_seats() -> None:
    from bot.engine.scoring import POOL as ENGINE_POOL
    from bot.engine.scoring import Transfer as EngineTransfer
    from bot.store import transfers_from_seats

    ids = [111, 222, computer_id(0)]
    engine = [
        EngineTransfer(1, 0, 30),
        EngineTransfer(ENGINE_POOL, 2, 5),
        EngineTransfer(2, ENGINE_POOL, 1),
    ]
    assert transfers_from_seats(engine, ids, pool=ENGINE_POOL) == [
        Transfer(222, 111, 30),
        Transfer(POOL, -1, 5),
        Transfer(-1, POOL, 1),
    ]
    with pytest.raises(HandValidationError):
        transfers_from_seats([EngineTransfer(3, 0, 1)], ids, pool=ENGINE_POOL)
    with pytest.raises(HandValidationError):
        transfers_from_seats([EngineTransfer(-2, 0, 1)], ids, pool=ENGINE_POOL)


async def test_the_pool_is_shared_once_as_the_session_finishes(store: Store) -> None:
    """PL-19: "At the session's end the pot is shared equally among the players" — paid
    out of the table's pool in the transaction that finishes the session, only once, and
    added to the session's totals."""
    session = await store.start_session(1, 10, "polish", "points", season=1)
    await store.seed_pool(1, 10, "polish", "points", 10)
    payout = {1: 3, 2: 3, 3: 2, 4: 2}
    done = await store.finish_session(session.session_id, "stopped", pool_payout=payout)
    assert done.totals == payout
    assert await store.get_pool(1, 10, "polish", "points") == 0
    assert await store.balances(1, 1, "points", [1, 2, 3, 4]) == payout
    again = await store.finish_session(session.session_id, "stopped", pool_payout=payout)
    assert again.totals == payout and await store.get_pool(1, 10, "polish", "points") == 0
    assert await store.check_integrity() == []
