"""The measured case of ``benchmarks/message_build.py`` (run by it, through pytest)."""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import time
from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.tables.scenes import hand_scene, table_scene
from cogs.ui.messages import panel_message, table_message
from tests.discord.conftest import (  # noqa: F401  (the Discord tests' fixtures, used here by name)
    SETTLE_TIMEOUT,
    game_factory,
    make_bot,
    simcord_bot,
    simcord_clock,
    table_store,
    test_settings,
    warm_renderer,
    world,
)
from tests.discord.harness import engine_first, take_turn, two_humans

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)


def cpu_us(build: Callable[[], object], n: int = 2000) -> float:
    """CPU microseconds of one ``build()``: the median of five rounds of ``n``."""
    rounds = []
    for _ in range(5):
        start = time.thread_time()
        for _ in range(n):
            build()
        rounds.append((time.thread_time() - start) / n * 1e6)
    return sorted(rounds)[2]


async def test_message_build(world: Any) -> None:  # noqa: F811  (the fixture of that name)
    table, panels = await two_humans(world)
    members = {m.id: m for m in world.players}
    for _ in range(30):
        chair = table.seats[table.game.to_act]
        if chair.user_id is None:
            await world.env.advance_time(1.3)
            continue
        await take_turn(members[chair.user_id], panels[chair.user_id],
                        engine_first(table.game.legal_actions(table.game.to_act)[0].code))
    seat = table.game.to_act
    other = (seat + 1) % len(table.seats)
    builds: dict[str, Callable[[], object]] = {
        "panel of the seat to act": lambda: panel_message(table, seat, reviews=True),
        "panel of a seat that waits": lambda: panel_message(table, other, reviews=True),
        "table message": lambda: table_message(table),
        "table scene": lambda: table_scene(table),
        "hand scene": lambda: hand_scene(table, seat),
        "(discord.py) an empty View": lambda: discord.ui.View(timeout=None),
    }
    print(f"\nphase {table.game.public_view().phase}, hand {table.hand_no}, step {table.step}")
    for name, build in builds.items():
        print(f"  {name:46} {cpu_us(build):7.1f} µs CPU")
    if os.environ.get("TAROKY_MESSAGE_BUILD_PROFILE"):
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(1000):
            for build in builds.values():
                build()
        profile.disable()
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumtime").print_stats(40)
        print(out.getvalue())
