"""``/taroky language`` and ``/taroky-admin language`` under SimCord (issue #14)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app import TarokyBot
from bot.config import Settings


@pytest.fixture
async def make_bot(tmp_path: Any, game_factory: Any) -> Any:
    bots: list[TarokyBot] = []

    def make() -> TarokyBot:
        bot = TarokyBot(Settings(token="", db_path=tmp_path / "taroky.sqlite3").for_tests(), deals=game_factory)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: Any) -> TarokyBot:
    return make_bot()  # type: ignore[no-any-return]


async def test_a_player_chooses_czech_and_keeps_it_after_a_restart(world, make_bot) -> None:
    result = await world.alice.slash(world.channel, "taroky language", language="cs")
    assert result.ephemeral
    assert result.response.content == "Budu s vámi mluvit jazykem: Čeština."
    await world.env.restart_bot(make_bot())
    assert await world.bot.languages.chosen("user", world.alice.id) == "cs"
    assert await world.bot.languages.chosen("user", world.bob.id) is None
    back = await world.alice.slash(world.channel, "taroky language", language="discord")
    assert back.response.content == "I will speak to you in the language of your Discord app (English)."
    assert await world.bot.languages.chosen("user", world.alice.id) is None


async def test_only_an_admin_sets_the_servers_language(world) -> None:
    # Discord hides /taroky-admin from members without Manage Server; a server may show
    # it to anyone, and the command checks again.
    command = world.env.backend.find_command("taroky-admin", world.guild.id, type=1)
    world.guild.set_command_permissions(int(command["id"]), {world.bob: True})
    refused = await world.bob.slash(world.channel, "taroky-admin language", language="pl")
    assert "Manage Server" in refused.response.content
    assert await world.bot.languages.chosen("guild", world.guild.id) is None
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    done = await admin.slash(world.channel, "taroky-admin language", language="pl")
    assert done.response.content == "Stoły tego serwera mówią teraz w języku: Polski."
    assert (await world.bot.languages.for_guild(world.bot.get_guild(world.guild.id))).lang == "pl"


async def test_the_commands_reach_discord_with_their_localizations(world) -> None:
    command = world.env.backend.find_command("taroky", world.guild.id, type=1)
    assert command["name_localizations"]["pl"] == "taroki"
    assert command["description_localizations"]["ro"] == "Joacă tarok în acest canal"
