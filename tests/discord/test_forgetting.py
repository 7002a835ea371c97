"""Forgetting a member through Discord (issue #30, item 6), the real bot on a real SQLite
file under SimCord: ``/taroky forget-me`` asks first (a button each way) and then
anonymises the member everywhere; ``/taroky-admin forget member:`` does it on one server,
for members with Manage Server only.  The books stay exact throughout."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.store import is_anonymous
from bot.tables.deals import Deals
from tests.discord.harness import PLAY, open_panel, play_out, table_message, table_of


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=7)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file (``tests/discord/conftest.py``)."""
    return make_sqlite_bot


async def alice_plays_a_hand(world: Any) -> None:
    """Alice and three computers play one hand out: her id is in the books."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table_of(world).status == "between"


async def test_forget_me_asks_first_then_forgets_everywhere(world: Any) -> None:
    store = world.bot.store
    await alice_plays_a_hand(world)
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)

    asked = await world.alice.slash(world.channel, "taroky forget-me")
    assert asked.ephemeral and "cannot be undone" in asked.response.content
    kept = await world.alice.click(asked.response, label="Cancel")
    assert kept.response.content == "Nothing was forgotten."
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)

    await world.alice.slash(world.channel, "taroky language", language="cs")  # she asks in Czech
    asked = await world.alice.slash(world.channel, "taroky forget-me")
    assert "Nejde to vrátit" in asked.response.content
    done = await world.alice.click(asked.response, label="Zapomeňte na mě")
    assert done.response.content.startswith("Hotovo: bot na vás zapomněl.")
    assert str(world.alice.id) not in await store.export_ledger_csv(world.guild.id)
    assert await store.get_language("user", world.alice.id) is None
    (hand,) = await store.recent_hands(world.guild.id, world.channel.id)
    assert world.alice.id not in hand.participants
    assert any(is_anonymous(p) for p in hand.participants)
    assert await store.check_integrity() == []

    again = await world.alice.slash(world.channel, "taroky forget-me")  # now in English again
    nothing = await world.alice.click(again.response, label="Forget me")
    assert nothing.response.content == "The bot kept nothing about you: there was nothing to forget."


async def test_an_admin_forgets_a_member_of_their_server(world: Any) -> None:
    store = world.bot.store
    await alice_plays_a_hand(world)
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    admin_command = world.env.backend.find_command("taroky-admin", world.guild.id, type=1)
    world.guild.set_command_permissions(int(admin_command["id"]), {world.bob: True})

    refused = await world.bob.slash(world.channel, "taroky-admin forget", member=world.alice)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)

    done = await admin.slash(world.channel, "taroky-admin forget", member=world.alice)
    assert done.ephemeral and done.response.content.startswith(f"<@{world.alice.id}> is forgotten on this server")
    assert str(world.alice.id) not in await store.export_ledger_csv(world.guild.id)
    assert await store.check_integrity() == []
    nothing = await admin.slash(world.channel, "taroky-admin forget", member=world.bob)
    assert nothing.response.content == f"The bot kept nothing about <@{world.bob.id}> on this server."
