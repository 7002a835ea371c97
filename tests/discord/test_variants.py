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


@pytest.mark.parametrize("seed", [20, 50])
async def test_petrtyl_with_a_pot_seed_of_twenty_chips_or_more_plays(world, make_sqlite_bot, seed):
    """PT-4: 'a table may seed the pot with an agreed amount (option, default 0)'; NE-9:
    'a session starts every player at 20 chips'.  A seed of 20 or more ended the session
    before its first deal (every player "without chips"): the seed is put in besides the
    20 chips, the hand is dealt and played, and the pot starts with every seed."""
    await world.env.restart_bot(make_sqlite_bot())  # (a real database: the seeds are paid)
    await world.alice.slash(world.channel, "taroky new", variant="petrtyl", options=f"pot_seed={seed}")
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert table.status == "playing" and table.game is not None
    assert table.game.pool == 4 * seed and table.scores == [-seed] * 4
    assert [table.session.balance(s) for s in range(4)] == [20] * 4
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    await play_out(world, panels)
    assert table.status == "between" and table.settlement.unpaid is None
    store = world.bot.store
    seeds = [r for r in (await store.export_ledger_csv(world.guild.id)).splitlines() if ",seed," in r]
    assert len(seeds) == 4
    assert await store.get_pool(world.guild.id, world.channel.id, "petrtyl", "chips") == table.session.pool
    assert await store.check_integrity() == []
