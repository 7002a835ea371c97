"""``/taroky review [hand]``: the reader's own review of a hand they played (issue #28).

The command lives in the ``/taroky`` group (``cogs.taroky`` adds it); what it shows, and
the **Review** button under every hand's summary, are :mod:`cogs.ui.review_view`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import N_
from bot.tables.errors import TableError
from cogs.ui.components import reply_error
from cogs.ui.review_view import ReviewButton, hand_for_button, show_review, store_for

if TYPE_CHECKING:
    from cogs.ui.client import TableClient


@app_commands.command(name="review", description="The strong player's review of your play in a hand (only you see it)")
@app_commands.describe(hand="The hand's number, as /taroky history shows it (default: your last reviewed hand)")
@app_commands.guild_only()
async def review(interaction: discord.Interaction, hand: app_commands.Range[int, 1, 2**62] | None = None) -> None:
    try:
        store = store_for(interaction)
        if interaction.guild_id is None:
            raise TableError(N_("This command works in a server channel only."))
        hand_id = await store.review_hand_id(interaction.guild_id, interaction.user.id, hand)
        if hand_id is None:
            if hand is not None:
                raise TableError(N_("There is no hand #{seq} in this server."), seq=hand)
            raise TableError(N_("You have no reviewed hand in this server yet: play a hand first."))
        await show_review(interaction, await hand_for_button(store, hand_id, interaction.guild_id))
    except Exception as error:
        await reply_error(interaction, error)


def setup_review(group: app_commands.Group, bot: TableClient) -> None:
    """Add ``review`` to the ``/taroky`` group and register the Review button."""
    group.add_command(review)
    bot.add_dynamic_items(ReviewButton)


__all__ = ["review", "setup_review"]
