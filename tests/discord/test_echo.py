"""What a player typed and the bot repeats is bounded and escaped in one place
(``cogs.ui.components.echo``; issue #29): a long rules topic gets a sentence, a display
name with markdown or a masked link shows as typed, never as formatting or a link."""

from __future__ import annotations

from cogs.taroky import MAX_TOPIC
from cogs.ui.components import NAME_LIMIT, echo
from tests.discord.harness import PLAY, table_message, table_of

TRICKY = "[free](https://x.io) **boss** @everyone"
NAME = "[free](https://x.io) **boss**"  # (a display name: at most 32 characters)


def test_echo_bounds_and_escapes():
    assert echo("x" * 500) == "x" * 39 + "…"
    shown = echo(TRICKY, 200)
    assert "\\[free](https://x.io)" in shown  # (no masked link)
    assert "\\*\\*boss\\*\\*" in shown and "@everyone" not in shown


async def test_a_long_rules_topic_gets_a_sentence_not_something_went_wrong(world):
    r = await world.alice.slash(world.channel, "taroky rules", topic="talon " * 300)
    assert r.ephemeral
    assert r.response.content == (f"A rules topic is at most {MAX_TOPIC} characters long; "
                                  "see /taroky rules for the list.")


async def test_an_unknown_topic_is_repeated_escaped(world):
    r = await world.alice.slash(world.channel, "taroky rules", topic="**nope**")
    assert r.response.content.startswith("There is no page about '\\*\\*nope\\*\\*'")


async def test_a_display_name_with_markdown_shows_escaped(world):
    guild = world.guild
    mallory = guild.add_member(world.env.create_user(NAME))
    await mallory.slash(world.channel, "taroky new", options=PLAY, teach=False)
    await mallory.click(table_message(world), label="Start")
    table = table_of(world)
    name = table.seats[0].name
    assert name == echo(NAME, NAME_LIMIT) == "\\[free](https://x.io) \\*\\*boss\\*\\*"
    for _ in range(40):  # (nobody clicks: the computer plays for the absent player)
        if table.status != "playing":
            break
        await world.env.advance_time(241)
    texts = [" ".join([e.description or "", *(f.value for f in e.fields)])
             for m in world.channel.history() for e in m.embeds]
    shown = [text for text in texts if "(https://x.io)" in text]
    assert shown, "the summary names the player"
    for text in shown:  # (only ever escaped: no masked link, no bold)
        assert "[free]" not in text.replace("\\[free]", "") and "**boss" not in text
