"""A panel nobody waits on is edited at most once every ``edit_interval`` seconds
(issue #16): quick computer turns change the table several times a second, and each
change used to edit both humans' panels.  The panel of the player to act and the panel
a player just clicked are edited at once; a held-back panel is edited with the table
as it stands once its interval has passed."""

from __future__ import annotations

from typing import Any

from cogs.ui.messages import panel_message
from tests.discord.harness import human_before_a_computer, take_turn, two_humans


def _edits_of(world: Any, message_ids: set[int]) -> list[int]:
    """Start counting the bot's edits of the messages ``message_ids`` (the list grows)."""
    edited: list[int] = []
    backend = world.env.backend
    original = backend.edit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        if message_id in message_ids:
            edited.append(message_id)
        return original(channel_id, message_id, fields)

    backend.edit_message = edit_message
    return edited


async def test_a_panel_nobody_waits_on_is_edited_once_an_interval(world: Any) -> None:
    table, panels, mover = await human_before_a_computer(world)
    output = world.bot.output
    output.edit_interval = 1.0
    other = world.bob if mover is world.alice else world.alice
    # (the other human's panel was just drawn: SimCord's clock stands still until
    # ``advance_time``, so every edit from now on is within the interval)
    edited = _edits_of(world, {panels[other.id].response.id})
    steps = table.step
    await take_turn(mover, panels[mover.id])  # the computers answer at once (settled)
    assert table.step - steps >= 2, "the test needs a move answered by computers"
    # The move and the computers' answers did not edit the other human's panel (not
    # their turn, no click of theirs); it was edited once: when their turn came, or
    # when its interval had passed, with the table as it stands.
    assert len(edited) == 1, edited
    embed, _view = panel_message(table, table.seat_of(other.id))
    shown = panels[other.id].response.embeds[0]
    assert (shown.description or "").split("\n")[0] == (embed.description or "").split("\n")[0]
    assert [f.value for f in shown.fields] == [f.value for f in embed.fields]


async def test_the_panel_of_the_player_to_act_is_never_held_back(world: Any) -> None:
    table, panels = await two_humans(world)
    output = world.bot.output
    output.edit_interval = 1.0
    # (both panels were just drawn: SimCord's clock stands still until ``advance_time``)
    seat = table.game.to_act
    mover = next(m for m in (world.alice, world.bob) if table.seat_of(m.id) == seat)
    result = await take_turn(mover, panels[mover.id])
    assert result.acknowledged
    # The mover clicked: their panel showed the move's outcome at once (not held back);
    # the computers' answers that followed within the interval reach it once the
    # interval has passed.
    await world.env.advance_time(2)
    embed, _view = panel_message(table, seat)
    assert panels[mover.id].response.embeds[0].description == embed.description
    # ... and whoever is to act now sees their turn.
    to_act = table.game.to_act if table.game is not None else None
    member = next((m for m in (world.alice, world.bob) if table.seat_of(m.id) == to_act), None)
    if member is not None:
        assert "Your turn" in (panels[member.id].response.embeds[0].description or "")
