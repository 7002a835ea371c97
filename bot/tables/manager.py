"""All open tables of the bot: one per channel, created, found, persisted and closed here."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any, Protocol

from bot.tables.errors import NoTable, TableError
from bot.tables.games import EngineFactory, GameFactory, GameLike
from bot.tables.table import BETWEEN, CLOSED, Seat, Table, TableConfig, TableOutput, TableTimings

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


def variant_currency(variant: str) -> str:
    """The currency a variant pays in (``czk_hal``, ``chips``, ``points``)."""
    try:
        from bot.engine import find_variant

        return str(find_variant(variant).currency)
    except Exception:
        return "points"


class TableLedger:
    """Connects tables to the money in the SQLite store (``bot.store.Store``).

    * before a deal: the guild's current season (the hand settles into it), the
      session (opened on the first deal), and the pool the hand starts with;
    * when a hand ends: one ``settle_hand`` call that pays it and saves the table's
      next state in the same transaction, idempotent by ``table.hand_id``.
    """

    def __init__(self, store: Any) -> None:
        self.store = store

    def currency(self, table: Table) -> str:
        return variant_currency(table.config.variant)

    async def before_deal(self, table: Table) -> int:
        store = self.store
        currency = self.currency(table)
        season = await store.current_season(table.guild_id)
        table.hand_season = season
        if table.session_id is None:
            table.session_id = await self._open_session(table, currency, season)
            table.session_deals = 0
        return int(await store.get_pool(table.guild_id, table.channel_id, table.config.variant, currency, season))

    async def _open_session(self, table: Table, currency: str, season: int) -> int:
        from bot.store import SessionError

        store = self.store
        stale = await store.open_session(table.guild_id, table.channel_id)
        if stale is not None:
            if (stale.deals_played == 0 and stale.variant == table.config.variant
                    and stale.currency == currency and stale.season == season
                    and stale.deals_planned == (table.config.deals or None)):
                return int(stale.session_id)  # opened just before a crash: adopt it
            await store.finish_session(stale.session_id, "stopped")
        try:
            session = await store.start_session(
                table.guild_id, table.channel_id, table.config.variant, currency, season,
                deals_planned=table.config.deals or None,
            )
        except SessionError:  # a concurrent opener; take the open one
            again = await store.open_session(table.guild_id, table.channel_id)
            assert again is not None
            return int(again.session_id)
        return int(session.session_id)

    def settled_hand(self, table: Table, game: GameLike) -> Any:
        """The ``SettledHand`` of a finished game at ``table``."""
        from bot.store import SettledHand, transfers_from_seats

        engine_pool = _engine_pool()
        result = game.result
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        record = dict(game.to_record())
        record["players"] = [table.seat_name(i) for i in range(len(table.seats))]
        bidder_seat = getattr(game, "bidder", None)
        won = getattr(result, "declarers_won", None)
        bidder = players[bidder_seat] if isinstance(bidder_seat, int) and 0 <= bidder_seat < len(players) else None
        return SettledHand(
            hand_id=table.hand_id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            variant=table.config.variant,
            currency=self.currency(table),
            season=table.hand_season or 1,
            transfers=transfers_from_seats(getattr(result, "transfers", None) or [], players, pool=engine_pool),
            record=record,
            participants=players,
            bidder=bidder,
            bidder_won=won if bidder is not None and isinstance(won, bool) else None,
            session_id=table.session_id,
        )

    async def settle(self, table: Table, game: GameLike) -> bool:
        """Pay the finished hand and save the table's next state in one transaction.

        The table has already booked the hand (running totals, deals played, whether
        the session is over); the store's session totals follow the same transfers.
        """
        store = self.store
        hand = self.settled_hand(table, game)
        session = await store.get_session(table.session_id) if table.session_id is not None else None
        if session is not None and session.finished and not await store.is_settled(hand.hand_id):
            # The session was closed in the meantime: the hand is paid outside it.
            hand = dataclasses.replace(hand, session_id=None)
            session = None
        state = table.to_state()
        state["unsettled"] = None
        await store.settle_hand(hand, table_state=state, message_id=table.message_id)
        balances = await store.balances(table.guild_id, hand.season, hand.currency, hand.participants)
        table.last_currency = hand.currency
        table.last_balances = {seat: balances.get(pid, 0) for seat, pid in enumerate(hand.participants)}
        if session is not None and table.session_over is not None:
            # deals_completed: the store finished it itself; broke: we finish it here.
            table.last_session = await store.finish_session(session.session_id, table.session_over)
        return True

    async def stop_session(self, table: Table) -> Any:
        """Finish the table's running session (the table is closed); its summary."""
        if table.session_id is None or table.session_over is not None:
            return None
        session = await self.store.finish_session(table.session_id, "stopped")
        table.session_over = "stopped"
        return session if session.deals_played else None


def _engine_pool() -> int:
    """The engine's pool marker in seat-numbered transfers (``-1``)."""
    try:
        from bot.engine import POOL
    except ImportError:  # pragma: no cover - engine not installed
        return -1
    return int(POOL)


class TableManager:
    """Finds the table of a channel, opens and closes tables, restores them at start-up."""

    def __init__(
        self,
        store: TableStateStore,
        *,
        factory: GameFactory | None = None,
        timings: TableTimings | None = None,
        output: TableOutput | None = None,
        ledger: TableLedger | None = None,
    ) -> None:
        self.store = store
        self.ledger = ledger
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
        self._attach(table)
        self.tables[channel_id] = table
        return table

    def _attach(self, table: Table) -> None:
        table.save_hook = self.save
        if self.ledger is not None:
            table.deal_hook = self.ledger.before_deal
            table.settle_hook = self.ledger.settle

    async def save(self, table: Table) -> None:
        if table.status == CLOSED:
            return
        await self.store.save_table_state(
            table.guild_id, table.channel_id, json.dumps(table.to_state()), table.message_id
        )

    async def close(self, table: Table) -> Any:
        """Close the table; returns the finished session (for a summary) or None."""
        session = None
        if self.ledger is not None:
            async with table.lock:
                try:
                    session = await self.ledger.stop_session(table)
                except Exception:
                    log.exception("Finishing the session of table %s failed", table.id)
        await table.close()
        self.tables.pop(table.channel_id, None)
        await self.store.delete_table_state(table.guild_id, table.channel_id)
        return session

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
            self._attach(table)
            self.tables[table.channel_id] = table
            restored.append(table)
        for table in restored:
            if table.unsettled is not None and table.status == BETWEEN:
                # The hand finished but its settlement did not go through: retry (a no-op
                # if it had been paid after all).
                async with table.lock:
                    if await table._settle_in_store(table.unsettled):
                        await self.save(table)
        return restored

    def resume_all(self) -> None:
        """Start the game loops of restored tables (needs a running event loop)."""
        for table in self.tables.values():
            table.kick()
