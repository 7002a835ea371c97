"""Romanian Tarok at a Discord table (RO-4, RO-22, RO-23): four players who all pass play
michi-michi, which feeds the pool and starts a radler; the table message and its picture show
the pool and the radler."""

from __future__ import annotations

import io

from PIL import Image

from tests.discord.harness import open_panel, play_out, table_message, table_of


async def test_michi_michi_then_radler_on_the_table(world, monkeypatch):
    """RO-22: 'Played when all four pass ... Each player pays 1 per trick won into the pool, or
    2 per trick if this deal is itself in a radler'; RO-23: 'After a michi-michi, the next 4
    deals are played at double stakes'; RO-4: the first deal's pool holds 5."""
    scenes = []
    import rendering

    real = rendering.render_table

    def spy(scene):
        scenes.append(scene)
        return real(scene)

    monkeypatch.setattr(rendering, "render_table", spy)
    w = world
    await w.alice.slash(w.channel, "taroky new", variant="romanian")
    for m in (w.bob, w.cyril, w.dana):
        await m.click(table_message(w), label="Join")
    await w.alice.click(table_message(w), label="Start")
    table = table_of(w)
    game = table.game
    assert game is not None and game.variant.name == "romanian"
    assert sum(game.antes.values()) == 5  # the first pool
    fields = {f.name: f.value for f in table_message(w).embeds[0].fields}
    assert "pool 5 " in fields["Pool"].lower() + " "
    members = (w.alice, w.bob, w.cyril, w.dana)
    for deal in (1, 2):
        panels = {m.id: await open_panel(w, m) for m in members}
        # The first legal choice in the auction is Pass: everybody passes, michi-michi.
        await play_out(w, panels)
        game = table.game
        assert game is not None and game.contract is not None and game.contract.name == "michi"
        assert game.stake == deal  # the second michi-michi is itself a radler deal
        assert table.session.radler_left == (4 if deal == 1 else 3 + 4)
        text = table_message(w).embeds[0]
        shown = {f.name: f.value for f in text.fields}
        assert "radler" in shown["Pool and radler"]
        assert f"next {table.session.radler_left} deals at double stakes" in shown["Pool and radler"]
        await w.alice.click(table_message(w), label="Deal the next hand")
        assert table.game is not None and table.game.stake == 2
        shown = {f.name: f.value for f in table_message(w).embeds[0].fields}
        assert "this deal at ×2 stakes" in shown["Pool and radler"]
        assert scenes and "radler" in scenes[-1].title
    msg = table_message(w)
    png = w.env.backend.cdn.get(msg.attachments[0].url)
    assert Image.open(io.BytesIO(png)).width <= 1200
