"""Ratings in the store (issue 28, item 4): rated when a hand is paid, in the payment's
transaction, recomputed from the history with the same figures, per season; on SQLite and
PostgreSQL alike (the ``store`` fixture runs each test on both)."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.ratings import (
    PROVISIONAL_HANDS,
    RATINGS_VERSION,
    HandOutcome,
    SeatOutcome,
    Standing,
    recompute,
)
from bot.store import SettledHand, Store
from bot.store.migrations import migrate_sync
from tests.store.helpers import make_hand


def outcome(hand_no: int, players: Sequence[int], money: Sequence[int], sides: Sequence[int],
            variant: str = "nebraska") -> HandOutcome:
    return HandOutcome(variant, tuple(
        SeatOutcome(str(p), side, m) for p, m, side in zip(players, money, sides, strict=True)))


def paid(hand_no: int, players: Sequence[int], money: Sequence[int], sides: Sequence[int], *,
         season: int = 1, guild: int = 1, rated: bool = True) -> SettledHand:
    """A hand whose record carries its outcome (what the test's history reader reads)."""
    o = outcome(hand_no, players, money, sides)
    hand = make_hand(f"h{guild}-{season}-{hand_no}", dict(zip(players, money, strict=True)),
                     participants=list(players), season=season, guild=guild,
                     record={"outcome": o.to_dict()})
    return dataclasses.replace(hand, outcome=o if rated else None)


def from_record(participants: Sequence[int], record: Mapping[str, Any]) -> HandOutcome | None:
    """The history reader of these tests: the outcome the record carries."""
    data = record["outcome"]
    return HandOutcome(data["variant"], tuple(SeatOutcome(str(p), int(side), int(m))
                                              for p, side, m, _ in data["seats"]))


HANDS = [  # (players, money, sides): bidder with partner, a lone bidder, everyone alone
    ([11, 12, 13, 14], [30, 30, -30, -30], [0, 0, 1, 1]),
    ([11, 12, 13, 14], [-60, 20, 20, 20], [0, 1, 1, 1]),
    ([12, 13, 14, 15], [10, -10, 10, -10], [0, 1, 0, 1]),
    ([11, 13, 14, 15], [45, -15, -15, -15], [0, 1, 1, 1]),
]


def by_player(standings: list[Standing]) -> dict[str, Standing]:
    return {s.player: s for s in standings}


async def test_a_paid_hand_is_rated_in_its_transaction(store: Store) -> None:
    """Each paid hand updates its players' ratings as ``bot.ratings`` rates the same hands
    in the same order, with the uncertainty and the hands counted (provisional)."""
    for n, (players, money, sides) in enumerate(HANDS):
        assert await store.settle_hand(paid(n, players, money, sides))
    expected = recompute(outcome(n, *h) for n, h in enumerate(HANDS))["nebraska"]
    got = by_player(await store.ratings(1, "nebraska"))
    assert got == expected  # the floats are exactly equal: stored and read as doubles
    assert got["11"].hands == 3 and got["11"].provisional and PROVISIONAL_HANDS > 3
    assert got["11"].sigma < Standing("x", 25.0, 25 / 3, 0).sigma
    # best first, by the figure shown
    assert [s.rating for s in await store.ratings(1, "nebraska")] == sorted(
        (s.rating for s in expected.values()), reverse=True)


async def test_a_hand_paid_twice_is_rated_once(store: Store) -> None:
    hand = paid(0, *HANDS[0])
    assert await store.settle_hand(hand)
    before = await store.ratings(1, "nebraska")
    assert not await store.settle_hand(hand)  # the retry after a crash: a no-op
    assert await store.ratings(1, "nebraska") == before
    assert all(s.hands == 1 for s in before)


async def test_a_hand_without_outcome_is_not_rated(store: Store) -> None:
    """A hand thrown in carries no outcome (``outcome_of`` gives None): nobody is rated."""
    assert await store.settle_hand(paid(0, *HANDS[0], rated=False))
    assert await store.ratings(1, "nebraska") == []


async def test_history_gives_the_rating_after_each_hand(store: Store) -> None:
    for n, h in enumerate(HANDS):
        await store.settle_hand(paid(n, *h))
    history = await store.rating_history(1, "11")
    assert [s.hands for s in history["nebraska"]] == [1, 2, 3]
    assert history["nebraska"][-1] == by_player(await store.ratings(1, "nebraska"))["11"]
    assert await store.rated_variants(1) == {"nebraska": sum(len(h[0]) for h in HANDS)}


async def test_recompute_gives_the_live_figures(store: Store) -> None:
    """``recompute_ratings`` (``taroky rate``) rates the stored hands again in the order
    they were paid and finds the figures the live updates stored, history included."""
    for n, h in enumerate(HANDS):
        await store.settle_hand(paid(n, *h))
    live = await store.ratings(1, "nebraska")
    live_history = await store.rating_history(1, "13")
    assert await store.recompute_ratings(1, 1, "nebraska", from_record) == len(HANDS)
    assert await store.ratings(1, "nebraska") == live
    assert await store.rating_history(1, "13") == live_history


async def test_a_new_season_resets_ratings(store: Store) -> None:
    """Seasons reset ratings as they reset balances; the old season's stay readable."""
    await store.settle_hand(paid(0, *HANDS[0]))
    old = await store.ratings(1, "nebraska")
    assert await store.start_new_season(1) == 2
    assert await store.ratings(1, "nebraska") == []
    await store.settle_hand(paid(1, *HANDS[1], season=2))
    fresh = by_player(await store.ratings(1, "nebraska"))
    assert all(s.hands == 1 for s in fresh.values())
    assert fresh == recompute([outcome(1, *HANDS[1])])["nebraska"]
    assert await store.ratings(1, "nebraska", season=1) == old


async def test_guilds_are_rated_apart(store: Store) -> None:
    await store.settle_hand(paid(0, *HANDS[0], guild=1))
    await store.settle_hand(paid(0, *HANDS[1], guild=2))
    assert by_player(await store.ratings(2, "nebraska")) == recompute([outcome(0, *HANDS[1])])["nebraska"]


async def test_forgetting_a_member_renames_their_rating(store: Store) -> None:
    for n, h in enumerate(HANDS):
        await store.settle_hand(paid(n, *h))
    rating = by_player(await store.ratings(1, "nebraska"))["11"]
    await store.forget_member(11)
    after = by_player(await store.ratings(1, "nebraska"))
    assert "11" not in after and await store.rating_history(1, "11") == {}
    anonymous = [s for p, s in after.items() if p not in {"12", "13", "14", "15"}]
    assert [(s.mu, s.sigma, s.hands) for s in anonymous] == [(rating.mu, rating.sigma, rating.hands)]


async def test_stale_ratings_wait_for_the_recompute(store: Store) -> None:
    """Stored ratings of another ``RATINGS_VERSION`` are not updated live: the recompute
    rates every hand, those paid meanwhile too, and marks the set current."""
    await store.settle_hand(paid(0, *HANDS[0]))
    async with store._write() as conn:  # as after a change of the rating's definition
        await conn.execute("UPDATE rating_sets SET version = ?", (RATINGS_VERSION - 1,))
    assert await store.stale_rating_sets() == [(1, 1, "nebraska")]
    before = await store.ratings(1, "nebraska")
    await store.settle_hand(paid(1, *HANDS[1]))
    assert await store.ratings(1, "nebraska") == before  # not rated live
    assert await store.recompute_ratings(1, 1, "nebraska", from_record) == 2
    assert await store.stale_rating_sets() == []
    assert by_player(await store.ratings(1, "nebraska")) == recompute(
        [outcome(0, *HANDS[0]), outcome(1, *HANDS[1])])["nebraska"]


async def test_a_database_with_hands_starts_with_stale_ratings(tmp_path: Path) -> None:
    """Migration 7 marks the sets that already have hands as of version 0: they are
    recomputed from the history before any hand of them is rated live.  (The old hand is
    one of computers only, so that writing it queues no analysis: that table comes with
    migration 8.)"""
    path = tmp_path / "old.sqlite3"
    old = await Store.open(path, target_version=6)
    try:
        await old.settle_hand(make_hand("old-1", {-1: 5, -2: -5}))
    finally:
        await old.close()
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        migrate_sync(conn)
    finally:
        conn.close()
    store = await Store.open(path)
    try:
        assert await store.stale_rating_sets() == [(1, 1, "nebraska")]
    finally:
        await store.close()
