"""The harness gives every SimCord test a settle timeout a busy machine can meet, and
SimCord's clock without wall-clock waits."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from tests.discord.conftest import SETTLE_TIMEOUT


async def test_a_test_without_its_own_timeout_gets_the_harness_one(simcord_env) -> None:
    assert simcord_env.settle_timeout == SETTLE_TIMEOUT


@pytest.mark.simcord(settle_timeout=7.0)
async def test_a_test_keeps_its_own_timeout(simcord_env) -> None:
    assert simcord_env.settle_timeout == 7.0


async def test_a_bot_timer_within_the_settle_window_fires_in_the_operation_at_its_instant(world: Any) -> None:
    """SimCord settles an operation with the bot's timers due within its window, and the
    harness moves the simulated clock to each as soon as the bot is idle
    (``tests/discord/clock.py``): they fire at their own instants, in order, before the
    operation returns; one due beyond the window waits for ``advance_time``."""
    env = world.env
    fired: list[tuple[str, timedelta]] = []

    async def on_guild_channel_create(channel: Any) -> None:
        start = env.now()
        await asyncio.sleep(1.5)
        fired.append(("first", env.now() - start))
        await asyncio.sleep(2.0)
        fired.append(("second", env.now() - start))
        await asyncio.sleep(SETTLE_TIMEOUT)
        fired.append(("beyond the window", env.now() - start))

    world.bot.add_listener(on_guild_channel_create)
    world.guild.create_text_channel("timers")
    await env.settle()
    assert fired == [("first", timedelta(seconds=1.5)), ("second", timedelta(seconds=3.5))]
    await env.advance_time(SETTLE_TIMEOUT)
    assert fired[2:] == [("beyond the window", timedelta(seconds=3.5 + SETTLE_TIMEOUT))]
