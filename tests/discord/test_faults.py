"""Faults the fuzzer of issue #15 found, each reproduced under SimCord on a real SQLite
file: seasons changing under an open session, a database that refuses a settlement,
Discord refusing a post, slow acknowledgements, long and extreme input, forged history
selects.  Every test checks the ledger with ``check_integrity`` where money moved."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import discord
import pytest

from bot.store import db
from bot.tables.deals import Deals
from bot.tables.settlement import (
    SETTLE_ATTEMPTS_MAX,
    SETTLE_RETRY_FIRST,
    SETTLE_RETRY_MAX,
    SETTLE_SWEEP,
)
from tests.discord.harness import PLAY, open_panel, play_out, table_message, table_of, take_turn

# The renderer warms up in a worker thread: on a busy machine that can take seconds.
pytestmark = pytest.mark.simcord(settle_timeout=20)


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=7)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """This module's bots keep a real SQLite file (``tests/discord/conftest.py``)."""
    return make_sqlite_bot


def admin(world: Any) -> Any:
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("erika"), roles=[role])


async def finish(world: Any, table: Any) -> None:
    """Wait for the computer seats to play the hand out (their driver runs from tests)."""
    for _ in range(2000):
        driver = table._driver
        if driver is not None and not driver.done():
            await driver
        elif table.status != "playing":
            break
        else:
            await asyncio.sleep(0)
    await world.env.settle()
    assert table.status == "between"


async def computer_table(world: Any, options: str = PLAY, **kwargs: Any) -> Any:
    """Alice opens a table, leaves the lobby and starts it: four computers play at once."""
    await world.alice.slash(world.channel, "taroky new", options=options, **kwargs)
    lobby = table_message(world)
    await world.alice.click(lobby, label="Leave")
    await world.alice.click(lobby, label="Start")
    table = table_of(world)
    await finish(world, table)
    return table


async def next_hand(world: Any, table: Any) -> Any:
    result = await world.alice.click(table_message(world), label="Deal the next hand")
    await finish(world, table)
    return result


class RefusingWrites:
    """A database that refuses every write (read-only, locked or full): SQLite's own error,
    raised by the store's writer connection for as long as ``on`` is set — at the
    ``BEGIN IMMEDIATE`` of a write sent statement by statement, and at the one hop of a
    write sent whole (a payment, a group of table states: ``Store._write_at_once`` runs
    ``db._transaction`` on the writer's thread, which begins with it)."""

    def __init__(self, store: Any, message: str = "attempt to write a readonly database") -> None:
        self.store, self.message, self.on = store, message, True
        self._execute = store._writer.execute
        self._hop = store._writer._execute

        async def execute(sql: str, *args: Any, **kwargs: Any) -> Any:
            if self.on and sql.startswith("BEGIN IMMEDIATE"):
                raise sqlite3.OperationalError(self.message)
            return await self._execute(sql, *args, **kwargs)

        async def hop(fn: Any, *args: Any, **kwargs: Any) -> Any:
            if self.on and fn is db._transaction:
                raise sqlite3.OperationalError(self.message)
            return await self._hop(fn, *args, **kwargs)

        store._writer.execute = execute
        store._writer._execute = hop


async def test_a_new_season_during_a_session_takes_effect_at_the_next_deal(world):
    """Issue #15, 1: after `season new` the table's next hand used to fail to settle on
    every retry ("does not belong to session N") and the table was stuck."""
    table = await computer_table(world)
    store = world.bot.store
    first_session = table.settlement.session_id
    r = await admin(world).slash(world.channel, "taroky-admin season new")
    assert "Season 2" in r.response.content
    await next_hand(world, table)
    assert table.settlement.unpaid is None, "the hand after the season change must be paid"
    assert table.settlement.season == 2 and table.settlement.session_id != first_session
    old = await store.get_session(first_session)
    assert old.finished and old.season == 1
    new = await store.get_session(table.settlement.session_id)
    assert new.season == 2 and new.deals_played == 1
    # The table goes on: a third hand deals and settles in season 2.
    await next_hand(world, table)
    assert table.hand_no == 3 and table.settlement.unpaid is None
    assert await store.count_hands(world.guild.id, world.channel.id) == 3
    assert await store.check_integrity() == []


async def test_a_hand_in_play_when_the_season_changes_is_paid_in_its_own_season(world):
    """A hand belongs to the season it was dealt in (the change waits for a safe point)."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    lobby = table_message(world)
    await world.alice.click(lobby, label="Leave")
    table = table_of(world)
    await admin(world).slash(world.channel, "taroky-admin season new")  # before the deal
    await world.alice.click(lobby, label="Start")
    await finish(world, table)
    assert table.settlement.season == 2 and table.settlement.unpaid is None
    hand = await world.bot.store.get_hand(table.hand_id)
    assert hand is not None and hand.season == 2


async def alice_plays(world: Any) -> tuple[Any, Any]:
    """Alice at a started table with three computers; her panel (the hand waits for her)."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    return table_of(world), await open_panel(world, world.alice)


async def test_an_unpaid_hand_is_retried_shown_and_never_thrown_away_by_end(world):
    """Issue #15, 1: `/taroky end` threw a finished, unpaid hand away.  Now a refused
    settlement is shown on the table message, retried in the background, and /taroky end
    pays it first (or refuses to close while it cannot)."""
    store = world.bot.store
    table, panel = await alice_plays(world)
    refusing = RefusingWrites(store)
    await play_out(world, {world.alice.id: panel})
    assert table.status == "between"
    assert table.settlement.unpaid is not None and table.settlement.failures >= 1
    fields = {f.name: f.value for f in table_message(world).embeds[0].fields}
    assert "Not paid yet" in fields
    r = await world.alice.slash(world.channel, "taroky end")
    said = " ".join([m.content or "" for m in r.followups] + [r.response.content or ""])
    assert "not been paid" in said
    assert world.bot.tables.get(world.channel.id) is table
    # "Deal the next hand" says the truth too, and deals nothing.
    r = await world.alice.click(table_message(world), label="Deal the next hand")
    assert table.hand_no == 1
    assert await store.count_hands(world.guild.id, world.channel.id) == 0
    # The database works again: the background retry pays the hand exactly once.
    refusing.on = False
    await world.env.advance_time(SETTLE_RETRY_MAX + 1)
    assert table.settlement.unpaid is None
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    assert "Not paid yet" not in {f.name for f in table_message(world).embeds[0].fields}
    await world.alice.slash(world.channel, "taroky end")
    assert world.bot.tables.get(world.channel.id) is None
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    assert await store.check_integrity() == []


def _said(r: Any) -> str:
    return " ".join([m.content or "" for m in r.followups]
                    + ([r.response.content or ""] if r.response is not None else []))


async def test_a_hand_the_database_never_takes_is_left_to_an_admin(world):
    """Issue #15: a permanently refused hand was retried forever.  Now the retry backs off
    (30 s, doubling to 5 minutes) and stops after ``SETTLE_ATTEMPTS_MAX`` attempts; the table
    message says in one sentence that an admin must look, the hand stays recorded as unpaid,
    and an admin's ``/taroky-admin retry-payment`` tries again on demand."""
    store = world.bot.store
    table, panel = await alice_plays(world)
    attempts: list[float] = []
    manager = world.bot.tables
    assert table.keeper is manager
    settle = manager.settle

    async def counted(t: Any, g: Any) -> bool:  # (a spy on the keeper's payments)
        attempts.append(world.env.backend.clock.elapsed)
        return await settle(t, g)

    manager.settle = counted
    refusing = RefusingWrites(store, "CHECK constraint failed: ledger")  # never heals
    await play_out(world, {world.alice.id: panel})
    assert table.settlement.unpaid is not None and table.settlement.failures == 1
    for _ in range(SETTLE_ATTEMPTS_MAX + 2):
        await world.env.advance_time(SETTLE_RETRY_MAX + 1)
    assert table.settlement.given_up and table.settlement.failures == SETTLE_ATTEMPTS_MAX
    assert len(attempts) == SETTLE_ATTEMPTS_MAX
    gaps = [round(b - a) for a, b in zip(attempts, attempts[1:], strict=False)]
    assert gaps[0] >= SETTLE_RETRY_FIRST and all(
        SETTLE_RETRY_FIRST <= gap <= 2 * SETTLE_RETRY_MAX + 1 for gap in gaps), gaps
    await world.env.advance_time(3600)  # no more attempts: the final state
    assert len(attempts) == SETTLE_ATTEMPTS_MAX and table.settlement.unpaid is not None
    note = {f.name: f.value for f in table_message(world).embeds[0].fields}["Not paid yet"]
    assert "could not be paid" in note and "an admin must look" in note
    assert note.count(". ") == 0 and note.endswith(".")  # one sentence
    assert await store.count_hands(world.guild.id, world.channel.id) == 0
    # An admin retries; while the database still refuses, the hand stays unpaid.
    erika = admin(world)
    r = await erika.slash(world.channel, "taroky-admin retry-payment")
    assert "still refuses" in _said(r) and table.settlement.unpaid is not None
    assert len(attempts) == SETTLE_ATTEMPTS_MAX + 1
    refusing.on = False
    r = await erika.slash(world.channel, "taroky-admin retry-payment")
    assert "paid now" in _said(r) and table.settlement.unpaid is None
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    assert "Not paid yet" not in {f.name for f in table_message(world).embeds[0].fields}
    r = await erika.slash(world.channel, "taroky-admin retry-payment")
    assert "no unpaid hand" in _said(r)
    assert await store.check_integrity() == []


async def test_an_unpaid_hand_leaves_no_task_sleeping_until_it_is_paid(world):
    """Issue #15, the fuzz with seed 7: "bot did not settle while advancing time" during
    "Deal the next hand".  Every table with an unpaid hand ran a task that slept and retried
    for as long as the database refused; a sleep shorter than SimCord's settle timeout is
    waited out on the wall clock, so with several such tables the bot never came to rest.
    Now a table only plans its next attempt and the bot's one sweeper makes it: while the
    hand waits, no task of the table is pending, and advancing the clock pays it."""
    store = world.bot.store
    table, panel = await alice_plays(world)
    refusing = RefusingWrites(store)
    await play_out(world, {world.alice.id: panel})
    assert table.settlement.unpaid is not None and table.settlement.retry_at is not None
    await world.alice.slash(world.channel, "taroky pool")
    pending = [t.get_name() for t in world.env._work.tasks if not t.done()]
    assert not [n for n in pending if n.startswith(f"taroky-table-{table.id}")], pending
    refusing.on = False
    await world.env.advance_time(SETTLE_RETRY_FIRST + SETTLE_SWEEP + 1)
    assert table.settlement.unpaid is None and table.settlement.retry_at is None
    assert await store.count_hands(world.guild.id, world.channel.id) == 1


async def test_end_pays_a_hand_the_retry_has_not_reached(world):
    """/taroky end with an unpaid hand and a working database pays it, then closes."""
    store = world.bot.store
    table, panel = await alice_plays(world)
    refusing = RefusingWrites(store, "database or disk is full")
    await play_out(world, {world.alice.id: panel})
    assert table.settlement.unpaid is not None
    refusing.on = False
    await world.alice.slash(world.channel, "taroky end")
    assert world.bot.tables.get(world.channel.id) is None
    assert await store.count_hands(world.guild.id, world.channel.id) == 1
    assert await store.check_integrity() == []


async def test_a_restart_pays_the_unpaid_hand(world, make_bot):
    """A hand finished while the database refused it is paid by the restarted bot."""
    table, panel = await alice_plays(world)
    refusing = RefusingWrites(world.bot.store, "database is locked")
    await play_out(world, {world.alice.id: panel})
    assert table.settlement.unpaid is not None
    refusing.on = False
    # The last saved state is the one before the final card (the save was refused too):
    # the restarted table replays that hand from there; it is paid exactly once.
    await world.env.restart_bot(make_bot())
    table = table_of(world)
    if table.status == "playing":  # (the message still shows the end: /taroky hand)
        await play_out(world, {world.alice.id: await world.alice.slash(world.channel, "taroky hand")})
    assert table.status == "between" and table.settlement.unpaid is None
    assert await world.bot.store.count_hands(world.guild.id, world.channel.id) == 1
    assert await world.bot.store.check_integrity() == []


async def test_a_failed_summary_post_is_not_reported_as_unchanged(world):
    """Issue #15, 5: when the end-of-hand summary post fails (403), the player who played
    the last card was told "the table is unchanged" although the hand was paid."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    table = table_of(world)
    await world.alice.click(table_message(world), label="Start")
    panel = await open_panel(world, world.alice)
    world.env.inject_error("POST", "/channels/*/messages", status=403, code=50013,
                           message="Missing Permissions", times=None)
    results = []
    for _ in range(200):
        if table.status != "playing":
            break
        results.append(await take_turn(world.alice, panel))
    assert table.status == "between" and table.settlement.unpaid is None
    for r in results:
        texts = [m.content or "" for m in r.followups]
        if r.response is not None:
            texts.append(r.response.content or "")
        assert not any("unchanged" in t or "went wrong" in t for t in texts), texts
    assert await world.bot.store.count_hands(world.guild.id, world.channel.id) == 1
    assert await world.bot.store.check_integrity() == []


def said(result: Any) -> str:
    """Everything the bot answered to one interaction (response and follow-ups)."""
    texts = [m.content or "" for m in result.followups]
    if result.response is not None:
        texts.insert(0, result.response.content or "")
    return " ".join(texts)


@pytest.mark.parametrize("options", [
    "solo_rate=100000000000000000000",  # overflowed SQLite: never paid, table stuck
    "solo_rate=-40",  # reversed who pays
    "solo_rate=" + "9" * 4301,  # Python's digit limit: "Something went wrong"
    "x" * 2100,  # echoed back: the reply exceeded 2,000 characters and was lost
])
async def test_out_of_range_and_long_options_are_refused_in_one_short_sentence(world, options):
    """Issue #15, 2 and 3."""
    r = await world.alice.slash(world.channel, "taroky new", options=options)
    text = said(r)
    assert r.ephemeral and text and len(text) < 2000
    assert "went wrong" not in text
    assert world.bot.tables.get(world.channel.id) is None


async def test_a_long_variant_name_is_refused_in_one_short_sentence(world):
    r = await world.alice.slash(world.channel, "taroky new", variant="v" * 2100)
    assert r.ephemeral and 0 < len(said(r)) < 2000
    assert world.bot.tables.get(world.channel.id) is None


async def test_a_huge_starting_amount_is_refused_naming_the_bounds(world):
    r = await admin(world).slash(world.channel, "taroky-admin set-starting-chips",
                                 currency="chips", amount="9" * 4301)
    assert r.ephemeral and "from 0 chips to" in said(r) and len(said(r)) < 2000


class SlowDiscord:
    """Discord answering the bot's REST calls slowly (a rate-limit wait): every call
    but the interaction callback first waits ``delay`` seconds of virtual time."""

    def __init__(self, bot: Any, delay: float) -> None:
        self.request = bot.http.request

        async def request(route: Any, **kwargs: Any) -> Any:
            if "/callback" not in route.url:
                await asyncio.sleep(delay)
            return await self.request(route, **kwargs)

        bot.http.request = request


@pytest.mark.parametrize("label", ["Join", "Add computer", "Leave"])
async def test_lobby_buttons_answer_within_discords_window_when_discord_is_slow(world, label):
    """Issue #15, 4: Join, Leave and Add computer answered only after saving and editing
    the table message; a few seconds of rate limit made the interaction fail."""
    await world.alice.slash(world.channel, "taroky new")
    if label == "Leave":
        await world.bob.click(table_message(world), label="Join")
    SlowDiscord(world.bot, 4.0)
    member = world.alice if label == "Add computer" else world.bob
    r = await member.click(table_message(world), label=label)
    assert r.acknowledged
    assert "seat" in said(r) or "left" in said(r)
    table = table_of(world)
    assert (table.seat_of(world.bob.id) is None) == (label != "Join")


async def test_refresh_drops_the_old_hand_picture(world):
    """Issue #15, 5: Refresh kept the old hand picture under the new text (it stayed
    there for good when drawing the new picture failed)."""
    table, panel = await alice_plays(world)
    await world.env.settle()
    assert panel.response.attachments, "the panel shows the hand as a picture"
    await take_turn(world.alice, panel)  # the game moves on: the old picture is stale
    world.env.inject_error("PATCH", "/webhooks/*", status=500, times=None)
    await world.alice.click(panel.response, label="Refresh")
    assert panel.response.attachments == []  # text only, but the current text
