"""Wrong user, wrong turn, stale and double clicks, restarts, absent players."""

from __future__ import annotations

from bot.tables.errors import TableError
from tests.discord.harness import (
    PLAY,
    action_code,
    action_ids,
    open_panel,
    play_out,
    table_message,
    table_of,
    take_turn,
    two_humans,
)


def _to_act_member(world, table):
    seat = table.game.to_act
    uid = table.seats[seat].user_id
    return next(m for m in world.players if m.id == uid)


async def test_not_seated_user_is_refused(world):
    table, _ = await two_humans(world)
    r = await world.cyril.click(table_message(world), label="My hand")
    assert r.ephemeral
    assert "not seated" in r.response.content


async def test_wrong_turn_gets_no_buttons_and_a_sentence(world):
    table, panels = await two_humans(world)
    actor = _to_act_member(world, table)
    other = world.bob if actor is world.alice else world.alice
    # The waiting player's panel offers no choices at all...
    assert action_ids(panels[other.id].response) == []
    # ...and the runtime refuses a choice out of turn with one sentence.
    step = table.step
    code = action_code(action_ids(panels[actor.id].response)[0])
    try:
        await table.act(other.id, table.hand_no, step, [code])
    except TableError as error:
        assert error.message == "It's not your turn."
    else:
        raise AssertionError("acting out of turn must fail")
    assert table.step == step


async def test_stale_panel_and_double_click_change_nothing(world):
    table, panels = await two_humans(world)
    actor = _to_act_member(world, table)
    # Two panels showing the same moment: the second click of a double click arrives
    # with the same custom id after the first was applied.
    old = await open_panel(world, actor)
    fresh = await open_panel(world, actor)
    cid = action_ids(fresh.response)[0]
    assert cid in action_ids(old.response)
    await actor.click(fresh.response, custom_id=cid)
    step = table.step
    scores = list(table.scores)
    r = await actor.click(old.response, custom_id=cid)
    assert r.ephemeral
    assert "no longer current" in r.response.content
    assert table.step == step and table.scores == scores


async def test_stale_panel_from_an_earlier_hand(world):
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    old = await open_panel(world, world.alice)
    old_cid = action_ids(old.response)[0]
    kept = await open_panel(world, world.alice)  # the panel that will be refreshed
    await play_out(world, {world.alice.id: kept})
    await world.alice.click(table_message(world), label="Deal the next hand")
    assert table.hand_no == 2
    r = await world.alice.click(old.response, custom_id=old_cid)
    assert r.ephemeral and "earlier hand" in r.response.content


async def test_restart_in_the_middle_of_a_hand(world, make_bot):
    table, panels = await two_humans(world)
    # A few choices, then the bot restarts.
    for _ in range(2):
        actor = _to_act_member(world, table)
        await take_turn(actor, panels[actor.id])
    step = table.step
    old_panel = panels[_to_act_member(world, table).id]
    await world.env.restart_bot(make_bot())
    table2 = table_of(world)
    assert table2 is not table and table2.step == step and table2.status == "playing"
    # Buttons of the panel drawn before the restart still work (DynamicItem custom ids).
    actor = _to_act_member(world, table2)
    panel_msg = old_panel.response
    if action_ids(panel_msg):
        await actor.click(panel_msg, custom_id=action_ids(panel_msg)[0])
        assert table2.step > step
    # Finish the hand by clicks on fresh panels.
    fresh = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    await play_out(world, fresh)
    assert table2.status == "between"


async def test_absent_player_is_reminded_then_a_computer_plays(world):
    table, _ = await two_humans(world)
    actor = _to_act_member(world, table)
    seat = table.seat_of(actor.id)
    step = table.step
    await world.env.advance_time(121)
    reminder = world.channel.last_message
    assert f"<@{actor.id}>" in reminder.content and "waiting for you" in reminder.content
    assert table.step == step
    await world.env.advance_time(121)
    assert table.step > step
    assert table.status == "between" or table.seats[seat].away
    if table.status == "playing":
        # Opening the panel brings the player back.
        await open_panel(world, actor)
        assert not table.seats[seat].away
