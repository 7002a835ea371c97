"""History and records: settled hands (summaries and the engine's full record) and the
guild's ledger as CSV."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Final

from bot.store.core import StoreCore, dumps
from bot.store.models import HandSummary, HandValidationError, SettledHand
from bot.store.money import format_amount

__all__ = ["History"]


class History(StoreCore):
    """What was played: hands by channel, one hand's record, the ledger exported."""

    # ------------------------------------------------------------------ history

    _HAND_COLS: Final = (
        "seq, hand_id, guild_id, channel_id, variant, currency, season, bidder, bidder_won,"
        " participants_json, deltas_json, settled_at, session_id, annulled"
    )

    @staticmethod
    def _hand_summary(row: tuple[Any, ...]) -> HandSummary:
        (seq, hid, g, ch, variant, cur, season, bidder, won, parts, deltas_json, at, sess, annulled) = row
        deltas = json.loads(deltas_json)
        return HandSummary(
            seq=int(seq),
            hand_id=str(hid),
            guild_id=int(g),
            channel_id=int(ch),
            variant=str(variant),
            currency=str(cur),
            season=int(season),
            bidder=None if bidder is None else int(bidder),
            bidder_won=None if won is None else bool(won),
            participants=tuple(int(p) for p in json.loads(parts)),
            deltas={int(k): int(v) for k, v in deltas.items() if k != "pool"},
            pool_delta=int(deltas.get("pool", 0)),
            settled_at=str(at),
            session_id=None if sess is None else int(sess),
            annulled=bool(annulled),
        )

    async def annul_hand(self, hand: SettledHand) -> bool:
        """Keep a hand annulled in play (issue #29): its record (the deck and the salt
        revealed), no transfer, no balance or statistic touched, marked annulled in the
        history and the ledger export.  False if the hand id is already kept."""
        hand.validate()
        if hand.transfers:
            raise HandValidationError("an annulled hand pays nothing")
        async with self._write() as conn:
            await self._mark_season(conn, hand.guild_id, hand.season)
            inserted = await self._rows(
                conn,
                "INSERT INTO hands (hand_id, guild_id, channel_id, variant, currency, season,"
                " bidder, bidder_won, participants_json, deltas_json, digest, record_json,"
                " session_id, annulled) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,1)"
                " ON CONFLICT (hand_id) DO NOTHING RETURNING seq",
                (hand.hand_id, hand.guild_id, hand.channel_id, hand.variant, hand.currency, hand.season,
                 None, None, dumps(list(hand.participants)), "{}", hand.digest(),
                 dumps(dict(hand.record)), hand.session_id),
            )
        return bool(inserted)

    async def recent_hands(
        self, guild_id: int, channel_id: int, limit: int = 10, offset: int = 0
    ) -> list[HandSummary]:
        """A channel's settled hands, newest first."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT {self._HAND_COLS} FROM hands WHERE guild_id = ? AND channel_id = ?"
                " ORDER BY seq DESC LIMIT ? OFFSET ?",
                (guild_id, channel_id, max(limit, 0), max(offset, 0)),
            )
        return [self._hand_summary(r) for r in rows]

    async def count_hands(self, guild_id: int, channel_id: int) -> int:
        """How many hands a channel has settled (for paging ``recent_hands``)."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT COUNT(*) FROM hands WHERE guild_id = ? AND channel_id = ?",
                (guild_id, channel_id),
            )
        return int(rows[0][0])

    async def get_hand(self, hand_id: str) -> HandSummary | None:
        """One settled hand's summary, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn, f"SELECT {self._HAND_COLS} FROM hands WHERE hand_id = ?", (hand_id,)
            )
        return self._hand_summary(rows[0]) if rows else None

    async def get_hand_record(self, hand_id: str) -> dict[str, Any] | None:
        """The engine's full record of a settled hand, exactly as it was given, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn, "SELECT record_json FROM hands WHERE hand_id = ?", (hand_id,)
            )
        if not rows:
            return None
        record: dict[str, Any] = json.loads(rows[0][0])
        return record

    async def is_settled(self, hand_id: str) -> bool:
        """True if ``hand_id`` has been settled."""
        async with self._read() as conn:
            rows = await self._rows(conn, "SELECT 1 FROM hands WHERE hand_id = ?", (hand_id,))
        return bool(rows)

    # ------------------------------------------------------------------ export

    async def export_ledger_csv(self, guild_id: int, season: int | None = None) -> str:
        """The guild's ledger as CSV text (all seasons if ``season`` is None).

        Columns: id, created_at, season, kind, hand_id, channel_id, variant, currency,
        payer, payee, amount, amount_display.  payer/payee are a player id, ``pool``
        or ``bank``; amount is in the currency's smallest unit.  A hand annulled in play
        (issue #29) follows the transfers as one row of kind ``annulled``, no id, no
        payer or payee, amount 0.
        """
        sql = (
            "SELECT id, created_at, season, kind, hand_id, channel_id, variant, currency,"
            " payer_kind, payer_id, payee_kind, payee_id, amount FROM ledger WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if season is not None:
            sql += " AND season = ?"
            params.append(season)
        annulled_sql = ("SELECT settled_at, season, hand_id, channel_id, variant, currency FROM hands"
                        " WHERE guild_id = ? AND annulled = 1")
        async with self._read() as conn:
            rows = await self._rows(conn, sql + " ORDER BY id", params)
            annulled = await self._rows(conn, annulled_sql + (" AND season = ?" if season is not None else "")
                                        + " ORDER BY seq", params)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            [
                "id",
                "created_at",
                "season",
                "kind",
                "hand_id",
                "channel_id",
                "variant",
                "currency",
                "payer",
                "payee",
                "amount",
                "amount_display",
            ]
        )
        for lid, at, sea, kind, hid, ch, var, cur, pk, pid, qk, qid, amount in rows:
            writer.writerow(
                [
                    lid,
                    at,
                    sea,
                    kind,
                    hid or "",
                    "" if ch is None else ch,
                    var or "",
                    cur,
                    pid if pk == "player" else pk,
                    qid if qk == "player" else qk,
                    amount,
                    format_amount(cur, int(amount)),
                ]
            )
        # Issue #29: a hand annulled in play moved no money; it is listed, marked, so the
        # export accounts for every hand dealt.
        for at, sea, hid, ch, var, cur in annulled:
            writer.writerow(["", at, sea, "annulled", hid, ch, var, cur, "", "", 0, format_amount(cur, 0)])
        return out.getvalue()
