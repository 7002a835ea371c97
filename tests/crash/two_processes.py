"""Two bot processes (two Discord shards) on one PostgreSQL database, and a restart of one.

Each *worker* is a separate process running the real ``ShardedTarokyBot`` (cogs, table
runtime, Discord output, the PostgreSQL store) under SimCord, with ``TAROKY_SHARDS``
``0/2`` or ``1/2``.  SimCord hosts one bot per virtual Discord (``Env``), so each
process has its own virtual Discord; every world holds the same two guilds (ids
pinned: guild A on shard 0, guild B on shard 1) and the same channels.  SimCord's shard
router delivers a guild's events only to the process running its shard, as Discord
does, so each process sees and serves only its own guild — what is shared, and under
test, is the database: the tables' saved states, their versions and leases, the money.

Worker: ``python -m tests.crash.two_processes worker URL SHARD NAME STOPFILE HANDS``.
It restores its shard's tables (printing ``RESTORED guild channel status hand``), opens
the tables of its guild that are missing (``/taroky new``, computers in every seat),
plays until each table has played ``HANDS`` hands, then (if ``STOPFILE`` is not ``-``)
keeps dealing until that file appears, and stops cleanly.  ``S``/``P`` lines log each
settlement it makes.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

#: The two guilds: (name, pinned id) — ``(id >> 22) % 2`` is the shard.
GUILDS = (("guild-a", (1000 << 23) | (0 << 22)), ("guild-b", (1000 << 23) | (1 << 22)))
CHANNELS = ("table-1", "table-2")
VARIANTS = ("czech", "nebraska")


def _log(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def _finish(table: Any) -> None:
    for _ in range(100000):
        if table.status != "playing":
            return
        driver = table._driver
        if driver is not None and not driver.done():
            await driver
        else:
            table.kick()
            await asyncio.sleep(0.001)
    raise RuntimeError(f"table {table.id} did not finish its hand")


async def worker_main(url: str, shard: int, name: str, stopfile: str, hands: int) -> None:
    from simcord.env import Env

    from bot.app import make_bot
    from bot.config import Settings
    from bot.store import Shards
    from bot.tables.ledger import TableLedger
    from bot.tables.manager import TableManager

    original_settle = TableLedger.settle

    async def logged_settle(self: TableLedger, table: Any, game: Any, **options: Any) -> bool:
        _log(f"S {table.hand_id}")
        paid = await original_settle(self, table, game, **options)
        _log(f"P {table.hand_id}")
        return paid

    TableLedger.settle = logged_settle  # type: ignore[method-assign]
    original_restore = TableManager.restore_all

    async def logged_restore(self: TableManager) -> list[Any]:
        restored = await original_restore(self)
        for table in restored:
            _log(f"RESTORED {table.guild_id} {table.channel_id} {table.status} {table.hand_no}")
        _log("UP")
        return restored

    TableManager.restore_all = logged_restore  # type: ignore[method-assign]
    # A restored hand in play resumes when ``play`` below drives it (``table.kick()``),
    # not inside SimCord's start-up, whose settling allows 5 s: two bots and their
    # pictures on two shared cores can take longer to play out a hand.
    TableManager.resume_all = lambda self: None  # type: ignore[method-assign]

    settings = Settings(
        token="", database_url=url, shards=Shards(2, (shard,)), instance=name,
        reminder_after=1e6, takeover_after=1e6,
    ).for_tests()
    bot = make_bot(settings)
    # Two bots and their pictures share two cores: give a click time to settle.
    # (30 s as tests/discord/conftest.py's SETTLE_TIMEOUT: on a busy machine the renderer's
    # warm-up in a thread took longer than 15 s once; a real hang still fails, only later)
    env = Env(bot, check_errors=False, settle_timeout=float(os.environ.get("TP_SETTLE", "30")))
    worlds = []
    for guild_name, guild_id in GUILDS:
        guild = env.create_guild(guild_name, id=guild_id)
        channels = [guild.create_text_channel(c) for c in CHANNELS]
        worlds.append((guild_id, guild, channels))
    users = {guild_id: guild.add_member(env.create_user(f"alice-{guild_id}")) for guild_id, guild, _ in worlds}
    await env.start()
    try:
        _log(f"READY {bot.shard_ids} of {bot.shard_count}")
        mine = [(gid, g, chs) for gid, g, chs in worlds if (gid >> 22) % 2 == shard]
        tables = []
        for guild_id, _guild, channels in mine:
            alice = users[guild_id]
            for channel, variant in zip(channels, VARIANTS, strict=True):
                table = bot.tables.get(channel.id)
                if table is None:
                    await alice.slash(channel, "taroky new", variant=variant, deals=0)
                    table = bot.tables.get(channel.id)
                    if table is None:  # its lease is held by another process
                        _log(f"REFUSED {guild_id} {channel.id}")
                        continue
                    _log(f"OPENED {guild_id} {channel.id}")
                    lobby = next(m for m in channel.history() if m.id == table.message_id)
                    await alice.click(lobby, label="Leave")
                    await alice.click(lobby, label="Start")
                tables.append((alice, table))
        # Tables of the other shard's guild are never seen here.
        others = [c.id for gid, _g, chs in worlds if (gid >> 22) % 2 != shard for c in chs]
        assert all(bot.tables.get(c) is None for c in others), "a table of another shard is served here"

        async def play(alice: Any, table: Any) -> None:
            await _finish(table)
            while table.hand_no < hands or table.status == "playing":
                if table.status == "between":
                    await table.next_hand(alice.id)
                await _finish(table)
            while stopfile != "-" and not Path(stopfile).exists():
                if table.status == "between":
                    await table.next_hand(alice.id)
                await _finish(table)
                await asyncio.sleep(0.3)  # play on, leaving the other processes some CPU

        await asyncio.gather(*(play(a, t) for a, t in tables))
        await env.settle()
        for _alice, table in tables:
            _log(f"TABLE {table.guild_id} {table.channel_id} {table.status} {table.hand_no}")
    finally:
        await env.shutdown()
        # SimCord detaches the bot without ``bot.close()``; do its part for the tables:
        # hand the leases back (a clean stop), then close the store.
        await bot.tables.shutdown()
        if bot.store is not None:
            await bot.store.close()
    _log("DONE")


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "worker":
        asyncio.run(worker_main(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6])))
    else:
        sys.exit("usage: python -m tests.crash.two_processes worker URL SHARD NAME STOPFILE HANDS")
