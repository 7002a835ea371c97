"""Standings by skill in the store: each player's rating per guild, season and variant
(``bot/ratings.py`` computes them; issue 28).

Ratings are derived data, kept with the money:

* **Live**: a paid hand that carries its outcome (``SettledHand.outcome``) is rated in
  the transaction that pays it (``Ledger.settle_hand`` runs ``_rate_paid_hand``'s
  statements), from
  the ratings stored for its players, and each of them gets a row of history (the stats
  chart).  Hands are rated in the order they are paid, which is the order of the hands'
  ``seq`` (every write transaction runs alone: SQLite's one writer, PostgreSQL's advisory
  lock), so rating the history by ``seq`` gives the same figures.
* **Recomputed**: ``recompute_ratings`` rates one (guild, season, variant) again from its
  hands in order (``taroky rate``; the bot at start for the sets whose stored ratings are
  of another ``RATINGS_VERSION``).  While a set's stored version is not the current one,
  paid hands of it are not rated live: the recompute rates them with the rest.
* **Seasons** reset ratings as they reset balances: every row is the season's.

The store does not replay hands: whoever recomputes passes how a stored hand (its
participants and record) becomes a ``HandOutcome`` (``bot.tables.ratings``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

from bot.ratings import RATINGS_VERSION, HandOutcome, Rater, Standing
from bot.store.core import Many, Statements, StoreCore
from bot.store.interface import OutcomeOfHand

__all__ = ["COMPUTER_PREFIX", "Ratings", "rate_hand", "store_standings"]

#: The start of a computer pseudo-player's name (``bot.ratings.computer_id``).
COMPUTER_PREFIX = "computer:"



def rate_hand(rater: Rater, outcome: HandOutcome) -> list[Standing]:
    """Rate ``outcome`` and return the new standing of each of its players (the one step
    both the live update and the recompute take)."""
    rater.rate(outcome)
    table = rater.standings().get(outcome.variant, {})
    players = dict.fromkeys(s.player for s in outcome.seats)
    return [table[p] for p in players if p in table]


def store_standings(
    guild_id: int, season: int, variant: str, current: Iterable[Standing], history: Iterable[Standing],
) -> Statements[None]:
    """Write players' current standings and rows of their history (statements of a write)."""
    key = (guild_id, season, variant)
    now = [(*key, s.player, s.mu, s.sigma, s.hands) for s in current]
    if now:
        yield (
            "INSERT INTO ratings (guild_id, season, variant, player, mu, sigma, hands)"
            " VALUES (?,?,?,?,?,?,?) ON CONFLICT (guild_id, season, variant, player) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, hands = excluded.hands",
            Many(now),
        )
    past = [(*key, s.player, s.mu, s.sigma, s.hands) for s in history]
    if past:
        yield (
            "INSERT INTO rating_history (guild_id, season, variant, player, mu, sigma, hands)"
            " VALUES (?,?,?,?,?,?,?) ON CONFLICT (guild_id, season, variant, player, hands)"
            " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
            Many(past),
        )


class Ratings(StoreCore):
    """Ratings: rated as hands are paid, recomputed from the history, read for the
    leaderboard and the stats."""

    # ------------------------------------------------------------------ live

    @staticmethod
    def _rate_paid_hand(guild_id: int, season: int, outcome: HandOutcome) -> Statements[None]:
        """Rate a hand just paid (statements of its transaction): from the stored ratings
        of its players, when the set's ratings are of the current version (a new set is).
        The rating itself (``bot.ratings``, pure) is computed between the read and the
        writes, wherever the transaction runs (on SQLite, the writer's thread)."""
        rows = yield (
            "INSERT INTO rating_sets (guild_id, season, variant, version) VALUES (?,?,?,?)"
            " ON CONFLICT (guild_id, season, variant) DO UPDATE SET version = rating_sets.version"
            " RETURNING version",
            (guild_id, season, outcome.variant, RATINGS_VERSION),
        )
        if int(rows[0][0]) != RATINGS_VERSION:
            return  # stale: the recompute rates this hand with the rest
        players = sorted({s.player for s in outcome.seats})
        marks = ",".join("?" * len(players))
        rater = Rater()
        for player, mu, sigma, hands in (yield (
            f"SELECT player, mu, sigma, hands FROM ratings WHERE guild_id = ? AND season = ?"
            f" AND variant = ? AND player IN ({marks})",
            (guild_id, season, outcome.variant, *players),
        )):
            rater.resume(outcome.variant, Standing(str(player), float(mu), float(sigma), int(hands)))
        new = rate_hand(rater, outcome)
        yield from store_standings(guild_id, season, outcome.variant, new, new)

    # ------------------------------------------------------------------ recomputed

    async def stale_rating_sets(self) -> list[tuple[int, int, str]]:
        """The (guild, season, variant) whose stored ratings are of another version."""
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                "SELECT guild_id, season, variant FROM rating_sets WHERE version <> ?"
                " ORDER BY guild_id, season, variant",
                (RATINGS_VERSION,),
            )
        return [(int(g), int(s), str(v)) for g, s, v in rows]

    async def rating_sets(self, guild_id: int | None = None) -> list[tuple[int, int, str]]:
        """Every (guild, season, variant) that has hands (of one guild, or all)."""
        only = "" if guild_id is None else " WHERE guild_id = ?"
        async with self._read() as conn:
            rows = await self._rows(
                conn,
                f"SELECT DISTINCT guild_id, season, variant FROM hands{only}"
                " ORDER BY guild_id, season, variant",
                () if guild_id is None else (guild_id,),
            )
        return [(int(g), int(s), str(v)) for g, s, v in rows]

    async def recompute_ratings(
        self, guild_id: int, season: int, variant: str, outcome_of_hand: OutcomeOfHand
    ) -> int:
        """Rate a (guild, season, variant) again from its hands, in the order they were
        paid, and replace its stored ratings and their history; returns the hands rated.

        The hands are read and rated outside the write; the write then rates the hands
        paid meanwhile, so it holds the store only briefly."""
        rater = Rater()
        history: dict[tuple[str, int], Standing] = {}
        last_seq = 0
        rated = 0

        def rate(hands: list[tuple[Any, ...]]) -> None:
            nonlocal last_seq, rated
            for seq, participants_json, record_json in hands:
                last_seq = int(seq)
                outcome = outcome_of_hand([int(p) for p in json.loads(participants_json)],
                                          json.loads(record_json))
                if outcome is None:
                    continue
                rated += 1
                for s in rate_hand(rater, outcome):
                    history[(s.player, s.hands)] = s

        sql = ("SELECT seq, participants_json, record_json FROM hands WHERE guild_id = ?"
               " AND season = ? AND variant = ? AND seq > ? ORDER BY seq")
        async with self._read() as conn:
            hands = await self._rows(conn, sql, (guild_id, season, variant, 0))
        # (the replays, and each hand's luck, run outside the read and off the event loop:
        # other reads and the loop go on meanwhile)
        await asyncio.to_thread(rate, hands)
        async with self._write() as conn:
            rate(await self._rows(conn, sql, (guild_id, season, variant, last_seq)))
            key = (guild_id, season, variant)
            for table in ("ratings", "rating_history"):
                await conn.execute(
                    f"DELETE FROM {table} WHERE guild_id = ? AND season = ? AND variant = ?", key)
            await conn.execute(
                "INSERT INTO rating_sets (guild_id, season, variant, version) VALUES (?,?,?,?)"
                " ON CONFLICT (guild_id, season, variant) DO UPDATE SET version = excluded.version",
                (*key, RATINGS_VERSION),
            )
            await self._run(conn, store_standings(guild_id, season, variant,
                                                  rater.standings().get(variant, {}).values(), history.values()))
        return rated

    # ------------------------------------------------------------------ read

    async def ratings(self, guild_id: int, variant: str, season: int | None = None) -> list[Standing]:
        """Every rating of a variant in a season (default: the current one), best first
        (by the figure shown, ``Standing.rating``), computer pseudo-players included."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT player, mu, sigma, hands FROM ratings WHERE guild_id = ? AND season = ?"
                " AND variant = ?",
                (guild_id, season, variant),
            )
        standings = [Standing(str(p), float(mu), float(sigma), int(h)) for p, mu, sigma, h in rows]
        return sorted(standings, key=lambda s: (-s.rating, -s.hands, s.player))

    async def rated_variants(self, guild_id: int, season: int | None = None) -> dict[str, int]:
        """The variants with ratings in a season, each with the hands its people had
        rated (a hand of four people counts four), most first."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT variant, SUM(hands) FROM ratings WHERE guild_id = ? AND season = ?"
                " AND player NOT LIKE ? GROUP BY variant",
                (guild_id, season, COMPUTER_PREFIX + "%"),
            )
        return dict(sorted(((str(v), int(n)) for v, n in rows), key=lambda x: (-x[1], x[0])))

    async def rating_history(
        self, guild_id: int, player: str, season: int | None = None
    ) -> dict[str, list[Standing]]:
        """A player's rating after each of their rated hands of a season (default: the
        current one), per variant."""
        async with self._read() as conn:
            season = await self._season_or_current(conn, guild_id, season)
            rows = await self._rows(
                conn,
                "SELECT variant, mu, sigma, hands FROM rating_history WHERE guild_id = ?"
                " AND season = ? AND player = ? ORDER BY variant, hands",
                (guild_id, season, player),
            )
        out: dict[str, list[Standing]] = {}
        for variant, mu, sigma, hands in rows:
            out.setdefault(str(variant), []).append(Standing(player, float(mu), float(sigma), int(hands)))
        return out
