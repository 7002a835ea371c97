"""Forgetting a member: their rows anonymised, the books exact.

The ledger is never deleted from: every balance, pool and hand must still add up
(``check_integrity``), and the other players' money came from or went to someone.  So
forgetting *renames*: in each guild the member's id becomes a fresh anonymous id (one
per guild, so their guilds cannot be linked through it) in every row that holds it —
ledger rows, balances, statistics, reviewed seats, the hands they played (participants, money, the
bidder, and their name in the hand's record) and the running totals of sessions — and
their language choice is deleted.  What the anonymous id stands for is recorded nowhere.
A hand's ``digest`` stays: it is a hash (of the money as settled, no name in it), and a
settlement of the same hand retried later, with the member's id still in it, is then
still recognised as paid already rather than paid twice.

An anonymous id lies below ``2**22``: no Discord id does (a Discord id carries its
creation time from bit 22 up), so it can never be a member's; and above zero, so
it is not a computer player's either (those are negative) and the leaderboard keeps
counting money won from it as money won from a person.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection
from typing import Any, Final

from bot.store.core import StoreCore, dumps
from bot.store.interface import SqlConnection
from bot.store.models import Forgotten

__all__ = ["ANONYMOUS_IDS", "FORGOTTEN_NAME", "Privacy", "is_anonymous"]

#: The range anonymous ids are drawn from (never a Discord id, never a computer's).
ANONYMOUS_IDS: Final = range(1 << 21, 1 << 22)
#: What a forgotten member's name becomes in the records of their hands (no words: it
#: is read in every language).
FORGOTTEN_NAME: Final = "—"


def is_anonymous(participant: int) -> bool:
    """True for the id a forgotten member's rows now carry."""
    return participant in ANONYMOUS_IDS


class Privacy(StoreCore):
    """Forgetting members (see the module's docstring)."""

    async def forget_member(self, member_id: int, *, guild_id: int | None = None,
                            seated_in: Collection[int] = ()) -> Forgotten:
        """Anonymise ``member_id``'s rows in one transaction: in ``guild_id`` only (an
        admin forgetting a member of their server), or in every guild and with their
        language choice (None: the member's own request).  Balances, pools, hands and
        the ledger stay exact (``check_integrity`` finds nothing new); nothing is
        deleted but the language choice.  Returns what changed (all zero if the store
        held nothing about the member) and each guild's anonymous id.

        ``seated_in``: guilds where the member sits at a table in play: each gets its
        anonymous id even if no row names the member yet, so that the hand dealt to them
        is paid to it (``TableManager.forget_member``)."""
        if member_id <= 0 or is_anonymous(member_id):
            raise ValueError("only a member's own (Discord) id can be forgotten")
        async with self._write() as conn:
            guilds = sorted(set(await self._guilds_of(conn, member_id, guild_id))
                            | {g for g in seated_in if guild_id is None or g == guild_id})
            hands = ledger_rows = 0
            ids: dict[int, int] = {}
            for g in guilds:
                anonymous = ids[g] = await self._fresh_anonymous_id(conn, g)
                hands += await self._rename_in_hands(conn, g, member_id, anonymous)
                ledger_rows += await self._rename_in_books(conn, g, member_id, anonymous)
            language = False
            if guild_id is None:
                deleted = await self._rows(
                    conn,
                    "DELETE FROM language_choices WHERE scope = 'user' AND id = ? RETURNING 1",
                    (member_id,),
                )
                language = bool(deleted)
        return Forgotten(len(guilds), hands, ledger_rows, language, ids)

    async def _guilds_of(
        self, conn: SqlConnection, member_id: int, guild_id: int | None
    ) -> list[int]:
        """The guilds in which some row names the member (every participant of a hand
        has a balance row and a stats row, so these tables find them all)."""
        only = "" if guild_id is None else " AND guild_id = ?"
        extra: tuple[Any, ...] = () if guild_id is None else (guild_id,)
        rows = await self._rows(
            conn,
            f"SELECT guild_id FROM balances WHERE player_id = ?{only}"
            f" UNION SELECT guild_id FROM player_stats WHERE player_id = ?{only}"
            f" UNION SELECT guild_id FROM ledger WHERE (payer_id = ? OR payee_id = ?){only}"
            f" UNION SELECT guild_id FROM sessions WHERE totals_json LIKE ?{only}",
            (member_id, *extra, member_id, *extra, member_id, member_id, *extra,
             f'%"{member_id}"%', *extra),
        )
        return sorted(int(r[0]) for r in rows)

    async def _fresh_anonymous_id(self, conn: SqlConnection, guild_id: int) -> int:
        """An anonymous id no row of the guild uses yet."""
        while True:
            candidate = ANONYMOUS_IDS.start + secrets.randbelow(len(ANONYMOUS_IDS))
            used = await self._rows(
                conn,
                "SELECT 1 FROM balances WHERE guild_id = ? AND player_id = ?"
                " UNION ALL SELECT 1 FROM ledger WHERE guild_id = ? AND (payer_id = ? OR payee_id = ?)",
                (guild_id, candidate, guild_id, candidate, candidate),
            )
            if not used:
                return candidate

    async def _rename_in_hands(
        self, conn: SqlConnection, guild_id: int, member_id: int, anonymous: int
    ) -> int:
        """The member's hands: participants, money, bidder, their name in the record; and
        the totals of sessions."""
        changed = 0
        for hand_id, parts_json, deltas_json, record_json, bidder in await self._rows(
            conn,
            "SELECT hand_id, participants_json, deltas_json, record_json, bidder FROM hands"
            " WHERE guild_id = ? AND participants_json LIKE ?",
            (guild_id, f"%{member_id}%"),
        ):
            participants = [int(p) for p in json.loads(parts_json)]
            if member_id not in participants:
                continue  # (the text matched inside another id)
            seat = participants.index(member_id)
            participants[seat] = anonymous
            deltas = {(str(anonymous) if k == str(member_id) else k): v
                      for k, v in json.loads(deltas_json).items()}
            record = json.loads(record_json)
            names = record.get("players") if isinstance(record, dict) else None
            if isinstance(names, list) and seat < len(names):
                names[seat] = FORGOTTEN_NAME
            await conn.execute(
                "UPDATE hands SET participants_json = ?, deltas_json = ?, record_json = ?,"
                " bidder = ? WHERE hand_id = ?",
                (dumps(participants), dumps(deltas), dumps(record),
                 anonymous if bidder is not None and int(bidder) == member_id else bidder,
                 hand_id),
            )
            changed += 1
        for session_id, totals_json in await self._rows(
            conn,
            "SELECT session_id, totals_json FROM sessions WHERE guild_id = ? AND totals_json LIKE ?",
            (guild_id, f'%"{member_id}"%'),
        ):
            totals = {(str(anonymous) if k == str(member_id) else k): v
                      for k, v in json.loads(totals_json).items()}
            await conn.execute(
                "UPDATE sessions SET totals_json = ? WHERE session_id = ?",
                (dumps(totals), session_id),
            )
        return changed

    async def _rename_in_books(
        self, conn: SqlConnection, guild_id: int, member_id: int, anonymous: int
    ) -> int:
        """Ledger rows, balances, statistics and ratings: the member's id becomes ``anonymous``."""
        paid = await conn.execute(
            "UPDATE ledger SET payer_id = ? WHERE guild_id = ? AND payer_kind = 'player'"
            " AND payer_id = ?",
            (anonymous, guild_id, member_id),
        )
        received = await conn.execute(
            "UPDATE ledger SET payee_id = ? WHERE guild_id = ? AND payee_kind = 'player'"
            " AND payee_id = ?",
            (anonymous, guild_id, member_id),
        )
        for table in ("balances", "player_stats", "seat_reviews"):
            await conn.execute(
                f"UPDATE {table} SET player_id = ? WHERE guild_id = ? AND player_id = ?",
                (anonymous, guild_id, member_id),
            )
        for table in ("ratings", "rating_history"):  # (a rating's player is the id as text)
            await conn.execute(
                f"UPDATE {table} SET player = ? WHERE guild_id = ? AND player = ?",
                (str(anonymous), guild_id, str(member_id)),
            )
        return paid.rowcount + received.rowcount
