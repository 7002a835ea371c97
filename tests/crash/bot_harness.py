"""SIGKILL the whole bot during play and settlement; every table must resume, the books exact.

A *worker* process runs the real ``TarokyBot`` (cogs, table runtime, Discord output,
the SQLite store) under SimCord's in-memory Discord.  It opens one table per channel
with ``/taroky new`` and the lobby buttons (four computer players each; the tables
differ in variant, pool and session length), then deals hand after hand at all tables
at once until each has played ``HANDS`` hands.  The *driver* kills it with SIGKILL at
random moments — at start-up, during play, with a settlement in flight, just after a
settlement, while a hand is being dealt — then checks the database and starts the bot
again on the same file; the restarted bot restores every table and play continues.

After every kill the checker proves:

* the books: ``store.check_integrity()`` (balances, pools, stats and each hand's
  ledger rows against the ledger) is empty;
* nothing lost, nothing paid twice: each table's settled hands are exactly hands
  ``1..n`` of that table (``n`` from its saved state: a finished hand is settled in the
  same transaction that saved it, a hand in play is not), with no other hand rows;
* every settled hand's money is its game's money: the stored record replays
  (``bot.engine.replay_record``) and its transfers, mapped to the participants, are
  exactly the ledger's;
* the running totals saved with the table equal the store's session totals;
* on the next start every saved table is restored exactly where it stopped (status,
  hand, step), and a hand whose deal had not been saved is simply dealt again.

The virtual Discord does not survive the process; ids are deterministic, so the new
world has the same guild and channels, and the bot re-posts a table message it can
no longer find.  Run the worker: ``python -m tests.crash.bot_harness worker DB``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
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
from typing import Any

REPO = Path(__file__).resolve().parents[2]
HANDS = 6  # hands per table in a round
#: (variant, options, deals per session) of each table.
TABLES: tuple[tuple[str, str, int], ...] = (
    ("czech", "zid=true", 0),  # Kč, the Žid pool
    ("nebraska", "", 0),  # chips; the session ends when a player cannot pay (NE-9)
    ("czech", "throw_in_povinnost=false", 4),  # sessions of 4 deals
    ("petrtyl", "pot_seed=2", 0),  # chips, Petrtyl's pot, seeded at each session's start (PT-4)
)


# ---------------------------------------------------------------------------- worker
def _log(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def _finish(table: Any) -> None:
    """Wait until the table's hand in play is over (the computers play it)."""
    for _ in range(100000):
        if table.status != "playing":
            return
        driver = table._driver
        if driver is not None and not driver.done():
            await asyncio.wait({driver})  # (cancelled when the bot stops: SIGTERM)
        else:
            table.kick()
            await asyncio.sleep(0.001)
    raise RuntimeError(f"table {table.id} did not finish its hand")


async def worker_main(db: str) -> None:
    from simcord.env import Env

    from bot.app import TarokyBot
    from bot.config import Settings
    from bot.tables.ledger import TableLedger
    from bot.tables.manager import TableManager

    original_settle = TableLedger.settle

    async def logged_settle(self: TableLedger, table: Any, game: Any, **options: Any) -> bool:
        _log(f"S {table.hand_id}")
        if os.environ.get("TAROKY_CRASH_MUTANT") == "separate-save":
            # Harness self-check: pay, then save the table's state separately (the
            # bug the one-transaction settlement prevents); the checker must notice.
            await self.store.settle_hand(await self.settled_hand(table, game))
            _log(f"P {table.hand_id}")
            await asyncio.sleep(0.05)
            return True
        paid = await original_settle(self, table, game, **options)
        _log(f"P {table.hand_id}")
        return paid

    TableLedger.settle = logged_settle  # type: ignore[method-assign]
    original_restore = TableManager.restore_all

    async def logged_restore(self: TableManager) -> list[Any]:
        restored = await original_restore(self)
        for table in restored:  # before any game loop resumes
            _log(f"RESTORED {table.id} {table.status} {table.hand_no} {table.step}")
        _log("UP")  # tables restored; their game loops resume next
        return restored

    TableManager.restore_all = logged_restore  # type: ignore[method-assign]
    # The restored tables' games resume from the play loop below (``_finish`` kicks each
    # table), not from ``on_ready`` while SimCord attaches the bot: its attach waits a
    # fixed 5 s for the bot to settle, and on a busy machine the restored tables' first
    # moves and pictures (drawn in threads) outlasted it.
    TableManager.resume_all = lambda self: None  # type: ignore[method-assign]

    # Group commit: every applied action ("A table hand step"), every table state as it
    # is queued for a group ("Q table hand step"), and each group of table states as it
    # starts ("GS k": everything queued so far is in it or a later one) and once
    # committed ("G k").  The checker proves that a kill loses only states queued after
    # the start of the last committed group (an action applied but not queued yet, e.g.
    # the last of a hand whose settlement is in flight, is that transaction's to save).
    from bot.store import Store
    from bot.tables.table import Table

    original_after = Table._after_action

    async def logged_after(self: Table) -> None:
        _log(f"A {self.id} {self.hand_no} {self.step}")
        await original_after(self)

    Table._after_action = logged_after  # type: ignore[method-assign]
    original_queue = Store.queue_table_state

    def logged_queue(self: Store, guild_id: int, channel_id: int, state: Any, *args: Any, **kwargs: Any) -> None:
        _log(f"Q {state['id']} {state['hand_no']} {state['step']}")
        original_queue(self, guild_id, channel_id, state, *args, **kwargs)

    Store.queue_table_state = logged_queue  # type: ignore[method-assign]
    original_group = Store._write_group
    groups = [0]

    async def logged_group(self: Store) -> None:
        groups[0] += 1
        k = groups[0]
        _log(f"GS {k}")
        if os.environ.get("TAROKY_CRASH_MUTANT") == "lost-group" and k % 4 == 0:
            # Harness self-check: a group that "commits" without writing its states;
            # the checker must notice the actions it held.
            self._queued.clear()
        await original_group(self)
        _log(f"G {k}")

    Store._write_group = logged_group  # type: ignore[method-assign]

    from bot.lifecycle import GracefulStop

    _log("OPEN")
    # TAROKY_CRASH_INSTANCE: the name this process holds its leases under (the SIGTERM
    # test starts each process under another name: a lease not handed back would keep
    # the next one from its tables for 90 s).
    settings = Settings(token="", db_path=Path(db), reminder_after=1e6, takeover_after=1e6,
                        instance=os.environ.get("TAROKY_CRASH_INSTANCE", "")).for_tests()
    # The tests' group interval is 0 (a group is what queued during the previous one);
    # benchmarks/bot_crash.py --group-interval 0.05 runs the bot's own.
    settings = dataclasses.replace(settings, group_interval=float(os.environ.get("TAROKY_CRASH_GROUP_INTERVAL", "0")))
    bot = TarokyBot(settings)
    # Four tables of computers play at once; on a loaded machine a slash command's settle
    # took longer than SimCord's default 5 s and failed a run that lost nothing.  The
    # books, not the clock, are what this test checks.
    env = Env(bot, check_errors=False, settle_timeout=30.0)
    guild = env.create_guild()
    channels = [guild.create_text_channel(f"table{i}") for i in range(len(TABLES))]
    alice = guild.add_member(env.create_user("alice"))
    try:
        await env.start()
    except BaseException:
        if bot.store is not None:  # (its connection threads would keep the process alive)
            await bot.store.close()
        raise
    try:
        _log("READY")
        # Tables missing (the process died before /taroky new was saved) are opened, and
        # a table still in its lobby is started: alice leaves her seat and starts it
        # (computers only).  One table at a time: a member may hold one open lobby.
        for channel, (variant, options, deals) in zip(channels, TABLES, strict=True):
            if bot.tables.get(channel.id) is None:
                kwargs: dict[str, Any] = {"variant": variant, "deals": deals}
                if options:
                    kwargs["options"] = options
                await alice.slash(channel, "taroky new", **kwargs)
                _log(f"OPENED {bot.tables.get(channel.id).id}")
            table = bot.tables.get(channel.id)
            if table.status == "lobby":
                lobby = next((m for m in channel.history() if m.id == table.message_id), None)
                if table.seat_of(alice.id) is not None:
                    if lobby is not None:
                        await alice.click(lobby, label="Leave")
                    else:
                        await table.leave(alice.id)
                if lobby is not None:
                    await alice.click(lobby, label="Start")
                else:
                    await table.start(alice.id)
        tables = [bot.tables.get(c.id) for c in channels]

        async def play(table: Any) -> None:
            await _finish(table)  # a restored hand in play continues
            while table.hand_no < HANDS or table.status == "playing":
                if table.status == "closed":
                    return  # (the bot stops: SIGTERM)
                if table.status == "between":
                    _log(f"N {table.id} {table.hand_no + 1}")
                    await table.next_hand(alice.id)
                    _log(f"DEALT {table.id} {table.hand_no}")
                await _finish(table)

        # SIGTERM stops the bot as in production (bot.lifecycle): the driver's SIGTERM
        # test sends it once every table is playing ("PLAYING").
        async with GracefulStop(bot) as stop:
            _log("PLAYING")
            playing = asyncio.gather(*(play(t) for t in tables))
            stopped = asyncio.ensure_future(stop.stopped.wait())
            await asyncio.wait({playing, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if stop.signal is None:
                stopped.cancel()
                await playing
                await env.settle()
            else:
                await stop.stopped.wait()
                await playing
                _log("STOPPED")
                return
    finally:
        await env.shutdown()
        if bot._manager is None or not bot._manager.stopping:  # (a clean stop closed it)
            await bot.store.close()
    _log("DONE")


# ---------------------------------------------------------------------------- checker
@dataclass
class Snapshot:
    """A table's saved state after a kill: where its restart must resume."""

    table_id: str
    status: str
    hand_no: int
    step: int


async def check_database(db: Path) -> tuple[list[str], int, dict[str, Snapshot]]:
    """Check the books after a kill: (problems, hands settled, saved tables)."""
    from bot.engine import POOL as ENGINE_POOL
    from bot.engine import replay_record
    from bot.store import Store, net_deltas, transfers_from_seats

    problems: list[str] = []
    snapshots: dict[str, Snapshot] = {}
    if not db.exists():
        return problems, 0, snapshots
    store = await Store.open(db)
    try:
        problems += [f"integrity: {p}" for p in await store.check_integrity()]
        states = await store.load_all_table_states()
        conn = store._reader
        async with conn.execute("SELECT hand_id FROM hands") as cur:
            hand_ids = [str(r[0]) for r in await cur.fetchall()]
        claimed: set[str] = set()
        for row in states:
            st = row.state
            tid, status, n = str(st["id"]), str(st["status"]), int(st["hand_no"])
            snapshots[tid] = Snapshot(tid, status, n, int(st["step"]))
            prefix = f"{st['guild_id']}-{st['channel_id']}-{tid}-"
            mine = {int(h[len(prefix):]) for h in hand_ids if h.startswith(prefix)}
            claimed |= {prefix + str(k) for k in mine}
            if status == "between" and st.get("unsettled") is None:
                want = set(range(1, n + 1))
            elif status in ("between", "playing"):
                want = set(range(1, n))
            else:
                want = set()
            if mine != want:
                problems.append(f"table {tid} ({status}, hand {n}): settled hands {sorted(mine)}, expected {sorted(want)}")
            session_id = st.get("session_id")
            if session_id is not None and st.get("unsettled") is None and status in ("between", "playing"):
                session = await store.get_session(int(session_id))
                kept = st["session"]  # the table's engine session (totals per seat)
                if session is not None and not (status == "playing" and int(kept["deals"]) == 0):
                    totals = [session.totals.get(p, 0) for p in st["hand_players"]]
                    if totals != kept["totals"]:
                        problems.append(f"table {tid}: running totals {kept['totals']} but the store says {totals}")
                    if session.deals_played != int(kept["deals"]):
                        problems.append(f"table {tid}: {kept['deals']} deals but the store has {session.deals_played}")
        stray = set(hand_ids) - claimed
        if stray:
            problems.append(f"hands of no table: {sorted(stray)[:5]}")
        for hid in hand_ids:
            hand = await store.get_hand(hid)
            record = await store.get_hand_record(hid)
            assert hand is not None and record is not None
            try:
                game = replay_record(record)
            except Exception as exc:  # a record that does not replay
                problems.append(f"hand {hid}: record does not replay: {exc}")
                continue
            expected = net_deltas(transfers_from_seats(game.result.transfers, hand.participants, pool=ENGINE_POOL))
            got: dict[Any, int] = {p: d for p, d in hand.deltas.items() if d}
            if hand.pool_delta:
                from bot.store import POOL

                got[POOL] = hand.pool_delta
            if expected != got:
                problems.append(f"hand {hid}: paid {got}, its game says {expected}")
    finally:
        await store.close()
    return problems, len(hand_ids), snapshots


# ---------------------------------------------------------------------------- driver
@dataclass
class CrashReport:
    runs: int = 0
    kills: int = 0
    rounds_completed: int = 0
    killed_at: dict[str, int] = field(default_factory=dict)
    resumed_tables: int = 0  # tables restored exactly as saved, checked at the next start
    resumed_mid_hand: int = 0  # ...of which with a hand in play
    redealt: int = 0  # kills after "deal" was asked but before the new hand was saved
    hands_checked: int = 0
    actions_lost: int = 0  # actions applied but not saved when the bot was killed
    most_lost: int = 0  # ...at most, of one table at one kill
    kills_losing_actions: int = 0
    groups_committed: int = 0  # group commits of table states seen in the logs
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        where = ", ".join(f"{k}: {v}" for k, v in sorted(self.killed_at.items()))
        return (
            f"{self.runs} bot runs, {self.kills} SIGKILLs ({where}); "
            f"{self.rounds_completed} rounds played to the end; "
            f"{self.resumed_tables} table restores checked ({self.resumed_mid_hand} mid-hand), "
            f"{self.redealt} deals lost to a kill and dealt again; "
            f"{self.hands_checked} settled hands checked after kills; "
            f"{self.groups_committed} groups of table states committed; "
            f"{self.actions_lost} applied actions lost to kills ({self.kills_losing_actions} kills, "
            f"at most {self.most_lost} per table), none from a committed group; "
            f"problems: {len(self.problems)}; {self.seconds:.1f}s"
        )


def lost_actions(lines: list[str], snaps: dict[str, Snapshot]) -> tuple[int, int, list[str]]:
    """After a kill: (actions lost, most of one table, problems).  An action is lost
    when the saved state is behind it; every state queued before the start of the last
    committed group of table states must be saved (that group, or a settlement, holds
    it or a later state): a kill loses at most the group in flight."""
    committed = {ln.split()[1] for ln in lines if ln.startswith("G ")}
    cut = max((i for i, ln in enumerate(lines) if ln.startswith("GS ") and ln.split()[1] in committed),
              default=-1)
    problems: list[str] = []
    lost: dict[str, int] = {}
    for i, ln in enumerate(lines):
        kind = ln[:2]
        if kind not in ("A ", "Q "):
            continue
        _, tid, hand, step = ln.split()
        snap = snaps.get(tid)
        if snap is None or (int(hand), int(step)) <= (snap.hand_no, snap.step):
            continue
        if kind == "A ":
            lost[tid] = lost.get(tid, 0) + 1
        elif i < cut:
            problems.append(f"table {tid}: state {hand}/{step} was queued before a committed group "
                            f"but the saved state is at {snap.hand_no}/{snap.step}")
    return sum(lost.values()), max(lost.values(), default=0), problems[:3]


def phase_of(lines: list[str]) -> str:
    """Where the worker was when it died, from its last log lines."""
    if "UP" not in lines:
        return "start-up/migration/restore"
    open_settlements: set[str] = set()
    dealing: set[str] = set()
    last = ""
    for line in lines:
        kind, _, rest = line.partition(" ")
        if kind == "S":
            open_settlements.add(rest)
        elif kind == "P":
            open_settlements.discard(rest)
        elif kind == "N":
            dealing.add(rest.split()[0])
        elif kind == "DEALT":
            dealing.discard(rest.split()[0])
        last = kind
    if open_settlements:
        return "settlement in flight"
    if dealing:
        return "dealing"
    if last == "P":
        return "just after a settlement"
    return "during play"


class _Reader(threading.Thread):
    def __init__(self, stream: Any) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.lines: list[str] = []

    def run(self) -> None:
        for line in self.stream:
            self.lines.append(line.rstrip("\n"))


def _ended(proc: subprocess.Popen[str], reader: _Reader) -> tuple[list[str], str, dict[str, Snapshot]]:
    """A worker that ended: its lines, its stderr and the tables it restored as it started."""
    reader.join(timeout=5)
    assert proc.stderr is not None
    err = proc.stderr.read()
    lines = list(reader.lines)
    restored = {
        p[1]: Snapshot(p[1], p[2], int(p[3]), int(p[4]))
        for p in (ln.split() for ln in lines if ln.startswith("RESTORED "))
    }
    return lines, err, restored


def run_crash_test(
    workdir: Path,
    kills: int,
    *,
    seed: int = 0,
    max_delay: float = 4.0,
    progress: Callable[[str], None] | None = None,
) -> CrashReport:
    """Kill the bot ``kills`` times at random moments; check the books after each."""
    rng = random.Random(seed)
    report = CrashReport()
    started = time.monotonic()
    round_no = 0
    db = workdir / f"round{round_no}" / "taroky.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    expect: dict[str, Snapshot] = {}
    pending_redeal: set[str] = set()
    while report.kills < kills:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.crash.bot_harness", "worker", str(db)],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        reader = _Reader(proc.stdout)
        reader.start()
        report.runs += 1
        # Kill modes: at a random time after the tables are restored, aimed at the nth
        # settlement or deal, or (rarely) during start-up.  Every kill is timed from a
        # line the bot printed (``OPEN``: it starts; ``UP``: its tables are restored),
        # never from the spawn: on a busy machine the interpreter's own start-up can
        # outlast any delay drawn here.
        mode = rng.choice(("time", "time", "settle", "settle", "deal", "start"))
        mark = "OPEN" if mode == "start" else "UP"
        delay = rng.uniform(0.0, 2.0) if mode == "start" else rng.uniform(0.0, max_delay)
        deadline: float | None = None  # set once the bot printed ``mark``
        nth = rng.randint(1, 12)
        killed = False
        seen, last_news = 0, time.monotonic()
        while proc.poll() is None:
            lines = reader.lines
            now = time.monotonic()
            if len(lines) != seen:
                seen, last_news = len(lines), now
            if deadline is None and mark in lines:
                deadline = now + delay
            if mode in ("time", "start"):
                hit = deadline is not None and now >= deadline
            elif mode == "settle":
                hit = sum(1 for ln in lines if ln.startswith("S ")) >= nth
            else:
                hit = sum(1 for ln in lines if ln.startswith("N ")) >= max(1, nth // 3)
            # (A bot that printed nothing for a minute is killed as at a random time.)
            if hit or now - last_news > 60:
                if mode in ("settle", "deal"):
                    time.sleep(rng.uniform(0, 0.004))
                if proc.poll() is None:
                    proc.send_signal(signal.SIGKILL)
                    killed = True
                break
            time.sleep(0.0005)
        proc.wait()
        lines, err, restored = _ended(proc, reader)  # (restored: where the restart resumed each table)
        if "UP" in lines:
            for tid, snap in expect.items():
                got = restored.get(tid)
                if got is None:
                    report.problems.append(f"run {report.runs}: table {tid} was not restored")
                elif got != snap and not (snap.status == "between" and got.status == "between"
                                          and (got.hand_no, got.step) == (snap.hand_no, snap.step)):
                    report.problems.append(f"run {report.runs}: table {tid} restored as {got}, saved as {snap}")
                else:
                    report.resumed_tables += 1
                    report.resumed_mid_hand += snap.status == "playing"
            for tid in pending_redeal:
                if any(ln.startswith(f"DEALT {tid} ") for ln in lines):
                    report.redealt += 1
            pending_redeal = set()
        if killed:
            report.kills += 1
            phase = phase_of(lines)
            report.killed_at[phase] = report.killed_at.get(phase, 0) + 1
            dealing = {ln.split()[1] for ln in lines if ln.startswith("N ")} - {
                ln.split()[1] for ln in lines if ln.startswith("DEALT ")}
        elif proc.returncode != 0 or "DONE" not in lines:
            report.problems.append(f"run {report.runs}: bot failed ({proc.returncode}): {err[-3000:]}")
            break
        problems, hands, snaps = asyncio.run(check_database(db))
        report.hands_checked += hands
        report.problems += [f"run {report.runs}: {p}" for p in problems]
        if killed:
            lost, most, group_problems = lost_actions(lines, snaps)
            report.actions_lost += lost
            report.most_lost = max(report.most_lost, most)
            report.kills_losing_actions += lost > 0
            report.problems += [f"run {report.runs}: {p}" for p in group_problems]
        report.groups_committed += sum(1 for ln in lines if ln.startswith("G "))
        if killed:
            expect = snaps
            # A deal that was asked for but not saved: the table is still between hands.
            pending_redeal = {t for t in dealing if t in snaps and snaps[t].status == "between"}
        else:
            want = HANDS * len(TABLES)
            if hands != want:
                report.problems.append(f"run {report.runs}: the round ended with {hands} hands, not {want}")
            report.rounds_completed += 1
            round_no += 1
            db = workdir / f"round{round_no}" / "taroky.sqlite3"
            expect, pending_redeal = {}, set()
        if progress is not None and killed:
            progress(f"kill {report.kills}/{kills} ({phase_of(lines)}): {report.hands_checked} hands checked, "
                     f"problems {len(report.problems)}")
        if report.problems:
            break
    report.seconds = time.monotonic() - started
    return report


@dataclass
class StopReport:
    """What the SIGTERM test saw."""

    stops: int = 0  # clean stops (SIGTERM, exit 0) checked
    stopped_at: dict[str, int] = field(default_factory=dict)
    settled_before_stop: int = 0  # hands paid by the processes that were stopped
    restored_tables: int = 0  # tables the next process took at once, exactly as saved
    hands_checked: int = 0
    actions_lost: int = 0  # applied actions missing from the saved states after a stop
    stop_seconds: list[float] = field(default_factory=list)  # SIGTERM -> exit (reported only)
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        where = ", ".join(f"{k}: {v}" for k, v in sorted(self.stopped_at.items()))
        took = ", ".join(f"{t:.2f}" for t in self.stop_seconds)
        return (f"{self.stops} SIGTERMs ({where}; SIGTERM to exit {took} s); "
                f"{self.settled_before_stop} hands paid before them; "
                f"{self.restored_tables} tables taken at once by the next process; "
                f"{self.hands_checked} settled hands checked; {self.actions_lost} actions lost; "
                f"problems: {len(self.problems)}")


def _leases(db: Path) -> list[tuple[Any, ...]]:
    import sqlite3

    conn = sqlite3.connect(db)
    try:
        return list(conn.execute("SELECT owner, guild_id, channel_id FROM table_leases"))
    finally:
        conn.close()


def run_sigterm_test(workdir: Path, stops: int, *, seed: int = 0, max_delay: float = 2.0) -> StopReport:
    """Stop the bot with SIGTERM ``stops`` times while its tables play, each run under
    another lease name, then let a last run play the round to its end.

    After each SIGTERM: the bot exits 0 (``STOPPED``); the books are exact and no hand is
    paid twice (``check_database``); no applied action is lost (the queued saves were
    written: ``lost_actions``); no lease is left.  Each next process, under another
    name, restores every table at once exactly as saved (a lease not handed back would
    keep it from them for 90 s)."""
    rng = random.Random(seed)
    report = StopReport()
    db = workdir / "taroky.sqlite3"
    expect: dict[str, Snapshot] = {}
    for run in range(stops + 1):
        last = run == stops
        env = {**os.environ, "PYTHONPATH": str(REPO), "TAROKY_CRASH_INSTANCE": f"process-{run}"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.crash.bot_harness", "worker", str(db)],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        reader = _Reader(proc.stdout)
        reader.start()
        # The stop is timed from the bot's own "PLAYING" (every table dealt and playing),
        # then aimed at the nth settlement or a random moment.
        mode = rng.choice(("settle", "time"))
        nth = rng.randint(1, 8)
        delay = rng.uniform(0.0, max_delay)
        deadline: float | None = None
        signalled = False
        while not last and proc.poll() is None:
            lines = list(reader.lines)
            now = time.monotonic()
            if deadline is None and "PLAYING" in lines:
                deadline = now + delay
                settled_at_start = sum(1 for ln in lines if ln.startswith("P "))
            if deadline is not None:
                paid = sum(1 for ln in lines if ln.startswith("P ")) - settled_at_start
                if (paid >= nth) if mode == "settle" else (now >= deadline):
                    proc.send_signal(signal.SIGTERM)
                    signalled = True
                    break
            time.sleep(0.001)
        sent = time.monotonic()
        try:
            proc.wait(timeout=240)  # (a hang guard; the stop itself takes seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if signalled:
            report.stop_seconds.append(time.monotonic() - sent)
        lines, err, restored = _ended(proc, reader)
        for tid, snap in expect.items():
            if restored.get(tid) != snap:
                report.problems.append(f"run {run}: table {tid} restored as {restored.get(tid)}, saved as {snap}")
            else:
                report.restored_tables += 1
        if not signalled and not last:
            report.problems.append(f"run {run}: the bot ended before its SIGTERM ({proc.returncode}): {err[-3000:]}")
            break
        if proc.returncode != 0 or ("STOPPED" if signalled else "DONE") not in lines:
            report.problems.append(f"run {run}: the bot did not stop cleanly ({proc.returncode}): {err[-3000:]}")
            break
        problems, hands, snaps = asyncio.run(check_database(db))
        report.hands_checked += hands
        report.problems += [f"run {run}: {p}" for p in problems]
        if signalled:
            report.stops += 1
            phase = phase_of(lines)
            report.stopped_at[phase] = report.stopped_at.get(phase, 0) + 1
            report.settled_before_stop += sum(1 for ln in lines if ln.startswith("P "))
            lost, _most, group_problems = lost_actions(lines, snaps)
            report.actions_lost += lost
            report.problems += [f"run {run}: {p}" for p in group_problems]
            if lost:
                report.problems.append(f"run {run}: {lost} applied action(s) were not saved at the stop")
            left = _leases(db)
            if left:
                report.problems.append(f"run {run}: leases not handed back: {left}")
        elif hands != HANDS * len(TABLES):
            report.problems.append(f"run {run}: the round ended with {hands} hands, not {HANDS * len(TABLES)}")
        expect = snaps
        if report.problems:
            break
    return report


def report_json(report: CrashReport) -> str:
    return json.dumps(report.__dict__, indent=1, default=str)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "worker":
        asyncio.run(worker_main(sys.argv[2]))
    else:
        sys.exit("usage: python -m tests.crash.bot_harness worker DB")
