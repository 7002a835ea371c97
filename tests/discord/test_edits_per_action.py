"""Message edits and pictures per action (issue #33): Discord allows about five edits in
five seconds a channel, every edit is a call the bot pays for, and every picture is
drawn in the render processes.  A scripted hand (two humans, two computers, the seeded
deal) is played at the bot's human-pace throttle (``edit_interval`` 1 s) and the edits of
the table message and of the two panels, the pictures drawn and the pictures uploaded
with the edits are counted.  The
bounds are what the bot needs now (measured: see each assertion), so a change that adds
edits or pictures shows here."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import rendering
from bot import metrics
from tests.discord.harness import engine_first, play_out, take_turn, two_humans


def edits_by_reason() -> dict[tuple[str, str], float]:
    """``metrics.MESSAGE_EDITS`` so far: (message, reason) -> edits."""
    return {(s.labels["message"], s.labels["reason"]): s.value
            for family in metrics.MESSAGE_EDITS.collect() for s in family.samples if s.name.endswith("_total")}


AI_DELAY = 1.2  # seconds: the bot's pause before a computer's move (tests: 0)
THINK = 3.0  # seconds a human thinks before a move (benchmarks/load.py's human pace)


async def play_at_pace(world: Any, panels: dict[int, Any]) -> None:
    """Play the scripted hand out as ``play_out`` does at human pace (on the simulated
    clock): the computers move ``AI_DELAY`` seconds after each change, as in the bot,
    and a human ``THINK`` seconds after their turn comes."""
    table = world.bot.tables.get(world.channel.id)
    table.timings = dataclasses.replace(table.timings, ai_delay=AI_DELAY)
    members = {m.id: m for m in world.players}
    for _ in range(400):
        if table.status != "playing":
            return
        seat = table.seats[table.game.to_act]
        if seat is None or seat.user_id is None:
            await world.env.advance_time(AI_DELAY + 0.1)
            continue
        await world.env.advance_time(THINK)
        await take_turn(members[seat.user_id], panels[seat.user_id],
                        engine_first(table.game.legal_actions(table.game.to_act)[0].code))
    raise AssertionError("the hand did not finish")


async def per_action_of(
    world: Any, monkeypatch: pytest.MonkeyPatch, *, late: bool = False, paced: bool = False,
) -> dict[str, float]:
    """Play the scripted hand; edits, pictures drawn and uploads per action (``late``:
    no change waits for its pictures, as with a busy render pool; ``paced``: the
    computers wait ``AI_DELAY`` before their moves, as in the bot)."""
    table, panels = await two_humans(world)
    output = world.bot.output
    output.edit_interval = 1.0  # the bot's setting at human pace (tests: 0)
    if late:
        output.picture_wait = 0.0
    kinds = {table.message_id: "table", **{p.response.id: "panel" for p in panels.values()}}
    edits: list[str] = []
    backend = world.env.backend
    original = backend.edit_message

    held: dict[int, set[str]] = {}  # message -> the ids of the attachments it holds
    uploads: list[str] = []

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        kind = kinds.get(message_id, "other")
        edits.append(kind)
        # An attachment the message does not hold yet is a picture uploaded with the edit.
        uploads.extend(kind for a in fields.get("attachments") or [] if str(a.get("id")) not in held.get(message_id, ()))
        stored = original(channel_id, message_id, fields)
        held[message_id] = {str(a["id"]) for a in stored.attachments}
        return stored

    monkeypatch.setattr(backend, "edit_message", edit_message)
    drawn: list[str] = []
    def counting(name: str, draw: Any) -> Any:
        def counted(scene: Any) -> bytes:
            drawn.append(name)
            png: bytes = draw(scene)
            return png

        return counted

    monkeypatch.setattr(rendering, "render_table", counting("render_table", rendering.render_table))
    monkeypatch.setattr(rendering, "render_hand", counting("render_hand", rendering.render_hand))
    step, hand = table.step, table.hand_no
    reasons0 = edits_by_reason()
    await (play_at_pace if paced else play_out)(world, panels)
    await world.env.advance_time(10)  # (the edits the throttle held back go out)
    reasons = {k: n - reasons0[k] for k, n in edits_by_reason().items() if n > reasons0[k]}
    # Every edit of the table message and of the panels is counted with why it was sent.
    assert sum(n for (message, _), n in reasons.items() if message == "table") == edits.count("table"), reasons
    assert sum(n for (message, _), n in reasons.items() if message == "panel") == edits.count("panel"), reasons
    assert table.hand_no == hand and table.status != "playing"
    actions = table.step - step
    assert actions > 40  # (the seeded hand is played out to its tricks)
    counts = {k: n / actions for k, n in
              (("table", edits.count("table")), ("panel", edits.count("panel")),
               ("table pictures", drawn.count("render_table")), ("hand pictures", drawn.count("render_hand")),
               ("table uploads", uploads.count("table")), ("panel uploads", uploads.count("panel")))}
    print(f"{actions} actions; per action: " + ", ".join(f"{k} {v:.2f}" for k, v in counts.items()))
    print("why: " + ", ".join(f"{m}: {r} {n / actions:.2f}" for (m, r), n in sorted(reasons.items())))
    counts.update({f"{m}: {r}": n / actions for (m, r), n in reasons.items()})
    return counts


async def test_a_scripted_hand_edits_few_messages_and_draws_few_pictures(
    world: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    per_action = await per_action_of(world, monkeypatch)
    # Measured on this hand (81 actions): the table message 0.79 edits an action (the
    # throttle: five in five seconds), the panels 1.32 (the clicker's answer, the turn,
    # a held-back panel once a second); 0.79 table pictures (one per table edit) and 0.80
    # hand pictures an action (a human's move changes their hand twice: their turn
    # lights the playable cards, the move takes one away; a computer's move changes no
    # hand a panel shows, so a held-back panel's picture is never drawn again).  Each
    # bound leaves a tenth for the seeded deal's variance.
    assert per_action["table"] <= 0.87, per_action
    assert per_action["panel"] <= 1.45, per_action
    assert per_action["table pictures"] <= 0.87, per_action
    assert per_action["hand pictures"] <= 0.88, per_action
    # Uploads (issue #33): an edit whose picture stays the same keeps the attachment the
    # message holds.  Measured: table 0.79 (the table picture changes with each edit),
    # panels 0.81 — before, every panel edit uploaded its hand picture again (1.30).
    assert per_action["table uploads"] <= 0.87, per_action
    assert per_action["panel uploads"] <= 0.89, per_action


async def test_late_pictures_are_uploaded_once(world: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every picture late (a busy render pool): each change's text goes out at once with
    the picture its message shows, and the new picture follows in an edit of its own.
    The first of those edits keeps the attachment the message holds (issue #33)."""
    per_action = await per_action_of(world, monkeypatch, late=True)
    # Measured (81 actions): table 1.44 edits and 0.53 uploads an action, panels 1.99 and
    # 0.75 — before, each of those edits uploaded a picture (1.44 and 1.96 uploads).
    assert per_action["table"] <= 1.58, per_action
    assert per_action["panel"] <= 2.19, per_action
    assert per_action["table uploads"] <= 0.6, per_action
    assert per_action["panel uploads"] <= 0.83, per_action


async def test_late_pictures_at_human_pace(world: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every picture late, at human pace on the simulated clock (a human thinks 3 s, a
    computer moves 1.2 s after each change, as in the bot; issue #33): each edit is
    counted with why it was sent, and the edits that bring only a late picture stay
    what they are now."""
    per_action = await per_action_of(world, monkeypatch, late=True, paced=True)
    # Measured (81 actions): table 1.72 edits an action (a change 0.94, held back 0.02,
    # only a late picture 0.75), 0.77 table uploads; panels 2.74 (turn 0.51, click 0.41,
    # change 0.64, held back 0.78, late picture 0.41).  Holding a late table picture back
    # for a computer's move due within 1.5 s cut 1.72 -> 1.48 here, but under load (50
    # tables) it saved 0.04 table edits an action and drew 0.18 more table pictures (a
    # change no longer replaced a pending picture edit, so it drew its own): reverted.
    # The bounds leave a tenth.
    assert per_action["table: late picture"] <= 0.83, per_action
    assert per_action["table"] <= 1.9, per_action
    assert per_action["panel"] <= 3.0, per_action
    assert per_action["table uploads"] <= 0.85, per_action


async def test_an_edit_that_shows_what_the_message_shows_is_not_sent(world: Any) -> None:
    """A change that leaves the table message as it is (issue #33: 6 % of the table
    edits at 20 tables at human pace repeated the message exactly) sends no edit, and
    spends none of the five edits in five seconds Discord allows a channel."""
    table, _ = await two_humans(world)
    output = world.bot.output
    edits: list[int] = []
    backend = world.env.backend
    original = backend.edit_message

    def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        edits.append(message_id)
        return original(channel_id, message_id, fields)

    backend.edit_message = edit_message
    try:
        async with table.lock:
            await output.table_changed(table)  # (the message may be behind its last change)
        await world.env.settle()
        shown = len(edits)
        times = list(output._edit_times.get(table.id, ()))
        async with table.lock:
            await output.table_changed(table)  # nothing changed since
        await world.env.settle()
    finally:
        backend.edit_message = original
    assert table.message_id not in edits[shown:]
    assert list(output._edit_times.get(table.id, ())) == times
