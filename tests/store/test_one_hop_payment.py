"""Issue #33 (with #28): a payment is one write transaction written once, as statements
(``Ledger._settle``), that SQLite runs whole in its writer's thread — one hop, whatever
the hand writes (the hand, the ledger, new balances, the pool, the statistics, the
session's step, the rating and its history, the analysis job, the table's state) — and
PostgreSQL statement by statement under its advisory lock.  Either way it is one
transaction: a failure anywhere in it leaves nothing written, and the retry pays once.

The failures are real: a trigger makes the database refuse one of the payment's inserts
(a rating's history row, the analysis job), or the rating's computation — run between
the payment's read of the stored ratings and its writes — raises."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

import bot.store.ratings as store_ratings
from bot.ai.review import REVIEW_VERSION
from bot.ratings import HandOutcome, SeatOutcome
from bot.store import POOL, SessionStep, SettledHand, Store
from tests.store.helpers import make_hand

#: Every table a payment writes (and the table states it saves with it).
WRITTEN = (
    "hands", "ledger", "balances", "pools", "player_stats", "sessions", "seasons",
    "rating_sets", "ratings", "rating_history", "analyses", "table_states",
)
PLAYERS = [11, 12, 13]
GUILD, CHANNEL = 1, 10


def hand(n: int, session_id: int, money: list[int], deals_played: int) -> SettledHand:
    """Hand ``n`` of the session: the players' money, 3 chips into the pool, rated (its
    outcome), the running totals of the session."""
    deltas: dict[Any, int] = dict(zip(PLAYERS, money, strict=True))
    deltas[POOL] = -sum(money)
    outcome = HandOutcome("nebraska", tuple(
        SeatOutcome(str(p), int(m > 0), m) for p, m in zip(PLAYERS, money, strict=True)))
    h = make_hand(f"h{n}", deltas, participants=PLAYERS, guild=GUILD, channel=CHANNEL, bidder=11,
                  bidder_won=money[0] > 0, session_id=session_id,
                  step=SessionStep(deals_played, dict(zip(PLAYERS, money, strict=True))))
    return dataclasses.replace(h, outcome=outcome)


FIRST, SECOND = [4, -1, -6], [-5, 2, 0]  # (3 chips into the pool each time)


async def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table a payment writes, times left out (they differ by run)."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    async with store._read() as conn:
        for table in WRITTEN:
            rows = await store._rows(conn, f"SELECT * FROM {table}")  # (names from WRITTEN)
            out[table] = sorted((tuple(v for v in r if not _is_time(v)) for r in rows), key=repr)
    return out


def _is_time(value: Any) -> bool:
    if isinstance(value, datetime.datetime):
        return True
    return isinstance(value, str) and len(value) >= 19 and value[4] == "-" and value[10] in " T"


@contextlib.asynccontextmanager
async def refused(store: Store, table: str) -> AsyncIterator[None]:
    """The database refuses every insert into ``table`` (a trigger) while inside."""
    from bot.store.pg import PostgresStore

    if isinstance(store, PostgresStore):
        import psycopg

        with psycopg.connect(store.url, autocommit=True) as conn:
            conn.execute("CREATE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql"
                         " AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$")
            conn.execute(f"CREATE TRIGGER injected BEFORE INSERT ON {table}"
                         " FOR EACH ROW EXECUTE FUNCTION injected_failure()")
        try:
            yield
        finally:
            with psycopg.connect(store.url, autocommit=True) as conn:
                conn.execute(f"DROP TRIGGER injected ON {table}")
                conn.execute("DROP FUNCTION injected_failure()")
        return
    with contextlib.closing(sqlite3.connect(store.path, isolation_level=None)) as conn:
        conn.execute(f"CREATE TRIGGER injected BEFORE INSERT ON {table}"
                     " BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
    try:
        yield
    finally:
        with contextlib.closing(sqlite3.connect(store.path, isolation_level=None)) as conn:
            conn.execute("DROP TRIGGER injected")


async def first_hand_paid(store: Store) -> int:
    """A session with one hand paid (ratings, a job, a table state stored): the second
    hand then reads and updates all of them."""
    await store.set_starting_amount(GUILD, "chips", 100)
    session = await store.start_session(GUILD, CHANNEL, "nebraska", "chips", 1)
    assert await store.settle_hand(hand(1, session.session_id, FIRST, 1), table_state={"hand": 1})
    return session.session_id


async def fails_then_pays_once(store: Store, fail: Callable[[Callable[[], Awaitable[bool]]], Awaitable[None]]) -> None:
    """Hand 2, with a player new to the season (a balance created at the starting
    amount): ``fail`` makes its payment fail; nothing of it is written.  The retry pays
    it, and a second retry pays nothing."""
    session_id = await first_hand_paid(store)
    second = make_hand("h2", {11: -5, 12: 2, POOL: 3}, participants=[11, 12, 14], guild=GUILD, channel=CHANNEL,
                       bidder=11, bidder_won=False, session_id=session_id,
                       step=SessionStep(2, {11: -1, 12: 1, 14: 0}))
    second = dataclasses.replace(second, outcome=HandOutcome("nebraska", (
        SeatOutcome("11", 0, -5), SeatOutcome("12", 1, 2), SeatOutcome("14", 1, 0))))
    before = await snapshot(store)

    async def pay() -> bool:
        return await store.settle_hand(second, table_state={"hand": 2}, expected_version=1)

    await fail(pay)
    assert await snapshot(store) == before, "a failed payment left something written"

    assert await pay()
    after = await snapshot(store)
    assert not await store.settle_hand(second, table_state={"hand": 2})  # the retry after a crash
    again = await snapshot(store)
    assert {t: again[t] for t in WRITTEN if t != "table_states"} == {t: after[t] for t in WRITTEN if t != "table_states"}
    assert await store.check_integrity() == []
    assert await store.balances(GUILD, 1, "chips", [11, 12, 13, 14]) == {11: 99, 12: 101, 13: 94, 14: 100}
    assert await store.get_pool(GUILD, CHANNEL, "nebraska", "chips") == 6
    ratings = {s.player: s.hands for s in await store.ratings(GUILD, "nebraska")}
    assert ratings == {"11": 2, "12": 2, "13": 1, "14": 1}
    history = await store.rating_history(GUILD, "11")
    assert [s.hands for s in history["nebraska"]] == [1, 2]
    assert (await store.analysis_backlog(REVIEW_VERSION))["queued"] == 2
    sess = await store.get_session(session_id)
    assert sess is not None and sess.deals_played == 2
    state = await store.load_table_state(GUILD, CHANNEL)
    assert state is not None and state.version == 3 and state.state == {"hand": 2}  # (saved by each)


@pytest.mark.parametrize("table", ["rating_history", "analyses"])
async def test_a_refused_insert_leaves_nothing_of_the_payment(store: Store, table: str) -> None:
    """The database refuses the rating's history row (the payment's last insert but the
    table's state) or the analysis job (its second): the whole payment is rolled back —
    hand, ledger, balances, pool, statistics, session, ratings, job, table state — and
    the retry pays it exactly once."""

    async def fail(pay: Callable[[], Awaitable[bool]]) -> None:
        async with refused(store, table):
            with pytest.raises(store._DATABASE_ERRORS, match="injected failure"):
                await pay()

    await fails_then_pays_once(store, fail)


async def test_a_failing_rating_leaves_nothing_of_the_payment(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rating, computed inside the payment between its read of the stored ratings and
    its writes, fails: the payment is rolled back whole, and the retry pays it once."""

    def broken(*_: object) -> object:
        raise RuntimeError("the rating failed")

    async def fail(pay: Callable[[], Awaitable[bool]]) -> None:
        with monkeypatch.context() as patch:
            patch.setattr(store_ratings, "rate_hand", broken)
            with pytest.raises(RuntimeError, match="the rating failed"):
                await pay()

    await fails_then_pays_once(store, fail)


async def test_a_payment_is_one_hop_to_the_sqlite_writer(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything a payment writes goes to SQLite's writer thread in one call (aiosqlite's
    ``_execute``: every statement, BEGIN and COMMIT is one otherwise, and on a busy event
    loop each waits its turn while the write lock is held); its retry too."""
    store = await Store.open(tmp_path / "taroky.sqlite3")
    try:
        session_id = await first_hand_paid(store)
        hops: list[object] = []
        real = store._writer._execute

        async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            hops.append(fn)
            return await real(fn, *args, **kwargs)

        monkeypatch.setattr(store._writer, "_execute", counted)
        second = hand(2, session_id, SECOND, 2)
        assert await store.settle_hand(second, table_state={"hand": 2}, expected_version=1)
        assert len(hops) == 1
        assert not await store.settle_hand(second, table_state={"hand": 3})
        assert len(hops) == 2
        monkeypatch.undo()
        assert {s.player: s.hands for s in await store.ratings(GUILD, "nebraska")} == {"11": 2, "12": 2, "13": 2}
        assert (await store.analysis_backlog(REVIEW_VERSION))["queued"] == 2
        assert await store.check_integrity() == []
    finally:
        await store.close()
