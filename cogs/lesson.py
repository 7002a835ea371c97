"""``/taroky lesson [variant]``: a guided hand against computer seats, for one learner.

The command lives in the ``/taroky`` group (``cogs.taroky`` adds it); the lesson itself
is :mod:`bot.tables.lesson` (deals, steps, feedback) and :mod:`cogs.ui.lesson_view`
(its private panel and buttons).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.engine import find_variant
from bot.tables.lesson import LessonTable, find_plan, lesson_variants
from cogs.ui.client import table_client
from cogs.ui.components import display_name, reply_error, user_error
from cogs.ui.lesson_view import LESSON_COMPONENTS, LessonOutput, end_lesson

if TYPE_CHECKING:
    from cogs.ui.client import TableClient


def _lesson_output(client: TableClient) -> LessonOutput:
    """The one output of every lesson of this bot (made on first use)."""
    for running in client.tables.lessons.values():
        if isinstance(running.output, LessonOutput):
            return running.output
    return LessonOutput(client, edit_interval=0.0, render_in_thread=client.output.render_in_thread)


@app_commands.command(name="lesson", description="A guided lesson: prepared hands against computer players")
@app_commands.describe(variant="Which game to learn")
@app_commands.choices(variant=[app_commands.Choice(name=find_variant(v).title, value=v) for v in lesson_variants()])
@app_commands.guild_only()
async def lesson(interaction: discord.Interaction, variant: str = "czech") -> None:
    """Deal the first prepared hand of ``variant`` and show the learner's private lesson panel."""
    try:
        await _start(interaction, variant)
    except Exception as error:
        if user_error(error) is None and not isinstance(error, discord.HTTPException):
            raise
        await reply_error(interaction, error)


async def _start(interaction: discord.Interaction, variant: str) -> None:
    client = table_client(interaction)
    plan = find_plan(variant)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lessons = client.tables.lessons
    for old in [t for t in lessons.values() if isinstance(t, LessonTable) and t.learner_id == interaction.user.id]:
        await end_lesson(lessons, old)  # one lesson per learner
    output = _lesson_output(client)
    t = await client.languages.for_reader(interaction)  # (a lesson is private: all in the learner's language)
    table = LessonTable(
        plan=plan, learner_id=interaction.user.id, learner_name=display_name(interaction.user),
        guild_id=interaction.guild_id or 0, channel_id=interaction.channel_id or 0,
        timings=client.tables.timings, output=output, lang=t.lang,
    )
    lessons[table.id] = table
    output.panels[(table.id, interaction.user.id)] = (interaction, 0.0)
    await table.start(interaction.user.id)
    await output.show_panel(interaction, table)


def setup_lesson(group: app_commands.Group, bot: TableClient) -> None:
    """Add ``lesson`` to the ``/taroky`` group and register the lesson's buttons."""
    group.add_command(lesson)
    bot.add_dynamic_items(*LESSON_COMPONENTS)


__all__ = ["lesson", "lesson_variants", "setup_lesson"]
