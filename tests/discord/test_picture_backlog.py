"""A busy render pool never holds the text back (issue #16): a change, the throttled
edit and a hand's summary give their pictures ``picture_wait`` only while drawings come
back within it (``DiscordTableOutput.draw_latency``); when the pool is backlogged they go
out at once with the picture the message shows, and the new picture follows.  The
table message's throttle lets an edit go at once unless five went out in the last five
seconds."""

from __future__ import annotations

from typing import Any

import rendering
from bot.tables.scenes import table_scene
from tests.discord.harness import open_panel, play_out, table_message, take_turn, two_humans
from tests.discord.test_late_pictures import EditSpy, _png

BACKLOG = 1e9  # seconds a drawing took lately: far more than any wait


async def _human_turn(world: Any) -> tuple[Any, EditSpy, bytes | None]:
    table, panels = await two_humans(world)
    spy = EditSpy(world)
    before = _png(world, table_message(world), "table.png")
    assert before is not None
    human = next(m for m in (world.alice, world.bob) if table.seat_of(m.id) == table.game.to_act)
    await take_turn(human, panels[human.id])
    return table, spy, before


async def test_a_change_waits_for_its_picture_while_drawings_keep_up(world: Any) -> None:
    world.bot.output.picture_wait = 60.0
    world.bot.output.draw_latency = 0.0
    _, spy, before = await _human_turn(world)
    assert spy.versions and spy.versions[0][1] not in (None, before)  # the new picture, in the first edit


async def test_a_change_does_not_wait_for_a_backlogged_render_pool(world: Any) -> None:
    world.bot.output.picture_wait = 60.0
    world.bot.output.draw_latency = BACKLOG
    table, spy, before = await _human_turn(world)
    assert len(spy.versions) >= 2
    assert spy.versions[0][1] == before  # the text went out at once, with the picture shown
    assert spy.versions[-1][1] == rendering.render_table(table_scene(table))  # the new one followed


async def test_a_hand_summary_does_not_wait_for_a_backlogged_render_pool(world: Any) -> None:
    world.bot.output.picture_wait = 60.0
    world.bot.output.draw_latency = BACKLOG
    table, _ = await two_humans(world)
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    edited: list[tuple[int, Any]] = []
    backend = world.env.backend
    original = backend.edit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        stored = original(channel_id, message_id, fields)
        edited.append((message_id, stored))
        return stored

    backend.edit_message = edit_message
    try:
        await play_out(world, panels)
    finally:
        backend.edit_message = original
    assert table.status == "between"
    summary = world.channel.last_message
    assert summary.embeds[0].title == "Hand 1 is over"
    # Posted as text, then edited once to add its picture.
    added = [stored for message_id, stored in edited if message_id == summary.id]
    assert len(added) == 1 and _png(world, added[0], "summary.png") is not None
    assert _png(world, summary, "summary.png") is not None


async def test_the_table_message_is_edited_at_once_until_five_edits_in_five_seconds() -> None:
    """The throttle counts as Discord does (five edits in five seconds a channel): a
    change after a quiet spell is shown at once, even within a second of the last edit;
    the sixth edit in five seconds waits for the first to leave the window."""
    import discord

    from bot.tables.deals import Deals
    from bot.tables.manager import TableManager
    from bot.tables.table import TableConfig
    from bot.tables.table_states import MemoryTableStore
    from cogs.ui.output import EDIT_BURST, SPARE_RESERVE, DiscordTableOutput
    from tests.tables.helpers import HOST, NO_PAUSE

    output = DiscordTableOutput(discord.Client(intents=discord.Intents.none()), edit_interval=1.0)
    table = TableManager(MemoryTableStore(), deals=Deals(seed=7), timings=NO_PAUSE).open(
        guild_id=1, channel_id=100, host_id=HOST, config=TableConfig())
    for _ in range(EDIT_BURST - 1):
        output._edited(table)
        assert output._edit_wait(table) <= 0  # at once, though the last edit was just now
    output._edited(table)
    assert EDIT_BURST - 1 < output._edit_wait(table) <= EDIT_BURST * 1.0
    times = output._edit_times[table.id]
    output._edit_times[table.id] = (times[0] - EDIT_BURST, *times[1:])  # the first edit has left the window
    assert output._edit_wait(table) <= 0
    # An edit that only brings a late picture leaves the last edits to the next changes.
    assert output._edit_wait(table, reserve=SPARE_RESERVE) > 0


async def test_a_throttled_edits_table_picture_is_not_drawn_once_its_table_moved_on(world: Any) -> None:
    """Pictures nobody will see are not drawn (issue #33): the table picture of a
    throttled edit waits for a free render process like a change's, and is dropped if
    its table moved on meanwhile (the edit that shows the newer state draws its own);
    while the table stands still, it is drawn."""
    import asyncio

    from cogs.ui.output import DiscordTableOutput

    table, panels = await two_humans(world)
    output = DiscordTableOutput(world.bot, render_processes=1)
    pool = output.pool
    assert pool is not None
    try:
        busy = await pool._free.get()  # (the render process is busy with another table's batch)
        drawing = output._draw_table_picture(table)
        assert drawing is not None
        await asyncio.sleep(0)
        human = next(m for m in (world.alice, world.bob) if table.seat_of(m.id) == table.game.to_act)
        await take_turn(human, panels[human.id])  # the table moves on
        pool._free.put_nowait(busy)  # (free again)
        await drawing
        assert pool.dropped == 1
        assert not output._table_cache.get(table.id)
        again = output._draw_table_picture(table)  # the table as it stands now
        assert again is not None
        await again
        assert pool.dropped == 1
        assert list(output._table_cache[table.id].values()) == [rendering.render_table(table_scene(table))]
    finally:
        output.close()
