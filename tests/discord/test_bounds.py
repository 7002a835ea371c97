"""Bounds on what one member can open or post (issue #29): cooldowns, one lobby per
member, a cap on a server's open tables (an admin's setting), lobbies nobody starts,
and what start-up restores.  Each bound hit is a sentence, and nothing changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import TarokyBot
from bot.config import Settings
from bot.tables.deals import Deals
from bot.tables.limits import COOLDOWNS, DEFAULT_MAX_TABLES, Limits
from tests.discord.harness import table_message, table_of

#: The bot's own limits (``Settings.for_tests`` turns cooldowns and lobby expiry off).
LIMITS = Limits(cooldowns=True, lobby_expiry=1800.0)


@pytest.fixture
async def make_bot(db_path: Path, game_factory: Deals) -> Any:
    """Bots on a real SQLite file (the server's settings are kept there), with the
    bot's real limits."""
    bots: list[TarokyBot] = []

    def make() -> TarokyBot:
        settings = Settings(token="", db_path=db_path).for_tests()
        bot = TarokyBot(Settings(**{**vars(settings), "limits": LIMITS}), deals=game_factory)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()


def _posts(channel: Any) -> int:
    return len(list(channel.history()))


async def test_table_twice_in_a_row_gets_a_sentence_with_the_time_left(world):
    await world.alice.slash(world.channel, "taroky new")
    first = await world.alice.slash(world.channel, "taroky table")
    assert not first.ephemeral
    posts = _posts(world.channel)
    again = await world.alice.slash(world.channel, "taroky table")
    assert again.ephemeral
    _, per = COOLDOWNS["table"]
    assert again.response.content == f"Not so fast: you can use this command again in {int(per)} seconds."
    assert _posts(world.channel) == posts  # (nothing posted)
    other = await world.bob.slash(world.channel, "taroky table")  # (per member: Bob may)
    assert not other.ephemeral


async def test_new_is_refused_after_its_cooldown_is_used_up(world):
    rate, _ = COOLDOWNS["new"]
    channels = [world.guild.create_text_channel(f"t{i}") for i in range(rate + 1)]
    for channel in channels[:rate]:
        await world.alice.slash(channel, "taroky new")
        await world.alice.slash(channel, "taroky end")  # (a lobby at a time: see below)
    refused = await world.alice.slash(channels[rate], "taroky new")
    assert refused.ephemeral and refused.response.content.startswith("Not so fast")
    assert world.bot.tables.get(channels[rate].id) is None


async def test_one_open_lobby_per_member(world):
    await world.alice.slash(world.channel, "taroky new")
    other = world.guild.create_text_channel("elsewhere")
    r = await world.alice.slash(other, "taroky new")
    assert r.ephemeral
    assert r.response.content == (f"You already have a lobby open in <#{world.channel.id}>: start it there, "
                                  "or close it with /taroky end, before you open another.")
    assert world.bot.tables.get(other.id) is None
    ok = await world.bob.slash(other, "taroky new")  # (another member may)
    assert not ok.ephemeral and world.bot.tables.get(other.id) is not None


async def test_the_servers_cap_on_open_tables_is_an_admins_setting(world):
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    store = world.bot.store
    assert await store.get_max_tables(world.guild.id) is None  # (the default: DEFAULT_MAX_TABLES)
    assert DEFAULT_MAX_TABLES == 20
    command = world.env.backend.find_command("taroky-admin", world.guild.id, type=1)
    world.guild.set_command_permissions(int(command["id"]), {world.bob: True})  # (shown to Bob anyway)
    refused = await world.bob.slash(world.channel, "taroky-admin max-tables", count=1)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert await store.get_max_tables(world.guild.id) is None
    ok = await admin.slash(world.channel, "taroky-admin max-tables", count=1)
    assert ok.response.content == "This server now allows 1 open table at once (tables already open stay open)."
    assert await store.get_max_tables(world.guild.id) == 1
    await world.alice.slash(world.channel, "taroky new")
    other = world.guild.create_text_channel("second")
    r = await world.bob.slash(other, "taroky new")
    assert r.ephemeral and r.response.content == (
        "This server has 1 open table, as many as its admins allow; play at it, or close one with /taroky end first.")
    assert world.bot.tables.get(other.id) is None


async def test_a_lobby_nobody_starts_closes_after_its_time(world):
    await world.alice.slash(world.channel, "taroky new")
    table = table_of(world)
    await world.env.advance_time(LIMITS.lobby_expiry / 2)
    await world.bob.click(table_message(world), label="Join")  # (a change: the time starts again)
    await world.env.advance_time(LIMITS.lobby_expiry / 2 + 60)
    assert world.bot.tables.get(world.channel.id) is table  # (not yet: Bob joined)
    await world.env.advance_time(LIMITS.lobby_expiry / 2 + 60)
    assert world.bot.tables.get(world.channel.id) is None and table.status == "closed"
    shown = next(m for m in world.channel.history() if m.id == table.message_id)
    assert shown.embeds[0].description.startswith("This lobby is closed: nobody started it in time.")
    again = await world.alice.slash(world.channel, "taroky new")  # (the channel is free again)
    assert not again.ephemeral


async def test_start_up_restores_only_tables_in_play_or_recently_used(world, make_bot):
    await world.alice.slash(world.channel, "taroky new")  # an idle lobby
    playing = world.guild.create_text_channel("playing")
    await world.bob.slash(playing, "taroky new", teach=False)
    await world.bob.click(playing.last_message, label="Start")  # a table in play (computers)
    store = world.bot.store
    await store.flush_table_states()
    # Both tables were last saved long ago (past ``restore_idle``).
    saved = await store.load_all_table_states()
    assert len(saved) == 2
    for row in saved:
        state = dict(row.state, used_at=row.state["used_at"] - LIMITS.restore_idle - 3600)
        await store.save_table_state(row.guild_id, row.channel_id, state, row.message_id,
                                     expected_version=row.version)
    await world.env.restart_bot(make_bot())
    assert world.bot.tables.get(world.channel.id) is None  # the old lobby: closed, not restored
    assert [row.channel_id for row in await world.bot.store.load_all_table_states()] == [playing.id]
    kept = world.bot.tables.get(playing.id)
    assert kept is not None and kept.status == "playing"  # (a hand in play is always restored)
