"""All open tables of the bot: one per channel, created, found, persisted and closed here."""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any, Protocol

from bot.engine import POOL, Game, TarokyError, find_variant
from bot.engine.recording import COMMITMENT_SCHEME
from bot.engine.scoring import transfers_from_net
from bot.engine.session import SessionEnd
from bot.store import Session as SessionRecord
from bot.store import SessionError, SessionStep, SettledHand, Store, transfers_from_seats
from bot.tables.errors import NoTable, TableError
from bot.tables.games import Deals
from bot.tables.table import BETWEEN, CLOSED, Seat, Table, TableConfig, TableOutput, TableTimings

log = logging.getLogger(__name__)


class TableStateStore(Protocol):
    """Where table snapshots live between restarts (the SQLite store implements this)."""

    async def save_table_state(
        self, guild_id: int, channel_id: int, state_json: str, message_id: int | None
    ) -> None: ...

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None: ...

    async def load_all_table_states(self) -> list[str]: ...

    def queue_table_state(
        self, guild_id: int, channel_id: int, state: dict[str, Any], message_id: int | None
    ) -> None:
        """Save a snapshot (``Table.to_state()``) soon, in a group with other tables'
        (the SQLite store commits them together every few tens of milliseconds)."""


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

    def queue_table_state(
        self, guild_id: int, channel_id: int, state: dict[str, Any], message_id: int | None
    ) -> None:
        self.states[(guild_id, channel_id)] = json.dumps(state)


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

    def queue_table_state(
        self, guild_id: int, channel_id: int, state: dict[str, Any], message_id: int | None
    ) -> None:
        super().queue_table_state(guild_id, channel_id, state, message_id)
        self._flush()


class SqliteTableStore:
    """Adapter: table snapshots in the SQLite store (``bot.store.Store``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def save_table_state(
        self, guild_id: int, channel_id: int, state_json: str, message_id: int | None
    ) -> None:
        await self.store.save_table_state(guild_id, channel_id, json.loads(state_json), message_id)

    async def delete_table_state(self, guild_id: int, channel_id: int) -> None:
        await self.store.delete_table_state(guild_id, channel_id)

    async def load_all_table_states(self) -> list[str]:
        return [json.dumps(row.state) for row in await self.store.load_all_table_states()]

    def queue_table_state(
        self, guild_id: int, channel_id: int, state: dict[str, Any], message_id: int | None
    ) -> None:
        self.store.queue_table_state(guild_id, channel_id, state, message_id)


def variant_currency(variant: str) -> str:
    """The currency a variant pays in (``czk_hal``, ``chips``, ``points``); ``points``
    for a name that is no variant (e.g. typed into a leaderboard command)."""
    try:
        return find_variant(variant).currency
    except TarokyError:
        return "points"


class TableLedger:
    """Connects tables to the money in the SQLite store (``bot.store.Store``).

    * before a deal: the guild's current season (the hand settles into it), the
      session (opened in the store on its first deal, paying its pot seed, PT-4), and
      the pool the hand starts with;
    * when a hand ends: one ``settle_hand`` call that pays it, records what the table's
      session decided, and saves the table's next state in the same transaction,
      idempotent by ``table.hand_id``.

    The table's engine session decides; nothing here does.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def currency(self, table: Table) -> str:
        return table.session.variant.currency

    async def before_deal(self, table: Table) -> int:
        store = self.store
        currency = self.currency(table)
        season = await store.current_season(table.guild_id)
        table.hand_season = season
        if table.session_id is not None:
            await self._end_session_of_old_season(table, season)
        if table.session_id is None:
            table.session_id = await self._open_session(table, currency, season)
        return await store.get_pool(table.guild_id, table.channel_id, table.config.variant, currency, season)

    async def _end_session_of_old_season(self, table: Table, season: int) -> None:
        """A new season started during the table's session (an admin's ``season new``):
        it takes effect here, between hands.  Every hand belongs to the season it was
        dealt in, and a session to one season, so the running session ends (stopped)
        and the hand about to be dealt opens a new one in the new season."""
        assert table.session_id is not None
        running = await self.store.get_session(table.session_id)
        if running is not None and running.season == season and not running.finished:
            return
        if running is not None and not running.finished:
            await self.store.finish_session(running.session_id, SessionEnd.STOPPED.value)
        log.info("Table %s: a new season (%d) began; its session starts again", table.id, season)
        table.session = table.session.next_session()
        table.session_id = None

    async def _open_session(self, table: Table, currency: str, season: int) -> int:
        """The store's row for the table's new session; its pot seeds are paid with it."""
        store = self.store
        planned = table.session.deals_agreed
        stale = await store.open_session(table.guild_id, table.channel_id)
        if stale is not None:
            if (stale.deals_played == 0 and stale.variant == table.config.variant
                    and stale.currency == currency and stale.season == season
                    and stale.deals_planned == planned):
                return stale.session_id  # opened just before a crash: adopt it
            await store.finish_session(stale.session_id, SessionEnd.STOPPED.value)
        seed = table.session.seed
        seeds = {p: seed for p in table.hand_players} if seed > 0 else None
        try:
            session = await store.start_session(
                table.guild_id, table.channel_id, table.config.variant, currency, season,
                deals_planned=planned, pot_seeds=seeds,
            )
        except SessionError:  # a concurrent opener; take the open one
            again = await store.open_session(table.guild_id, table.channel_id)
            assert again is not None
            return again.session_id
        return session.session_id

    def settled_hand(self, table: Table, game: Game) -> SettledHand:
        """The ``SettledHand`` of a finished game at ``table``, with what the table's
        session decided after it (deals played, totals, whether it is over)."""
        result = game.result
        assert result is not None, "the hand is not finished"
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        record = dict(game.to_record())
        record["players"] = [table.seat_name(i) for i in range(len(table.seats))]
        if table.deal_commitment is not None and table.deal_salt is not None:
            # The hand is over: the salt is revealed, so anyone can check the deal
            # (``taroky verify``) against the commitment shown before it.
            record["commitment"] = {
                "scheme": COMMITMENT_SCHEME, "hash": table.deal_commitment, "salt": table.deal_salt,
            }
        bidder = players[game.bidder] if game.bidder is not None else None
        session = table.session
        step = SessionStep(
            deals_played=session.deals,
            totals={p: session.totals[seat] for seat, p in enumerate(players)},
            finish_reason=None if session.end is None else session.end.value,
        )
        in_session = table.session_id is not None
        return SettledHand(
            hand_id=table.hand_id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            variant=table.config.variant,
            currency=self.currency(table),
            season=table.hand_season or 1,
            transfers=[*transfers_from_seats(result.transfers, players, pool=POOL),
                       # PL-19: the session ended with this hand and shared its pool out.
                       *transfers_from_seats(transfers_from_net(dict(session.closing or {})),
                                             players, pool=POOL)],
            record=record,
            participants=players,
            bidder=bidder,
            bidder_won=result.declarers_won if bidder is not None else None,
            session_id=table.session_id,
            session_step=step if in_session else None,
        )

    async def settle(self, table: Table, game: Game) -> bool:
        """Pay the finished hand and save the table's next state in one transaction.

        The table's session has already booked the hand (running totals, deals played,
        whether the session is over); the store records that with the payment.
        """
        store = self.store
        hand = self.settled_hand(table, game)
        session = await store.get_session(table.session_id) if table.session_id is not None else None
        if session is not None and session.finished and not await store.is_settled(hand.hand_id):
            # The session was closed in the meantime: the hand is paid outside it.
            hand = dataclasses.replace(hand, session_id=None, session_step=None)
            session = None
        state = table.to_state()
        state["unsettled"] = None
        await store.settle_hand(hand, table_state=state, message_id=table.message_id)
        balances = await store.balances(table.guild_id, hand.season, hand.currency, hand.participants)
        table.last_currency = hand.currency
        table.last_balances = {seat: balances.get(pid, 0) for seat, pid in enumerate(hand.participants)}
        if session is not None and table.session.over:
            table.last_session = await store.get_session(session.session_id)
        return True

    async def stop_session(self, table: Table) -> SessionRecord | None:
        """Finish the table's running session (the table is closed); its summary."""
        if table.session_id is None or table.session.over:
            return None
        table.session.stop()
        # PL-19: the variant may share the pool out as the session ends.
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        payout = {players[s]: a for s, a in (table.session.closing or {}).items()
                  if 0 <= s < len(players)}
        session = await self.store.finish_session(table.session_id, SessionEnd.STOPPED.value,
                                                  pool_payout=payout)
        return session if session.deals_played else None


class TableManager:
    """Finds the table of a channel, opens and closes tables, restores them at start-up."""

    def __init__(
        self,
        store: TableStateStore,
        *,
        deals: Deals | None = None,
        timings: TableTimings | None = None,
        output: TableOutput | None = None,
        ledger: TableLedger | None = None,
    ) -> None:
        """``deals``: how the tables shuffle (default: the secure generator, C-2)."""
        self.store = store
        self.ledger = ledger
        self.deals: Deals = deals or Deals()
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
            deals=self.deals,
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

    def discard(self, table: Table) -> None:
        """Forget a table that was opened but never shown (its lobby could not be posted)."""
        if self.tables.get(table.channel_id) is table:
            del self.tables[table.channel_id]

    async def save(self, table: Table) -> None:
        """Queue the table's snapshot (taken now, at a consistent moment); the store
        writes it with the other tables' in its next group.  A hand's payment is never
        queued: it is one transaction with the next state (``TableLedger.settle``)."""
        if table.status == CLOSED:
            return
        self.store.queue_table_state(table.guild_id, table.channel_id, table.to_state(), table.message_id)

    async def close(self, table: Table) -> SessionRecord | None:
        """Close the table; returns the finished session (for a summary) or None."""
        session = None
        if self.ledger is not None:
            async with table.lock:
                # A finished hand is paid before the table goes: never thrown away.
                if table.unsettled is not None and not await table._settle_in_store(table.unsettled):
                    raise TableError(
                        "The last hand has not been paid yet (the database refused it), so the table "
                        "stays open; it is retried automatically. Try /taroky end again in a minute."
                    )
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
                    state, deals=self.deals, timings=self.timings, output=self.output
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
