"""Forgetting a member (issue #30, item 6): their rows are anonymised, never deleted, and
the books stay exact — every hand's ledger rows still net to zero, every balance and
pool still equals its ledger rows (``check_integrity``).  Run against both stores."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.store import (
    CHIPS,
    POOL,
    MemberForgottenError,
    SessionStep,
    Store,
    computer_id,
    is_anonymous,
)
from bot.store.interface import is_postgres_url
from bot.store.privacy import FORGETTING_KEPT, FORGOTTEN_NAME
from tests.store.conftest import Location, OpenStore
from tests.store.helpers import make_hand

ALICE, BOB, CARL = 1_000_000_000_000_001, 1_000_000_000_000_002, 1_000_000_000_000_003
CPU = computer_id(0)


async def play_some_hands(store: Store, guild: int = 1) -> int:
    """Three hands at one table, Alice in every one (bidder of the first), a session with
    a pot seed, a pool, a computer; returns the session's id."""
    await store.set_starting_amount(guild, CHIPS, 100)
    await store.seed_pool(guild, 10, "nebraska", CHIPS, 50)
    session = await store.start_session(guild, 10, "nebraska", CHIPS, 1, 5,
                                        pot_seeds={ALICE: 4, BOB: 4})
    players = [ALICE, BOB, CARL, CPU]
    hands = [
        {ALICE: 30, BOB: -10, CARL: -10, CPU: -10},
        {ALICE: -12, BOB: 20, CARL: 2, POOL: -10},
        {ALICE: 5, BOB: -5, CARL: 1, CPU: -1},
    ]
    totals = {p: 0 for p in players}
    for n, deltas in enumerate(hands, 1):
        for p, d in deltas.items():
            if p is not POOL:
                totals[p] += d
        await store.settle_hand(make_hand(
            f"g{guild}-h{n}", deltas, guild=guild, participants=players,
            bidder=ALICE if n == 1 else BOB, bidder_won=True, session_id=session.session_id,
            step=SessionStep(n, dict(totals)),
            record={"hand": n, "players": ["Alice", "Bob", "Carl", "Computer"]}))
    return session.session_id


async def test_forgetting_renames_every_row_and_the_books_stay_exact(store: Store) -> None:
    session_id = await play_some_hands(store)
    before_others = await store.balances(1, 1, CHIPS, [BOB, CARL, CPU])
    alice_before = (await store.balance(1, ALICE))[CHIPS]
    board_before = await store.leaderboard(1, currency=CHIPS, page_size=50)
    assert await store.check_integrity() == []

    forgotten = await store.forget_member(ALICE)

    assert forgotten.guilds == 1 and forgotten.hands == 3 and forgotten.ledger_rows > 0
    assert await store.check_integrity() == []  # every balance, pool, hand and stat adds up
    assert await store.balances(1, 1, CHIPS, [BOB, CARL, CPU]) == before_others
    assert (await store.balance(1, ALICE)).get(CHIPS) == 100  # a stranger: the starting amount
    assert (await store.player_stats(1, ALICE)).by_variant == []
    ledger = await store.export_ledger_csv(1)
    assert str(ALICE) not in ledger
    hands = await store.recent_hands(1, 10)
    assert len(hands) == 3
    for hand in hands:
        assert ALICE not in hand.participants and ALICE not in hand.deltas
        (anonymous,) = [p for p in hand.participants if is_anonymous(p)]
        assert sum(hand.deltas.values()) + hand.pool_delta == 0  # still zero-sum
        record = await store.get_hand_record(hand.hand_id)
        assert record is not None and record["players"][0] == FORGOTTEN_NAME
        assert record["players"][1:] == ["Bob", "Carl", "Computer"]
    first = await store.get_hand("g1-h1")
    assert first is not None and first.bidder == anonymous  # one anonymous id in the guild
    assert {p for h in hands for p in h.participants if is_anonymous(p)} == {anonymous}
    assert (await store.balance(1, anonymous))[CHIPS] == alice_before  # the money is where it was
    session = await store.get_session(session_id)
    assert session is not None and ALICE not in session.totals and anonymous in session.totals
    rows, total = await store.leaderboard(1, currency=CHIPS, page_size=50)
    assert total == board_before[1]  # the anonymous player still ranks: the others' ranks hold
    assert ALICE not in {r.player_id for r in rows}


async def test_an_admin_forgets_in_their_guild_only(store: Store) -> None:
    await play_some_hands(store, guild=1)
    await play_some_hands(store, guild=2)
    await store.set_language("user", ALICE, "cs")

    forgotten = await store.forget_member(ALICE, guild_id=1)

    assert forgotten.guilds == 1 and not forgotten.language
    assert str(ALICE) not in await store.export_ledger_csv(1)
    assert str(ALICE) in await store.export_ledger_csv(2)  # another server's books: untouched
    assert await store.get_language("user", ALICE) == "cs"
    assert await store.check_integrity() == []


async def test_a_members_own_request_forgets_everywhere_and_the_language(store: Store) -> None:
    await play_some_hands(store, guild=1)
    await play_some_hands(store, guild=2)
    await store.set_language("user", ALICE, "pl")

    forgotten = await store.forget_member(ALICE)

    assert forgotten.guilds == 2 and forgotten.language and forgotten.anything
    for guild in (1, 2):
        assert str(ALICE) not in await store.export_ledger_csv(guild)
    assert await store.get_language("user", ALICE) is None
    one = {p for h in await store.recent_hands(1, 10) for p in h.participants if is_anonymous(p)}
    two = {p for h in await store.recent_hands(2, 10) for p in h.participants if is_anonymous(p)}
    assert len(one) == len(two) == 1 and one != two  # the guilds cannot be linked by it
    assert await store.check_integrity() == []


async def test_forgetting_a_stranger_changes_nothing(store: Store) -> None:
    await play_some_hands(store)
    before = await store.export_ledger_csv(1)
    forgotten = await store.forget_member(1_000_000_000_000_009)
    assert not forgotten.anything
    assert await store.export_ledger_csv(1) == before


@pytest.mark.parametrize("not_a_member", [CPU, 0, 1 << 21])
async def test_only_a_members_id_can_be_forgotten(store: Store, not_a_member: int) -> None:
    with pytest.raises(ValueError):
        await store.forget_member(not_a_member)


async def test_forgetting_gives_each_guild_its_anonymous_id_a_live_table_included(store: Store) -> None:
    """Issue #30: a member seated at a table in play is forgotten with the table; the hand
    dealt to them is then paid to the anonymous id the store gives them in that guild
    (``seated_in``), even in a guild where no row names them yet.  An admin's forgetting
    reaches their own guild only."""
    await play_some_hands(store, guild=1)
    forgotten = await store.forget_member(ALICE, seated_in={1, 3})
    assert set(forgotten.anonymous) == {1, 3} and forgotten.guilds == 2
    assert all(is_anonymous(a) for a in forgotten.anonymous.values())
    (hand, *_) = await store.recent_hands(1, 10)
    assert forgotten.anonymous[1] in hand.participants  # (the id her rows in guild 1 carry)
    only = await store.forget_member(BOB, guild_id=1, seated_in={1, 3})
    assert set(only.anonymous) == {1}
    assert await store.check_integrity() == []


async def test_a_forgetting_stays_pending_for_the_other_processes_then_is_deleted(store: Store) -> None:
    """docs/privacy.md: a forgetting is kept pending ``FORGETTING_KEPT`` seconds (the
    member's id, the guild or every guild), for the other bot processes to let the member
    go at their tables; then its row is deleted.  Forgetting again in a guild while it is
    pending (another process at its table) gives that guild the same anonymous id and
    writes no second pending row."""
    await play_some_hands(store, guild=1)
    forgotten = await store.forget_member(ALICE, now=1000.0)
    admins = await store.forget_member(BOB, guild_id=1, now=1001.0)
    assert forgotten.seq is not None and admins.seq is not None
    pending = await store.pending_forgettings(now=1002.0)
    assert [(p.seq, p.member_id, p.guild_id) for p in pending] == [
        (forgotten.seq, ALICE, None), (admins.seq, BOB, 1)]
    assert pending[0].covers(5) and pending[1].covers(1) and not pending[1].covers(5)

    # Another process's table in guild 1 paid nothing meanwhile; it lets her go again.
    again = await store.forget_member(ALICE, guild_id=1, seated_in={1, 2}, pending=False, now=1003.0)
    assert again.seq is None and again.guilds == 1 and again.anonymous == {1: forgotten.anonymous[1]}
    assert again.hands == 0 and again.ledger_rows == 0  # (nothing of hers was left)
    assert len(await store.pending_forgettings(now=1004.0)) == 2

    assert await store.pending_forgettings(now=1000.0 + FORGETTING_KEPT + 0.5) == [
        p for p in pending if p.member_id == BOB]
    assert await store.pending_forgettings(now=1001.0 + FORGETTING_KEPT + 0.5) == []
    assert await store.pending_forgettings(now=1002.0) == []  # (deleted, not only hidden)
    assert await store.check_integrity() == []


async def test_a_forgetting_is_kept_while_a_saved_table_names_the_member(store: Store) -> None:
    """docs/privacy.md: a table whose process stopped before it let a forgotten member go
    is restored later, however late, without them — so the store keeps the forgetting
    past ``FORGETTING_KEPT`` while a saved table of a guild it covers names the member
    (and no longer: once that table is saved without them, or closed, it is deleted).
    After ``FORGETTING_KEPT`` the anonymous ids are dropped from it all the same: letting
    her go then draws a fresh one and renames nothing (her rows then are from after she
    sat down again).  An admin's forgetting in guild 1 is not kept for a table of guild 2."""
    await play_some_hands(store, guild=1)
    forgotten = await store.forget_member(ALICE, now=1000.0)
    admins = await store.forget_member(BOB, guild_id=1, now=1000.0)
    await store.save_table_state(1, 10, {"seats": [{"user_id": ALICE, "name": "Alice"}]})
    await store.save_table_state(2, 20, {"seats": [{"user_id": BOB, "name": "Bob"}]})
    late = 1000.0 + FORGETTING_KEPT + 3600.0
    (kept,) = await store.pending_forgettings(now=late)
    assert (kept.seq, kept.member_id, kept.guild_id) == (forgotten.seq, ALICE, None)
    assert admins.seq is not None and kept.covers(2)

    # She sat down again meanwhile and a hand named her; the late letting-go keeps it hers.
    await store.settle_hand(make_hand("anew", {ALICE: 3, CARL: -3}, guild=1),
                            forgettings_applied={forgotten.seq})
    again = await store.forget_member(ALICE, guild_id=1, seated_in={1}, pending=False, now=late)
    assert is_anonymous(again.anonymous[1]) and again.anonymous[1] != forgotten.anonymous[1]
    assert again.hands == again.ledger_rows == 0 and str(ALICE) in await store.export_ledger_csv(1)
    assert len(await store.pending_forgettings(now=late + 1)) == 1

    await store.save_table_state(1, 10, {"seats": [{"user_id": None, "name": "Karel (computer)"}]})
    assert await store.pending_forgettings(now=late + 2) == []
    await store.save_table_state(1, 10, {"seats": [{"user_id": ALICE, "name": "Alice"}]})
    assert await store.pending_forgettings(now=late + 3) == []  # (deleted, not only hidden)
    assert await store.check_integrity() == []


async def test_a_payment_naming_a_member_forgotten_meanwhile_writes_nothing(store: Store) -> None:
    """A table of another process pays a hand dealt to a member forgotten meanwhile: the
    payment is refused (``MemberForgottenError``) and nothing is written, so her id is not
    put back; once that process's tables know of the forgetting (``forgettings_applied``)
    her id is paid as any member's (she may sit down again).  A forgetting in another
    guild does not refuse it."""
    await play_some_hands(store, guild=1)
    elsewhere = await store.forget_member(ALICE, guild_id=2)
    hand = make_hand("late", {ALICE: 5, BOB: -5}, guild=1)
    assert await store.settle_hand(hand, forgettings_applied=()) is True
    forgotten = await store.forget_member(ALICE)
    assert str(ALICE) not in await store.export_ledger_csv(1)
    later = make_hand("later", {ALICE: 7, BOB: -7}, guild=1)
    with pytest.raises(MemberForgottenError) as refused:
        await store.settle_hand(later, table_state={"hand": 2}, expected_version=None)
    assert refused.value.members == {ALICE}
    assert not await store.is_settled("later") and await store.load_table_state(1, 10) is None
    assert str(ALICE) not in await store.export_ledger_csv(1)
    assert forgotten.seq is not None and elsewhere.seq is not None
    assert await store.settle_hand(later, forgettings_applied={forgotten.seq}) is True
    assert str(ALICE) in await store.export_ledger_csv(1)
    assert await store.check_integrity() == []


async def test_a_forgetting_and_a_payment_at_once_never_leave_her_id(open_store: OpenStore) -> None:
    """Two processes at once (two stores on one database): one forgets members while the
    other pays hands dealt to them.  Each time, either the payment is refused or it came
    first and the forgetting renamed it: no member's id is left in the books.  (Here they
    seldom overlap; the next test makes them.)"""
    a, b = await open_store(), await open_store()
    try:
        members = [ALICE + 1000 * n for n in range(12)]
        for n, member in enumerate(members):
            hand = make_hand(f"race-{n}", {member: 3, BOB: -3}, guild=1)
            results = await asyncio.gather(a.forget_member(member), b.settle_hand(hand),
                                           return_exceptions=True)
            assert not isinstance(results[0], BaseException)
            assert results[1] is True or isinstance(results[1], MemberForgottenError), results[1]
        ledger = await a.export_ledger_csv(1)
        assert not [m for m in members if str(m) in ledger]
        assert await a.check_integrity() == []
    finally:
        await a.close()
        await b.close()

async def test_a_payment_waits_for_a_forgetting_in_flight_and_is_refused(
        store_location: Location, open_store: OpenStore) -> None:
    """The interleaving the test above may not meet, made to happen on PostgreSQL (where
    two processes' transactions could run at once): a forgetting's transaction holds
    the store's write lock and has written its pending row, not committed yet (here a
    second connection does it, as ``PostgresStore`` does), when another process pays a
    hand dealt to the member.  The payment reads ``forgettings`` inside its own write
    transaction, so it waits for the forgetting and is then refused; read before its
    transaction, it would pay her id after the forgetting had renamed her rows.  (SQLite
    runs one write transaction at a time on the file: nothing to interleave.)"""
    if not (isinstance(store_location, str) and is_postgres_url(store_location)):
        pytest.skip("SQLite's write transactions never interleave (BEGIN IMMEDIATE)")
    import psycopg

    from bot.store.pg import WRITE_LOCK

    payer = await open_store()
    try:
        async with await psycopg.AsyncConnection.connect(store_location) as forgetting:
            await forgetting.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
            await forgetting.execute(
                "INSERT INTO forgettings (member_id, guild_id, anonymous_json, forgotten_at)"
                " VALUES (%s, NULL, '{}', %s)", (ALICE, time.time()))
            payment = asyncio.create_task(payer.settle_hand(make_hand("h", {ALICE: 2, BOB: -2})))
            while not payment.done():  # until the payment waits for the write lock
                waiting = await (await forgetting.execute(
                    "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'advisory'")).fetchone()
                if waiting is not None and waiting[0]:
                    break
                await asyncio.sleep(0.01)
            assert not payment.done(), "the payment went ahead of the forgetting's write lock"
            await forgetting.commit()
        with pytest.raises(MemberForgottenError):
            await payment
        assert not await payer.is_settled("h")
    finally:
        await payer.close()
