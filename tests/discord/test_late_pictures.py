"""Pictures off the click path: a change edits the table message and the panels at once;
a picture not drawn within ``picture_wait`` follows in an edit of its own, and until then
each message keeps the picture it shows."""

from __future__ import annotations

import dataclasses
from typing import Any

import rendering
from bot.engine.actions import Kind
from bot.tables.scenes import hand_scene, table_scene
from tests.discord.conftest import SETTLE_TIMEOUT
from tests.discord.harness import (
    engine_first,
    open_panel,
    table_message,
    table_of,
    take_turn,
    two_humans,
)


def _png(world: Any, message: Any, filename: str) -> bytes | None:
    """The picture ``filename`` of a message (a discord.Message, a panel as its player
    sees it, or the stored message the simulated Discord returns from an edit)."""
    attachments = message["attachments"] if isinstance(message, dict) else message.attachments
    for a in attachments:
        name, url = (a["filename"], a["url"]) if isinstance(a, dict) else (a.filename, a.url)
        if name == filename:
            data = world.env.backend.cdn.get(url)
            assert data is not None
            return data  # type: ignore[no-any-return]
    return None


class EditSpy:
    """Every version of the table message as the bot writes it: (embed text, picture)."""

    def __init__(self, world: Any) -> None:
        self.world = world
        self.versions: list[tuple[str, bytes | None]] = []
        backend = world.env.backend
        self._edit = backend.edit_message
        backend.edit_message = self.edit_message

    def edit_message(self, channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        stored = self._edit(channel_id, message_id, fields)
        table = self.world.bot.tables.get(channel_id)
        if table is not None and message_id == table.message_id:
            message = table_message(self.world)
            self.versions.append((message.embeds[0].description or "", _png(self.world, message, "table.png")))
        return stored


async def test_late_pictures_follow_the_text_in_their_own_edit(world: Any) -> None:
    world.bot.output.picture_wait = 0.0  # never wait (SimCord would finish any drawing first)
    table, panels = await two_humans(world)
    spy = EditSpy(world)
    before = _png(world, table_message(world), "table.png")
    assert before is not None
    seat = table.game.to_act
    human = next(m for m in (world.alice, world.bob) if table.seat_of(m.id) == seat)
    await take_turn(human, panels[human.id])
    assert len(spy.versions) >= 2
    first_text, first_picture = spy.versions[0]
    last_text, last_picture = spy.versions[-1]
    # The text and buttons went out at once, with the picture the message showed...
    assert first_picture == before
    # ...and the new picture followed, of the table as it stands now.
    assert last_picture == rendering.render_table(table_scene(table)) != before
    assert last_text == (table_message(world).embeds[0].description or "")


async def test_late_pictures_reach_the_open_panels(world: Any) -> None:
    world.bot.output.picture_wait = 0.0
    await two_humans(world)
    table = table_of(world)
    panel = await open_panel(world, world.alice)  # a fresh panel, drawn with its picture
    seat = table.seat_of(world.alice.id)
    assert seat is not None
    for _ in range(3):  # a few changes, each drawn late
        to_act = table.game.to_act
        member = next((m for m in (world.alice, world.bob) if table.seat_of(m.id) == to_act), None)
        if member is None:
            break
        await take_turn(member, panel if member is world.alice else await open_panel(world, member))
    got = _png(world, panel.response, "hand.png")
    assert got == rendering.render_hand(hand_scene(table, seat))


async def test_a_picture_kept_while_drawing_is_of_the_same_player_and_hand(world: Any) -> None:
    """Until its new picture is drawn a message keeps the one it shows, never a picture
    of another player (a chair taken over between hands) or of an earlier hand."""
    import discord

    from rendering import samples

    table, panels = await two_humans(world)
    output = world.bot.output
    key = (table.id, world.alice.id)
    shown = output._shown[key]  # the hand picture Alice's panel shows on Discord
    panel = output.panels[key][0]  # (the interaction that shows the panel)
    assert shown.via == panel.id
    scene = samples.hand_to_play()  # not drawn yet

    async def files(who: int, hand: int) -> list[Any]:
        got, _sent = await output._edit_picture(scene, "hand.png", discord.Embed(), (table.id, who), hand,
                                                panel, wait=False)
        return got

    assert await files(world.alice.id, shown.hand) == [shown.attachment]  # kept: nothing uploaded
    assert await files(world.alice.id, shown.hand + 1) == []  # the next hand: text only until drawn
    assert await files(world.bob.id, shown.hand) == []  # someone else in that chair


async def test_an_edit_keeps_the_picture_its_message_shows(world: Any) -> None:
    """A picture is uploaded once (issue #33): an edit of a message whose picture stays
    the same keeps the attachment Discord holds (nothing drawn or sent again), and the
    bot keeps no copy of a picture once its message shows it."""
    table, panels = await two_humans(world)
    output = world.bot.output
    humans = {table.seat_of(m.id): m for m in (world.alice, world.bob)}
    if (table.game.to_act + 1) % len(table.seats) in humans:  # (a move the other human answers: play it first)
        await take_turn(humans[table.game.to_act], panels[humans[table.game.to_act].id])
    mover = humans[table.game.to_act]
    other = world.bob if mover is world.alice else world.alice
    other_seat = table.seat_of(other.id)
    # The next computer waits: beyond the click's settle window (only advance_time reaches it).
    table.timings = dataclasses.replace(table.timings, ai_delay=2 * SETTLE_TIMEOUT)
    before = _png(world, panels[other.id].response, "hand.png")
    kept = output._shown[(table.id, other.id)]
    uploads: list[str] = []
    edits: list[int] = []
    backend = world.env.backend
    original = backend.edit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        if message_id == panels[other.id].response.id:
            edits.append(message_id)
            ids = [str(a.get("id")) for a in fields.get("attachments") or []]
            uploads.extend(i for i in ids if i != str(kept.attachment.id))
        return original(channel_id, message_id, fields)

    backend.edit_message = edit_message
    hand = hand_scene(table, other_seat)
    await take_turn(mover, panels[mover.id])  # the other human's hand does not change
    backend.edit_message = original
    assert hand_scene(table, other_seat) == hand
    assert _png(world, panels[other.id].response, "hand.png") == before  # the same picture shows
    assert edits and uploads == []  # ... kept by the panel's edit, not uploaded again
    assert output._shown[(table.id, other.id)].attachment.id == kept.attachment.id
    assert hand not in output._table_cache.get(table.id, {})  # no copy kept in the bot


async def test_a_panel_nobody_waits_on_gets_one_edit_per_change(world: Any) -> None:
    """A change whose pictures come late edits the panel of the player who clicked at
    once (text, then the picture), but the panel of a player nobody waits on (not their
    turn, no click pending) once only, when its new picture is drawn."""
    world.bot.output.picture_wait = 0.0
    table, panels = await two_humans(world)
    # (on to a card played by a human whom a computer follows: a card played changes the
    # mover's hand picture; a bid does not, issue #33)
    humans = {table.seat_of(m.id): m for m in (world.alice, world.bob)}
    while not (any(a.kind is Kind.PLAY for a in table.game.legal_actions(table.game.to_act))
               and (table.game.to_act + 1) % len(table.seats) not in humans):
        seat = table.game.to_act
        await take_turn(humans[seat], panels[humans[seat].id], engine_first(table.game.legal_actions(seat)[0].code))
    seat = table.game.to_act
    mover = next(m for m in (world.alice, world.bob) if table.seat_of(m.id) == seat)
    other = world.bob if mover is world.alice else world.alice
    other_seat = table.seat_of(other.id)
    # The next computer waits: beyond the click's settle window (only advance_time reaches it).
    table.timings = dataclasses.replace(table.timings, ai_delay=2 * SETTLE_TIMEOUT)
    edits: dict[int, list[bytes | None]] = {panels[m.id].response.id: [] for m in (mover, other)}
    backend = world.env.backend
    original = backend.edit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        stored = original(channel_id, message_id, fields)
        if message_id in edits:
            edits[message_id].append(_png(world, stored, "hand.png"))
        return stored

    backend.edit_message = edit_message
    world.bot.output._table_cache.pop(table.id, None)  # every picture of the change is drawn anew
    step = table.step
    await take_turn(mover, panels[mover.id])
    backend.edit_message = original
    assert table.step == step + 1 and table.game.to_act != other_seat
    clicked, idle = edits[panels[mover.id].response.id], edits[panels[other.id].response.id]
    assert len(clicked) == 2 and clicked[-1] == rendering.render_hand(hand_scene(table, seat))
    assert idle == [rendering.render_hand(hand_scene(table, other_seat))]


async def test_refresh_shows_the_hand_picture_again(world: Any) -> None:
    """Refresh drops the panel's picture and draws it again: the picture the panel
    showed is gone from Discord, so it is uploaded anew, not kept (issue #33)."""
    table, panels = await two_humans(world)
    panel = panels[world.alice.id]
    before = _png(world, panel.response, "hand.png")
    assert before is not None
    await world.alice.click(panel.response, label="Refresh")
    await world.env.settle()
    assert _png(world, panel.response, "hand.png") == before  # (the hand did not change)
    assert (table.id, world.alice.id) in world.bot.output.panels  # (the panel is still refreshed)
