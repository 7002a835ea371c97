"""What the reviews made again cost the analysis queue (issue #28, ``REVIEW_VERSION``).

    .venv/bin/python benchmarks/remake_queue.py [--hands 20000] [--takes 200] [--postgresql]

Every analyst looks at the queue every 5 s when it is idle, and ``take_analysis`` now
also looks for a review an older judge made (the most recent hand first).  On a store of
``--hands`` reviewed hands this prints the CPU time of this process (the event loop and
the driver's threads; on PostgreSQL the server's work is not in it) per
``take_analysis``, median and p95 of ``--takes`` calls:

* **idle**: no job waits and every review is the current judge's (the look every 5 s);
* **older**: every review an older judge's (each take finds the most recent one left);

and the plan the database chose for the second look (it should search the index
``analyses_by_version``, with no sort of the table).  ``--postgresql``: a throwaway local
server (``tests/pg_cluster.py``) instead of a SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ai.review import REVIEW_VERSION  # noqa: E402
from bot.store import open_store  # noqa: E402
from bot.store.interface import is_postgres_url  # noqa: E402

HANDS = ("INSERT INTO hands (hand_id, guild_id, channel_id, variant, currency, bidder, bidder_won,"
         " participants_json, deltas_json, digest, record_json, season)"
         " VALUES (?, 1, 10, 'nebraska', 'chips', 7, 1, '[7, 8]', '{}', 'x', '{}', 1)")
ANALYSES = ("INSERT INTO analyses (hand_id, seats_json, status, review_json, review_version)"
            " VALUES (?, '[0, 1]', 'done', '{}', ?)")
OLDER = ("SELECT seq, hand_id, seats_json, 0 FROM analyses WHERE status = 'done' AND review_version < {v}"
         " ORDER BY review_version, seq DESC LIMIT 1")


def run_sql(location: str | Path, statements: Sequence[tuple[str, Sequence[Sequence[Any]]]]) -> list[str]:
    """Run each statement over its rows (one transaction); the last one's rows as text."""
    out: list[str] = []
    if isinstance(location, str) and is_postgres_url(location):
        import psycopg

        with psycopg.connect(location) as pg:
            for sql, rows in statements:
                with pg.cursor() as cur:
                    if rows:
                        cur.executemany(sql.replace("?", "%s"), rows)
                    else:
                        cur.execute(sql)
                        out = [str(r[0]) for r in cur.fetchall()] if cur.description else []
        return out
    conn = sqlite3.connect(location)
    try:
        with conn:
            for sql, rows in statements:
                if rows:
                    conn.executemany(sql, rows)
                else:
                    out = [str(r[-1]) for r in conn.execute(sql).fetchall()]
    finally:
        conn.close()
    return out


async def takes(location: str | Path, n: int, hands: int, version: int) -> list[float]:
    """CPU seconds of each of ``n`` takes, on ``hands`` hands reviewed by ``version``."""
    store = await open_store(location)
    try:
        pg = isinstance(location, str) and is_postgres_url(location)
        run_sql(location, [(HANDS, [(f"h{i}",) for i in range(hands)]),
                           (ANALYSES, [(f"h{i}", version) for i in range(hands)]),
                           *([("ANALYZE analyses", [])] if pg else [])])  # (as autovacuum would)
        out = []
        for i in range(n):
            start = time.process_time()
            await store.take_analysis(f"bench{i}", review_version=REVIEW_VERSION, now=1000.0 + i)
            out.append(time.process_time() - start)
        return out
    finally:
        await store.close()


def summary(name: str, cpu: list[float], hands: int) -> str:
    cpu = sorted(cpu)
    p95 = cpu[min(len(cpu) - 1, round(0.95 * (len(cpu) - 1)))]
    return (f"{name:<6} median {1000 * statistics.median(cpu):.3f} ms CPU, p95 {1000 * p95:.3f} ms"
            f" ({len(cpu)} takes, {hands} reviewed hands)")


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--takes", type=int, default=200)
    ap.add_argument("--postgresql", action="store_true", help="a throwaway local PostgreSQL server")
    args = ap.parse_args()
    cluster = None
    if args.postgresql:
        from tests.pg_cluster import fresh_url, start_cluster

        started = start_cluster()
        if isinstance(started, str):
            print(started)
            return 2
        cluster = started
        print(f"PostgreSQL {cluster.version}")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            location: str | Path = Path(tmp)
            for name, version in (("idle", REVIEW_VERSION), ("older", REVIEW_VERSION - 1)):
                location = fresh_url(cluster) if cluster is not None else Path(tmp) / f"{name}.sqlite3"
                cpu = asyncio.run(takes(location, args.takes, args.hands, version))
                print(summary(name, cpu, args.hands))
            explain = "EXPLAIN " if cluster is not None else "EXPLAIN QUERY PLAN "
            print("plan:", " / ".join(p.strip() for p in run_sql(
                location, [(explain + OLDER.format(v=REVIEW_VERSION), [])])))
    finally:
        if cluster is not None:
            cluster.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
