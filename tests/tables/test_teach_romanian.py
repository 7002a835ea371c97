"""Teach mode's question and Why? in Romanian and Taper quote what the settlement charges
(``Romanian.stake_of``, issue #10)."""

from __future__ import annotations

import pytest

from bot.engine import Kind, new_game
from bot.engine.actions import act
from bot.engine.variants.taper import TAPER_PACK
from bot.store.money import format_amount
from bot.tables.table import Seat, Table, TableConfig
from bot.tables.words import confirmation, is_costly, why_text
from tests.engine.helpers import stack
from tests.engine.ro_helpers import to_announce


def _table(variant: str, players: int) -> Table:
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant=variant, players=players))
    for i, name in enumerate(("Alice", "Bětka (computer)", "Vašek (computer)", "Anča (computer)")[:players]):
        table.seats[i] = Seat(name=name, user_id=i + 1)
    return table


@pytest.mark.parametrize("variant", ["romanian", "taper"])
def test_teach_mode_asks_about_valat_with_its_amount_not_about_trula(variant):
    """RO-18: announced valat 16, trula 2 (TP-10: "use the RO-18 values"); RO-19: a silent
    valat "replaces the game item", so the game's most is the silent valat, 8: teach mode
    asks before announcing valat, quoting what a missed valat costs, and not before trula;
    Why? quotes both amounts."""
    if variant == "romanian":
        game = new_game(variant, players=4, dealer=3, pool=5,
                        deck=stack({0: "I KH"}, "QH QD QS QC CH CD", 3, 4, 0))
        to_announce(game, "doi_1", call="KH")
    else:
        game = new_game(variant, players=3, dealer=2, pool=4,
                        deck=stack({0: "I"}, "QH QD QS QC CH CD", 2, 3, 0,
                                   pack=[int(c) for c in TAPER_PACK]))
        to_announce(game, "trei_1")
    table = _table(variant, len(game.active))
    table.game = game
    seat = game.to_act
    assert seat == game.bidder == 0
    valat, trula = act(Kind.ANNOUNCE, "valat_ro"), act(Kind.ANNOUNCE, "trula")
    cost, small, most = game.cost_of(seat, valat), game.cost_of(seat, trula), game.game_cost(seat)
    assert cost is not None and small is not None and most is not None
    assert small < most < cost
    amount = format_amount("points", cost)
    assert is_costly(table, seat, valat) and not is_costly(table, seat, trula)
    question = confirmation(table, seat, valat.code)
    upto = "" if game.knows_own_side(seat) else "up to "  # (Romanian's bidder: partner unknown)
    assert question is not None and f"you pay {upto}{amount}" in question
    assert f"can cost you {format_amount('points', most)}" in question
    assert confirmation(table, seat, trula.code) is None
    why = why_text(table, seat)
    assert f"you pay {upto}{amount}" in why and f"you pay {upto}{format_amount('points', small)}" in why, why
