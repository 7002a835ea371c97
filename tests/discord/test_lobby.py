"""Lobby flows with the real bot in SimCord: open, join, leave, add computer, start."""

from __future__ import annotations

from tests.discord.harness import labels, table_message, table_of


async def test_new_posts_lobby_with_buttons(world):
    result = await world.alice.slash(world.channel, "taroky new")
    assert not result.ephemeral
    message = table_message(world)
    assert labels(message) == ["Join", "Leave", "Add computer", "Computers: normal", "Teach mode: on", "Start"]
    table = table_of(world)
    assert table.seat_of(world.alice.id) == 0


async def test_second_table_is_refused(world):
    await world.alice.slash(world.channel, "taroky new")
    result = await world.bob.slash(world.channel, "taroky new")
    assert result.ephemeral
    assert "already has a Taroky table" in result.response.content


async def test_join_leave_and_add_computer(world):
    await world.alice.slash(world.channel, "taroky new")
    message = table_message(world)
    r = await world.bob.click(message, label="Join")
    assert r.ephemeral and "seat 2" in r.response.content
    r = await world.bob.click(message, label="Join")
    assert r.ephemeral and "You already sit in seat 2" in r.response.content
    r = await world.alice.click(message, label="Join")  # the host was seated when the table opened
    assert r.ephemeral and "You already sit in seat 1 (you opened this table" in r.response.content
    r = await world.bob.click(message, label="Leave")
    assert r.ephemeral and "left" in r.response.content
    r = await world.alice.click(message, label="Add computer")
    assert "computer" in r.response.content
    table = table_of(world)
    assert table.seats[1] is not None and table.seats[1].is_computer
    assert "computer" in table_message(world).embeds[0].fields[0].value


async def test_computer_levels_are_chosen_per_table_and_per_seat(world):
    """The level button cycles the level of the computers added from then on (easy, normal,
    strong); each computer keeps the level it was added with, and the seats filled at the
    start get the level shown; ``/taroky new level`` sets the first."""
    await world.alice.slash(world.channel, "taroky new", level="easy")
    r = await world.alice.click(table_message(world), label="Add computer")
    r = await world.alice.click(table_message(world), label="Computers: easy")
    assert r.ephemeral and "**normal**" in r.response.content
    r = await world.alice.click(table_message(world), label="Computers: normal")
    assert "**strong**" in r.response.content
    await world.alice.click(table_message(world), label="Add computer")
    table = table_of(world)
    assert [s.level for s in table.seats[1:3]] == ["easy", "strong"]
    seats = table_message(world).embeds[0].fields[0].value
    assert "— easy" in seats and "— strong" in seats
    r = await world.bob.click(table_message(world), label="Computers: strong")
    assert r.ephemeral and "seated players" in r.response.content
    await world.alice.click(table_message(world), label="Start")
    assert table.seats[3] is not None and table.seats[3].level == "strong"


async def test_start_fills_seats_and_shows_my_hand(world):
    await world.alice.slash(world.channel, "taroky new")
    r = await world.alice.click(table_message(world), label="Start")
    assert r.ephemeral
    table = table_of(world)
    assert all(s is not None for s in table.seats)
    assert "My hand" in labels(table_message(world))


async def test_commands_without_table_answer_one_sentence(world):
    r = await world.bob.slash(world.channel, "taroky join")
    assert r.ephemeral
    assert r.response.content == "There is no Taroky table in this channel; open one with /taroky new."


async def test_rules_topics_are_the_tables_variant(world):
    """/taroky rules offers the topics of the channel's table's variant (pages come from the
    variant): a Nebraska table offers Five Over and no povinnost; no table offers them all."""
    every = [c["value"] for c in await world.alice.autocomplete(world.channel, "taroky rules", "topic", "")]
    assert "povinnost" in every or len(every) == 25
    await world.alice.slash(world.channel, "taroky new", variant="nebraska")
    own = [c["value"] for c in await world.alice.autocomplete(world.channel, "taroky rules", "topic", "f")]
    assert "five over" in own and "povinnost" not in own
    r = await world.alice.slash(world.channel, "taroky rules", topic="five over")
    assert r.ephemeral and "Five Over" in r.response.content


async def test_teach_mode_is_switched_in_the_lobby(world):
    """Teach mode is on by default; the lobby's button switches it (and says so)."""
    await world.alice.slash(world.channel, "taroky new")
    table = table_of(world)
    assert table.config.teach
    r = await world.alice.click(table_message(world), label="Teach mode: on")
    assert r.ephemeral and r.response.content == "Teach mode is off."
    assert not table.config.teach and "Teach mode: off" in labels(table_message(world))
    assert table.session.options.get("throw_in_povinnost", True) is True
