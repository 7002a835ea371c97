"""Seasons and settings: the guild's season, starting amounts, languages chosen."""

from __future__ import annotations

from bot.store.core import StoreCore
from bot.store.money import check_amount, check_currency

__all__ = ["Seasons"]


class Seasons(StoreCore):
    """Seasons (money is counted per season) and the settings a guild or member chose."""

    async def current_season(self, guild_id: int) -> int:
        """The guild's current season (1 until an admin starts a new one)."""
        async with self._read() as conn:
            return await self._current_season(conn, guild_id)

    async def start_new_season(self, guild_id: int) -> int:
        """Start the guild's next season and return its number.

        Balances, pools, stats, ratings and leaderboards are per season: everyone
        starts the new season from the starting amount, and every rating from the start
        (``bot/store/ratings.py`` keys them by season).  Old seasons' rows are kept untouched.
        """
        async with self._write() as conn:
            current = await self._current_season(conn, guild_id)
            await self._mark_season(conn, guild_id, current)
            await conn.execute(
                "INSERT INTO seasons (guild_id, season) VALUES (?, ?)", (guild_id, current + 1)
            )
        return current + 1

    # ------------------------------------------------------------------ settings

    async def set_language(self, scope: str, id_: int, language: str | None) -> None:
        """Remember the language a server (``scope="guild"``) or a player (``"user"``)
        chose; None forgets it (back to Discord's locale)."""
        if scope not in ("guild", "user"):
            raise ValueError(f"unknown language scope {scope!r}")
        async with self._write() as conn:
            if language is None:
                await conn.execute("DELETE FROM language_choices WHERE scope = ? AND id = ?", (scope, id_))
            else:
                await conn.execute(
                    "INSERT INTO language_choices (scope, id, language) VALUES (?, ?, ?) "
                    "ON CONFLICT (scope, id) DO UPDATE SET language = excluded.language",
                    (scope, id_, language),
                )

    async def get_language(self, scope: str, id_: int) -> str | None:
        """The language ``set_language`` remembered, or None."""
        async with self._read() as conn:
            rows = await self._rows(
                conn, "SELECT language FROM language_choices WHERE scope = ? AND id = ?", (scope, id_))
        return str(rows[0][0]) if rows else None

    async def set_max_tables(self, guild_id: int, count: int | None) -> None:
        """The open tables a server allows (issue #29); None: the bot's default."""
        if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
            raise ValueError("the number of tables must be an int >= 1")
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, max_tables) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET max_tables = excluded.max_tables",
                (guild_id, count),
            )

    async def get_max_tables(self, guild_id: int) -> int | None:
        """The open tables a server allows, as ``set_max_tables`` kept it, or None."""
        async with self._read() as conn:
            rows = await self._rows(conn, "SELECT max_tables FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def set_starting_amount(self, guild_id: int, currency: str, amount: int) -> None:
        """Set what a player starts a season with in ``currency`` (smallest unit, >= 0).

        Applies to balances created from now on (a player's first settled hand of the
        season); existing balances are not changed.
        """
        check_currency(currency)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError("starting amount must be an int >= 0")
        check_amount(amount, "starting amount")
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO starting_amounts (guild_id, currency, amount) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, currency) DO UPDATE SET amount = excluded.amount",
                (guild_id, currency, amount),
            )

    async def get_starting_amounts(self, guild_id: int) -> dict[str, int]:
        """Configured starting amounts per currency (currencies not set start at 0)."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT currency, amount FROM starting_amounts WHERE guild_id = ?",
                (guild_id,),
            )
        return {str(c): int(a) for c, a in rows}
