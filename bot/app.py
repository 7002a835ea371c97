"""The discord.py bot: minimal intents, extensions, persistent components, table restore."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.ai import pool as search_pool
from bot.ai.analyst import ANALYSIS_POLL, Analyst
from bot.ai.review import Budget
from bot.config import Settings
from bot.monitor import Monitor
from bot.store import DataStore, open_store
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.ratings import refresh_stale
from bot.tables.settlement import SETTLE_SWEEP
from bot.tables.table import TableTimings
from bot.tables.table_states import DatabaseTableStore, TableStateStore
from cogs.ui.client import TableClient
from cogs.ui.languages import Languages
from cogs.ui.output import DiscordTableOutput
from cogs.ui.translator import CatalogTranslator

log = logging.getLogger(__name__)

#: Garbage collector thresholds after start-up (Python's are 700, 10, 10): young
#: collections about a seventh as often, full ones rarer still; a busy bot allocates a
#: lot of short-lived objects that reference counting frees anyway.  A young collection
#: costs more an object the more objects it holds (measured at 200 tables, issue #33:
#: about 0.9 µs an object at 5,000, 1.3 at 20,000, 1.9 at 60,000; the young objects
#: outgrow the CPU's caches), so young collections stay small: GC's CPU an action was
#: 0.58 ms at (20,000, 5), 0.46 at (5,000, 20).  The middle generation is collected
#: every 100,000 allocations, as before (with every 50 young collections of 20,000 a
#: middle collection walked the survivors of 50 young ones and paused the event loop
#: 355 ms of CPU).
GC_THRESHOLDS = (5_000, 20, 100)

#: Seconds a thread may keep the GIL while another waits for it (Python's default is
#: 5 ms).  The store's writer is a thread (aiosqlite's), and the sqlite3 module lets the
#: GIL go around every step of a statement; each time, beside a busy event loop, the
#: writer waited up to the whole interval to get it back.  Beside a loop burning 5 ms a
#: turn a lease claim of 1,000 tables held the write lock 1.6 s at 5 ms and 0.1 s at
#: 1 ms, a group of 1,000 states 4.6 s and 0.26 s (``benchmarks/store_bench.py
#: --group-tables 1000 --busy-ms 5``; issue #33: at 500 tables the writer's lag p99 fell
#: from 2.9 s to 0.7 s with this and the statements that return no row a table).  The
#: bot's process has no other thread that wants the GIL often (the render pool is
#: spoken to from the loop: ``cogs.ui.output.RenderPool``).
SWITCH_INTERVAL = 0.001


def tune_runtime() -> None:
    """Once the bot is up: everything alive now (modules, the rules, restored tables)
    leaves the collector's generations for good (``gc.freeze``), so a full collection
    no longer walks it, and collections run less often (``GC_THRESHOLDS``); a thread
    waiting for the GIL gets it sooner (``SWITCH_INTERVAL``)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)


def minimal_intents() -> discord.Intents:
    """Only the guilds intent: slash commands and components need nothing else
    (no message content, no members, no presences)."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class TarokyBot(TableClient):
    """Hosts Taroky tables.  Tests pass a shared ``table_store`` to survive restarts."""

    output: DiscordTableOutput  # (the components see it as ``cogs.ui.client.Panels``)

    def __init__(
        self,
        settings: Settings,
        *,
        table_store: TableStateStore | None = None,
        deals: Deals | None = None,
        store: DataStore | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=minimal_intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **kwargs,
        )
        self.settings = settings
        self._table_store = table_store
        self._deals = deals
        self.output = DiscordTableOutput(
            self, edit_interval=settings.edit_interval, render_processes=settings.render_processes,
            picture_wait=settings.picture_wait,
        )
        self.tables: TableManager  # set in setup_hook
        self._manager: TableManager | None = None  # the same, once set (for close)
        self._resumed = False
        #: The store (money, history, tables: the SQLite file or PostgreSQL); opened
        #: in ``setup_hook`` unless given (then the caller closes it).
        self.store = store
        self._owns_store = store is None
        #: Who reads which language (issue #14); given the store once it is open.
        self.languages = Languages(store)
        self.limits = settings.limits
        #: The metrics and health endpoint (``TAROKY_METRICS_PORT``), once started.
        self.monitor: Monitor | None = None
        #: Reviews the paid hands (issue #28), once the store is open and unless
        #: ``TAROKY_ANALYSIS`` is off.
        self.analyst: Analyst | None = None
        #: The recompute of stale ratings started with the bot (``_refresh_ratings``).
        self.ratings_refresh: asyncio.Task[None] | None = None

    @property
    def manager(self) -> TableManager | None:
        """The tables, once ``setup_hook`` made them (the metrics and health read it)."""
        return self._manager

    async def setup_hook(self) -> None:
        if self.settings.metrics_address is not None:  # first: /healthz says "starting"
            self.monitor = Monitor(self)
            self.monitor.start(*self.settings.metrics_address)
            log.info("Metrics and health at http://%s:%d/metrics and /healthz",
                     self.settings.metrics_address[0], self.monitor.port)
        store = self._table_store
        if store is None and self.store is not None:
            store = DatabaseTableStore(self.store)
        elif store is None:
            store = await self._open_store()
        self.tables = TableManager(
            store,
            deals=self._deals,
            timings=TableTimings(
                ai_delay=self.settings.ai_delay,
                reminder_after=self.settings.reminder_after,
                takeover_after=self.settings.takeover_after,
            ),
            output=self.output,
            ledger=TableLedger(self.store) if self.store is not None else None,
            shards=self.settings.shards,
            owner=self.settings.lease_owner,
            limits=self.settings.limits,
        )
        self._manager = self.tables
        self.languages = Languages(self.store)
        await self.tree.set_translator(CatalogTranslator())  # slash commands in their languages
        self._settle_sweep.start()
        if self.settings.analysis and self.store is not None:
            self.analyst = Analyst(self.store, self.settings.lease_owner,
                                   Budget(playouts=self.settings.analysis_playouts))
            self._analysis_loop.start()
        restored = await self.tables.restore_all()
        if restored:
            log.info("Restored %d table(s)", len(restored))
        if self.store is not None:  # (after the tables: a long history does not hold them back)
            self.ratings_refresh = asyncio.get_running_loop().create_task(
                self._refresh_ratings(self.store), name="taroky-ratings-refresh")
        for extension in self.settings.extensions:
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("Failed to load extension %s", extension)
        await self._sync_commands()

    @staticmethod
    async def _refresh_ratings(store: DataStore) -> None:
        """Ratings stored under another ``RATINGS_VERSION`` (or none yet, after the upgrade
        that brought them) are recomputed from the history, in the background once the
        tables are back (issue 28: a season of hands is replayed, a few milliseconds each,
        off the event loop).  Meanwhile the hands paid in those sets are not rated live;
        the recompute rates them with the rest.  A failure is logged, and those ratings
        wait for ``taroky rate``."""
        try:
            if sets := await refresh_stale(store):
                log.info("Recomputed the ratings of %d (server, season, variant) set(s)", sets)
        except Exception:
            log.exception("Recomputing the stale ratings failed; run 'taroky rate'")

    async def _open_store(self) -> TableStateStore:
        """The store: PostgreSQL at ``DATABASE_URL``, else the SQLite file ``TAROKY_DB``."""
        self.store = await open_store(self.settings.store_location)
        self.store.group_interval = self.settings.group_interval
        return DatabaseTableStore(self.store)

    @tasks.loop(seconds=SETTLE_SWEEP)
    async def _settle_sweep(self) -> None:
        """Issue #15: the one place unpaid hands are retried, at each table's planned time
        (``Table.retry_due_settlement``); a failure is logged and the sweep goes on.  The
        lobbies nobody started in time are closed here too (issue #29), and the members
        forgotten through other bot processes leave this one's tables (issue #30,
        ``TableManager.forget_pending``)."""
        try:
            await self.tables.forget_pending()
        except Exception:  # (the next sweep tries again; a payment refuses them meanwhile)
            log.exception("Letting the members forgotten elsewhere go failed")
        for table in list(self.tables.tables.values()):
            try:
                await table.retry_due_settlement()
            except Exception:
                log.exception("Retrying the payment of table %s failed", table.id)
        try:  # (issue #29: a lobby nobody starts does not stay open for ever)
            await self.tables.expire_lobbies()
        except Exception:
            log.exception("Closing the expired lobbies failed")

    @tasks.loop(seconds=ANALYSIS_POLL)
    async def _analysis_loop(self) -> None:
        """Issue #28: catch up with the store's analysis queue (the reviews are made in
        the review worker process, one at a time; a failure is logged and the loop goes on)."""
        if self.analyst is None:
            return
        try:
            await self.analyst.catch_up()
        except Exception:
            log.exception("Taking analysis jobs failed")

    async def close(self) -> None:
        """A clean stop (``bot.lifecycle``: SIGTERM, SIGINT).  The tables go first, while
        Discord is still connected: no more clicks (each gets one sentence), the action
        in flight at each finishes and is answered, the queued saves are written and the
        leases handed back (``TableManager.shutdown``); then the settlement sweep, the
        gateway, the worker processes (pictures, the strong player's search, the hand
        reviews) and the store."""
        if self._manager is not None and not self._manager.stopping:
            try:
                await self._manager.shutdown(grace=self.settings.stop_grace)
            except Exception:
                log.exception("Handing the tables back failed")
        self._settle_sweep.cancel()
        self._analysis_loop.cancel()
        if self.ratings_refresh is not None:
            self.ratings_refresh.cancel()  # (its write is one transaction: all or nothing)
        if self.analyst is not None:
            try:
                await self.analyst.stop()  # (the job in hand waits again for the next process)
            except Exception:
                log.exception("Handing the analysis jobs back failed")
        await super().close()
        if self.monitor is not None:
            self.monitor.stop()
        self.output.close()
        search_pool.shutdown()  # the strong player's worker process
        if self.store is not None and self._owns_store:
            await self.store.close()

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d command(s) to the development server %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d global command(s)", len(synced))

    async def on_ready(self) -> None:
        log.info("Logged in as %s (%s)", self.user, self.user.id if self.user is not None else "?")
        if not self._resumed:
            self._resumed = True
            self.tables.resume_all()
            if self.settings.tune_runtime:
                tune_runtime()


class ShardedTarokyBot(TarokyBot, commands.AutoShardedBot):
    """The bot running some of the Discord shards (``TAROKY_SHARDS``): discord.py's
    ``AutoShardedBot`` with this process's ``shard_ids`` of ``shard_count``."""


def make_bot(settings: Settings, **kwargs: Any) -> TarokyBot:
    """The bot for ``settings``: sharded when ``TAROKY_SHARDS`` names shards."""
    # The bot has no voice: discord.py's start-up warnings that PyNaCl and davey (voice
    # libraries) are missing are noise in an admin's log (discord.py's own switches).
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    if settings.shards is not None:
        return ShardedTarokyBot(
            settings, shard_count=settings.shards.count, shard_ids=list(settings.shards.ids), **kwargs
        )
    return TarokyBot(settings, **kwargs)
