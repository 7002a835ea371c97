"""A table's money in the store: the season and session a hand is dealt in, and the one
transaction that pays a finished hand together with the table's next state.  What it
learns it tells the table's :class:`bot.tables.settlement.Settlement`."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Collection
from typing import Any

from bot.engine import POOL, Game, TarokyError, find_variant
from bot.engine.recording import COMMITMENT_SCHEME
from bot.engine.scoring import transfers_from_net
from bot.engine.session import SessionEnd
from bot.store import (
    DataStore,
    SessionError,
    SessionStep,
    SettledHand,
    transfers_from_seats,
)
from bot.store import Session as SessionRecord
from bot.tables.ratings import live_outcome
from bot.tables.settlement import Payout
from bot.tables.table import Table

log = logging.getLogger(__name__)


def variant_currency(variant: str) -> str:
    """The currency a variant pays in (``czk_hal``, ``chips``, ``points``); ``points``
    for a name that is no variant (e.g. typed into a leaderboard command)."""
    try:
        return find_variant(variant).currency
    except TarokyError:
        return "points"


class TableLedger:
    """Connects tables to the money in the store (``DataStore``).

    * before a deal: the guild's current season (the hand settles into it), the
      session (opened in the store on its first deal, paying its pot seed, PT-4), and
      the pool the hand starts with;
    * when a hand ends: one ``settle_hand`` call that pays it, records what the table's
      session decided, and saves the table's next state in the same transaction,
      idempotent by ``table.hand_id``.

    The table's engine session decides; nothing here does.
    """

    def __init__(self, store: DataStore) -> None:
        self.store = store

    def currency(self, table: Table) -> str:
        return table.session.variant.currency

    async def before_deal(self, table: Table) -> int:
        """The hand about to be dealt: its season and store session (noted in the table's
        settlement) and the pool it starts with."""
        store = self.store
        settlement = table.settlement
        currency = self.currency(table)
        season = await store.current_season(table.guild_id)
        settlement.season = season
        if settlement.session_id is not None:
            await self._end_session_of_old_season(table, season)
        if settlement.session_id is None:
            settlement.session_id = await self._open_session(table, currency, season)
        return await store.get_pool(table.guild_id, table.channel_id, table.config.variant, currency, season)

    async def _end_session_of_old_season(self, table: Table, season: int) -> None:
        """A new season started during the table's session (an admin's ``season new``):
        it takes effect here, between hands.  Every hand belongs to the season it was
        dealt in, and a session to one season, so the running session ends (stopped)
        and the hand about to be dealt opens a new one in the new season."""
        assert table.settlement.session_id is not None
        running = await self.store.get_session(table.settlement.session_id)
        if running is not None and running.season == season and not running.finished:
            return
        if running is not None and not running.finished:
            await self.store.finish_session(running.session_id, SessionEnd.STOPPED.value)
        log.info("Table %s: a new season (%d) began; its session starts again", table.id, season)
        table.session = table.session.next_session()
        table.settlement.session_id = None

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

    async def settled_hand(self, table: Table, game: Game) -> SettledHand:
        """The ``SettledHand`` of a finished game at ``table``, with what the table's
        session decided after it (deals played, totals, whether it is over) and what its
        ratings need (``live_outcome``: the seats' luck is worked out off the event loop,
        the only wait here)."""
        result = game.result
        assert result is not None, "the hand is not finished"
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        record = hand_record(table, game, players)
        bidder = players[game.bidder] if game.bidder is not None else None
        session = table.session
        step = SessionStep(
            deals_played=session.deals,
            totals={p: session.totals[seat] for seat, p in enumerate(players)},
            finish_reason=None if session.end is None else session.end.value,
        )
        in_session = table.settlement.session_id is not None
        outcome = await live_outcome(game, players, record["levels"])
        return SettledHand(
            hand_id=table.hand_id,
            guild_id=table.guild_id,
            channel_id=table.channel_id,
            variant=table.config.variant,
            currency=self.currency(table),
            season=table.settlement.season or 1,
            transfers=[*transfers_from_seats(result.transfers, players, pool=POOL),
                       # PL-19: the session ended with this hand and shared its pool out.
                       *transfers_from_seats(transfers_from_net(dict(session.closing or {})),
                                             players, pool=POOL)],
            record=record,
            participants=players,
            bidder=bidder,
            bidder_won=result.declarers_won if bidder is not None else None,
            session_id=table.settlement.session_id,
            session_step=step if in_session else None,
            outcome=outcome,
        )

    async def annul(self, table: Table, game: Game, how: str) -> None:
        """Keep the hand in play at ``table`` as annulled (issue #29): its record, the
        salt revealed, marked with ``how`` (``agreement``, ``admin`` or ``closed``);
        nobody pays or is paid."""
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        record = hand_record(table, game, players)
        # (who asked is not kept: a name in a record would outlive /taroky-admin forget,
        # which renames only the hand's players)
        record["annulled"] = {"how": how}
        await self.store.annul_hand(SettledHand(
            hand_id=table.hand_id, guild_id=table.guild_id, channel_id=table.channel_id,
            variant=table.config.variant, currency=self.currency(table),
            season=table.settlement.season or 1, transfers=[], record=record,
            participants=players,  # (no session: an annulled hand is no deal of it)
        ))

    async def was_annulled(self, table: Table) -> bool:
        """Whether the hand on ``table`` is already kept as annulled (a restart between
        the annul and the close: the table is closed then, the hand not played on)."""
        hand = await self.store.get_hand(table.hand_id)
        return hand is not None and hand.annulled

    async def settle(
        self, table: Table, game: Game, *, expected_version: int | None = None,
        saved: Callable[[], None] | None = None, forgettings_applied: Collection[int] = (),
    ) -> bool:
        """Pay the finished hand and save the table's next state in one transaction.

        The table's session has already booked the hand (running totals, deals played,
        whether the session is over); the store records that with the payment.
        ``expected_version``: the table's saved version (the save is refused, and the
        hand not paid here, if another process saved the table since).  ``saved`` is
        called as soon as that transaction has committed, before the reads that follow
        (a cancellation delivered there must not leave the caller unaware of the new
        version).  ``forgettings_applied``: the pending forgettings the table's process has
        let its tables know of (a participant forgotten by another is refused:
        ``MemberForgottenError``, nothing written; ``DataStore.settle_hand``).
        """
        store = self.store
        hand = await self.settled_hand(table, game)
        sid = table.settlement.session_id
        session = await store.get_session(sid) if sid is not None else None
        if session is not None and session.finished and not await store.is_settled(hand.hand_id):
            # The session was closed in the meantime: the hand is paid outside it.
            hand = dataclasses.replace(hand, session_id=None, session_step=None)
            session = None
        await store.settle_hand(hand, table_state=table.to_state(paid=True), message_id=table.message_id,
                                expected_version=expected_version, forgettings_applied=forgettings_applied)
        if saved is not None:
            saved()
        balances = await store.balances(table.guild_id, hand.season, hand.currency, hand.participants)
        finished = None
        if session is not None and table.session.over:
            finished = await store.get_session(session.session_id)
        table.settlement.paid(Payout(
            currency=hand.currency,
            balances={seat: balances.get(pid, 0) for seat, pid in enumerate(hand.participants)},
            finished_session=finished,
        ))
        return True

    async def stop_session(self, table: Table) -> SessionRecord | None:
        """Finish the table's running session (the table is closed); its summary."""
        sid = table.settlement.session_id
        if sid is None or table.session.over:
            return None
        table.session.stop()
        # PL-19: the variant may share the pool out as the session ends.
        players = table.hand_players or [table.participant(i) for i in range(len(table.seats))]
        payout = {players[s]: a for s, a in (table.session.closing or {}).items()
                  if 0 <= s < len(players)}
        session = await self.store.finish_session(sid, SessionEnd.STOPPED.value,
                                                  pool_payout=payout)
        return session if session.deals_played else None


def hand_record(table: Table, game: Game, players: list[int]) -> dict[str, Any]:
    """The record of the hand at ``table`` as the history keeps it: the engine's, the
    players' names, the computer levels by seat, and the shuffle commitment with its salt
    — the hand is over (paid or annulled), so anyone can check the deal (``taroky
    verify``) against the commitment shown before it."""
    record = dict(game.to_record())
    record["players"] = [table.seat_name(i) for i in range(len(table.seats))]
    if table.deal_commitment is not None and table.deal_salt is not None:
        record["commitment"] = {
            "scheme": COMMITMENT_SCHEME, "hash": table.deal_commitment, "salt": table.deal_salt,
        }
    # The computer levels by seat (None for a person): who the ratings name, now and
    # when they are recomputed from the history (``bot.tables.ratings``).
    levels = table.computer_levels()
    record["levels"] = [levels.get(seat) if p < 0 else None for seat, p in enumerate(players)]
    return record
