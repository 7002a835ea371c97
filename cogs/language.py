"""``/taroky language`` (a player's own) and ``/taroky-admin language`` (the server's
table messages): which language the bot speaks (issue #14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, Text, pick_language
from cogs.records import require_admin
from cogs.ui.client import table_client
from cogs.ui.components import reply_error, user_error
from cogs.ui.languages import FOLLOW_DISCORD, Languages

if TYPE_CHECKING:
    from bot.app import TarokyBot

_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[lang], value=lang) for lang in LANGUAGES]


def _languages(interaction: discord.Interaction) -> Languages:
    return table_client(interaction).languages


@app_commands.command(name="language", description="The language the bot speaks to you")
@app_commands.describe(language="Your language, or the one your Discord app uses")
@app_commands.choices(language=[*_CHOICES, app_commands.Choice(name="As my Discord app", value=FOLLOW_DISCORD)])
async def player_language(interaction: discord.Interaction, language: str) -> None:
    try:
        languages = _languages(interaction)
        chosen = None if language == FOLLOW_DISCORD else language
        await languages.choose("user", interaction.user.id, chosen)
        t = Text(pick_language(chosen, interaction.locale))
        for table in table_client(interaction).tables.tables.values():  # their panels from now on
            seat = table.seat_of(interaction.user.id)
            chair = table.seats[seat] if seat is not None else None
            if chair is not None:
                chair.lang = t.lang
        if chosen is None:
            text = t._("I will speak to you in the language of your Discord app ({language}).",
                       language=LANGUAGE_NAMES[t.lang])
        else:
            text = t._("I will speak to you in {language}.", language=LANGUAGE_NAMES[t.lang])
        await interaction.response.send_message(text, ephemeral=True)
    except Exception as error:
        if user_error(error) is None and not isinstance(error, discord.HTTPException):
            raise
        await reply_error(interaction, error)


@app_commands.command(name="language", description="The language of this server's table messages")
@app_commands.describe(language="The language everybody sees on the tables of this server")
@app_commands.choices(language=[*_CHOICES, app_commands.Choice(name="The server's own", value=FOLLOW_DISCORD)])
@app_commands.guild_only()
async def server_language(interaction: discord.Interaction, language: str) -> None:
    try:
        require_admin(interaction)
        assert interaction.guild is not None  # (guild_only)
        languages = _languages(interaction)
        chosen = None if language == FOLLOW_DISCORD else language
        await languages.choose("guild", interaction.guild.id, chosen)
        t = await languages.for_guild(interaction.guild)
        for table in table_client(interaction).tables.tables.values():  # their next messages
            if table.guild_id == interaction.guild.id:
                table.config.lang = t.lang
        text = t._("The tables of this server now speak {language}.", language=LANGUAGE_NAMES[t.lang])
        await interaction.response.send_message(text, ephemeral=True)
    except Exception as error:
        if user_error(error) is None and not isinstance(error, discord.HTTPException):
            raise
        await reply_error(interaction, error)


def setup_language(taroky: app_commands.Group, admin: app_commands.Group, bot: TarokyBot) -> None:
    """Add the two ``language`` commands to their groups."""
    taroky.add_command(player_language)
    admin.add_command(server_language)


__all__ = ["player_language", "server_language", "setup_language"]
