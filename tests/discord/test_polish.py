"""Polish Taroki at a Discord table, on the real SQLite store: a whole hand by clicks with
the Polish words on the buttons (PL-1), and the żid shared out when the session ends
(PL-19)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables.deals import Deals
from tests.discord.harness import labels, open_panel, play_out, table_message, table_of
from tests.discord.test_store_restart import make_bot  # noqa: F401 (the SQLite bot)

#: A seed whose first hand (Alice and Bob clicking their first choice, computers in the
#: other seats) leaves game points in the żid: the test below checks that it does.
POT_SEED = 3


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=POT_SEED)


async def _hand_by_clicks(world: Any, deals: int = 0) -> Any:
    await world.alice.slash(world.channel, "taroky new", variant="polish", deals=deals, teach=False)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert table.game is not None and table.game.variant.name == "polish"
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    seat = table.game.to_act
    if table.status == "playing" and table.game.phase.value == "auction":  # PL-1: Polish bids
        user = table.seats[seat].user_id
        shown = labels(panels[user].response)
        assert {"Powinność", "Pagat", "Brewer", "Zolo brewer", "Pass"} & set(shown), shown
        assert not {"Povinnost", "Trojka", "Sólo"} & set(shown), shown
    await play_out(world, panels)
    assert table.status == "between"
    return table


async def _pool(world: Any, table: Any) -> int:
    store = world.bot.store
    season = await store.current_season(world.guild.id)
    return int(await store.get_pool(world.guild.id, world.channel.id, "polish", "points", season))


async def test_a_hand_by_clicks_and_the_pot_shared_when_the_table_closes(world):
    """PL-19: "At the session's end the pot is shared equally among the players" — an
    open-ended session (PL-20) ends when the table is closed; the store pays the share out
    of the pool as ordinary ledger rows."""
    table = await _hand_by_clicks(world)
    store = world.bot.store
    result = table.game.result
    assert result is not None and await store.is_settled(table.hand_id)
    pot = await _pool(world, table)
    assert pot == table.session.pool == result.pool_delta > 0
    summary = world.channel.last_message
    assert summary.embeds and "is over" in (summary.embeds[0].title or "")
    players = [table.participant(i) for i in range(4)]
    before = await store.balances(world.guild.id, 1, "points", players)
    assert sum(before.values()) == -pot
    await world.alice.slash(world.channel, "taroky end")
    assert await _pool(world, table) == 0
    after = await store.balances(world.guild.id, 1, "points", players)
    assert sum(after.values()) == 0
    gained = sorted(after[p] - before[p] for p in players)
    assert sum(gained) == pot and gained[-1] - gained[0] <= 1  # equal shares
    assert await store.check_integrity() == []


async def test_the_last_agreed_deal_shares_the_pot(world):
    """PL-19 with an agreed number of deals (PL-20): the hand that ends the session also
    shares the żid out, in the same settlement."""
    table = await _hand_by_clicks(world, deals=1)
    assert table.session.over and table.session.closing
    assert await _pool(world, table) == 0
    players = [table.participant(i) for i in range(4)]
    balances = await world.bot.store.balances(world.guild.id, 1, "points", players)
    assert sum(balances.values()) == 0
    assert await world.bot.store.check_integrity() == []
