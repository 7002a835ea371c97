"""``/taroky language`` and ``/taroky-admin language`` under SimCord (issue #14)."""

from __future__ import annotations

from typing import Any

import discord
import pytest


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file (``tests/discord/conftest.py``)."""
    return make_sqlite_bot


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


async def test_records_speak_the_readers_language_and_the_public_ones_the_servers(world) -> None:
    """A player who chose Czech reads their balance, the history and a refusal in Czech;
    the public pool and leaderboard speak the server's language (Polish here), with
    its money format."""
    await world.alice.slash(world.channel, "taroky language", language="cs")
    balance = await world.alice.slash(world.channel, "taroky balance")
    embed = balance.response.embeds[0]
    assert embed.title == "Zůstatek: alice"
    assert embed.description == "Zatím nic: zůstatky začínají první vyúčtovanou hrou."
    assert embed.footer.text == "Sezóna 1"
    refused = await world.alice.slash(world.channel, "taroky history", page=9)
    assert refused.response.content == "Strana 9 neexistuje; poslední strana historie tohoto kanálu je 1."
    english = await world.bob.slash(world.channel, "taroky balance")  # bob chose nothing
    assert english.response.embeds[0].title == "Balance of bob"

    await world.bot.languages.choose("guild", world.guild.id, "pl")
    await world.bot.store.seed_pool(world.guild.id, world.channel.id, "czech", "czk_hal", 1234)
    pool = await world.alice.slash(world.channel, "taroky pool")
    embed = pool.response.embeds[0]
    assert embed.title == "Pule przy tym stole"
    assert embed.description == "**Czeskie taroki (Hlučín)**: 12,34\xa0Kč"
    board = await world.bob.slash(world.channel, "taroky leaderboard")
    assert board.response.embeds[0].description == "W rankingu jeszcze nikogo nie ma: najpierw rozegrajcie rozdanie."
