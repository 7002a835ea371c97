"""The king-calling variants at a Discord table: a whole hand by clicks, clockwise pictures."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.discord.harness import open_panel, play_out, table_message, table_of


@pytest.mark.parametrize("variant", ["nebraska", "heun", "petrtyl"])
async def test_whole_hand_by_clicks(world, variant, monkeypatch):
    scenes = []
    import rendering

    real = rendering.render_table

    def spy(scene):
        scenes.append(scene)
        return real(scene)

    monkeypatch.setattr(rendering, "render_table", spy)
    await world.alice.slash(world.channel, "taroky new", variant=variant)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert table.game is not None and table.game.variant.name == variant
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    await play_out(world, panels)
    assert table.status == "between"
    summary = world.channel.last_message
    assert summary.embeds and "is over" in (summary.embeds[0].title or "")
    assert sum(table.scores) + (table.game.result.pool_delta if table.game.result else 0) == 0
    # The table picture is drawn clockwise for these variants (C-1).
    assert scenes and all(s.clockwise for s in scenes)
    msg = table_message(world)
    att = msg.attachments[0]
    png = world.env.backend.cdn.get(att.url)
    assert Image.open(io.BytesIO(png)).width <= 1200
