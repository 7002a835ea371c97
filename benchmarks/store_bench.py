"""Store timings: save_table_state (called after every action) and settle_hand.

    .venv/bin/python benchmarks/store_bench.py [--n 500] [--state-kb 8] [--postgresql]

``--postgresql`` measures the PostgreSQL store instead, on a throwaway local server
(``tests/pg_cluster.py``; durability off there, so its FULL/NORMAL rows differ only by
``synchronous_commit``), ``--database-url URL`` on a server of yours (an empty schema).

Prints per-call latency (median / p95 / max) for synchronous=FULL (the default,
fsync per commit) and NORMAL, sequentially and with many tables at once.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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
    players = [1 + (table + k) % 20 for k in range(3)]
    return SettledHand.from_deltas(
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
    )


def fmt(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[int(len(ms) * 0.95) - 1]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"


async def bench(sync: str, n: int, kb: int, tables: int, url: str | None = None) -> None:
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
        print(f"[{sync}] settle_hand (3 players + pool), sequential: {fmt(samples)}")

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
        problems = await store.check_integrity()
        assert problems == [], problems
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--state-kb", type=int, default=8)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--postgresql", action="store_true", help="a throwaway local PostgreSQL")
    parser.add_argument("--database-url", help="a PostgreSQL database of yours (an empty schema)")
    args = parser.parse_args()
    cluster: Cluster | None = None
    if args.postgresql:
        started = start_cluster()
        if isinstance(started, str):
            sys.exit(started)
        cluster = started
    try:
        for sync in ("FULL", "NORMAL"):
            url = fresh_url(cluster) if cluster is not None else args.database_url
            if url is not None:
                print(f"PostgreSQL {cluster.version if cluster else ''}")
            await bench(sync, args.n, args.state_kb, args.tables, url)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())
