"""A deal anyone can check, at the table (issue #29, item 3): the commitment is in every
player's panel before the cut, the seated cutter chooses where to cut among the legal
places only (C-2: "the player sitting opposite to the dealer cuts the cards"), the table
shows the cut, and the hand's record verifies against what the table showed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.cli import main
from tests.discord.harness import open_panel, select_ids, select_options, table_message, table_of

TAKEOVER = 241  # (the reminder and the take-over: 120 s each in the tests' settings)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """The hand is paid and its record kept in a real SQLite file."""
    return make_sqlite_bot


def commitment_of(message: Any) -> str:
    field = next(f for f in message.embeds[0].fields if f.name == "Shuffle commitment")
    found = re.search(r"`([0-9a-f]{64})`", field.value)
    assert found is not None, field.value
    return found.group(1)


async def test_the_seated_cutter_chooses_the_cut_and_the_record_verifies(world, tmp_path, capsys):
    host, *others = world.players
    await host.slash(world.channel, "taroky new", options="ritual=true throw_in_povinnost=false", teach=False)
    lobby = world.channel.last_message
    for member in others:
        await member.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    table = table_of(world)
    game = table.game
    assert game is not None and game.phase.value == "ritual"
    cutter_seat = game.to_act
    cutter = next(m for m in world.players if table.seat_of(m.id) == cutter_seat)
    shown = commitment_of(table_message(world))
    assert shown == table.deal_commitment

    # Every panel shows the commitment before the cut; only the cutter's offers the cut.
    for member in world.players:
        panel = (await open_panel(world, member)).response
        assert commitment_of(panel) == shown
        cut_selects = [c for c in select_ids(panel) if re.search(r":cut[a-d]$", c)]
        if member is cutter:
            places = [v for c in cut_selects for v in select_options(panel, c)]
            assert places == [f"cut:{n}" for n in range(5, 50)]  # only the legal places
            cutter_panel, where = panel, next(c for c in cut_selects if "cut:29" in select_options(panel, c))
        else:
            assert cut_selects == []

    await cutter.select(cutter_panel, ["cut:29"], custom_id=where)
    assert game.ritual.cut_at == 29 and (cutter_seat, "cut:29") in [(s, a.code) for s, a in game.history]
    field = next(f for f in table_message(world).embeds[0].fields if f.name == "Shuffle commitment")
    assert f"cut at card 29 by {cutter.name}" in field.value

    hand_id = table.hand_id
    for _ in range(12):  # nobody clicks: the computer plays for the absent humans
        if table.status != "playing":
            break
        await world.env.advance_time(TAKEOVER)
    assert table.status != "playing"
    record = await world.bot.store.get_hand_record(hand_id)
    assert record is not None and record["cut"] == {"at": 29, "derived": game.derived_cut() == 29}
    assert record["commitment"]["hash"] == shown
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(path), "--commitment", shown, "--cut", "29"]) == 0
    assert main(["verify", str(path), "--commitment", shown, "--cut", "30"]) == 1
    capsys.readouterr()


async def test_a_computer_cutter_cuts_where_the_deck_says(world):
    """A computer in the cutter's chair does not choose: its place is derived from the
    committed deck, so the bot cannot steer it either."""
    await world.alice.slash(world.channel, "taroky new", options="ritual=true throw_in_povinnost=false", teach=False)
    await world.alice.click(world.channel.last_message, label="Start")
    table = table_of(world)
    game = table.game
    assert game is not None
    for _ in range(3):
        if game.ritual.cut_at is not None or game.phase.value != "ritual":
            break
        await world.env.advance_time(TAKEOVER)
    cutter = next(s for s, a in game.history if a.kind.value == "cut")  # (this deal: a computer cuts)
    assert table.seats[cutter].is_computer
    assert game.ritual.cut_at == game.derived_cut()
    field = next(f for f in table_message(world).embeds[0].fields if f.name == "Shuffle commitment")
    assert f"cut at card {game.derived_cut()} by {table.seat_name(cutter)}" in field.value
