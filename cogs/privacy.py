"""Forgetting a member (issue #30): ``/taroky forget-me`` (their own request, confirmed
with a button) and ``/taroky-admin forget member:`` (a server's admin, that server only).

Both anonymise through the store's interface (``DataStore.forget_member``): the member's
id and name in every hand, ledger row, balance and statistic become an anonymous one,
so the books stay exact.  A table open at the time keeps nothing of theirs either
(``TableManager.forget_member``): a computer player takes their seat at once, and the
hand dealt to them goes on, paid to their anonymous id.  What the bot stores, for
how long and how to remove it: ``docs/privacy.md``.

An extension of its own (``cogs.privacy``, loaded after ``cogs.taroky``): it adds its two
commands to the ``/taroky`` and ``/taroky-admin`` groups that ``cogs.taroky`` registers.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import Text
from bot.store import DataStore
from bot.tables.table import Table

if TYPE_CHECKING:
    from bot.app import TarokyBot

__all__ = ["setup", "teardown"]

log = logging.getLogger(__name__)

#: Seconds the confirmation buttons wait for an answer.
CONFIRM_TIMEOUT = 120.0


def _group(bot: TarokyBot, name: str) -> app_commands.Group:
    group = bot.tree.get_command(name)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"cogs.privacy adds to /{name}: load cogs.taroky before it")
    return group


class ForgetMeView(discord.ui.View):
    """The two buttons under ``/taroky forget-me``'s question (an ephemeral message: only
    the member who asked sees it, so only they can click)."""

    def __init__(self, store: DataStore, bot: TarokyBot, t: Text) -> None:
        super().__init__(timeout=CONFIRM_TIMEOUT)
        self.store, self.bot, self.t = store, bot, t
        self.forget.label = t._("Forget me")
        self.keep.label = t._("Cancel")

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def forget(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.stop()
        # Answered at once (Discord allows 3 seconds): forgetting waits for the locks of
        # the tables the member sits at (a computer may be thinking there) and for the
        # store.  The question gives way to a line saying the bot is at work, its buttons
        # gone (no second click); the result then takes that line's place.
        await interaction.response.edit_message(content=self.t._("Forgetting you: one moment…"), view=None)
        try:
            forgotten, tables = await self.bot.tables.forget_member(self.store, interaction.user.id)
        except Exception:
            # (The store's forgetting is one transaction: it failed whole, so the member's
            # rows, language choice and seat are as they were.)
            log.exception("Forgetting member %s failed", interaction.user.id)
            await interaction.edit_original_response(content=self.t._(
                "Something went wrong on my side, so the bot has not forgotten you: nothing was "
                "changed. Please try again."))
            return
        try:  # The store deleted the language choice with the rest; forget the bot's copy too.
            await self.bot.languages.choose("user", interaction.user.id, None)
        except Exception:
            log.exception("Forgetting the language choice of member %s failed", interaction.user.id)
        if forgotten.anything:
            text = self.t._("Done: the bot has forgotten you. The hands you played now show an anonymous "
                            "player in your place, on every server, and the books still add up.")
        else:
            text = self.t._("The bot kept nothing about you: there was nothing to forget.")
        if tables:
            text += "\n" + self.t._("You no longer sit at the table in {channels}: a computer player has taken "
                                    "over any hand dealt to you, and it goes on.", channels=_channels(tables))
        if self.bot.tables.others_serve_guilds:  # (their tables: ``TableManager.forget_pending``)
            text += "\n" + self.t._(
                "The bot runs in several parts: if you sit at a table on a server another part serves, you "
                "leave it in the same way within a minute (or, if that part is stopped, as soon as it starts "
                "again).")
        await interaction.edit_original_response(content=text)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.stop()
        await interaction.response.edit_message(content=self.t._("Nothing was forgotten."), view=None)


def _channels(tables: list[Table]) -> str:
    """The channels of the tables a forgotten member sat at (Discord shows their names)."""
    return ", ".join(f"<#{t.channel_id}>" for t in tables)


def _commands(bot: TarokyBot) -> tuple[app_commands.Command[Any, ..., None], app_commands.Command[Any, ..., None]]:
    """The two commands, working on ``bot``'s store."""

    async def text_for(interaction: discord.Interaction) -> Text:
        return await bot.languages.for_reader(interaction)

    async def no_store(interaction: discord.Interaction, t: Text) -> None:
        await interaction.response.send_message(
            t._("This bot keeps no records, so there is nothing to forget."), ephemeral=True)

    @app_commands.command(name="forget-me", description="Have the bot forget you on every server")
    async def forget_me(interaction: discord.Interaction) -> None:
        t = await text_for(interaction)
        if bot.store is None:
            await no_store(interaction, t)
            return
        question = t._(
            "Forget you? In every hand, balance and ledger row the bot keeps about you, on every "
            "server, your name and id become an anonymous player's, and your language choice is "
            "deleted. Your money stays in the books, so everybody else's stays right. This cannot "
            "be undone.")
        if bot.tables.holding(interaction.user.id):
            question += "\n" + t._("You sit at a Taroky table now: you leave it at once, and a computer player "
                                   "takes over any hand dealt to you, which goes on.")
        await interaction.response.send_message(question, view=ForgetMeView(bot.store, bot, t), ephemeral=True)

    @app_commands.command(name="forget", description="Forget a member on this server: their rows anonymised")
    @app_commands.describe(member="The member to forget")
    @app_commands.guild_only()
    async def forget_member(interaction: discord.Interaction, member: discord.User) -> None:
        t = await text_for(interaction)
        # (Discord shows /taroky-admin to Manage Server by default; a server can change that.)
        allowed = interaction.permissions.manage_guild or interaction.permissions.administrator
        if not allowed:
            await interaction.response.send_message(
                t._("Only members with the Manage Server permission can do that."), ephemeral=True)
            return
        if bot.store is None:
            await no_store(interaction, t)
            return
        assert interaction.guild_id is not None  # (guild_only)
        # Answered at once ("thinking…"; Discord allows 3 seconds): forgetting waits for
        # the locks of the member's tables and for the store.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            forgotten, tables = await bot.tables.forget_member(bot.store, member.id, guild_id=interaction.guild_id)
        except Exception:  # (one transaction: it failed whole, nothing was changed)
            log.exception("Forgetting member %s on server %s failed", member.id, interaction.guild_id)
            await interaction.edit_original_response(content=t._(
                "Something went wrong on my side, so {member} is not forgotten: nothing was changed. "
                "Please try again.", member=member.mention))
            return
        if forgotten.anything:
            text = t._("{member} is forgotten on this server: the hands they played show an anonymous "
                       "player in their place, and the books still add up.", member=member.mention)
        else:
            text = t._("The bot kept nothing about {member} on this server.", member=member.mention)
        if tables:
            text += "\n" + t._("They no longer sit at the table in {channels}: a computer player has taken "
                               "over any hand dealt to them, and it goes on.", channels=_channels(tables))
        await interaction.edit_original_response(content=text)

    return forget_me, forget_member


async def setup(bot: TarokyBot) -> None:
    """Add ``/taroky forget-me`` and ``/taroky-admin forget`` (``load_extension``)."""
    forget_me, forget_member = _commands(bot)
    _group(bot, "taroky").add_command(forget_me)
    _group(bot, "taroky-admin").add_command(forget_member)


async def teardown(bot: TarokyBot) -> None:
    """Take the two commands away again (``unload_extension``)."""
    for group, name in (("taroky", "forget-me"), ("taroky-admin", "forget")):
        command = bot.tree.get_command(group)
        if isinstance(command, app_commands.Group):
            command.remove_command(name)
