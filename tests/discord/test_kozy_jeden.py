"""A won Jeden at a Discord table (KZ-4: the declarer plays on or throws in; a computer
declarer throws in): Hint, asked by the person who won it, weighs both and says so in
the worlds' words (also when the search worker is late: the normal player's choice
there is the computers' rule, no advice for a person); the buttons offer both."""

from __future__ import annotations

from typing import Any

from bot.engine.variants.kozy import COMPUTER_THROWS_IN
from tests.discord.harness import (
    engine_first,
    labels,
    open_panel,
    table_message,
    table_of,
    take_turn,
)


async def test_hint_at_a_won_jeden_weighs_playing_on_for_a_person(world: Any) -> None:
    await world.alice.slash(world.channel, "taroky new", variant="kozy", teach=True)
    for m in (world.bob, world.cyril, world.dana):
        await m.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    panels = {m.id: await open_panel(world, m) for m in world.players}
    members = {m.id: m for m in world.players}
    game = table.game
    jeden = None
    for _ in range(12):  # (the round before the bidding, then the auction's four turns)
        if game.phase.value == "throw_in" and game.contract is not None:
            break
        seat = game.to_act
        uid = table.seats[seat].user_id
        legal = [a.code for a in game.legal_actions(seat)]
        if "bid:jeden" in legal and jeden is None:
            code, jeden = "bid:jeden", seat
        else:
            code = "pass" if "pass" in legal else ("keep" if "keep" in legal else legal[0])
        await take_turn(members[uid], panels[uid], engine_first(code))
        game = table.game
    assert game.phase.value == "throw_in" and game.contract is not None and game.to_act == jeden
    declarer = members[table.seats[jeden].user_id]
    panel = panels[declarer.id].response
    assert {"Play on", "Throw in"} <= set(labels(panel))
    result = await declarer.click(panel, label="Hint")
    text = result.response.content
    assert result.ephemeral and text.startswith("The strongest computer player would choose **")
    assert text.split("**")[1] in ("Play on", "Throw in")
    assert "rather than" in text and COMPUTER_THROWS_IN not in text
