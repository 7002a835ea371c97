"""Fixtures for the store tests: every test runs against both stores, a real SQLite
file and a real PostgreSQL database (a fresh schema on the session's throwaway server,
``tests/pg_cluster.py``; skipped with the reason when no server can be started)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.interface import is_postgres_url
from tests.pg_cluster import Cluster, fresh_url

#: Where a test's store lives: a SQLite file path or a PostgreSQL URL.
Location = str | Path
OpenStore = Callable[..., Awaitable[Store]]


async def open_at(location: Location, synchronous: str = "FULL") -> Store:
    """Open the store at ``location`` (SQLite file or PostgreSQL URL)."""
    if isinstance(location, str) and is_postgres_url(location):
        from bot.store.pg import PostgresStore

        return await PostgresStore.open(location, synchronous=synchronous)
    return await Store.open(location, synchronous=synchronous)


def location_for(backend: str, tmp_path: Path, pg_cluster: Cluster | str) -> Location:
    if backend == "sqlite":
        return tmp_path / "data" / "taroky.sqlite3"
    if isinstance(pg_cluster, str):
        pytest.skip(pg_cluster)
    return fresh_url(pg_cluster)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> Location:
    """This test's database: a SQLite file, or an empty PostgreSQL schema."""
    if request.param == "sqlite":
        return tmp_path / "data" / "taroky.sqlite3"
    return location_for(request.param, tmp_path, request.getfixturevalue("pg_cluster"))


@pytest.fixture
def open_store(store_location: Location) -> OpenStore:
    """Open (or open again) a store on this test's database."""

    async def _open(synchronous: str = "FULL") -> Store:
        return await open_at(store_location, synchronous)

    return _open


@pytest.fixture
async def store(open_store: OpenStore) -> AsyncIterator[Store]:
    s = await open_store()
    try:
        yield s
    finally:
        await s.close()
