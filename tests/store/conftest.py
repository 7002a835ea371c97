"""Fixtures for the store tests: a real SQLite file per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "data" / "taroky.sqlite3")
    try:
        yield s
    finally:
        await s.close()
