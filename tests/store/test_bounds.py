"""The store refuses amounts and balances beyond a safe integer range before writing
(issue #15: a balance past 2**63 silently became a REAL in SQLite and
``check_integrity()`` then crashed)."""

from __future__ import annotations

import pytest

from bot.store import CHIPS, HandValidationError, Store
from bot.store.money import MAX_AMOUNT
from tests.store.helpers import make_hand


async def test_a_transfer_beyond_the_range_is_refused_before_writing(store: Store) -> None:
    with pytest.raises(HandValidationError):
        await store.settle_hand(make_hand("big", {1: MAX_AMOUNT + 1, 2: -(MAX_AMOUNT + 1)}))
    assert not await store.is_settled("big")
    assert await store.check_integrity() == []


async def test_a_balance_that_would_leave_the_range_rolls_the_hand_back(store: Store) -> None:
    """Each hand is within range, but the second would carry a balance past it."""
    half = MAX_AMOUNT // 2 + 1
    assert await store.settle_hand(make_hand("h1", {1: half, 2: -half}))
    with pytest.raises(HandValidationError):
        await store.settle_hand(make_hand("h2", {1: half, 2: -half}))
    assert not await store.is_settled("h2")
    assert await store.balances(1, 1, CHIPS, [1, 2]) == {1: half, 2: -half}
    assert await store.check_integrity() == []


async def test_a_starting_amount_beyond_the_range_is_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.set_starting_amount(1, CHIPS, MAX_AMOUNT + 1)
    assert await store.get_starting_amounts(1) == {}
