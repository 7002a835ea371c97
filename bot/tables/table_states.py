"""Where table snapshots live between restarts: the :class:`TableStateStore` protocol
the manager saves through, and its three stores — in memory (tests), in a JSON file, and
in the bot's database (``DataStore``: the SQLite file or PostgreSQL)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from bot.store import DataStore, Shards, StaleTableStateError, TableKey

log = logging.getLogger(__name__)


class SavedTable(NamedTuple):
    """A table snapshot as saved (``Table.to_state()``) and the version it was saved at."""

    state: dict[str, Any]
    version: int


class TableStateStore(Protocol):
    """Where table snapshots live between restarts (the SQLite and PostgreSQL stores
    implement this through ``DatabaseTableStore``); snapshots are dicts end to end.

    Saves are versioned: a save names the version the table was loaded or last saved
    at (``expected_version``; 0 for a table never saved) and is refused with
    ``StaleTableStateError`` if the stored one differs, so no process overwrites a
    newer state (no last writer wins).  Leases say which process serves a table."""

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int: ...

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None: ...

    async def load_table_states(self, shards: Shards | None = None) -> list[SavedTable]: ...

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float
    ) -> list[TableKey]: ...

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None: ...

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        """Save a snapshot (``Table.to_state()``) soon, in a group with other tables'
        (the database stores commit them together every few tens of milliseconds),
        over ``expected_version``; ``done`` is told the version written, or None if
        the stored version was another (another process saved the table)."""

    async def flush_table_states(self) -> None:
        """Write the queued snapshots now."""


def _copy(state: Mapping[str, Any]) -> dict[str, Any]:
    """A snapshot as a database would give it back: a copy, and only what JSON holds
    (a value the real stores could not save fails here too)."""
    copied: dict[str, Any] = json.loads(json.dumps(state, allow_nan=False))
    return copied


class MemoryTableStore:
    """Table snapshots in memory (tests; survives ``restart_bot`` when shared)."""

    def __init__(self) -> None:
        self.states: dict[tuple[int, int], dict[str, Any]] = {}
        self.versions: dict[tuple[int, int], int] = {}
        self.leases: dict[tuple[int, int], tuple[str, float]] = {}

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int:
        key = (guild_id, channel_id)
        version = self.versions.get(key, 0)
        if expected_version is not None and expected_version != version:
            raise StaleTableStateError(f"table {guild_id}/{channel_id} is not at version {expected_version}")
        self.states[key] = _copy(state)
        self.versions[key] = version + 1
        return version + 1

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        self.states.pop((guild_id, channel_id), None)
        self.versions.pop((guild_id, channel_id), None)

    async def load_table_states(self, shards: Shards | None = None) -> list[SavedTable]:
        return [
            SavedTable(_copy(state), self.versions.get(key, 0))
            for key, state in self.states.items()
            if shards is None or shards.owns(key[0])
        ]

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float
    ) -> list[TableKey]:
        now = time.time()
        held: list[TableKey] = []
        for key in tables:
            holder = self.leases.get(key)
            if holder is None or holder[0] == owner or holder[1] < now:
                self.leases[key] = (owner, now + ttl)
                held.append(key)
        return held

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None:
        for key in tables:
            if self.leases.get(key, ("", 0.0))[0] == owner:
                del self.leases[key]

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        key = (guild_id, channel_id)
        version = self.versions.get(key, 0)
        if expected_version != version:
            done(None)
            return
        self.states[key] = _copy(state)
        self.versions[key] = version + 1
        done(version + 1)

    async def flush_table_states(self) -> None:
        """Nothing waits: a queued snapshot is saved at once."""


class JsonFileTableStore(MemoryTableStore):
    """Table snapshots in one JSON file (until the SQLite store takes over)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        if path.is_file():
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                # (files written before snapshots were dicts hold each as a JSON string)
                self.states = {(int(g), int(c)): json.loads(s) if isinstance(s, str) else s
                               for g, c, s in raw}
            except (ValueError, TypeError):
                log.warning("Ignoring unreadable table file %s", path)

    def _flush(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        rows = [[g, c, s] for (g, c), s in self.states.items()]
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows), encoding="utf-8")
        tmp.replace(self.path)

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int:
        version = await super().save_table_state(
            guild_id, channel_id, state, message_id, expected_version=expected_version
        )
        self._flush()
        return version

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await super().delete_table_state(guild_id, channel_id)
        self._flush()

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        super().queue_table_state(
            guild_id, channel_id, state, message_id, expected_version=expected_version, done=done
        )
        self._flush()


class DatabaseTableStore:
    """Adapter: table snapshots in the store (``DataStore``: the SQLite file or
    PostgreSQL)."""

    def __init__(self, store: DataStore) -> None:
        self.store = store

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None,
        *,
        expected_version: int | None = None,
    ) -> int:
        return await self.store.save_table_state(
            guild_id, channel_id, state, message_id, expected_version=expected_version
        )

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await self.store.delete_table_state(guild_id, channel_id)

    async def load_table_states(self, shards: Shards | None = None) -> list[SavedTable]:
        rows = await self.store.load_all_table_states(shards=shards)
        return [SavedTable(row.state, row.version) for row in rows]

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float
    ) -> list[TableKey]:
        return await self.store.claim_tables(owner, tables, ttl=ttl)

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None:
        await self.store.release_tables(owner, tables)

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: dict[str, Any],
        message_id: int | None,
        *,
        expected_version: int,
        done: Callable[[int | None], None],
    ) -> None:
        self.store.queue_table_state(
            guild_id, channel_id, state, message_id, expected_version=expected_version, done=done
        )

    async def flush_table_states(self) -> None:
        await self.store.flush_table_states()
