"""The real SQLite store keeps a table across a restart of the bot."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TarokyBot
from bot.config import Settings
from tests.discord.harness import open_panel, play_out, table_message, table_of


@pytest.fixture
async def make_bot(tmp_path: Any, game_factory: Any) -> Any:
    bots: list[TarokyBot] = []

    def make() -> TarokyBot:
        settings = Settings(token="", db_path=tmp_path / "taroky.sqlite3").for_tests()
        bot = TarokyBot(settings, deals=game_factory)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:  # SimCord detaches bots without closing them
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: Any) -> TarokyBot:
    return make_bot()  # type: ignore[no-any-return]


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
