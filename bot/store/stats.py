"""Leaderboards and statistics: ranked pages, a player's counters, and the integrity check
that recomputes balances, pools and counters from the ledger and the hands."""

from __future__ import annotations

import json
from typing import Any, Final

from bot.store.core import StoreCore
from bot.store.models import ORDERS, LeaderboardRow, PlayerStats, VariantStats
from bot.store.money import check_currency

__all__ = ["Stats"]

#: What player ``b.player_id`` won from computer seats (negative ids) in ``b``'s guild,
#: season and currency, net: the part of a balance the leaderboard does not rank.
_FROM_COMPUTERS: Final = (
    "SELECT COALESCE(SUM(CASE WHEN l.payee_id = b.player_id THEN l.amount ELSE -l.amount END), 0)"
    " FROM ledger l WHERE l.guild_id = b.guild_id AND l.season = b.season"
    " AND l.currency = b.currency AND l.kind = 'hand'"
    " AND l.payer_kind = 'player' AND l.payee_kind = 'player'"
    " AND ((l.payee_id = b.player_id AND l.payer_id < 0)"
    " OR (l.payer_id = b.player_id AND l.payee_id < 0))"
)


class Stats(StoreCore):
    """Leaderboards, player statistics and the books' integrity."""

    # ------------------------------------------------------------------ leaderboards

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
    ) -> tuple[list[LeaderboardRow], int]:
        """One page (1-based) of a leaderboard and the total number of ranked players.

        ``order_by``: ``balance`` (the season balance in ``currency``; with a
        ``variant`` it is the net won in that variant), ``hands_played``,
        ``hands_won_as_bidder`` or ``biggest_win`` (largest single-hand win).  Money
        orders need one currency: ``currency``, or the only one ``variant`` was played
        in; otherwise ``ValueError``.  Ties share a rank.  Computer players (negative
        ids) are left out unless ``include_computer``.
        """
        if order_by not in ORDERS:
            raise ValueError(f"order_by must be one of {ORDERS}")
        if page < 1 or page_size < 1:
            raise ValueError("page and page_size start at 1")
        if currency is not None:
            check_currency(currency)
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            money = order_by in ("balance", "biggest_win")
            if money and currency is None:
                if variant is None:
                    raise ValueError(f"a {order_by} leaderboard needs a currency or a variant")
                used = await self._rows(
                    conn,
                    "SELECT DISTINCT currency FROM player_stats"
                    " WHERE guild_id = ? AND season = ? AND variant = ?",
                    (guild_id, season, variant),
                )
                if len(used) > 1:
                    raise ValueError(f"variant {variant} was played in several currencies")
                currency = str(used[0][0]) if used else None
                if currency is None:
                    return [], 0

            where = ["guild_id = ?", "season = ?"]
            params: list[Any] = [guild_id, season]
            if not include_computer:
                where.append("player_id > 0")
            if currency is not None:
                where.append("currency = ?")
                params.append(currency)
            if order_by == "balance" and variant is None:
                # Money won from (or lost to) computer seats does not rank: a host could
                # otherwise farm them to the top (issue #15).  It stays in the balance.
                source = (
                    f"SELECT player_id, amount - ({_FROM_COMPUTERS}) AS value FROM balances b"
                    f" WHERE {' AND '.join(where)}"
                )
            else:
                if variant is not None:
                    where.append("variant = ?")
                    params.append(variant)
                agg = {
                    "balance": "SUM(net)",
                    "hands_played": "SUM(hands_played)",
                    "hands_won_as_bidder": "SUM(hands_won_as_bidder)",
                    "biggest_win": "MAX(biggest_win)",
                }[order_by]
                source = (
                    f"SELECT player_id, {agg} AS value FROM player_stats"
                    f" WHERE {' AND '.join(where)} GROUP BY player_id"
                )
            ranked = (
                f"SELECT RANK() OVER (ORDER BY value DESC) AS rank, player_id, value"
                f" FROM ({source}) AS src"
            )
            total_rows = await self._rows(conn, f"SELECT COUNT(*) FROM ({source}) AS src", params)
            rows = await self._rows(
                conn,
                f"SELECT rank, player_id, value FROM ({ranked}) AS ranked"
                " ORDER BY rank, player_id LIMIT ? OFFSET ?",
                (*params, page_size, (page - 1) * page_size),
            )
        unit = currency if money else None
        return (
            [LeaderboardRow(int(r), int(p), int(v), unit) for r, p, v in rows],
            int(total_rows[0][0]),
        )

    async def player_stats(
        self, guild_id: int, player_id: int, season: int | None = None
    ) -> PlayerStats:
        """A player's balances and per-variant counters in a season (default current)."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            bal = await self._rows(
                conn,
                "SELECT currency, amount FROM balances"
                " WHERE guild_id = ? AND season = ? AND player_id = ?",
                (guild_id, season, player_id),
            )
            stats = await self._rows(
                conn,
                "SELECT variant, currency, hands_played, hands_won, hands_as_bidder,"
                " hands_won_as_bidder, net, biggest_win, biggest_loss FROM player_stats"
                " WHERE guild_id = ? AND season = ? AND player_id = ?"
                " ORDER BY hands_played DESC, variant, currency",
                (guild_id, season, player_id),
            )
        return PlayerStats(
            guild_id=guild_id,
            player_id=player_id,
            season=season,
            balances={str(c): int(a) for c, a in bal},
            by_variant=[
                VariantStats(str(v), str(c), *(int(x) for x in rest)) for v, c, *rest in stats
            ],
        )

    # ------------------------------------------------------------------ integrity

    async def check_integrity(self) -> list[str]:
        """Recompute everything money-related from the ledger; return the mismatches.

        An empty list means: every balance and pool equals the sum of its ledger rows,
        every hand's ledger rows net exactly to its recorded deltas (and to zero), and
        every stats counter matches the hands.  Meant for tests, the crash test and an
        admin "check" command; it reads the whole ledger.
        """
        problems: list[str] = []
        async with self._read() as conn:
            ledger_bal = {
                (int(g), int(s), str(c), int(p)): int(a)
                for g, s, c, p, a in await self._rows(
                    conn,
                    "SELECT guild_id, season, currency, pid, SUM(d) FROM ("
                    " SELECT guild_id, season, currency, payee_id AS pid, amount AS d FROM ledger"
                    "  WHERE payee_kind = 'player'"
                    " UNION ALL"
                    " SELECT guild_id, season, currency, payer_id, -amount FROM ledger"
                    "  WHERE payer_kind = 'player') AS moves"
                    " GROUP BY guild_id, season, currency, pid",
                )
            }
            stored_bal = {
                (int(g), int(s), str(c), int(p)): int(a)
                for g, s, c, p, a in await self._rows(
                    conn, "SELECT guild_id, season, currency, player_id, amount FROM balances"
                )
            }
            ledger_pool = {
                (int(g), int(s), int(ch), str(v), str(c)): int(a)
                for g, s, ch, v, c, a in await self._rows(
                    conn,
                    "SELECT guild_id, season, channel_id, variant, currency, SUM(d) FROM ("
                    " SELECT guild_id, season, channel_id, variant, currency, amount AS d"
                    "  FROM ledger WHERE payee_kind = 'pool'"
                    " UNION ALL"
                    " SELECT guild_id, season, channel_id, variant, currency, -amount"
                    "  FROM ledger WHERE payer_kind = 'pool') AS moves"
                    " GROUP BY guild_id, season, channel_id, variant, currency",
                )
            }
            stored_pool = {
                (int(g), int(s), int(ch), str(v), str(c)): int(a)
                for g, s, ch, v, c, a in await self._rows(
                    conn,
                    "SELECT guild_id, season, channel_id, variant, currency, amount FROM pools",
                )
            }
            hand_rows = await self._rows(
                conn,
                "SELECT hand_id, guild_id, season, variant, currency, participants_json,"
                " deltas_json, bidder, bidder_won FROM hands",
            )
            ledger_by_hand: dict[str, dict[str, int]] = {}
            for hid, pk, pid, qk, qid, amount in await self._rows(
                conn,
                "SELECT hand_id, payer_kind, payer_id, payee_kind, payee_id, amount FROM ledger"
                " WHERE kind = 'hand'",
            ):
                d = ledger_by_hand.setdefault(str(hid), {})
                payer = "pool" if pk == "pool" else str(pid)
                payee = "pool" if qk == "pool" else str(qid)
                d[payer] = d.get(payer, 0) - int(amount)
                d[payee] = d.get(payee, 0) + int(amount)
            stats = {
                (int(g), int(s), str(v), str(c), int(p)): (int(n), int(b))
                for g, s, v, c, p, n, b in await self._rows(
                    conn,
                    "SELECT guild_id, season, variant, currency, player_id, hands_played,"
                    " hands_won_as_bidder FROM player_stats",
                )
            }
            orphans = await self._rows(
                conn,
                "SELECT COUNT(*) FROM ledger l WHERE kind = 'hand'"
                " AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = l.hand_id)",
            )

        for key in sorted(set(ledger_bal) | set(stored_bal)):
            if ledger_bal.get(key, 0) != stored_bal.get(key, 0):
                problems.append(
                    f"balance {key}: stored {stored_bal.get(key)} != ledger {ledger_bal.get(key, 0)}"
                )
        for pkey in sorted(set(ledger_pool) | set(stored_pool)):
            if ledger_pool.get(pkey, 0) != stored_pool.get(pkey, 0):
                problems.append(
                    f"pool {pkey}: stored {stored_pool.get(pkey)} != ledger {ledger_pool.get(pkey, 0)}"
                )
        counted: dict[tuple[int, int, str, str, int], list[int]] = {}
        for hid, g, s, v, c, parts, deltas_json, bidder, won in hand_rows:
            recorded = {k: int(x) for k, x in json.loads(deltas_json).items() if int(x) != 0}
            from_ledger = {k: x for k, x in ledger_by_hand.get(str(hid), {}).items() if x != 0}
            if recorded != from_ledger:
                problems.append(f"hand {hid}: ledger {from_ledger} != recorded {recorded}")
            if sum(recorded.values()) != 0:
                problems.append(f"hand {hid}: deltas sum to {sum(recorded.values())}")
            for p in json.loads(parts):
                c_ = counted.setdefault((int(g), int(s), str(v), str(c), int(p)), [0, 0])
                c_[0] += 1
                c_[1] += int(bidder is not None and int(bidder) == int(p) and bool(won))
        for skey in sorted(set(counted) | set(stats)):
            want = tuple(counted.get(skey, (0, 0)))
            if stats.get(skey, (0, 0)) != want:
                problems.append(f"stats {skey}: stored {stats.get(skey)} != hands {want}")
        if int(orphans[0][0]):
            problems.append(f"{orphans[0][0]} hand ledger rows without a hand")
        return problems
