"""Puts a table on Discord: the public message (edited in place), panels, summaries.

The public message is edited, never re-posted per move, and edits are coalesced:
at most one edit per ``edit_interval`` seconds per table (Discord allows about five
messages per five seconds in a channel).  Open private panels are refreshed through
the interaction that showed them, while its token is valid (15 minutes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord

from bot.tables.messages import panel_message, summary_message, table_message
from bot.tables.table import Table

log = logging.getLogger(__name__)

PANEL_TTL = 14 * 60  # seconds; interaction tokens live 15 minutes


class DiscordTableOutput:
    """The :class:`bot.tables.table.TableOutput` of the real bot."""

    def __init__(self, client: discord.Client, *, edit_interval: float = 1.0) -> None:
        self.client = client
        self.edit_interval = edit_interval
        self._last_edit: dict[str, float] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        # (table id, user id) -> (interaction showing the panel, monotonic time shown)
        self.panels: dict[tuple[str, int], tuple[discord.Interaction, float]] = {}

    # ----------------------------------------------------------- TableOutput
    async def table_changed(self, table: Table) -> None:
        await self.publish(table)
        await self.refresh_panels(table)

    async def remind(self, table: Table, seat: int) -> None:
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(
            f"<@{s.user_id}>, the table is waiting for you: click **My hand** to play "
            "(a computer will play for you soon).",
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def hand_finished(self, table: Table, hand_no: int, result: Any) -> None:
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(embed=summary_message(table, hand_no, result))

    # ----------------------------------------------------------- public message
    async def publish(self, table: Table, *, force_new: bool = False) -> None:
        """Create or edit the table's public message (coalesced)."""
        if force_new or table.message_id is None:
            await self._send_new(table)
            return
        if table.id in self._pending:
            return  # a pending edit will show the latest state
        wait = self.edit_interval - (time.monotonic() - self._last_edit.get(table.id, -1e9))
        if wait <= 0:
            await self._edit(table)
            return
        self._pending[table.id] = asyncio.get_running_loop().create_task(self._delayed_edit(table, wait))

    async def _delayed_edit(self, table: Table, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending.pop(table.id, None)
        await self._edit(table)

    async def _send_new(self, table: Table) -> None:
        embed, view = table_message(table)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        message = await channel.send(embed=embed, view=view)
        table.message_id = message.id
        self._last_edit[table.id] = time.monotonic()

    async def _edit(self, table: Table) -> None:
        embed, view = table_message(table)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        assert table.message_id is not None
        try:
            await channel.get_partial_message(table.message_id).edit(embed=embed, view=view)
        except discord.NotFound:
            await self._send_new(table)
        self._last_edit[table.id] = time.monotonic()

    # ----------------------------------------------------------- private panels
    def remember_panel(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        self.panels[(table.id, user_id)] = (interaction, time.monotonic())

    async def refresh_panels(self, table: Table) -> None:
        now = time.monotonic()
        for (table_id, user_id), (interaction, shown) in list(self.panels.items()):
            if table_id != table.id:
                continue
            seat = table.seat_of(user_id)
            if seat is None or now - shown > PANEL_TTL:
                self.panels.pop((table_id, user_id), None)
                continue
            embed, view = panel_message(table, seat)
            try:
                await interaction.edit_original_response(embed=embed, view=view, attachments=[])
            except discord.HTTPException:
                # The token expired or the panel was dismissed: the player re-opens it.
                self.panels.pop((table_id, user_id), None)

    def forget_table(self, table: Table) -> None:
        for key in [k for k in self.panels if k[0] == table.id]:
            self.panels.pop(key, None)
        task = self._pending.pop(table.id, None)
        if task is not None:
            with contextlib.suppress(Exception):
                task.cancel()
