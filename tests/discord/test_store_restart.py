"""The real SQLite store keeps a table across a restart of the bot."""

from __future__ import annotations

import pytest

from bot.app import TarokyBot
from bot.config import Settings
from tests.discord.harness import open_panel, play_out, table_message, table_of


@pytest.fixture
def simcord_bot(tmp_path, game_factory):
    settings = Settings(token="", db_path=tmp_path / "taroky.sqlite3").for_tests()
    return TarokyBot(settings, game_factory=game_factory)


async def test_table_survives_restart_with_sqlite(world, tmp_path, game_factory):
    await world.alice.slash(world.channel, "taroky new")
    await world.alice.click(table_message(world), label="Start")
    step = table_of(world).step
    settings = Settings(token="", db_path=tmp_path / "taroky.sqlite3").for_tests()
    await world.env.restart_bot(TarokyBot(settings, game_factory=game_factory))
    table = table_of(world)
    assert table.step == step and table.status == "playing"
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table.status == "between"
