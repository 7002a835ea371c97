"""Leaderboards, stats, history, CSV export and table states."""

from __future__ import annotations

import csv
import io

import pytest

from bot.store import CHIPS, CZK_HAL, POINTS, POOL, StaleTableStateError, Store, computer_id
from tests.store.conftest import OpenStore
from tests.store.helpers import make_hand

AI = computer_id(0)


async def seed(store: Store) -> None:
    """Guild 1: players 1..4 and a computer; two variants, two currencies."""
    await store.set_starting_amount(1, CHIPS, 100)
    hands = [
        ("n1", {1: 30, 2: -10, 3: -10, 4: -10}, 1, True),
        ("n2", {1: -15, 2: 45, 3: -15, 4: -15}, 2, True),
        ("n3", {1: 10, 2: 10, 3: -20, AI: 0}, 3, False),
        ("n4", {1: -5, 2: -5, 3: -5, AI: 15}, AI, True),
    ]
    for hid, deltas, bidder, won in hands:
        await store.settle_hand(make_hand(hid, deltas, bidder=bidder, bidder_won=won))
    await store.settle_hand(
        make_hand(
            "c1",
            {1: 200, 3: -100, POOL: -100},
            variant="czech",
            currency=CZK_HAL,
            participants=[1, 3],
            bidder=1,
            bidder_won=True,
        ),
        allow_pool_overdraw=True,
    )
    await store.settle_hand(
        make_hand(
            "c2", {1: 500, 3: -500}, variant="czech", currency=CZK_HAL, bidder=1, bidder_won=True
        )
    )
    await store.settle_hand(make_hand("o1", {5: 1, 6: -1}, guild=2))


async def test_leaderboard_balance(store: Store) -> None:
    await seed(store)
    rows, total = await store.leaderboard(1, currency=CHIPS)
    assert total == 4  # the computer is left out
    # Balances are 140, 120, 75 and 50; money won from or lost to a computer seat does not
    # rank (issue #15: computers could be farmed), so hand n4's 5 chips each lost to the
    # computer are not counted against players 1, 2 and 3.
    balances = await store.balances(1, 1, CHIPS, [1, 2, 3, 4])
    assert balances == {1: 120, 2: 140, 3: 50, 4: 75}
    assert [(r.rank, r.player_id, r.value) for r in rows] == [
        (1, 2, 145),
        (2, 1, 125),
        (3, 4, 75),
        (4, 3, 55),
    ]
    assert all(r.currency == CHIPS for r in rows)
    rows, total = await store.leaderboard(1, currency=CHIPS, include_computer=True)
    assert total == 5 and (AI, 115) in [(r.player_id, r.value) for r in rows]


async def test_winnings_from_computer_seats_do_not_rank(store: Store) -> None:
    """Issue #15: a host could farm computer seats (they have no floor) to the top of the
    leaderboard.  Decision: what a player wins from computers stays in their balance and
    the ledger, but the leaderboard ranks only money won from people."""
    await store.settle_hand(make_hand("h1", {1: 10, 2: -10}))
    for n in range(5):
        await store.settle_hand(make_hand(f"farm{n}", {3: 300, computer_id(1): -150, computer_id(2): -150}))
    assert (await store.balances(1, 1, CHIPS, [3]))[3] == 1500
    rows, _ = await store.leaderboard(1, currency=CHIPS)
    assert [(r.player_id, r.value) for r in rows] == [(1, 10), (3, 0), (2, -10)]
    assert await store.check_integrity() == []
    with pytest.raises(ValueError):
        await store.leaderboard(1)  # balance needs a currency
    with pytest.raises(ValueError):
        await store.leaderboard(1, currency=CHIPS, order_by="karma")


async def test_leaderboard_paging_and_ties(store: Store) -> None:
    await seed(store)
    page1, total = await store.leaderboard(1, order_by="hands_played", page=1, page_size=2)
    page2, _ = await store.leaderboard(1, order_by="hands_played", page=2, page_size=2)
    page3, _ = await store.leaderboard(1, order_by="hands_played", page=3, page_size=2)
    assert total == 4 and page3 == []
    # 1 and 3 played 6 hands (4 chips + 2 Kč); 2 played 4; 4 played 2.
    assert [(r.rank, r.player_id, r.value) for r in page1 + page2] == [
        (1, 1, 6),
        (1, 3, 6),
        (3, 2, 4),
        (4, 4, 2),
    ]
    assert page1[0].currency is None
    rows, _ = await store.leaderboard(1, variant="nebraska", order_by="hands_played")
    assert [(r.player_id, r.value) for r in rows] == [(1, 4), (2, 4), (3, 4), (4, 2)]


async def test_leaderboard_bidder_and_biggest_win(store: Store) -> None:
    await seed(store)
    rows, _ = await store.leaderboard(1, order_by="hands_won_as_bidder")
    assert [(r.player_id, r.value) for r in rows][:2] == [(1, 3), (2, 1)]
    rows, _ = await store.leaderboard(1, currency=CHIPS, order_by="biggest_win")
    assert [(r.player_id, r.value) for r in rows] == [(2, 45), (1, 30), (3, 0), (4, 0)]
    # With a variant, the currency is the one the variant was played in.
    rows, _ = await store.leaderboard(1, variant="czech", order_by="biggest_win")
    assert [(r.player_id, r.value, r.currency) for r in rows] == [
        (1, 500, CZK_HAL),
        (3, 0, CZK_HAL),
    ]
    # Balance + variant: net won in that variant.
    rows, _ = await store.leaderboard(1, variant="czech", order_by="balance")
    assert [(r.player_id, r.value) for r in rows] == [(1, 700), (3, -600)]
    assert await store.leaderboard(1, variant="tapp", order_by="balance") == ([], 0)
    assert await store.leaderboard(1, currency=POINTS) == ([], 0)


async def test_leaderboard_per_guild_and_season(store: Store) -> None:
    await seed(store)
    rows, total = await store.leaderboard(2, currency=CHIPS)
    assert total == 2 and [r.player_id for r in rows] == [5, 6]
    await store.start_new_season(1)
    assert await store.leaderboard(1, currency=CHIPS) == ([], 0)
    rows, total = await store.leaderboard(1, season=1, currency=CHIPS)
    assert total == 4


async def test_player_stats(store: Store) -> None:
    await seed(store)
    stats = await store.player_stats(1, 1)
    assert stats.balances == {CHIPS: 120, CZK_HAL: 700}
    assert stats.hands_played == 6 and stats.hands_won_as_bidder == 3
    by = {(v.variant, v.currency): v for v in stats.by_variant}
    neb = by[("nebraska", CHIPS)]
    assert (neb.hands_played, neb.hands_won, neb.hands_as_bidder, neb.hands_won_as_bidder) == (
        4,
        2,
        1,
        1,
    )
    assert (neb.net, neb.biggest_win, neb.biggest_loss) == (20, 30, 15)
    three = await store.player_stats(1, 3)
    assert {(v.variant): v.hands_as_bidder for v in three.by_variant}["nebraska"] == 1
    assert three.hands_won_as_bidder == 0  # bid n3 and lost
    nobody = await store.player_stats(1, 12345)
    assert nobody.balances == {} and nobody.by_variant == [] and nobody.hands_played == 0
    assert await store.balance(1, 3) == {CHIPS: 50, CZK_HAL: -600}


async def test_history(store: Store) -> None:
    await seed(store)
    recent = await store.recent_hands(1, 10, limit=3)
    assert [h.hand_id for h in recent] == ["c2", "c1", "n4"]
    older = await store.recent_hands(1, 10, limit=3, offset=3)
    assert [h.hand_id for h in older] == ["n3", "n2", "n1"]
    assert await store.count_hands(1, 10) == 6
    assert await store.recent_hands(2, 10) != [] and await store.recent_hands(1, 99) == []
    c1 = await store.get_hand("c1")
    assert c1 is not None
    assert c1.deltas == {1: 200, 3: -100} and c1.pool_delta == -100
    assert c1.bidder == 1 and c1.bidder_won is True and c1.participants == (1, 3)
    assert await store.get_hand_record("c1") == {"hand": "c1"}
    assert await store.get_hand_record("nope") is None and await store.get_hand("nope") is None


async def test_hand_record_round_trips_exactly(store: Store) -> None:
    record = {
        "format": "taroky-hand/1",
        "players": ["Anička", "Bořek", "Čenda"],
        "tricks": [[0, 5, 21], [22, 23, 24]],
        "nested": {"score": -3, "ok": True, "none": None, "big": 2**62},
    }
    await store.settle_hand(make_hand("r1", {1: 1, 2: -1}, record=record))
    assert await store.get_hand_record("r1") == record


async def test_export_ledger_csv(store: Store) -> None:
    await seed(store)
    text = await store.export_ledger_csv(1)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0].keys() >= {"id", "kind", "hand_id", "payer", "payee", "amount", "currency"}
    kinds = {r["kind"] for r in rows}
    assert kinds == {"start", "hand"}
    # The ledger explains each balance exactly.
    totals: dict[tuple[str, str], int] = {}
    for r in rows:
        for who, sign in ((r["payer"], -1), (r["payee"], 1)):
            key = (r["currency"], who)
            totals[key] = totals.get(key, 0) + sign * int(r["amount"])
    assert totals[(CHIPS, "1")] == 120 and totals[(CZK_HAL, "1")] == 700
    assert totals[(CZK_HAL, "pool")] == -100
    assert any(r["amount_display"] == "Kč 5.00" for r in rows)
    assert "5" not in {r["payee"] for r in rows}  # guild 2 is not exported
    await store.start_new_season(1)
    assert (await store.export_ledger_csv(1, season=2)).count("\n") == 1  # header only


async def test_table_state_round_trip(store: Store) -> None:
    assert await store.load_all_table_states() == []
    v1 = await store.save_table_state(1, 10, {"phase": "bidding", "hands": [[1, 2], [3]]}, 777)
    v2 = await store.save_table_state(1, 10, {"phase": "play"})
    v3 = await store.save_table_state(1, 11, {"phase": "deal"}, 888)
    assert (v1, v2, v3) == (1, 2, 1)
    state = await store.load_table_state(1, 10)
    assert state is not None
    assert state.state == {"phase": "play"} and state.message_id == 777 and state.version == 2
    await store.save_table_state(1, 10, {"phase": "play"}, 999)
    assert (await store.load_table_state(1, 10)).message_id == 999  # type: ignore[union-attr]
    assert [(s.channel_id, s.version) for s in await store.load_all_table_states()] == [
        (10, 3),
        (11, 1),
    ]
    assert await store.save_table_state(1, 10, {"p": 1}, expected_version=3) == 4
    with pytest.raises(StaleTableStateError):
        await store.save_table_state(1, 10, {"p": 2}, expected_version=3)
    with pytest.raises(StaleTableStateError):
        await store.save_table_state(1, 12, {"p": 2}, expected_version=3)
    assert await store.load_table_state(1, 12) is None
    assert (await store.load_table_state(1, 10)).state == {"p": 1}  # type: ignore[union-attr]
    assert await store.delete_table_state(1, 10) is True
    assert await store.delete_table_state(1, 10) is False
    assert [s.channel_id for s in await store.load_all_table_states()] == [11]
    with pytest.raises(ValueError):
        await store.save_table_state(1, 10, {"x": float("inf")})


async def test_table_states_survive_reopen(open_store: OpenStore) -> None:
    store = await open_store()
    await store.save_table_state(1, 10, {"seat": [1, 2, 3]}, 5)
    await store.settle_hand(make_hand("h", {1: 3, 2: -3}))
    await store.close()
    store = await open_store()
    try:
        assert store.migrations_applied == []
        states = await store.load_all_table_states()
        assert [(s.state, s.message_id, s.version) for s in states] == [({"seat": [1, 2, 3]}, 5, 1)]
        assert await store.balance(1, 1) == {CHIPS: 3}
    finally:
        await store.close()
