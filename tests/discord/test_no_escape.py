"""A hand in play always ends paid (issue #29): every way a losing player might try to
leave a hand before it is paid (``/taroky end``, ``/taroky leave``, leave and join again,
end as the host, a stale panel after leaving, a restart of the bot) leaves what they pay
as it was: the same seeded deal, played to the end with a computer playing for them from
the same moment, pays them exactly the same.

Each test plays the reference first, in a channel of its own (``#reference``): the same
seats, the same deal (``seeded_factory``: hand 1 of every table is dealt alike), and the
escaping player simply away, so the computer plays their seat (as after a time-out); the
computer players' choices depend only on the hand and the step (``decision_seed``), so
the two hands can differ only if the escape changed something.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord.harness import PLAY, action_ids, custom_ids, open_panel, table_message, table_of

#: The absence timer's reminder and take-over (conftest's settings: 120 s each).
TAKEOVER = 241


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file: the payments are real."""
    return make_sqlite_bot


async def _open(world: Any, channel: Any, seated: list[Any]) -> Any:
    """The first of ``seated`` opens a table in ``channel``, the others join, and it is
    dealt (the other seats: computers); returns the table."""
    host, *others = seated
    await host.slash(channel, "taroky new", options=PLAY, teach=False)
    message = channel.last_message
    for member in others:
        await member.click(message, label="Join")
    await host.click(message, label="Start")
    table = world.bot.tables.get(channel.id)
    assert table is not None and table.status == "playing"
    return table


async def _finish(world: Any, table: Any) -> None:
    """Nobody clicks: the absent humans are taken over until the hand is over."""
    for _ in range(40):
        if table.status != "playing":
            return
        await world.env.advance_time(TAKEOVER)
    raise AssertionError("the hand did not finish")


async def _paid(world: Any, hand_id: str, member: Any) -> int:
    """What ``member`` was paid for the hand (negative: paid out), from the ledger."""
    hand = await world.bot.store.get_hand(hand_id)
    assert hand is not None, "the hand must be paid"
    assert member.id in hand.participants
    return int(hand.deltas[member.id])


async def _reference(world: Any, seated: list[Any], escaper: Any) -> int:
    """The same deal played to the end in ``#reference``, nobody escaping: what
    ``escaper`` pays there."""
    channel = world.guild.create_text_channel("reference")
    table = await _open(world, channel, seated)
    await _finish(world, table)
    return await _paid(world, table.hand_id, escaper)


async def test_end_mid_hand_as_the_host_plays_the_hand_out_and_pays_it(world):
    """/taroky end by the host during a hand: the table closes after the hand, which is
    played out and paid as the cards fall."""
    expected = await _reference(world, [world.alice], world.alice)
    table = await _open(world, world.channel, [world.alice])
    hand_id = table.hand_id
    r = await world.alice.slash(world.channel, "taroky end")
    assert "closes when this hand ends" in r.response.content
    assert table.closing and table.status == "playing"
    embed = table_message(world).embeds[0]
    assert any(f.name == "Closing" for f in embed.fields)
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected
    assert table.status == "closed" and world.bot.tables.get(world.channel.id) is None
    shown = next(m for m in world.channel.history() if m.id == table.message_id)
    assert shown.embeds[0].description == "This table is closed."


async def test_end_mid_hand_by_a_seated_player_changes_nothing_they_pay(world):
    expected = await _reference(world, [world.alice, world.bob], world.bob)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    await world.bob.slash(world.channel, "taroky end")
    await world.bob.slash(world.channel, "taroky end")  # (twice: still the one close)
    await _finish(world, table)
    assert await _paid(world, hand_id, world.bob) == expected
    assert world.bot.tables.get(world.channel.id) is None


async def test_leave_mid_hand_a_computer_finishes_it_and_the_leaver_pays(world):
    expected = await _reference(world, [world.alice, world.bob], world.alice)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    seat = table.seat_of(world.alice.id)
    await world.alice.slash(world.channel, "taroky leave")
    assert table.seat_of(world.alice.id) is None
    chair = table.seats[seat]
    assert chair.is_computer and chair.stands_in_for == "alice"
    assert table.status == "playing"  # (Bob's turn holds the hand; the message says who plays for whom)
    fields = {f.name: f.value for f in table_message(world).embeds[0].fields}
    assert "alice left" in fields["Left during the hand"]
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected


async def test_leave_then_join_again_mid_hand_changes_nothing(world):
    expected = await _reference(world, [world.alice, world.bob], world.alice)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    await world.alice.slash(world.channel, "taroky leave")
    r = await world.alice.slash(world.channel, "taroky join")
    assert r.response.content.startswith("The game has started")  # (not during the hand)
    assert table.seat_of(world.alice.id) is None
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected


async def test_a_stale_panel_click_after_leaving_is_refused(world):
    expected = await _reference(world, [world.alice, world.bob], world.alice)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    panel = await open_panel(world, world.alice)
    ids = action_ids(panel.response) or custom_ids(panel.response)  # (a choice, or Refresh)
    await world.alice.slash(world.channel, "taroky leave")
    assert table.status == "playing" and ids
    step = table.step
    r = await world.alice.click(panel.response, custom_id=ids[0])
    assert r.ephemeral and "not seated" in r.response.content
    assert table.step == step and table.seat_of(world.alice.id) is None
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected


async def test_a_restart_mid_hand_after_end_still_plays_it_out_and_pays(world, make_bot):
    expected = await _reference(world, [world.alice], world.alice)
    table = await _open(world, world.channel, [world.alice])
    hand_id = table.hand_id
    await world.alice.slash(world.channel, "taroky end")
    await world.env.restart_bot(make_bot())
    table = table_of(world)
    assert table.closing and table.status == "playing"  # (the close is kept across the restart)
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected
    assert world.bot.tables.get(world.channel.id) is None
