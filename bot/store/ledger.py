"""The ledger and balances: settling a hand, balances, pools and sessions (which pay seeds
into a table's pool and share it out).  Every movement of money is a ledger row; balances,
pools and stats are kept in step in the same transaction (``check_integrity`` recomputes
them from the ledger)."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from bot.store.analysis import enqueue_analysis
from bot.store.core import Many, Statements, current_season, dumps, mark_season
from bot.store.interface import SqlConnection
from bot.store.models import (
    KIND_HAND,
    KIND_SEED,
    KIND_START,
    POOL,
    HandConflictError,
    HandValidationError,
    MemberForgottenError,
    Party,
    PoolBalance,
    PoolOverdrawnError,
    Session,
    SessionError,
    SettledHand,
)
from bot.store.money import MAX_AMOUNT, check_amount, check_currency, format_amount
from bot.store.privacy import forgotten_meanwhile
from bot.store.ratings import Ratings
from bot.store.tables import upsert_table_state

__all__ = ["Ledger"]


def _larger(a: str, b: str) -> str:
    """The larger of two SQL expressions (SQLite's ``MAX(a, b)`` is PostgreSQL's
    ``GREATEST``: written as a ``CASE`` both read)."""
    return f"CASE WHEN {b} > {a} THEN {b} ELSE {a} END"


#: A pool's amount grows by the inserted row's (an upsert both dialects read).
_ADD_TO_POOL: Final = (
    "INSERT INTO pools (guild_id, season, channel_id, variant, currency, amount)"
    " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, season, channel_id, variant, currency)"
    " DO UPDATE SET amount = pools.amount + excluded.amount"
)


@dataclass(frozen=True, slots=True)
class _HandTexts:
    """A paid hand's JSON texts, made before its transaction."""

    participants: str
    deltas: str
    record: str
    #: The table's state saved with the payment, if any.
    state: str | None


def _party_sql(party: Party) -> tuple[str, int | None]:
    return ("pool", None) if party is POOL else ("player", int(party))


class Ledger(Ratings):
    """Money: hands settled once, balances, the tables' pools, sessions (and the ratings
    a paid hand updates, ``Ratings``)."""

    # ------------------------------------------------------------------ settlement

    async def settle_hand(
        self,
        hand: SettledHand,
        *,
        table_state: Mapping[str, Any] | None = None,
        message_id: int | None = None,
        allow_pool_overdraw: bool = False,
        expected_version: int | None = None,
        forgettings_applied: Collection[int] = (),
    ) -> bool:
        """Pay out one hand in one transaction; return False if it was already settled.

        Validates first (``HandValidationError`` / ``ZeroSumError``; nothing written).
        Then, atomically: inserts the hand row (``hand_id`` is unique, so a second
        settle of the same id is a no-op returning ``False``, or raises
        ``HandConflictError`` if its money differs), creates missing balance rows at
        the guild's starting amount (with a ``start`` ledger row), writes one ledger
        row per transfer, queues the hand's analysis (``bot.store.analysis``), updates
        balances, the table's pool
        (``PoolOverdrawnError`` if it would go below zero, unless
        ``allow_pool_overdraw``), per-player stats, and records what the hand's session
        decided (``hand.session_step``: deals played, totals, whether it is over), and
        rates the hand (``hand.outcome``: the players' ratings, ``bot/store/ratings.py``).

        If ``table_state`` is given it is saved in the same transaction (also when
        the hand was already settled), so "hand paid" and "table moved on" can never
        be separated by a crash.  ``expected_version`` makes that save a
        compare-and-set as in ``save_table_state`` (``StaleTableStateError``, nothing
        written, the hand not paid).

        A participant forgotten meanwhile (a forgetting still kept, through another
        bot process, whose ``seq`` is not in ``forgettings_applied``: the table has not
        let them go) is never written back: ``MemberForgottenError``, nothing written
        (``bot.store.privacy``).
        """
        hand.validate()
        # Everything serialised here, on the event loop, before the statements run (on
        # SQLite they run in the writer's thread: ``_write_at_once``).
        digest = hand.digest()
        deltas = hand.deltas()
        texts = _HandTexts(
            participants=dumps(list(hand.participants)),
            deltas=dumps({("pool" if p is POOL else str(p)): d for p, d in deltas.items()}),
            record=dumps(dict(hand.record)),
            state=dumps(dict(table_state)) if table_state is not None else None,
        )
        return await self._write_at_once(
            lambda: self._settle(hand, digest, deltas, texts, message_id, allow_pool_overdraw, expected_version,
                                 frozenset(forgettings_applied)),
            supersedes=(hand.guild_id, hand.channel_id) if texts.state is not None else None,
        )

    def _settle(
        self,
        hand: SettledHand,
        digest: str,
        deltas: Mapping[Party, int],
        texts: _HandTexts,
        message_id: int | None,
        allow_pool_overdraw: bool,
        expected_version: int | None,
        forgettings_applied: frozenset[int],
    ) -> Statements[bool]:
        """``settle_hand``'s transaction, every statement of it (``Statements``): one hop
        to SQLite's writer thread, however many statements (issue #33)."""
        player_deltas = {int(p): d for p, d in deltas.items() if p is not POOL}
        pool_delta = deltas.get(POOL, 0)
        pool_involved = any(POOL in (t.payer, t.payee) for t in hand.transfers)
        g, s, cur = hand.guild_id, hand.season, hand.currency

        def save_state() -> Statements[None]:
            if texts.state is not None:
                yield from upsert_table_state(
                    self.dialect, g, hand.channel_id, texts.state, message_id, expected_version
                )

        forgotten = yield from forgotten_meanwhile(g, hand.participants, forgettings_applied)
        if forgotten:
            raise MemberForgottenError(forgotten)
        current = yield from current_season(g)
        if s > current:
            raise HandValidationError(f"season {s} has not started (current is {current})")
        inserted = yield (
            "INSERT INTO hands (hand_id, guild_id, channel_id, variant, currency, season,"
            " bidder, bidder_won, participants_json, deltas_json, digest, record_json,"
            " session_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT (hand_id) DO NOTHING RETURNING seq",
            (
                hand.hand_id,
                g,
                hand.channel_id,
                hand.variant,
                cur,
                s,
                hand.bidder,
                None if hand.bidder_won is None else int(hand.bidder_won),
                texts.participants,
                texts.deltas,
                digest,
                texts.record,
                hand.session_id,
            ),
        )
        if not inserted:
            old = yield "SELECT digest FROM hands WHERE hand_id = ?", (hand.hand_id,)
            if old[0][0] != digest:
                raise HandConflictError(
                    f"hand {hand.hand_id!r} was already settled with different money"
                )
            yield from save_state()
            return False

        yield from mark_season(g, s)
        yield from enqueue_analysis(hand)  # (issue #28: paid and queued together)
        if pool_involved:
            yield from self._apply_pool(hand, pool_delta, allow_pool_overdraw)
        yield from self._ensure_balances(g, s, cur, hand.participants)
        yield (
            "INSERT INTO ledger (kind, hand_id, guild_id, season, channel_id, variant,"
            " currency, payer_kind, payer_id, payee_kind, payee_id, amount)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            Many([
                (
                    KIND_HAND,
                    hand.hand_id,
                    g,
                    s,
                    hand.channel_id,
                    hand.variant,
                    cur,
                    *_party_sql(t.payer),
                    *_party_sql(t.payee),
                    t.amount,
                )
                for t in hand.transfers
            ]),
        )
        yield (
            "UPDATE balances SET amount = amount + ?"
            " WHERE guild_id = ? AND season = ? AND currency = ? AND player_id = ?",
            Many([(d, g, s, cur, p) for p, d in player_deltas.items()]),
        )
        yield from self._check_balances_in_range(hand, list(player_deltas))
        yield (
            "INSERT INTO player_stats (guild_id, season, variant, currency, player_id,"
            " hands_played, hands_won, hands_as_bidder, hands_won_as_bidder, net,"
            " biggest_win, biggest_loss) VALUES (?,?,?,?,?,1,?,?,?,?,?,?)"
            " ON CONFLICT (guild_id, season, variant, currency, player_id) DO UPDATE SET"
            " hands_played = player_stats.hands_played + 1,"
            " hands_won = player_stats.hands_won + excluded.hands_won,"
            " hands_as_bidder = player_stats.hands_as_bidder + excluded.hands_as_bidder,"
            " hands_won_as_bidder = player_stats.hands_won_as_bidder"
            " + excluded.hands_won_as_bidder,"
            " net = player_stats.net + excluded.net,"
            f" biggest_win = {_larger('player_stats.biggest_win', 'excluded.biggest_win')},"
            f" biggest_loss = {_larger('player_stats.biggest_loss', 'excluded.biggest_loss')}",
            Many([
                (
                    g,
                    s,
                    hand.variant,
                    cur,
                    p,
                    int(player_deltas.get(p, 0) > 0),
                    int(p == hand.bidder),
                    int(p == hand.bidder and bool(hand.bidder_won)),
                    player_deltas.get(p, 0),
                    max(player_deltas.get(p, 0), 0),
                    max(-player_deltas.get(p, 0), 0),
                )
                for p in hand.participants
            ]),
        )
        if hand.session_id is not None:
            yield from self._record_session_step(hand)
        if hand.outcome is not None:
            yield from self._rate_paid_hand(g, s, hand.outcome)
        yield from save_state()
        return True

    def _check_balances_in_range(self, hand: SettledHand, players: list[int]) -> Statements[None]:
        """Refuse (rolling the settlement back) a balance beyond ±``MAX_AMOUNT``: SQLite
        would otherwise keep an overflowing sum as a REAL."""
        if not players:
            return
        marks = ",".join("?" * len(players))
        # (PostgreSQL's BIGINT raises on overflow instead of turning into a float.)
        floated = "typeof(amount) != 'integer' OR " if self.dialect.integers_may_float else ""
        rows = yield (
            f"SELECT player_id, amount FROM balances WHERE guild_id = ? AND season = ?"
            f" AND currency = ? AND player_id IN ({marks})"
            f" AND ({floated}amount > ? OR amount < ?)",
            (hand.guild_id, hand.season, hand.currency, *players, MAX_AMOUNT, -MAX_AMOUNT),
        )
        if rows:
            raise HandValidationError(
                f"hand {hand.hand_id}: the balance of {rows[0][0]} would leave the store's range"
            )

    @staticmethod
    def _apply_pool(hand: SettledHand, delta: int, allow_overdraw: bool) -> Statements[None]:
        key = (hand.guild_id, hand.season, hand.channel_id, hand.variant, hand.currency)
        rows = yield _ADD_TO_POOL + " RETURNING amount", (*key, delta)
        new_amount = rows[0][0]
        if not isinstance(new_amount, int) or abs(new_amount) > MAX_AMOUNT:
            raise HandValidationError(f"hand {hand.hand_id}: the pool would leave the store's range")
        if new_amount < 0 and not allow_overdraw:
            raise PoolOverdrawnError(
                f"hand {hand.hand_id}: pool would be {format_amount(hand.currency, new_amount)}"
            )

    @staticmethod
    def _ensure_balances(
        guild_id: int,
        season: int,
        currency: str,
        players: Iterable[int],
    ) -> Statements[None]:
        """Create missing balance rows at the starting amount, with a ``start`` ledger row."""
        wanted = list(players)
        marks = ",".join("?" * len(wanted))
        existing = {
            int(r[0])
            for r in (yield (
                f"SELECT player_id FROM balances WHERE guild_id = ? AND season = ?"
                f" AND currency = ? AND player_id IN ({marks})",
                (guild_id, season, currency, *wanted),
            ))
        }
        missing = [p for p in wanted if p not in existing]
        if not missing:
            return
        start_rows = yield (
            "SELECT amount FROM starting_amounts WHERE guild_id = ? AND currency = ?",
            (guild_id, currency),
        )
        start = int(start_rows[0][0]) if start_rows else 0
        yield (
            "INSERT INTO balances (guild_id, season, currency, player_id, amount)"
            " VALUES (?,?,?,?,?)",
            Many([(guild_id, season, currency, p, start) for p in missing]),
        )
        if start > 0:
            yield (
                "INSERT INTO ledger (kind, guild_id, season, currency, payer_kind,"
                " payee_kind, payee_id, amount) VALUES (?,?,?,?,'bank','player',?,?)",
                Many([(KIND_START, guild_id, season, currency, p, start) for p in missing]),
            )

    def _record_session_step(self, hand: SettledHand) -> Statements[None]:
        """Write what the hand's session decided (deals played, totals, its end).

        The table's session decides; this only checks that the hand belongs to an open
        session of its table and records the step.  Totals of players not in this hand
        (one who left the table) stay as they were."""
        step = hand.session_step
        assert step is not None  # validate() pairs it with session_id
        rows = yield (
            "SELECT guild_id, channel_id, variant, currency, season, totals_json, finished_at"
            " FROM sessions WHERE session_id = ?",
            (hand.session_id,),
        )
        if not rows:
            raise SessionError(f"session {hand.session_id} does not exist")
        g, ch, variant, currency, season, totals_json, finished = rows[0]
        if (g, ch, variant, currency, season) != (
            hand.guild_id,
            hand.channel_id,
            hand.variant,
            hand.currency,
            hand.season,
        ):
            raise SessionError(f"hand {hand.hand_id} does not belong to session {hand.session_id}")
        if finished is not None:
            raise SessionError(f"session {hand.session_id} is finished")
        totals = {int(k): int(v) for k, v in json.loads(totals_json).items()}
        totals.update({int(p): int(v) for p, v in step.totals.items()})
        done = step.finish_reason is not None
        yield (
            "UPDATE sessions SET deals_played = ?, totals_json = ?,"
            f" finished_at = CASE WHEN ? THEN {self.dialect.now} END,"
            " finish_reason = ? WHERE session_id = ?",
            (
                step.deals_played,
                dumps({str(k): v for k, v in totals.items()}),
                done,
                step.finish_reason,
                hand.session_id,
            ),
        )

    # ------------------------------------------------------------------ balances

    async def balance(
        self, guild_id: int, player_id: int, season: int | None = None
    ) -> dict[str, int]:
        """The player's balance in every currency (default: current season).

        Currencies the player has not played yet show the configured starting amount
        (what their first hand will start from), if one is set.
        """
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            starts = await self._rows(
                conn,
                "SELECT currency, amount FROM starting_amounts WHERE guild_id = ?",
                (guild_id,),
            )
            rows = await self._rows(
                conn,
                "SELECT currency, amount FROM balances"
                " WHERE guild_id = ? AND season = ? AND player_id = ?",
                (guild_id, season, player_id),
            )
        out = {str(c): int(a) for c, a in starts if int(a) != 0}
        out.update({str(c): int(a) for c, a in rows})
        return out

    async def balances(
        self, guild_id: int, season: int, currency: str, players: Iterable[int]
    ) -> dict[int, int]:
        """Current balances of ``players`` in one currency (missing players omitted)."""
        wanted = list(players)
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT player_id, amount FROM balances WHERE guild_id = ? AND season = ?"
                f" AND currency = ? AND player_id IN ({marks})",
                (guild_id, season, currency, *wanted),
            )
        return {int(p): int(a) for p, a in rows}

    # ------------------------------------------------------------------ pools

    async def seed_pool(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        amount: int,
        season: int | None = None,
    ) -> int:
        """Put ``amount`` from the bank into a table's pool (a ``seed`` ledger row).

        Returns the pool's new amount.
        """
        check_currency(currency)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise ValueError("seed amount must be a positive int")
        async with self._write() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            await self._mark_season(conn, guild_id, season)
            await conn.execute(
                "INSERT INTO ledger (kind, guild_id, season, channel_id, variant, currency,"
                " payer_kind, payee_kind, amount) VALUES (?,?,?,?,?,?,'bank','pool',?)",
                (KIND_SEED, guild_id, season, channel_id, variant, currency, amount),
            )
            rows = await self._rows(
                conn,
                _ADD_TO_POOL + " RETURNING amount",
                (guild_id, season, channel_id, variant, currency, amount),
            )
        return int(rows[0][0])

    async def get_pool(
        self,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int | None = None,
    ) -> int:
        """The amount in one table's pool (0 if it never held anything)."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT amount FROM pools WHERE guild_id = ? AND season = ? AND channel_id = ?"
                " AND variant = ? AND currency = ?",
                (guild_id, season, channel_id, variant, currency),
            )
        return int(rows[0][0]) if rows else 0

    async def get_pools(
        self, guild_id: int, channel_id: int, season: int | None = None
    ) -> list[PoolBalance]:
        """Every pool of a channel (all variants and currencies) in a season."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT variant, currency, amount FROM pools WHERE guild_id = ? AND season = ?"
                " AND channel_id = ? ORDER BY variant, currency",
                (guild_id, season, channel_id),
            )
        return [PoolBalance(guild_id, channel_id, v, c, season, int(a)) for v, c, a in rows]

    # ------------------------------------------------------------------ sessions

    _SESSION_COLS: Final = (
        "session_id, guild_id, channel_id, variant, currency, season, deals_planned,"
        " deals_played, totals_json, started_at, finished_at, finish_reason"
    )

    @staticmethod
    def _session(row: tuple[Any, ...]) -> Session:
        sid, g, ch, var, cur, sea, planned, played, totals, started, finished, reason = row
        return Session(
            session_id=int(sid),
            guild_id=int(g),
            channel_id=int(ch),
            variant=str(var),
            currency=str(cur),
            season=int(sea),
            deals_planned=None if planned is None else int(planned),
            deals_played=int(played),
            totals={int(k): int(v) for k, v in json.loads(totals).items()},
            started_at=str(started),
            finished_at=None if finished is None else str(finished),
            finish_reason=None if reason is None else str(reason),
        )

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
    ) -> Session:
        """Open a session at a table (``deals_planned=None``: until stopped/broke).

        At most one open session per channel (``SessionError`` otherwise).  Hands
        settled with its ``session_id`` record what the table's session decided (see
        ``SessionStep``); ``finish_session`` ends it from outside (``"stopped"``).

        ``pot_seeds`` (PT-4): what each player puts into the table's pot as the session
        starts (participant id -> amount > 0).  They are paid in the same transaction
        that opens the session (``seed`` ledger rows from the players to the pool), so a
        session's seed is paid exactly once, and its totals start at minus the seed.
        """
        check_currency(currency)
        if deals_planned is not None and deals_planned < 1:
            raise ValueError("deals_planned must be >= 1 or None")
        seeds = dict(pot_seeds or {})
        for p, amount in seeds.items():
            if not isinstance(p, int) or isinstance(p, bool) or p == 0:
                raise ValueError(f"pot seeds are paid by participant ids, got {p!r}")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                raise ValueError(f"a pot seed is a positive int, got {amount!r}")
        totals = {str(p): -amount for p, amount in seeds.items()}
        async with self._write() as conn:
            try:
                rows = await self._rows(
                    conn,
                    "INSERT INTO sessions (guild_id, channel_id, variant, currency, season,"
                    " deals_planned, totals_json) VALUES (?,?,?,?,?,?,?)"
                    f" RETURNING {self._SESSION_COLS}",
                    (guild_id, channel_id, variant, currency, season, deals_planned,
                     dumps(totals)),
                )
            except self._INTEGRITY_ERRORS:
                raise SessionError(
                    f"channel {guild_id}/{channel_id} already has an open session"
                ) from None
            if seeds:
                await self._pay_pot_seeds(conn, guild_id, channel_id, variant, currency, season, seeds)
        return self._session(rows[0])

    async def _pay_pot_seeds(
        self,
        conn: SqlConnection,
        guild_id: int,
        channel_id: int,
        variant: str,
        currency: str,
        season: int,
        seeds: Mapping[int, int],
    ) -> None:
        """Each player pays their seed into the table's pool (PT-4; inside a write)."""
        for amount in seeds.values():
            check_amount(amount, "pot seed")
        await self._mark_season(conn, guild_id, season)
        await self._run(conn, self._ensure_balances(guild_id, season, currency, list(seeds)))
        await conn.executemany(
            "INSERT INTO ledger (kind, guild_id, season, channel_id, variant, currency,"
            " payer_kind, payer_id, payee_kind, amount) VALUES (?,?,?,?,?,?,'player',?,'pool',?)",
            [
                (KIND_SEED, guild_id, season, channel_id, variant, currency, p, amount)
                for p, amount in seeds.items()
            ],
        )
        await conn.executemany(
            "UPDATE balances SET amount = amount - ?"
            " WHERE guild_id = ? AND season = ? AND currency = ? AND player_id = ?",
            [(amount, guild_id, season, currency, p) for p, amount in seeds.items()],
        )
        await conn.execute(
            _ADD_TO_POOL,
            (guild_id, season, channel_id, variant, currency, sum(seeds.values())),
        )

    async def _pay_pool_out(
        self, conn: SqlConnection, session_id: int, payout: Mapping[int, int]
    ) -> None:
        """The table's pool pays ``payout`` to the players of a session (PL-19)."""
        rows = await self._rows(
            conn,
            f"SELECT {self._SESSION_COLS} FROM sessions WHERE session_id = ?",
            (session_id,),
        )
        sess = self._session(rows[0])
        g, ch, var, cur, sea = sess.guild_id, sess.channel_id, sess.variant, sess.currency, sess.season
        for p, amount in payout.items():
            if not isinstance(p, int) or isinstance(p, bool) or amount <= 0:
                raise ValueError(f"a pool payout is a positive amount to a participant, got {p!r}: {amount!r}")
        await self._run(conn, self._ensure_balances(g, sea, cur, list(payout)))
        await conn.executemany(
            "INSERT INTO ledger (kind, guild_id, season, channel_id, variant, currency,"
            " payer_kind, payee_kind, payee_id, amount) VALUES (?,?,?,?,?,?,'pool','player',?,?)",
            [(KIND_SEED, g, sea, ch, var, cur, p, a) for p, a in payout.items()],
        )
        await conn.executemany(
            "UPDATE balances SET amount = amount + ?"
            " WHERE guild_id = ? AND season = ? AND currency = ? AND player_id = ?",
            [(a, g, sea, cur, p) for p, a in payout.items()],
        )
        left = await self._rows(
            conn,
            _ADD_TO_POOL + " RETURNING amount",
            (g, sea, ch, var, cur, -sum(payout.values())),
        )
        if int(left[0][0]) < 0:
            raise PoolOverdrawnError(
                f"session {session_id}: pool would be {format_amount(cur, int(left[0][0]))}")
        totals = dict(sess.totals)
        for p, a in payout.items():
            totals[p] = totals.get(p, 0) + a
        await conn.execute(
            "UPDATE sessions SET totals_json = ? WHERE session_id = ?",
            (dumps({str(k): v for k, v in totals.items()}), session_id),
        )

    async def get_session(self, session_id: int) -> Session | None:
        """A session by id, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT {self._SESSION_COLS} FROM sessions WHERE session_id = ?",
                (session_id,),
            )
        return self._session(rows[0]) if rows else None

    async def open_session(self, guild_id: int, channel_id: int) -> Session | None:
        """The channel's unfinished session, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT {self._SESSION_COLS} FROM sessions WHERE guild_id = ? AND channel_id = ?"
                " AND finished_at IS NULL",
                (guild_id, channel_id),
            )
        return self._session(rows[0]) if rows else None

    async def finish_session(
        self, session_id: int, reason: str, *, pool_payout: Mapping[int, int] | None = None
    ) -> Session:
        """Finish a session (e.g. ``"broke"``, ``"stopped"``); idempotent, returns it.

        ``pool_payout`` (PL-19): what the table's pool pays each participant (id -> amount
        > 0) as the session ends; paid in the same transaction that finishes it, so only
        once (``seed`` ledger rows from the pool, the session-level pot movements), and
        added to the session's totals."""
        payout = {p: a for p, a in (pool_payout or {}).items() if a}
        async with self._write() as conn:
            cur = await conn.execute(
                f"UPDATE sessions SET finished_at = {self.dialect.now},"
                " finish_reason = ? WHERE session_id = ? AND finished_at IS NULL",
                (reason, session_id),
            )
            if payout and cur.rowcount == 1:
                await self._pay_pool_out(conn, session_id, payout)
            rows = await self._rows(
                conn,
                f"SELECT {self._SESSION_COLS} FROM sessions WHERE session_id = ?",
                (session_id,),
            )
        if not rows:
            raise SessionError(f"session {session_id} does not exist")
        return self._session(rows[0])
