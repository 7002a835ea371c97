"""Taper at a Discord table (TP-1, TP-4, TP-11): three players; a deal that everybody passes is
thrown in and starts a radler of three double deals; a radler deal is played out; the table
message and its three-seat picture show the pool and the radler."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from tests.discord.harness import (
    action_code,
    open_panel,
    play_out,
    select_min,
    select_options,
    table_message,
    table_of,
    take_turn,
)


async def _bid_first(member: Any, panel: Any, buttons: list[str], selects: list[str]) -> Any:
    """Bid unul de trei when it is offered, else the first choice (pass, take, done, a card)."""
    for cid in buttons:
        if action_code(cid) == "bid:trei_1":
            return await member.click(panel, custom_id=cid)
    if buttons:
        return await member.click(panel, custom_id=buttons[0])
    values = select_options(panel, selects[0])
    return await member.select(panel, values[:select_min(panel, selects[0])], custom_id=selects[0])


async def test_all_pass_radler_and_a_radler_deal_on_a_three_seat_table(world, monkeypatch):
    """TP-1: 'Three players only'; TP-4: 'The first deal starts with 4'; TP-11: 'The deal is
    thrown in with no score; the dealer's ante stays in the pool. A radler of 3 double deals
    then starts with the next deal. An all-pass during a radler adds 3 more.'"""
    scenes = []
    import rendering

    real = rendering.render_table

    def spy(scene):
        scenes.append(scene)
        return real(scene)

    monkeypatch.setattr(rendering, "render_table", spy)
    w = world
    await w.alice.slash(w.channel, "taroky new", variant="taper")
    lobby = table_message(w)
    assert "3 players" in lobby.embeds[0].title
    for m in (w.bob, w.cyril):
        await m.click(table_message(w), label="Join")
    await w.alice.click(table_message(w), label="Start")
    table = table_of(w)
    game = table.game
    assert game is not None and game.variant.name == "taper" and game.num_seats == 3
    assert len(table.seats) == 3 and all(s is not None and s.user_id for s in table.seats)
    assert sum(game.antes.values()) == 4  # the first pool
    fields = {f.name: f.value for f in table_message(w).embeds[0].fields}
    assert "pool 4 " in fields["Pool"].lower() + " "
    members = (w.alice, w.bob, w.cyril)
    # Deal 1: everybody passes (the first legal choice): thrown in, a radler of three.
    panels = {m.id: await open_panel(w, m) for m in members}
    await play_out(w, panels)
    game = table.game
    assert game is not None and game.contract is None and game.thrown_in
    assert table.session.radler_left == 3 and table.session.pool == 4 + 0
    shown = {f.name: f.value for f in table_message(w).embeds[0].fields}
    assert "next 3 deals at double stakes" in shown["Pool and radler"]
    # Deal 2, in the radler: all pass again, three more double deals (2 + 3).
    await w.alice.click(table_message(w), label="Deal the next hand")
    assert table.game is not None and table.game.stake == 2
    shown = {f.name: f.value for f in table_message(w).embeds[0].fields}
    assert "this deal at ×2 stakes" in shown["Pool and radler"]
    assert scenes and "radler" in scenes[-1].title and len(scenes[-1].seats) == 3
    panels = {m.id: await open_panel(w, m) for m in members}
    await play_out(w, panels)
    assert table.session.radler_left == 5
    # Deal 3, in the radler: forehand bids unul de trei and the hand is played out.
    await w.alice.click(table_message(w), label="Deal the next hand")
    panels = {m.id: await open_panel(w, m) for m in members}
    users = {m.id: m for m in members}
    for _ in range(300):
        if table.status != "playing":
            break
        g = table.game
        assert g is not None and g.to_act is not None
        seat = table.seats[g.to_act]
        assert seat is not None and seat.user_id is not None
        await take_turn(users[seat.user_id], panels[seat.user_id], _bid_first)
    g = table.game
    assert g is not None and g.is_over and g.contract is not None and g.stake == 2
    assert g.contract.name == "trei_1" and g.result is not None
    assert sum(v for k, v in g.result.net.items() if 0 <= k < 3) + g.result.pool_delta == 0
    assert any("× 2 (radler)" in ln.label for ln in g.result.lines)
    assert table.session.radler_left == 4
    msg = table_message(w)
    png = w.env.backend.cdn.get(msg.attachments[0].url)
    img = Image.open(io.BytesIO(png))
    assert img.width <= 1200
