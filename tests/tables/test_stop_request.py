"""The request to stop the hand in play at once (issue #29), at the runtime: what a
snapshot keeps of it, and what forgetting a member who agreed leaves of it (issue #30).
The Discord side (the buttons, the time running out, a restart) is
``tests/discord/test_stop_now.py``."""

from __future__ import annotations

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
    await table.stop_request.ask(BOB, "Bob")
    async with table.lock:
        await table.forget_locked(BOB, anonymous=-1000)
    vote = table.stop_request.vote
    assert vote is not None and vote.agreed == set()
    assert BOB not in table.to_state()["stop_vote"]["agreed"]
    assert not await table.stop_request.answer(HOST, table.hand_no, True)
    assert table.status == PLAYING
    assert await table.stop_request.answer(CYRIL, table.hand_no, True)
    assert table.annulled == "agreement" and table.status in (BETWEEN, CLOSED)
