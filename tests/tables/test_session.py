"""One session per table: the table's engine ``Session`` keeps the totals, the dealer
rotation, the session's end and the pot seed; the store records what it decided."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Phase
from bot.engine.session import SessionEnd
from bot.store import CHIPS, CZK_HAL, Store
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.table import BETWEEN, PLAYING, Table, TableConfig
from bot.tables.table_states import DatabaseTableStore, MemoryTableStore
from tests.engine.helpers import stack
from tests.tables.helpers import HOST, NO_PAUSE, computers_done, manager, open_table


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "taroky.sqlite3")
    yield s
    await s.close()


def ledger_manager(store: Store, deals: Deals | None = None) -> TableManager:
    return TableManager(DatabaseTableStore(store), deals=deals or Deals(seed=5), timings=NO_PAUSE,
                        ledger=TableLedger(store))


async def play_hand(table: Table) -> None:
    """Deal the next hand at a computer-only table and let it play out."""
    if table.status == BETWEEN:
        await table.next_hand(HOST)
    else:
        await table.start(HOST)
    await computers_done(table)
    assert table.status == BETWEEN


async def test_running_totals_are_the_sessions() -> None:
    """The table shows the session's totals: each hand's net per seat, added up."""
    t = open_table(manager(), seated=False)
    want = [0, 0, 0, 0]
    for _ in range(3):
        await play_hand(t)
        assert t.game is not None and t.game.result is not None
        for seat, amount in t.game.result.net.items():
            if seat >= 0:
                want[seat] += amount
        assert t.scores == want and t.scores is t.session.totals
    assert t.session_deals == 3


async def test_nebraska_first_deal_then_previous_forehand_deals() -> None:
    """NE-1: 'First deal of a session: the holder of tarok II ... is forehand; later, the
    previous forehand deals and the next seat is forehand.'"""
    deck = stack({2: "II"}, dealer=0)
    t = open_table(manager(Deals.stacked(deck)), TableConfig(variant="nebraska"), seated=False)
    await t.start(HOST)
    game = t.game
    assert game is not None and game.first_of_session and game.forehand == 2
    await computers_done(t)
    assert t.next_dealer == 2
    await play_hand(t)
    assert t.game is not None and t.game.dealer == 2 and t.dealer == 2
    assert not t.game.first_of_session and t.game.forehand == 3


async def test_agreed_deals_end_the_session_and_the_next_deal_opens_a_new_one() -> None:
    """A session of an agreed number of deals ends after them; the next deal starts a
    new session from zero, and the dealer rotation goes on."""
    t = open_table(manager(), TableConfig(deals=2), seated=False)
    await play_hand(t)
    assert t.session_over is None and t.session_deals == 1
    await play_hand(t)
    assert t.session_over == SessionEnd.DEALS_COMPLETED == "deals_completed"
    next_dealer = t.next_dealer
    await play_hand(t)
    assert t.session_deals == 1 and t.session_over is None
    assert t.game is not None and t.game.dealer == next_dealer


async def test_a_chip_session_ends_when_a_player_has_no_chips() -> None:
    """NE-9: 'A session starts every player at 20 chips and ends when a player cannot
    pay'; the next session starts everyone at 20 again."""
    t = open_table(manager(), TableConfig(variant="nebraska"), seated=False)
    for _ in range(200):
        await play_hand(t)
        if t.session_over is not None:
            break
    assert t.session_over == SessionEnd.BROKE
    assert min(t.session.balance(s) for s in range(4)) <= 0
    await t.next_hand(HOST)
    assert [t.session.balance(s) for s in range(4)] == [20, 20, 20, 20]


async def test_the_store_records_the_end_the_session_decided(store: Store) -> None:
    """The store finishes the session in the hand's own transaction, with the session's
    reason; it decides nothing itself."""
    m = ledger_manager(store)
    t = open_table(m, TableConfig(deals=1, options={"throw_in_povinnost": False}), seated=False)
    await play_hand(t)
    assert t.settlement.session_id is not None
    saved = await store.get_session(t.settlement.session_id)
    assert saved is not None and saved.finished and saved.finish_reason == "deals_completed"
    assert saved.deals_played == 1 and t.settlement.finished_session == saved
    assert saved.totals == {p: t.scores[s] for s, p in enumerate(t.hand_players)}
    assert await store.check_integrity() == []


async def test_pot_seed_is_paid_into_the_pot_when_a_session_starts(store: Store) -> None:
    """PT-4: 'a table may seed the pot with an agreed amount (option, default 0)' — each
    player puts the seed in as the session starts, through the store, once."""
    m = ledger_manager(store)
    t = open_table(m, TableConfig(variant="petrtyl", options={"pot_seed": 2}), seated=False)
    await t.start(HOST)
    async with t.lock:  # the computers wait (saves no longer slow them down): the start only
        assert t.settlement.session_id is not None
        assert await store.get_pool(1, 2, "petrtyl", CHIPS) == 8
        assert t.game is not None and t.game.pool == 8
        opened = await store.get_session(t.settlement.session_id)
        assert opened is not None and opened.totals == {p: -2 for p in t.hand_players}
        assert t.scores == [-2, -2, -2, -2]
    await computers_done(t)
    await t.next_hand(HOST)  # the same session: no second seed
    await computers_done(t)
    seeds = [r for r in (await store.export_ledger_csv(1)).splitlines() if ",seed," in r]
    assert len(seeds) == 4
    saved = await store.get_session(t.settlement.session_id)
    assert saved is not None and saved.totals == {p: t.scores[s] for s, p in enumerate(t.hand_players)}
    pool = await store.get_pool(1, 2, "petrtyl", CHIPS)
    assert pool == t.session.pool
    assert await store.check_integrity() == []


async def test_closing_the_table_stops_its_session(store: Store) -> None:
    m = ledger_manager(store)
    t = open_table(m, seated=False)
    await play_hand(t)
    sid = t.settlement.session_id
    assert sid is not None
    finished = await m.close(t)
    assert t.session_over == SessionEnd.STOPPED
    assert finished is not None and finished.finish_reason == "stopped"
    saved = await store.get_session(sid)
    assert saved is not None and saved.finished


async def test_a_restored_table_keeps_its_session() -> None:
    m = manager()
    t = open_table(m, TableConfig(variant="nebraska", deals=5), seated=False)
    await play_hand(t)
    await play_hand(t)
    await m.save(t)
    m2 = TableManager(m.store, deals=m.deals, timings=NO_PAUSE)
    [t2] = await m2.restore_all()
    assert t2.status == BETWEEN and t2.session.to_dict() == t.session.to_dict()
    await t2.next_hand(HOST)
    assert t2.game is not None and t2.game.dealer == t.next_dealer


def old_shape(state: dict[str, Any]) -> dict[str, Any]:
    """A snapshot as tables wrote it before they held an engine session."""
    old = dict(state)
    session = old.pop("session")
    old["scores"] = session["totals"]
    old["session_deals"] = session["deals"]
    old["session_over"] = None
    old["next_dealer"] = session["dealer"] if state["status"] == BETWEEN else None
    return old


async def test_a_table_saved_between_hands_in_the_old_shape_restores() -> None:
    store = MemoryTableStore()
    m = manager(deals=Deals(seed=4), store=store)  # (deals whose chip session outlasts two hands of the easy computers; seed 1 did before they slipped)
    t = open_table(m, TableConfig(variant="nebraska", level="easy"), seated=False)
    await play_hand(t)
    await play_hand(t)
    assert t.session_over is None  # (the chip session goes on past the second deal)
    store.states[(1, 2)] = old_shape(t.to_state())
    [t2] = await TableManager(store, deals=m.deals, timings=NO_PAUSE).restore_all()
    assert t2.scores == t.scores and t2.session_deals == 2 and t2.next_dealer == t.next_dealer
    assert t2.session.start == 20 and not t2.session.first_of_session
    await t2.next_hand(HOST)
    assert t2.game is not None and t2.game.dealer == t.next_dealer
    restored = t2.session
    await computers_done(t2)
    assert restored.deals == 3  # (booked by the restored session, even if it ended it)


async def test_a_table_saved_mid_hand_in_the_old_shape_restores_and_books_the_hand() -> None:
    store = MemoryTableStore()
    m = manager(store=store)
    t = open_table(m)  # the host sits in seat 1: the computers wait for them
    await t.start(HOST)
    await computers_done(t)
    assert t.status == PLAYING and t.game is not None and t.game.phase is not Phase.FINISHED
    t.session.totals[:] = [5, -5, 0, 0]  # as if an earlier hand of the session had been played
    t.session.deals = 1
    store.states[(1, 2)] = old_shape(t.to_state())
    [t2] = await TableManager(store, deals=m.deals, timings=NO_PAUSE).restore_all()
    assert t2.status == PLAYING and t2.scores == [5, -5, 0, 0] and t2.session_deals == 1
    assert t2.session.dealer == t2.dealer == t.dealer
    game = t2.game
    assert game is not None
    while t2.status == PLAYING:
        assert game.to_act == 0
        await t2.act(HOST, t2.hand_no, t2.step, [game.legal_actions(0)[0].code])
        await computers_done(t2)
    assert game.result is not None and t2.session_deals == 2
    assert t2.scores == [[5, -5, 0, 0][s] + game.result.net.get(s, 0) for s in range(4)]


async def test_money_stays_exact_at_a_czech_table_with_a_store(store: Store) -> None:
    """C-4: every settlement sums to zero; the table's totals are the store's."""
    m = ledger_manager(store)
    t = open_table(m, TableConfig(options={"zid": True, "throw_in_povinnost": False}), seated=False)
    for _ in range(3):
        await play_hand(t)
    assert t.settlement.session_id is not None
    saved = await store.get_session(t.settlement.session_id)
    assert saved is not None and saved.deals_played == 3
    assert saved.totals == {p: t.scores[s] for s, p in enumerate(t.hand_players)}
    assert t.settlement.currency == CZK_HAL
    assert await store.check_integrity() == []


async def test_a_player_who_takes_a_computers_chair_carries_on_its_total(store: Store) -> None:
    """Totals belong to the chairs of the session; the store shows them under whoever
    sits there now, and keeps the last total of the one who left."""
    m = ledger_manager(store)
    t = open_table(m, TableConfig(options={"throw_in_povinnost": False}), seated=False)
    await play_hand(t)
    computer = t.hand_players[0]
    chair_total = t.scores[0]
    assert await t.join(77, "Eva") == 0  # between hands a computer's chair may be taken
    await t.next_hand(HOST)
    assert t.hand_players[0] == 77
    while t.status == PLAYING:
        await computers_done(t)
        game = t.game
        if t.status == PLAYING and game is not None and game.to_act == 0:
            await t.act(77, t.hand_no, t.step, [game.legal_actions(0)[0].code])
    assert t.settlement.session_id is not None
    saved = await store.get_session(t.settlement.session_id)
    assert saved is not None and saved.totals[77] == t.scores[0]
    assert saved.totals[computer] == chair_total
    assert await store.check_integrity() == []
