"""Taroki z królami (Kozy) at a Discord table: four kings shown by a click are public (K1,
KZ-3), then the whole hand by clicks; the table picture is drawn anticlockwise (KZ-1)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.tables.deals import Deals
from tests.discord.harness import labels, open_panel, play_out, table_message, table_of
from tests.engine.helpers import stack

KINGS = ("KH", "KD", "KS", "KC")
KINGS_SAID = ("K♥", "K♦", "K♠", "K♣")  # (as the table's text names them)


@pytest.fixture
def game_factory() -> Deals:
    """Hand 1: seat 0 (Alice, the dealer) holds all four kings."""
    return Deals.stacked(stack({0: "KH KD KS KC XXI XX XIX"}, dealer=0), seed=1)


def _fields(message) -> str:
    embed = message.embeds[0]
    return "\n".join(f"{f.name}: {f.value}" for f in embed.fields)


async def test_four_kings_shown_by_click_then_the_hand_by_clicks(world, monkeypatch):
    """KZ-3: "a holder of all four kings may lay them face up ... They stay in that hand,
    visible to everyone"; K1: private before, public once shown."""
    scenes = []
    import rendering

    real = rendering.render_table

    def spy(scene):
        scenes.append(scene)
        return real(scene)

    monkeypatch.setattr(rendering, "render_table", spy)
    await world.alice.slash(world.channel, "taroky new", variant="kozy", teach=False)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    game = table.game
    assert game is not None and game.variant.name == "kozy" and table.dealer == 0
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    # Bob (forehand) is asked first, and may only keep his hand.
    assert game.phase.value == "throw_in" and game.to_act == 1
    assert labels(panels[world.bob.id].response) [:1] == ["Keep the hand"]
    assert "Shown from a hand" not in _fields(table_message(world))
    await world.bob.click(panels[world.bob.id].response, label="Keep the hand")
    assert game.to_act == 0  # the computers kept theirs
    assert "Cztery króle" in labels(panels[world.alice.id].response)
    assert not any(k in _fields(table_message(world)) for k in KINGS_SAID)  # private before
    await world.alice.click(panels[world.alice.id].response, label="Cztery króle")
    shown = _fields(table_message(world))
    assert "Shown from a hand" in shown and all(k in shown for k in KINGS_SAID)  # public once shown
    bob_panel = await open_panel(world, world.bob)
    assert all(k in _fields(bob_panel.response) for k in KINGS_SAID)
    assert scenes and set(KINGS) <= {c.short for c in scenes[-1].talon_exposed}
    panels[world.bob.id] = bob_panel
    await play_out(world, panels)
    assert table.status == "between"
    summary = world.channel.last_message
    assert summary.embeds and "is over" in (summary.embeds[0].title or "")
    assert sum(table.scores) == 0
    assert all(not s.clockwise for s in scenes)  # KZ-1: anticlockwise
    msg = table_message(world)
    png = world.env.backend.cdn.get(msg.attachments[0].url)
    assert Image.open(io.BytesIO(png)).width <= 1200
