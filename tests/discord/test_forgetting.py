"""Forgetting a member through Discord (issue #30, item 6), the real bot on a real SQLite
file under SimCord: ``/taroky forget-me`` asks first (a button each way) and then
anonymises the member everywhere; ``/taroky-admin forget member:`` does it on one server,
for members with Manage Server only.  The books stay exact throughout."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.app import TarokyBot
from bot.config import Settings
from bot.store import FORGETTING_KEPT, Shards, Store, is_anonymous
from bot.store import privacy as store_privacy
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.settlement import SETTLE_SWEEP
from bot.tables.table_states import DatabaseTableStore
from tests.discord.harness import (
    PLAY,
    engine_first,
    open_panel,
    play_out,
    refused,
    seen_on,
    table_message,
    table_of,
    take_turn,
    two_humans,
)
from tests.discord.test_stop_now import request_withdrawn


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=7)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file (``tests/discord/conftest.py``)."""
    return make_sqlite_bot


async def alice_plays_a_hand(world: Any) -> None:
    """Alice and three computers play one hand out: her id is in the books."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table_of(world).status == "between"


async def test_forget_me_asks_first_then_forgets_everywhere(world: Any) -> None:
    store = world.bot.store
    await alice_plays_a_hand(world)
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)

    asked = await world.alice.slash(world.channel, "taroky forget-me")
    assert asked.ephemeral and "cannot be undone" in asked.response.content
    kept = await world.alice.click(asked.response, label="Cancel")
    assert kept.response.content == "Nothing was forgotten."
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)

    await world.alice.slash(world.channel, "taroky language", language="cs")  # she asks in Czech
    asked = await world.alice.slash(world.channel, "taroky forget-me")
    assert "Nejde to vrátit" in asked.response.content
    done = await world.alice.click(asked.response, label="Zapomeňte na mě")
    assert done.response.content.startswith("Hotovo: bot na vás zapomněl.")
    assert str(world.alice.id) not in await store.export_ledger_csv(world.guild.id)
    assert await store.get_language("user", world.alice.id) is None
    (hand,) = await store.recent_hands(world.guild.id, world.channel.id)
    assert world.alice.id not in hand.participants
    assert any(is_anonymous(p) for p in hand.participants)
    assert await store.check_integrity() == []

    assert OTHER_PARTS not in done.response.content  # (one process: its answer is all there is)
    again = await world.alice.slash(world.channel, "taroky forget-me")  # now in English again
    nothing = await world.alice.click(again.response, label="Forget me")
    assert nothing.response.content == "The bot kept nothing about you: there was nothing to forget."


async def test_an_admin_forgets_a_member_of_their_server(world: Any) -> None:
    store = world.bot.store
    await alice_plays_a_hand(world)
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    admin_command = world.env.backend.find_command("taroky-admin", world.guild.id, type=1)
    world.guild.set_command_permissions(int(admin_command["id"]), {world.bob: True})

    refused = await world.bob.slash(world.channel, "taroky-admin forget", member=world.alice)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)

    done = await admin.slash(world.channel, "taroky-admin forget", member=world.alice)
    assert done.ephemeral and done.response.content.startswith(f"<@{world.alice.id}> is forgotten on this server")
    assert str(world.alice.id) not in await store.export_ledger_csv(world.guild.id)
    assert await store.check_integrity() == []
    nothing = await admin.slash(world.channel, "taroky-admin forget", member=world.bob)
    assert nothing.response.content == f"The bot kept nothing about <@{world.bob.id}> on this server."


async def test_a_member_forgotten_mid_hand_leaves_their_seat_to_a_computer_at_once(world: Any) -> None:
    """Issue #30: a member who had the bot forget them kept their live seat (their id and
    name in the table's saved state, on its message, in the hand to be paid) until the
    table closed.  What they expect: a computer player takes their seat at once, the hand
    goes on, and nothing of theirs is kept.  The hand dealt to them is still paid, to the
    anonymous id their rows now carry (issue #29: nobody leaves a hand unpaid), so the
    books stay exact."""
    store = world.bot.store
    table, panels = await two_humans(world)
    hand_id = table.hand_id
    bob_seat = table.seat_of(world.bob.id)
    assert bob_seat is not None and world.bob.id in table.hand_players
    for _ in range(60):  # (Alice plays until it is Bob's turn: he is forgotten with the table waiting for him)
        game = table.game
        assert game is not None and table.status == "playing"
        if game.to_act == bob_seat:
            break
        await take_turn(world.alice, panels[world.alice.id], engine_first(game.legal_actions(game.to_act)[0].code))
    assert table.game is not None and table.game.to_act == bob_seat

    asked = await world.bob.slash(world.channel, "taroky forget-me")
    assert "you leave it at once, and a computer player takes over any hand dealt to you" in asked.response.content
    done = await world.bob.click(asked.response, label="Forget me")
    assert f"You no longer sit at the table in <#{world.channel.id}>: a computer player" in done.response.content
    chair = table.seats[bob_seat]
    assert chair is not None and chair.is_computer and chair.name.endswith("(computer)")
    assert chair.stands_in_for is None  # (not even his name)
    assert table.status == "playing" and world.bob.id not in table.hand_players
    assert table.game is not None and table.game.to_act != bob_seat  # (the computer played his turn at once)
    (anonymous,) = [p for p in table.hand_players if is_anonymous(p)]
    assert table.hand_players[bob_seat] == anonymous
    # Nothing of his is kept at the table: its saved state, its message.
    await world.alice.slash(world.channel, "taroky pool")  # (the table state's writes are done)
    saved = json.dumps([s.state for s in await world.bot.tables.store.load_table_states()])
    assert str(world.bob.id) not in saved and '"bob"' not in saved
    assert not [t for _, t in seen_on("table", table_message(world)) if "bob" in t]
    # The hand goes on, the computer playing his cards, and it is paid to the anonymous id.
    await play_out(world, {world.alice.id: panels[world.alice.id]})
    assert table.status == "between" and table.settlement.unpaid is None
    hand = await store.get_hand(hand_id)
    assert hand is not None and world.bob.id not in hand.participants
    assert hand.participants[bob_seat] == anonymous and anonymous in hand.deltas
    assert str(world.bob.id) not in await store.export_ledger_csv(world.guild.id)
    assert await store.check_integrity() == []


async def test_an_admin_forgetting_a_member_frees_their_lobby_seat(world: Any) -> None:
    """The same from ``/taroky-admin forget member:``, in a lobby: the seat is free again."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    table = table_of(world)
    assert table.seat_of(world.bob.id) is not None
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    done = await admin.slash(world.channel, "taroky-admin forget", member=world.bob)
    assert f"They no longer sit at the table in <#{world.channel.id}>" in done.response.content
    assert table.seat_of(world.bob.id) is None and not table.holds(world.bob.id)
    assert table.status == "lobby" and sum(s is not None for s in table.seats) == 1


#: Seconds Discord waits for an interaction's first answer ("The application did not
#: respond"); SimCord refuses a later one as Discord does.
ANSWER_LIMIT = 3


async def until(condition: Callable[[], bool], what: str) -> None:
    """Wait (a bounded number of loop turns) until ``condition`` holds, while the click
    that makes it hold runs in another task."""
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never happened: {what}")


async def test_forget_me_answers_at_once_while_the_table_is_busy(world: Any) -> None:
    """Forgetting waits for the locks of the member's tables (a strong computer thinking,
    a payment) and for the store; it answered only when done, and past Discord's 3
    seconds the member saw "The application did not respond".  Now the click is answered
    at once, and the result follows.  The table's lock is taken here (the manager's
    table, its own lock) and held while SimCord's clock passes the 3 seconds."""
    table, _panels = await two_humans(world)
    asked = await world.bob.slash(world.channel, "taroky forget-me")
    async with world.bot.tables.require(world.channel.id).lock:
        click = asyncio.ensure_future(world.bob.click(asked.response, label="Forget me"))
        await until(lambda: asked.response.content == "Forgetting you: one moment…", "the acknowledgement")
        assert asked.response.components == []  # (no second click)
        assert table.seat_of(world.bob.id) is not None  # (still waiting for the lock)
        # (SimCord's operations never overlap: its clock, the one Discord's deadline is
        # read on, is moved directly while the click is under way.)
        world.env.backend.advance_clock(ANSWER_LIMIT + 1)
    done = await click
    assert done.acknowledged and not world.env.errors
    assert done.response.content.startswith("Done: the bot has forgotten you.")
    assert f"You no longer sit at the table in <#{world.channel.id}>" in done.response.content
    assert table.seat_of(world.bob.id) is None and not table.holds(world.bob.id)


async def test_an_admins_forget_answers_at_once_while_the_table_is_busy(world: Any) -> None:
    """The same for ``/taroky-admin forget member:``: "thinking…" at once, then the result."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    table = table_of(world)
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    async with world.bot.tables.require(world.channel.id).lock:
        command = asyncio.ensure_future(admin.slash(world.channel, "taroky-admin forget", member=world.bob))
        await until(lambda: any(i.deferred and i.ephemeral and i.user_id == admin.id  # ("thinking…")
                                for i in world.env.backend.interactions.values()), "the acknowledgement")
        assert table.seat_of(world.bob.id) is not None  # (still waiting for the lock)
        world.env.backend.advance_clock(ANSWER_LIMIT + 1)
    done = await command
    assert done.acknowledged and done.ephemeral and not world.env.errors
    assert f"They no longer sit at the table in <#{world.channel.id}>" in done.response.content
    assert table.seat_of(world.bob.id) is None


async def test_a_store_failure_after_the_answer_is_told_and_changes_nothing(world: Any) -> None:
    """The store fails while forgetting, after the click was answered: the member reads a
    plain sentence in their language, and nothing is changed: the forgetting is one
    transaction (it fails here at its last statement, the language choice, after the
    hands and the ledger were renamed), so their rows, their language and their seat at
    the table are as they were.  Asked again, it works."""
    store = world.bot.store
    table, panels = await two_humans(world)
    await play_out(world, panels)
    assert table.status == "between" and str(world.bob.id) in await store.export_ledger_csv(world.guild.id)
    bob_seat = table.seat_of(world.bob.id)
    await world.bob.slash(world.channel, "taroky language", language="cs")
    asked = await world.bob.slash(world.channel, "taroky forget-me")
    with refused(store.path, "BEFORE DELETE ON language_choices"):
        failed = await world.bob.click(asked.response, label="Zapomeňte na mě")
    assert failed.response.content == ("Něco se u mě pokazilo, takže bot na vás nezapomněl: nic se nezměnilo. "
                                       "Zkuste to prosím znovu.")
    assert str(world.bob.id) in await store.export_ledger_csv(world.guild.id)
    assert await store.get_language("user", world.bob.id) == "cs"
    assert bob_seat is not None and table.seat_of(world.bob.id) == bob_seat
    seat = table.seats[bob_seat]
    assert seat is not None and not seat.is_computer and seat.name == "bob"
    assert world.bob.id in table.hand_players
    assert await store.check_integrity() == []

    again = await world.bob.slash(world.channel, "taroky forget-me")
    done = await world.bob.click(again.response, label="Zapomeňte na mě")
    assert done.response.content.startswith("Hotovo: bot na vás zapomněl.")
    assert str(world.bob.id) not in await store.export_ledger_csv(world.guild.id)
    assert table.seat_of(world.bob.id) is None
    assert await store.check_integrity() == []


async def test_a_store_failure_in_an_admins_forget_is_told_and_changes_nothing(world: Any) -> None:
    """The same for an admin: the store fails renaming the ledger; the admin reads the
    plain sentence, and the member keeps their seat and their rows."""
    store = world.bot.store
    await alice_plays_a_hand(world)
    table = table_of(world)
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.guild.add_member(world.env.create_user("erika"), roles=[role])
    with refused(store.path, "BEFORE UPDATE ON ledger"):
        failed = await admin.slash(world.channel, "taroky-admin forget", member=world.alice)
    assert failed.ephemeral and failed.response.content == (
        f"Something went wrong on my side, so <@{world.alice.id}> is not forgotten: nothing was changed. "
        "Please try again.")
    assert str(world.alice.id) in await store.export_ledger_csv(world.guild.id)
    assert table.seat_of(world.alice.id) is not None and table.holds(world.alice.id)
    assert await store.check_integrity() == []


async def test_a_forgotten_members_request_to_stop_ends_and_their_close_stands_without_their_name(
        world: Any) -> None:
    """Issue #30: a member who asked to stop the hand (``/taroky end now``, which also asks
    the table to close after it, issue #29) and was then forgotten left their name in the
    table's saved state (who asked to stop, who closed) and on its message ("bob asks to
    stop this hand now", "bob closed the table").  What the others expect: the request
    to stop ends, as if withdrawn (a request nobody makes any more waits for nobody), they
    read why in a sentence, and the hand goes on; the table still closes after the hand,
    as they were told, without a name."""
    table, panels = await two_humans(world)
    asked = await world.bob.slash(world.channel, "taroky end", now=True)
    assert "You asked to stop this hand now" in asked.response.content
    before = [t for _, t in seen_on("table", table_message(world))]
    assert any(t.startswith("bob asks to stop this hand now") for t in before)
    assert any(t.startswith("bob closed the table") for t in before)
    assert table.stop_request.vote is not None and table.closing

    asked = await world.bob.slash(world.channel, "taroky forget-me")
    await world.bob.click(asked.response, label="Forget me")
    assert table.seat_of(world.bob.id) is None and not table.holds(world.bob.id)
    # The request to stop ends: no buttons, the others read why; the hand goes on.
    shown = request_withdrawn(world, table)
    # The close stands, without a name.
    assert table.closing
    assert ("The table closes when this hand ends: the hand is played out (a computer plays for "
            "anyone away) and paid as the cards fall.") in shown
    # Nothing of his is kept at the table: its saved state, its message.
    await world.alice.slash(world.channel, "taroky pool")  # (the table state's writes are done)
    saved = json.dumps([s.state for s in await world.bot.tables.store.load_table_states()])
    assert str(world.bob.id) not in saved and '"bob"' not in saved
    assert not [t for t in shown if "bob" in t]
    # The hand is played out and paid, then the table closes, as it was asked to.
    await play_out(world, {world.alice.id: panels[world.alice.id]})
    assert world.bot.tables.get(world.channel.id) is None


async def test_a_forgotten_moderators_close_stands_without_their_name(world: Any) -> None:
    """A moderator (Manage Messages) who sits nowhere may close a table (``/taroky end``:
    it closes after the hand in play); forgotten, they were not even looked for at the
    table, which kept their name as its closer.  The close stands, without a name."""
    table, _panels = await two_humans(world)
    role = world.guild.create_role("moderators", permissions=discord.Permissions(manage_messages=True))
    moderator = world.guild.add_member(world.env.create_user("mirek"), roles=[role])
    closed = await moderator.slash(world.channel, "taroky end")
    assert "The table closes when this hand ends" in closed.response.content
    assert any(t.startswith("mirek closed the table") for _, t in seen_on("table", table_message(world)))

    asked = await moderator.slash(world.channel, "taroky forget-me")
    await moderator.click(asked.response, label="Forget me")
    assert table.closing and not table.holds(moderator.id)
    await world.alice.slash(world.channel, "taroky pool")  # (the table state's writes are done)
    saved = json.dumps([s.state for s in await world.bot.tables.store.load_table_states()])
    assert str(moderator.id) not in saved and "mirek" not in saved
    assert not [t for _, t in seen_on("table", table_message(world)) if "mirek" in t]


async def forgotten_through_another_process(world: Any, db_path: Path, member: Any) -> None:
    """``member`` runs ``/taroky forget-me`` through another bot process on the same
    database (a second store and table manager: process A; the bot under SimCord is
    process B, serving this guild's table)."""
    other = await Store.open(db_path)
    try:
        a = TableManager(DatabaseTableStore(other), owner="another-process", ledger=TableLedger(other))
        _, reached = await a.forget_member(other, member.id)
        assert reached == []  # (A serves no table of his)
    finally:
        await other.close()


async def keeps_nothing_of_bob(world: Any, table: Any, bob_seat: int) -> None:
    """Bob's chair is a computer's, under a computer's name; the table's saved state and
    its message keep neither his id nor his name."""
    chair = table.seats[bob_seat]
    assert chair is not None and chair.is_computer and chair.name.endswith("(computer)")
    assert world.bob.id not in table.hand_players and not table.holds(world.bob.id)
    await world.alice.slash(world.channel, "taroky pool")  # (the table state's writes are done)
    saved = json.dumps([s.state for s in await world.bot.tables.store.load_table_states()])
    assert str(world.bob.id) not in saved and '"bob"' not in saved
    assert not [t for _, t in seen_on("table", table_message(world)) if "bob" in t]


async def test_forget_me_through_another_process_reaches_this_ones_table(world: Any, db_path: Path) -> None:
    """docs/privacy.md, "Several bot processes": Bob sits at a table this bot process
    serves and is forgotten through another process on the same database.  Before, this
    table kept his seat, id and name until it closed, and wrote his id into the books
    again when it paid the hand.  Now its sweep (every ``SETTLE_SWEEP`` seconds) finds the
    pending forgetting: a computer takes his chair at once, as if he had been forgotten
    here, and the hand is paid to the anonymous id his rows on this server carry."""
    store = world.bot.store
    table, panels = await two_humans(world)
    bob_seat = table.seat_of(world.bob.id)
    assert bob_seat is not None
    await forgotten_through_another_process(world, db_path, world.bob)
    assert table.holds(world.bob.id)  # (this process has not heard of it yet)

    await world.env.advance_time(SETTLE_SWEEP + 1)
    await keeps_nothing_of_bob(world, table, bob_seat)
    anonymous = table.hand_players[bob_seat]  # (his first hand here: an id drawn now)
    assert is_anonymous(anonymous)
    await play_out(world, {world.alice.id: panels[world.alice.id]})
    assert table.status == "between" and table.settlement.unpaid is None
    assert str(world.bob.id) not in await store.export_ledger_csv(world.guild.id)
    (hand,) = await store.recent_hands(world.guild.id, world.channel.id)
    assert world.bob.id not in hand.participants and anonymous in hand.participants
    assert await store.check_integrity() == []


async def test_a_hand_paid_before_the_sweep_pays_the_anonymous_id(world: Any, db_path: Path) -> None:
    """The same, but the hand ends (Bob still clicking: this table had not heard) before
    this process's sweep: the store refuses a payment that names him, and the table lets
    him go at once and pays the anonymous id, so his id is never written back."""
    store = world.bot.store
    table, panels = await two_humans(world)
    bob_seat = table.seat_of(world.bob.id)
    assert bob_seat is not None
    await forgotten_through_another_process(world, db_path, world.bob)

    await play_out(world, panels)
    assert table.status == "between" and table.settlement.unpaid is None
    await keeps_nothing_of_bob(world, table, bob_seat)
    assert str(world.bob.id) not in await store.export_ledger_csv(world.guild.id)
    (hand,) = await store.recent_hands(world.guild.id, world.channel.id)
    assert world.bob.id not in hand.participants
    assert hand.participants[bob_seat] == table.hand_players[bob_seat] and is_anonymous(hand.participants[bob_seat])
    assert await store.check_integrity() == []


async def test_a_table_restored_long_after_a_forgetting_does_not_seat_the_member_again(
        world: Any, db_path: Path, make_bot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/privacy.md, "Several bot processes": this bot process stops while Bob sits at
    its table in play; he is forgotten through another process, and this one starts again
    an hour later — long after ``FORGETTING_KEPT``.  Before, the restored table seated him
    again (the database no longer said he was forgotten) and paid his id.  Now the store
    keeps the forgetting while the saved table names him, and the restart lets him go
    before anything is shown or paid: a computer plays his chair, the hand is paid to an
    anonymous id, and then the forgetting is deleted."""
    table, _ = await two_humans(world)
    bob_seat = table.seat_of(world.bob.id)
    assert bob_seat is not None
    await world.bot.tables.shutdown()  # (this process stops: its tables saved, leases handed back)
    await forgotten_through_another_process(world, db_path, world.bob)
    monkeypatch.setattr(store_privacy, "time", SimpleNamespace(time=lambda: time.time() + 3600))
    assert FORGETTING_KEPT < 3600

    await world.env.restart_bot(make_bot())
    table = table_of(world)
    await keeps_nothing_of_bob(world, table, bob_seat)
    anonymous = table.hand_players[bob_seat]
    assert is_anonymous(anonymous)
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    store = world.bot.store
    assert table.status == "between" and table.settlement.unpaid is None
    assert str(world.bob.id) not in await store.export_ledger_csv(world.guild.id)
    (hand,) = await store.recent_hands(world.guild.id, world.channel.id)
    assert world.bob.id not in hand.participants and anonymous in hand.participants
    assert await store.check_integrity() == []
    assert await store.pending_forgettings() == []


OTHER_PARTS = ("The bot runs in several parts: if you sit at a table on a server another part serves, you leave it "
               "in the same way within a minute (or, if that part is stopped, as soon as it starts again).")


async def test_forget_me_answers_for_the_tables_other_bot_processes_serve(
        world: Any, db_path: Path, game_factory: Deals) -> None:
    """docs/privacy.md: with several bot processes (``TAROKY_SHARDS``: this one runs shard
    0 of 2), ``/taroky forget-me`` names the tables this process let the member go at, and
    cannot know those of the others: its answer says, without naming them, that those let
    her go too, within a minute (their sweeps), or once a stopped one starts again.  (A
    bot that runs every shard says nothing of other parts:
    ``test_forget_me_asks_first_then_forgets_everywhere``.)"""
    sharded = TarokyBot(Settings(token="", db_path=db_path, shards=Shards(2, (0,))).for_tests(),
                        deals=game_factory)
    try:
        await world.env.restart_bot(sharded)
        assert world.bot.tables.shards is not None and world.bot.tables.shards.owns(world.guild.id)
        await world.bob.slash(world.channel, "taroky new", options=PLAY)
        await world.bob.click(table_message(world), label="Start")
        asked = await world.bob.slash(world.channel, "taroky forget-me")
        done = await world.bob.click(asked.response, label="Forget me")
        lines = done.response.content.split("\n")
        assert lines[0].startswith("Done: the bot has forgotten you.") and lines[-1] == OTHER_PARTS
        assert lines[1].startswith(f"You no longer sit at the table in <#{world.channel.id}>")
    finally:
        if sharded.store is not None:
            await sharded.store.close()
