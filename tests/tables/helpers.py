"""Tables on the real engine for the runtime tests: stacked or seeded decks, no waiting."""

from __future__ import annotations

from bot.tables.deals import Deals
from bot.tables.manager import TableManager
from bot.tables.table import Table, TableConfig, TableTimings
from bot.tables.table_states import MemoryTableStore

HOST = 10  # the user who opens the tables
NO_PAUSE = TableTimings(ai_delay=0, reminder_after=1000, takeover_after=1000)


def manager(deals: Deals | None = None, store: MemoryTableStore | None = None) -> TableManager:
    """Tables in memory whose computers act at once; hand n is shuffled with seed 3 + n
    unless ``deals`` says otherwise."""
    return TableManager(store or MemoryTableStore(), deals=deals or Deals(seed=3), timings=NO_PAUSE)


def open_table(m: TableManager, config: TableConfig | None = None, *, seated: bool = True,
               channel: int = 2) -> Table:
    """A table in ``channel``; the host takes seat 1 when ``seated``."""
    return m.open(guild_id=1, channel_id=channel, host_id=HOST, config=config or TableConfig(),
                  host_name="Host" if seated else None)


async def computers_done(table: Table) -> None:
    """Let the computer players act until a human must act or the hand is over (the
    driver task runs them one after another; awaiting it needs no clock)."""
    while table._driver is not None and not table._driver.done():
        await table._driver
