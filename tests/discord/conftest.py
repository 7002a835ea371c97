"""SimCord harness: the real TarokyBot against a simulated Discord (no network, no token).

Fixtures
--------
* ``table_store`` — an in-memory table store shared across ``env.restart_bot()``
  (it plays the part of the database).
* ``game_factory`` — how tables make games (a seeded real engine; tests may override).
* ``simcord_bot`` — the bot under test (SimCord's ``simcord_env`` fixture runs it).
* ``make_bot`` — builds a fresh bot on the same store, for ``env.restart_bot(make_bot())``.
* ``world`` — a guild, a ``#taroky`` channel and four members (alice, bob, cyril, dana).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import TarokyBot
from bot.config import Settings
from bot.tables.deals import Deals
from bot.tables.table_states import MemoryTableStore
from cogs.ui.output import _ensure_warm
from tests.discord.clock import simulated_clock
from tests.discord.harness import seeded_factory


@pytest.fixture(scope="session", autouse=True)
def warm_renderer() -> None:
    """Draw the card faces once per test process, before any bot runs: the first
    drawing (seconds of CPU) otherwise fell inside some test's SimCord settle, which on a
    busy machine (load 10) it outlasted ("bot did not settle after INTERACTION_CREATE",
    a warm-up still drawing)."""
    _ensure_warm()


@pytest.fixture(scope="session", autouse=True)
def simcord_clock() -> Iterator[None]:
    """A bot timer due within an operation fires on SimCord's simulated clock as soon as
    the bot is otherwise idle, not after a wall-clock wait (``tests/discord/clock.py``)."""
    with simulated_clock():
        yield


@pytest.fixture
def table_store() -> MemoryTableStore:
    return MemoryTableStore()


@pytest.fixture
def game_factory() -> Deals:
    """The real engine with a seeded shuffle (the same deals every run)."""
    return seeded_factory(1)


@pytest.fixture
def test_settings() -> Settings:
    return Settings(token="", reminder_after=120.0, takeover_after=120.0).for_tests()


@pytest.fixture
def make_bot(
    test_settings: Settings, table_store: MemoryTableStore, game_factory: Deals
) -> Callable[[], TarokyBot]:
    def make() -> TarokyBot:
        return TarokyBot(test_settings, table_store=table_store, deals=game_factory)

    return make


@pytest.fixture
def simcord_bot(make_bot: Callable[[], TarokyBot]) -> TarokyBot:
    return make_bot()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "taroky.sqlite3"


@pytest.fixture
async def make_sqlite_bot(db_path: Path, game_factory: Deals) -> AsyncIterator[Callable[[], TarokyBot]]:
    """Bots on a real SQLite file (``db_path``), each restart a new bot on the same file;
    a module whose ``make_bot`` returns this runs its tests on it."""
    bots: list[TarokyBot] = []

    def make() -> TarokyBot:
        bot = TarokyBot(Settings(token="", db_path=db_path).for_tests(), deals=game_factory)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:  # SimCord detaches bots without closing them: close their stores
        if bot.store is not None:
            await bot.store.close()


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    cyril: Any
    dana: Any

    @property
    def bot(self) -> TarokyBot:
        return self.env.bot  # type: ignore[no-any-return]

    @property
    def players(self) -> list[Any]:
        return [self.alice, self.bob, self.cyril, self.dana]


@pytest.fixture
def world(simcord_env: Any) -> World:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("taroky")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "cyril", "dana")]
    return World(simcord_env, guild, channel, *members)


#: How long SimCord waits for the bot to settle after an event, unless a test says.
#: SimCord's own 5 s is plenty on an idle machine, but a CI runner or a machine busy with
#: other builds can starve the bot for longer; a real hang still fails, only later.
SETTLE_TIMEOUT = 30.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marker = item.get_closest_marker("simcord")
        kwargs = dict(marker.kwargs) if marker is not None else {}
        if "settle_timeout" not in kwargs:
            item.add_marker(pytest.mark.simcord(**kwargs, settle_timeout=SETTLE_TIMEOUT))
