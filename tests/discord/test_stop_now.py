"""Stopping a hand at once (issue #29): only if every seated human agrees (buttons on the
table; anyone keeping playing, or no answer in time, and the hand goes on) or an admin
annuls it.  An annulled hand pays nothing, reveals its salt (its record verifies against
the commitment the table showed) and is marked annulled in the history and the ledger
export.  A losing player cannot force it alone: each way tried leaves what they pay as
the same deal played to the end (``tests.discord.test_no_escape``'s reference)."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from bot.cli import main
from bot.tables.stop_request import STOP_VOTE_SECONDS
from tests.discord.harness import (
    labels,
    open_panel,
    refused,
    seen_in,
    seen_on,
    table_message,
    take_turn,
)
from tests.discord.test_no_escape import _finish, _open, _paid, _reference


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """A real SQLite file: the payments (or their absence) are real."""
    return make_sqlite_bot


def _admin(world: Any) -> Any:
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("erika"), roles=[role])


def _commitment(message: Any) -> str:
    field = next(f for f in message.embeds[0].fields if f.name == "Shuffle commitment")
    return field.value.split("`")[1]


async def _annulled(world: Any, hand_id: str, tmp_path: Any, shown: str, how: str) -> None:
    """The hand is kept annulled: no money, marked in the history and the export, and its
    record (the salt revealed) verifies against the commitment the table showed."""
    store = world.bot.store
    hand = await store.get_hand(hand_id)
    assert hand is not None and hand.annulled and hand.deltas == {} and hand.pool_delta == 0
    record = await store.get_hand_record(hand_id)
    assert record["annulled"] == {"how": how} and record["result"] is None  # (no name kept)
    assert record["commitment"]["hash"] == shown and len(record["commitment"]["salt"]) == 32
    path = tmp_path / "annulled.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(path), "--commitment", shown]) == 0
    rows = [line.split(",") for line in (await store.export_ledger_csv(world.guild.id)).splitlines()]
    mine = [r for r in rows if r[4] == hand_id]
    assert [(r[3], r[10]) for r in mine] == [("annulled", "0")]  # marked, and no transfer
    history = await world.alice.slash(world.channel, "taroky history")
    assert "annulled in play: nobody paid or was paid" in history.response.embeds[0].description
    assert world.bot.tables.get(world.channel.id) is None


async def test_alone_with_computers_a_player_cannot_stop_the_hand(world):
    expected = await _reference(world, [world.alice], world.alice)
    table = await _open(world, world.channel, [world.alice])
    hand_id = table.hand_id
    r = await world.alice.slash(world.channel, "taroky end", now=True)
    assert r.ephemeral and "nobody else sits at this table" in r.response.content
    assert table.stop_request.vote is None and table.status == "playing" and not table.closing  # (nothing changed)
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected


async def test_one_player_keeping_playing_ends_the_request(world):
    expected = await _reference(world, [world.alice, world.bob], world.alice)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    r = await world.alice.slash(world.channel, "taroky end", now=True)
    assert "Agree to stop now" in r.response.content
    message = table_message(world)
    assert {"Agree to stop now", "Keep playing"} <= set(labels(message))
    assert any(f.name == "Stop this hand now?" for f in message.embeds[0].fields)
    again = await world.alice.click(message, label="Agree to stop now")  # (her own voice counts once)
    assert "once every seated player agrees" in again.response.content
    stranger = await world.cyril.click(message, label="Agree to stop now")
    assert stranger.ephemeral and "not seated" in stranger.response.content
    assert table.status == "playing" and table.stop_request.vote is not None
    no = await world.bob.click(table_message(world), label="Keep playing")
    assert "the hand goes on" in no.response.content
    assert table.stop_request.vote is None and table.status == "playing"
    assert "Agree to stop now" not in labels(table_message(world))
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected  # (then the table closes, as asked)
    assert world.bot.tables.get(world.channel.id) is None


async def test_no_answer_in_time_keeps_the_hand_going(world):
    expected = await _reference(world, [world.alice, world.bob], world.alice)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    await world.alice.slash(world.channel, "taroky end", now=True)
    assert table.stop_request.vote is not None
    await world.env.advance_time(STOP_VOTE_SECONDS + 1)
    assert table.stop_request.vote is None and table.status == "playing"
    assert "Agree to stop now" not in labels(table_message(world))
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected


async def test_every_seated_player_agreeing_annuls_the_hand(world, tmp_path, capsys):
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    shown = _commitment(table_message(world))
    await world.alice.slash(world.channel, "taroky end", now=True)
    yes = await world.bob.click(table_message(world), label="Agree to stop now")
    assert "the hand is annulled" in yes.response.content
    closed = next(m for m in world.channel.history() if m.id == table.message_id)
    assert "stopped in play (every seated player agreed)" in closed.embeds[0].description
    await _annulled(world, hand_id, tmp_path, shown, "agreement")
    capsys.readouterr()


async def test_only_an_admin_may_annul_and_an_annul_pays_nothing(world, tmp_path, capsys):
    admin = _admin(world)
    table = await _open(world, world.channel, [world.alice])
    hand_id = table.hand_id
    shown = _commitment(table_message(world))
    command = world.env.backend.find_command("taroky-admin", world.guild.id, type=1)
    world.guild.set_command_permissions(int(command["id"]), {world.alice: True})  # (shown to her anyway)
    refused = await world.alice.slash(world.channel, "taroky-admin annul")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert table.status == "playing" and await world.bot.store.get_hand(hand_id) is None
    ok = await admin.slash(world.channel, "taroky-admin annul")
    assert "The hand is annulled" in ok.response.content
    closed = next(m for m in world.channel.history() if m.id == table.message_id)
    assert "stopped in play (an admin annulled it)" in closed.embeds[0].description
    await _annulled(world, hand_id, tmp_path, shown, "admin")
    nothing = await admin.slash(world.channel, "taroky-admin annul")
    assert nothing.ephemeral and "no hand in play" in nothing.response.content
    capsys.readouterr()


async def test_a_table_closed_with_a_hand_in_play_reveals_its_salt(world, tmp_path, capsys):
    """However a hand ends, its salt is revealed: were a table closed by its keeper with
    a hand still in play (no command does that now), the hand is kept annulled."""
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    shown = _commitment(table_message(world))
    await world.bot.tables.close(table)
    await _annulled(world, hand_id, tmp_path, shown, "closed")
    capsys.readouterr()


async def test_a_restart_between_the_annul_and_the_close_keeps_the_hand_stopped(world, make_bot):
    """The annulled hand is kept before the table closes; a restart in between closes
    the table instead of playing the hand on (and paying it a second way)."""
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    ledger = world.bot.tables.ledger
    await ledger.annul(table, table.game, "admin")  # (the crash comes before the close)
    await world.env.restart_bot(make_bot())
    assert world.bot.tables.get(world.channel.id) is None
    hand = await world.bot.store.get_hand(hand_id)
    assert hand is not None and hand.annulled and hand.deltas == {}


async def test_a_request_to_stop_survives_a_restart(world, make_bot, tmp_path, capsys):
    """Issue #29: a request to stop the hand at once waits for every seated player; a
    restart of the bot while it waits used to forget it (the buttons gone, an agreement
    sent after the restart refused as "nobody is asking").  The request is kept with the
    table's state: after the restart it is still shown, and the last agreement stops the hand."""
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    shown = _commitment(table_message(world))
    await world.alice.slash(world.channel, "taroky end", now=True)
    assert table.stop_request.vote is not None
    await world.env.restart_bot(make_bot())
    table = world.bot.tables.get(world.channel.id)
    assert table is not None and table.status == "playing"
    assert table.stop_request.vote is not None and table.stop_request.vote.asked_by == "alice"
    assert table.stop_request.vote.agreed == {world.alice.id}
    message = table_message(world)
    assert "Agree to stop now" in labels(message)
    assert any(f.name == "Stop this hand now?" for f in message.embeds[0].fields)
    yes = await world.bob.click(message, label="Agree to stop now")
    assert "the hand is annulled" in yes.response.content
    await _annulled(world, hand_id, tmp_path, shown, "agreement")
    capsys.readouterr()


async def test_a_request_to_stop_restored_still_ends_in_its_time(world, make_bot):
    """After a restart the request waits only what was left of its time (issue #29: no
    answer in time keeps the hand going), and the hand is then played out and paid."""
    expected = await _reference(world, [world.alice, world.bob], world.alice)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    await world.alice.slash(world.channel, "taroky end", now=True)
    await world.env.restart_bot(make_bot())
    table = world.bot.tables.get(world.channel.id)
    assert table is not None and table.stop_request.vote is not None
    await world.env.advance_time(STOP_VOTE_SECONDS + 1)
    assert table.stop_request.vote is None and table.status == "playing"
    await _finish(world, table)
    assert await _paid(world, hand_id, world.alice) == expected


WITHDRAWN = ("The player who asked to stop this hand has left the table, so the request is withdrawn: "
             "the hand goes on and is paid as the cards fall.")


def request_withdrawn(world: Any, table: Any) -> list[str]:
    """Check that the request to stop has ended as withdrawn (its asker left or was
    forgotten): no request, the hand still in play, no buttons to answer it, and the
    table message telling why; returns what the table message shows."""
    assert table.stop_request.vote is None and table.status == "playing"
    message = table_message(world)
    assert "Agree to stop now" not in labels(message)
    shown = [t for _, t in seen_on("table", message)]
    assert WITHDRAWN in shown
    return shown


async def test_leaving_after_asking_to_stop_withdraws_the_request(world):
    """Issue #29: ``/taroky leave`` by the player who asked to stop the hand kept their
    request waiting (and their name on the table message) for a request nobody seated
    makes any more.  It ends as withdrawn, as when they are forgotten (issue #30): the
    buttons go, the others read why, and the hand is played out and paid as the cards
    fall, the leaver's seat played by a computer."""
    expected = await _reference(world, [world.alice, world.bob], world.bob)
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    await world.bob.slash(world.channel, "taroky end", now=True)
    assert "Agree to stop now" in labels(table_message(world))
    await world.bob.slash(world.channel, "taroky leave")
    shown = request_withdrawn(world, table)
    assert not [t for t in shown if t.startswith("bob asks to stop this hand now")]
    await _finish(world, table)
    assert await _paid(world, hand_id, world.bob) == expected


async def test_the_note_that_the_request_was_withdrawn_survives_a_restart(world, make_bot):
    """Issue #30: the table message's note that the request to stop was withdrawn is kept
    with the table's state: after a restart of the bot, the next change of the table
    message (here alice's move) still shows it (it used to vanish, leaving the others
    without the reason the hand goes on)."""
    table = await _open(world, world.channel, [world.alice, world.bob])
    await world.bob.slash(world.channel, "taroky end", now=True)
    await world.bob.slash(world.channel, "taroky leave")
    request_withdrawn(world, table)
    await world.env.restart_bot(make_bot())
    table = world.bot.tables.get(world.channel.id)
    assert table is not None
    step = table.step
    await take_turn(world.alice, await open_panel(world, world.alice))
    shown = request_withdrawn(world, table)
    assert table.step > step and [t for t in shown if t.endswith("alice: Pass")]  # (edited since the restart)


async def test_the_last_player_to_agree_leaving_stops_the_hand(world, tmp_path, capsys):
    """Issue #29: a player who leaves no longer decides on the request to stop; when they
    were the only seated human who had not agreed, everyone seated has agreed and the
    hand stops then (it used to wait for an "Agree" click nobody needed to make)."""
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    shown = _commitment(table_message(world))
    await world.alice.slash(world.channel, "taroky end", now=True)
    left = await world.bob.slash(world.channel, "taroky leave")
    # (the leaver is told the hand stopped, not that a computer plays their seat on)
    assert [text for _, text in seen_in("reply", left)] == [
        "You left the table. Everyone else seated had agreed to stop this hand, so it is "
        "stopped: nobody pays for it, and the table closes."]
    closed = next(m for m in world.channel.history() if m.id == table.message_id)
    assert "stopped in play (every seated player agreed)" in closed.embeds[0].description
    await _annulled(world, hand_id, tmp_path, shown, "agreement")
    capsys.readouterr()


NOT_KEPT = ("Everyone seated has agreed, but the database did not take the stop just now, so the hand goes on "
            "for the moment: click **Agree to stop now** again to stop it.")


async def test_a_stop_a_leaver_completes_that_the_database_refuses_is_told_and_loses_nothing(
        world, tmp_path, capsys, caplog):
    """Issue #29: bob, the only seated player who had not agreed to stop the hand, leaves,
    so everyone seated has agreed; but the database refuses to keep the hand annulled.
    The failure is logged; bob reads what is true (a computer plays his seat, the hand
    goes on unless the others agree again); the table message tells the others why the
    hand goes on although all agreed; nothing is written and nothing lost (the hand is
    still in play, the request waits).  Once the database is back, alice's agreement
    again stops the hand, annulled as any."""
    store = world.bot.store
    table = await _open(world, world.channel, [world.alice, world.bob])
    hand_id = table.hand_id
    shown = _commitment(table_message(world))
    await world.alice.slash(world.channel, "taroky end", now=True)
    with refused(store.path, "BEFORE INSERT ON hands"):
        left = await world.bob.slash(world.channel, "taroky leave")
    assert f"Keeping the annulled hand of table {table.id} failed" in caplog.text
    assert [text for _, text in seen_in("reply", left)] == [
        "You left the table; a computer plays your seat from now on. Everyone else seated has agreed to "
        "stop this hand, but the database did not take the stop just now: the hand stops if they agree "
        "again, otherwise it is played out and you pay or are paid as the cards fall."]
    assert table.status == "playing" and table.annulled is None and table.seat_of(world.bob.id) is None
    assert table.stop_request.vote is not None and table.stop_request.vote.agreed == {world.alice.id}
    assert await store.get_hand(hand_id) is None and await store.check_integrity() == []
    message = table_message(world)
    assert "Agree to stop now" in labels(message)
    assert [t for _, t in seen_on("table", message) if t.endswith(NOT_KEPT)]

    await world.alice.click(table_message(world), label="Agree to stop now")
    await _annulled(world, hand_id, tmp_path, shown, "agreement")
    capsys.readouterr()
