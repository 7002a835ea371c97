"""Backing up and restoring the SQLite store (``taroky backup`` / ``taroky restore``).

Both go through SQLite's online backup API (``sqlite3.Connection.backup``), which copies
a consistent snapshot page by page: a backup is safe while the bot runs (it reads one
committed state, never half a settlement, and the bot keeps writing meanwhile in WAL
mode).  A backup is written beside its target and renamed into place when complete, so
an interrupted one never looks like a backup.

A restore replaces the whole database with the backup's, so it refuses while another
process has the database open (the bot holds a lock on it as long as it runs: a WAL
database's readers keep a shared lock), and it refuses a file that is not a taroky
database or was written by a newer version of the bot.  PostgreSQL is backed up with
its own tools (``pg_dump`` / ``pg_restore``; see ``docs/privacy.md``).

Errors are :class:`BackupError` with a sentence for the person at the terminal.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.store.migrations import LATEST_VERSION

__all__ = ["BackupError", "BackupSummary", "backup", "restore"]

#: Tables every taroky database has (from schema version 1 on).
_OUR_TABLES: Final = frozenset({"hands", "ledger", "balances", "pools", "player_stats", "table_states"})
#: Pages copied per step of the backup API (the bot's writes interleave between steps).
_PAGES_PER_STEP: Final = 1024
#: How long a restore waits for a lock another process holds before it refuses (seconds).
_LOCK_WAIT: Final = 0.5


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why, in a sentence."""


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """What a backup or restore copied."""

    schema_version: int
    hands: int
    ledger_rows: int
    size_bytes: int


@contextlib.contextmanager
def _connect(path: Path, *, timeout: float = 5.0) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(path, isolation_level=None, timeout=timeout)
    try:
        yield conn
    finally:
        conn.close()


def _summary(conn: sqlite3.Connection, path: Path, what: str) -> BackupSummary:
    """The summary of a taroky database, or ``BackupError`` if ``path`` is none."""
    try:
        names = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError:
        raise BackupError(f"{path} is not a taroky database ({what} is not an SQLite database file).") from None
    if not names >= _OUR_TABLES or version < 1:
        raise BackupError(f"{path} is not a taroky database ({what} has no hands, ledger or balances tables).")
    if version > LATEST_VERSION:
        raise BackupError(
            f"{path} was written by a newer version of the bot (schema {version}; this one knows up to "
            f"{LATEST_VERSION}): update the bot first."
        )
    hands = int(conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0])
    ledger = int(conn.execute("SELECT COUNT(*) FROM ledger").fetchone()[0])
    return BackupSummary(version, hands, ledger, path.stat().st_size)


def _check_source(path: Path, what: str) -> None:
    if not path.is_file():
        raise BackupError(f"There is no {what} at {path}.")


def backup(database: Path, target: Path) -> BackupSummary:
    """Copy the database at ``database`` to the new file ``target`` (safe while the bot
    runs); refuses an existing ``target`` and a ``database`` that is not a taroky one."""
    _check_source(database, "database")
    if target.exists():
        raise BackupError(f"{target} already exists: name a new file for the backup.")
    if not target.parent.is_dir():
        raise BackupError(f"The folder {target.parent} does not exist: create it or name another.")
    partial = target.with_name(target.name + ".partial")
    with _connect(database) as source:
        _summary(source, database, "the database")
        try:
            with _connect(partial) as copy:
                source.backup(copy, pages=_PAGES_PER_STEP)
                copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
                problems = copy.execute("PRAGMA quick_check").fetchone()[0]
                if problems != "ok":
                    raise BackupError(f"The copy failed SQLite's check ({problems}); nothing was written.")
            os.replace(partial, target)
        except sqlite3.Error as e:
            raise BackupError(f"The backup could not be written to {target}: {e}.") from None
        finally:
            partial.unlink(missing_ok=True)
    with _connect(target) as copy:
        return _summary(copy, target, "the backup")


def restore(backup_file: Path, database: Path) -> BackupSummary:
    """Replace the database at ``database`` by the backup ``backup_file``.  Refuses while
    another process (the bot) has the database open, and a backup that is not a taroky
    database or is newer than this code; the database's schema is not upgraded here
    (the bot does that when it next opens it)."""
    _check_source(backup_file, "backup")
    if not database.parent.is_dir():
        raise BackupError(f"The folder {database.parent} does not exist: create it or name another.")
    with _connect(backup_file) as source:
        summary = _summary(source, backup_file, "the backup")
        with _connect(database, timeout=_LOCK_WAIT) as target:
            try:
                # Exclusive for as long as this connection lives: no process can open the
                # database while it is replaced, and one that has it open makes this fail.
                target.execute("PRAGMA locking_mode = EXCLUSIVE")
                target.execute("BEGIN EXCLUSIVE")
                target.execute("COMMIT")
            except sqlite3.OperationalError:
                raise BackupError(
                    f"{database} is in use by another process (is the bot running?): stop it, then restore."
                ) from None
            except sqlite3.DatabaseError:
                raise BackupError(f"{database} is not an SQLite database file: move it away first.") from None
            try:
                source.backup(target, pages=_PAGES_PER_STEP)
            except sqlite3.Error as e:
                raise BackupError(f"The backup could not be restored into {database}: {e}.") from None
    return summary
