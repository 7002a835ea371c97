"""Persistence: chips and balances, the pools, hand history, leaderboards, table states.

One SQLite file in WAL mode through aiosqlite, or a PostgreSQL database shared by
several bot processes (``bot.store.pg``); both behind ``DataStore``; see
``docs/store.md``.  Typical use::

    store = await open_store("data/taroky.sqlite3")        # or "postgresql://..."
    season = await store.current_season(guild_id)          # when the hand is dealt
    hand = SettledHand.from_deltas(deltas={alice: 40, bob: -20, POOL: -20}, ...)
    paid = await store.settle_hand(hand, table_state=next_state)  # False if already paid
"""

from pathlib import Path

from bot.store.db import Store
from bot.store.interface import DataStore, Shards, TableKey, TableStore, is_postgres_url
from bot.store.migrations import LATEST_VERSION, MIGRATIONS, SchemaTooNewError
from bot.store.models import (
    POOL,
    Account,
    AnalysisJob,
    AnalysisState,
    Forgotten,
    HandConflictError,
    HandSummary,
    HandValidationError,
    LeaderboardRow,
    MemberForgottenError,
    Party,
    PendingForgetting,
    PlayerStats,
    PoolBalance,
    PoolOverdrawnError,
    SeatFigures,
    Session,
    SessionError,
    SessionStep,
    SettledHand,
    SkillRow,
    StaleTableStateError,
    StoreError,
    TableState,
    Transfer,
    VariantStats,
    ZeroSumError,
    computer_id,
    is_computer,
    net_deltas,
    transfers_from_deltas,
    transfers_from_seats,
)
from bot.store.money import CHIPS, CURRENCIES, CZK_HAL, POINTS, format_amount, parse_amount
from bot.store.privacy import FORGETTING_KEPT, is_anonymous

__all__ = [
    "FORGETTING_KEPT",
    "CHIPS",
    "CURRENCIES",
    "CZK_HAL",
    "LATEST_VERSION",
    "MIGRATIONS",
    "POINTS",
    "POOL",
    "Account",
    "AnalysisJob",
    "AnalysisState",
    "Forgotten",
    "MemberForgottenError",
    "PendingForgetting",
    "HandConflictError",
    "HandSummary",
    "HandValidationError",
    "LeaderboardRow",
    "Party",
    "PlayerStats",
    "PoolBalance",
    "PoolOverdrawnError",
    "SchemaTooNewError",
    "SeatFigures",
    "Session",
    "SessionError",
    "SessionStep",
    "SettledHand",
    "SkillRow",
    "StaleTableStateError",
    "Store",
    "DataStore",
    "Shards",
    "TableKey",
    "TableStore",
    "open_store",
    "StoreError",
    "TableState",
    "Transfer",
    "VariantStats",
    "ZeroSumError",
    "computer_id",
    "format_amount",
    "is_anonymous",
    "is_computer",
    "net_deltas",
    "parse_amount",
    "transfers_from_deltas",
    "transfers_from_seats",
]


async def open_store(location: str | Path, *, synchronous: str = "FULL") -> DataStore:
    """The store at ``location``: a ``postgresql://`` URL opens the PostgreSQL store
    (needs the ``postgresql`` extra: psycopg), anything else is a SQLite file."""
    if isinstance(location, str) and is_postgres_url(location):
        from bot.store.pg import PostgresStore  # psycopg is needed only here

        return await PostgresStore.open(location, synchronous=synchronous)
    return await Store.open(location, synchronous=synchronous)
