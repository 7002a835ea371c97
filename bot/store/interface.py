"""What the bot needs of a store, whichever database is behind it.

Two stores implement :class:`DataStore`: the embedded SQLite file (``bot.store.db.Store``,
the default) and PostgreSQL (``bot.store.pg.PostgresStore``, for several bot processes
on one database).  Both are made of the same parts (``bot/store/core.py``), run the same
SQL (written once; the few words the dialects differ in come from
``bot.store.schema.Dialect``), the same numbered migrations and the same test suite
(``tests/store/``).  ``open_store`` picks one from a setting.

Also here: :class:`Shards`, which guilds a process serves (discord.py's shard of a guild
is ``(guild_id >> 22) % shard_count``), and :class:`SqlConnection`, the little of a
database connection the shared SQL code uses.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.ratings import HandOutcome, Standing
from bot.store.models import (
    AnalysisJob,
    AnalysisState,
    Forgotten,
    HandSummary,
    LeaderboardRow,
    PendingForgetting,
    PlayerStats,
    PoolBalance,
    SeatFigures,
    Session,
    SettledHand,
    SkillRow,
    TableState,
)

__all__ = [
    "DataStore",
    "OutcomeOfHand",
    "Shards",
    "SqlConnection",
    "SqlCursor",
    "TableKey",
    "TableStore",
    "is_postgres_url",
]

#: How a stored hand (its participants by seat, its record) becomes what the ratings need
#: of it (None: not rated, e.g. thrown in); ``bot.tables.ratings`` has the one the bot uses.
OutcomeOfHand = Callable[[Sequence[int], Mapping[str, Any]], HandOutcome | None]

#: A table is one channel of one guild: ``(guild_id, channel_id)``.
TableKey = tuple[int, int]


def is_postgres_url(text: str) -> bool:
    """True for a PostgreSQL connection URL (``postgresql://`` or ``postgres://``)."""
    return text.startswith(("postgresql://", "postgres://"))


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards this process serves: ``ids`` out of ``count`` (discord.py sharding).

    A guild belongs to shard ``(guild_id >> 22) % count`` (Discord's rule); a process
    restores and serves only the tables of guilds of its own shards."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a shard count is at least 1")
        if not self.ids or len(set(self.ids)) != len(self.ids):
            raise ValueError("a process serves one or more distinct shards")
        if any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids run from 0 to {self.count - 1}")

    def owns(self, guild_id: int) -> bool:
        """True if the guild's shard is one of this process's."""
        return (guild_id >> 22) % self.count in self.ids

    def has_every_shard(self) -> bool:
        """True if this process runs every shard (no other process serves a guild)."""
        return len(self.ids) == self.count

    @staticmethod
    def parse(text: str) -> Shards:
        """``"0,1/4"`` or ``"0-1/4"``: shards 0 and 1 of 4; ``"2/4"``: shard 2 of 4."""
        ids_text, sep, count_text = text.replace(" ", "").partition("/")
        if not sep or not count_text.isdigit() or not ids_text:
            raise ValueError("write the shards as IDS/COUNT, e.g. 0/2 or 0,1/4 or 0-3/8")
        ids: list[int] = []
        for part in ids_text.split(","):
            low, dash, high = part.partition("-")
            if not low.isdigit() or (dash and not high.isdigit()):
                raise ValueError(f"{part!r} is not a shard id or a range of them")
            ids.extend(range(int(low), int(high) + 1) if dash else [int(low)])
        return Shards(int(count_text), tuple(ids))

    def __str__(self) -> str:
        return f"{','.join(map(str, self.ids))}/{self.count}"


class SqlCursor(Protocol):
    """What a statement's result tells: how many rows it changed."""

    @property
    def rowcount(self) -> int: ...


class SqlConnection(Protocol):
    """The calls the store's SQL code makes on a connection inside a transaction
    (aiosqlite's connection has them; the PostgreSQL store adapts psycopg's)."""

    def execute(self, sql: str, parameters: Iterable[Any] = ..., /) -> Awaitable[SqlCursor]: ...

    def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] = ..., /
    ) -> Awaitable[Iterable[Sequence[Any]]]: ...

    def executemany(
        self, sql: str, parameters: Iterable[Iterable[Any]], /
    ) -> Awaitable[SqlCursor]: ...


class TableStore(Protocol):
    """The table states and leases of a store, as the table runtime needs them, whichever
    database is behind it (the SQLite and PostgreSQL stores both are one; so is every
    :class:`DataStore`).  States go in and come out as dicts (``TableState.state``), with
    the version they were saved at (``TableState.version``): the JSON text is the
    store's own business.  See ``docs/store.md``, "Table states"."""

    #: Seconds a queued table state waits for others to share its transaction.
    group_interval: float

    async def save_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None = None,
        *,
        expected_version: int | None = None,
    ) -> int: ...

    def queue_table_state(
        self,
        guild_id: int,
        channel_id: int,
        state: Mapping[str, Any],
        message_id: int | None = None,
        *,
        expected_version: int | None = None,
        done: Callable[[int | None], None] | None = None,
    ) -> None: ...

    async def flush_table_states(self) -> None: ...

    async def load_table_state(self, guild_id: int, channel_id: int) -> TableState | None: ...

    async def load_all_table_states(self, *, shards: Shards | None = None) -> list[TableState]: ...

    async def delete_table_state(self, guild_id: int, channel_id: int) -> bool: ...

    async def claim_tables(
        self, owner: str, tables: Sequence[TableKey], *, ttl: float, now: float | None = None
    ) -> list[TableKey]: ...

    async def release_tables(self, owner: str, tables: Sequence[TableKey]) -> None: ...



class DataStore(TableStore, Protocol):
    """The store as the bot uses it: money, pools, history, leaderboards, sessions,
    versioned table states (saved at once, or queued and written in groups) and table
    leases.  See ``docs/store.md``."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    async def check_integrity(self) -> list[str]: ...

    # privacy
    async def forget_member(self, member_id: int, *, guild_id: int | None = None,
                            seated_in: Collection[int] = (), pending: bool = True,
                            now: float | None = None) -> Forgotten: ...

    async def pending_forgettings(self, *, now: float | None = None) -> list[PendingForgetting]: ...

    # seasons and settings
    async def current_season(self, guild_id: int) -> int: ...

    async def start_new_season(self, guild_id: int) -> int: ...

    async def set_language(self, scope: str, id_: int, language: str | None) -> None: ...

    async def get_language(self, scope: str, id_: int) -> str | None: ...

    async def set_max_tables(self, guild_id: int, count: int | None) -> None: ...

    async def get_max_tables(self, guild_id: int) -> int | None: ...

    async def set_starting_amount(self, guild_id: int, currency: str, amount: int) -> None: ...

    async def get_starting_amounts(self, guild_id: int) -> dict[str, int]: ...

    # settlement
    async def settle_hand(
        self,
        hand: SettledHand,
        *,
        table_state: Mapping[str, Any] | None = None,
        message_id: int | None = None,
        allow_pool_overdraw: bool = False,
        expected_version: int | None = None,
        forgettings_applied: Collection[int] = (),
    ) -> bool: ...

    async def annul_hand(self, hand: SettledHand) -> bool: ...

    async def is_settled(self, hand_id: str) -> bool: ...

    # balances and pools
    async def balance(
        self, guild_id: int, player_id: int, season: int | None = None
    ) -> dict[str, int]: ...

    async def balances(
        self, guild_id: int, season: int, currency: str, players: Iterable[int]
    ) -> dict[int, int]: ...

    async def seed_pool(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        amount: int,
        season: int | None = None,
    ) -> int: ...

    async def get_pool(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int | None = None,
    ) -> int: ...

    async def get_pools(
        self, guild_id: int, channel_id: int, season: int | None = None
    ) -> list[PoolBalance]: ...

    # history
    async def recent_hands(
        self, guild_id: int, channel_id: int, limit: int = 10, offset: int = 0
    ) -> list[HandSummary]: ...

    async def count_hands(self, guild_id: int, channel_id: int) -> int: ...

    async def get_hand(self, hand_id: str) -> HandSummary | None: ...

    async def get_hand_record(self, hand_id: str) -> dict[str, Any] | None: ...

    # leaderboards, stats, export
    async def leaderboard(
        self,
        guild_id: int,
        season: int | None = None,
        *,
        currency: str | None = None,
        variant: str | None = None,
        order_by: str = "balance",
        page: int = 1,
        page_size: int = 10,
        include_computer: bool = False,
    ) -> tuple[list[LeaderboardRow], int]: ...

    async def player_stats(
        self, guild_id: int, player_id: int, season: int | None = None
    ) -> PlayerStats: ...

    async def export_ledger_csv(self, guild_id: int, season: int | None = None) -> str: ...

    # ratings (standings by skill; rated as hands are paid, see bot/store/ratings.py)
    async def ratings(self, guild_id: int, variant: str, season: int | None = None) -> list[Standing]: ...

    async def rated_variants(self, guild_id: int, season: int | None = None) -> dict[str, int]: ...

    async def rating_history(
        self, guild_id: int, player: str, season: int | None = None
    ) -> dict[str, list[Standing]]: ...

    async def rating_sets(self, guild_id: int | None = None) -> list[tuple[int, int, str]]: ...

    async def stale_rating_sets(self) -> list[tuple[int, int, str]]: ...

    async def recompute_ratings(
        self, guild_id: int, season: int, variant: str, outcome_of_hand: OutcomeOfHand
    ) -> int: ...

    # sessions
    async def start_session(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int,
        deals_planned: int | None = None,
        *,
        pot_seeds: Mapping[int, int] | None = None,
    ) -> Session: ...

    async def get_session(self, session_id: int) -> Session | None: ...

    async def open_session(self, guild_id: int, channel_id: int) -> Session | None: ...

    async def finish_session(
        self, session_id: int, reason: str, *, pool_payout: Mapping[int, int] | None = None
    ) -> Session: ...

    # hand analysis (issue #28; ``bot.store.analysis``)
    async def take_analysis(
        self, owner: str, *, review_version: int, lease: float = ..., now: float | None = None
    ) -> AnalysisJob | None: ...

    async def finish_analysis(
        self, hand_id: str, owner: str, review: Mapping[str, Any], seats: Sequence[SeatFigures],
        *, review_version: int,
    ) -> bool: ...

    async def fail_analysis(self, hand_id: str, owner: str, error: str) -> bool: ...

    async def remake_analysis(self, hand_id: str, review_version: int) -> bool: ...

    async def release_analyses(self, owner: str) -> int: ...

    async def get_analysis(self, hand_id: str) -> AnalysisState | None: ...

    async def review_hand_id(
        self, guild_id: int, player_id: int, seq: int | None = None
    ) -> str | None: ...

    async def analysis_backlog(self, review_version: int) -> dict[str, int]: ...

    async def skill_aggregates(
        self, guild_id: int, season: int | None = None, *, review_version: int,
        variant: str | None = None, player_id: int | None = None,
    ) -> list[SkillRow]: ...
