"""History and records: settled hands (summaries and the engine's full record) and the
guild's ledger as CSV."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Final

from bot.store.core import StoreCore
from bot.store.models import HandSummary
from bot.store.money import format_amount

__all__ = ["History"]


class History(StoreCore):
    """What was played: hands by channel, one hand's record, the ledger exported."""

    # ------------------------------------------------------------------ history

    _HAND_COLS: Final = (
        "seq, hand_id, guild_id, channel_id, variant, currency, season, bidder, bidder_won,"
        " participants_json, deltas_json, settled_at, session_id"
    )

    @staticmethod
    def _hand_summary(row: tuple[Any, ...]) -> HandSummary:
        (seq, hid, g, ch, variant, cur, season, bidder, won, parts, deltas_json, at, sess) = row
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
        )

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
        or ``bank``; amount is in the currency's smallest unit.
        """
        sql = (
            "SELECT id, created_at, season, kind, hand_id, channel_id, variant, currency,"
            " payer_kind, payer_id, payee_kind, payee_id, amount FROM ledger WHERE guild_id = ?"
        )
        params: list[Any] = [guild_id]
        if season is not None:
            sql += " AND season = ?"
            params.append(season)
        async with self._read() as conn:
            rows = await self._rows(conn, sql + " ORDER BY id", params)
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
        return out.getvalue()
