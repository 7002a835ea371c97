"""Where a paid hand's luck is worked out: on the event loop, in a thread, or in the
search worker process (``bot.ai.pool.luck_off_loop``, issue 28).

The ratings of a paid hand rank its sides by money minus luck, and the payment awaits the
luck (``bot.tables.ratings.live_outcome``).  For hands of each variant played by the
normal player in every seat, the script works each hand's luck out three ways while a
probe coroutine wakes every half millisecond on the same loop, and prints, per way:

* **latency**: how long the payment waits for the luck (wall clock, p50 / p95);
* **loop CPU**: CPU time the loop's thread spent in it (``time.thread_time``, p50);
* **loop gap**: the probe's longest wait during it (p50 / p95): how long a click
  arriving meanwhile would wait.  ``idle`` is the same probe with nothing to do (the
  machine's own noise).

A thread holds the GIL while it computes, so the loop waits for it as for the inline
call; the worker process leaves the loop free.

    nice -n 19 .venv/bin/python benchmarks/luck_off_loop.py --hands 60 nebraska czech
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from typing import Any

from bot.ai import pool
from bot.ai.normal import choose_normal
from bot.ai.review import luck_of_record
from bot.engine import ENGINE_BUILD, VARIANTS, find_variant, new_game

WAYS = ("idle", "inline", "thread", "process")


def records(variant: str, n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` finished hands of ``variant``, the normal player in every seat."""
    seats = find_variant(variant).seat_counts[0]
    out = []
    for d in range(n):
        g = new_game(variant, players=seats, dealer=d % seats, rng=random.Random(seed * 100_000 + d))
        while g.to_act is not None:
            s = g.to_act
            g.act(s, choose_normal(g, s).action)
        out.append(g.to_record())
    return out


async def _probe(stop: asyncio.Event, gaps: list[float]) -> None:
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.0005)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now


async def _once(record: dict[str, Any], way: str) -> tuple[float, float, float]:
    stop = asyncio.Event()
    gaps: list[float] = []
    probe = asyncio.create_task(_probe(stop, gaps))
    await asyncio.sleep(0.002)
    c0, t0 = time.thread_time(), time.perf_counter()
    if way == "idle":
        await asyncio.sleep(0.005)
    elif way == "inline":
        luck_of_record(record)
    elif way == "thread":
        await asyncio.to_thread(luck_of_record, record)
    else:
        await pool.luck_off_loop(record)
    latency, cpu = time.perf_counter() - t0, time.thread_time() - c0
    stop.set()
    await probe
    return latency, cpu, max(gaps, default=0.0)


def _q(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(p * len(s)))] * 1000


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", default=["nebraska", "czech"], choices=sorted(VARIANTS))
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    print(f"engine: {ENGINE_BUILD}")
    try:
        for variant in args.variants:
            recs = records(variant, args.hands, args.seed)
            await pool.luck_off_loop(recs[0])  # (the worker started before the count)
            for way in WAYS:
                runs = [await _once(r, way) for r in recs]
                lat, cpu, gap = ([x[i] for x in runs] for i in range(3))
                print(f"{variant:9s} {way:8s} latency p50 {_q(lat, .5):6.2f} p95 {_q(lat, .95):6.2f} ms"
                      f" | loop CPU p50 {_q(cpu, .5):5.2f} ms"
                      f" | loop gap p50 {_q(gap, .5):6.2f} p95 {_q(gap, .95):6.2f} ms")
    finally:
        pool.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
