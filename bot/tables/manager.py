"""All open tables of the bot: one per channel, created, found, persisted and closed here."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Protocol

from bot.tables.errors import NoTable, TableError
from bot.tables.games import EngineFactory, GameFactory
from bot.tables.table import CLOSED, Seat, Table, TableConfig, TableOutput, TableTimings

log = logging.getLogger(__name__)


class TableStateStore(Protocol):
    """Where table snapshots live between restarts (the SQLite store implements this)."""

    async def save_table_state(
        self, guild_id: int, channel_id: int, state_json: str, message_id: int | None
    ) -> None: ...

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None: ...

    async def load_all_table_states(self) -> list[str]: ...


class MemoryTableStore:
    """Table snapshots in memory (tests; survives ``restart_bot`` when shared)."""

    def __init__(self) -> None:
        self.states: dict[tuple[int, int], str] = {}

    async def save_table_state(
        self, guild_id: int, channel_id: int, state_json: str, message_id: int | None
    ) -> None:
        self.states[(guild_id, channel_id)] = state_json

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        self.states.pop((guild_id, channel_id), None)

    async def load_all_table_states(self) -> list[str]:
        return list(self.states.values())


class JsonFileTableStore(MemoryTableStore):
    """Table snapshots in one JSON file (until the SQLite store takes over)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        if path.is_file():
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                self.states = {(int(g), int(c)): s for g, c, s in raw}
            except (ValueError, TypeError):
                log.warning("Ignoring unreadable table file %s", path)

    def _flush(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        rows = [[g, c, s] for (g, c), s in self.states.items()]
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows), encoding="utf-8")
        tmp.replace(self.path)

    async def save_table_state(
        self, guild_id: int, channel_id: int, state_json: str, message_id: int | None
    ) -> None:
        await super().save_table_state(guild_id, channel_id, state_json, message_id)
        self._flush()

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await super().delete_table_state(guild_id, channel_id)
        self._flush()


class SqliteTableStore:
    """Adapter: table snapshots in the SQLite store (``bot.store.Store``)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    async def save_table_state(
        self, guild_id: int, channel_id: int, state_json: str, message_id: int | None
    ) -> None:
        await self.store.save_table_state(guild_id, channel_id, json.loads(state_json), message_id)

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await self.store.delete_table_state(guild_id, channel_id)

    async def load_all_table_states(self) -> list[str]:
        return [json.dumps(row.state) for row in await self.store.load_all_table_states()]


class TableManager:
    """Finds the table of a channel, opens and closes tables, restores them at start-up."""

    def __init__(
        self,
        store: TableStateStore,
        *,
        factory: GameFactory | None = None,
        timings: TableTimings | None = None,
        output: TableOutput | None = None,
    ) -> None:
        self.store = store
        self.factory: GameFactory = factory or EngineFactory()
        self.timings = timings or TableTimings()
        self.output = output
        self.tables: dict[int, Table] = {}

    def get(self, channel_id: int) -> Table | None:
        return self.tables.get(channel_id)

    def require(self, channel_id: int) -> Table:
        table = self.tables.get(channel_id)
        if table is None:
            raise NoTable("There is no Taroky table in this channel; open one with /taroky new.")
        return table

    def by_id(self, channel_id: int, table_id: str) -> Table:
        """The table a component belongs to; refuses buttons of a closed, older table."""
        table = self.require(channel_id)
        if table.id != table_id:
            raise TableError("That button belongs to a table that has been closed.")
        return table

    def open(
        self, *, guild_id: int, channel_id: int, host_id: int, config: TableConfig, host_name: str | None = None
    ) -> Table:
        """Open a table (the host takes seat 1 when ``host_name`` is given); nothing is posted."""
        if channel_id in self.tables:
            raise TableError("This channel already has a Taroky table; use /taroky end to close it first.")
        table = Table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            config=config,
            factory=self.factory,
            timings=self.timings,
            output=self.output,
        )
        if host_name is not None:
            table.seats[0] = Seat(name=host_name, user_id=host_id)
        table.save_hook = self.save
        self.tables[channel_id] = table
        return table

    async def save(self, table: Table) -> None:
        if table.status == CLOSED:
            return
        await self.store.save_table_state(
            table.guild_id, table.channel_id, json.dumps(table.to_state()), table.message_id
        )

    async def close(self, table: Table) -> None:
        await table.close()
        self.tables.pop(table.channel_id, None)
        await self.store.delete_table_state(table.guild_id, table.channel_id)

    async def restore_all(self) -> list[Table]:
        """Rebuild every saved table (after a restart) and resume their game loops."""
        restored: list[Table] = []
        for raw in await self.store.load_all_table_states():
            try:
                state: dict[str, Any] = json.loads(raw)
                table = Table.from_state(
                    state, factory=self.factory, timings=self.timings, output=self.output
                )
            except Exception:
                log.exception("Could not restore a saved table; skipping it")
                continue
            table.save_hook = self.save
            self.tables[table.channel_id] = table
            restored.append(table)
        return restored

    def resume_all(self) -> None:
        """Start the game loops of restored tables (needs a running event loop)."""
        for table in self.tables.values():
            table.kick()
