"""Standings by skill through the real payment path (issue 28, item 4): hands played at a
table are rated as they are paid (``Table._after_action`` → ``_pay`` → the manager →
``TableLedger.settle`` → ``DataStore.settle_hand``), and ``taroky rate`` recomputes the
same figures from the hand history; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ai.normal import choose_normal
from bot.ai.review import Budget, review_record
from bot.cli import main
from bot.engine import replay_record
from bot.ratings import computer_id, recompute
from bot.store import Store
from bot.tables.deals import Deals
from bot.tables.ledger import TableLedger
from bot.tables.manager import TableManager
from bot.tables.ratings import UNRECORDED, outcome_from_history, rated_players, refresh_stale
from bot.tables.table import BETWEEN, Table, TableConfig
from bot.tables.table_states import DatabaseTableStore
from tests.engine.helpers import A, stack
from tests.store.conftest import Location, location_for, open_at
from tests.tables.helpers import HOST, NO_PAUSE, computers_done, open_table

GUEST = 11


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Location:
    """The bot's database: a SQLite file, or an empty PostgreSQL schema."""
    if request.param == "sqlite":
        return tmp_path / "taroky.sqlite3"
    return location_for(request.param, tmp_path, request.getfixturevalue("pg_cluster"))


@pytest.fixture
async def store(location: Location) -> AsyncIterator[Store]:
    s = await open_at(location)
    yield s
    await s.close()


async def play_out(table: Table, rng: random.Random | None) -> None:
    """Deal and play a hand: the people choose among their legal moves at random (one
    card of a discard at a time, as the engine takes them) or, without ``rng``, as the
    normal player would; the computers play."""
    if table.status == BETWEEN:
        await table.next_hand(HOST)
    else:
        await table.start(HOST)
    while table.status != BETWEEN:
        await computers_done(table)
        game = table.game
        if table.status == BETWEEN or game is None or game.to_act is None:
            continue
        seat = game.to_act
        chair = table.seats[seat]
        assert chair is not None and chair.user_id is not None  # (computers_done ran the others)
        move = rng.choice(table.legal_for(seat)) if rng is not None else choose_normal(game, seat).action
        await table.act(chair.user_id, table.hand_no, table.step, [move.code])


#: The host's cards of a first hand where luck matters: the three top taroky, the škýz and
#: all four kings (NE-6: the bidder calls a king; here no king can be called from anyone
#: else, and the top taroky take tricks whoever plays them).
LUCKY = "XXI XX XIX XVIII SK KH KD KS KC"


async def a_table(store: Store, variant: str, channel: int, deals: Deals | None = None) -> Table:
    """Two people (the host and a guest) and two computers, one easy and one normal."""
    m = TableManager(DatabaseTableStore(store), deals=deals or Deals(seed=5 + channel), timings=NO_PAUSE,
                     ledger=TableLedger(store))
    t = open_table(m, TableConfig(variant=variant), channel=channel)
    await t.join(GUEST, "Guest")
    await t.add_computer()  # at the table's level (normal)
    while t.config.level != "easy":
        await t.next_level()
    await t.add_computer()
    return t


@pytest.mark.parametrize("variant", ["czech", "nebraska"])
async def test_hands_paid_at_a_table_are_rated_and_taroky_rate_finds_the_same_figures(
        store: Store, variant: str, location: Location, capsys: pytest.CaptureFixture[str]) -> None:
    """The live ratings rank the sides by money minus luck, the luck worked out when the
    hand is paid; ``taroky rate`` works it out again from the records and changes
    nothing.  The people play as the normal player does, so what they win is what their
    cards were worth (luck: the hand played by the normal player in every seat), and
    only the easy computer's slips are play; the first hand is stacked: the host holds
    the top taroky, the škýz and the kings."""
    t = await a_table(store, variant, channel=2, deals=Deals.stacked(stack({0: LUCKY}, dealer=0), seed=7))
    for _ in range(6):
        await play_out(t, None)
    live = await store.ratings(1, variant)
    names = {s.player for s in live}
    # people by their id, computers as one pseudo-player per level
    assert names == {str(HOST), str(GUEST), computer_id("normal"), computer_id("easy")}
    assert all(s.hands == 6 for s in live)  # (no hand of these deals is thrown in)
    # The same hands rated from their records, in order, give the same figures ...
    paid = list(reversed(await store.recent_hands(1, 2, limit=50)))
    hands = [await store.get_hand_record(h.hand_id) for h in paid]
    outcomes = [outcome_from_history(list(h.participants), r) for h, r in zip(paid, hands, strict=True)
                if r is not None]
    rated = [o for o in outcomes if o is not None]
    assert {s.player: s for s in live} == recompute(rated)[variant]
    # ... which rank play, not money: the host's first hand was mostly its cards, ...
    first = {s.player: s for s in rated[0].seats}[str(HOST)]
    assert first.luck is not None and first.luck > 0
    assert {s.player: s for s in live} != recompute(rated, by="money")[variant]
    # ... by the luck the hand's review shows (one function: ``luck_of_record``).
    for record, outcome in zip(hands, outcomes, strict=True):
        assert record is not None and outcome is not None
        review = review_record(record, budget=Budget(playouts=0))  # (luck alone: no choice judged)
        assert [r.luck for r in review.seats] == [s.luck for s in outcome.seats]
    # ... and so does ``taroky rate`` on the bot's database.
    # (the command runs its own event loop: in a thread, beside the test's)
    assert await asyncio.to_thread(main, ["rate", "--database", str(location), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (rated,) = out["sets"]
    assert (rated["variant"], rated["hands"], rated["changed"]) == (variant, 6, 0)
    assert await store.ratings(1, variant) == live


async def test_the_record_names_each_computer_seats_level(store: Store) -> None:
    """A hand's record keeps the computer level of each seat (null for a person), which
    is what a recompute names the computer seats by."""
    t = await a_table(store, "czech", channel=3)
    await play_out(t, random.Random(1))
    (hand,) = await store.recent_hands(1, 3)
    record = await store.get_hand_record(hand.hand_id)
    assert record is not None and record["levels"] == [None, None, "normal", "easy"]
    replay_record(record)  # (the record still replays: the engine ignores the key)
    assert rated_players(hand.participants, record["levels"]) == [
        str(HOST), str(GUEST), "computer:normal", "computer:easy"]
    # a record from before the levels were kept: its computers are of an unrecorded level
    assert rated_players(hand.participants, None)[2:] == [computer_id(UNRECORDED)] * 2


async def test_ratings_of_another_version_are_recomputed_when_the_bot_starts(store: Store) -> None:
    """Stored ratings of another ``RATINGS_VERSION`` (or none, after the upgrade that
    brought ratings) are recomputed from the history (``refresh_stale``, which the bot
    runs at start), to the figures the live updates would have given."""
    t = await a_table(store, "czech", channel=4)
    rng = random.Random(3)
    await play_out(t, rng)
    live_after_one = await store.ratings(1, "czech")
    async with store._write() as conn:  # as after a change of the rating's definition
        await conn.execute("UPDATE rating_sets SET version = version - 1")
    await play_out(t, rng)
    assert await store.ratings(1, "czech") == live_after_one  # stale: not rated live
    assert await refresh_stale(store) == 1
    assert all(s.hands == 2 for s in await store.ratings(1, "czech"))
    assert await store.stale_rating_sets() == []


async def test_taroky_rate_in_words(store: Store, location: Location, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--json``: one line per (server, season, variant) and its best players."""
    t = await a_table(store, "nebraska", channel=5)
    await play_out(t, random.Random(2))
    assert await asyncio.to_thread(main, ["rate", "--database", str(location), "--top", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("Guild 1, season 1, nebraska: 1 hand(s) rated, 4 player(s); "
                      "the same figures as stored.")
    assert len(out) == 3 and all(line.endswith("(provisional)") for line in out[1:])
    missing = tmp_path / "none.sqlite3"
    assert await asyncio.to_thread(main, ["rate", "--database", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: there is no database at {missing} (pass --database, or set TAROKY_DB)")


async def test_a_surrender_at_the_table_is_rated_live_and_by_taroky_rate(
        store: Store, location: Location, capsys: pytest.CaptureFixture[str]) -> None:
    """CZ-4: 'If the bidder of základní povinnost draws the called card, the bidder may
    surrender at once and pays Kč 1.00 to each opponent.'  Stacked: the guest is forehand
    (the host deals the first hand) with low cards and tarok XX, and XIX lies in the
    talon; the host holds the high taroky and passes, the computers (normal) hold four
    low ones each; the guest's povinnost calls XIX, draws it and surrenders.  The hand is paid and
    rated when it is paid, and ``taroky rate`` finds the same figures."""
    low = "XX 7S 8S 9S 10S 7C 8C 9C 10C 2H 3H 4H"
    deck = stack({0: "XXI SK XVIII XVII XVI XV XIV XIII XII XI X IX", 1: low,
                  2: "I II III IV", 3: "V VI VII VIII"}, talon="XIX KH QH QS JS 2D", dealer=0)
    m = TableManager(DatabaseTableStore(store), deals=Deals.stacked(deck, seed=3), timings=NO_PAUSE,
                     ledger=TableLedger(store))
    t = open_table(m, TableConfig(variant="czech"), channel=6)
    await t.join(GUEST, "Guest")
    await t.add_computer()  # (two normal computers: the easy one might bid for a slip)
    await t.add_computer()
    await t.start(HOST)
    wants = [A("surrender"), A("call", "XIX"), A("bid", "povinnost"), A("pass")]
    while t.status != BETWEEN:
        await computers_done(t)
        game = t.game
        if t.status == BETWEEN or game is None or game.to_act is None:
            continue
        seat = game.to_act
        chair = t.seats[seat]
        assert chair is not None and chair.user_id is not None
        move = next(a for a in wants if a in t.legal_for(seat))
        await t.act(chair.user_id, t.hand_no, t.step, [move.code])
    (hand,) = await store.recent_hands(1, 6)
    record = await store.get_hand_record(hand.hand_id)
    assert record is not None
    game = replay_record(record)
    assert game.surrendered and game.result is not None and game.result.thrown_in
    assert dict(game.result.net) == {0: 100, 1: -300, 2: 100, 3: 100}
    live = {s.player: s for s in await store.ratings(1, "czech")}
    assert {p: s.hands for p, s in live.items()} == {str(HOST): 1, str(GUEST): 1, computer_id("normal"): 1}
    outcome = outcome_from_history(list(hand.participants), record)
    assert outcome is not None and live == recompute([outcome])["czech"]
    assert await asyncio.to_thread(main, ["rate", "--database", str(location), "--json"]) == 0
    (rated,) = json.loads(capsys.readouterr().out)["sets"]
    assert (rated["hands"], rated["changed"]) == (1, 0)
