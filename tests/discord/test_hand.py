"""Whole hands driven by clicks only, through the real bot in SimCord."""

from __future__ import annotations

from tests.discord.harness import (
    PLAY,
    action_code,
    action_ids,
    labels,
    open_panel,
    play_out,
    table_message,
    table_of,
)


async def test_one_human_three_computers_whole_hand(world):
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    panel = await open_panel(world, world.alice)
    text = panel.response.embeds[0]
    assert "Your cards" in text.fields[0].name
    await play_out(world, {world.alice.id: panel})
    table = table_of(world)
    assert table.status == "between"
    summary = world.channel.last_message
    assert summary.embeds and summary.embeds[0].title == "Hand 1 is over"
    assert "without play" not in (summary.embeds[0].description or "")  # tricks were played
    assert any(f.name == "Payments" for f in summary.embeds[0].fields)
    assert any(f.name == "Balances this session" for f in summary.embeds[0].fields)
    assert sum(table.scores) == 0
    assert "Deal the next hand" in labels(table_message(world))
    # The public table message was edited in place: one lobby/table message + one summary.
    bot_messages = [m for m in world.channel.history() if m.author.bot]
    assert len(bot_messages) == 2


async def test_four_humans_whole_hand(world):
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    for m in (world.bob, world.cyril, world.dana):
        await m.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert not any(s.is_computer for s in table.seats)
    panels = {m.id: await open_panel(world, m) for m in world.players}
    await play_out(world, panels)
    assert table.status == "between"
    # Next hand by a click: the deal moves on.
    await world.bob.click(table_message(world), label="Deal the next hand")
    assert table.status == "playing" and table.hand_no == 2 and table.dealer == 1


async def test_five_player_table(world):
    await world.alice.slash(world.channel, "taroky new", players=5, options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert len(table.seats) == 5
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    await play_out(world, panels)
    assert table.status == "between"


async def test_panel_shows_only_legal_choices(world):
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    game = table.game
    for member in (world.alice, world.bob):
        panel = (await open_panel(world, member)).response
        seat = table.seat_of(member.id)
        legal = {a.code for a in game.legal_actions(seat)}
        shown = {action_code(cid) for cid in action_ids(panel)}
        assert shown == legal
