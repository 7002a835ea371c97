"""Helpers for SimCord tests: find the table message, open panels, click choices."""

from __future__ import annotations

import random
from typing import Any

from bot.tables.games import EngineFactory
from bot.tables.table import Table


class SeededEngineFactory(EngineFactory):
    """The real engine with a reproducible shuffle: game n uses seed base + n."""

    def __init__(self, base_seed: int) -> None:
        self.base_seed = base_seed
        self.count = 0

    def new(self, variant: str, players: int, dealer: int, options: Any, rng: Any) -> Any:
        self.count += 1
        return super().new(variant, players, dealer, options, random.Random(self.base_seed + self.count))


def seeded_factory(base_seed: int) -> Any:
    """The real engine when it is installed, else the small fake game."""
    try:
        from bot.engine import new_game  # noqa: F401
    except ImportError:
        from tests.tables.fakegame import FakeFactory

        return FakeFactory(base_seed)
    return SeededEngineFactory(base_seed)


def table_of(world: Any) -> Table:
    table = world.bot.tables.get(world.channel.id)
    assert table is not None, "no table in the channel"
    return table  # type: ignore[no-any-return]


def table_message(world: Any) -> Any:
    """The public table message (a discord.Message) as everyone sees it."""
    table = table_of(world)
    for message in world.channel.history():
        if message.id == table.message_id:
            return message
    raise AssertionError("the table message is missing")


def custom_ids(message: Any) -> list[str]:
    out: list[str] = []
    rows = message.components
    for row in rows:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for c in children:
            cid = c.get("custom_id") if isinstance(c, dict) else getattr(c, "custom_id", None)
            if cid:
                out.append(cid)
    return out


def labels(message: Any) -> list[str]:
    out: list[str] = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for c in children:
            label = c.get("label") if isinstance(c, dict) else getattr(c, "label", None)
            if label:
                out.append(label)
    return out
