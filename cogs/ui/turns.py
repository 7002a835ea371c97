"""Your turn, your countdown: the one ping a human gets when the table waits for them,
and the time left before a computer plays for them.

* **The ping** — when a hand's turn passes to a human (who is not away), the bot posts
  one short channel message mentioning only them, and deletes it as soon as the turn
  moves on (their move, a computer's takeover, the end of the hand).  A mention is what
  makes Discord notify a player who is not looking at the channel; an ephemeral message
  cannot (it reaches only someone who just clicked), and an edit of the table message
  does not notify.  Deleting it after the move keeps the channel to the table message
  and the summaries — what game bots such as chess and Uno bots do with their turn
  pings.  A player acting several times in a row (a discard, then an announcement) is
  pinged once: the turn is theirs until someone else is to act.
* **The countdown** — the panel says when a computer takes the seat over, as Discord's
  relative timestamp ``<t:…:R>``, which every client counts down by itself (no edits).
  The time is the table's own absence timer (``Table.takeover_in``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.tables import words
from bot.tables.table import PLAYING, Table

log = logging.getLogger(__name__)


def human_to_act(table: Table) -> int | None:
    """The user id of the human the table waits for, or None (a computer, nobody, or a
    player who is away and played for)."""
    game = table.game
    if table.status != PLAYING or game is None or game.to_act is None:
        return None
    seat = table.seats[game.to_act]
    if seat is None or seat.computer_plays:
        return None
    return seat.user_id


def takeover_line(table: Table, seat: int) -> str | None:
    """"A computer plays for you <t:…:R> …" for the panel of ``seat`` when it is to act."""
    game = table.game
    if game is None or game.to_act != seat:
        return None
    left = table.takeover_in()
    if left is None:
        return None
    at = int(discord.utils.utcnow().timestamp() + left)
    return "⏱ " + words.seat_text(table, seat)._(
        "A computer plays for you {when} if you have not chosen by then.", when=f"<t:{at}:R>")


class TurnPings:
    """The turn pings of every table of one bot: (user, hand, message) per table."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.sent: dict[str, tuple[int, int, int]] = {}

    async def update(self, table: Table) -> None:
        """After a change of ``table``: ping the human whose turn has just begun, delete the
        ping of a turn that is over.  Failures are logged; the game goes on."""
        want = human_to_act(table)
        old = self.sent.get(table.id)
        if old is not None and want is not None and old[:2] == (want, table.hand_no):
            return  # still the same turn
        if old is not None:
            self.sent.pop(table.id, None)
            await self._delete(table, old[2])
        if want is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            message = await channel.send(
                words.public_text(table)._("{mention}, it's your turn at the Taroky table: click **My hand**.",
                                           mention=f"<@{want}>"),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(want)], everyone=False, roles=False),
            )
        except discord.HTTPException:
            log.warning("Could not ping the player to act at table %s", table.id)
            return
        self.sent[table.id] = (want, table.hand_no, message.id)

    async def _delete(self, table: Table, message_id: int) -> None:
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("The turn ping %s of table %s was already gone", message_id, table.id)

    def forget(self, table: Table) -> None:
        """The table is closed: its ping goes too (in the background)."""
        old = self.sent.pop(table.id, None)
        if old is not None:
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().create_task(self._delete(table, old[2]))
