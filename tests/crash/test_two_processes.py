"""Two bot processes, one per Discord shard, on one PostgreSQL database (issue #16):
tables in guilds of both, one process SIGKILLed and restarted while the other plays
on, and a misconfigured third process claiming the same shard.  Every table is served
by exactly one process, nothing is paid twice, the books stay exact.

How the processes are run, and what SimCord can and cannot share between them:
``tests/crash/two_processes.py``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import pytest

from tests.crash.two_processes import GUILDS
from tests.pg_cluster import Cluster, fresh_url

REPO = Path(__file__).resolve().parents[2]
GUILD_OF_SHARD = {(gid >> 22) % 2: gid for _name, gid in GUILDS}


class Worker:
    """One bot process; its output is read as it comes (a thread), so it never blocks."""

    def __init__(self, url: str, shard: int, name: str, stopfile: Path | None, hands: int) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.crash.two_processes", "worker", url, str(shard), name,
             str(stopfile) if stopfile is not None else "-", str(hands)],
            cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.lines: list[str] = []
        self.err: list[str] = []
        self._threads = [threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True),
                         threading.Thread(target=self._read, args=(self.proc.stderr, self.err), daemon=True)]
        for t in self._threads:
            t.start()

    @staticmethod
    def _read(stream: IO[str] | None, into: list[str]) -> None:
        assert stream is not None
        for line in stream:
            into.append(line.rstrip("\n"))

    def wait_for(self, prefix: str, count: int = 1, timeout: float = 240) -> None:
        """Wait until ``count`` lines start with ``prefix``."""
        deadline = time.monotonic() + timeout
        while sum(1 for ln in list(self.lines) if ln.startswith(prefix)) < count:
            if self.proc.poll() is not None:
                self._join()
                if sum(1 for ln in self.lines if ln.startswith(prefix)) >= count:
                    return
                raise AssertionError(f"{self.name} ended before {count} x {prefix!r}: {self.errors()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: no {count} x {prefix!r} in time")
            time.sleep(0.01)

    def _join(self) -> None:
        for t in self._threads:
            t.join(timeout=30)

    def finish(self, timeout: float = 240) -> list[str]:
        self.proc.wait(timeout=timeout)
        self._join()
        assert self.proc.returncode == 0 and "DONE" in self.lines, f"{self.name} failed: {self.errors()}"
        return self.lines

    def kill(self) -> list[str]:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=60)
        self._join()
        return self.lines

    def errors(self) -> str:
        return "\n".join(self.err)[-4000:]

    def restored(self) -> set[tuple[int, int]]:
        return {(int(p[1]), int(p[2])) for p in (ln.split() for ln in self.lines) if p[0] == "RESTORED"}

    def opened(self) -> set[tuple[int, int]]:
        return {(int(p[1]), int(p[2])) for p in (ln.split() for ln in self.lines) if p[0] == "OPENED"}

    def paid(self) -> list[str]:
        return [ln.split()[1] for ln in self.lines if ln.startswith("P ")]


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
def test_two_processes_serve_each_table_once_and_pay_each_hand_once(
    pg_cluster: Cluster | str, tmp_path: Path
) -> None:
    """Shard 0 and shard 1 run in two processes on one database.  Shard 0's process is
    killed mid-play and started again (same name: it takes its leases back at once)
    while shard 1's plays on; a third process, misconfigured with shard 0 under another
    name, is refused every table.  Afterwards: each process served only its guild's
    tables, the restart restored exactly shard 0's tables, every hand was paid by one
    process once, each table's settled hands are exactly its hands 1..n, the books are
    exact and every lease was handed back."""
    if isinstance(pg_cluster, str):
        pytest.skip(pg_cluster)
    url = fresh_url(pg_cluster)
    stop0, stop1 = tmp_path / "stop0", tmp_path / "stop1"

    one = Worker(url, 1, "proc1", stop1, hands=2)
    zero = Worker(url, 0, "proc0", stop0, hands=2)
    zero.wait_for("P ", count=2)  # both tables opened, their first hands paid (during Start)
    first_run = zero.kill()
    assert zero.opened() == {(GUILD_OF_SHARD[0], c) for g, c in zero.opened()}
    assert len(zero.opened()) == 2

    again = Worker(url, 0, "proc0", stop0, hands=2)
    again.wait_for("UP")
    assert again.restored() == zero.opened(), "the restart restores exactly shard 0's tables"
    rogue = Worker(url, 0, "rogue", None, hands=1)  # while the restarted process plays
    rogue_lines = rogue.finish()
    assert rogue.restored() == set() and rogue.opened() == set() and rogue.paid() == []
    assert sum(1 for ln in rogue_lines if ln.startswith("REFUSED")) == 2

    again.wait_for("P ", count=1)
    stop0.touch()
    stop1.touch()
    again_lines = again.finish()
    one_lines = one.finish()

    # Each process served only its own guild's tables.
    assert {g for g, _c in one.opened()} == {GUILD_OF_SHARD[1]} and len(one.opened()) == 2
    assert one.restored() == set() and not again.opened()
    # Every hand paid by exactly one process, once.
    paid = zero.paid() + again.paid() + one.paid()
    assert len(paid) == len(set(paid)), "a hand was settled twice"
    assert not ({p for p in zero.paid() + again.paid()} & set(one.paid()))
    finals = {(int(p[1]), int(p[2])): (p[3], int(p[4]))
              for p in (ln.split() for ln in again_lines + one_lines) if p[0] == "TABLE"}
    assert set(finals) == zero.opened() | one.opened()
    problems = asyncio.run(_check_books(url, finals))
    assert problems == [], problems
    assert first_run and any(ln.startswith("P ") for ln in again_lines)


async def _check_books(url: str, finals: dict[tuple[int, int], tuple[str, int]]) -> list[str]:
    import psycopg

    from bot.store.pg import PostgresStore

    store = await PostgresStore.open(url)
    try:
        problems = list(await store.check_integrity())
        for (guild, channel), (status, hand_no) in finals.items():
            hands = await store.recent_hands(guild, channel, limit=1000)
            numbers = sorted(int(h.hand_id.rsplit("-", 1)[1]) for h in hands)
            want = list(range(1, hand_no + 1)) if status == "between" else list(range(1, hand_no))
            if numbers != want:
                problems.append(f"table {guild}/{channel} ({status} {hand_no}): settled {numbers}")
            saved = await store.load_table_state(guild, channel)
            if saved is None or saved.state["hand_no"] != hand_no:
                problems.append(f"table {guild}/{channel}: saved state is not its last one")
    finally:
        await store.close()
    async with await psycopg.AsyncConnection.connect(url) as conn:
        cur = await conn.execute("SELECT owner, guild_id, channel_id FROM table_leases")
        left = await cur.fetchall()
    if left:
        problems.append(f"leases not handed back: {left}")
    return problems
