"""The lesson on Discord: one ephemeral panel for the learner (the normal panel with the
step's goal, the feedback and the table picture on top), and its two buttons.

The lesson's table has :class:`LessonOutput` as its output; the bot's own output hands
the lesson's panels to it (the table's own output, ``Table.output``), so the panel's normal
buttons — the choices, Why?, Hint, Refresh — work as at any table.  Nothing is posted in
the channel: only the learner sees the lesson.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.engine import HandResult
from bot.i18n import N_, Text
from bot.store.models import Session as SessionRecord
from bot.tables import words
from bot.tables.errors import TableError
from bot.tables.lesson import STEP_BY_KEY, LessonTable
from bot.tables.scenes import hand_scene, summary_scene, table_scene
from bot.tables.table import PLAYING, Table
from cogs.ui.client import table_client
from cogs.ui.components import TableComponent
from cogs.ui.messages import panel_message
from cogs.ui.output import DiscordTableOutput

LESSON_COLOUR = discord.Colour(0x1565C0)


def lesson_embed(table: LessonTable) -> discord.Embed:
    """The lesson's part of the panel: the step in front of the learner, the feedback on
    the last one, or the review at the end."""
    lesson = table.lesson
    t = words.seat_text(table, table.learner_seat)  # the learner's language
    variant = t.variant_title(table.session.variant.name)
    embed = discord.Embed(title=t._("Lesson — {variant}", variant=variant), colour=LESSON_COLOUR)
    parts: list[str] = []
    if lesson.review is not None:
        embed.title = t._("Lesson — {variant}: the review", variant=variant)
        ended = table.session.end_text(t) if table.hand_no < table.plan.hands else None
        if ended is not None:  # (a chip game ends when a player is broke, NE-9: the lesson too)
            parts.append("**" + t._("The lesson ends after hand {hand} of {hands}:", hand=table.hand_no,
                                    hands=table.plan.hands) + "** " + words.named(table, ended))
        parts.append(lesson.review)
    elif lesson.between is not None and table.has_next_hand:
        parts.append(lesson.between)
    else:
        if lesson.last is not None:
            parts.append(f"**{t._(lesson.last.step.title)}.** {lesson.last.feedback}")
            if table.can_take_back:
                parts.append(t._("Click **Try again** to take that choice back, or play on."))
        pending = lesson.pending
        if not lesson.done:
            read = STEP_BY_KEY["read"]
            goal = t._(read.goal, skyz=table.session.variant.card_words.skyz)
            parts.append("**" + t._("Step {n} — {title}.", n=1, title=t._(read.title)) + f"** {goal}")
        if pending is not None and pending.step is not None:
            n = len(lesson.done) + 2
            parts.append("**" + t._("Step {n} — {title}.", n=n, title=t._(pending.step.title)) + "** "
                         + t._("Goal: {goal}", goal=pending.goal))
        elif table.status == PLAYING and table.game is not None and table.game.to_act != table.learner_seat:
            parts.append(t._("The computer players are playing…"))
        parts.append(t._("Why? explains the rules of this moment; Hint shows the strong computer player's choice."))
    embed.description = "\n\n".join(parts)[:4000]
    embed.set_footer(text=t._("A lesson: nothing here is booked, and only you can see it."))
    return embed


class LessonButton(
    TableComponent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"tk:L:(?P<table>[0-9a-f]{1,16}):(?P<what>again|end|next)",
):
    """Try again (take the last judged choice back), Next hand (the lesson's next
    prepared hand) and End lesson, on a lesson panel."""

    LABELS = {"again": (N_("Try again"), discord.ButtonStyle.primary),
              "next": (N_("Next hand"), discord.ButtonStyle.primary),
              "end": (N_("End lesson"), discord.ButtonStyle.secondary)}

    def __init__(self, table_id: str, what: str, *, row: int | None = None, t: Text | None = None) -> None:
        label, style = self.LABELS[what]
        label = (t or Text())._(label)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tk:L:{table_id}:{what}", row=row))
        self.table_id, self.what = table_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LessonButton:
        return cls(match["table"], match["what"])

    async def clicked(self, interaction: discord.Interaction, table: Table) -> None:
        if not isinstance(table, LessonTable):
            raise TableError(N_("That button belongs to a lesson that is over."))
        client = table_client(interaction)
        if self.what == "end":
            await end_lesson(client.tables.lessons, table)
            await interaction.response.edit_message(
                content=self._t._("The lesson is over. Start another with /taroky lesson, or a real table with "
                                  "/taroky new."),
                embeds=[], view=None, attachments=[])
            return
        await interaction.response.defer()
        client.output.remember_panel(table, interaction.user.id, interaction)
        if self.what == "next":
            await table.next_hand(interaction.user.id)
            return
        await table.take_back()


LESSON_COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (LessonButton,)


async def end_lesson(lessons: dict[str, Table], table: Table) -> None:
    """Close a lesson and forget it (its buttons then say it is over)."""
    lessons.pop(table.id, None)
    await table.close()


class LessonOutput(DiscordTableOutput):
    """The output of lesson tables: the learner's panel only, never a public message."""

    async def table_changed(self, table: Table) -> None:
        if isinstance(table, LessonTable):
            await table.prepare()
        await self.refresh_panels(table)

    async def remind(self, table: Table, seat: int) -> None:
        return None

    async def hand_finished(self, table: Table, hand_no: int, result: HandResult) -> int | None:
        if isinstance(table, LessonTable):
            table.finish(result)
        await self.refresh_panels(table)
        return None  # (a lesson posts no summary: the learner's panel shows it)

    async def session_finished(self, table: Table, session: SessionRecord) -> None:
        return None

    async def panel_payload(
        self, table: Table, seat: int, *, wait: bool = True
    ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
        """Kept for the base class: the first embed of :meth:`lesson_payload` (a lesson
        always waits for its pictures)."""
        embeds, view, files = await self.lesson_payload(table, seat)
        return embeds[0], view, files

    async def lesson_payload(
        self, table: Table, seat: int
    ) -> tuple[list[discord.Embed], discord.ui.View, list[discord.File]]:
        """The lesson embed (with the table picture, or the summary at the end) and the
        normal panel (with the hand picture) and its buttons, plus Try again / End."""
        panel, view = panel_message(table, seat)
        panel.remove_footer()  # (no balance: nothing in a lesson is booked)
        embeds: list[discord.Embed] = []
        files: list[discord.File] = []
        if isinstance(table, LessonTable):
            top = lesson_embed(table)
            embeds.append(top)
            result = table.last_result
            if table.status == PLAYING:
                files += await self.picture(self._scene(lambda: table_scene(table)), "table.png", top)
            elif result is not None:
                files += await self.picture(
                    self._scene(lambda: summary_scene(table, table.hand_no, result)), "summary.png", top)
            row = 4
            t = words.seat_text(table, seat)
            if table.can_take_back:
                view.add_item(LessonButton(table.id, "again", row=row, t=t))
            if table.has_next_hand:
                view.add_item(LessonButton(table.id, "next", row=row, t=t))
            view.add_item(LessonButton(table.id, "end", row=row, t=t))
        if table.status == PLAYING and table.game is not None:
            files += await self.picture(self._scene(lambda: hand_scene(table, seat)), "hand.png", panel)
            embeds.append(panel)
        return embeds, view, files

    async def show_panel(self, interaction: discord.Interaction, table: Table, *, edit: bool = False) -> None:
        """Refresh (and the command) show the lesson panel with all its embeds."""
        seat = table.require_seat(interaction.user.id)
        if not edit and not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with table.lock:
            embeds, view, files = await self.lesson_payload(table, seat)
            if edit:
                await interaction.response.edit_message(embeds=embeds, view=view, attachments=files)
            else:
                await interaction.edit_original_response(embeds=embeds, view=view, attachments=files)
        self.panels[(table.id, interaction.user.id)] = (interaction, _now())
        self._panel_drawn[(table.id, interaction.user.id)] = self._moment(table, interaction)

    def remember_panel(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        """A choice was clicked on the panel: it is refreshed when the table changes."""
        self.panels[(table.id, user_id)] = (interaction, _now())

    async def refresh_panels(self, table: Table, *, wait: bool = True) -> None:
        """The learner's panel, drawn again (with its pictures: a lesson waits for them)."""
        for (table_id, user_id), (interaction, _shown) in list(self.panels.items()):
            if table_id != table.id:
                continue
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            embeds, view, files = await self.lesson_payload(table, seat)
            try:
                await interaction.edit_original_response(embeds=embeds, view=view, attachments=files)
            except discord.HTTPException:
                self.panels.pop((table_id, user_id), None)


def _now() -> float:
    import time

    return time.monotonic()
