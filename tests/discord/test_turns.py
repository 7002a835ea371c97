"""Your turn, your countdown: the turn ping and the takeover time on the panel.

The ping is one channel message mentioning the player to act, deleted after the move;
the panel shows, as a Discord relative timestamp, when a computer plays for them — the
table's real absence timer (reminder pause plus takeover pause).
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from cogs.ui.output import _ensure_warm
from cogs.ui.turns import human_to_act
from tests.discord.harness import open_panel, take_turn, two_humans

TURN = "it's your turn"


@pytest.fixture(autouse=True, scope="module")
def _warm() -> None:
    """Draw the card faces once before the first test (not inside a settle)."""
    _ensure_warm()


def _pings(world: Any) -> list[Any]:
    return [m for m in world.channel.history() if m.author.bot and TURN in (m.content or "")]


def _posted_pings(world: Any) -> int:
    return sum(1 for r in world.env.http_requests
               if r.method == "POST" and r.path.endswith("/messages") and TURN in str((r.json or {}).get("content")))


def _member(world: Any, table: Any) -> Any:
    uid = table.seats[table.game.to_act].user_id
    return next(m for m in world.players if m.id == uid)


async def test_one_ping_per_turn_only_for_the_player_to_act_removed_after_the_move(world):
    table, panels = await two_humans(world)
    humans = {world.alice.id, world.bob.id}
    for _ in range(400):
        if table.status != "playing":
            break
        seat = table.game.to_act
        member = _member(world, table)
        pings = _pings(world)
        # Exactly one ping, and it mentions the player to act and nobody else.
        assert len(pings) == 1
        assert pings[0].content.startswith(f"<@{member.id}>")
        assert all(f"<@{h}>" not in pings[0].content for h in humans - {member.id})
        ping_id = pings[0].id
        before = len(table.game.history)
        await take_turn(member, panels[member.id])
        still = [p.id for p in _pings(world)]
        since = {s for s, _ in table.game.history[before:]}
        if table.status == "playing" and table.game.to_act == seat and since == {seat}:
            assert still == [ping_id]  # still the same player's turn: no second ping
        else:
            assert ping_id not in still  # the move is made: the ping is gone
    assert table.status == "between"
    assert _pings(world) == []
    # Once per turn: one ping for every run of consecutive actions of a human seat.
    human_seats = {table.seat_of(h) for h in humans}
    seats = [s for s, _ in table.game.history]
    turns = sum(1 for i, s in enumerate(seats) if s in human_seats and (i == 0 or seats[i - 1] != s))
    assert turns > 0 and _posted_pings(world) == turns


async def test_panel_countdown_is_the_real_takeover_time(world):
    """The panel's <t:…:R> is when the absence timer hands the seat to a computer."""
    table, _ = await two_humans(world)
    member = _member(world, table)
    panel = (await open_panel(world, member)).response
    text = panel.embeds[0].description
    match = re.search(r"<t:(\d+):R>", text)
    assert match is not None, text
    left = int(match[1]) - discord.utils.utcnow().timestamp()
    assert 230 < left <= 240  # the reminder (120 s) and the takeover (120 s) of the test settings
    step = table.step
    await world.env.advance_time(left - 2)
    assert table.step == step and not table.seats[table.game.to_act].away
    await world.env.advance_time(4)
    assert table.step > step  # a computer played for them, when the panel said
    # Their ping went with the turn (a new one only if the turn came back to them).
    waiting = human_to_act(table)
    pings = _pings(world)
    assert [p.content.split(",")[0] for p in pings] == ([] if waiting is None else [f"<@{waiting}>"])


async def test_no_countdown_or_ping_for_a_player_who_is_not_to_act(world):
    table, _ = await two_humans(world)
    to_act = _member(world, table)
    other = world.bob if to_act is world.alice else world.alice
    panel = (await open_panel(world, other)).response
    assert "<t:" not in (panel.embeds[0].description or "")
    assert all(f"<@{other.id}>" not in p.content for p in _pings(world))
