"""The table runtime without Discord, on the real engine: seats, turns, locking, stale
choices, computer turns, restarts."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import IllegalAction, Phase, parse_cards
from bot.tables.deals import Deals
from bot.tables.errors import NotSeated, StaleChoice, TableError
from bot.tables.manager import TableManager
from bot.tables.table import BETWEEN, PLAYING, TableConfig
from tests.engine.helpers import stack
from tests.tables.helpers import HOST, NO_PAUSE, computers_done, manager, open_table


async def test_one_table_per_channel() -> None:
    m = manager()
    open_table(m)
    with pytest.raises(TableError):
        m.open(guild_id=1, channel_id=2, host_id=11, config=TableConfig())


async def test_computers_play_until_a_human_must_act() -> None:
    m = manager()
    t = open_table(m)
    await t.start(HOST)
    await computers_done(t)
    assert t.game is not None
    assert t.game.to_act == t.seat_of(HOST) or t.status == BETWEEN


async def test_computers_alone_play_a_hand_out() -> None:
    t = open_table(manager(), seated=False)
    await t.start(HOST)
    await computers_done(t)
    assert t.status == BETWEEN and t.game is not None and t.game.is_over
    assert t.last_result is t.game.result


async def test_concurrent_double_click_acts_once() -> None:
    m = manager()
    t = open_table(m)
    await t.start(HOST)
    await computers_done(t)
    assert t.game is not None and t.game.to_act == 0
    code = t.game.legal_actions(0)[0].code
    step = t.step
    results = await asyncio.gather(
        t.act(HOST, t.hand_no, step, [code]), t.act(HOST, t.hand_no, step, [code]), return_exceptions=True
    )
    assert sum(isinstance(r, StaleChoice) for r in results) == 1
    assert sum(isinstance(r, list) for r in results) == 1


async def test_turn_is_checked_by_the_table() -> None:
    """A seated player acting out of turn is refused with one sentence, and nothing moves."""
    m = manager()
    t = open_table(m)
    await t.join(11, "Bob")
    await t.start(HOST)
    await computers_done(t)
    game = t.game
    assert game is not None and game.to_act in (0, 1)
    waiting = 11 if game.to_act == 0 else HOST
    step = t.step
    with pytest.raises(TableError, match="It's not your turn"):
        await t.act(waiting, t.hand_no, step, [game.legal_actions(game.to_act)[0].code])
    assert t.step == step


async def test_an_illegal_choice_is_refused_with_the_engines_reason() -> None:
    """The refusal is the engine's sentence (``Game.verify``), not a generic one."""
    deck = stack({0: "XXI XX XIX"}, dealer=3)
    t = open_table(manager(Deals.stacked(deck)))
    await t.start(HOST)
    await computers_done(t)
    game = t.game
    assert game is not None and game.to_act == 0 and game.phase is not Phase.PLAY
    step = t.step
    with pytest.raises(IllegalAction) as info:
        await t.act(HOST, t.hand_no, step, ["play:XXI"])  # a card, during the auction
    assert str(info.value).endswith(".") and t.step == step


async def test_stacked_decks_deal_the_table_known_cards() -> None:
    deck = stack({0: "XXI XX XIX I"}, dealer=0)
    t = open_table(manager(Deals.stacked(deck)))
    await t.start(HOST)
    assert t.game is not None
    assert set(parse_cards("XXI XX XIX I")) <= set(t.game.view_for(0).hand)


async def test_not_seated_and_restore_roundtrip() -> None:
    m = manager()
    t = open_table(m)
    with pytest.raises(NotSeated):
        await t.act(99, 1, 0, ["pass"])
    await t.start(HOST)
    await computers_done(t)
    await m.save(t)
    m2 = TableManager(m.store, deals=m.deals, timings=NO_PAUSE)
    [t2] = await m2.restore_all()
    assert t2.status == PLAYING and t2.step == t.step
    assert t.game is not None and t2.game is not None
    assert t2.game.to_act == t.game.to_act
    assert t2.game.view_for(0).hand == t.game.view_for(0).hand
    assert t2.session.to_dict() == t.session.to_dict()
    await t.close()
    await t2.close()
