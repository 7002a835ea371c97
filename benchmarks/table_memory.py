"""Memory a live table: the bot's own share, apart from the simulated Discord's.

    nice -n 19 .venv/bin/python benchmarks/table_memory.py --tables 50 [--tricks 6] [--runs 3]

``benchmarks/load.py`` prints "RSS a table", but the simulated Discord (SimCord) lives in
the same process and keeps every message, interaction and picture a real Discord keeps
on its side.  This script opens real tables under SimCord (two humans and two computers
a table, the humans clicking a random legal choice at once) and plays each to the middle
of a hand (``--tricks`` tricks played, then a human to act: the table waits for a
click, as a live table mostly does).  Tables are opened in four batches of ``--tables``
after one that warms up (imports, card faces); after each batch the bot is let settle
(no edit waiting, the render process idle) and collected.

* **RSS slope** (batches 1 and 2, untraced): the process's RSS growth an added table,
  the simulator included, and the render process's.
* From batch 3 on, ``tracemalloc`` traces every allocation (``FRAMES`` frames).  After
  batch 3, the simulator's and this driver's state of its tables is dropped (every
  message, interaction and picture of their channels SimCord keeps; the panels' results
  the driver keeps), then batch 4 is compared with it (a bounded cache full before
  batch 4 only swaps traced entries, so it does not count as growth):
* **Allocated**: what batch 4's tables hold, by the party that allocated it (the
  innermost frame of a known party, as ``load.py``'s CPU split: the bot, discord.py, the
  store's driver, the simulator, this driver; "other": no known party's frame).
* **Held by the bot**: then batch 4's simulated state is dropped too and what is still
  alive counted again: what the bot process holds a table, whoever allocated it, with
  the largest sites (innermost frame of the bot or discord.py).  This is the bot
  process's own share of "memory a live table".
* **The render process** (``rendering.cache_stats`` through the pool): what its caches
  hold, and the latest table pictures (``render.LATEST``) per table.

A run is one process; ``--runs N`` runs N in turn (a process each) and prints the
median of each figure.  No assertions: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import GUILD_BASE, PARTIES, PLAY, Signals, logging_off, quiet_log, rss_bytes  # noqa: E402

#: Frames kept of each allocation's stack (enough to reach the innermost frame of a party).
FRAMES = 12
#: The parties that are the bot process's own (a real deployment runs them).
BOT_PARTIES = ("bot", "discord.py", "store driver")


def party(traceback: tracemalloc.Traceback) -> tuple[str, tracemalloc.Frame]:
    """The innermost frame of a known party (``load.PARTIES``) and its party; "other" with
    the innermost frame when none is known."""
    for frame in reversed(traceback):  # (innermost last in a Traceback: reversed = innermost first)
        named = next((p for marker, p in PARTIES if marker in frame.filename), None)
        if named is not None:
            return named, frame
    return "other", traceback[-1]


def split(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, tables: int
          ) -> tuple[dict[str, float], list[tuple[str, float]]]:
    """Bytes a table alive in ``after`` and not in ``before``, by party; and the largest
    sites of the bot process's parties (``file:line`` of the party's innermost frame)."""
    by_party: dict[str, float] = {}
    sites: dict[str, float] = {}
    for stat in after.compare_to(before, "traceback"):
        who, where = party(stat.traceback)
        by_party[who] = by_party.get(who, 0.0) + stat.size_diff / tables
        if who in BOT_PARTIES or who in ("other", "simulator"):
            path = "/".join(where.filename.rsplit("/", 2)[-2:])
            key = f"{who}: {path}:{where.lineno}"
            sites[key] = sites.get(key, 0.0) + stat.size_diff / tables
    return (dict(sorted(by_party.items(), key=lambda kv: -kv[1])),
            sorted(sites.items(), key=lambda kv: -kv[1])[:20])


def latest_sharing() -> tuple[int, int, int, int]:
    """Run in the render process: the latest table pictures' bands (``render.LATEST``):
    their bytes counted for each picture (as the cache weighs them), the bytes of the
    distinct band objects (what they take), the bytes of the distinct contents (what
    they would take if no two bands of the same bytes were kept), and the entries."""
    from rendering import render

    total = 0
    objects: dict[int, int] = {}
    contents: dict[bytes, int] = {}
    entries = render.LATEST.values()
    for latest in entries:
        for band in latest.bands:
            total += len(band.data)
            objects[id(band.data)] = len(band.data)
            contents[band.data] = len(band.data)
    return total, sum(objects.values()), sum(contents.values()), len(entries)


def objects_by_type() -> dict[str, tuple[int, int]]:
    """The objects the collector tracks, by type (``module.name``): (count, bytes by
    ``sys.getsizeof``, their own size, not what they refer to)."""
    out: dict[str, tuple[int, int]] = {}
    for obj in gc.get_objects():
        kind = type(obj)
        name = f"{kind.__module__}.{kind.__qualname__}"
        n, size = out.get(name, (0, 0))
        out[name] = (n + 1, size + sys.getsizeof(obj))
    return out


def child_rss(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


async def run(tables: int, tricks: int, seed: int, fill: int, say: Callable[[str], None],
              trace: bool = True) -> dict[str, Any]:
    from simcord import actors
    from simcord.env import Env
    from simcord.results import InteractionResult

    import rendering
    from bot.app import make_bot
    from bot.config import Settings
    from bot.engine import ENGINE_BUILD
    from bot.tables.limits import DEFAULT_MAX_TABLES
    from bot.tables.table import BETWEEN, PLAYING
    from tests.discord.harness import action_ids, engine_first, labels, select_ids, take_turn

    rng = random.Random(seed)
    total = 1 + fill + 4 * tables
    tmp = tempfile.TemporaryDirectory()
    settings = Settings(token="", db_path=Path(tmp.name) / "taroky.sqlite3", reminder_after=1e6,
                        takeover_after=1e6, ai_delay=0.05, edit_interval=1.0, render_processes=1,
                        analysis=False)
    bot = make_bot(settings)
    env = Env(bot, check_errors=False, settle_timeout=60.0)
    guilds = [env.create_guild(f"server{j}", id=(GUILD_BASE + j) << 22)
              for j in range((total + DEFAULT_MAX_TABLES - 1) // DEFAULT_MAX_TABLES)]
    channels = [guilds[i // DEFAULT_MAX_TABLES].create_text_channel(f"table{i}") for i in range(total)]
    people = [(guilds[i // DEFAULT_MAX_TABLES].add_member(env.create_user(f"a{i}")),
               guilds[i // DEFAULT_MAX_TABLES].add_member(env.create_user(f"b{i}")))
              for i in range(total)]
    signals = Signals()
    backend = env.backend

    def firing(method: Callable[..., Any], channel_of: Callable[..., int]) -> Callable[..., Any]:
        """``method`` of the simulated Discord, then the written channel's signal."""
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            stored = method(*args, **kwargs)
            signals.fire(channel_of(*args))
            return stored

        return wrapper

    backend.edit_message = firing(backend.edit_message, lambda channel_id, *_: channel_id)  # type: ignore[method-assign]
    backend.commit_message = firing(  # type: ignore[method-assign]
        backend.commit_message, lambda message, *_: int(message.channel_id))

    # (as in load.py: a click returns once its event is sent, SimCord does not settle)
    async def dispatch_nowait(actor: Any, type: int, channel: Any, data: dict[str, Any], *,
                              extra: dict[str, Any] | None = None,
                              source_message_id: int | None = None) -> Any:
        record, payload = actors._interactions.base_payload(
            backend, type=type, channel_id=channel.id, guild_id=actor.guild.id, user_id=actor.id, data=data)
        if extra:
            payload.update(extra)
        if source_message_id is not None:
            record.source_message_id = source_message_id
        backend.emit("INTERACTION_CREATE", payload)
        return InteractionResult(env, record)

    await env.start()
    quiet_log(backend)
    from simcord import _dpy_internals

    loop = asyncio.get_running_loop()
    runtime = env._runtime
    simulated = (loop.call_later, loop.call_at, time.monotonic)
    out: dict[str, Any] = {"tables": tables, "tricks": tricks, "fill": fill, "engine": str(ENGINE_BUILD)}
    panels: dict[int, list[Any]] = {}
    try:
        actors._dispatch_actor_interaction = dispatch_nowait
        # (the bot on the wall clock and plain asyncio timers, as in load.py)
        loop.call_later = runtime.call_later  # type: ignore[method-assign]
        loop.call_at = runtime.call_at  # type: ignore[method-assign]
        time.monotonic = _dpy_internals.real_monotonic

        async def until(cond: Callable[[], bool], channel_id: int, limit: float = 600.0) -> None:
            async def looking() -> None:
                while not cond():
                    await signals.wait(channel_id, 0.2)

            try:
                await asyncio.wait_for(looking(), limit)
            except TimeoutError:
                raise RuntimeError(f"channel {channel_id}: timed out") from None

        def table_message(i: int) -> Any:
            table = bot.tables.get(channels[i].id)
            return next(m for m in channels[i].history() if m.id == table.message_id)

        async def open_table(i: int) -> None:
            channel = channels[i]
            alice, bob = people[i]
            await alice.slash(channel, "taroky new", options=PLAY, teach=False)
            await until(lambda: bot.tables.get(channel.id) is not None
                        and bot.tables.get(channel.id).message_id is not None, channel.id)
            table = bot.tables.get(channel.id)
            await bob.click(table_message(i), label="Join")
            await until(lambda: table.seat_of(bob.id) is not None, channel.id)
            await alice.click(table_message(i), label="Start")
            await until(lambda: table.status != "lobby" and "My hand" in labels(table_message(i)), channel.id)
            panels[i] = []
            for member in (alice, bob):
                result = await member.click(table_message(i), label="My hand")
                await until(lambda r=result: r.response is not None and bool(r.response.components), channel.id)
                panels[i].append(result)

        def done(i: int) -> bool:
            table = bot.tables.get(channels[i].id)
            game = table.game
            return (table.status == PLAYING and game is not None and len(game.tricks) >= tricks
                    and game.to_act is not None and table.seats[game.to_act].user_id is not None)

        async def play(i: int) -> None:
            """The two humans of table ``i`` click until it is mid-hand (``done``)."""
            channel = channels[i]
            table = bot.tables.get(channel.id)
            r = random.Random(rng.random())
            last: dict[int, str] = {}
            dealt = -1.0
            while not done(i):
                if table.status == BETWEEN:  # (a hand that ended early: the next one)
                    if time.perf_counter() - dealt > 2.0:
                        dealt = time.perf_counter()
                        with contextlib.suppress(Exception):
                            await people[i][0].click(table_message(i), label="Deal the next hand")
                    await signals.wait(channel.id, 1.0)
                    continue
                game = table.game
                seat = game.to_act if table.status == PLAYING and game is not None else None
                who = next((k for k, m in enumerate(people[i]) if seat is not None
                            and table.seat_of(m.id) == seat), None)
                shown = panels[i][who].response if who is not None else None
                ids = action_ids(shown) if shown is not None else []
                sels = select_ids(shown) if shown is not None else []
                moment = (ids or sels or [None])[0]
                if who is None or moment is None or moment == last.get(who):
                    await signals.wait(channel.id, 1.0)
                    continue
                last[who] = moment
                try:  # (a random legal choice, clicked on the panel)
                    await take_turn(people[i][who], panels[i][who],
                                    engine_first(r.choice(game.legal_actions(seat)).code))
                except Exception:
                    last.pop(who, None)  # (the panel changed under the click: look again)
                    await signals.wait(channel.id, 0.5)

        async def settled() -> None:
            """Every edit sent and every picture drawn (a live table waiting for a click)."""
            await asyncio.sleep(1.5)
            for _ in range(120):
                if not bot.output._pending:
                    break
                await asyncio.sleep(0.5)
            await asyncio.sleep(1.5)
            if bot.output.pool is not None:
                await bot.output.pool.picture_work()  # (waits for the render process's turn)
            gc.collect()

        async def batch(first: int, count: int) -> None:
            t0 = time.perf_counter()
            for start in range(first, first + count, 20):
                ids = range(start, min(first + count, start + 20))
                await asyncio.gather(*(open_table(i) for i in ids))
                await asyncio.gather(*(play(i) for i in ids))
            await settled()
            say(f"tables {first}..{first + count - 1}: {time.perf_counter() - t0:.1f} s")

        def render_pid() -> int | None:
            executor = bot.output.pool._executor if bot.output.pool is not None else None
            procs = list(executor._processes) if executor is not None else []  # type: ignore[attr-defined]
            return procs[0] if procs else None

        async def render_caches() -> dict[str, tuple[int, int]]:
            pool = bot.output.pool
            if pool is None or pool._executor is None:
                return {}
            async with pool._slots:
                return await loop.run_in_executor(pool._executor, rendering.cache_stats)

        await batch(0, 1)
        if fill:
            await batch(1, fill)
        first = 1 + fill
        async def latest_bands() -> tuple[int, int, int, int]:
            pool = bot.output.pool
            if pool is None or pool._executor is None:
                return (0, 0, 0, 0)
            async with pool._slots:
                return await loop.run_in_executor(pool._executor, latest_sharing)

        await batch(first, tables)
        rss1, pid = rss_bytes(), render_pid()
        render1 = child_rss(pid) if pid else 0
        caches1 = await render_caches()
        bands1 = await latest_bands()
        await batch(first + tables, tables)
        rss2 = rss_bytes()
        render2 = child_rss(pid) if pid else 0
        caches2 = await render_caches()
        out["latest_bands"] = bands2 = await latest_bands()
        # (pictures the bot process keeps: each table's last change's, and its shared cache)
        kept = [png for own in bot.output._table_cache.values() for png in own.values()]
        out["table_cache"] = (len(kept), sum(map(len, kept)), len(bot.output._table_cache),
                              sum(map(len, bot.output._cache.values())))
        # (the latest pictures' bytes a table added: the distinct band objects)
        out["render_latest_kb"] = (bands2[1] - bands1[1]) / 1024 / tables
        out["rss_kb"] = (rss2 - rss1) / 1024 / tables
        out["render_rss_kb"] = (render2 - render1) / 1024 / tables
        out["render_caches_kb"] = {name: (caches2[name][1] - caches1.get(name, (0, 0))[1]) / 1024 / tables
                                   for name in caches2}
        out["render_caches_mb"] = {name: caches2[name][1] / 2**20 for name in caches2}

        def drop_simulated(first: int, count: int) -> None:
            """What only the simulated Discord and this driver keep of tables ``first``..
            (every message, interaction and picture of their channels; the panels'
            results): the bot's share is what stays alive.  The tables wait for a click,
            so nothing shows them again."""
            ids = {channels[i].id for i in range(first, first + count)}
            for channel_id in ids:
                backend.messages.get(channel_id, {}).clear()
                signals.events.pop(channel_id, None)
            for interaction_id, record in list(backend.interactions.items()):
                if record.channel_id in ids:
                    del backend.interactions[interaction_id]
            live = set(backend.interactions)
            for token, interaction_id in list(backend.interaction_tokens.items()):
                if interaction_id not in live:
                    del backend.interaction_tokens[token]
            for url in list(backend.cdn._blobs):
                if any(f"/attachments/{channel_id}/" in url for channel_id in ids):
                    del backend.cdn._blobs[url]
            for i in range(first, first + count):
                panels.pop(i, None)
            gc.collect()

        if not trace:
            return out
        # Traced from here (``FRAMES`` frames): batch 3 is what the next one is compared
        # with, once the simulator's share of it is dropped; batch 4 is measured.
        tracemalloc.start(FRAMES)
        third, fourth = first + 2 * tables, first + 3 * tables
        await batch(third, tables)
        drop_simulated(third, tables)
        snap0 = tracemalloc.take_snapshot()
        types0 = objects_by_type()
        await batch(fourth, tables)
        snap1 = tracemalloc.take_snapshot()
        allocated, _ = split(snap0, snap1, tables)
        out["allocated_kb"] = {k: v / 1024 for k, v in allocated.items()}
        drop_simulated(fourth, tables)
        snap2 = tracemalloc.take_snapshot()
        held, sites = split(snap0, snap2, tables)
        del snap1, snap2  # (their traces are not the tables')
        types1 = objects_by_type()
        grown = {name: ((n - types0.get(name, (0, 0))[0]) / tables, (size - types0.get(name, (0, 0))[1]) / tables)
                 for name, (n, size) in types1.items()}
        out["types"] = sorted(((name, n, size) for name, (n, size) in grown.items() if n > 0.5),
                              key=lambda row: -row[2])[:20]
        tracemalloc.stop()
        out["held_kb"] = {k: v / 1024 for k, v in held.items()}
        out["bot_held_kb"] = sum(v for k, v in out["held_kb"].items() if k in BOT_PARTIES)
        out["sites_kb"] = [(k, v / 1024) for k, v in sites]
    finally:
        loop.call_later, loop.call_at, time.monotonic = simulated  # type: ignore[method-assign]
        try:
            await env.shutdown()
        finally:
            if bot.store is not None:
                await bot.store.close()
            tmp.cleanup()
    return out


def lines(r: dict[str, Any]) -> list[str]:
    rows = [
        f"memory a table: {r['fill']} tables first, then batches of {r['tables']}, each table played to "
        f"{r['tricks']} tricks (a human to act), engine {r['engine']}",
        f"  RSS a table added (this process, the simulator included): {r['rss_kb']:.1f} KB",
        f"  the render process: RSS a table added {r['render_rss_kb']:.1f} KB; its caches a table added "
        "(as they weigh them): "
        + ", ".join(f"{k} {v:.1f} KB" for k, v in r["render_caches_kb"].items() if abs(v) >= 0.05),
        "    (the latest pictures' bands: {:.1f} MB counted a picture each, {:.1f} MB of band objects, "
        "{:.1f} MB of distinct bytes, {} tables)".format(
            r["latest_bands"][0] / 2**20, r["latest_bands"][1] / 2**20, r["latest_bands"][2] / 2**20,
            r["latest_bands"][3]),
        "    (caches in all: " + ", ".join(f"{k} {v:.1f} MB" for k, v in r["render_caches_mb"].items()) + ")",
        f"  the latest table pictures a table added (their band objects): {r['render_latest_kb']:.1f} KB",
    ]
    if r.get("table_cache"):
        n, size, tables, shared = r["table_cache"]
        rows.append(f"  this process's pictures: {n} kept by {tables} tables' last changes, {size / 1024:.0f} KB; "
                    f"the shared cache {shared / 1024:.0f} KB")
    if "held_kb" not in r:
        return rows
    rows += [
        "  allocated a table, by who allocated it: "
        + ", ".join(f"{k} {v:.1f} KB" for k, v in r["allocated_kb"].items()),
        "  held a table once the simulator's state is dropped: "
        + ", ".join(f"{k} {v:.1f} KB" for k, v in r["held_kb"].items()),
        f"  the bot's own share, this process (bot + discord.py + store driver, held): {r['bot_held_kb']:.1f} KB",
        f"  the bot's share a live table: {r['bot_held_kb']:.1f} KB here + {r['render_latest_kb']:.1f} KB of "
        f"latest table pictures = {r['bot_held_kb'] + r['render_latest_kb']:.1f} KB",
        "  the largest sites held (innermost frame of the party, KB a table):",
    ]
    rows.extend(f"    {kb:6.2f}  {where}" for where, kb in r["sites_kb"])
    if r.get("types"):
        rows.append("  the objects a table added, by type (the collector's; own size, bytes a table):")
        rows.extend(f"    {n:6.1f} x  {size:7.0f} B  {name}" for name, n, size in r["types"])
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables a batch (three batches)")
    parser.add_argument("--tricks", type=int, default=6, help="tricks played before a table is left waiting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fill", type=int, default=200,
                        help="tables opened first, so that the bounded caches are full when measuring")
    parser.add_argument("--runs", type=int, default=1, help="runs (a process each); the medians printed")
    parser.add_argument("--no-trace", action="store_true",
                        help="only the RSS slopes and the render process's caches (no tracemalloc: quicker)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging_off()
    if args.runs > 1:
        reports = []
        for k in range(args.runs):
            cmd = [sys.executable, __file__, "--tables", str(args.tables), "--tricks", str(args.tricks),
                   "--fill", str(args.fill), *(["--no-trace"] if args.no_trace else []),
                   "--seed", str(args.seed + k), "--json"]
            reports.append(json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
                                      .strip().splitlines()[-1]))
            print(f"run {k + 1}: bot {reports[-1].get('bot_held_kb', float('nan')):.1f} KB, latest pictures "
                  f"{reports[-1]['render_latest_kb']:.1f} KB, RSS {reports[-1]['rss_kb']:.1f} KB", flush=True)
        print("\n".join(lines(median_report(reports))))
        return 0
    report = asyncio.run(run(args.tables, args.tricks, args.seed, args.fill,
                             (lambda _s: None) if args.json else print, trace=not args.no_trace))
    print(json.dumps(report) if args.json else "\n".join(lines(report)))
    return 0


def median_report(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Each number the median of the runs' (the sites and types: those of the median run
    by the bot's share)."""
    def med(values: list[float]) -> float:
        return statistics.median(values)

    out: dict[str, Any] = dict(reports[0])
    for key in ("rss_kb", "render_rss_kb", "bot_held_kb", "render_latest_kb"):
        if key in out:
            out[key] = med([r[key] for r in reports])
    for key in ("allocated_kb", "held_kb", "render_caches_kb", "render_caches_mb"):
        if key in out:
            names = {k for r in reports for k in r[key]}
            out[key] = dict(sorted(((k, med([r[key].get(k, 0.0) for r in reports])) for k in names),
                                   key=lambda kv: -kv[1]))
    out["latest_bands"] = [med([r["latest_bands"][i] for r in reports]) for i in range(4)]
    if "bot_held_kb" in out:
        middle = sorted(reports, key=lambda r: r["bot_held_kb"])[len(reports) // 2]
        out["sites_kb"], out["types"] = middle["sites_kb"], middle.get("types")
    return out


if __name__ == "__main__":
    sys.exit(main())
