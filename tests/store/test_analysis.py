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
#: The version of the takers' judge (``bot.ai.review.REVIEW_VERSION``: the store knows no engine).
JUDGE = 2
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
    assert (await store.analysis_backlog(JUDGE))["queued"] == 1


async def test_a_taken_job_is_finished_by_its_taker_and_summed_per_player(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1", record={"hand": "h1", "players": ["A", "B", "C", "D"]}))  # type: ignore[arg-type]
    job = await store.take_analysis("p1", review_version=JUDGE, now=1000.0)
    assert job is not None and job.hand_id == "h1" and job.seats == (0, 1) and job.attempts == 1
    assert job.record == {"hand": "h1", "players": ["A", "B", "C", "D"]}
    assert await store.take_analysis("p2", review_version=JUDGE, now=1001.0) is None  # (running, under p1's lease)
    assert (await store.get_analysis("h1")).status == "running"  # type: ignore[union-attr]
    review = {"version": 1, "seats": [{"seat": 0}, {"seat": 1}]}
    figures = [SeatFigures(0, 90.0, 8, 3, 6), SeatFigures(1, None, 0, -1, -2)]
    assert await store.finish_analysis("h1", "p2", review, figures, review_version=JUDGE) is False  # not p2's
    assert await store.finish_analysis("h1", "p1", review, figures, review_version=JUDGE) is True
    state = await store.get_analysis("h1")
    assert state is not None and state.done and state.review == review
    assert await store.take_analysis("p2", review_version=JUDGE, now=10**9) is None  # done: never taken again

    await store.settle_hand(hand_with_alice("h3"))  # type: ignore[arg-type]
    job = await store.take_analysis("p1", review_version=JUDGE, now=1002.0)
    assert job is not None and job.hand_id == "h3"
    await store.finish_analysis("h3", "p1", review, [SeatFigures(0, 70.0, 5, -4, 6)], review_version=JUDGE)
    rows = {r.player_id: r for r in await store.skill_aggregates(1, review_version=JUDGE)}
    assert rows[ALICE].hands == 2 and rows[ALICE].judged_hands == 2
    assert rows[ALICE].accuracy is not None and abs(rows[ALICE].accuracy - 80.0) < 1e-9
    assert (rows[ALICE].luck, rows[ALICE].money, rows[ALICE].variant) == (-1, 12, "nebraska")
    assert rows[BOB].hands == 1 and rows[BOB].judged_hands == 0 and rows[BOB].accuracy is None
    assert [r.player_id for r in await store.skill_aggregates(1, review_version=JUDGE, player_id=BOB)] == [BOB]
    assert await store.skill_aggregates(1, review_version=JUDGE, variant="czech") == []
    assert await store.skill_aggregates(2, review_version=JUDGE) == []


async def test_a_dead_takers_job_is_taken_again_after_its_lease(store: Store) -> None:
    """A taker that dies mid-job (no finish, no failure) loses the job when its lease
    runs out; its late answer is then refused."""
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    assert await store.take_analysis("dead", review_version=JUDGE, lease=60, now=1000.0) is not None
    assert await store.take_analysis("alive", review_version=JUDGE, lease=60, now=1059.0) is None
    job = await store.take_analysis("alive", review_version=JUDGE, lease=60, now=1061.0)
    assert job is not None and job.hand_id == "h1" and job.attempts == 2
    assert await store.finish_analysis("h1", "dead", {"v": 1}, [], review_version=JUDGE) is False
    assert await store.finish_analysis("h1", "alive", {"v": 2}, [], review_version=JUDGE) is True
    state = await store.get_analysis("h1")
    assert state is not None and state.review == {"v": 2}


async def test_a_failing_job_is_retried_then_given_up(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    for attempt in range(1, MAX_ATTEMPTS + 1):
        job = await store.take_analysis("p", review_version=JUDGE, now=1000.0 + attempt)
        assert job is not None and job.attempts == attempt
        assert await store.fail_analysis("h1", "p", "the record does not replay") is True
    state = await store.get_analysis("h1")
    assert state is not None and state.status == "failed"
    assert state.error == "the record does not replay"
    assert await store.take_analysis("p", review_version=JUDGE, now=10**9) is None


async def test_jobs_whose_takers_keep_dying_are_given_up(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    for attempt in range(MAX_ATTEMPTS):
        assert await store.take_analysis("p", review_version=JUDGE, lease=1, now=1000.0 + 10 * attempt) is not None
    assert await store.take_analysis("p", review_version=JUDGE, lease=1, now=2000.0) is None
    assert (await store.get_analysis("h1")).status == "failed"  # type: ignore[union-attr]


async def test_a_clean_stop_hands_its_jobs_back_at_once(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    assert await store.take_analysis("p1", review_version=JUDGE, now=1000.0) is not None
    assert await store.release_analyses("p1") == 1
    job = await store.take_analysis("p2", review_version=JUDGE, now=1001.0)
    assert job is not None and job.attempts == 1  # (the handed-back attempt is not counted)


async def test_the_queue_survives_a_restart(open_store: OpenStore) -> None:
    """Paid hands queued, one taken, then the process stops without a word: the new
    process finds every job, the taken one once its lease has run out."""
    a = await open_store()
    try:
        for n in range(3):
            await a.settle_hand(hand_with_alice(f"h{n}"))  # type: ignore[arg-type]
        taken = await a.take_analysis("old", review_version=JUDGE, lease=60, now=1000.0)
        assert taken is not None and taken.hand_id == "h0"
    finally:
        await a.close()
    b = await open_store()
    try:
        got = []
        while (job := await b.take_analysis("new", review_version=JUDGE, lease=60, now=1100.0)) is not None:
            got.append(job.hand_id)
            assert await b.finish_analysis(job.hand_id, "new", {"ok": True}, [], review_version=JUDGE) is True
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
            while (job := await store.take_analysis(name, review_version=JUDGE)) is not None:
                mine.append(job.hand_id)
                await asyncio.sleep(0.02)  # (the analysis, while the other takes)
                assert await store.finish_analysis(job.hand_id, name, {"by": name}, [], review_version=JUDGE) is True
            return mine

        got_a, got_b = await asyncio.gather(taker(a, "a"), taker(b, "b"))
        assert sorted(got_a + got_b) == sorted(hands)
        assert not set(got_a) & set(got_b)
        assert got_a and got_b, "both takers should have had work"
        backlog = await a.analysis_backlog(JUDGE)
        assert backlog == {"queued": 0, "running": 0, "done": 30, "failed": 0, "older": 0}
        assert await a.check_integrity() == []
    finally:
        await a.close()
        await b.close()


async def test_forgetting_a_member_renames_their_reviewed_seats(store: Store) -> None:
    await store.settle_hand(hand_with_alice("h1"))  # type: ignore[arg-type]
    await store.take_analysis("p", review_version=JUDGE, now=1000.0)
    await store.finish_analysis("h1", "p", {}, [SeatFigures(0, 90.0, 3, 1, 6)], review_version=JUDGE)
    await store.forget_member(ALICE)
    players = [r.player_id for r in await store.skill_aggregates(1, review_version=JUDGE)]
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


# ------------------------------------------------------------ reviews made again
OLD_JUDGE = JUDGE - 1


async def reviewed_by(store: Store, hand_id: str, version: int, accuracy: float, *, now: float = 1000.0) -> None:
    """Pay ``hand_id`` and store its review as the judge of ``version`` made it (Alice's
    seat at ``accuracy``)."""
    await store.settle_hand(hand_with_alice(hand_id))  # type: ignore[arg-type]
    job = await store.take_analysis("then", review_version=version, now=now)
    assert job is not None and job.hand_id == hand_id
    assert await store.finish_analysis(hand_id, "then", {"version": version},
                                       [SeatFigures(0, accuracy, 4, 2, 6)], review_version=version)


async def test_a_review_an_older_judge_made_is_made_again_when_no_job_waits(store: Store) -> None:
    """Issue #28: a stored review carries its judge's version; a taker of a newer judge
    takes a waiting job first, and when none waits the most recent hand whose review an
    older judge made — its review stays shown as it was until the new one replaces it,
    with the seat's figures.  A taker of the older judge never takes it back."""
    await reviewed_by(store, "h1", OLD_JUDGE, 30.0)
    await reviewed_by(store, "h2", OLD_JUDGE, 40.0)
    await store.settle_hand(hand_with_alice("h3"))  # type: ignore[arg-type]  (paid now: waits)
    assert (await store.get_analysis("h2")).review_version == OLD_JUDGE  # type: ignore[union-attr]
    assert await store.analysis_backlog(JUDGE) == {"queued": 1, "running": 0, "done": 2, "failed": 0, "older": 2}

    fresh = await store.take_analysis("p", review_version=JUDGE, now=2000.0)
    assert fresh is not None and fresh.hand_id == "h3"
    assert await store.finish_analysis("h3", "p", {"version": JUDGE}, [], review_version=JUDGE)
    again = await store.take_analysis("p", review_version=JUDGE, now=2001.0)
    assert again is not None and again.hand_id == "h2" and again.attempts == 1  # (the latest hand first)
    state = await store.get_analysis("h2")
    assert state is not None and state.status == "running"
    assert state.review == {"version": OLD_JUDGE} and state.review_version == OLD_JUDGE
    assert await store.finish_analysis("h2", "p", {"version": JUDGE}, [SeatFigures(0, 90.0, 5, 2, 6)],
                                       review_version=JUDGE)
    state = await store.get_analysis("h2")
    assert state is not None and state.done and state.review == {"version": JUDGE}
    assert state.review_version == JUDGE
    [row] = await store.skill_aggregates(1, review_version=JUDGE, player_id=ALICE)
    assert (row.hands, row.judged_hands, row.accuracy) == (2, 1, 90.0)  # (h2's figures replaced; h1's older)

    assert await store.take_analysis("old process", review_version=OLD_JUDGE, now=2002.0) is None
    last = await store.take_analysis("p", review_version=JUDGE, now=2002.0)
    assert last is not None and last.hand_id == "h1"
    assert await store.finish_analysis("h1", "p", {"version": JUDGE}, [], review_version=JUDGE)
    assert await store.take_analysis("p", review_version=JUDGE, now=2003.0) is None
    assert (await store.analysis_backlog(JUDGE))["older"] == 0


async def test_opening_a_review_an_older_judge_made_queues_it_at_once(store: Store) -> None:
    """A player opening a review an older judge made queues it at once (ahead of the
    reviews made again in the background); one already waiting, being made, or made by
    the current judge is left as it is."""
    await reviewed_by(store, "h1", OLD_JUDGE, 30.0)
    await reviewed_by(store, "h2", OLD_JUDGE, 30.0)
    assert await store.remake_analysis("h1", JUDGE) is True
    state = await store.get_analysis("h1")
    assert state is not None and state.status == "queued" and state.review == {"version": OLD_JUDGE}
    assert await store.remake_analysis("h1", JUDGE) is False  # (waiting already)
    job = await store.take_analysis("p", review_version=JUDGE, now=2000.0)
    assert job is not None and job.hand_id == "h1" and job.attempts == 1  # (before h2, the latest)
    assert await store.remake_analysis("h1", JUDGE) is False  # (being made)
    assert await store.finish_analysis("h1", "p", {"version": JUDGE}, [], review_version=JUDGE)
    assert await store.remake_analysis("h1", JUDGE) is False  # (made by this judge)
    assert await store.remake_analysis("h2", OLD_JUDGE) is False  # (an older process: its own judge's)
    assert await store.remake_analysis("none", JUDGE) is False


async def test_the_seasons_accuracy_counts_only_the_current_judges_reviews(store: Store) -> None:
    """Issue #28: the leaderboard's accuracy is the mean over reviews of one judge: a
    hand whose review an older judge made counts its money and luck (the normal
    player's, not the judge's) but not its accuracy, until it is made again."""
    await reviewed_by(store, "h1", JUDGE, 90.0)
    await reviewed_by(store, "h2", OLD_JUDGE, 30.0)
    [row] = await store.skill_aggregates(1, review_version=JUDGE, player_id=ALICE)
    assert (row.hands, row.judged_hands, row.accuracy) == (2, 1, 90.0)
    assert (row.luck, row.money) == (4, 12)
    job = await store.take_analysis("p", review_version=JUDGE, now=2000.0)
    assert job is not None and job.hand_id == "h2"
    assert await store.finish_analysis("h2", "p", {"version": JUDGE}, [SeatFigures(0, 70.0, 4, 2, 6)],
                                       review_version=JUDGE)
    [row] = await store.skill_aggregates(1, review_version=JUDGE, player_id=ALICE)
    assert (row.hands, row.judged_hands) == (2, 2)
    assert row.accuracy is not None and abs(row.accuracy - 80.0) < 1e-9
