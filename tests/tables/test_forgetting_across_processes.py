"""Forgetting a member reaches the tables other bot processes serve (issue #30, item 6;
docs/privacy.md).  ``/taroky forget-me`` forgets a member on every server, but with
several processes on one database each serves its own guilds' tables: the process
that runs the command anonymises the store, and a table another process serves must
let the member go too — or it keeps their id and name, and writes their id into the
store again when it pays its hand.  Two processes here are two stores and two
managers on one database (a SQLite file, and PostgreSQL), as in
``test_several_processes.py``."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.store import FORGETTING_KEPT, Store, is_anonymous
from bot.store import privacy as store_privacy
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.table import BETWEEN, PLAYING, Table, TableConfig
from bot.tables.table_states import DatabaseTableStore
from tests.store.conftest import location_for, open_at
from tests.tables.helpers import NO_PAUSE, computers_done

#: A guild served by process B (process A serves others); the member (a Discord-sized
#: id) and the name she sits under.
GUILD_Y, CHANNEL = 5 << 22, 200
MIRKA, NAME = 1_000_000_000_000_777, "Mirka"


@dataclass
class Process:
    store: Store
    tables: TableManager


Start = Callable[[str], Awaitable[Process]]


@pytest.fixture(params=["sqlite", "postgresql"])
async def start(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Start]:
    """Starts a process (its store and tables, ``owner`` as named) on one database, a
    SQLite file or a PostgreSQL schema (``tests/store/conftest.py``); a process started
    again under the same name is that process restarted."""
    where = location_for(request.param, tmp_path,
                         request.getfixturevalue("pg_cluster") if request.param == "postgresql" else "")
    made: list[Process] = []

    async def started(owner: str) -> Process:
        store = await open_at(where)
        made.append(Process(store, TableManager(DatabaseTableStore(store), deals=Deals(seed=7),
                                                timings=NO_PAUSE, owner=owner,
                                                ledger=TableLedger(store))))
        return made[-1]

    try:
        yield started
    finally:
        for p in made:
            await p.store.close()


@pytest.fixture
async def processes(start: Start) -> tuple[Process, Process]:
    """Processes A and B on one database file, each with its own store and tables."""
    return await start("a"), await start("b")


def an_hour_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's clock for forgettings (``bot.store.privacy``) moves an hour on: a
    forgetting made now is long past ``FORGETTING_KEPT``."""
    assert FORGETTING_KEPT < 3600
    monkeypatch.setattr(store_privacy, "time", SimpleNamespace(time=lambda: time.time() + 3600))


async def play_until_paid(table: Table) -> None:
    """The hand is played out: the computers act, and whoever of the table's members
    still sits there plays her first legal choice (as a click would), until it is paid."""
    await computers_done(table)
    while table.status == PLAYING:
        game = table.game
        assert game is not None and game.to_act is not None
        chair = table.seats[game.to_act]
        assert chair is not None and chair.user_id is not None, "a computer's turn is the driver's"
        await table.act(chair.user_id, table.hand_no, table.step, [game.legal_actions(game.to_act)[0].code])
        await computers_done(table)
    assert table.status == BETWEEN and table.settlement.unpaid is None


async def mirka_at_bs_table(b: Process) -> Table:
    """Mirka opens a table in guild Y (process B serves it), plays a hand with three
    computers (her id is in the books there), and the second hand is dealt."""
    table = b.tables.open(guild_id=GUILD_Y, channel_id=CHANNEL, host_id=MIRKA,
                          config=TableConfig(), host_name=NAME)
    await table.start(MIRKA)
    await play_until_paid(table)
    assert str(MIRKA) in await b.store.export_ledger_csv(GUILD_Y)
    await table.next_hand(MIRKA)
    await computers_done(table)
    assert table.status == PLAYING and MIRKA in table.hand_players
    return table


async def keeps_nothing_of_mirka(p: Process, table: Table) -> None:
    """The store holds her id nowhere; the table (its state, in memory and saved) holds
    neither her id nor her name."""
    assert str(MIRKA) not in await p.store.export_ledger_csv(GUILD_Y)
    hands = await p.store.recent_hands(GUILD_Y, CHANNEL)
    assert hands and all(MIRKA not in h.participants and MIRKA not in h.deltas for h in hands)
    assert all(h.bidder != MIRKA for h in hands)
    assert not table.holds(MIRKA)
    await p.store.flush_table_states()
    saved = await p.store.load_table_state(GUILD_Y, CHANNEL)
    assert saved is not None
    for text in (json.dumps(table.to_state()), json.dumps(saved.state)):
        assert str(MIRKA) not in text and NAME not in text
    assert await p.store.check_integrity() == []


async def test_a_hand_another_process_pays_after_forget_me_pays_the_anonymous_id(
        processes: tuple[Process, Process]) -> None:
    """Mirka runs ``/taroky forget-me`` through process A while she sits at a table of
    guild Y that process B serves, and B's table pays its hand before B has heard of it
    (no sweep in between).  The payment must not write her id into the store again: it
    pays the anonymous id her rows in guild Y carry, and the table lets her go."""
    a, b = processes
    table = await mirka_at_bs_table(b)

    forgotten, reached = await a.tables.forget_member(a.store, MIRKA)
    assert reached == []  # (A serves no table of hers)
    assert forgotten.guilds == 1 and str(MIRKA) not in await a.store.export_ledger_csv(GUILD_Y)
    anonymous = forgotten.anonymous[GUILD_Y]

    await play_until_paid(table)  # (she still sits there, and plays on, as far as B knew)
    await keeps_nothing_of_mirka(b, table)
    hands = await b.store.recent_hands(GUILD_Y, CHANNEL)
    assert len(hands) == 2
    assert {p for h in hands for p in h.participants if is_anonymous(p)} == {anonymous}
    assert table.seats[0] is not None and table.seats[0].is_computer  # (her chair went to a computer)


async def test_the_other_process_lets_her_go_at_its_next_sweep(processes: tuple[Process, Process]) -> None:
    """B's sweep (every ``SETTLE_SWEEP`` seconds in the bot) asks the store for the
    forgettings still pending and lets Mirka go at once, as A would have at its own
    tables: a computer takes her chair mid-hand and plays on, the table (in memory and
    saved) keeps neither her id nor her name, and the hand is paid to the anonymous id
    her rows in guild Y were given.  A second sweep changes nothing."""
    a, b = processes
    table = await mirka_at_bs_table(b)
    forgotten, _ = await a.tables.forget_member(a.store, MIRKA)
    assert await a.tables.forget_pending() == []  # (A's own forgetting: its tables know it)

    assert await b.tables.forget_pending() == [table]
    assert not table.holds(MIRKA) and forgotten.anonymous[GUILD_Y] in table.hand_players
    assert await b.tables.forget_pending() == []
    await play_until_paid(table)  # (the computers play it out: nobody of hers is seated)
    await keeps_nothing_of_mirka(b, table)
    hands = await b.store.recent_hands(GUILD_Y, CHANNEL)
    assert {p for h in hands for p in h.participants if is_anonymous(p)} == {forgotten.anonymous[GUILD_Y]}


async def she_sits_down_again(a: Process, b: Process) -> Table:
    """Mirka, at B's table, is forgotten through A; B's sweep lets her go, that hand is
    paid and the table closed; then she opens a new table at B and its hand is dealt."""
    table = await mirka_at_bs_table(b)
    await a.tables.forget_member(a.store, MIRKA)
    await b.tables.forget_pending()
    await play_until_paid(table)
    await b.tables.close(table)
    again = b.tables.open(guild_id=GUILD_Y, channel_id=CHANNEL + 1, host_id=MIRKA,
                          config=TableConfig(), host_name=NAME)
    await again.start(MIRKA)
    return again


async def test_she_may_sit_down_again_once_her_tables_let_her_go(processes: tuple[Process, Process]) -> None:
    """Forgetting is not a ban: once B's table let her go, Mirka may open a table at B
    again while the forgetting is still pending; its hand is paid to her own id (she is
    a new member to the bot), and B's next sweep does not put her out again."""
    again = await she_sits_down_again(*processes)
    b = processes[1]
    assert await b.tables.forget_pending() == [] and again.holds(MIRKA)
    await play_until_paid(again)
    (hand,) = await b.store.recent_hands(GUILD_Y, CHANNEL + 1)
    assert MIRKA in hand.participants
    assert (await b.store.pending_forgettings())[0].member_id == MIRKA  # (still pending)


async def test_a_process_down_longer_than_the_forgetting_is_kept_restores_her_table_without_her(
        processes: tuple[Process, Process], start: Start, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/privacy.md: process B stops while Mirka sits at its table in play (its
    snapshot names her), she is forgotten through A, and B starts again an hour later —
    long after ``FORGETTING_KEPT``, A's sweeps meanwhile.  The restored table must not
    seat her again: a computer plays her chair, the hand is paid to an anonymous id, and
    the table keeps neither her id nor her name.  Then the store deletes the forgetting
    (no saved table names her any more)."""
    a, b = processes
    table = await mirka_at_bs_table(b)
    await b.tables.shutdown()
    await a.tables.forget_member(a.store, MIRKA)
    an_hour_later(monkeypatch)
    assert await a.tables.forget_pending() == []

    b = await start("b")
    (restored,) = await b.tables.restore_all()
    assert restored.id == table.id and not restored.holds(MIRKA)
    assert restored.seats[0] is not None and restored.seats[0].is_computer
    (anonymous,) = [p for p in restored.hand_players if is_anonymous(p)]
    b.tables.resume_all()
    await play_until_paid(restored)
    await keeps_nothing_of_mirka(b, restored)
    assert anonymous in (await b.store.recent_hands(GUILD_Y, CHANNEL))[0].participants
    assert await b.store.pending_forgettings() == []


async def test_a_restart_does_not_put_out_again_a_member_who_sat_down_anew(
        processes: tuple[Process, Process], start: Start) -> None:
    """Forgetting is not a ban: Mirka, let go at B's table, opens a new table at B and
    sits at it; B restarts while the forgetting is still kept.  Her new table is restored
    with her in it, B's sweep leaves her there, and its hand is paid to her own id."""
    again = await she_sits_down_again(*processes)
    await processes[1].tables.shutdown()

    b = await start("b")
    (restored,) = await b.tables.restore_all()
    assert restored.id == again.id and restored.holds(MIRKA) and MIRKA in restored.hand_players
    assert await b.tables.forget_pending() == [] and restored.holds(MIRKA)
    b.tables.resume_all()
    await play_until_paid(restored)
    (hand,) = await b.store.recent_hands(GUILD_Y, CHANNEL + 1)
    assert MIRKA in hand.participants
    assert [p.member_id for p in await b.store.pending_forgettings()] == [MIRKA]  # (still kept)
