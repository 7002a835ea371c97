"""SIGKILL crash harness for the store (used by test_crash.py and benchmarks/store_crash.py).

A *worker* process plays like the bot: several tables run concurrently, each saves
its table state after every action and settles each hand, then carries on from
whatever state it finds after a restart.  The *driver* starts a worker, kills it
with SIGKILL at a random moment, checks the database, and starts it again.  When a
worker finishes every hand the driver checks the final books and starts a new round
on a fresh file (so kills also land during migrations at start-up).

Two settlement styles are exercised: even tables pass the next table state to
``settle_hand`` (one transaction); odd tables settle, then save the state separately,
so a kill between the two makes the restarted worker settle the same hand again,
which must be a no-op.  On every restart each table also re-settles its previous
hand on purpose; the worker exits with code 3 if any of those pays out.

Every hand's money is a pure function of (table, hand number), so the checker knows
exactly what the books must say for the hands it finds settled.

Run the worker: ``python -m tests.store.crash_harness worker DB``.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from bot.store import CHIPS, POOL, Party, SettledHand, Store

GUILD = 1
TABLES = 6
HANDS_PER_TABLE = 30
ACTIONS_PER_HAND = 5
START = 1000
VARIANT = "nebraska"
REPO = Path(__file__).resolve().parents[2]


def channel_of(table: int) -> int:
    return 100 + table


def players_of(table: int) -> list[int]:
    """Four players per table; players 1..8 sit at several tables (shared balances)."""
    return [1 + (table + k) % 8 for k in range(3)] + [-1 - table]


def hand_id(table: int, n: int) -> str:
    return f"g{GUILD}-c{channel_of(table)}-h{n}"


def contribution(table: int, n: int) -> int:
    return random.Random(f"pool-{table}-{n}").randint(0, 6)


def hand_deltas(table: int, n: int) -> dict[Party, int]:
    """The money of hand ``n`` at ``table``: losers pay the winner; the pool takes a
    contribution, and every fourth hand pays the last three contributions out."""
    rng = random.Random(f"hand-{table}-{n}")
    players = players_of(table)
    winner = rng.choice(players)
    deltas: dict[Party, int] = {}
    won = 0
    for p in players:
        if p != winner:
            stake = rng.randint(1, 50)
            deltas[p] = -stake
            won += stake
    if n % 4 == 3:
        payout = sum(contribution(table, k) for k in range(n - 3, n))
        deltas[POOL] = -payout
        won += payout
    else:
        c = contribution(table, n)
        deltas[POOL] = c
        won -= c
    deltas[winner] = won
    return {k: v for k, v in deltas.items() if v != 0 or k is POOL}


def make_hand(table: int, n: int) -> SettledHand:
    deltas = hand_deltas(table, n)
    if deltas.get(POOL) == 0:
        del deltas[POOL]
    players = players_of(table)
    bidder = players[n % len(players)]
    return SettledHand.from_deltas(
        deltas=deltas,
        hand_id=hand_id(table, n),
        guild_id=GUILD,
        channel_id=channel_of(table),
        variant=VARIANT,
        currency=CHIPS,
        season=1,
        record={"table": table, "n": n, "tricks": list(range(12))},
        participants=players,
        bidder=bidder,
        bidder_won=deltas.get(bidder, 0) > 0,
    )


# ---------------------------------------------------------------------------- worker


async def run_table(store: Store, table: int, log: Callable[[str], None]) -> None:
    ch = channel_of(table)
    saved = await store.load_table_state(GUILD, ch)
    n, step = (0, 0) if saved is None else (int(saved.state["hand"]), int(saved.state["step"]))
    if n >= 1 and await store.settle_hand(make_hand(table, n - 1)):
        log(f"DOUBLE {table} {n - 1}")
        os._exit(3)
    while n < HANDS_PER_TABLE:
        while step < ACTIONS_PER_HAND:
            step += 1
            await store.save_table_state(GUILD, ch, {"hand": n, "step": step}, message_id=ch)
            await asyncio.sleep(0)
        log(f"S {table} {n}")
        next_state = {"hand": n + 1, "step": 0}
        if table % 2 == 0:
            await store.settle_hand(make_hand(table, n), table_state=next_state)
        else:
            await store.settle_hand(make_hand(table, n))
            log(f"P {table} {n}")
            await store.save_table_state(GUILD, ch, next_state)
        log(f"D {table} {n}")
        n, step = n + 1, 0


async def worker_main(db: str) -> None:
    def log(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    log("OPEN")
    store = await Store.open(db)
    log("READY")
    try:
        if CHIPS not in await store.get_starting_amounts(GUILD):
            await store.set_starting_amount(GUILD, CHIPS, START)
        await asyncio.gather(*(run_table(store, t, log) for t in range(TABLES)))
    finally:
        await store.close()
    log("DONE")


# ---------------------------------------------------------------------------- checker


async def check_database(db: Path) -> tuple[list[str], int]:
    """Check the books after a kill; return (problems, hands settled)."""
    problems: list[str] = []
    store = await Store.open(db)
    try:
        problems += await store.check_integrity()
        start = (await store.get_starting_amounts(GUILD)).get(CHIPS)
        balances: dict[int, int] = {}
        total = 0
        for table in range(TABLES):
            ch = channel_of(table)
            count = await store.count_hands(GUILD, ch)
            total += count
            settled = {h.hand_id for h in await store.recent_hands(GUILD, ch, limit=10**6)}
            if settled != {hand_id(table, k) for k in range(count)}:
                problems.append(f"table {table}: settled hands are not a prefix: {sorted(settled)}")
            pool = 0
            if count:
                for player in players_of(table):
                    balances.setdefault(player, start or 0)
            for k in range(count):
                want = make_hand(table, k).deltas()
                got = await store.get_hand(hand_id(table, k))
                assert got is not None
                got_deltas: dict[Party, int] = {p: d for p, d in got.deltas.items()}
                if got.pool_delta:
                    got_deltas[POOL] = got.pool_delta
                if got_deltas != want:
                    problems.append(f"hand {table}/{k}: {got_deltas} != {want}")
                for p, d in want.items():
                    if p is POOL:
                        pool += d
                    else:
                        assert isinstance(p, int)
                        balances[p] += d
            if await store.get_pool(GUILD, ch, VARIANT, CHIPS) != pool:
                problems.append(
                    f"table {table}: pool {await store.get_pool(GUILD, ch, VARIANT, CHIPS)} != {pool}"
                )
            saved = await store.load_table_state(GUILD, ch)
            if saved is None:
                if count:
                    problems.append(f"table {table}: {count} hands settled but no table state")
                continue
            h, step = int(saved.state["hand"]), int(saved.state["step"])
            if table % 2 == 0:
                ok = h == count
            else:
                ok = h == count or (h == count - 1 and step == ACTIONS_PER_HAND)
            if not ok or not 0 <= step <= ACTIONS_PER_HAND:
                problems.append(f"table {table}: state {saved.state} with {count} hands settled")
        if balances:
            stored = await store.balances(GUILD, 1, CHIPS, balances)
            if stored != balances:
                problems.append(f"balances {stored} != expected {balances}")
        ledger_rows = (await store.export_ledger_csv(GUILD)).count("\n") - 1
        counts = [await store.count_hands(GUILD, channel_of(t)) for t in range(TABLES)]
        want_rows = len(balances) * (1 if start else 0) + sum(
            len(make_hand(t, k).transfers) for t in range(TABLES) for k in range(counts[t])
        )
        if ledger_rows != want_rows:
            problems.append(f"ledger has {ledger_rows} rows, expected {want_rows}")
        return problems, total
    finally:
        await store.close()


# ---------------------------------------------------------------------------- driver


@dataclass
class CrashReport:
    runs: int = 0
    kills: int = 0
    rounds_completed: int = 0
    killed_at: dict[str, int] = field(default_factory=dict)
    double_payments: int = 0
    problems: list[str] = field(default_factory=list)
    hands_checked: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        where = ", ".join(f"{k}: {v}" for k, v in sorted(self.killed_at.items()))
        return (
            f"{self.runs} worker runs, {self.kills} SIGKILLs ({where}); "
            f"{self.rounds_completed} rounds played to the end; "
            f"{self.hands_checked} settled hands checked after kills; "
            f"double payments: {self.double_payments}; problems: {len(self.problems)}; "
            f"{self.seconds:.1f}s"
        )


def _phase(lines: list[str]) -> str:
    """Where the worker was when it died, from its last log lines."""
    if not lines or lines[-1] == "OPEN":
        return "start-up/migration"
    open_settlements: set[str] = set()
    paid_not_saved: set[str] = set()
    for line in lines:
        kind, _, rest = line.partition(" ")
        if kind == "S":
            open_settlements.add(rest)
        elif kind == "P":
            open_settlements.discard(rest)
            paid_not_saved.add(rest)
        elif kind == "D":
            open_settlements.discard(rest)
            paid_not_saved.discard(rest)
    if open_settlements:
        return "with a settlement in flight"
    if paid_not_saved:
        return "between settlement and state save"
    return "during play"


class _Lines(threading.Thread):
    """The worker's stdout, line by line, as it comes (a thread: the driver never blocks)."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.lines: list[str] = []

    def run(self) -> None:
        for line in self.stream:
            self.lines.append(line.rstrip("\n"))

    def count(self, prefix: str) -> int:
        return sum(1 for line in list(self.lines) if line.startswith(prefix))


#: Seconds without a new line from a worker that is not done: it hangs (a problem).
STALL = 120.0
#: Kill modes and their weights: at start-up (timed from the worker's ``OPEN``), at a
#: random time in play (timed from ``READY``), aimed at the nth settlement.
MODES = ("start", "time", "time", "time", "settle", "settle")


def run_crash_test(
    workdir: Path,
    kills: int,
    *,
    seed: int = 0,
    max_delay: float = 1.2,
    progress: Callable[[str], None] | None = None,
) -> CrashReport:
    """Kill the worker ``kills`` times at random moments; check the books every time.

    Every kill is timed from a moment the worker signals (``OPEN``: it is about to open
    the store; ``READY``: the store is open; ``S``: a settlement starts), never from the
    process's spawn: on a busy machine the interpreter's start-up alone can take longer
    than any delay drawn here, and kills timed from the spawn then all landed before
    the store was even opened (``killed_at={'start-up/migration': 20}``, no hand checked).
    """
    rng = random.Random(seed)
    report = CrashReport()
    started = time.monotonic()
    round_no = 0
    db = workdir / f"round{round_no}" / "crash.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    while report.kills < kills:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_harness", "worker", str(db)],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stderr is not None
        out = _Lines(proc.stdout)
        out.start()
        report.runs += 1
        mode = rng.choice(MODES)
        mark = "OPEN" if mode == "start" else "READY"
        delay = rng.uniform(0.0, 0.1) if mode == "start" else rng.uniform(0.05, max_delay)
        nth = rng.randint(1, 2 * TABLES)
        deadline: float | None = None  # set once the worker reached ``mark``
        seen, last_news = 0, time.monotonic()
        killed = stalled = False
        while proc.poll() is None:
            now = time.monotonic()
            if len(out.lines) != seen:
                seen, last_news = len(out.lines), now
            if deadline is None and mark in out.lines:
                deadline = now + delay
            if mode == "settle":
                hit = out.count("S ") >= nth
            else:
                hit = deadline is not None and now >= deadline
            stalled = now - last_news > STALL
            if hit or stalled:
                if mode == "settle":
                    time.sleep(rng.uniform(0, 0.004))
                if proc.poll() is None:
                    proc.send_signal(signal.SIGKILL)
                    killed = not stalled
                break
            time.sleep(0.0005)
        proc.wait()
        out.join(timeout=30)
        err = proc.stderr.read()
        lines = list(out.lines)
        if stalled:
            report.problems.append(f"run {report.runs}: the worker printed nothing for {STALL:.0f} s: {lines[-3:]}")
            break
        if killed:
            report.kills += 1
            phase = _phase(lines)
            report.killed_at[phase] = report.killed_at.get(phase, 0) + 1
        elif proc.returncode == 3 or any(line.startswith("DOUBLE") for line in lines):
            report.double_payments += 1
            report.problems.append(
                f"run {report.runs}: a retried hand was paid again: {lines[-1:]}"
            )
        elif proc.returncode != 0:
            report.problems.append(
                f"run {report.runs}: worker failed ({proc.returncode}): {err[-2000:]}"
            )
            break
        problems, hands = asyncio.run(check_database(db))
        report.hands_checked += hands
        report.problems += [f"run {report.runs}: {p}" for p in problems]
        if not killed and proc.returncode == 0:
            if hands != TABLES * HANDS_PER_TABLE:
                report.problems.append(f"run {report.runs}: finished with {hands} hands")
            report.rounds_completed += 1
            round_no += 1
            db = workdir / f"round{round_no}" / "crash.sqlite3"
        if progress is not None and killed:
            progress(
                f"kill {report.kills}/{kills}: {report.killed_at}, problems {len(report.problems)}"
            )
        if report.problems:
            break
    report.seconds = time.monotonic() - started
    return report


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "worker":
        asyncio.run(worker_main(sys.argv[2]))
    else:
        sys.exit("usage: python -m tests.store.crash_harness worker DB")
