"""A hand annulled in play (issue #29): kept with its record, no money, no statistic,
marked annulled in the history and the ledger export; on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io

import pytest

from bot.store import HandValidationError, Store
from tests.store.helpers import make_hand


async def test_an_annulled_hand_is_kept_marked_and_pays_nothing(store: Store) -> None:
    await store.settle_hand(make_hand("paid", {1: 10, 2: -10}))
    before = await store.balances(1, 1, "chips", [1, 2, 3])
    annulled = make_hand("stopped", {1: 0, 3: 0}, record={"annulled": {"how": "admin"}})
    assert await store.annul_hand(annulled) is True
    assert await store.annul_hand(annulled) is False  # (kept once)
    assert await store.balances(1, 1, "chips", [1, 2, 3]) == before
    hand = await store.get_hand("stopped")
    assert hand is not None and hand.annulled and hand.deltas == {} and hand.pool_delta == 0
    assert not (await store.get_hand("paid")).annulled
    assert (await store.get_hand_record("stopped"))["annulled"] == {"how": "admin"}
    assert [h.hand_id for h in await store.recent_hands(1, 10)] == ["stopped", "paid"]
    stats = await store.player_stats(1, 3)
    assert stats.hands_played == 0  # (an annulled hand is not a hand played)
    rows = list(csv.DictReader(io.StringIO(await store.export_ledger_csv(1))))
    assert [(r["kind"], r["hand_id"], r["amount"]) for r in rows if r["hand_id"] == "stopped"] == [
        ("annulled", "stopped", "0")]
    assert {r["kind"] for r in rows if r["hand_id"] == "paid"} == {"hand"}


async def test_an_annulled_hand_with_a_transfer_is_refused(store: Store) -> None:
    with pytest.raises(HandValidationError):
        await store.annul_hand(make_hand("stopped", {1: 5, 2: -5}))
    assert await store.get_hand("stopped") is None
