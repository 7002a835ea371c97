"""The table's components: hand-made custom ids, ids of older builds, nothing stored.

Every kind of component checks, before it acts, that its table is open, that the
clicker has a seat (and the panel's seat), and that its hand and step are current;
otherwise it answers with one plain sentence and changes nothing.  A forger can write
any custom id into a message: these tests do exactly that.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.tables import advice
from bot.tables.words import named, why_text
from cogs.records import RECORDS_COMPONENTS
from cogs.ui.components import TABLE_COMPONENTS
from tests.discord.harness import (
    PLAY,
    action_code,
    action_ids,
    open_panel,
    table_message,
    table_of,
    two_humans,
)


def _to_act(world: Any, table: Any) -> Any:
    uid = table.seats[table.game.to_act].user_id
    return next(m for m in world.players if m.id == uid)


async def _post(world: Any, custom_id: str, select: bool = False) -> Any:
    """A message in the channel carrying one hand-made component."""
    view = discord.ui.View(timeout=None)
    if select:
        view.add_item(discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="x", value="x")]))
    else:
        view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    channel = world.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    message = await channel.send("forged", view=view)
    await world.env.settle()
    return next(m for m in world.channel.history() if m.id == message.id)


def _moment(table: Any) -> tuple[Any, ...]:
    seats = tuple((s.user_id, s.away) if s is not None else None for s in table.seats)
    record = table.game.to_record() if table.game is not None else None
    return (table.status, table.hand_no, table.step, seats, repr(record), list(table.scores))


def _one_sentence(text: str) -> bool:
    text = text.strip()
    return text.endswith(".") and ". " not in text and "\n" not in text


async def _click(world: Any, member: Any, custom_id: str) -> str:
    select = custom_id.startswith("tk:s:")
    message = await _post(world, custom_id, select)
    if select:
        result = await member.select(message, ["x"], custom_id=custom_id)
    else:
        result = await member.click(message, custom_id=custom_id)
    replies = ([result.response] if result.response is not None and result.ephemeral else []) + [
        f for f in result.followups if f.ephemeral
    ]
    assert len(replies) == 1, f"{custom_id}: expected one ephemeral reply, got {result!r}"
    return str(replies[0].content)


async def test_forged_ids_of_every_kind_are_refused_and_change_nothing(world):
    """A hand-made id with a wrong table, hand, step or seat — of every kind of
    component — gets one sentence and leaves the table as it was."""
    table, panels = await two_humans(world)
    actor = _to_act(world, table)
    seat = table.seat_of(actor.id)
    other_seat = 1 - seat
    code = action_code(action_ids(panels[actor.id].response)[0])
    t, h, s = table.id, table.hand_no, table.step
    gone = "0badc0de"
    forged = {
        # a table that does not exist (closed, or never opened)
        f"tk:l:{gone}:join": "closed",
        f"tk:h:{gone}": "closed",
        f"tk:n:{gone}": "closed",
        f"tk:r:{gone}:s{seat}": "closed",
        f"tk:w:{gone}:s{seat}:{h}:{s}": "closed",
        f"tk:i:{gone}:s{seat}:{h}:{s}": "closed",
        f"tk:a:{gone}:s{seat}:{h}:{s}:{code}": "closed",
        f"tk:s:{gone}:s{seat}:{h}:{s}:discard": "closed",
        # another seat's panel
        f"tk:r:{t}:s{other_seat}": "another seat",
        f"tk:w:{t}:s{other_seat}:{h}:{s}": "another seat",
        f"tk:i:{t}:s{other_seat}:{h}:{s}": "another seat",
        f"tk:a:{t}:s{other_seat}:{h}:{s}:{code}": "another seat",
        f"tk:s:{t}:s{other_seat}:{h}:{s}:discard": "another seat",
        # a hand that is not the current one
        f"tk:w:{t}:s{seat}:{h + 7}:{s}": "earlier hand",
        f"tk:i:{t}:s{seat}:{h + 7}:{s}": "earlier hand",
        f"tk:a:{t}:s{seat}:{h + 7}:{s}:{code}": "earlier hand",
        f"tk:s:{t}:s{seat}:{h + 7}:{s}:discard": "earlier hand",
        # a step that is not the current one
        f"tk:i:{t}:s{seat}:{h}:{s + 3}": "no longer current",
        f"tk:a:{t}:s{seat}:{h}:{s + 3}:{code}": "no longer current",
        f"tk:s:{t}:s{seat}:{h}:{s + 3}:discard": "no longer current",
    }
    kinds = {cid.split(":")[1] for cid in forged}
    assert kinds == {"l", "h", "n", "r", "w", "i", "a", "s"}
    before = _moment(table)
    for custom_id, says in forged.items():
        text = await _click(world, actor, custom_id)
        assert says in text, (custom_id, text)
        assert _one_sentence(text), (custom_id, text)
        assert _moment(table) == before, custom_id


async def test_a_stranger_and_a_player_out_of_turn_are_refused(world):
    """Someone without a seat is told so; a seated player who forges a choice while it
    is another's turn is told it is not their turn (the table decides turns)."""
    table, panels = await two_humans(world)
    actor = _to_act(world, table)
    waiting = world.bob if actor is world.alice else world.alice
    code = action_code(action_ids(panels[actor.id].response)[0])
    t, h, s = table.id, table.hand_no, table.step
    before = _moment(table)
    text = await _click(world, world.cyril, f"tk:a:{t}:{h}:{s}:{code}")
    assert "not seated" in text and _one_sentence(text)
    text = await _click(world, waiting, f"tk:a:{t}:s{table.seat_of(waiting.id)}:{h}:{s}:{code}")
    assert text == "It's not your turn."
    assert _moment(table) == before


async def test_ids_drawn_before_the_seat_was_in_them_still_work(world):
    """Panels drawn by an older build carry no seat (``tk:a:<table>:<hand>:<step>:<code>``):
    their choices still apply."""
    table, panels = await two_humans(world)
    actor = _to_act(world, table)
    code = action_code(action_ids(panels[actor.id].response)[0])
    step = table.step
    old = f"tk:a:{table.id}:{table.hand_no}:{step}:{code}"
    message = await _post(world, old)
    await actor.click(message, custom_id=old)
    assert table.step > step


def test_no_two_kinds_answer_the_same_id():
    """Each id is parsed by exactly one kind (discord.py would run every kind whose
    template matches)."""
    samples = [
        "tk:l:ab12:join", "tk:h:ab12", "tk:n:ab12", "tk:r:ab12", "tk:r:ab12:s1",
        "tk:w:ab12:3:4", "tk:w:ab12:s0:3:4", "tk:i:ab12:s2:3:4", "tk:a:ab12:3:4:play:XIX",
        "tk:a:ab12:s3:3:4:bid:trojka", "tk:s:ab12:s0:3:4:discard", "tk:c:ab12:s0:3:4:announce:valat",
        "tk:x:ab12", "tk:l:ab12:teach",
    ]
    samples += ["tkr:h:2:n", "tkr:h:1:p", "tkr:l:0:czk_hal:_:3:n", "tkr:l:2:_:nebraska:1:p", "tkr:d"]
    every_kind = (*TABLE_COMPONENTS, *RECORDS_COMPONENTS)
    for custom_id in samples:
        kinds = [k.__name__ for k in every_kind if k.__discord_ui_compiled_template__.fullmatch(custom_id)]
        assert len(kinds) == 1, (custom_id, kinds)


async def test_nothing_is_stored_per_message(world):
    """The components are registered once as dynamic items: a played hand leaves no
    view stored per message in discord.py's view store."""
    table, panels = await two_humans(world)
    actor = _to_act(world, table)
    await actor.click(panels[actor.id].response, custom_id=action_ids(panels[actor.id].response)[0])
    store = world.bot._connection._view_store
    assert store._synced_message_views == {}
    assert store._views == {}
    assert {k.__discord_ui_compiled_template__ for k in TABLE_COMPONENTS} <= set(store._dynamic_items)


async def test_why_explains_the_players_choices(world):
    """Why? answers privately with the engine's explanation for the clicker's seat (with
    the players' names, and what each choice commits them to)."""
    table, panels = await two_humans(world)
    actor = _to_act(world, table)
    seat = table.seat_of(actor.id)
    expected = why_text(table, seat)
    assert named(table, table.game.explain(seat)).split(". ")[-1] in expected
    result = await actor.click(panels[actor.id].response, label="Why?")
    assert result.ephemeral and result.response.content == expected


async def test_hint_in_teach_mode_names_a_legal_choice(world):
    """In teach mode the panel of the player to act has Hint: what a computer would
    choose, which is one of the choices on the panel."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY, teach=True)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    actor = _to_act(world, table)
    panel = await open_panel(world, actor)
    result = await actor.click(panel.response, label="Hint")
    text = result.response.content
    assert result.ephemeral and text.startswith("The strongest computer player would choose **")
    labels = {table.game.variant.label(a) for a in table.game.legal_actions(table.seat_of(actor.id))}
    assert text.split("**")[1] in labels


async def test_hint_is_refused_outside_teach_mode(world):
    """Without teach mode there is no Hint button, and a forged one is refused."""
    table, panels = await two_humans(world)
    actor = _to_act(world, table)
    assert "Hint" not in [c.get("label") for row in panels[actor.id].response.components for c in row["components"]]
    seat = table.seat_of(actor.id)
    text = await _click(world, actor, f"tk:i:{table.id}:s{seat}:{table.hand_no}:{table.step}")
    assert text == "Hints are only given at tables opened in teach mode."


async def test_why_and_hint_read_the_game_under_the_table_lock(world):
    """Why? and Hint wait while the table is changing (its lock is held)."""
    table, _ = await two_humans(world)
    seat = table.game.to_act
    await table.lock.acquire()
    try:
        why = asyncio.ensure_future(advice.why(table, seat))
        hint = asyncio.ensure_future(advice.hint(table, seat))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not why.done() and not hint.done()
    finally:
        table.lock.release()
    assert await why == why_text(table, seat)
    assert (await hint).startswith("The strongest computer player would choose")
