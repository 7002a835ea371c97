"""The analyst (issue #28, item 2): takes the store's queued jobs, reviews them in the
review worker process and stores what ``review_record`` says, without names; a record
that does not replay is retried, then given up; ``taroky analyse --worker`` does the
same from the command line."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import REGISTRY

from bot.ai import pool
from bot.ai.analyst import Analyst, stored_review
from bot.ai.normal import choose_normal
from bot.ai.review import REVIEW_VERSION, Budget, review_record
from bot.cli import main
from bot.engine import new_game
from bot.store import CHIPS, Store, computer_id
from bot.store.analysis import MAX_ATTEMPTS
from tests.store.helpers import made_older, make_hand

BUDGET = Budget(playouts=300)
ALICE, BOB = 7 << 22, 8 << 22


def finished_record(seed: int) -> dict[str, Any]:
    """A finished Nebraska hand of normal players (the record the table stores)."""
    g = new_game("nebraska", rng=random.Random(seed))
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        g.act(s, legal[0] if len(legal) == 1 else choose_normal(g, s).action)
    record = g.to_record()
    record["players"] = ["Alice", "Bob", "Cyril (computer)", "Dana (computer)"]
    return record


async def pay(store: Store, hand_id: str, record: dict[str, Any]) -> None:
    net = record["result"]["net"]
    participants = [ALICE, BOB, computer_id(2), computer_id(3)]
    deltas = {participants[int(s)]: int(v) for s, v in net.items()}
    await store.settle_hand(make_hand(hand_id, deltas, participants=participants, currency=CHIPS,
                                      record=record))


@pytest.fixture(autouse=True)
def _stop_workers() -> Any:
    yield
    pool.shutdown()


async def test_the_analyst_stores_what_review_record_says(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        record = finished_record(5)
        await pay(store, "h1", record)
        analyst = Analyst(store, "test", BUDGET)
        stored = REGISTRY.get_sample_value("taroky_analyses_total", {"outcome": "stored"}) or 0.0
        assert await analyst.catch_up() == 1 and analyst.reviewed == 1
        assert REGISTRY.get_sample_value("taroky_analyses_total", {"outcome": "stored"}) == stored + 1
        assert await analyst.catch_up() == 0
        state = await store.get_analysis("h1")
        assert state is not None and state.done
        expected, figures = stored_review(review_record(record, [0, 1], BUDGET))
        assert state.review == expected  # (the same worlds in the worker: a review replays)
        assert [s["name"] for s in expected["seats"]] == [None, None]
        rows = {r.player_id: r for r in await store.skill_aggregates(1, review_version=REVIEW_VERSION)}
        assert set(rows) == {ALICE, BOB}
        assert (rows[ALICE].luck, rows[ALICE].money) == (figures[0].luck, figures[0].money)
        assert rows[ALICE].money == record["result"]["net"]["0"]
    finally:
        await store.close()


async def test_a_record_that_does_not_replay_is_given_up(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        await store.settle_hand(make_hand("bad", {ALICE: 1, BOB: -1}, record={"hand": "bad"}))
        analyst = Analyst(store, "test", BUDGET)
        assert await analyst.catch_up() == MAX_ATTEMPTS and analyst.failed == MAX_ATTEMPTS
        state = await store.get_analysis("bad")
        assert state is not None and state.status == "failed" and state.error
    finally:
        await store.close()


def test_taroky_analyse_worker_reviews_the_queue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.sqlite3"

    async def setup() -> None:
        store = await Store.open(path)
        try:
            for n in range(2):
                await pay(store, f"h{n}", finished_record(n))
        finally:
            await store.close()

    async def states() -> list[str]:
        store = await Store.open(path)
        try:
            return [s.status for h in ("h0", "h1") if (s := await store.get_analysis(h)) is not None]
        finally:
            await store.close()

    asyncio.run(setup())
    assert main(["analyse", "--database", str(path)]) == 0
    assert capsys.readouterr().out == "Analysis queue: 2 queued, 0 running, 0 done, 0 failed.\n"
    assert main(["analyse", "--worker", "--once", "--playouts", "200", "--database", str(path)]) == 0
    assert capsys.readouterr().out == ("Analysis queue: 2 queued, 0 running, 0 done, 0 failed.\n"
                                       "Reviewed 2 hand(s).\n")
    assert asyncio.run(states()) == ["done", "done"]
    made_older(path, "h0")
    assert main(["analyse", "--worker", "--once", "--playouts", "200", "--database", str(path)]) == 0
    assert capsys.readouterr().out == ("Analysis queue: 0 queued, 0 running, 2 done (1 by an older judge, to be "
                                       "made again), 0 failed.\n"
                                       "Reviewed 1 hand(s).\n")
    assert main(["analyse", "--database", str(path)]) == 0
    assert capsys.readouterr().out == "Analysis queue: 0 queued, 0 running, 2 done, 0 failed.\n"
    assert main(["analyse", "--database", str(tmp_path / "none.sqlite3")]) == 2


async def test_a_review_an_older_judge_made_is_made_again(tmp_path: Path) -> None:
    """Issue #28: the judge changed (``REVIEW_VERSION`` 2 weighs only what the strong
    player weighs).  A review of a real hand, stored as the judge of version 1 left it
    (the analyst's own, rewritten: version 1, 12.5 % accuracy), is not counted in the
    season's accuracy, and the analyst makes it again once no job waits: the stored
    review and the seats' figures are this judge's."""
    path = tmp_path / "t.sqlite3"
    store = await Store.open(path)
    try:
        await pay(store, "h1", finished_record(5))
        analyst = Analyst(store, "test", BUDGET)
        assert await analyst.catch_up() == 1
        made = made_older(path, "h1")
        assert made["version"] == REVIEW_VERSION == 3
        judged = [s for s in made["seats"] if s["accuracy"] is not None]
        assert judged, "a seat of this hand should have a judged choice"
        rows = await store.skill_aggregates(1, review_version=REVIEW_VERSION)
        assert all(r.judged_hands == 0 and r.accuracy is None for r in rows)
        await pay(store, "h2", finished_record(6))  # (a paid hand first)
        assert await analyst.run_one() == "h2"
        assert (await store.get_analysis("h1")).review_version == 1  # type: ignore[union-attr]
        assert await analyst.run_one() == "h1" and await analyst.run_one() is None
        state = await store.get_analysis("h1")
        assert state is not None and state.done and state.review_version == REVIEW_VERSION
        assert state.review == made  # (the same worlds: the same review as before the rewrite)
        h2 = await store.get_analysis("h2")
        assert h2 is not None and h2.review is not None
        for seat, player in enumerate((ALICE, BOB)):
            [row] = await store.skill_aggregates(1, review_version=REVIEW_VERSION, player_id=player)
            made_here = [x["accuracy"] for x in (made["seats"][seat], h2.review["seats"][seat])
                         if x["accuracy"] is not None]
            assert row.judged_hands == len(made_here)
            assert row.accuracy == (pytest.approx(sum(made_here) / len(made_here)) if made_here else None)
    finally:
        await store.close()


async def test_a_dead_review_worker_is_replaced(tmp_path: Path) -> None:
    """The review worker process dies (killed, out of memory): the job it had is tried
    again by a new worker, and the reviews go on."""
    import os
    import signal

    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        await pay(store, "h1", finished_record(5))
        analyst = Analyst(store, "test", BUDGET)
        assert await analyst.catch_up() == 1
        worker = pool._analysis_pool
        assert isinstance(worker, pool.ProcessPoolExecutor)
        for pid in list(worker._processes):
            os.kill(pid, signal.SIGKILL)
        for _ in range(200):  # (the pool notices its dead worker)
            if worker._broken:
                break
            await asyncio.sleep(0.05)
        await pay(store, "h2", finished_record(6))
        assert await analyst.catch_up() == 2  # (one failed attempt, then the review)
        assert analyst.failed == 1 and analyst.reviewed == 2
        state = await store.get_analysis("h2")
        assert state is not None and state.done
        assert pool._analysis_pool is not worker
    finally:
        await store.close()
