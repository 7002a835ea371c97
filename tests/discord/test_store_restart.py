"""The real SQLite store keeps a table across a restart of the bot."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord.harness import open_panel, play_out, table_message, table_of


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file (``tests/discord/conftest.py``)."""
    return make_sqlite_bot


async def test_table_survives_restart_with_sqlite(world, make_bot):
    await world.alice.slash(world.channel, "taroky new")
    await world.alice.click(table_message(world), label="Start")
    step = table_of(world).step
    await world.env.restart_bot(make_bot())
    table = table_of(world)
    assert table.step == step and table.status == "playing"
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table.status == "between"
    store = world.bot.store
    assert await store.is_settled(table.hand_id)
    assert await store.check_integrity() == []
