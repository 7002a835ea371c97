"""Numbered schema migrations on SQLite: the runner (the scripts are ``bot.store.schema``'s).

``MIGRATIONS[i]`` takes a database from ``PRAGMA user_version = i`` to ``i + 1``.  The
store applies the missing ones at open, each in its own ``BEGIN IMMEDIATE`` ..
``COMMIT`` together with the ``user_version`` bump, so a crash mid-upgrade leaves the
previous version intact and the next start simply tries again.

The runner switches foreign keys off for the upgrade and runs ``PRAGMA
foreign_key_check`` before committing.  How to add a migration: ``bot/store/schema.py``.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from bot.store.schema import SQLITE, render

#: ``MIGRATIONS[i]`` upgrades ``user_version`` ``i`` to ``i + 1`` (``bot.store.schema``
#: writes each step once; ``bot.store.pg.PG_MIGRATIONS`` is the same step for PostgreSQL).
MIGRATIONS: Final[tuple[str, ...]] = render(SQLITE)

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
