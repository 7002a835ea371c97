"""The hand analysis queue (issue #28, item 2): queued with the payment, taken under a
lease by one taker at a time (``FOR UPDATE SKIP LOCKED`` on PostgreSQL), results kept
with the hand and summed per player.  Every test runs on SQLite and on PostgreSQL
(``store`` is parametrised in ``conftest.py``)."""

from __future__ import annotations

import asyncio

from bot.store import SeatFigures, Store, computer_id
from bot.store.analysis import MAX_ATTEMPTS
from tests.store.conftest import OpenStore
from tests.store.helpers import make_hand

ALICE, BOB = 7 << 22, 8 << 22
CPU = [computer_id(2), computer_id(3)]


def hand_with_alice(hand_id: str, **kwargs: object) -> object:
    """Alice (seat 0) and Bob (seat 1) against two computers (seats 2 and 3)."""
    return make_hand(hand_id, {ALICE: 6, BOB: -2, CPU[0]: -2, CPU[1]: -2},
                     participants=[ALICE, BOB, *CPU], **kwargs)  # type: ignore[arg-type]


async def test_paying_a_hand_queues_its_analysis_once_for_its_human_seats(store: Store) -> None:
    """The job is written by the payment's transaction: paid once, queued once, for the
    human seats only; a hand of computers only is not queued."""
    assert await store.get_analysis("h1") is None
    assert await store.settle_hand(hand_with_alice("h1")) is True  # type: ignore[arg-type]
    assert await store.settle_hand(hand_with_alice("h1")) is False  # type: ignore[arg-type]
    state = await store.get_analysis("h1")
    assert state is not None and state.status == "queued" and state.seats == (0, 1)
    assert state.review is None
    computers = make_hand("h2", {CPU[0]: 3, CPU[1]: -3}, participants=CPU)
    assert await store.settle_hand(computers) is True
    assert await store.get_analysis("h2") is None
    assert (await store.analysis_backlog())["queued"] == 1


async def test_a_taken_job_is_finished_by_its_taker_and_summed_per_player(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1", record={"hand": "h1", "players": ["A", "B", "C", "D"]}))  # type: ignore[arg-type]
    job = await store.take_analysis("p1", now=1000.0)
    assert job is not None and job.hand_id == "h1" and job.seats == (0, 1) and job.attempts == 1
    assert job.record == {"hand": "h1", "players": ["A", "B", "C", "D"]}
    assert await store.take_analysis("p2", now=1001.0) is None  # (running, under p1's lease)
    assert (await store.get_analysis("h1")).status == "running"  # type: ignore[union-attr]
    review = {"version": 1, "seats": [{"seat": 0}, {"seat": 1}]}
    figures = [SeatFigures(0, 90.0, 8, 3, 6), SeatFigures(1, None, 0, -1, -2)]
    assert await store.finish_analysis("h1", "p2", review, figures) is False  # not p2's
    assert await store.finish_analysis("h1", "p1", review, figures) is True
    state = await store.get_analysis("h1")
    assert state is not None and state.done and state.review == review
    assert await store.take_analysis("p2", now=10**9) is None  # done: never taken again

    await store.settle_hand(hand_with_alice("h3"))  # type: ignore[arg-type]
    job = await store.take_analysis("p1", now=1002.0)
    assert job is not None and job.hand_id == "h3"
    await store.finish_analysis("h3", "p1", review, [SeatFigures(0, 70.0, 5, -4, 6)])
    rows = {r.player_id: r for r in await store.skill_aggregates(1)}
    assert rows[ALICE].hands == 2 and rows[ALICE].judged_hands == 2
    assert rows[ALICE].accuracy is not None and abs(rows[ALICE].accuracy - 80.0) < 1e-9
    assert (rows[ALICE].luck, rows[ALICE].money, rows[ALICE].variant) == (-1, 12, "nebraska")
    assert rows[BOB].hands == 1 and rows[BOB].judged_hands == 0 and rows[BOB].accuracy is None
    assert [r.player_id for r in await store.skill_aggregates(1, player_id=BOB)] == [BOB]
    assert await store.skill_aggregates(1, variant="czech") == []
    assert await store.skill_aggregates(2) == []


async def test_a_dead_takers_job_is_taken_again_after_its_lease(store: Store) -> None:
    """A taker that dies mid-job (no finish, no failure) loses the job when its lease
    runs out; its late answer is then refused."""
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    assert await store.take_analysis("dead", lease=60, now=1000.0) is not None
    assert await store.take_analysis("alive", lease=60, now=1059.0) is None
    job = await store.take_analysis("alive", lease=60, now=1061.0)
    assert job is not None and job.hand_id == "h1" and job.attempts == 2
    assert await store.finish_analysis("h1", "dead", {"v": 1}, []) is False
    assert await store.finish_analysis("h1", "alive", {"v": 2}, []) is True
    state = await store.get_analysis("h1")
    assert state is not None and state.review == {"v": 2}


async def test_a_failing_job_is_retried_then_given_up(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    for attempt in range(1, MAX_ATTEMPTS + 1):
        job = await store.take_analysis("p", now=1000.0 + attempt)
        assert job is not None and job.attempts == attempt
        assert await store.fail_analysis("h1", "p", "the record does not replay") is True
    state = await store.get_analysis("h1")
    assert state is not None and state.status == "failed"
    assert state.error == "the record does not replay"
    assert await store.take_analysis("p", now=10**9) is None


async def test_jobs_whose_takers_keep_dying_are_given_up(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    for attempt in range(MAX_ATTEMPTS):
        assert await store.take_analysis("p", lease=1, now=1000.0 + 10 * attempt) is not None
    assert await store.take_analysis("p", lease=1, now=2000.0) is None
    assert (await store.get_analysis("h1")).status == "failed"  # type: ignore[union-attr]


async def test_a_clean_stop_hands_its_jobs_back_at_once(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    assert await store.take_analysis("p1", now=1000.0) is not None
    assert await store.release_analyses("p1") == 1
    job = await store.take_analysis("p2", now=1001.0)
    assert job is not None and job.attempts == 1  # (the handed-back attempt is not counted)


async def test_the_queue_survives_a_restart(open_store: OpenStore) -> None:
    """Paid hands queued, one taken, then the process stops without a word: the new
    process finds every job, the taken one once its lease has run out."""
    a = await open_store()
    try:
        for n in range(3):
            await a.settle_hand(hand_with_alice(f"h{n}"))  # type: ignore[arg-type]
        taken = await a.take_analysis("old", lease=60, now=1000.0)
        assert taken is not None and taken.hand_id == "h0"
    finally:
        await a.close()
    b = await open_store()
    try:
        got = []
        while (job := await b.take_analysis("new", lease=60, now=1100.0)) is not None:
            got.append(job.hand_id)
            assert await b.finish_analysis(job.hand_id, "new", {"ok": True}, []) is True
        assert sorted(got) == ["h0", "h1", "h2"]
    finally:
        await b.close()


async def test_two_takers_never_get_the_same_job(open_store: OpenStore) -> None:
    """Two processes (two store instances) take jobs at once until none is left: every
    job is taken exactly once (PostgreSQL: ``FOR UPDATE SKIP LOCKED``; SQLite: one
    writer at a time)."""
    a, b = await open_store(), await open_store()
    try:
        hands = [f"h{n}" for n in range(30)]
        for h in hands:
            await a.settle_hand(hand_with_alice(h))  # type: ignore[arg-type]

        async def taker(store: Store, name: str) -> list[str]:
            mine: list[str] = []
            while (job := await store.take_analysis(name)) is not None:
                mine.append(job.hand_id)
                await asyncio.sleep(0.02)  # (the analysis, while the other takes)
                assert await store.finish_analysis(job.hand_id, name, {"by": name}, []) is True
            return mine

        got_a, got_b = await asyncio.gather(taker(a, "a"), taker(b, "b"))
        assert sorted(got_a + got_b) == sorted(hands)
        assert not set(got_a) & set(got_b)
        assert got_a and got_b, "both takers should have had work"
        backlog = await a.analysis_backlog()
        assert backlog == {"queued": 0, "running": 0, "done": 30, "failed": 0}
        assert await a.check_integrity() == []
    finally:
        await a.close()
        await b.close()


async def test_forgetting_a_member_renames_their_reviewed_seats(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    await store.take_analysis("p", now=1000.0)
    await store.finish_analysis("h1", "p", {}, [SeatFigures(0, 90.0, 3, 1, 6)])
    await store.forget_member(ALICE)
    players = [r.player_id for r in await store.skill_aggregates(1)]
    assert ALICE not in players and len(players) == 1


async def test_the_hand_a_player_asks_the_review_of(store: Store) -> None:
    """``/taroky review [hand]``: the guild's hand of that number, else the player's latest
    hand with an analysis in the guild (a hand of computers only has none)."""
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    await store.settle_hand(hand_with_alice("h2", channel=11))  # type: ignore[arg-type]
    await store.settle_hand(make_hand("h3", {CPU[0]: 3, CPU[1]: -3}, participants=CPU))
    await store.settle_hand(hand_with_alice("h4", guild=2))  # type: ignore[arg-type]
    first = await store.get_hand("h1")
    assert first is not None
    assert await store.review_hand_id(1, ALICE, first.seq) == "h1"
    assert await store.review_hand_id(2, ALICE, first.seq) is None  # (another server's number)
    assert await store.review_hand_id(1, ALICE) == "h2"  # (her latest, any channel of the server)
    assert await store.review_hand_id(1, BOB) == "h2"
    assert await store.review_hand_id(1, 9 << 22) is None
    assert await store.review_hand_id(2, ALICE) == "h4"
