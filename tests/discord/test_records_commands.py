"""Money through Discord on a real SQLite file: settlement, pool, history and record
download, balance, stats, leaderboard, admin commands, sessions, many tables at once."""

from __future__ import annotations

import asyncio
import csv
import dataclasses
import io
import json
from typing import Any

import discord
import pytest

from bot.engine import replay_record
from bot.tables.deals import Deals
from bot.tables.errors import TableError
from tests.discord.harness import PLAY, open_panel, play_out, table_message, table_of


@pytest.fixture
def game_factory() -> Deals:
    """The real engine, seeded per hand (the table's session passes the pool through)."""
    return Deals(seed=7)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file (``tests/discord/conftest.py``)."""
    return make_sqlite_bot


def store_of(world: Any) -> Any:
    return world.bot.store


async def computer_table(world: Any, channel: Any, options: str = PLAY, **kwargs: Any) -> Any:
    """Alice opens a table in ``channel``, leaves the lobby, and starts it with four
    computers (they play the hand out at once)."""
    if options:
        kwargs["options"] = options
    await world.alice.slash(channel, "taroky new", **kwargs)
    table = world.bot.tables.get(channel.id)
    lobby = next(m for m in channel.history() if m.id == table.message_id)
    await world.alice.click(lobby, label="Leave")
    await world.alice.click(lobby, label="Start")
    return table


async def play_one_hand(world: Any) -> Any:
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    table = table_of(world)
    assert table.status == "between"
    return table


async def deal(world: Any, *tables: Any) -> None:
    """Deal the next hand at computer-only tables (at once) and let them play it out.

    The game-loop tasks start from the test, so SimCord does not count them as the
    bot's work: wait for them here."""
    await asyncio.gather(*(t.next_hand(world.alice.id) for t in tables))
    for t in tables:
        for _ in range(1000):
            # The driver first: the table turns "between" before the store has paid the
            # hand, and the driver ends only once it has.
            driver = t._driver
            if driver is not None and not driver.done():
                await driver
            elif t.status == "between":
                break
            else:
                await asyncio.sleep(0)
        assert t.status == "between"
    await world.env.settle()


def attachment_bytes(world: Any, message: Any) -> bytes:
    (attachment,) = message.attachments
    data = world.env.backend.cdn.get(attachment.url)
    assert data is not None
    return data  # type: ignore[no-any-return]


async def test_hand_settles_once_with_restart_and_double_click(world, make_bot):
    table = await play_one_hand(world)
    store = store_of(world)
    hand_id = table.hand_id
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    hand = await store.get_hand(hand_id)
    assert hand is not None and world.alice.id in hand.participants
    assert -2 in hand.participants  # computer_id(1): the computer in seat 2
    assert table.settlement.currency == "czk_hal"
    assert table.settlement.balances is not None
    balances = await store.balances(world.guild.id, 1, "czk_hal", hand.participants)
    assert table.settlement.balances == {s: balances[p] for s, p in enumerate(hand.participants)}
    # The table message's running totals are the store's session totals.
    session = await store.open_session(world.guild.id, world.channel.id)
    assert session is not None and session.deals_played == 1
    assert table.scores == [session.totals.get(p, 0) for p in hand.participants]
    old_message = table_message(world)

    await world.env.restart_bot(make_bot())
    store = store_of(world)
    table = table_of(world)
    assert table.status == "between" and table.settlement.unpaid is None
    # The old message's button works after the restart; a second deal is refused
    # (the button is gone from the edited message; the runtime refuses it too).
    await world.alice.click(old_message, label="Deal the next hand")
    with pytest.raises(TableError):
        await table.next_hand(world.alice.id)
    assert table.hand_no == 2 and table.status == "playing"
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    assert await store.check_integrity() == []
    ledger = list(csv.DictReader(io.StringIO(await store.export_ledger_csv(world.guild.id))))
    assert {r["hand_id"] for r in ledger if r["kind"] == "hand"} == {hand_id}
    # Settling the finished hand again (a retry after a crash) pays nothing.
    finished = replay_record(await store.get_hand_record(hand_id))
    again = await world.bot.tables.ledger.settled_hand(table, finished)
    assert await store.settle_hand(dataclasses.replace(again, hand_id=hand_id, session_id=hand.session_id,
                                                       participants=list(hand.participants))) is False
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    assert await store.check_integrity() == []


async def test_pool_history_download_and_replay(world):
    store = store_of(world)
    await store.seed_pool(world.guild.id, world.channel.id, "czech", "czk_hal", 500)
    result = await world.alice.slash(world.channel, "taroky pool")
    assert not result.ephemeral
    assert "Kč 5.00" in result.response.embeds[0].description
    await world.alice.slash(world.channel, "taroky new", options=PLAY + ", zid=true")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert table.game.pool == 500  # the hand was dealt with the pool from the store
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})

    history = await world.bob.slash(world.channel, "taroky history")
    assert history.ephemeral
    text = history.response.embeds[0].description
    assert "#1" in text and "Czech" in text
    download = await world.bob.select(history.response, [table.hand_id], custom_id="tkr:d")
    assert download.ephemeral
    record = json.loads(attachment_bytes(world, download.response))
    assert record["players"][0] == "alice"
    assert record["pool_before"] == 500
    game = replay_record(record)
    assert game.result is not None
    stored = await store.get_hand(table.hand_id)
    assert sum(stored.deltas.values()) + stored.pool_delta == 0
    pool_now = await store.get_pool(world.guild.id, world.channel.id, "czech", "czk_hal")
    assert pool_now == 500 + stored.pool_delta
    # A hand id from elsewhere is refused with a sentence.
    from cogs.records import RecordsError, record_file

    with pytest.raises(RecordsError, match="not in this channel's history"):
        await record_file(store, world.guild.id + 1, world.channel.id, table.hand_id)
    # Issue #15, 9: a forged select value in another channel of the same server.
    other = world.guild.create_text_channel("elsewhere")
    with pytest.raises(RecordsError, match="not in this channel's history"):
        await record_file(store, world.guild.id, other.id, table.hand_id)


async def test_history_pages(world):
    table = await computer_table(world, world.channel)
    for _ in range(6):
        await deal(world, table)
    history = await world.alice.slash(world.channel, "taroky history")
    footer = history.response.embeds[0].footer.text
    assert "Page 1 of 2" in footer and "7 hands" in footer
    nxt = await world.alice.click(history.response, label="Next")
    assert "Page 2 of 2" in nxt.response.embeds[0].footer.text
    bad = await world.alice.slash(world.channel, "taroky history", page=9)
    assert bad.ephemeral and "no page 9" in bad.response.content


async def test_balance_stats_leaderboard(world):
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    await play_out(world, panels)
    store = store_of(world)
    mine = await store.balance(world.guild.id, world.alice.id)

    bal = await world.alice.slash(world.channel, "taroky balance")
    assert bal.ephemeral
    from bot.store import format_amount

    assert format_amount("czk_hal", mine["czk_hal"]) in bal.response.embeds[0].description

    stats = await world.alice.slash(world.channel, "taroky stats", player=world.bob)
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert "Hands played: 1" in fields["Czech Taroky (Hlučín) (Kč)"]
    nobody = await world.cyril.slash(world.channel, "taroky stats")
    assert "No hands played" in nobody.response.embeds[0].description

    board = await world.cyril.slash(world.channel, "taroky leaderboard")
    assert not board.ephemeral
    lines = board.response.embeds[0].description.splitlines()
    assert len(lines) == 2  # two humans; computers are left out
    assert f"<@{world.alice.id}>" in board.response.embeds[0].description
    played = await world.cyril.slash(world.channel, "taroky leaderboard", order="hands_played")
    assert "— 1" in played.response.embeds[0].description
    by_variant = await world.cyril.slash(world.channel, "taroky leaderboard", variant="czech", order="biggest_win")
    assert "Czech" in by_variant.response.embeds[0].title
    far = await world.cyril.slash(world.channel, "taroky leaderboard", page=5)
    assert far.ephemeral and "no page 5" in far.response.content
    wrong = await world.cyril.slash(world.channel, "taroky leaderboard", variant="bridge")
    assert wrong.ephemeral and "bridge" in wrong.response.content


async def test_leaderboard_pages(world):
    store = store_of(world)
    from bot.store import SettledHand

    players = list(range(1001, 1015))
    for i, p in enumerate(players):
        await store.settle_hand(SettledHand.from_deltas(
            deltas={p: 10 + i, 999: -(10 + i)}, hand_id=f"x{i}", guild_id=world.guild.id,
            channel_id=world.channel.id, variant="czech", currency="czk_hal", season=1,
            record={}, participants=[p, 999],
        ))
    board = await world.alice.slash(world.channel, "taroky leaderboard")
    assert "page 1 of 2" in board.response.embeds[0].footer.text
    assert board.response.embeds[0].description.startswith("**1.** <@1014>")
    page2 = await world.alice.click(board.response, label="Next")
    assert "page 2 of 2" in page2.response.embeds[0].footer.text
    back = await world.alice.click(page2.response, label="Previous")
    assert "page 1 of 2" in back.response.embeds[0].footer.text


def _admin_command(world: Any) -> Any:
    return world.env.backend.find_command("taroky-admin", world.guild.id, type=1)


async def test_admin_commands(world):
    store = store_of(world)
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    # Discord hides /taroky-admin from members without Manage Server...
    assert _admin_command(world)["default_member_permissions"] == discord.Permissions(manage_guild=True).value
    # ...and if a server lets bob see it anyway, the bot still refuses him.
    world.guild.set_command_permissions(int(_admin_command(world)["id"]), {world.bob: True})
    for args in (("taroky-admin season new", {}), ("taroky-admin export-ledger", {}),
                 ("taroky-admin set-starting-chips", {"currency": "chips", "amount": "50"})):
        refused = await world.bob.slash(world.channel, args[0], **args[1])
        assert refused.ephemeral and "Manage Server" in refused.response.content
    assert await store.current_season(world.guild.id) == 1
    assert await store.get_starting_amounts(world.guild.id) == {}

    bad = await admin.slash(world.channel, "taroky-admin set-starting-chips", currency="czk_hal", amount="lots")
    assert bad.ephemeral and "not an amount" in bad.response.content
    negative = await admin.slash(world.channel, "taroky-admin set-starting-chips", currency="chips", amount="-5")
    assert negative.ephemeral and "from 0 chips to" in negative.response.content
    assert await store.get_starting_amounts(world.guild.id) == {}
    ok = await admin.slash(world.channel, "taroky-admin set-starting-chips", currency="czk_hal", amount="12,50")
    assert "Kč 12.50" in ok.response.content
    assert await store.get_starting_amounts(world.guild.id) == {"czk_hal": 1250}

    await play_one_hand(world)
    export = await admin.slash(world.channel, "taroky-admin export-ledger")
    assert export.ephemeral
    rows = list(csv.DictReader(io.StringIO(attachment_bytes(world, export.response).decode())))
    assert {r["kind"] for r in rows} == {"start", "hand"}
    season = await admin.slash(world.channel, "taroky-admin season new")
    assert season.ephemeral and "Season 2" in season.response.content
    assert await store.current_season(world.guild.id) == 2
    assert await store.check_integrity() == []


async def test_session_of_agreed_deals(world):
    table = await computer_table(world, world.channel, deals=2)
    assert table.config.deals == 2 and table.session_deals == 1

    def table_title() -> str:
        return next(m for m in world.channel.history() if m.id == table.message_id).embeds[0].title

    assert table_title().endswith("hand 1, deal 1 of 2")
    await deal(world, table)
    assert table.session_over == "deals_completed"
    assert table_title().endswith("hand 2, deal 2 of 2")
    summary = world.channel.last_message
    assert summary.embeds[0].title == "The session is over"
    assert "2 of 2 deals played" in summary.embeds[0].description
    store = store_of(world)
    session = await store.get_session(table.settlement.session_id)
    assert session.finished and session.deals_played == 2
    assert sum(session.totals.values()) + sum(  # pool moves are outside the totals
        h.pool_delta for h in await store.recent_hands(world.guild.id, world.channel.id)) == 0
    # The next deal opens a new session from zero.
    await deal(world, table)
    assert table.session_over is None and table.session_deals == 1
    assert table.settlement.session_id != session.session_id
    # /taroky end finishes it with a summary.
    await world.alice.slash(world.channel, "taroky end")
    assert world.channel.last_message.embeds[0].title == "The session is over"
    finished = await store.get_session(table.settlement.session_id)
    assert finished.finish_reason == "stopped"


async def test_bad_deals_refused(world):
    result = await world.alice.slash(world.channel, "taroky new", options="bogus")
    assert result.ephemeral
    assert world.bot.tables.get(world.channel.id) is None


# Five computer tables play whole hands inside one settle of the simulated Discord; on a
# busy machine that takes longer than SimCord's default five seconds of real time.
@pytest.mark.simcord(settle_timeout=60)
async def test_many_tables_settle_at_once(world):
    channels = [world.guild.create_text_channel(f"t{i}") for i in range(5)]
    tables = [await computer_table(world, c) for c in channels]
    for _ in range(3):
        await deal(world, *tables)
    store = store_of(world)
    for t, c in zip(tables, channels, strict=True):
        assert t.status == "between" and t.hand_no == 4
        assert await store.count_hands(world.guild.id, c.id) == 4
        session = await store.open_session(world.guild.id, c.id)
        assert t.scores == [session.totals.get(p, 0) for p in t.hand_players]
    assert await store.check_integrity() == []


async def test_chip_session_ends_when_a_player_cannot_pay(world):
    table = await computer_table(world, world.channel, options="", variant="nebraska")
    store = store_of(world)
    hand = await store.get_hand(table.hand_id)
    assert hand.currency == "chips"
    assert table.session_over is None and table.next_dealer is not None
    table.scores[0] = -19  # seat 1 has one of its 20 chips left (NE-9)
    for _ in range(40):  # the table's session decides when a player cannot pay
        await deal(world, table)
        if table.session_over is not None:
            break
    assert table.session_over == "broke"
    session = await store.get_session(table.settlement.session_id)
    assert session.finish_reason == "broke" and session.deals_played == table.session_deals
    summary = world.channel.last_message
    assert summary.embeds[0].title == "The session is over"
    assert "could not pay" in summary.embeds[0].description
    assert await store.check_integrity() == []
