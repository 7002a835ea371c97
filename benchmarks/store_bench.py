"""Store timings: save_table_state (called after every action) and settle_hand.

    .venv/bin/python benchmarks/store_bench.py [--n 500] [--state-kb 8] [--postgresql]

``--postgresql`` measures the PostgreSQL store instead, on a throwaway local server
(``tests/pg_cluster.py``; durability off there, so its FULL/NORMAL rows differ only by
``synchronous_commit``), ``--database-url URL`` on a server of yours (an empty schema).

Prints per-call latency (median / p95 / max) for synchronous=FULL (the default,
fsync per commit) and NORMAL, sequentially and with many tables at once.

``--busy-ms MS`` keeps the event loop busy meanwhile: a task burns MS of CPU at every
turn of the loop (a saturated bot's loop), so every hop to SQLite's writer thread waits
about MS (issue #33: the payment, rated and queued for review, is one hop), and the
writer's thread waits for the GIL each time it lets it go (``--switch-interval S``: as
long as S at most; the bot's is ``bot.app.SWITCH_INTERVAL``).

``--group-tables N`` measures the group writer instead (``queue_table_state``, issue
#33): N tables each queue a state every ``--interval`` seconds on average (2.1 s: a
four-seat table at human pace), and a hand's settlement every 63 states, for
``--seconds``; it prints the writer's lag (a state's queueing to its group's commit:
p50 / p99 / max), the wait for the write lock, the groups and states a group.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ratings import HandOutcome, SeatOutcome  # noqa: E402
from bot.store import CHIPS, POOL, SettledHand, Store  # noqa: E402
from bot.store.pg import PostgresStore  # noqa: E402
from tests.pg_cluster import Cluster, fresh_url, start_cluster  # noqa: E402


def fake_state(kb: int) -> dict[str, Any]:
    """A table state of roughly ``kb`` KiB of JSON (hands, trick history, seats)."""
    rng = random.Random(1)
    return {
        "phase": "play",
        "seats": [
            {"id": 10**17 + i, "name": f"player{i}", "hand": list(range(12))} for i in range(4)
        ],
        "history": [[rng.randrange(54) for _ in range(4)] for _ in range(kb * 40)],
    }


def hand(n: int, table: int) -> SettledHand:
    """Hand ``n`` of a table: three players and the pool, rated and queued for review as
    the bot's hands are."""
    players = [1 + (table + k) % 20 for k in range(3)]
    money = (20, -10, -8)
    outcome = HandOutcome("nebraska", tuple(SeatOutcome(str(p), int(k > 0), m)
                                            for k, (p, m) in enumerate(zip(players, money, strict=True))))
    return dataclasses.replace(SettledHand.from_deltas(
        deltas={players[0]: 20, players[1]: -10, players[2]: -8, POOL: -2},
        hand_id=f"t{table}-h{n}",
        guild_id=1,
        channel_id=100 + table,
        variant="nebraska",
        currency=CHIPS,
        season=1,
        record={"n": n, "tricks": [[1, 2, 3]] * 12},
        participants=players,
        bidder=players[0],
        bidder_won=True,
    ), outcome=outcome)


@contextlib.asynccontextmanager
async def busy_loop(ms: float) -> AsyncIterator[None]:
    """The event loop kept busy: ``ms`` of CPU burnt at every turn (none if 0)."""
    if ms <= 0:
        yield
        return

    async def burn() -> None:
        while True:
            end = time.perf_counter() + ms / 1000
            while time.perf_counter() < end:
                pass
            await asyncio.sleep(0)

    task = asyncio.create_task(burn())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def fmt(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[int(len(ms) * 0.95) - 1]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"


async def bench(sync: str, n: int, kb: int, tables: int, url: str | None = None, busy_ms: float = 0.0) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        if url is not None:
            store: Store = await PostgresStore.open(url, synchronous=sync)
        else:
            store = await Store.open(Path(tmp) / "bench.sqlite3", synchronous=sync)
        await store.seed_pool(1, 100, "nebraska", CHIPS, 10**9)
        for t in range(tables):
            await store.seed_pool(1, 100 + t, "nebraska", CHIPS, 10**9)
        state = fake_state(kb)
        size = len(__import__("json").dumps(state))
        if busy_ms > 0:
            print(f"[{sync}] the event loop busy: {busy_ms:g} ms of CPU at every turn")
        async with busy_loop(busy_ms):
            await timings(store, sync, n, tables, state, size)
        problems = await store.check_integrity()
        assert problems == [], problems
        await store.close()


async def timings(store: Store, sync: str, n: int, tables: int, state: dict[str, Any], size: int) -> None:
    """Print the latency of saves and payments, one after another and many tables at once."""
    samples = []
    for i in range(n):
        state["phase"] = f"play{i}"
        t0 = time.perf_counter()
        await store.save_table_state(1, 100, state, 5)
        samples.append(time.perf_counter() - t0)
    print(f"[{sync}] save_table_state ({size / 1024:.1f} KiB), sequential: {fmt(samples)}")

    samples = []
    for i in range(n):
        t0 = time.perf_counter()
        await store.settle_hand(hand(i, 0))
        samples.append(time.perf_counter() - t0)
    print(f"[{sync}] settle_hand (3 players + pool, rated, queued for review), sequential: {fmt(samples)}")

    samples = []
    for i in range(n):
        t0 = time.perf_counter()
        await store.settle_hand(hand(i, 0))
        samples.append(time.perf_counter() - t0)
    print(f"[{sync}] settle_hand retry (already settled):    {fmt(samples)}")

    per_table = max(n // tables, 1)

    async def table(t: int, out: list[float]) -> None:
        for i in range(per_table):
            t0 = time.perf_counter()
            await store.save_table_state(1, 100 + t, state)
            out.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await store.settle_hand(hand(10_000 + i, t))
            out.append(time.perf_counter() - t0)

    samples = []
    t0 = time.perf_counter()
    await asyncio.gather(*(table(t, samples) for t in range(tables)))
    wall = time.perf_counter() - t0
    ops = len(samples)
    print(
        f"[{sync}] {tables} tables at once, save+settle interleaved: {ops / wall:.0f} ops/s,"
        f" per-call incl. queueing {fmt(samples)}"
    )


def pcts(samples: list[float]) -> str:
    ms = sorted(x * 1000 for x in samples) or [0.0]
    return (f"p50 {ms[len(ms) // 2]:.1f} ms, p99 {ms[min(len(ms) - 1, int(len(ms) * 0.99))]:.1f} ms,"
            f" max {ms[-1]:.1f} ms (n {len(samples)})")


async def group_bench(sync: str, tables: int, interval: float, seconds: float, kb: int,
                      url: str | None = None, busy_ms: float = 0.0) -> None:
    """The group writer at ``tables`` tables (``--group-tables``), the event loop kept
    busy (``--busy-ms``) from the first lease claim on."""
    if busy_ms > 0:
        print(f"[{sync}] the event loop busy: {busy_ms:g} ms of CPU at every turn;"
              f" GIL switch interval {sys.getswitchinterval() * 1000:g} ms")
    with tempfile.TemporaryDirectory() as tmp:
        async with contextlib.AsyncExitStack() as busy:
            if url is not None:
                store: Store = await PostgresStore.open(url, synchronous=sync)
            else:
                store = await Store.open(Path(tmp) / "bench.sqlite3", synchronous=sync)
            for t in range(tables):
                await store.seed_pool(1, 100 + t, "nebraska", CHIPS, 10**9)
            state = fake_state(kb)
            lags: list[float] = []
            waits: list[float] = []
            versions: dict[int, int] = {}
            lock = store._write_lock
            original_acquire = lock.acquire

            async def timed_acquire() -> bool:
                t = time.perf_counter()
                ok = await original_acquire()
                waits.append(time.perf_counter() - t)
                return ok

            lock.acquire = timed_acquire  # type: ignore[method-assign]
            rng = random.Random(1)
            end = 0.0  # (set when the tables start)

            async def table(t: int) -> None:
                n = 0
                await asyncio.sleep(rng.uniform(0, interval))
                while time.perf_counter() < end:
                    queued = time.perf_counter()
                    done = asyncio.get_running_loop().create_future()

                    def written(version: int | None, done: asyncio.Future[None] = done, at: float = queued) -> None:
                        lags.append(time.perf_counter() - at)
                        if version is not None:
                            versions[t] = version
                        if not done.done():
                            done.set_result(None)

                    store.queue_table_state(1, 100 + t, {**state, "n": n}, expected_version=versions.get(t, 0),
                                            done=written)
                    n += 1
                    if n % 63 == 0:
                        await store.settle_hand(hand(n, t))
                    await asyncio.sleep(rng.expovariate(1 / interval))

            await busy.enter_async_context(busy_loop(busy_ms))
            # The leases of every table renewed in one claim (the bot renews those due together).
            keys = [(1, 100 + t) for t in range(tables)]
            walls: list[float] = []
            for _ in range(5):
                w = time.perf_counter()
                held = await store.claim_tables("bench", keys, ttl=90.0)
                walls.append(time.perf_counter() - w)
                assert len(held) == tables
            print(f"[{sync}] one lease claim of {tables} tables, 5 times: median {statistics.median(walls) * 1000:.0f} ms"
                  " (the write lock held as long)")
            # One group of every table at once, repeated: the writer's own cost per group.
            walls: list[float] = []
            cpus: list[float] = []
            for r in range(10):
                for t in range(tables):
                    store.queue_table_state(1, 100 + t, {**state, "r": r}, expected_version=r)
                w, c = time.perf_counter(), time.process_time()
                await store.flush_table_states()
                walls.append(time.perf_counter() - w)
                cpus.append(time.process_time() - c)
            print(f"[{sync}] one group of {tables} states, 10 times: median {statistics.median(walls) * 1000:.0f} ms"
                  f" wall, {statistics.median(cpus) * 1000:.0f} ms CPU of this process")
            for t in range(tables):
                versions[t] = 10
            lags.clear()
            waits.clear()
            t0 = time.perf_counter()
            end = t0 + seconds
            groups0 = store.groups
            await asyncio.gather(*(table(t) for t in range(tables)))
            await store.flush_table_states()
            wall = time.perf_counter() - t0
            groups = store.groups - groups0
            print(f"[{sync}] group writer, {tables} tables, a state every {interval:g} s each"
                  f" ({len(lags) / wall:.0f} states/s): writer lag {pcts(lags)};"
                  f" write-lock wait {pcts(waits)}; {groups} groups, {len(lags) / max(groups, 1):.1f} states a group")
            await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--state-kb", type=int, default=8)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--postgresql", action="store_true", help="a throwaway local PostgreSQL")
    parser.add_argument("--database-url", help="a PostgreSQL database of yours (an empty schema)")
    parser.add_argument("--group-tables", type=int, default=0,
                        help="measure the group writer at this many tables instead")
    parser.add_argument("--interval", type=float, default=2.1, help="seconds between a table's states")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--busy-ms", type=float, default=0.0,
                        help="CPU milliseconds the event loop burns at every turn meanwhile")
    parser.add_argument("--switch-interval", type=float, default=None, metavar="S",
                        help="sys.setswitchinterval first (the bot sets bot.app.SWITCH_INTERVAL)")
    parser.add_argument("--sync", default=None, help="only this synchronous mode (FULL or NORMAL)")
    args = parser.parse_args()
    if args.switch_interval is not None:
        sys.setswitchinterval(args.switch_interval)
    cluster: Cluster | None = None
    if args.postgresql:
        started = start_cluster()
        if isinstance(started, str):
            sys.exit(started)
        cluster = started
    try:
        for sync in (args.sync,) if args.sync else ("FULL", "NORMAL"):
            url = fresh_url(cluster) if cluster is not None else args.database_url
            if url is not None:
                print(f"PostgreSQL {cluster.version if cluster else ''}")
            if args.group_tables:
                await group_bench(sync, args.group_tables, args.interval, args.seconds, args.state_kb, url,
                                  args.busy_ms)
            else:
                await bench(sync, args.n, args.state_kb, args.tables, url, args.busy_ms)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
