"""Table pictures nobody sees are not drawn (issue #33).

Under load a change's table picture comes back after its edit went out, and the edit
that would bring it late leaves the throttle's last edits to changes; the next change
then came first and showed a newer state, so about a quarter of the table pictures drawn
were never shown (``benchmarks/load.py --trace``: "late (none pending, throttled) ->
change (spare pending, free)").  Such a picture is now drawn by that late edit when the
throttle lets it go, of the table as it stands then.  A change that replaces such an
edit draws its own table picture.  Whatever happens meanwhile, the table message ends
showing the table as it stands (as in ``test_late_pictures.py``)."""

from __future__ import annotations

from typing import Any

import rendering
from bot.tables.scenes import table_scene
from cogs.ui.output import EDIT_BURST
from tests.discord.harness import human_before_a_computer, table_message, take_turn, two_humans
from tests.discord.test_late_pictures import EditSpy, _png

INTERVAL = 1.0  # seconds: the table message's throttle, as the bot runs it


async def test_a_table_picture_is_drawn_only_when_an_edit_can_show_it(world: Any) -> None:
    table, panels, mover = await human_before_a_computer(world)
    output = world.bot.output
    # The bot's settings under load: drawings come back after their edit (no change
    # waits for them), and the table message was edited three times in the last two
    # seconds (SimCord's clock stands still until ``advance_time``): a change may still
    # be shown at once, but an edit that only brings a late picture waits three seconds.
    output.edit_interval = INTERVAL
    output.picture_wait = 0.0
    output.draw_latency = 0.0
    now = world.env.backend.clock.elapsed  # (the bot's ``time.monotonic()``: SimCord's clock, which stands still)
    output._edit_times[table.id] = (now - 2.0,) * 3
    drawn: list[bytes] = []
    render_table = rendering.render_table

    def counted(scene: Any) -> bytes:
        png = render_table(scene)
        drawn.append(png)
        return png

    spy = EditSpy(world)
    rendering.render_table = counted  # (looked up at call time by the drawing)
    try:
        steps = table.step
        await take_turn(mover, panels[mover.id])  # the computers answer at once (settled)
        assert table.step - steps >= 2, "the test needs a move answered by computers"
        await world.env.advance_time(10 * INTERVAL)
    finally:
        rendering.render_table = render_table
    shown = {picture for _text, picture in spy.versions}
    # The move and each computer's answer edited the text at once (or, throttled,
    # together); no table picture was drawn that no edit showed...
    assert drawn and all(png in shown for png in drawn), f"{len(drawn)} drawn, {len(shown)} shown"
    # ... and the table message shows the table as it stands.
    now_shown = rendering.render_table(table_scene(table))
    assert _png(world, table_message(world), "table.png") == now_shown, "the table message shows an older picture"
    assert spy.versions[-1][1] == now_shown



async def test_a_change_that_replaces_a_late_pictures_edit_shows_its_own_picture(world: Any) -> None:
    """A late picture's edit waiting for the throttle gives way to a change that may be
    shown now (a click is never held behind a picture); that change draws its own table
    picture.  (It did not: its edit kept an older picture, and so did the table message
    until an edit drew the table again.)"""
    table, panels = await two_humans(world)
    output = world.bot.output
    humans = {table.seat_of(m.id): m for m in (world.alice, world.bob)}
    seats = len(table.seats)
    for _ in range(8):  # (a move the other human answers)
        if (table.game.to_act + 1) % seats in humans:
            break
        await take_turn(humans[table.game.to_act], panels[humans[table.game.to_act].id])
    first = humans[table.game.to_act]
    assert (table.game.to_act + 1) % seats in humans
    # A long throttle window (so SimCord's clock does not reach its end while the
    # clicks settle), three edits in it: a change may be shown at once, an edit that
    # only brings a late picture waits.
    slow = 100.0
    output.edit_interval = slow
    output.picture_wait = 0.0  # the first move's picture comes late
    output.draw_latency = 0.0
    now = world.env.backend.clock.elapsed  # (the bot's ``time.monotonic()``: SimCord's clock)
    output._edit_times[table.id] = (now - 2.0,) * 3
    await take_turn(first, panels[first.id])
    assert table.id in output._pending and table.id in output._spare  # its picture's edit waits
    second = humans[table.game.to_act]
    output.picture_wait = None  # the next change waits for its pictures
    edits: list[tuple[bytes | None, bytes]] = []  # (the picture an edit shows, the table's then)
    backend = world.env.backend
    original = backend.edit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        stored = original(channel_id, message_id, fields)
        if message_id == table.message_id:
            edits.append((_png(world, stored, "table.png"), rendering.render_table(table_scene(table))))
        return stored

    backend.edit_message = edit_message
    try:
        await take_turn(second, panels[second.id])  # its change goes at once, in place of that edit
    finally:
        backend.edit_message = original
    shows, stands = edits[0]
    assert shows == stands, "the change's edit showed an older picture of the table"
    await world.env.advance_time(EDIT_BURST * slow)
    assert _png(world, table_message(world), "table.png") == rendering.render_table(table_scene(table))
