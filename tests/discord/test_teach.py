"""Teach mode at a Discord table: on by default, a quiet povinnost played out with what
the usual rule would have paid, and a question before a costly announcement."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import Kind
from bot.engine.actions import act
from bot.store.money import format_amount
from bot.tables.deals import Deals
from tests.discord.harness import (
    buttons,
    open_panel,
    table_message,
    table_of,
    take_turn,
    visible_texts,
)
from tests.engine.helpers import stack


# Forehand (seat 1, a computer) is strong enough to play its povinnost rather than choose
# Varšava, but nobody is strong enough to announce or to say flek; Alice (seat 0) holds
# the pagát and always takes the first choice offered (Pass, Done).
@pytest.fixture
def game_factory() -> Deals:
    return Deals.stacked(stack({
        0: "I II III IV 4H 3H 2H 4D 3D 2D 10S 9S",
        1: "XX XIX XVIII XVII XVI XV XIV XIII KH KD QS QC",
        2: "V VI KS KC 8S 7S 10C 9C 8C 7C QH QD",
    }, dealer=0), seed=1)


async def _until(world: Any, panel: Any, stop: Any, limit: int = 100) -> Any:
    """Take the first choice on Alice's panel until ``stop(panel message)`` or the end."""
    table = table_of(world)
    for _ in range(limit):
        if table.status != "playing" or stop(panel.response):
            return panel.response
        await take_turn(world.alice, panel)
    raise AssertionError("the hand did not get there")


@pytest.mark.simcord(settle_timeout=30.0)
async def test_teach_mode_is_on_by_default_and_a_quiet_povinnost_is_played(world):
    """CZ-10 (option): "a quiet základní povinnost is settled without play" — a table in
    teach mode (on unless the host says otherwise) plays it out, and the summary says what
    throwing it in would have paid."""
    await world.alice.slash(world.channel, "taroky new")
    table = table_of(world)
    assert table.config.teach and table.session.options["throw_in_povinnost"] is False
    await world.alice.click(table_message(world), label="Start")
    panel = await open_panel(world, world.alice)
    await _until(world, panel, lambda _: False, limit=200)
    game = table.game
    assert game is not None and game.result is not None
    assert game.contract is not None and game.contract.name == "povinnost"
    assert game.ann.game_level == 0 and "pagat" not in game.ann.announced and "valat" not in game.ann.announced
    assert len(game.tricks) == 12  # played out
    texts = [t for m in world.channel.history() for t in visible_texts(m)]
    assert any("Outside teach mode" in t for t in texts)
    usual = next(t for t in texts if t.startswith("This hand was played out because"))
    assert "settled without play" in usual


@pytest.mark.simcord(settle_timeout=30.0)
async def test_without_teach_mode_the_usual_rule_holds(world):
    """CZ-10: with teach mode off the quiet povinnost is settled without play."""
    await world.alice.slash(world.channel, "taroky new", teach=False)
    table = table_of(world)
    assert table.session.options.get("throw_in_povinnost", True) is True
    await world.alice.click(table_message(world), label="Start")
    panel = await open_panel(world, world.alice)
    await _until(world, panel, lambda _: False, limit=200)
    assert table.game is not None and table.game.thrown_in
    # Issue #10 item 9: "a sensible summary for a hand settled without play" — no side
    # is shown winning with the few points laid away against the rest of the pack.
    alts = [a.description or "" for m in world.channel.history() for a in m.attachments
            if a.filename == "summary.png"]
    assert alts and "Settled without play" in alts[-1] and "no cards played" in alts[-1], alts
    assert not re.search(r"\d+ card points", alts[-1]), alts[-1]


@pytest.mark.simcord(settle_timeout=30.0)
async def test_a_costly_announcement_asks_first_in_teach_mode(world):
    """Issue #10: "announcements and doubles that can cost more than the game ask for a
    confirmation in teach mode" — Valát (Kč 14.00 each if missed, more than the game's
    most) is asked about with the amount the settlement would charge; the pagát (Kč 2.00,
    less than the game) is said at once."""
    await world.alice.slash(world.channel, "taroky new")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    panel = await open_panel(world, world.alice)

    def announce_button(message: Any) -> bool:
        return any((b.get("label") or "").startswith("Announce") for b in buttons(message))

    view = await _until(world, panel, announce_button)
    game = table.game
    valat = next(b for b in buttons(view) if b.get("label") == "Announce Valát")
    cost = game.cost_of(0, act(Kind.ANNOUNCE, "valat"))
    assert cost is not None and cost > (game.game_cost(0) or 0)
    step = table.step
    asked = await world.alice.click(view, custom_id=valat["custom_id"])
    question = asked.response.content or ""
    assert asked.ephemeral and question.startswith("Are you sure?")
    assert f"you pay {format_amount('czk_hal', cost)}" in question
    assert table.step == step and "valat" not in game.ann.announced  # nothing said yet
    pagat = next(b for b in buttons(view) if b.get("label") == "Announce Pagát")
    assert (game.cost_of(0, act(Kind.ANNOUNCE, "pagat")) or 0) <= (game.game_cost(0) or 0)
    await world.alice.click(view, custom_id=pagat["custom_id"])
    assert table.step > step and game.ann.announced["pagat"].seat == 0  # said, no question
    assert "valat" not in game.ann.announced
