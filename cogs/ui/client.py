"""The bot as the Discord side sees it: :class:`TableClient`, the base class of
``bot.app.TarokyBot``, and :func:`table_client`, which finds it behind an interaction.

The components, the lesson's view and the cogs reach the bot's tables, its Discord
output, its store and its readers' languages through it.  The output is seen through
:class:`Panels` (what a click asks of it), so this module imports nothing of the
modules above it (``cogs.ui.output`` draws the components, which import this).
"""

from __future__ import annotations

from typing import Protocol

import discord
from discord.ext import commands

from bot.i18n import N_
from bot.store import DataStore
from bot.tables.errors import TableError
from bot.tables.limits import Limits
from bot.tables.manager import TableManager
from bot.tables.table import Table
from cogs.ui.languages import Languages


class Panels(Protocol):
    """What a click asks of the bot's Discord output (``cogs.ui.output.DiscordTableOutput``)."""

    #: Pictures are drawn in a worker thread (False only in tests).
    render_in_thread: bool

    async def show_panel(self, interaction: discord.Interaction, table: Table, *, edit: bool = False) -> None:
        """Show the clicking player's private panel (``edit``: the one clicked, drawn again)."""

    def remember_panel(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        """Keep the interaction that shows a panel, to refresh it after the table changed."""


class TableClient(commands.Bot):
    """What the components need of the bot: its tables, its Discord output and its
    store (None when the bot runs without a database).

    ``bot.app.TarokyBot`` is one; the components find it as ``interaction.client``.
    """

    tables: TableManager
    output: Panels
    store: DataStore | None
    languages: Languages  # who reads which language (issue #14)
    limits: Limits  # the bounds on what one member can open or post (issue #29)


def table_client(interaction: discord.Interaction) -> TableClient:
    """The bot behind an interaction (a plain sentence if it hosts no tables)."""
    client = interaction.client
    if not isinstance(client, TableClient):
        raise TableError(N_("The Taroky tables are not available right now."))
    return client
