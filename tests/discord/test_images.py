"""Pictures (SimCord): the table message, the private panel and the summary carry PNGs.

The attachment bytes live in SimCord's in-memory CDN (``env.backend.cdn.get(url)``);
they are decoded with Pillow to check they are real PNGs of a sensible size.
"""

from __future__ import annotations

import io
import threading
from typing import Any

from PIL import Image

import rendering
from tests.discord.harness import PLAY, open_panel, play_out, table_message, table_of, take_turn

MAX_WIDTH = 1200


def _attachment(world: Any, message: Any, filename: str) -> Image.Image:
    """The named PNG attachment of a message, decoded (asserts it is there)."""
    found = [a for a in message.attachments if a.filename == filename]
    assert len(found) == 1, f"{filename} missing: {[a.filename for a in message.attachments]}"
    data = world.env.backend.cdn.get(found[0].url)
    assert data is not None and data.startswith(b"\x89PNG")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert 200 <= image.width <= MAX_WIDTH and image.height >= 100
    return image


def _png_bytes(world: Any, message: Any, filename: str) -> bytes:
    for a in message.attachments:
        if a.filename == filename:
            data = world.env.backend.cdn.get(a.url)
            assert data is not None
            return data  # type: ignore[no-any-return]
    raise AssertionError(f"{filename} missing")


async def _start(world: Any, *members: Any, players: int = 4) -> Any:
    await world.alice.slash(world.channel, "taroky new", players=players, options=PLAY)
    for m in members:
        await m.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    return table_of(world)


async def test_lobby_has_no_picture_the_table_has_one(world):
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    assert table_message(world).attachments == []
    await world.alice.click(table_message(world), label="Start")
    message = table_message(world)
    _attachment(world, message, "table.png")
    embed = message.embeds[0]
    assert embed.image.url and embed.image.url.endswith("table.png")
    # The text twin stays in the embed (screen readers, tests).
    assert any(f.name.startswith("Seats") for f in embed.fields)
    assert message.attachments[0].description  # alt text for the picture


async def test_table_picture_changes_as_cards_are_played(world):
    table = await _start(world)
    panel = await open_panel(world, world.alice)
    pictures = [_png_bytes(world, table_message(world), "table.png")]
    turns = 0
    while table.status == "playing" and turns < 60:
        await take_turn(world.alice, panel)
        turns += 1
        message = table_message(world)
        if table.status == "playing":
            _attachment(world, message, "table.png")
            pictures.append(_png_bytes(world, message, "table.png"))
    assert table.status == "between"
    # Edited in place: still one table message, its picture redrawn as the hand went on.
    assert len(set(pictures)) > 8
    final = table_message(world)
    _attachment(world, final, "table.png")  # the last trick stays visible after the hand
    assert len([m for m in world.channel.history() if m.author.bot]) == 2


async def test_panel_shows_the_hand_picture_privately(world):
    table = await _start(world, world.bob)
    result = await open_panel(world, world.alice)
    panel = result.response
    assert panel.ephemeral
    image = _attachment(world, panel, "hand.png")
    assert image.width <= MAX_WIDTH
    embed = panel.embeds[0]
    assert embed.image.url and embed.image.url.endswith("hand.png")
    assert any("Your cards" in f.name for f in embed.fields)  # the text twin
    # Nobody else sees it: not in the channel, not in bob's client.
    public = [a.filename for m in world.channel.history() for a in m.attachments]
    assert "hand.png" not in public
    bobs = [a.filename for m in world.channel.history(viewer=world.bob) for a in m.attachments]
    assert "hand.png" not in bobs
    # The panel's picture follows the game: it is redrawn when the hand changes.
    before = _png_bytes(world, result.response, "hand.png")
    members = {world.alice.id: world.alice, world.bob.id: world.bob}
    panels = {world.alice.id: result, world.bob.id: await open_panel(world, world.bob)}
    seat = table.seat_of(world.alice.id)
    for _ in range(80):
        if table.status != "playing" or len(table.game.view_for(seat).hand) < 12:
            break
        s = table.seats[table.game.to_act]
        await take_turn(members[s.user_id], panels[s.user_id])
    if table.status == "playing":
        assert _png_bytes(world, result.response, "hand.png") != before


async def test_summary_has_a_picture_and_the_text(world):
    table = await _start(world)
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table.status == "between"
    summary = world.channel.last_message
    assert summary.embeds[0].title == "Hand 1 is over"
    image = _attachment(world, summary, "summary.png")
    assert image.width <= MAX_WIDTH
    assert summary.embeds[0].image.url.endswith("summary.png")
    assert any(f.name == "Payments" for f in summary.embeds[0].fields)


async def test_five_players_and_the_dealer_sitting_out(world):
    table = await _start(world, world.bob, players=5)
    panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
    _attachment(world, table_message(world), "table.png")
    await play_out(world, panels)
    assert table.status == "between"
    _attachment(world, world.channel.last_message, "summary.png")


async def test_rendering_runs_off_the_event_loop(world, monkeypatch):
    threads: list[str] = []
    for name in ("render_table", "render_hand", "render_summary"):
        original = getattr(rendering, name)

        def wrapped(scene: Any, _original: Any = original) -> bytes:
            threads.append(threading.current_thread().name)
            return _original(scene)  # type: ignore[no-any-return]

        monkeypatch.setattr(rendering, name, wrapped)
    table = await _start(world)
    await play_out(world, {world.alice.id: await open_panel(world, world.alice)})
    assert table.status == "between"
    assert threads, "nothing was drawn"
    assert threading.main_thread().name not in threads
    # Identical scenes are drawn once; render times are kept for diagnostics.
    times = world.bot.output.render_times
    assert times and all(seconds < 5 for _, seconds in times)
