"""Schema migrations: from an empty file, from a v1 and a v2 database, failures, races."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from pathlib import Path

import pytest

from bot.store import (
    CHIPS,
    CZK_HAL,
    LATEST_VERSION,
    POOL,
    SchemaTooNewError,
    SessionStep,
    Store,
    migrations,
)
from bot.store.migrations import migrate_sync
from tests.pg_cluster import Cluster, fresh_url
from tests.store.helpers import make_hand

psycopg = pytest.importorskip("psycopg")
from bot.store import pg  # noqa: E402  (needs psycopg)
from bot.store.pg import PG_MIGRATIONS, PostgresStore, migrate_pg, pg_sql  # noqa: E402


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def old_rows(version: int) -> list[tuple[str, tuple[object, ...]]]:
    """The statements that fill a database of schema ``version`` with data (SQLite's
    dialect; ``pg_sql`` gives them psycopg's placeholders)."""
    season_cols = ", season" if version >= 2 else ""
    season_val = ", 1" if version >= 2 else ""
    out: list[tuple[str, tuple[object, ...]]] = [(
        "INSERT INTO hands (hand_id, guild_id, channel_id, variant, currency, bidder,"
        f" bidder_won, participants_json, deltas_json, digest, record_json{season_cols})"
        f" VALUES ('old-1', 1, 10, 'nebraska', 'chips', 7, 1, '[7,8]',"
        f' \'{{"7":30,"8":-20,"pool":-10}}\', \'x\', \'{{"old":true}}\'{season_val})', ())]
    ledger = [
        ("start", None, None, None, "bank", None, "player", 7, 100),
        ("start", None, None, None, "bank", None, "player", 8, 100),
        ("hand", "old-1", 10, "nebraska", "player", 8, "player", 7, 20),
        ("hand", "old-1", 10, "nebraska", "pool", None, "player", 7, 10),
    ]
    out += [(
        "INSERT INTO ledger (kind, hand_id, guild_id, channel_id, variant, currency,"
        f" payer_kind, payer_id, payee_kind, payee_id, amount{season_cols})"
        f" VALUES (?, ?, 1, ?, ?, 'chips', ?, ?, ?, ?, ?{season_val})", row) for row in ledger]
    # The pool was seeded with 50 (pool: 50 + 0 - 10 = 40).
    out.append((
        "INSERT INTO ledger (kind, guild_id, channel_id, variant, currency, payer_kind,"
        f" payee_kind, amount{season_cols}) VALUES ('seed', 1, 10, 'nebraska', 'chips',"
        f" 'bank', 'pool', 50{season_val})", ()))
    key_s = "1, " if version >= 2 else ""
    out += [(f"INSERT INTO balances VALUES (1, {key_s}'chips', ?, ?)", row) for row in [(7, 130), (8, 80)]]
    out.append((f"INSERT INTO pools VALUES (1, {key_s}10, 'nebraska', 'chips', 40)", ()))
    out += [(f"INSERT INTO player_stats VALUES (1, {key_s}'nebraska', 'chips', ?, 1, ?, ?, ?, ?, ?, ?)", row)
            for row in [(7, 1, 1, 1, 30, 30, 0), (8, 0, 0, 0, -20, 0, 20)]]
    out.append((
        "INSERT INTO table_states (guild_id, channel_id, message_id, version, state_json)"
        ' VALUES (1, 10, 555, 17, \'{"phase":"play"}\')', ()))
    return out


def build_old_database(path: Path, version: int) -> None:
    """A database as the code of schema ``version`` left it, with data in it."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate_sync(conn, target=version) == list(range(1, version + 1))
        for sql, params in old_rows(version):
            conn.execute(sql, params)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
    finally:
        conn.close()


async def test_open_empty_creates_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "new" / "dir" / "db.sqlite3"
    store = await Store.open(path)
    try:
        assert store.migrations_applied == list(range(1, LATEST_VERSION + 1))
        assert await store.schema_version() == LATEST_VERSION
    finally:
        await store.close()
    assert {
        "hands",
        "ledger",
        "balances",
        "pools",
        "player_stats",
        "table_states",
        "seasons",
        "starting_amounts",
        "sessions",
    } <= tables(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store = await Store.open(path)  # re-open: nothing to do
    assert store.migrations_applied == []
    await store.close()


@pytest.mark.parametrize("old_version", [1, 2])
async def test_upgrade_old_database_keeps_data(tmp_path: Path, old_version: int) -> None:
    path = tmp_path / "old.sqlite3"
    build_old_database(path, old_version)
    await check_upgraded(await Store.open(path), old_version)


async def check_upgraded(store: Store, old_version: int) -> None:
    """The data of an old database is all there after the upgrade, and it keeps working."""
    try:
        assert store.migrations_applied == list(range(old_version + 1, LATEST_VERSION + 1))
        assert await store.schema_version() == LATEST_VERSION
        assert await store.check_integrity() == []
        assert await store.current_season(1) == 1
        assert await store.balance(1, 7) == {CHIPS: 130}
        assert await store.get_pool(1, 10, "nebraska", CHIPS) == 40
        hand = await store.get_hand("old-1")
        assert hand is not None and hand.season == 1 and hand.session_id is None
        assert hand.deltas == {7: 30, 8: -20} and hand.pool_delta == -10
        assert await store.get_hand_record("old-1") == {"old": True}
        rows, total = await store.leaderboard(1, currency=CHIPS)
        assert [(r.player_id, r.value) for r in rows] == [(7, 130), (8, 80)] and total == 2
        stats = await store.player_stats(1, 7)
        assert stats.hands_won_as_bidder == 1 and stats.by_variant[0].biggest_win == 30
        state = await store.load_table_state(1, 10)
        assert state is not None and state.version == 17 and state.message_id == 555
        # The upgraded database keeps working: new hands, seasons, sessions.
        await store.settle_hand(make_hand("new-1", {7: -5, 8: 10, POOL: -5}))
        assert await store.balance(1, 8) == {CHIPS: 90}
        assert await store.get_pool(1, 10, "nebraska", CHIPS) == 35
        session = await store.start_session(1, 10, "nebraska", CHIPS, season=1, deals_planned=2)
        step = SessionStep(deals_played=1, totals={7: 1, 8: -1})
        await store.settle_hand(make_hand("new-2", {7: 1, 8: -1}, session_id=session.session_id, step=step))
        assert await store.start_new_season(1) == 2
        await store.set_starting_amount(1, CZK_HAL, 1000)
        assert await store.balance(1, 7) == {CZK_HAL: 1000}
        assert await store.check_integrity() == []
        csv_text = await store.export_ledger_csv(1)
        assert csv_text.count("\n") == 1 + 5 + 2 + 1
    finally:
        await store.close()


async def test_refuses_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(SchemaTooNewError):
        await Store.open(path)


def test_failed_migration_rolls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fail.sqlite3"
    build_old_database(path, 2)
    broken = (*migrations.MIGRATIONS[:2], migrations.MIGRATIONS[2] + "\nSELECT * FROM no_such;\n")
    monkeypatch.setattr(migrations, "MIGRATIONS", broken)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError):
            migrate_sync(conn, target=3)
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
        assert not conn.in_transaction
    finally:
        conn.close()
    assert "sessions" not in tables(path)  # the half-applied migration is gone
    monkeypatch.undo()
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate_sync(conn) == list(range(3, LATEST_VERSION + 1))
    finally:
        conn.close()


async def test_concurrent_opens_migrate_once(tmp_path: Path) -> None:
    path = tmp_path / "race.sqlite3"
    stores = await asyncio.gather(*(Store.open(path) for _ in range(4)))
    try:
        applied = [s.migrations_applied for s in stores]
        assert sorted(v for a in applied for v in a) == list(range(1, LATEST_VERSION + 1))
        for s in stores:
            assert await s.schema_version() == LATEST_VERSION
    finally:
        for s in stores:
            await s.close()


#: A review stored before schema 11 (made by the judge of version 1, the only one there was).
V10_REVIEW = ("INSERT INTO analyses (hand_id, seats_json, status, review_json)"
              " VALUES ('old-1', '[0, 1]', 'done', '{\"version\": 1}')", ())


async def check_reviews_carry_their_judge(store: Store) -> None:
    """Migration 11 (issue #28): a review stored before it is marked as made by the judge
    of version 1, and is made again by a newer one once no paid hand waits."""
    try:
        old = await store.get_analysis("old-1")
        assert old is not None and old.done and old.review_version == 1
        await store.settle_hand(make_hand("new-1", {7: 1, 8: -1}))
        new = await store.get_analysis("new-1")
        assert new is not None and new.status == "queued" and new.review_version == 0
        assert await store.analysis_backlog(2) == {"queued": 1, "running": 0, "done": 1, "failed": 0,
                                                   "older": 1}
        first = await store.take_analysis("p", review_version=2, now=1.0)
        assert first is not None and first.hand_id == "new-1"  # (a paid hand first)
        again = await store.take_analysis("p", review_version=2, now=2.0)
        assert again is not None and again.hand_id == "old-1" and again.record == {"old": True}
        assert await store.take_analysis("p", review_version=2, now=3.0) is None
    finally:
        await store.close()


async def test_upgrade_marks_the_stored_reviews_judge(tmp_path: Path) -> None:
    path = tmp_path / "v10.sqlite3"
    build_old_database(path, 10)
    with sqlite3.connect(path) as conn:
        conn.execute(*V10_REVIEW)
    store = await Store.open(path)
    assert store.migrations_applied == [11]
    await check_reviews_carry_their_judge(store)


# Released migrations must never change: an old database already ran them.  Add a
# new migration instead, and pin its hash here once it is released.
RELEASED = {1: "223e44e3d23b2b00", 2: "650542567ddf604c", 3: "85c3ed39e2eb0847",
            4: "7aef3f50a1bfe7a9", 5: "cd67bd81a93db668", 6: "6bf2fae1615011c8",
            7: "bfa34e5b3897eedd", 8: "04ebdf322a75f445", 9: "d198f6d719b86ae5",
            10: "73293ff2d65f8411", 11: "06c3a215e99114c0"}
PG_RELEASED = {1: "c6e99d5e20b14ce5", 2: "d53ec7896be1b221", 3: "f5fb5f30aedf64c4",
               4: "4bacad57452c79f2", 5: "4779fdc923267066", 6: "1c814cba5f529691",
               7: "f99dd56d9cad2e6e", 8: "4b7b95badbec2150", 9: "d198f6d719b86ae5",
               10: "f483a51e70a95b57", 11: "06c3a215e99114c0"}


@pytest.mark.parametrize(("scripts", "released"), [
    (migrations.MIGRATIONS, RELEASED), (PG_MIGRATIONS, PG_RELEASED)], ids=["sqlite", "pg-scripts"])
def test_released_migrations_are_unchanged(scripts: tuple[str, ...], released: dict[int, str]) -> None:
    assert len(scripts) == LATEST_VERSION == len(released)  # one step, both databases
    for version, digest in released.items():
        script = scripts[version - 1]
        assert hashlib.sha256(script.encode()).hexdigest()[:16] == digest, version
        words = script.upper().split()
        assert "BEGIN" not in words and "COMMIT;" not in words, version


# ------------------------------------------------------------------ PostgreSQL
# The same steps on PostgreSQL (``bot/store/schema.py`` rendered for PostgreSQL), on a fresh schema of the
# session's throwaway server.

def pg_url(pg_cluster: Cluster | str) -> str:
    if isinstance(pg_cluster, str):
        pytest.skip(pg_cluster)
    return fresh_url(pg_cluster)


def pg_tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT table_name FROM information_schema.tables"
                            " WHERE table_schema = current_schema()").fetchall()
    return {str(r[0]) for r in rows}


async def build_old_pg_database(url: str, version: int) -> None:
    assert await migrate_pg(url, target=version) == list(range(1, version + 1))
    with psycopg.connect(url, autocommit=True) as conn:
        for sql, params in old_rows(version):
            conn.execute(pg_sql(sql), params)


async def test_postgresql_open_empty_creates_latest_schema(pg_cluster: Cluster | str) -> None:
    url = pg_url(pg_cluster)
    store = await PostgresStore.open(url)
    try:
        assert store.migrations_applied == list(range(1, LATEST_VERSION + 1))
        assert await store.schema_version() == LATEST_VERSION
    finally:
        await store.close()
    assert {"hands", "ledger", "balances", "pools", "player_stats", "table_states", "seasons",
            "starting_amounts", "sessions", "table_leases"} <= pg_tables(url)
    store = await PostgresStore.open(url)  # re-open: nothing to do
    assert store.migrations_applied == []
    await store.close()


@pytest.mark.parametrize("old_version", [1, 2])
async def test_postgresql_upgrade_old_database_keeps_data(
    pg_cluster: Cluster | str, old_version: int
) -> None:
    url = pg_url(pg_cluster)
    await build_old_pg_database(url, old_version)
    store = await PostgresStore.open(url)
    assert store.migrations_applied == list(range(old_version + 1, LATEST_VERSION + 1))
    await check_upgraded(store, old_version)


async def test_postgresql_upgrade_marks_the_stored_reviews_judge(pg_cluster: Cluster | str) -> None:
    url = pg_url(pg_cluster)
    await build_old_pg_database(url, 10)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(pg_sql(V10_REVIEW[0]), V10_REVIEW[1])
    store = await PostgresStore.open(url)
    assert store.migrations_applied == [11]
    await check_reviews_carry_their_judge(store)


async def test_postgresql_refuses_newer_schema(pg_cluster: Cluster | str) -> None:
    url = pg_url(pg_cluster)
    await migrate_pg(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE taroky_schema SET version = %s", (LATEST_VERSION + 1,))
    with pytest.raises(SchemaTooNewError):
        await PostgresStore.open(url)


async def test_postgresql_failed_migration_rolls_back(
    pg_cluster: Cluster | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pg_url(pg_cluster)
    await build_old_pg_database(url, 2)
    broken = (*PG_MIGRATIONS[:2], PG_MIGRATIONS[2] + "\nSELECT * FROM no_such;\n", *PG_MIGRATIONS[3:])
    monkeypatch.setattr(pg, "PG_MIGRATIONS", broken)
    with pytest.raises(psycopg.errors.UndefinedTable):
        await migrate_pg(url)
    assert "sessions" not in pg_tables(url)  # the half-applied migration is gone
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT version FROM taroky_schema").fetchall() == [(2,)]
    monkeypatch.undo()
    assert await migrate_pg(url) == list(range(3, LATEST_VERSION + 1))


async def test_postgresql_concurrent_opens_migrate_once(pg_cluster: Cluster | str) -> None:
    url = pg_url(pg_cluster)
    stores = await asyncio.gather(*(PostgresStore.open(url) for _ in range(4)))
    try:
        applied = [s.migrations_applied for s in stores]
        assert sorted(v for a in applied for v in a) == list(range(1, LATEST_VERSION + 1))
        for s in stores:
            assert await s.schema_version() == LATEST_VERSION
    finally:
        for s in stores:
            await s.close()
