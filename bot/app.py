"""The discord.py bot: minimal intents, extensions, persistent components, table restore."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.tables.games import GameFactory
from bot.tables.manager import (
    JsonFileTableStore,
    SqliteTableStore,
    TableLedger,
    TableManager,
    TableStateStore,
)
from bot.tables.output import DiscordTableOutput
from bot.tables.table import Table, TableTimings

log = logging.getLogger(__name__)


def minimal_intents() -> discord.Intents:
    """Only the guilds intent: slash commands and components need nothing else
    (no message content, no members, no presences)."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class BotTableOutput(DiscordTableOutput):
    """The Discord output plus the session summary (posted when a session ends)."""

    async def session_finished(self, table: Table, session: Any) -> None:
        from cogs.records import session_summary_embed

        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(embed=session_summary_embed(table, session))


class TarokyBot(commands.Bot):
    """Hosts Taroky tables.  Tests pass a shared ``table_store`` to survive restarts."""

    def __init__(
        self,
        settings: Settings,
        *,
        table_store: TableStateStore | None = None,
        game_factory: GameFactory | None = None,
        store: Any = None,
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
        self._game_factory = game_factory
        self.output = BotTableOutput(self, edit_interval=settings.edit_interval)
        self.tables: TableManager  # set in setup_hook
        self._resumed = False
        #: The SQLite ``bot.store.Store`` (money, history, tables); opened in
        #: ``setup_hook`` unless given (then the caller closes it).
        self.store: Any = store
        self._owns_store = store is None

    async def setup_hook(self) -> None:
        store = self._table_store
        if store is None and self.store is not None:
            store = SqliteTableStore(self.store)
        elif store is None:
            store = await self._open_store()
        self.tables = TableManager(
            store,
            factory=self._game_factory,
            timings=TableTimings(
                ai_delay=self.settings.ai_delay,
                reminder_after=self.settings.reminder_after,
                takeover_after=self.settings.takeover_after,
            ),
            output=self.output,
            ledger=TableLedger(self.store) if self.store is not None else None,
        )
        restored = await self.tables.restore_all()
        if restored:
            log.info("Restored %d table(s)", len(restored))
        for extension in self.settings.extensions:
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("Failed to load extension %s", extension)
        await self._sync_commands()

    async def _open_store(self) -> TableStateStore:
        """The SQLite store at ``TAROKY_DB``; a JSON file next to it if the store is missing."""
        try:
            from bot.store import Store
        except ImportError:
            return JsonFileTableStore(self.settings.db_path.with_suffix(".tables.json"))
        self.store = await Store.open(self.settings.db_path)
        return SqliteTableStore(self.store)

    async def close(self) -> None:
        await super().close()
        store = getattr(self, "store", None)
        if store is not None and self._owns_store:
            await store.close()

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
        log.info("Logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))
        if not self._resumed:
            self._resumed = True
            self.tables.resume_all()
