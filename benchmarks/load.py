"""Load benchmark: many tables at once, the real bot and its real SQLite file, under SimCord.

    .venv/bin/python benchmarks/load.py --tables 50 --mode human --seconds 60
    .venv/bin/python benchmarks/load.py --tables 20 --mode nothink --seconds 30 [--json]

T tables in T channels, each with two humans and two computer players.  The humans
click the choices their private panels show (a random legal one); computers play as
in the bot.  Modes:

* ``human``: a human thinks 2–4 s (3 s on average) before each click, a computer
  ``--ai-delay`` (1.2 s), the table message is edited at most once a second;
* ``nothink``: nobody waits and every change edits the table message.

Between hands the first human deals the next one.  Before measuring, each table is
played on without pauses to a random point of its hand (``--from-deal``: not), so that
hands end, are paid and reviewed all through the measurement, as on a server whose
tables were opened at different times.  Printed at the end: click → ack
and click → table edit (p50 / p95 / p99), engine actions per second (humans and
computers), CPU seconds per hand (the whole process: the event loop, render threads
and the SQLite threads), RSS per table, SQLite write transactions and bytes per hand,
discord.py's stored views and the bot's own panel entries per action.

The clicks go through SimCord's in-memory Discord as real interactions (an
``INTERACTION_CREATE`` the bot receives and answers over the simulated HTTP API);
the driver does not wait for SimCord to *settle* (that serialises everything), it
waits for the panel to show the player's turn, like a person looking at it.  The
simulated Discord runs in this process: its own cost is part of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import logging
import os
import pickle
import random
import resource
import sys
import tempfile
import threading
import time
import types
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: Actions in a Czech hand of this benchmark (measured: 60-66), for per-hand figures of
#: runs too short to finish a few hands.
ACTIONS_PER_HAND = 63
#: Seconds a player's panel may show the moment they chose on before they choose again.
RECHOOSE = 3.0
#: Seconds without a table moving on after which the spreading stops waiting.
SPREAD_STALL = 20.0
#: The first server id's high bits (``id >> 22``): the servers are numbered from here.
GUILD_BASE = 1 << 12
PLAY = "throw_in_povinnost=false"  # a quiet povinnost is played out (CZ-10): hands reach the tricks


def edit_reasons(metrics: Any) -> dict[str, float]:
    """The bot's message edits so far by message and reason ("table: change", ...)."""
    return {f"{sample.labels['message']}: {sample.labels['reason']}": sample.value
            for family in metrics.MESSAGE_EDITS.collect() for sample in family.samples
            if sample.name.endswith("_total")}


def rss_bytes() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


#: The kinds of child process the bot starts, by their command line: the render pool's
#: processes are started with ``spawn`` (``multiprocessing.spawn``), as is the resource
#: tracker that comes with it; the search and review workers are forked (this driver's
#: command line).
CHILD_KINDS = (("multiprocessing.spawn", "pictures"), ("resource_tracker", "resource tracker"))


def children_cpu_seconds() -> dict[str, float]:
    """CPU seconds (user + system) of this process's live child processes, from ``/proc``,
    by kind (``CHILD_KINDS``; "search and reviews": the forked workers of ``bot.ai.pool``);
    empty where there is none.  A child that ended meanwhile is not counted."""
    total: dict[str, float] = {}
    try:
        tick = os.sysconf("SC_CLK_TCK")
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) != os.getpid():  # ppid
                    continue
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    cmdline = f.read()
            except OSError:
                continue
            kind = next((k for marker, k in CHILD_KINDS if marker.encode() in cmdline), "search and reviews")
            total[kind] = total.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        return total
    except (OSError, ValueError):
        return {}


def threads_cpu_seconds(names: Mapping[int, str]) -> dict[str, float]:
    """CPU seconds (user + system) of this process's threads other than the event
    loop's, from ``/proc``, by name: ``names`` (native thread id -> name) first, then the
    thread's Python name; threads of one name are added up."""
    total: dict[str, float] = {}
    by_id = {t.native_id: t.name for t in threading.enumerate() if t.native_id is not None}
    tick = os.sysconf("SC_CLK_TCK")
    main = threading.main_thread().native_id
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return {}
    for tid in tasks:
        if int(tid) == main:
            continue
        try:
            with open(f"/proc/self/task/{tid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(tid)) or by_id.get(int(tid), "(not Python's)").split(" ", 1)[0]
        name = name.rstrip("0123456789").rstrip("-_")  # ("Thread-3", "asyncio_0": numbered alike)
        total[name] = total.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return total


def percentiles(samples: list[float]) -> dict[str, float]:
    """p50 / p95 / p99 / max in milliseconds (nearest rank)."""
    if not samples:
        return {"n": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    ms = sorted(s * 1000.0 for s in samples)

    def rank(p: float) -> float:
        return ms[min(len(ms) - 1, max(0, int(round(p * len(ms))) - 1))]

    return {"n": len(ms), "p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99), "max": ms[-1]}


#: Who a stack frame works for, by its file (the innermost frame that names a party
#: wins: ``copy.deepcopy`` called by SimCord is the simulator's, ``json.dumps`` called by
#: the store is the bot's).
PARTIES: tuple[tuple[str, str], ...] = (
    ("/simcord/", "simulator"),
    ("/benchmarks/", "simulator"),  # this driver
    ("/tests/", "simulator"),  # the test harness's helpers the driver uses
    ("/discord/", "discord.py"),
    ("/aiosqlite/", "store driver"),
    ("/psycopg/", "store driver"),
    ("/bot/", "bot"),
    ("/cogs/", "bot"),
    ("/rendering/", "bot"),
)


def party_of(frame: Any) -> tuple[str, str]:
    """The party a sampled stack works for (``idle``: the loop waits in ``select``) and
    the function of that party's innermost frame (``file:function``)."""
    code = frame.f_code
    if code.co_name in ("select", "poll") and "selectors" in code.co_filename:
        return "idle", ""
    f = frame
    while f is not None:
        name = f.f_code.co_filename
        for marker, party in PARTIES:
            if marker in name:
                where = name.split(marker, 1)[1]
                return party, f"{marker.strip('/')}/{where}:{f.f_code.co_name}"
        f = f.f_back
    return "event loop", f"{Path(code.co_filename).name}:{code.co_name}"


class Sampler:
    """Samples the process's CPU: a profiling timer (``ITIMER_PROF``, every
    ``interval`` CPU seconds of the process) interrupts the event loop's thread, which
    looks at its own stack and counts the sample by party (``party_of``): how the CPU
    splits between the bot (its code, discord.py, the store driver, the loop) and the
    simulated Discord with this driver, which a real deployment does not run.  A sample
    that finds the loop waiting in ``select`` is CPU of another thread (the SQLite
    threads, the render pool's feeder)."""

    def __init__(self, interval: float = 0.001, *, inclusive: bool = False) -> None:
        self.interval = interval
        self.counts: dict[str, int] = {}
        self.functions: dict[tuple[str, str], int] = {}
        #: ``inclusive`` (``--profile``): the bot's and discord.py's functions by the
        #: samples of the bot's or discord.py's own CPU (the simulator's excluded) in
        #: which they are anywhere on the stack: what they and their callees cost.
        self.inclusive: dict[tuple[str, str], int] | None = {} if inclusive else None
        self._previous: Any = None

    def _sample(self, signum: int, frame: Any) -> None:
        if frame is None:
            return
        party, where = party_of(frame)
        self.counts[party] = self.counts.get(party, 0) + 1
        if party != "idle":
            self.functions[(party, where)] = self.functions.get((party, where), 0) + 1
            if self.inclusive is not None and party in ("bot", "discord.py"):
                self._count_stack(frame)

    def _count_stack(self, frame: Any) -> None:
        assert self.inclusive is not None
        seen: set[tuple[str, str]] = set()
        f = frame
        while f is not None:
            name = f.f_code.co_filename
            for marker, party in PARTIES:
                if marker in name:
                    if party in ("bot", "discord.py"):
                        seen.add((party, f"{marker.strip('/')}/{name.split(marker, 1)[1]}:{f.f_code.co_name}"))
                    break
            f = f.f_back
        for key in seen:
            self.inclusive[key] = self.inclusive.get(key, 0) + 1

    def start(self) -> None:
        import signal

        self._previous = signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)

    def stop(self) -> None:
        import signal

        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, self._previous or signal.SIG_DFL)

    def shares(self) -> dict[str, float]:
        """Each party's share of the process's CPU (``other threads``: the loop waited)."""
        total = sum(self.counts.values()) or 1
        named = {("other threads" if k == "idle" else k): v / total for k, v in self.counts.items()}
        return dict(sorted(named.items(), key=lambda kv: -kv[1]))

    def top(self, n: int = 25) -> list[str]:
        """The ``n`` functions most often seen, with their party and share of busy samples."""
        total = sum(self.counts.values()) or 1
        ranked = sorted(self.functions.items(), key=lambda kv: -kv[1])[:n]
        return [f"  {v / total:6.1%}  {party:12} {where}" for (party, where), v in ranked]

    def top_inclusive(self, n: int = 40) -> list[str]:
        """The bot's and discord.py's ``n`` functions on the stack of the most of their
        own samples (as a share of all the samples, like ``top``)."""
        total = sum(self.counts.values()) or 1
        ranked = sorted((self.inclusive or {}).items(), key=lambda kv: -kv[1])[:n]
        return [f"  {v / total:6.1%}  {party:12} {where}" for (party, where), v in ranked]


class _Discarded(list):  # type: ignore[type-arg]
    """A log that keeps nothing (``quiet_log``)."""

    def append(self, item: Any) -> None:
        pass


class _NoCopy:
    """``copy`` for SimCord's router, whose only copies are its request log's."""

    @staticmethod
    def deepcopy(value: Any) -> Any:
        return value


def quiet_log(backend: Any) -> None:
    """SimCord keeps a log of every REST request (a deep copy of its JSON) and a transcript
    of every request and gateway event, for a test to read: here nobody reads them, and
    they cost the simulated Discord's CPU (the deep copies: ~6 % of the process's samples
    at 200 tables) and kept every payload alive for the whole run (a heap that grows, for
    the garbage collector to go through).  The benchmark keeps neither (``--keep-log``:
    as before session 38); the bot sends and receives the same."""
    from simcord.http import router

    router.copy = _NoCopy  # type: ignore[attr-defined]
    backend.http_requests = _Discarded()
    backend.transcript = _Discarded()


class TimedLock(asyncio.Lock):
    """The store's write lock, noting how long each acquisition waited."""

    def __init__(self, waits: list[float], on: Callable[[], bool]) -> None:
        super().__init__()
        self._waits = waits
        self._on = on
        self._since = 0.0
        self._who = ""
        #: Who held the lock (the task's kind and the innermost store method) -> seconds held.
        self.holds: dict[str, list[float]] = {}

    async def acquire(self) -> bool:
        t = time.perf_counter()
        ok = await super().acquire()
        if self._on():
            self._waits.append(time.perf_counter() - t)
        self._since = time.perf_counter()
        task = asyncio.current_task()
        frame = sys._getframe(1)
        method = ""
        while frame is not None and not method:
            if "/bot/store/" in frame.f_code.co_filename and frame.f_code.co_name not in ("_write", "_write_at_once", "__aenter__"):
                method = frame.f_code.co_name
            frame = frame.f_back  # type: ignore[assignment]
        self._who = f"{task_kind(task.get_name()) if task is not None else '?'} {method}"
        return ok

    def release(self) -> None:
        if self._on():
            self.holds.setdefault(self._who, []).append(time.perf_counter() - self._since)
        super().release()


def picture_path(out: Any, frame: Any) -> tuple[str, str]:
    """Who asked for a table picture coming back from the render pool (a change's
    ``_prefetch``, a throttled edit's ``_draw_table_picture``) and what its table did
    meanwhile: moved on (a newer change), or stands still with a throttled edit pending
    (a late picture's, ``spare``, or a held change's) or none (``--trace``)."""
    while frame is not None:
        name = frame.f_code.co_qualname
        if name.endswith("<locals>.draw") and "table" in frame.f_locals and "state" in frame.f_locals:
            who = "change" if "_prefetch" in name else "throttled edit" if "_draw_table_picture" in name else name
            table, state = frame.f_locals["table"], frame.f_locals["state"]
            if out._state(table) != state:
                return who, "table moved on"
            if table.id in out._pending:
                return who, "spare edit pending" if table.id in out._spare else "held edit pending"
            return who, "table stands"
        frame = frame.f_back
    return "other", "-"


def picture_table_id(frame: Any) -> str | None:
    """The id of the table whose drawing ``frame`` (or a caller) serves (``--trace``)."""
    while frame is not None:
        if frame.f_code.co_qualname.endswith("<locals>.draw") and "table" in frame.f_locals:
            return frame.f_locals["table"].id  # type: ignore[no-any-return]
        frame = frame.f_back
    return None


def publish_kind(out: Any, table: Any, spare: bool) -> str:
    """A ``publish`` call as the trace counts it: a late picture's edit or a change's,
    with the throttled edit pending then and whether the throttle lets it go now."""
    pending = table.id in out._pending
    held = "spare pending" if pending and table.id in out._spare else "held pending" if pending else "none pending"
    free = out._edit_wait(table, reserve=2 if spare else 0) <= 0
    return f"{'late' if spare else 'change'} ({held}, {'free' if free else 'throttled'})"


class ErrorCount(logging.Handler):
    """Counts the errors logged (the bot's, discord.py's, asyncio's: an exception no
    task retrieved), which SimCord does not see once its tracking is off."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class TracedLock:
    """A table's own lock, seen through this: notes who held it and for how long
    (``--trace``).  The table's lock itself stays the lock: a task that holds it or waits
    for it when the tracer starts still excludes the others (a new lock put in its place
    let a panel's drawing that held the old one edit the panel with what it showed
    before the moves made meanwhile)."""

    def __init__(self, lock: asyncio.Lock, holds: list[tuple[str, float, float]]) -> None:
        self._lock = lock
        self._holds = holds
        self._since = 0.0
        self._who = ""

    def locked(self) -> bool:
        return self._lock.locked()

    async def acquire(self) -> bool:
        ok = await self._lock.acquire()
        self._since = time.perf_counter()
        task = asyncio.current_task()
        self._who = task.get_name() if task is not None else "?"
        return ok

    def release(self) -> None:
        self._holds.append((self._who, self._since, time.perf_counter()))
        self._lock.release()

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


def task_kind(name: str) -> str:
    """A task's name without its table and numbers (``taroky-draw-<id>`` -> ``taroky-draw``)."""
    parts = [p for p in name.replace("_", "-").split("-") if p and not any(ch.isdigit() for ch in p)]
    return "-".join(parts[:3]) or name


class Tracer:
    """Per click, the moments it passed (``--trace``): emitted, the bot's callback ran,
    acknowledged, the table lock taken (the action applied), the table's messages
    changed (``table_changed`` returned), the table message edited."""

    STAGES = ("callback", "ack", "applied", "changed", "edited")

    def __init__(self) -> None:
        self.clicks: dict[int, dict[str, float]] = {}  # interaction id -> stage -> time
        self.by_channel: dict[int, int] = {}  # channel -> interaction id of its last click
        self.done: list[dict[str, float]] = []
        self.holds: list[tuple[str, float, float]] = []
        self.lags: list[float] = []
        self.throttled = 0
        self.calls: dict[str, list[float]] = {}  # function -> durations
        #: While measuring: scene kind -> pictures drawn (and "(hops)" to the pool,
        #: "(dropped)" batches); pictures whose scene, or whose bytes, had been drawn before.
        self.drawn: dict[str, int] = {}
        self.drawing_seconds = 0.0  # CPU seconds the render processes spent drawing (their own figure)
        self.drawing_by_kind: dict[str, float] = {}
        self.scene_bytes = 0  # the batches' scenes pickled (what goes to the pool)
        #: What the render process counted while measuring (``RenderPool.picture_work``).
        self.picture_work: dict[str, int] = {}
        #: The render process's collections while measuring (``worker_gc_seen``).
        self.render_gc: tuple[dict[int, list[float]], tuple[int, int, int], int, int] | None = None
        self.picture_bytes = 0  # the pictures and alt texts that come back
        self._scenes_seen: set[Any] = set()
        #: ``--save-scenes``: every batch drawn while measuring, in order (None: not kept).
        self.batches: list[list[Any]] | None = None
        self._bytes_seen: set[int] = set()
        self.scenes_shown: set[Any] = set()  # scenes a message showed (``DiscordTableOutput._sent``)
        #: table scene drawn -> (who asked for it, what the table did meanwhile): the paths of
        #: the table pictures no message showed (``picture_path``).
        self.table_paths: dict[Any, tuple[str, str]] = {}
        #: table id -> its table scenes drawn and not yet followed by a ``publish``; table
        #: scene -> the first two ``publish`` calls after it came back (``publish_kind``).
        self.awaiting_publish: dict[str, list[Any]] = {}
        self.after_drawn: dict[Any, list[str]] = {}

    def timed(self, owner: Any, name: str, label: str) -> None:
        """Replace the coroutine method ``owner.name`` by one that notes its durations."""
        original = getattr(owner, name)
        calls = self.calls.setdefault(label, [])

        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            t = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                calls.append(time.perf_counter() - t)

        setattr(owner, name, wrapper)

    def note(self, interaction_id: int | None, stage: str) -> None:
        if interaction_id is None:
            return
        rec = self.clicks.get(interaction_id)
        if rec is not None and stage not in rec:
            rec[stage] = time.perf_counter()

    def breakdown(self, slowest: float) -> list[str]:
        """Mean stage durations of all clicks and of the slowest ``slowest`` share."""
        recs = [r for r in self.done if all(k in r for k in ("t0", "edited"))]
        if not recs:
            return ["  (no traced clicks)"]
        recs.sort(key=lambda r: r["edited"] - r["t0"])
        tail = recs[int(len(recs) * (1 - slowest)):]
        out = []
        for label, group in (("all clicks", recs), (f"slowest {slowest:.0%}", tail)):
            parts = []
            prev = "t0"
            for stage in self.STAGES:
                vals = [r[stage] - r[prev] for r in group if stage in r and prev in r]
                if vals:
                    vals.sort()
                    parts.append(f"{prev}->{stage} {1000 * sum(vals) / len(vals):.0f} "
                                 f"(max {1000 * vals[-1]:.0f}, n {len(vals)})")
                prev = stage if vals else prev
            thr = sum(1 for r in group if r.get("throttled"))
            out.append(f"  {label} ({len(group)}; throttled {thr}): " + ", ".join(parts) + " ms")
        lags = sorted(self.lags)
        if lags:
            pick = lambda q: 1000 * lags[min(len(lags) - 1, int(q * len(lags)))]  # noqa: E731
            out.append(f"  event loop lag p50 {pick(0.5):.0f} ms, p95 {pick(0.95):.0f} ms, p99 {pick(0.99):.0f} ms, "
                       f"max {1000 * lags[-1]:.0f} ms")
        for label, vals in self.calls.items():
            if vals:
                vals = sorted(vals)
                out.append(f"  {label:40} n {len(vals):6}  p50 {1000 * vals[len(vals) // 2]:7.1f} ms"
                           f"  p99 {1000 * vals[min(len(vals) - 1, int(0.99 * len(vals)))]:7.1f} ms"
                           f"  max {1000 * vals[-1]:7.1f} ms  total {sum(vals):6.1f} s")
        if self.drawn:
            hops = max(self.drawn.get("(hops)", 0), 1)
            out.append("  pictures drawn: " + ", ".join(f"{k} {v}" for k, v in sorted(self.drawn.items()))
                       + f"; {self.drawing_seconds:.1f} s CPU drawing them (in the render processes, alt texts"
                       f" included); a hop {self.scene_bytes / hops / 1024:.1f} KB of scenes out,"
                       f" {self.picture_bytes / hops / 1024:.1f} KB of pictures back")
            unseen: dict[str, int] = {}
            for scene in self._scenes_seen - self.scenes_shown:
                unseen[type(scene).__name__] = unseen.get(type(scene).__name__, 0) + 1
            out.append("  pictures drawn while measuring that no message showed: "
                       + ", ".join(f"{k} {v}" for k, v in sorted(unseen.items())))
            paths: dict[tuple[str, str], list[int]] = {}
            for scene, path in self.table_paths.items():
                counts = paths.setdefault(path, [0, 0])
                counts[0] += 1
                counts[1] += scene not in self.scenes_shown
            out.append("  table pictures by path (drawn for / when back; no message showed of drawn): " + "; ".join(
                f"{who} / {fate} {unseen_n} of {n}" for (who, fate), (n, unseen_n) in sorted(paths.items())))
            nexts: dict[str, list[int]] = {}
            for scene, calls in self.after_drawn.items():
                counts = nexts.setdefault(" -> ".join(calls), [0, 0])
                counts[0] += 1
                counts[1] += scene not in self.scenes_shown
            out.append("  table pictures by the publish calls after they came back (no message showed of drawn):")
            out.extend(f"    {path}: {unseen_n} of {n}" for path, (n, unseen_n) in sorted(nexts.items(), key=lambda kv: -kv[1][1]))
            out.append("  CPU a picture drawn: " + ", ".join(
                f"{k} {1000 * v / max(self.drawn.get(k, 0), 1):.2f} ms" for k, v in sorted(self.drawing_by_kind.items())))
            if self.picture_work:
                out.append("  the render process's work: " + ", ".join(
                    f"{k} {v}" for k, v in sorted(self.picture_work.items()) if v))
            if self.render_gc is not None:
                by_generation, thresholds, tracked, frozen = self.render_gc
                out.append(f"  the render process's GC (thresholds {thresholds}, {tracked} objects tracked, "
                           f"{frozen} frozen): " + ", ".join(
                               f"generation {g} {int(n)}x {1000 * cpu:.0f} ms CPU"
                               for g, (n, cpu) in sorted(by_generation.items())))
        kinds: dict[str, list[float]] = {}
        for who, a, b in self.holds:
            kinds.setdefault(task_kind(who), []).append(b - a)
        for kind, vals in sorted(kinds.items(), key=lambda kv: -max(kv[1])):
            vals.sort()
            out.append(f"  table lock held by {kind:28} n {len(vals):6}  p50 {1000 * vals[len(vals) // 2]:7.1f} ms"
                       f"  p99 {1000 * vals[min(len(vals) - 1, int(0.99 * len(vals)))]:7.1f} ms"
                       f"  max {1000 * vals[-1]:7.1f} ms")
        return out


@dataclass
class LoadReport:
    tables: int
    mode: str
    seconds: float
    engine: str
    analysis: bool = True  # the hands' reviews (issue #28), on as the bot's default
    clicks: int = 0
    refused: int = 0
    ack: dict[str, float] = field(default_factory=dict)
    edit: dict[str, float] = field(default_factory=dict)
    actions: int = 0
    actions_per_second: float = 0.0
    hands: int = 0
    actions_per_hand: float = 0.0
    cpu_seconds: float = 0.0
    #: CPU seconds of the child processes: all of them, and by kind (``children_cpu_seconds``).
    render_cpu_seconds: float = 0.0
    children_cpu: dict[str, float] = field(default_factory=dict)
    #: CPU seconds of this process's other threads while measuring, by name
    #: (``threads_cpu_seconds``).
    threads_cpu: dict[str, float] = field(default_factory=dict)
    cpu_per_hand_ms: float = 0.0
    cpu_share: float = 0.0
    #: The event loop's thread's CPU seconds, and the process's CPU split by party (sampled).
    main_cpu_seconds: float = 0.0
    main_split: dict[str, float] = field(default_factory=dict)
    #: CPU per action of the bot alone (main thread minus the simulator and driver,
    #: plus the other threads: SQLite, drawing fallback) and what one core would serve.
    bot_cpu_per_action_ms: float = 0.0
    bot_actions_per_core: float = 0.0
    #: That figure split: this process (the event loop and its threads) and the render
    #: processes, per action.
    bot_loop_per_action_ms: float = 0.0
    bot_render_per_action_ms: float = 0.0
    #: The other child processes (search and review workers), CPU ms an action.
    bot_children_per_action_ms: float = 0.0
    #: The table message's edit throttle (seconds; 0: every change edits it).
    edit_interval: float = 0.0
    #: Message edits per action: the table messages', the others' (panels, summaries).
    table_edits_per_action: float = 0.0
    other_edits_per_action: float = 0.0
    #: Those edits by message and why the bot sent them (``bot.metrics.MESSAGE_EDITS``),
    #: per action; "(no reason)": edits the counter does not cover (answers to other
    #: questions, the simulator's own).
    edits_by_reason: dict[str, float] = field(default_factory=dict)
    #: The functions the sampler saw most (``--profile``).
    main_top: list[str] = field(default_factory=list)
    #: The bot's and discord.py's functions on the stack of most samples (``--profile``).
    main_top_inclusive: list[str] = field(default_factory=list)
    rss_base_mb: float = 0.0
    rss_per_table_kb: float = 0.0
    rss_end_mb: float = 0.0
    writes: int = 0
    writes_per_hand: float = 0.0
    written_kb_per_hand: float = 0.0
    stored_views_start: int = 0
    stored_views_end: int = 0
    stored_views_per_action: float = 0.0
    gc_max_pause_ms: float = 0.0
    gc_full: int = 0
    #: CPU of the longest collection (its wall-clock pause includes waiting for a core),
    #: and the collections' CPU in all.
    gc_max_cpu_ms: float = 0.0
    gc_cpu_seconds: float = 0.0
    gc_collections: int = 0
    #: Collections by generation, and the generation of the longest.
    gc_by_generation: dict[int, int] = field(default_factory=dict)
    gc_max_generation: int = 0
    #: The collector's thresholds while measuring (the bot's, or ``--gc-thresholds``).
    gc_thresholds: tuple[int, int, int] = (0, 0, 0)
    #: ``sys.getswitchinterval()`` while measuring (the bot's ``SWITCH_INTERVAL``, or
    #: ``--switch-interval``).
    switch_interval: float = 0.0
    #: ``--from-deal`` not given: the tables were spread over their hands first, in
    #: ``spread_seconds``; ``spread_short`` of them did not get there in time.
    spread: bool = False
    spread_seconds: float = 0.0
    spread_short: int = 0
    #: ``--simcord-tracking``: SimCord kept noting the bot's callbacks and tasks while
    #: measuring (before session 41).
    simcord_tracking: bool = True
    #: Objects the oldest generation gained while measuring (survivors of the middle
    #: one): what a full collection, rare and long, will have to walk.
    gc_oldest_growth: int = 0
    #: The oldest generation's objects at the end (not those frozen), and what a full
    #: collection then cost (CPU) and freed, once the players stopped.
    gc_oldest_objects: int = 0
    gc_full_cpu_ms: float = 0.0
    gc_full_freed: int = 0
    #: ``--gc-garbage``: what the oldest generation gained, by type (the largest).
    gc_oldest_top: list[str] = field(default_factory=list)
    #: The collections' CPU (seconds) and the objects they freed, by generation.
    gc_cpu_by_generation: dict[int, float] = field(default_factory=dict)
    gc_collected_by_generation: dict[int, int] = field(default_factory=dict)
    #: ``--gc-garbage``: cyclic garbage made an action (objects only the collector can
    #: free), in all and by type (the largest), sampled in windows without collections.
    gc_garbage_per_action: float = 0.0
    gc_garbage_top: list[str] = field(default_factory=list)
    errors: int = 0
    #: The store (sqlite or postgresql) and which process of how many this was.
    store: str = "sqlite"
    process: str = "1 of 1"
    #: The group writer: a table state's wait from its queueing to its group's commit
    #: (the writer's lag), the wait for the store's write lock (every write transaction:
    #: groups, settlements, lease claims), groups written and states per group.
    writer_lag: dict[str, float] = field(default_factory=dict)
    lock_wait: dict[str, float] = field(default_factory=dict)
    #: Who held the write lock: holder -> [times, seconds in all, longest seconds].
    lock_holders: dict[str, list[float]] = field(default_factory=dict)
    groups: int = 0
    states_per_group: float = 0.0
    #: ``--memory``: the memory the open tables hold, KB a table by who allocated it (the
    #: innermost frame of a known party: the simulator keeps every message and
    #: interaction it was sent, which a real deployment keeps on Discord's side).
    memory_by_party: dict[str, float] = field(default_factory=dict)
    #: ``--memory``: the largest holders of the bot and of no known party (the innermost
    #: line that allocated), KB a table.
    memory_top: list[str] = field(default_factory=list)
    #: The raw samples (seconds) for a total over several processes (``--processes``).
    samples: dict[str, list[float]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        a, e = self.ack, self.edit
        w, lw = self.writer_lag or percentiles([]), self.lock_wait or percentiles([])
        return [
            f"load: {self.tables} tables, mode {self.mode}, {self.seconds:.0f} s, engine {self.engine}, "
            f"table edits at most every {self.edit_interval:g} s, store {self.store}, process {self.process}, "
            f"analysis {'on' if self.analysis else 'off'}, GIL switch interval {self.switch_interval * 1000:g} ms, "
            + (f"tables spread over their hands first ({self.spread_seconds:.0f} s"
               + (f", {self.spread_short} short of their point" if self.spread_short else "") + ")"
               if self.spread else "every table from its first deal")
            + ("" if self.simcord_tracking else ", SimCord's tracking off"),
            f"  clicks {self.clicks} (refused as stale {self.refused}), bot errors {self.errors} (logged or seen by SimCord)",
            f"  click -> ack   p50 {a['p50']:.1f} ms  p95 {a['p95']:.1f} ms  p99 {a['p99']:.1f} ms  max {a['max']:.1f} ms",
            f"  click -> edit  p50 {e['p50']:.1f} ms  p95 {e['p95']:.1f} ms  p99 {e['p99']:.1f} ms  max {e['max']:.1f} ms",
            f"  actions {self.actions} ({self.actions_per_second:.0f}/s), hands {self.hands} "
            f"(per-hand figures: {self.actions_per_hand:.0f} actions a hand)",
            f"  CPU {self.cpu_seconds:.1f} s ({self.cpu_share:.0%} of one core), {self.cpu_per_hand_ms:.0f} ms per hand; "
            f"child processes {self.render_cpu_seconds:.1f} s ("
            + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(self.children_cpu.items())) + ")",
            f"  CPU by party (event loop thread {self.main_cpu_seconds:.1f} s): "
            + ", ".join(f"{k} {v:.0%}" for k, v in self.main_split.items()),
            "  the other threads: " + (", ".join(f"{k} {v:.2f} s" for k, v in list(self.threads_cpu.items())[:6]
                                                 if v >= 0.005) or "none"),
            f"  the bot alone (no simulator): {self.bot_cpu_per_action_ms:.2f} ms CPU per action "
            f"(this process {self.bot_loop_per_action_ms:.2f} ms, pictures {self.bot_render_per_action_ms:.2f} ms, "
            f"search and reviews {self.bot_children_per_action_ms:.2f} ms), "
            f"about {self.bot_actions_per_core:.0f} actions/s per core",
            f"  message edits per action: table messages {self.table_edits_per_action:.2f}, "
            f"panels and summaries {self.other_edits_per_action:.2f}",
            "    why: " + ", ".join(f"{k} {v:.2f}" for k, v in self.edits_by_reason.items()),
            f"  RSS {self.rss_base_mb:.0f} MB before the tables, {self.rss_per_table_kb:.0f} KB per table, "
            f"{self.rss_end_mb:.0f} MB at the end"
            + ("; allocated per table: " + ", ".join(f"{k} {v:.0f} KB" for k, v in self.memory_by_party.items())
               if self.memory_by_party else ""),
            f"  store: {self.writes} write transactions, {self.writes_per_hand:.1f} per hand, "
            f"{self.written_kb_per_hand:.0f} KB of table state per hand; {self.groups} groups "
            f"({self.states_per_group:.1f} tables a group)",
            f"  writer lag (queued -> committed) p50 {w['p50']:.1f} ms  p95 {w['p95']:.1f} ms  "
            f"p99 {w['p99']:.1f} ms  max {w['max']:.1f} ms; write-lock wait p50 {lw['p50']:.1f} ms  "
            f"p99 {lw['p99']:.1f} ms  max {lw['max']:.1f} ms",
            "  write lock held by: " + ", ".join(
                f"{who} {n:.0f}x {1000 * total:.0f} ms (longest {1000 * longest:.0f})"
                for who, (n, total, longest) in sorted(self.lock_holders.items(), key=lambda kv: -kv[1][1])),
            f"  stored views {self.stored_views_start} -> {self.stored_views_end} "
            f"({self.stored_views_per_action:+.2f} per action)",
            f"  GC (thresholds {self.gc_thresholds}): {self.gc_collections} collections ({self.gc_full} full), longest pause {self.gc_max_pause_ms:.1f} ms "
            f"(its CPU {self.gc_max_cpu_ms:.1f} ms, generation {self.gc_max_generation}), "
            f"{self.gc_cpu_seconds:.2f} s of CPU in all; by generation {self.gc_by_generation}",
            f"    GC CPU an action {1000 * self.gc_cpu_seconds / max(self.actions, 1):.3f} ms; by generation: "
            + ", ".join(f"{g}: {self.gc_cpu_by_generation.get(g, 0.0):.2f} s, "
                        f"{1000 * self.gc_cpu_by_generation.get(g, 0.0) / max(n, 1):.1f} ms a collection, "
                        f"{self.gc_collected_by_generation.get(g, 0)} freed"
                        for g, n in sorted(self.gc_by_generation.items()))
            + f"; the oldest generation grew by {self.gc_oldest_growth} objects "
              f"({self.gc_oldest_growth / max(self.actions, 1):.1f} an action)",
            f"    a full collection at the end: {self.gc_full_cpu_ms:.0f} ms of CPU over the oldest generation's "
            f"{self.gc_oldest_objects} objects, {self.gc_full_freed} freed",
        ] + ([f"  cyclic garbage (--gc-garbage): {self.gc_garbage_per_action:.0f} objects an action; by type:"]
             + self.gc_garbage_top if self.gc_garbage_top else []) + (
            ["  the oldest generation's growth while measuring, by type:"] + self.gc_oldest_top
            if self.gc_oldest_top else [])


def memory_split(before: Any, after: Any, tables: int,
                 top: list[str] | None = None, held_by_simulator: list[tuple[Any, int]] = ()) -> dict[str, float]:
    """KB a table allocated between two ``tracemalloc`` snapshots, by party (the innermost
    frame of a known party, as ``party_of`` counts CPU).  ``top``: filled with the ten
    largest holders of the bot and of no known party (``file:line`` of the innermost
    frame of the party, KB a table).  ``held_by_simulator``: (traceback, size) of objects
    only the simulator holds though another party allocated them (the pictures its CDN
    keeps, the very bytes the render processes sent): counted as the simulator's."""
    out: dict[str, float] = {}
    lines: dict[str, float] = {}

    def count(traceback: Any, size: int) -> None:
        party = "other"
        where = traceback[-1]  # (innermost)
        for frame in reversed(traceback):  # innermost first
            named = next((p for marker, p in PARTIES if marker in frame.filename), None)
            if named is not None:
                party, where = named, frame
                break
        if party in ("bot", "other"):
            path = where.filename.rsplit("/", 2)
            key = f"{party:5} {'/'.join(path[-2:])}:{where.lineno}"
            lines[key] = lines.get(key, 0.0) + size / 1024 / tables
        out[party] = out.get(party, 0.0) + size / 1024 / tables

    for stat in after.compare_to(before, "traceback"):
        count(stat.traceback, stat.size_diff)
    for traceback, size in held_by_simulator:
        count(traceback, -size)
        out["simulator"] = out.get("simulator", 0.0) + size / 1024 / tables
    if top is not None:
        top.extend(f"  {kb:7.1f} KB  {where}" for where, kb in sorted(lines.items(), key=lambda kv: -kv[1])[:10])
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


#: The render process's collections (``--trace``): generation -> [collections, CPU seconds].
_WORKER_GC: dict[int, list[float]] = {}
_worker_gc_started = [0.0]


def _worker_gc_callback(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _worker_gc_started[0] = time.thread_time()
    else:
        counts = _WORKER_GC.setdefault(int(info.get("generation", -1)), [0, 0.0])
        counts[0] += 1
        counts[1] += time.thread_time() - _worker_gc_started[0]


def worker_gc_watch() -> None:
    """Runs in the render process (``--trace``): its collections counted from now."""
    _WORKER_GC.clear()
    if _worker_gc_callback not in gc.callbacks:
        gc.callbacks.append(_worker_gc_callback)


def worker_gc_seen() -> tuple[dict[int, list[float]], tuple[int, int, int], int, int]:
    """Runs in the render process: its collections since ``worker_gc_watch``, its
    thresholds, the objects the collector tracks and those frozen."""
    return dict(_WORKER_GC), gc.get_threshold(), len(gc.get_objects()), gc.get_freeze_count()


def count_types(objects: list[object]) -> dict[str, int]:
    """Objects by ``garbage_name``."""
    out: dict[str, int] = {}
    for obj in objects:
        name = garbage_name(obj)
        out[name] = out.get(name, 0) + 1
    return out


def garbage_name(obj: object) -> str:
    """What a piece of cyclic garbage is: its type, and for a function (a closure) or a
    method where its code is, for a cell what it holds."""
    kind = type(obj)
    name = f"{kind.__module__}.{kind.__qualname__}"
    if isinstance(obj, types.FunctionType):
        code = obj.__code__
        return f"{name} {'/'.join(code.co_filename.rsplit('/', 2)[-2:])}:{code.co_qualname}"
    if isinstance(obj, types.MethodType):
        return f"{name} {obj.__func__.__qualname__}"
    if isinstance(obj, types.CellType):
        try:
            held = type(obj.cell_contents)
        except ValueError:
            return f"{name} (empty)"
        return f"{name} of {held.__module__}.{held.__qualname__}"
    return name


class Signals:
    """One event per channel, set whenever a message in it is written."""

    def __init__(self) -> None:
        self.events: dict[int, asyncio.Event] = {}

    def event(self, channel_id: int) -> asyncio.Event:
        ev = self.events.get(channel_id)
        if ev is None:
            ev = self.events[channel_id] = asyncio.Event()
        return ev

    def fire(self, channel_id: int) -> None:
        ev = self.events.pop(channel_id, None)
        if ev is not None:
            ev.set()

    async def wait(self, channel_id: int, timeout: float) -> None:
        ev = self.event(channel_id)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ev.wait(), timeout)


def stored_views(bot: Any) -> int:
    """Entries discord.py keeps for views (per message and dynamic) plus the bot's panels."""
    store = bot._connection._view_store
    n = sum(len(v) for v in store._views.values()) + len(store._views) + len(store._synced_message_views)
    return int(n + len(bot.output.panels) + len(bot.output._panel_drawn))


async def run_load(
    tables: int,
    mode: str,
    seconds: float,
    *,
    seed: int = 1,
    ai_delay: float = 1.2,
    render_processes: int = 1,
    edit_interval: float | None = None,
    think: tuple[float, float] = (2.0, 4.0),
    workdir: Path | None = None,
    progress: Callable[[str], None] | None = None,
    tracer: Tracer | None = None,
    database_url: str | None = None,
    shard_of: tuple[int, int] = (0, 1),
    start_together: Callable[[], Awaitable[None]] | None = None,
    keep_samples: bool = False,
    profile: bool = False,
    keep_log: bool = False,
    memory: bool = False,
    analysis: bool = True,
    gc_freeze: bool = False,
    gc_garbage: bool = False,
    gc_thresholds: tuple[int, int, int] | None = None,
    switch_interval: float | None = None,
    spread: bool = True,
    simcord_tracking: bool = False,
) -> LoadReport:
    from simcord.backend.models.interaction import Interaction
    from simcord.env import Env

    from bot import metrics
    from bot.app import make_bot
    from bot.config import Settings
    from bot.engine import ENGINE_BUILD
    from bot.store import Shards
    from bot.store import Store as SqliteStore
    from bot.tables.limits import DEFAULT_MAX_TABLES
    from bot.tables.table import BETWEEN, PLAYING, Table
    from cogs.ui.output import EDIT_BURST
    from tests.discord.harness import action_ids, labels, select_ids, select_options

    human = mode == "human"
    rng = random.Random(seed)
    tmp = tempfile.TemporaryDirectory() if workdir is None else None
    db = (Path(tmp.name) if tmp is not None else workdir) / "taroky.sqlite3"  # type: ignore[operator]
    shard, shard_count = shard_of
    settings = Settings(
        token="", db_path=db, reminder_after=1e6, takeover_after=1e6,
        ai_delay=ai_delay if human else 0.0,
        edit_interval=edit_interval if edit_interval is not None else (1.0 if human else 0.0),
        render_processes=render_processes,
        database_url=database_url or "",
        shards=Shards(shard_count, (shard,)) if shard_count > 1 else None,
        instance=f"load-{shard}-of-{shard_count}" if shard_count > 1 else "",
        analysis=analysis,
    )
    bot = make_bot(settings)
    env = Env(bot, check_errors=False, settle_timeout=60.0)
    # A server may have DEFAULT_MAX_TABLES open tables (issue #29): the tables are spread
    # over servers of that many, whose ids put them on this process's shard
    # (``(id >> 22) % count``), as Discord's gateway would give a sharded bot its guilds.
    guilds = [env.create_guild(f"server{j}", id=(GUILD_BASE + j * shard_count + shard) << 22)
              for j in range((tables + DEFAULT_MAX_TABLES - 1) // DEFAULT_MAX_TABLES)]
    channels = [guilds[i // DEFAULT_MAX_TABLES].create_text_channel(f"table{i}") for i in range(tables)]
    people = [(guilds[i // DEFAULT_MAX_TABLES].add_member(env.create_user(f"a{i}")),
               guilds[i // DEFAULT_MAX_TABLES].add_member(env.create_user(f"b{i}")))
              for i in range(tables)]
    report = LoadReport(tables=tables, mode=mode, seconds=seconds, engine=str(ENGINE_BUILD), analysis=analysis,
                        edit_interval=settings.edit_interval,
                        store="postgresql" if database_url else "sqlite",
                        process=f"{shard + 1} of {shard_count}")

    # --- instruments (of the simulated Discord and the store; the bot is unchanged)
    signals = Signals()
    backend = env.backend
    pending_edit: dict[int, list[float]] = {}  # channel -> click times awaiting a table edit
    click_time: dict[int, float] = {}  # interaction id -> click time
    traced_pending: dict[int, list[int]] = {}  # channel -> traced interaction ids awaiting an edit
    task_click: dict[Any, int] = {}  # the task handling a click -> its interaction id
    acks: list[float] = []
    edits: list[float] = []
    edit_counts = {"table": 0, "other": 0}  # edits of table messages, of other messages (panels, summaries)
    measuring = False

    original_edit = backend.edit_message
    original_commit = backend.commit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        stored = original_edit(channel_id, message_id, fields)
        now = time.perf_counter()
        table = bot.tables.get(channel_id) if hasattr(bot, "tables") else None
        if measuring:
            edit_counts["table" if table is not None and table.message_id == message_id else "other"] += 1
        if table is not None and table.message_id == message_id:
            shown(channel_id, now)
        signals.fire(channel_id)
        return stored

    def shown(channel_id: int, now: float) -> None:
        """The table message of ``channel_id`` shows the clicks waiting for it."""
        waiting = pending_edit.pop(channel_id, None)
        if waiting and measuring:
            edits.extend(now - t for t in waiting)
        if tracer is not None:
            for iid in traced_pending.pop(channel_id, []):
                rec = tracer.clicks.pop(iid, None)
                if rec is not None and measuring:
                    rec["edited"] = now
                    tracer.done.append(rec)

    table_edited = metrics.table_edited

    def edit_not_needed(channel_id: int) -> None:
        # The bot calls this after each edit of a table message (whose clicks the
        # simulated Discord's edit resolved already) and instead of an edit that would
        # show what the message shows (its clicks are shown now).
        table_edited(channel_id)
        shown(channel_id, time.perf_counter())

    metrics.table_edited = edit_not_needed  # type: ignore[assignment]

    def commit_message(message: Any, *args: Any, **kwargs: Any) -> Any:
        stored = original_commit(message, *args, **kwargs)
        signals.fire(int(message.channel_id))
        return stored

    backend.edit_message = edit_message  # type: ignore[method-assign]
    backend.commit_message = commit_message  # type: ignore[method-assign]

    def acked(method: Callable[..., None]) -> Callable[..., None]:
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> None:
            method(self, *args, **kwargs)
            if tracer is not None:
                tracer.note(self.id, "ack")
            t = click_time.pop(self.id, None)
            if t is not None and measuring:
                acks.append(time.perf_counter() - t)

        return wrapper

    saved_methods = {name: getattr(Interaction, name) for name in
                     ("respond_with_message", "defer", "defer_update", "update_source")}
    for name, method in saved_methods.items():
        setattr(Interaction, name, acked(method))

    written = [0]
    # (The store's parts that serialise table states: table saves and settlements.)
    dumping_modules = [sys.modules["bot.store.tables"], sys.modules["bot.store.ledger"]]
    original_dumps = dumping_modules[0].dumps

    def counting_dumps(value: Any) -> str:
        text: str = original_dumps(value)
        if isinstance(value, dict) and "seats" in value:
            written[0] += len(text)
        return text

    for module in dumping_modules:
        module.dumps = counting_dumps
    # The group writer: when each table's oldest unwritten state was queued, and when
    # its group told the table the version written (``done``, after the COMMIT).
    writer_lags: list[float] = []
    lock_waits: list[float] = []
    unwritten_since: dict[Any, float] = {}
    write_lock = TimedLock(lock_waits, lambda: measuring)

    def instrument_store(store: Any) -> None:
        original_queue = store.queue_table_state

        def queue_table_state(guild_id: int, channel_id: int, state: Mapping[str, Any],
                              message_id: int | None = None, *, expected_version: int | None = None,
                              done: Callable[[int | None], None] | None = None) -> None:
            key = (guild_id, channel_id)
            unwritten_since.setdefault(key, time.perf_counter())

            def written_(version: int | None) -> None:
                since = unwritten_since.pop(key, None)
                if since is not None and measuring:
                    writer_lags.append(time.perf_counter() - since)
                if done is not None:
                    done(version)

            original_queue(guild_id, channel_id, state, message_id, expected_version=expected_version,
                           done=written_)

        store.queue_table_state = queue_table_state
        store._write_lock = write_lock
    actions = [0]
    hands = [0]
    original_after = Table._after_action

    #: ``spread``: each table's actions before measuring, and how many it is to play.
    warm_counts: dict[int, int] = {}
    warm_targets: dict[int, int] = {}

    async def counting_after(self: Any) -> None:
        actions[0] += 1
        if self.id in warm_targets:
            warm_counts[self.id] = warm_counts.get(self.id, 0) + 1
        if tracer is not None:
            tracer.note(task_click.get(asyncio.current_task()), "applied")
        game = self.game
        if game is not None and game.is_over:
            hands[0] += 1
        await original_after(self)

    Table._after_action = counting_after  # type: ignore[method-assign]
    gc_pauses: list[float] = []
    gc_full = [0]
    gc_start = [0.0]
    gc_cpu_start = [0.0]
    gc_cpu: list[float] = []
    gc_gen: list[int] = []
    gc_collected: list[int] = []
    sampling_garbage = [False]  # (the ``--gc-garbage`` sampler's own collections are not counted)

    def gc_callback(phase: str, info: dict[str, int]) -> None:
        if sampling_garbage[0]:
            return
        if phase == "start":
            gc_start[0] = time.perf_counter()
            gc_cpu_start[0] = time.thread_time()
        else:
            gc_pauses.append(time.perf_counter() - gc_start[0])
            gc_cpu.append(time.thread_time() - gc_cpu_start[0])
            gc_gen.append(int(info.get("generation", -1)))
            gc_collected.append(int(info.get("collected", 0)))
            if info.get("generation") == 2:
                gc_full[0] += 1

    garbage_types: dict[str, int] = {}
    garbage_actions = [0]

    async def garbage_sampler() -> None:
        """``--gc-garbage``: every few seconds, a window of one second without collections,
        then one young collection that keeps what it finds (``DEBUG_SAVEALL``): the cyclic
        garbage made in the window, counted by type, then freed."""
        while True:
            await asyncio.sleep(4.0)
            gc.disable()
            a0 = actions[0]
            try:
                await asyncio.sleep(1.0)
            finally:
                sampling_garbage[0] = True
                gc.set_debug(gc.DEBUG_SAVEALL)
                gc.collect(0)
                gc.set_debug(0)
                for obj in gc.garbage:
                    name = garbage_name(obj)
                    garbage_types[name] = garbage_types.get(name, 0) + 1
                gc.garbage.clear()
                gc.collect(1)
                sampling_garbage[0] = False
                gc.enable()
            garbage_actions[0] += actions[0] - a0

    # SimCord settles after every actor operation; the driver must not (it would
    # serialise the tables), so a click returns as soon as its event is sent.
    from simcord import actors
    from simcord.results import InteractionResult

    original_dispatch = actors._dispatch_actor_interaction

    async def dispatch_nowait(actor: Any, type: int, channel: Any, data: dict[str, Any], *,
                              extra: dict[str, Any] | None = None,
                              source_message_id: int | None = None) -> Any:
        record, payload = actors._interactions.base_payload(
            backend, type=type, channel_id=channel.id, guild_id=actor.guild.id, user_id=actor.id, data=data,
        )
        if extra:
            payload.update(extra)
        if source_message_id is not None:
            record.source_message_id = source_message_id
        click_time[record.id] = time.perf_counter()
        if tracer is not None and measuring:
            tracer.clicks[record.id] = {"t0": click_time[record.id]}
            traced_pending.setdefault(channel.id, []).append(record.id)
        backend.emit("INTERACTION_CREATE", payload)
        return InteractionResult(env, record)

    from cogs.ui import components

    original_act = components.act

    async def traced_act(interaction: Any, table: Any, seat: Any, at: Any, codes: Any) -> None:
        if tracer is None:
            await original_act(interaction, table, seat, at, codes)
            return
        tracer.note(interaction.id, "callback")
        task = asyncio.current_task()
        task_click[task] = interaction.id
        try:
            await original_act(interaction, table, seat, at, codes)
        finally:
            task_click.pop(task, None)

    components.act = traced_act  # type: ignore[assignment]
    original_changed = bot.output.table_changed

    changed_times: list[float] = []

    async def traced_changed(table: Any) -> None:
        t = time.perf_counter()
        await original_changed(table)
        changed_times.append(time.perf_counter() - t)
        if tracer is not None:
            iid = task_click.get(asyncio.current_task())
            tracer.note(iid, "changed")
            rec = tracer.clicks.get(iid) if iid is not None else None
            if rec is not None and table.id in bot.output._pending:
                rec["throttled"] = 1.0

    bot.output.table_changed = traced_changed  # type: ignore[method-assign]
    say = progress or (lambda _line: None)
    #: SimCord's wrappers of the loop's methods the driver replaced by the loop's own
    #: (``unwrap``), and SimCord's clock: put back when the run ends.
    wrapped: dict[str, Any] = {}
    simulated_clock: Callable[[], float] | None = None
    errors_logged = ErrorCount()
    await env.start()
    logging.getLogger().addHandler(errors_logged)
    if not keep_log:
        quiet_log(backend)
    try:
        instrument_store(bot.store)
        actors._dispatch_actor_interaction = dispatch_nowait
        # Real time once the bot is up.  SimCord's clock is virtual: the bot's
        # time.monotonic() moves only when a timer fires, and a timer firing makes
        # SimCord advance the clock and wait for the bot to be idle — which a loaded bot
        # never is, so meanwhile every other timer (a computer's pause, the store's group
        # writer, the edit throttle) is put off.  The bot gets the wall clock and plain
        # asyncio timers; SimCord's own clock stands still (no interaction expires).
        from simcord import _dpy_internals

        loop = asyncio.get_running_loop()
        runtime = env._runtime

        def unwrap(*names: str) -> None:
            """The loop's own ``names`` (kept by SimCord's runtime) instead of SimCord's
            wrappers, until the run ends."""
            for name in names:
                wrapped.setdefault(name, getattr(loop, name))
                setattr(loop, name, getattr(runtime, name))

        unwrap("call_later", "call_at")
        simulated_clock, time.monotonic = time.monotonic, _dpy_internals.real_monotonic
        rss0 = rss_bytes()
        report.rss_base_mb = rss0 / 2**20
        tabs: list[Any] = []

        async def until(cond: Callable[[], bool], channel_id: int, limit: float = 600.0) -> None:
            end = time.perf_counter() + limit
            while not cond():
                if time.perf_counter() > end:
                    raise RuntimeError(f"channel {channel_id}: timed out")
                await signals.wait(channel_id, 0.2)

        async def open_table(i: int) -> tuple[Any, Any, Any]:
            channel = channels[i]
            alice, bob = people[i]
            await alice.slash(channel, "taroky new", options=PLAY, teach=False)  # players who know the game
            await until(lambda: bot.tables.get(channel.id) is not None
                        and bot.tables.get(channel.id).message_id is not None, channel.id)
            table = bot.tables.get(channel.id)

            def lobby() -> Any:
                return next(m for m in channel.history() if m.id == table.message_id)

            # (through Discord, not table calls: the bot's clock is SimCord's virtual one)
            await bob.click(lobby(), label="Join")
            await until(lambda: table.seat_of(bob.id) is not None, channel.id)
            await alice.click(lobby(), label="Start")
            await until(lambda: table.status != "lobby" and "My hand" in labels(lobby()), channel.id)
            panels = []
            for member in (alice, bob):
                message = next(m for m in channel.history() if m.id == table.message_id)
                result = await member.click(message, label="My hand")
                await until(lambda r=result: r.response is not None and bool(r.response.components), channel.id)
                panels.append(result)
            return table, panels[0], panels[1]

        say(f"opening {tables} tables ...")
        t_open = time.perf_counter()
        tabs.append(await open_table(0))  # the first one warms up (imports, card faces)
        gc.collect()
        rss0 = rss_bytes()
        if memory:
            import tracemalloc

            tracemalloc.start(25)
            before = tracemalloc.take_snapshot()
        batch = 20
        for start in range(1, tables, batch):
            tabs.extend(await asyncio.gather(*(open_table(i) for i in range(start, min(tables, start + batch)))))
        say(f"opened in {time.perf_counter() - t_open:.1f} s")
        gc.collect()
        if gc_freeze:
            gc.freeze()  # (``--gc-freeze``: the open tables, the bot's and the simulator's, frozen)
        if gc_thresholds is not None:
            gc.set_threshold(*gc_thresholds)  # (``--gc-thresholds``: instead of the bot's ``GC_THRESHOLDS``)
        report.gc_thresholds = gc.get_threshold()
        if switch_interval is not None:
            sys.setswitchinterval(switch_interval)  # (``--switch-interval``: instead of the bot's)
        report.switch_interval = sys.getswitchinterval()
        report.spread = spread
        rss1 = rss_bytes()
        report.rss_per_table_kb = (rss1 - rss0) / 1024 / max(tables - 1, 1)
        if memory:
            # The simulated Discord's CDN keeps every picture uploaded, the very bytes the
            # render processes sent (allocated where they were received): those nobody
            # else holds are the simulator's (a real Discord keeps them on its side).
            blobs: dict[str, bytes] = backend.cdn._blobs
            held = []
            for blob in blobs.values():
                # Referenced by the CDN's dict, this loop and getrefcount's argument only.
                if sys.getrefcount(blob) <= 3:
                    traceback = tracemalloc.get_object_traceback(blob)
                    if traceback is not None:
                        held.append((traceback, len(blob)))
            report.memory_by_party = memory_split(before, tracemalloc.take_snapshot(), max(tables - 1, 1),
                                                  report.memory_top, held)
            tracemalloc.stop()
        report.stored_views_start = stored_views(bot)
        if tracer is not None:
            for tab in tabs:
                tab[0].lock = TracedLock(tab[0].lock, tracer.holds)
            tracer.timed(bot.tables, "save", "save (TableManager.save)")
            out = bot.output
            tracer.timed(out, "publish", "output.publish")
            tracer.timed(out, "_refresh_panels", "output._refresh_panels")
            tracer.timed(out.pings, "update", "output.pings.update")
            tracer.timed(out, "render_many", "output.render_many")
            tracer.timed(bot.store, "claim_tables", "store.claim_tables")
            tracer.timed(bot.store, "_write_group", "store._write_group")
            tracer.timed(bot.store, "flush_table_states", "store.flush_table_states")
            tracer.calls["table_changed"] = changed_times
            original_draw = out._draw

            async def counted_draw(todo: list[Any], wanted: Any = None) -> Any:
                result = await original_draw(todo, wanted)
                if not measuring:
                    return result
                if result is None:  # (dropped: the table moved on before a render process was free)
                    tracer.drawn["(dropped)"] = tracer.drawn.get("(dropped)", 0) + 1
                    return result
                tracer.scene_bytes += len(pickle.dumps(todo))
                if tracer.batches is not None:
                    tracer.batches.append(list(todo))
                path = picture_path(out, sys._getframe(1))
                for scene, (_name, png, alt, seconds) in zip(todo, result, strict=True):
                    kind = type(scene).__name__
                    if kind == "TableScene":
                        tracer.table_paths[scene] = path
                        table_id = picture_table_id(sys._getframe(1))
                        if table_id is not None:
                            tracer.awaiting_publish.setdefault(table_id, []).append(scene)
                            tracer.after_drawn[scene] = []
                    tracer.drawn[kind] = tracer.drawn.get(kind, 0) + 1
                    tracer.drawing_seconds += seconds
                    tracer.drawing_by_kind[kind] = tracer.drawing_by_kind.get(kind, 0.0) + seconds
                    tracer.picture_bytes += len(png or b"") + len(alt or "")
                    if scene in tracer._scenes_seen:
                        again = f"({kind} drawn before)"
                        tracer.drawn[again] = tracer.drawn.get(again, 0) + 1
                        if any(shown.scene == scene for shown in out._shown.values()):
                            again = f"({kind} drawn before, shown)"
                            tracer.drawn[again] = tracer.drawn.get(again, 0) + 1
                    tracer._scenes_seen.add(scene)
                    digest = hash(png)
                    if digest in tracer._bytes_seen:
                        tracer.drawn["(bytes drawn before)"] = tracer.drawn.get("(bytes drawn before)", 0) + 1
                    tracer._bytes_seen.add(digest)
                tracer.drawn["(hops)"] = tracer.drawn.get("(hops)", 0) + 1
                return result

            out._draw = counted_draw  # type: ignore[method-assign]
            original_publish = out.publish

            async def noted_publish(table: Any, *args: Any, **kwargs: Any) -> Any:
                if measuring:
                    kind = publish_kind(out, table, kwargs.get("spare", False))
                    waiting = tracer.awaiting_publish.get(table.id, [])
                    for scene in waiting:
                        calls = tracer.after_drawn[scene]
                        calls.append(kind)
                    tracer.awaiting_publish[table.id] = [s for s in waiting if len(tracer.after_drawn[s]) < 2]
                return await original_publish(table, *args, **kwargs)

            out.publish = noted_publish  # type: ignore[method-assign]
            original_sent = out._sent

            def noted_sent(key: Any, *args: Any) -> None:
                original_sent(key, *args)
                shown = out._shown.get(key)
                if shown is not None:
                    tracer.scenes_shown.add(shown.scene)

            out._sent = noted_sent  # type: ignore[method-assign]

        if start_together is not None and not spread:
            await start_together()  # (the other processes have opened their tables too)
        stop = asyncio.Event()

        clicks = [0]
        refused = [0]

        async def human_loop(i: int, who: int) -> None:
            channel = channels[i]
            table: Any = tabs[i][0]
            member = people[i][who]
            panel = tabs[i][1 + who]
            last_clicked: str | None = None
            clicked_at = 0.0
            dealt: tuple[int, float] | None = None  # (hand, when) of the last Deal click
            r = random.Random(rng.random())
            while not stop.is_set():
                if table.id in warm_targets and warm_counts.get(table.id, 0) >= warm_targets[table.id]:
                    await signals.wait(channel.id, 1.0)  # (spread: this table is where it is to start)
                    continue
                if table.status == BETWEEN and who == 0:
                    # One Deal click a hand (again after 2 s if it did not deal): the
                    # click is handled later, and clicking at every message written in
                    # the channel meanwhile (its own acknowledgement among them) made a
                    # storm of refused clicks — more than the actions without think time.
                    now = time.perf_counter()
                    if dealt is None or dealt[0] != table.hand_no or now - dealt[1] > 2.0:
                        dealt = (table.hand_no, now)
                        message = next(m for m in channel.history() if m.id == table.message_id)
                        with contextlib.suppress(Exception):
                            await member.click(message, label="Deal the next hand")
                    await signals.wait(channel.id, 1.0)
                    continue
                game = table.game
                if table.status != PLAYING or game is None or game.to_act != table.seat_of(member.id):
                    # Not this player's turn (the driver's shortcut: reading the panel
                    # after every change costs SimCord a copy of it).
                    await signals.wait(channel.id, 1.0)
                    continue
                shown = panel.response
                ids = action_ids(shown) if shown is not None else []
                sels = select_ids(shown) if shown is not None else []
                moment = (ids or sels or [None])[0]
                # The same moment still shown RECHOOSE seconds after a choice: the bot said why
                # it could not be (a discard of cards that cannot go together), choose again.
                again = moment == last_clicked and time.perf_counter() - clicked_at > RECHOOSE
                if moment is None or (moment == last_clicked and not again) or table.status != PLAYING:
                    await signals.wait(channel.id, 1.0)
                    continue
                if human and not warm_targets:
                    await asyncio.sleep(r.uniform(*think))
                    if stop.is_set():
                        return
                    shown = panel.response
                    ids = action_ids(shown)
                    sels = select_ids(shown)
                    if not (ids or sels):
                        continue
                    moment = (ids or sels)[0]
                last_clicked, clicked_at = moment, time.perf_counter()
                t0 = time.perf_counter()
                try:
                    if ids:
                        await member.click(shown, custom_id=r.choice(ids))
                    else:
                        cid = sels[0]
                        values = select_options(shown, cid)
                        comp = next(c for row in shown.components for c in row.get("components", [])
                                    if c.get("custom_id") == cid)
                        k = max(1, min(int(comp.get("max_values", 1)), len(values)))
                        chosen = legal_discard(table, member.id, values, k, r) if cid.endswith(":discard") else None
                        await member.select(shown, chosen or r.sample(values, k), custom_id=cid)
                except Exception:
                    refused[0] += 1  # the panel changed under the click (SetupError): look again
                    continue
                clicks[0] += 1
                pending_edit.setdefault(channel.id, []).append(t0)

        async def lag_probe() -> None:
            while not stop.is_set():
                t = time.perf_counter()
                await asyncio.sleep(0.005)
                if tracer is not None and measuring:
                    tracer.lags.append(max(0.0, time.perf_counter() - t - 0.005))

        async def spread_tables() -> None:
            """Each table played on, without pauses, to a random point of its hand (of
            ``ACTIONS_PER_HAND`` actions): measured from the deal, every table would be in the
            same part of its first hand, and no hand would end while measuring (a hand at human
            pace lasts about 150 s).  Spread, hands end all through the measurement, as in a
            server whose tables were opened at different times."""
            w = random.Random(seed + 7)
            timings = {}
            for tab in tabs:
                table = tab[0]
                warm_targets[table.id] = w.randrange(ACTIONS_PER_HAND)
                timings[table.id] = table.timings
                table.timings = replace(table.timings, ai_delay=0.0)
            t_spread = time.perf_counter()
            say(f"spreading the tables over their hands (on average {ACTIONS_PER_HAND // 2} actions each) ...")
            for tab in tabs:
                signals.fire(tab[0].channel_id)
            # No table moved on for STALL seconds: the short ones are described (a table
            # that stands still is a finding) and the measurement starts without them.
            moved, last_total = time.perf_counter(), -1
            while any(warm_counts.get(t, 0) < n for t, n in warm_targets.items()):
                total = sum(warm_counts.values())
                if total != last_total:
                    moved, last_total = time.perf_counter(), total
                elif time.perf_counter() - moved > SPREAD_STALL:
                    break
                await asyncio.sleep(0.5)
            short = [tab for tab in tabs if warm_counts.get(tab[0].id, 0) < warm_targets[tab[0].id]]
            report.spread_short = len(short)
            for tab in short[:3]:
                table, game = tab[0], tab[0].game
                shows = [(action_ids(p.response) + select_ids(p.response))[:1] if p.response else None
                         for p in tab[1:]]
                print(f"  a table stood still while spreading: {table.status}, hand {table.hand_no} step "
                      f"{table.step}, {game.phase.value if game else '-'}, seat {game.to_act if game else '-'} "
                      f"to act; the humans' panels show {shows}", file=sys.stderr)
            for tab in tabs:
                tab[0].timings = timings[tab[0].id]
            warm_targets.clear()
            pending_edit.clear()  # (the spreading's clicks are not measured)
            for tab in tabs:
                signals.fire(tab[0].channel_id)
            # The throttle's window (EDIT_BURST edits in EDIT_BURST edit intervals) forgets
            # the spreading's quick edits while the tables play on at their pace.
            await asyncio.sleep(EDIT_BURST * settings.edit_interval + 0.5)
            report.spread_seconds = time.perf_counter() - t_spread
            say(f"spread in {report.spread_seconds:.1f} s ({sum(warm_counts.values())} actions)")

        if not simcord_tracking:
            # SimCord notes every callback and task the bot schedules (to know when it is
            # idle, for a test's settle), and the note is a reference cycle: 446 of the 508
            # objects an action only the collector freed were its own, at 200 tables
            # (``--gc-garbage``).  The driver never settles, so from here the loop
            # schedules as it does in a deployment (``--simcord-tracking``: as before
            # session 41).  The errors are counted from the log instead (below).
            unwrap("call_soon", "create_task", "call_soon_threadsafe", "run_in_executor")
        loops = [asyncio.create_task(human_loop(i, who)) for i in range(tables) for who in (0, 1)]
        if tracer is not None:
            loops.append(asyncio.create_task(lag_probe()))
        if spread:
            await spread_tables()
            if start_together is not None:
                await start_together()  # (the other processes have spread their tables too)
        if gc_garbage:  # (its windows count the actions made while measuring)
            loops.append(asyncio.create_task(garbage_sampler()))
        say(f"playing for {seconds:.0f} s ...")
        oldest = gc.get_objects(2)
        oldest0 = len(oldest)
        oldest_types0 = count_types(oldest) if gc_garbage else {}
        del oldest
        gc.callbacks.append(gc_callback)
        measuring = True
        sampler = Sampler(inclusive=profile)
        sampler.start()
        main0 = time.thread_time()
        cpu0 = time.process_time()
        children0 = children_cpu_seconds()
        store_threads: dict[int, str] = {}
        if isinstance(bot.store, SqliteStore):  # (its aiosqlite connections' threads)
            for role, conn in (("writer", bot.store._writer), ("reader", bot.store._reader)):
                native = conn._thread.native_id
                if native is not None:
                    store_threads[native] = f"SQLite {role}"
        threads0 = threads_cpu_seconds(store_threads)
        wall0 = time.perf_counter()
        actions[0] = hands[0] = written[0] = clicks[0] = refused[0] = 0
        writes0 = bot.store.transactions
        groups0 = bot.store.groups
        reasons0 = edit_reasons(metrics)
        work0 = await bot.output.pool.picture_work() if tracer is not None and bot.output.pool else {}
        if tracer is not None and bot.output.pool is not None:
            await bot.output.pool.run(worker_gc_watch)
        await asyncio.sleep(seconds)
        measuring = False
        wall = time.perf_counter() - wall0
        cpu = time.process_time() - cpu0
        main_cpu = time.thread_time() - main0
        children1 = children_cpu_seconds()
        threads1 = threads_cpu_seconds(store_threads)
        report.threads_cpu = dict(sorted(((k, v - threads0.get(k, 0.0)) for k, v in threads1.items()),
                                         key=lambda kv: -kv[1]))
        report.children_cpu = {k: v - children0.get(k, 0.0) for k, v in children1.items()}
        report.render_cpu_seconds = sum(report.children_cpu.values())
        sampler.stop()
        gc.callbacks.remove(gc_callback)
        oldest = gc.get_objects(2)
        report.gc_oldest_growth = len(oldest) - oldest0
        report.gc_oldest_objects = len(oldest)
        if gc_garbage:
            grown = count_types(oldest)
            report.gc_oldest_top = [
                f"    {n - oldest_types0.get(name, 0):+9d}  {name}"
                for name, n in sorted(grown.items(), key=lambda kv: -(kv[1] - oldest_types0.get(kv[0], 0)))[:15]]
        del oldest
        if tracer is not None and bot.output.pool:
            work1 = await bot.output.pool.picture_work()
            tracer.render_gc = await bot.output.pool.run(worker_gc_seen)
            tracer.picture_work = {k: v - work0.get(k, 0) for k, v in work1.items()}
        stop.set()
        for task in loops:
            task.cancel()
        await asyncio.gather(*loops, return_exceptions=True)
        report.clicks, report.refused = clicks[0], refused[0]
        report.ack, report.edit = percentiles(acks), percentiles(edits)
        report.actions = actions[0]
        report.actions_per_second = actions[0] / wall
        report.hands = hands[0]
        report.cpu_seconds = cpu
        report.cpu_share = cpu / wall
        per_hand = actions[0] / hands[0] if hands[0] >= 3 else ACTIONS_PER_HAND
        report.actions_per_hand = per_hand
        report.cpu_per_hand_ms = 1000 * cpu / max(actions[0], 1) * per_hand
        report.main_cpu_seconds = main_cpu
        report.main_split = sampler.shares()
        report.main_top = sampler.top()
        report.main_top_inclusive = sampler.top_inclusive()
        simulated_cpu = cpu * report.main_split.get("simulator", 0.0)
        bot_cpu = max(cpu - simulated_cpu, 0.0) + report.render_cpu_seconds
        report.bot_cpu_per_action_ms = 1000 * bot_cpu / max(actions[0], 1)
        report.bot_loop_per_action_ms = 1000 * max(cpu - simulated_cpu, 0.0) / max(actions[0], 1)
        report.bot_render_per_action_ms = 1000 * report.children_cpu.get("pictures", 0.0) / max(actions[0], 1)
        report.bot_children_per_action_ms = 1000 * (report.render_cpu_seconds - report.children_cpu.get(
            "pictures", 0.0)) / max(actions[0], 1)
        report.bot_actions_per_core = actions[0] / bot_cpu if bot_cpu > 0 else 0.0
        report.rss_end_mb = rss_bytes() / 2**20
        report.table_edits_per_action = edit_counts["table"] / max(actions[0], 1)
        report.other_edits_per_action = edit_counts["other"] / max(actions[0], 1)
        reasons = {k: n - reasons0.get(k, 0.0) for k, n in edit_reasons(metrics).items()}
        reasons["(no reason)"] = edit_counts["table"] + edit_counts["other"] - sum(reasons.values())
        report.edits_by_reason = {k: n / max(actions[0], 1) for k, n in reasons.items() if n}
        writes = bot.store.transactions - writes0
        report.groups = bot.store.groups - groups0
        report.writer_lag, report.lock_wait = percentiles(writer_lags), percentiles(lock_waits)
        report.lock_holders = {who: [len(v), sum(v), max(v)] for who, v in write_lock.holds.items()}
        report.states_per_group = len(writer_lags) / max(report.groups, 1)
        if keep_samples:
            report.samples = {"edit": edits, "ack": acks, "writer_lag": writer_lags, "lock_wait": lock_waits}
        report.writes = writes
        report.writes_per_hand = writes / max(actions[0], 1) * per_hand
        report.written_kb_per_hand = written[0] / 1024 / max(actions[0], 1) * per_hand
        report.stored_views_end = stored_views(bot)
        report.stored_views_per_action = (report.stored_views_end - report.stored_views_start) / max(actions[0], 1)
        report.gc_max_pause_ms = 1000 * max(gc_pauses, default=0.0)
        report.gc_full = gc_full[0]
        report.gc_collections = len(gc_pauses)
        report.gc_cpu_seconds = sum(gc_cpu)
        if gc_pauses:
            longest = gc_pauses.index(max(gc_pauses))
            report.gc_max_cpu_ms = 1000 * gc_cpu[longest]
            report.gc_max_generation = gc_gen[longest]
            for g, cpu_g, freed in zip(gc_gen, gc_cpu, gc_collected, strict=True):
                report.gc_by_generation[g] = report.gc_by_generation.get(g, 0) + 1
                report.gc_cpu_by_generation[g] = report.gc_cpu_by_generation.get(g, 0.0) + cpu_g
                report.gc_collected_by_generation[g] = report.gc_collected_by_generation.get(g, 0) + freed
        if garbage_types:
            per = max(garbage_actions[0], 1)
            report.gc_garbage_per_action = sum(garbage_types.values()) / per
            report.gc_garbage_top = [f"    {n / per:8.2f}  {name}" for name, n in
                                     sorted(garbage_types.items(), key=lambda kv: -kv[1])[:40]]
        report.errors = len(env.errors) + errors_logged.count
        report.simcord_tracking = simcord_tracking
        # What one full collection costs now (the tables still open, the loops stopped):
        # the pause a full collection would make while measuring.
        cpu_full = time.thread_time()
        report.gc_full_freed = gc.collect()
        report.gc_full_cpu_ms = 1000 * (time.thread_time() - cpu_full)
    finally:
        logging.getLogger().removeHandler(errors_logged)
        for name, wrapper in wrapped.items():
            setattr(asyncio.get_running_loop(), name, wrapper)
        if simulated_clock is not None:
            time.monotonic = simulated_clock
        Table._after_action = original_after  # type: ignore[method-assign]
        components.act = original_act  # type: ignore[assignment]
        metrics.table_edited = table_edited  # type: ignore[assignment]
        actors._dispatch_actor_interaction = original_dispatch
        for module in dumping_modules:
            module.dumps = original_dumps
        for name, method in saved_methods.items():
            setattr(Interaction, name, method)
        try:
            await env.shutdown()
        finally:
            if bot.store is not None:
                await bot.store.close()
            if tmp is not None:
                tmp.cleanup()
            await end_leftover_tasks()
    return report


def run_to_end(coro: Awaitable[LoadReport]) -> LoadReport:
    """``asyncio.run`` without its last step, cancelling the tasks still alive and waiting
    for each to end: ``end_leftover_tasks`` did that already and named any that would not
    (seen once: the store's group-commit task, which waits for a commit to end even when
    cancelled, once the store was closed), so the report is printed and the process ends."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coro)
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
        loop.close()


def legal_discard(table: Any, user_id: int, values: list[str], k: int, r: random.Random) -> list[str] | None:
    """A discard of ``k`` cards the table will take, chosen at random card by card from
    what the engine lets go at each step (``Game.discard_mask`` on a copy of the hand): the
    select offers every card that may go, and the table checks the whole choice (a tarok
    only when nothing else is left), so a random sample of the options was often refused
    and the table could stand still.  None if the engine's cards are not all among the
    options (the random sample then)."""
    from bot.engine import Kind
    from bot.engine.actions import act
    from bot.engine.cards import cards_of

    game, seat = table.game, table.seat_of(user_id)
    if game is None or seat is None:
        return None
    g = game.clone()
    chosen: list[str] = []
    for _ in range(k):
        allowed = cards_of(g.discard_mask(seat))
        if not allowed:
            break
        a = act(Kind.DISCARD, r.choice(allowed))
        g.act(seat, a)
        chosen.append(a.code)
    return chosen if len(chosen) == k and set(chosen) <= set(values) else None


async def end_leftover_tasks(wait: float = 10.0) -> None:
    """The tasks still alive once the bot is closed (with SimCord's tracking off, SimCord
    does not end those the bot started while measuring): cancelled, and any that has not
    ended within ``wait`` seconds is named with where it waits, on stderr."""
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    if not tasks:
        return
    _done, pending = await asyncio.wait(tasks, timeout=wait)
    for task in pending:
        frames = task.get_stack(limit=3)
        where = " < ".join(f"{f.f_code.co_name} ({Path(f.f_code.co_filename).name}:{f.f_lineno})" for f in frames)
        print(f"  a task did not end when cancelled: {task.get_name()}: {where}", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10, help="tables in all (over every process)")
    parser.add_argument("--mode", choices=("human", "nothink"), default="human")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai-delay", type=float, default=1.2)
    parser.add_argument("--render-processes", type=int, default=1,
                        help="render processes (default 1, as the bot's default settings)")
    parser.add_argument("--edit-interval", type=float, default=None,
                        help="the table message's edit throttle in seconds (default: 1 at human pace, as the "
                             "bot's settings; 0 without think time: every change edits it, which real Discord "
                             "would refuse past five edits in five seconds a channel)")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes (shards) sharing one PostgreSQL database, each serving its "
                             "share of the tables (default 1)")
    parser.add_argument("--postgresql", action="store_true",
                        help="a throwaway local PostgreSQL (tests/pg_cluster.py) instead of SQLite; "
                             "implied by --processes above 1")
    parser.add_argument("--database-url", default=None, help="a PostgreSQL database of yours (an empty schema)")
    parser.add_argument("--shard", type=int, default=None, help=argparse.SUPPRESS)  # a worker of --processes
    parser.add_argument("--together", default=None, help=argparse.SUPPRESS)  # its start-line directory
    parser.add_argument("--memory", action="store_true",
                        help="also split the open tables' memory by who allocated it (tracemalloc: slower)")
    parser.add_argument("--analysis", choices=("on", "off"), default="on",
                        help="review every paid hand in the background, as the bot does by default "
                             "(issue #28); off: the same load without the reviews")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--trace", action="store_true",
                        help="also break click -> edit into stages (callback, ack, lock, change, edit) "
                             "and print the event loop's lag and who held the table locks")
    parser.add_argument("--save-scenes", type=Path, default=None, metavar="FILE",
                        help="also pickle every batch of scenes the render processes drew while measuring to "
                             "FILE (implies --trace), for benchmarks/pictures.py --replay")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="gc.freeze() once the tables are opened (as the bot does at start-up with the "
                             "tables it restores): what freezing the long-lived tables saves in GC pauses")
    parser.add_argument("--gc-garbage", action="store_true",
                        help="also count the cyclic garbage made an action, by type (windows of a second "
                             "without collections, every five seconds: slows the run, so its CPU figures "
                             "are not comparable)")
    parser.add_argument("--gc-thresholds", default=None, metavar="G0,G1,G2",
                        help="the collector's thresholds once the tables are opened, instead of the bot's "
                             "(bot.app.GC_THRESHOLDS), to measure others")
    parser.add_argument("--switch-interval", type=float, default=None, metavar="S",
                        help="sys.setswitchinterval once the tables are opened, instead of the bot's "
                             "(bot.app.SWITCH_INTERVAL), to measure others")
    parser.add_argument("--from-deal", action="store_true",
                        help="measure from every table's first deal (before session 41: no hand ends while "
                             "measuring) instead of spreading the tables over their hands first")
    parser.add_argument("--simcord-tracking", action="store_true",
                        help="let SimCord note every callback and task the bot schedules while measuring, as in a "
                             "test (before session 41: its notes are reference cycles, three quarters of the collector's CPU)")
    parser.add_argument("--keep-log", action="store_true",
                        help="let the simulated Discord keep its log of requests and events, as tests read it "
                             "(before session 38: it costs the simulator's CPU and memory)")
    parser.add_argument("--profile", action="store_true",
                        help="also print the functions the event loop's thread was seen in most")
    args = parser.parse_args()
    logging_off()
    if args.shard is None and (args.processes > 1 or (args.postgresql and args.database_url is None)):
        return several_processes(args)
    tracer = Tracer() if args.trace or args.save_scenes else None
    if tracer is not None and args.save_scenes is not None:
        tracer.batches = []
    shard = args.shard or 0
    start_together = None
    if args.together is not None:
        start_together = functools.partial(wait_for_all, Path(args.together), shard, args.processes)
    report = run_to_end(run_load(args.tables, args.mode, args.seconds, seed=args.seed + shard,
                                  ai_delay=args.ai_delay, render_processes=args.render_processes,
                                  edit_interval=args.edit_interval,
                                  progress=None if args.json else print,
                                  tracer=tracer, database_url=args.database_url,
                                  shard_of=(shard, args.processes), start_together=start_together,
                                  keep_samples=args.together is not None, memory=args.memory,
                                  analysis=args.analysis == "on", gc_freeze=args.gc_freeze,
                                  gc_garbage=args.gc_garbage,
                                  gc_thresholds=(tuple(int(x) for x in args.gc_thresholds.split(","))  # type: ignore[arg-type]
                                                 if args.gc_thresholds else None),
                                  switch_interval=args.switch_interval, spread=not args.from_deal,
                                  simcord_tracking=args.simcord_tracking,
                                  profile=args.profile, keep_log=args.keep_log))
    if tracer is not None and tracer.batches is not None and args.save_scenes is not None:
        args.save_scenes.write_bytes(pickle.dumps(tracer.batches))
    if args.json:
        print(json.dumps(asdict(report)))
    else:
        print("\n".join(report.lines()))
        if tracer is not None:
            print("click -> edit by stage (mean ms between stages):")
            print("\n".join(tracer.breakdown(0.05)))
        if report.memory_top:
            print("the largest holders of the bot and of no known party (innermost line, KB a table):")
            print("\n".join(report.memory_top))
        if args.profile:
            print("event loop thread, by innermost function of the party it works for:")
            print("\n".join(report.main_top))
            print("event loop thread, the bot's and discord.py's own samples by the functions on their stack:")
            print("\n".join(report.main_top_inclusive))
    return 0


async def wait_for_all(directory: Path, shard: int, processes: int) -> None:
    """A worker's tables are open: say so (a file) and wait until every worker's are, so
    the processes measure the same seconds."""
    (directory / f"ready-{shard}").touch()
    while len(list(directory.glob("ready-*"))) < processes:
        await asyncio.sleep(0.2)


def several_processes(args: argparse.Namespace) -> int:
    """``--processes N`` (or ``--postgresql``): N bot processes, each a worker of this
    script with its shard (``TAROKY_SHARDS`` k/N) and its share of the tables, on one
    PostgreSQL database; their figures are printed per process and in total."""
    import subprocess

    from tests.pg_cluster import fresh_url, start_cluster

    cluster = None
    url = args.database_url
    if url is None:
        started = start_cluster()
        if isinstance(started, str):
            print(started, file=sys.stderr)
            return 1
        cluster = started
        url = fresh_url(cluster)
    n = args.processes
    shares = [args.tables // n + (1 if k < args.tables % n else 0) for k in range(n)]
    reports: list[dict[str, Any]] = []
    try:
        with tempfile.TemporaryDirectory() as together:
            workers = []
            for k in range(n):
                cmd = [sys.executable, str(Path(__file__).resolve()), "--tables", str(shares[k]),
                       "--mode", args.mode, "--seconds", str(args.seconds), "--seed", str(args.seed),
                       "--ai-delay", str(args.ai_delay), "--render-processes", str(args.render_processes),
                       "--processes", str(n), "--shard", str(k), "--together", together,
                       "--database-url", url, "--analysis", args.analysis, "--json"]
                if args.edit_interval is not None:
                    cmd += ["--edit-interval", str(args.edit_interval)]
                if args.switch_interval is not None:
                    cmd += ["--switch-interval", str(args.switch_interval)]
                if args.from_deal:
                    cmd += ["--from-deal"]
                if args.simcord_tracking:
                    cmd += ["--simcord-tracking"]
                workers.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True))
            for k, worker in enumerate(workers):
                out, _ = worker.communicate()
                if worker.returncode != 0:
                    print(f"process {k + 1} of {n} failed ({worker.returncode})", file=sys.stderr)
                    return 1
                reports.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        if cluster is not None:
            cluster.stop()
    total = combined(reports)
    if args.json:
        print(json.dumps({"processes": [{k: v for k, v in r.items() if k != "samples"} for r in reports],
                          "total": total}))
        return 0
    for r in reports:
        r.pop("samples", None)
        print("\n".join(LoadReport(**r).lines()))
    print("\n".join(total_lines(total)))
    return 0


def combined(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The processes' figures together: sums, and percentiles over every sample."""
    def pooled(name: str) -> dict[str, float]:
        return percentiles([x for r in reports for x in r["samples"].get(name, [])])

    actions = sum(r["actions"] for r in reports)
    bot_ms = sum(r["bot_cpu_per_action_ms"] * r["actions"] for r in reports) / max(actions, 1)
    return {
        "processes": len(reports),
        "tables": sum(r["tables"] for r in reports),
        "actions": actions,
        "actions_per_second": sum(r["actions_per_second"] for r in reports),
        "edit": pooled("edit"),
        "ack": pooled("ack"),
        "writer_lag": pooled("writer_lag"),
        "lock_wait": pooled("lock_wait"),
        "bot_cpu_per_action_ms": bot_ms,
        "writes": sum(r["writes"] for r in reports),
        "groups": sum(r["groups"] for r in reports),
        "errors": sum(r["errors"] for r in reports),
    }


def total_lines(t: dict[str, Any]) -> list[str]:
    e, a, w, lw = t["edit"], t["ack"], t["writer_lag"], t["lock_wait"]
    return [
        f"total: {t['processes']} processes, {t['tables']} tables, {t['actions']} actions "
        f"({t['actions_per_second']:.0f}/s), bot errors {t['errors']}",
        f"  click -> ack   p50 {a['p50']:.1f} ms  p95 {a['p95']:.1f} ms  p99 {a['p99']:.1f} ms  max {a['max']:.1f} ms",
        f"  click -> edit  p50 {e['p50']:.1f} ms  p95 {e['p95']:.1f} ms  p99 {e['p99']:.1f} ms  max {e['max']:.1f} ms",
        f"  the bot alone: {t['bot_cpu_per_action_ms']:.2f} ms CPU per action (mean over the processes)",
        f"  store: {t['writes']} write transactions, {t['groups']} groups; writer lag p99 {w['p99']:.1f} ms "
        f"(max {w['max']:.1f}), write-lock wait p99 {lw['p99']:.1f} ms (max {lw['max']:.1f})",
    ]


def logging_off() -> None:
    import logging

    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "ERROR"))


if __name__ == "__main__":
    sys.exit(main())
