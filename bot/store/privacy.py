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

With several bot processes on one database, a member forgotten through one process
may sit at a table another process serves.  So the forgetting is also written down,
in the same transaction, as *pending* (the ``forgettings`` table: the member's id, the
guild or None for every guild, the anonymous ids given), for ``FORGETTING_KEPT``
seconds: every process asks for the pending forgettings in its sweep
(``TableManager.forget_pending``) and lets the member go at its own tables, and a
payment that names a member forgotten meanwhile, at a table that has not let them go
yet, is refused (``MemberForgottenError``) so that the table pays the anonymous id
instead.  After ``FORGETTING_KEPT`` the anonymous ids are dropped from the row (from
then on nowhere is it recorded whom an anonymous id stood for) and the row is deleted —
unless a saved table (``table_states``) of a guild it covers still names the member: a
table whose process stopped before it let them go, restored later however late
(``TableManager.restore_all``).  Such a row keeps only the member's id, the guild and
the time, which that saved table holds anyway, and goes with it.  Each table keeps the
``seq`` of the forgettings it has applied in its snapshot, so that a member who sat down
again after being forgotten is not put out again.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Collection
from typing import Any, Final

from bot.store.core import Statements, StoreCore, dumps
from bot.store.interface import SqlConnection
from bot.store.models import Forgotten, PendingForgetting

__all__ = ["ANONYMOUS_IDS", "FORGETTING_KEPT", "FORGOTTEN_NAME", "Privacy", "forgotten_meanwhile",
           "is_anonymous"]

#: The range anonymous ids are drawn from (never a Discord id, never a computer's).
ANONYMOUS_IDS: Final = range(1 << 21, 1 << 22)
#: What a forgotten member's name becomes in the records of their hands (no words: it
#: is read in every language).
FORGOTTEN_NAME: Final = "—"
#: Seconds a forgetting stays pending (its member's id kept in ``forgettings``) for the
#: other bot processes to let the member go at their tables: ample for their sweeps
#: (every ``SETTLE_SWEEP``, 10 s) and for a table whose process died to be taken over
#: by another once its lease runs out (``LEASE_TTL``, 90 s), or restarted.
FORGETTING_KEPT: Final = 600.0


def is_anonymous(participant: int) -> bool:
    """True for the id a forgotten member's rows now carry."""
    return participant in ANONYMOUS_IDS


class Privacy(StoreCore):
    """Forgetting members (see the module's docstring)."""

    async def forget_member(self, member_id: int, *, guild_id: int | None = None,
                            seated_in: Collection[int] = (), pending: bool = True,
                            now: float | None = None) -> Forgotten:
        """Anonymise ``member_id``'s rows in one transaction: in ``guild_id`` only (an
        admin forgetting a member of their server), or in every guild and with their
        language choice (None: the member's own request).  Balances, pools, hands and
        the ledger stay exact (``check_integrity`` finds nothing new); nothing is
        deleted but the language choice.  Returns what changed (all zero if the store
        held nothing about the member) and each guild's anonymous id.

        ``seated_in``: guilds where the member sits at a table in play: each gets its
        anonymous id even if no row names the member yet, so that the hand dealt to them
        is paid to it (``TableManager.forget_member``).

        ``pending``: also write the forgetting down as pending (``forgettings``, for
        ``FORGETTING_KEPT`` seconds from ``now``), for the other bot processes to reach
        their tables (see the module's docstring); False for a process doing just that.
        A guild given an anonymous id by a forgetting still pending gets the same one
        again (one anonymous id per guild), so forgetting again changes nothing more."""
        if member_id <= 0 or is_anonymous(member_id):
            raise ValueError("only a member's own (Discord) id can be forgotten")
        at = time.time() if now is None else now
        async with self._write() as conn:
            seq = None
            if pending:
                (row,) = await self._rows(
                    conn,
                    "INSERT INTO forgettings (member_id, guild_id, anonymous_json, forgotten_at)"
                    " VALUES (?, ?, '{}', ?) RETURNING seq",
                    (member_id, guild_id, at),
                )
                seq = int(row[0])
                await _prune(conn, at)
            recent, given = await self._anonymous_given(conn, member_id, at)
            # A process letting go at its tables (not ``pending``) renames what its tables
            # wrote under the member's id before it knew (a pot seed, an annulled hand):
            # only while the forgetting is recent.  Later (a table restored after its
            # process was down longer) it only draws an anonymous id: the rows naming the
            # member then were written by tables that knew, after they sat down again.
            rename = pending or recent
            guilds = sorted(set(await self._guilds_of(conn, member_id, guild_id))
                            | {g for g in seated_in if guild_id is None or g == guild_id})
            hands = ledger_rows = 0
            ids: dict[int, int] = {}
            for g in guilds:
                anonymous = ids[g] = given.get(g) or await self._fresh_anonymous_id(conn, g)
                if rename:
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
            if seq is not None:
                await conn.execute("UPDATE forgettings SET anonymous_json = ? WHERE seq = ?",
                                   (dumps({str(g): a for g, a in ids.items()}), seq))
        return Forgotten(len(guilds), hands, ledger_rows, language, ids, seq)

    async def pending_forgettings(self, *, now: float | None = None) -> list[PendingForgetting]:
        """The forgettings still kept (before ``now``), in ``seq`` order: those of the last
        ``FORGETTING_KEPT`` seconds, and older ones a saved table of a guild they cover
        still names the member in (see the module's docstring).  The others are deleted,
        and the anonymous ids of the older ones dropped (a write only when there are some)."""
        at = time.time() if now is None else now
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT seq, member_id, guild_id, forgotten_at >= ?, anonymous_json <> '{{}}', {_NAMED}"
                " FROM forgettings ORDER BY seq", (at - FORGETTING_KEPT,))
        if any(not recent and (ids or not named) for _, _, _, recent, ids, named in rows):
            async with self._write() as conn:
                await _prune(conn, at)
        return [PendingForgetting(int(r[0]), int(r[1]), None if r[2] is None else int(r[2]))
                for r in rows if r[3] or r[5]]

    async def _anonymous_given(self, conn: SqlConnection, member_id: int,
                               at: float) -> tuple[bool, dict[int, int]]:
        """Whether a forgetting of the member is recent (of the last ``FORGETTING_KEPT``
        seconds before ``at``), and guild -> the anonymous id such a forgetting gave there."""
        given: dict[int, int] = {}
        rows = await self._rows(
            conn,
            "SELECT anonymous_json FROM forgettings WHERE member_id = ? AND forgotten_at >= ? ORDER BY seq",
            (member_id, at - FORGETTING_KEPT),
        )
        for (text,) in rows:
            for g, a in json.loads(text).items():
                given.setdefault(int(g), int(a))
        return bool(rows), given

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


#: SQL: whether a saved table of a guild the forgetting (a row of ``forgettings``) covers
#: names its member (the id anywhere in the snapshot's text: in a seat, the hand dealt, a
#: request; a longer number that contains it keeps the row a while longer, never less).
_NAMED: Final = (
    "EXISTS (SELECT 1 FROM table_states t WHERE (forgettings.guild_id IS NULL"
    " OR t.guild_id = forgettings.guild_id)"
    " AND t.state_json LIKE '%' || CAST(forgettings.member_id AS TEXT) || '%')"
)


async def _prune(conn: SqlConnection, at: float) -> None:
    """Past ``FORGETTING_KEPT`` (before ``at``): drop the forgettings' anonymous ids, and
    delete those no saved table needs any more (see the module's docstring)."""
    cutoff = at - FORGETTING_KEPT
    await conn.execute(f"DELETE FROM forgettings WHERE forgotten_at < ? AND NOT {_NAMED}", (cutoff,))
    await conn.execute("UPDATE forgettings SET anonymous_json = '{}' WHERE forgotten_at < ?"
                       " AND anonymous_json <> '{}'", (cutoff,))


def forgotten_meanwhile(
    guild_id: int, participants: Collection[int], applied: Collection[int]
) -> Statements[set[int]]:
    """Inside a hand's payment: the participants forgotten in ``guild_id`` by a
    forgetting still kept that the paying table has not applied (``applied``: the
    ``seq`` of those it has, ``Table.forgettings_applied``).  Write transactions run one
    at a time (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's advisory write lock,
    ``bot.store.pg``), so a forgetting commits wholly before or after the payment:
    before, this finds it; after, it renames what the payment wrote."""
    members = sorted({p for p in participants if p > 0 and not is_anonymous(p)})
    if not members:
        return set()
    rows = yield (
        f"SELECT seq, member_id, guild_id FROM forgettings WHERE member_id IN ({', '.join('?' * len(members))})",
        tuple(members),
    )
    return {int(member) for seq, member, guild in rows
            if int(seq) not in applied and (guild is None or int(guild) == guild_id)}
