"""The buttons of a hand wait for no garbage collector (issue #33).

A discord.py view and its items refer to each other, so reference counting alone never
frees them: every panel the bot sent and every view discord.py built from a clicked
message waited for the collector (a dozen objects a view, two or three views an
action).  A table component's view is used once (``cogs.ui.components.let_go``), so its
items are let go once it is sent or its click is answered.  Played under SimCord, a
whole hand leaves none of the bot's components in the garbage only the collector can
free."""

from __future__ import annotations

import gc
from typing import Any

from cogs.ui.components import TableComponent
from tests.discord.harness import play_out, two_humans


async def test_a_hands_panels_and_clicks_leave_no_components_to_the_collector(world: Any) -> None:
    table, panels = await two_humans(world)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # (everything a collection finds unreachable is kept to look at)
    try:
        await play_out(world, panels)
        gc.collect()
        # (this table's only: another test's leftovers may become garbage meanwhile)
        left = sorted({type(obj).__name__ for obj in gc.garbage
                       if isinstance(obj, TableComponent) and obj.table_id == table.id})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()
    assert table.status != "playing" and table.hand_no == 1  # (the hand was played out)
    assert left == []
