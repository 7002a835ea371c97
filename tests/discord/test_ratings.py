"""Standings by skill in Discord (issue 28, item 4), on the real bot with a real SQLite
file: ``/taroky leaderboard order:rating`` ranks the people of a variant by the
conservative rating, with its uncertainty in words and the provisional ones marked, the
computer levels beside them; ``/taroky stats`` shows each rating and a chart of the
season."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

import pytest
from PIL import Image

from bot.ratings import PROVISIONAL_HANDS, HandOutcome, SeatOutcome
from bot.store import SettledHand
from bot.tables.deals import Deals
from rendering.chart import CHART_HEIGHT, CHART_WIDTH
from tests.discord.harness import PLAY, open_panel, play_out, table_message

#: Deals whose first hand is played out (a hand surrendered or thrown in is not rated).
SEED = 5


@pytest.fixture
def game_factory() -> Deals:
    return Deals(seed=SEED)


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    return make_sqlite_bot


async def played_hand(world: Any) -> None:
    """Alice and Bob play a hand of Czech with two computers (normal)."""
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    await play_out(world, {m.id: await open_panel(world, m) for m in (world.alice, world.bob)})


async def test_leaderboard_by_rating_and_stats_with_a_chart(world: Any) -> None:
    await played_hand(world)
    store = world.bot.store
    (alice,) = [s for s in await store.ratings(world.guild.id, "czech") if s.player == str(world.alice.id)]

    board = await world.cyril.slash(world.channel, "taroky leaderboard", order="rating")
    assert not board.ephemeral
    embed = board.response.embeds[0]
    assert embed.title == "Leaderboard — Rating · Czech Taroky (Hlučín)"  # the variant played
    lines = embed.description.splitlines()
    people = [ln for ln in lines if ln.startswith("**")]
    assert len(people) == 2  # the two people, ranked; the computers come after, for comparison
    mine = next(ln for ln in people if f"<@{world.alice.id}>" in ln)
    assert f"— {alice.rating:.1f} (skill {alice.mu:.1f}, give or take {3 * alice.sigma:.1f}) · 1 hand" in mine
    assert mine.endswith("· provisional") and alice.hands < PROVISIONAL_HANDS
    assert any(ln.startswith("For comparison, the computer players: normal ") for ln in lines)
    assert "fewer than 20 hands rated" in lines[-1]

    stats = await world.alice.slash(world.channel, "taroky stats")
    assert stats.ephemeral
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert fields["Rating"].startswith(f"Czech Taroky (Hlučín): {alice.rating:.1f} (skill")
    assert not stats.response.attachments  # one hand: no line to draw yet
    await world.alice.click(table_message(world), label="Deal the next hand")
    await play_out(world, {m.id: await open_panel(world, m) for m in (world.alice, world.bob)})
    stats = await world.alice.slash(world.channel, "taroky stats")
    assert stats.response.embeds[0].image.url == "attachment://rating.png"
    (attachment,) = stats.response.attachments
    chart = Image.open(io.BytesIO(world.env.backend.cdn.get(attachment.url)))
    assert chart.size == (CHART_WIDTH, CHART_HEIGHT)
    nobody = await world.cyril.slash(world.channel, "taroky stats")
    assert "Rating" not in {f.name for f in nobody.response.embeds[0].fields}
    assert not nobody.response.attachments


def rated_hand(world: Any, n: int, winner: int, loser: int) -> SettledHand:
    hand = SettledHand.from_deltas(
        deltas={winner: 10, loser: -10}, hand_id=f"r{n}", guild_id=world.guild.id,
        channel_id=world.channel.id, variant="nebraska", currency="chips", season=1, record={},
        participants=[winner, loser])
    return dataclasses.replace(hand, outcome=HandOutcome(
        "nebraska", (SeatOutcome(str(winner), 0, 10), SeatOutcome(str(loser), 1, -10))))


async def test_rating_pages_keep_their_order_and_variant(world: Any) -> None:
    """Twelve people: two pages; Next and Previous stay on the rating of the variant."""
    store = world.bot.store
    for n in range(12):
        await store.settle_hand(rated_hand(world, n, 2000 + n, 3000 + n))
    board = await world.alice.slash(world.channel, "taroky leaderboard", order="rating", variant="nebraska")
    embed = board.response.embeds[0]
    assert "Rating · Nebraska" in embed.title and "page 1 of 3" in embed.footer.text  # 24 people
    first = [ln for ln in embed.description.splitlines() if ln.startswith("**")]
    assert len(first) == 10 and all("<@2" in ln for ln in first)  # the winners first
    page2 = await world.alice.click(board.response, label="Next")
    assert "page 2 of 3" in page2.response.embeds[0].footer.text
    assert "Rating · Nebraska" in page2.response.embeds[0].title


async def test_an_empty_rating_leaderboard_says_so(world: Any) -> None:
    board = await world.alice.slash(world.channel, "taroky leaderboard", order="rating")
    assert "Nobody is on this leaderboard yet" in board.response.embeds[0].description


async def test_stats_rating_in_the_readers_language(world: Any) -> None:
    """The rating's words and the chart come in the reader's language (Czech here)."""
    await played_hand(world)
    await world.alice.slash(world.channel, "taroky language", language="cs")
    stats = await world.alice.slash(world.channel, "taroky stats")
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert "(dovednost " in fields["Hodnocení"] and "plus minus" in fields["Hodnocení"]
    assert fields["Hodnocení"].endswith("· předběžné")


async def test_the_bot_recomputes_ratings_of_another_version_when_it_starts(world: Any, make_bot: Any) -> None:
    """Ratings stored under another ``RATINGS_VERSION`` (as after a new definition, or the
    upgrade that brought ratings) are recomputed from the history when the bot starts, in
    the background once its tables are back."""
    await played_hand(world)
    store = world.bot.store
    live = await store.ratings(world.guild.id, "czech")
    async with store._write() as conn:  # as if written by another definition
        await conn.execute("UPDATE rating_sets SET version = version - 1")
        await conn.execute("UPDATE ratings SET mu = mu + 1")
    await world.env.restart_bot(make_bot())
    assert world.bot.ratings_refresh is not None
    await world.bot.ratings_refresh  # (in the background, once the tables are back)
    again = world.bot.store
    assert await again.stale_rating_sets() == []
    assert await again.ratings(world.guild.id, "czech") == live
