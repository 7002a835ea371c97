"""One path for a move: settle, save once, show (``Table._after_action``), and the
settlement that owns what a table owes the store (``bot.tables.settlement``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.tables import settlement as settlement_module
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.settlement import (
    SETTLE_ATTEMPTS_MAX,
    SETTLE_RETRY_FIRST,
    SETTLE_RETRY_MAX,
    Settlement,
)
from bot.tables.table import BETWEEN, Table, TableConfig, Unkept
from bot.tables.table_states import DatabaseTableStore
from tests.tables.helpers import HOST, NO_PAUSE, computers_done, manager, open_table


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "taroky.sqlite3")
    yield s
    await s.close()


async def test_every_change_is_saved_once_and_the_last_move_with_its_payment(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each move takes one snapshot: a queued save, or (the move that ends the hand) the
    payment's transaction, which carries the table's next state; the deal is saved once
    too.  (Issue 27: the last move of a hand was snapshotted twice, for the payment and
    again for a save after it.)"""
    snapshots: list[int] = []
    to_state = Table.to_state

    def counted(self: Table, *, paid: bool = False) -> dict[str, Any]:
        snapshots.append(self.step)
        return to_state(self, paid=paid)

    monkeypatch.setattr(Table, "to_state", counted)
    queued: list[int] = []
    queue = store.queue_table_state

    def queued_state(guild_id: int, channel_id: int, state: dict[str, Any], *args: Any, **kw: Any) -> None:
        queued.append(int(state["step"]))
        queue(guild_id, channel_id, state, *args, **kw)

    settled: list[tuple[int, Any]] = []
    settle_hand = store.settle_hand

    async def settled_hand(hand: Any, **kw: Any) -> Any:
        settled.append((int(kw["table_state"]["step"]), kw["table_state"]["unsettled"]))
        return await settle_hand(hand, **kw)

    monkeypatch.setattr(store, "queue_table_state", queued_state)
    monkeypatch.setattr(store, "settle_hand", settled_hand)
    m = TableManager(DatabaseTableStore(store), deals=Deals(seed=5), timings=NO_PAUSE, ledger=TableLedger(store))
    t = open_table(m, seated=False)
    await t.start(HOST)
    await computers_done(t)
    assert t.status == BETWEEN and t.settlement.unpaid is None
    last = t.step
    assert queued == list(range(last))  # the deal (step 0) and every move but the last
    assert settled == [(last, None)]  # the last move: paid with the state, nothing owed
    assert sorted(snapshots) == list(range(last + 1))  # one snapshot per change


async def test_a_table_without_a_keeper_keeps_nothing() -> None:
    """A lesson's table (no keeper given) plays a hand out, saving and paying nothing."""
    t = Table(guild_id=1, channel_id=2, host_id=HOST, config=TableConfig(), timings=NO_PAUSE, deals=Deals(seed=3))
    assert isinstance(t.keeper, Unkept)
    await t.start(HOST)
    await computers_done(t)
    assert t.status == BETWEEN and t.settlement.unpaid is None and t.settlement.payout is None


async def test_a_failed_payment_is_owed_retried_later_and_given_up_after_the_last_attempt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The settlement counts failed attempts and plans the next one, 30 s after the first
    failure and doubling up to 5 minutes; after ``SETTLE_ATTEMPTS_MAX`` it plans none (an
    admin must look), and a payment forgets the hand (issue #15)."""
    t = open_table(manager(), seated=False)
    await t.start(HOST)
    await computers_done(t)
    game = t.game
    assert game is not None
    now = [1000.0]
    monkeypatch.setattr(settlement_module.time, "monotonic", lambda: now[0])
    s = Settlement()
    s.owe(game)
    gaps: list[float] = []
    for attempt in range(1, SETTLE_ATTEMPTS_MAX + 1):
        s.attempted(False, "h")
        assert s.unpaid is game and s.failures == attempt
        if s.retry_at is None:
            break
        gaps.append(s.retry_at - now[0])
        assert not s.take_due()  # (not before its time)
        now[0] = s.retry_at
        assert s.take_due() and s.retry_at is None  # taken once
        assert not s.take_due()
    assert gaps == [SETTLE_RETRY_FIRST, 60.0, 120.0, 240.0, SETTLE_RETRY_MAX, SETTLE_RETRY_MAX, SETTLE_RETRY_MAX]
    assert s.given_up and s.failures == SETTLE_ATTEMPTS_MAX and s.retry_at is None
    s.attempted(True, "h")
    assert s.unpaid is None and s.failures == 0 and not s.given_up


async def test_the_settlement_is_saved_with_the_table_in_the_snapshot_it_always_had() -> None:
    """Saved tables still load: the settlement's part of the snapshot keeps its keys
    (``hand_season``, ``session_id``, ``unsettled``), and an owed hand comes back."""
    t = open_table(manager(), seated=False)
    await t.start(HOST)
    await computers_done(t)
    game = t.game
    assert game is not None
    t.settlement.owe(game)
    t.settlement.season, t.settlement.session_id = 3, 17
    state = t.to_state()
    assert state["hand_season"] == 3 and state["session_id"] == 17 and state["unsettled"] is not None
    assert t.to_state(paid=True)["unsettled"] is None
    back = Table.from_state(state)
    assert back.settlement.season == 3 and back.settlement.session_id == 17
    assert back.settlement.unpaid is not None
    assert back.settlement.unpaid.to_record() == game.to_record()
