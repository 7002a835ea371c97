"""The request to stop the hand in play at once (issue #29), at the runtime: what a
snapshot keeps of it, and what forgetting a member who agreed leaves of it (issue #30).
The Discord side (the buttons, the time running out, a restart) is
``tests/discord/test_stop_now.py``."""

from __future__ import annotations

import json

from bot.tables.table import BETWEEN, CLOSED, PLAYING, Table
from tests.tables.helpers import HOST, computers_done, manager, open_table

BOB, CYRIL = 11, 12


async def three_humans_playing() -> Table:
    table = open_table(manager())
    await table.join(BOB, "Bob")
    await table.join(CYRIL, "Cyril")
    await table.start(HOST)
    await computers_done(table)
    assert table.hand_in_play is not None
    return table


async def test_a_snapshot_keeps_the_request_only_for_the_hand_it_was_made_in() -> None:
    """Issue #29: a request to stop is kept with the table's state across a restart; a
    stored value is read, not trusted: a request naming another hand than the one in
    play stops nothing after the restart."""
    table = await three_humans_playing()
    await table.stop_request.ask(BOB, "Bob")
    state = table.to_state()
    assert state["stop_vote"]["agreed"] == [BOB] and state["stop_vote"]["asked_by"] == "Bob"
    restored = Table.from_state(state)
    assert restored.stop_request.vote is not None and restored.stop_request.vote.agreed == {BOB}
    state["stop_vote"]["hand_no"] = table.hand_no - 1
    assert Table.from_state(state).stop_request.vote is None
    await table.close()
    assert table.stop_request.vote is None  # (a closed table has no request waiting)


async def test_a_forgotten_members_agreement_is_not_kept_and_the_others_still_decide() -> None:
    """Issue #30: the table keeps nothing of a forgotten member, so their agreement to
    stop goes too (their chair is a computer's now); issue #29: the hand stops once
    every seated human, now the two others, agrees."""
    table = await three_humans_playing()
    await table.stop_request.ask(CYRIL, "Cyril")
    assert not await table.stop_request.answer(BOB, table.hand_no, True)
    async with table.lock:
        await table.forget_locked(BOB, anonymous=-1000)
    vote = table.stop_request.vote
    assert vote is not None and vote.agreed == {CYRIL} and vote.asked_by == "Cyril"
    assert BOB not in table.to_state()["stop_vote"]["agreed"]
    assert table.status == PLAYING
    assert await table.stop_request.answer(HOST, table.hand_no, True)
    assert table.annulled == "agreement" and table.status in (BETWEEN, CLOSED)


async def test_a_forgotten_members_own_request_ends_as_if_withdrawn() -> None:
    """Issue #30: a request to stop asked by a member who is then forgotten ends, as if
    they had withdrawn it (its name goes with it): nobody is asking any more, so the
    hand goes on (issue #29: played out and paid) and nobody can stop it by agreeing to
    a request nobody makes; the table message says so (``is_withdrawn``) until someone
    asks again, which anyone seated may."""
    table = await three_humans_playing()
    await table.stop_request.ask(BOB, "Bob")
    await table.stop_request.answer(CYRIL, table.hand_no, True)
    assert table.holds(BOB)
    async with table.lock:
        await table.forget_locked(BOB, anonymous=-1000)
    assert table.stop_request.vote is None and table.stop_request.is_withdrawn()
    assert table.to_state()["stop_vote"] is None and not table.holds(BOB)
    assert table.status == PLAYING
    await table.stop_request.ask(HOST, "Host")  # (asked again: a new request, the note gone)
    assert not table.stop_request.is_withdrawn()
    assert table.stop_request.vote is not None and table.stop_request.vote.agreed == {HOST}


async def test_a_snapshot_keeps_the_note_that_the_request_was_withdrawn() -> None:
    """Issue #30: the table message's note that the request to stop was withdrawn (its
    asker left) is part of what the players see at the table, so a restart keeps it, as
    it keeps the request itself; it names nobody, and a snapshot's note of another hand
    than the one in play is dropped."""
    table = await three_humans_playing()
    await table.stop_request.ask(BOB, "Bob")
    await table.leave(BOB)
    state = table.to_state()
    assert state["stop_vote"] is None and state["stop_withdrawn_in"] == table.hand_no
    assert "Bob" not in json.dumps(state["stop_withdrawn_in"])
    restored = Table.from_state(json.loads(json.dumps(state)))
    assert restored.stop_request.is_withdrawn() and restored.stop_request.vote is None
    assert Table.from_state({**state, "stop_withdrawn_in": table.hand_no - 1}).stop_request.is_withdrawn() is False
    await table.stop_request.ask(HOST, "Host")  # (asked again: the note goes, in the snapshot too)
    assert table.to_state()["stop_withdrawn_in"] is None


async def test_a_forgotten_closer_leaves_the_close_standing_without_their_name() -> None:
    """Issue #30: the table was asked to close after the hand (``/taroky end``; a
    moderator may ask it sitting nowhere, so only the request holds them); forgotten,
    their name and id go, and the close stands: the others were told it closes after
    the hand (issue #29: the hand is still played out and paid).  A snapshot that kept
    a name without its id (from before the id was kept) restores no name: it could not
    be forgotten."""
    table = await three_humans_playing()
    moderator = 99
    assert await table.close_after_hand(moderator, "Mirek")
    assert table.holds(moderator) and table.to_state()["closing_by"] == "Mirek"
    async with table.lock:
        await table.forget_locked(moderator, anonymous=-1000)
    state = table.to_state()
    assert table.closing and state["closing"] and not table.holds(moderator)
    assert state["closing_by"] is None and state["closing_by_id"] is None
    assert "Mirek" not in json.dumps(state)
    old = {**state, "closing_by": "Mirek"}
    del old["closing_by_id"]
    assert Table.from_state(old).closing_by is None


async def test_forgetting_the_last_member_to_agree_stops_the_hand_at_once() -> None:
    """Issue #30 with issue #29: the forgotten member was the only seated human who had
    not agreed yet; with them gone every seated human has agreed, so the hand stops
    then, as the last agreement would have stopped it (it used to wait for an "Agree"
    click nobody needed to make, or lapse)."""
    table = await three_humans_playing()
    await table.stop_request.ask(CYRIL, "Cyril")
    assert not await table.stop_request.answer(HOST, table.hand_no, True)
    async with table.lock:
        await table.forget_locked(BOB, anonymous=-1000)
    assert table.annulled == "agreement" and table.status in (BETWEEN, CLOSED)
    assert table.stop_request.vote is None


async def test_leaving_ends_ones_own_request_as_if_withdrawn() -> None:
    """Issue #29: ``/taroky leave`` by the player who asked to stop the hand left their
    request (and their name) waiting for agreements to a request nobody at the table
    makes any more.  It ends as withdrawn, as when they are forgotten (issue #30): the
    hand goes on, played out and paid as the cards fall, and the table message says so."""
    table = await three_humans_playing()
    await table.stop_request.ask(BOB, "Bob")
    await table.stop_request.answer(CYRIL, table.hand_no, True)
    await table.leave(BOB)
    assert table.stop_request.vote is None and table.stop_request.is_withdrawn()
    assert table.to_state()["stop_vote"] is None and table.status == PLAYING
    assert not table.stop_request.is_asked_by(BOB)


async def test_leaving_drops_ones_agreement_and_the_last_to_leave_completes_the_request() -> None:
    """Issue #29: a player who leaves no longer sits at the table, so their agreement
    goes (the others still decide); when the one leaving was the only seated human who
    had not agreed, everyone seated has agreed and the hand stops at once."""
    table = await three_humans_playing()
    await table.stop_request.ask(CYRIL, "Cyril")
    assert not await table.stop_request.answer(BOB, table.hand_no, True)
    await table.leave(BOB)
    vote = table.stop_request.vote
    assert vote is not None and vote.agreed == {CYRIL} and table.status == PLAYING
    await table.leave(HOST)
    assert table.annulled == "agreement" and table.status in (BETWEEN, CLOSED)
