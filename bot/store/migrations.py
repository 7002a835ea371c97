"""Numbered schema migrations.

``MIGRATIONS[i]`` takes a database from ``PRAGMA user_version = i`` to ``i + 1``.  The
store applies the missing ones at open, each in its own ``BEGIN IMMEDIATE`` ..
``COMMIT`` together with the ``user_version`` bump, so a crash mid-upgrade leaves the
previous version intact and the next start simply tries again.

Rules for adding a migration: append, never edit a released one; keep every script
valid with foreign keys *off* (the runner switches them off for the upgrade and runs
``PRAGMA foreign_key_check`` before committing); a table whose primary key changes is
rebuilt (create ``new_x``, copy, drop, rename) as SQLite's ``ALTER TABLE`` cannot do it.

See ``docs/store.md`` for the resulting schema.
"""

from __future__ import annotations

import sqlite3
from typing import Final

# -- 1: the initial schema (no seasons, no settings) --------------------------------
_V1: Final = """
CREATE TABLE hands (
    seq               INTEGER PRIMARY KEY,
    hand_id           TEXT    NOT NULL UNIQUE,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    variant           TEXT    NOT NULL,
    currency          TEXT    NOT NULL,
    bidder            INTEGER,
    bidder_won        INTEGER,
    participants_json TEXT    NOT NULL,
    deltas_json       TEXT    NOT NULL,
    digest            TEXT    NOT NULL,
    record_json       TEXT    NOT NULL,
    settled_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX hands_by_channel ON hands (guild_id, channel_id, seq);

CREATE TABLE ledger (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('hand', 'start', 'seed')),
    hand_id     TEXT    REFERENCES hands (hand_id),
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER,
    variant     TEXT,
    currency    TEXT    NOT NULL,
    payer_kind  TEXT    NOT NULL CHECK (payer_kind IN ('player', 'pool', 'bank')),
    payer_id    INTEGER,
    payee_kind  TEXT    NOT NULL CHECK (payee_kind IN ('player', 'pool', 'bank')),
    payee_id    INTEGER,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CHECK ((payer_kind = 'player') = (payer_id IS NOT NULL)),
    CHECK ((payee_kind = 'player') = (payee_id IS NOT NULL)),
    CHECK ((kind = 'hand') = (hand_id IS NOT NULL)),
    CHECK (payer_kind <> 'pool' OR (channel_id IS NOT NULL AND variant IS NOT NULL)),
    CHECK (payee_kind <> 'pool' OR (channel_id IS NOT NULL AND variant IS NOT NULL))
);
CREATE INDEX ledger_by_hand ON ledger (hand_id);

CREATE TABLE balances (
    guild_id  INTEGER NOT NULL,
    currency  TEXT    NOT NULL,
    player_id INTEGER NOT NULL,
    amount    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, currency, player_id)
);

CREATE TABLE pools (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    variant    TEXT    NOT NULL,
    currency   TEXT    NOT NULL,
    amount     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id, variant, currency)
);

CREATE TABLE player_stats (
    guild_id            INTEGER NOT NULL,
    variant             TEXT    NOT NULL,
    currency            TEXT    NOT NULL,
    player_id           INTEGER NOT NULL,
    hands_played        INTEGER NOT NULL DEFAULT 0,
    hands_won           INTEGER NOT NULL DEFAULT 0,
    hands_as_bidder     INTEGER NOT NULL DEFAULT 0,
    hands_won_as_bidder INTEGER NOT NULL DEFAULT 0,
    net                 INTEGER NOT NULL DEFAULT 0,
    biggest_win         INTEGER NOT NULL DEFAULT 0,
    biggest_loss        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, variant, currency, player_id)
);

CREATE TABLE table_states (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    version    INTEGER NOT NULL,
    state_json TEXT    NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (guild_id, channel_id)
);
"""

# -- 2: seasons and per-guild starting amounts ---------------------------------------
# Everything that counts money gets a ``season``; existing rows become season 1.
# balances, pools and player_stats change primary key, so they are rebuilt.
_V2: Final = """
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    season     INTEGER NOT NULL CHECK (season >= 1),
    started_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (guild_id, season)
);
INSERT INTO seasons (guild_id, season)
    SELECT guild_id, 1 FROM hands UNION SELECT guild_id, 1 FROM ledger;

CREATE TABLE starting_amounts (
    guild_id INTEGER NOT NULL,
    currency TEXT    NOT NULL,
    amount   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, currency)
);

ALTER TABLE hands  ADD COLUMN season INTEGER NOT NULL DEFAULT 1;
ALTER TABLE ledger ADD COLUMN season INTEGER NOT NULL DEFAULT 1;
CREATE INDEX ledger_by_guild ON ledger (guild_id, season, id);

CREATE TABLE new_balances (
    guild_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    currency  TEXT    NOT NULL,
    player_id INTEGER NOT NULL,
    amount    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, currency, player_id)
);
INSERT INTO new_balances SELECT guild_id, 1, currency, player_id, amount FROM balances;
DROP TABLE balances;
ALTER TABLE new_balances RENAME TO balances;

CREATE TABLE new_pools (
    guild_id   INTEGER NOT NULL,
    season     INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    variant    TEXT    NOT NULL,
    currency   TEXT    NOT NULL,
    amount     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, channel_id, variant, currency)
);
INSERT INTO new_pools SELECT guild_id, 1, channel_id, variant, currency, amount FROM pools;
DROP TABLE pools;
ALTER TABLE new_pools RENAME TO pools;

CREATE TABLE new_player_stats (
    guild_id            INTEGER NOT NULL,
    season              INTEGER NOT NULL,
    variant             TEXT    NOT NULL,
    currency            TEXT    NOT NULL,
    player_id           INTEGER NOT NULL,
    hands_played        INTEGER NOT NULL DEFAULT 0,
    hands_won           INTEGER NOT NULL DEFAULT 0,
    hands_as_bidder     INTEGER NOT NULL DEFAULT 0,
    hands_won_as_bidder INTEGER NOT NULL DEFAULT 0,
    net                 INTEGER NOT NULL DEFAULT 0,
    biggest_win         INTEGER NOT NULL DEFAULT 0,
    biggest_loss        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, variant, currency, player_id)
);
INSERT INTO new_player_stats
    SELECT guild_id, 1, variant, currency, player_id, hands_played, hands_won,
           hands_as_bidder, hands_won_as_bidder, net, biggest_win, biggest_loss
    FROM player_stats;
DROP TABLE player_stats;
ALTER TABLE new_player_stats RENAME TO player_stats;
"""

# -- 3: table sessions (an agreed number of deals, running totals) --------------------
_V3: Final = """
CREATE TABLE sessions (
    session_id       INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    variant          TEXT    NOT NULL,
    currency         TEXT    NOT NULL,
    season           INTEGER NOT NULL,
    deals_planned    INTEGER CHECK (deals_planned IS NULL OR deals_planned > 0),
    deals_played     INTEGER NOT NULL DEFAULT 0,
    totals_json      TEXT    NOT NULL DEFAULT '{}',
    started_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at      TEXT,
    finish_reason    TEXT
);
CREATE UNIQUE INDEX sessions_one_open_per_channel
    ON sessions (guild_id, channel_id) WHERE finished_at IS NULL;
ALTER TABLE hands ADD COLUMN session_id INTEGER REFERENCES sessions (session_id);
"""

# -- 4: table leases (which bot process serves a table, when several share a database) --
_V4: Final = """
CREATE TABLE table_leases (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    owner      TEXT    NOT NULL,
    expires_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);
"""

#: ``MIGRATIONS[i]`` upgrades ``user_version`` ``i`` to ``i + 1``.  Append only.
#: ``bot.store.pg_migrations.PG_MIGRATIONS[i]`` is the same step for PostgreSQL.
MIGRATIONS: Final[tuple[str, ...]] = (_V1, _V2, _V3, _V4)

#: The schema version this code writes.
LATEST_VERSION: Final = len(MIGRATIONS)


class SchemaTooNewError(RuntimeError):
    """The database was written by a newer version of the bot."""


def migrate_sync(conn: sqlite3.Connection, target: int = LATEST_VERSION) -> list[int]:
    """Upgrade ``conn``'s database to ``target`` and return the versions applied.

    ``conn`` must be in autocommit mode (``isolation_level=None``).  Each migration
    runs in one ``BEGIN IMMEDIATE`` transaction with its ``user_version`` bump; the
    version is re-read inside the transaction, so two processes opening the same
    file at once do not both apply it.
    """
    if not 0 <= target <= LATEST_VERSION:
        raise ValueError(f"target version {target} outside 0..{LATEST_VERSION}")
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if current > LATEST_VERSION:
        raise SchemaTooNewError(
            f"database schema version {current} is newer than this code ({LATEST_VERSION})"
        )
    applied: list[int] = []
    conn.execute("PRAGMA foreign_keys = OFF")  # no-op inside a transaction; we are outside
    try:
        while True:
            conn.execute("BEGIN IMMEDIATE")
            try:
                current = int(conn.execute("PRAGMA user_version").fetchone()[0])
                if current >= target:
                    conn.execute("COMMIT")
                    break
                _run_script(conn, MIGRATIONS[current])
                problems = conn.execute("PRAGMA foreign_key_check").fetchall()
                if problems:
                    raise sqlite3.IntegrityError(
                        f"migration {current + 1} broke foreign keys: {problems[:5]}"
                    )
                conn.execute(f"PRAGMA user_version = {current + 1}")
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            applied.append(current + 1)
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    return applied


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    """Execute ``script`` statement by statement inside the caller's transaction.

    ``Connection.executescript`` would COMMIT first, so split on complete statements
    with ``sqlite3.complete_statement`` instead (safe for the triggers-free scripts
    above and for semicolons inside string literals).
    """
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            buffer = ""
            if statement and statement != ";":
                conn.execute(statement)
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement at end of migration: {buffer.strip()!r}")
