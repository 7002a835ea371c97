"""Start-up check of the database file: each problem as one sentence for the operator
(issue #15: a corrupt, truncated, too-new or read-only database, or a directory, printed
a raw traceback — or, read-only, started and then failed at every Start)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

from bot.store.migrations import LATEST_VERSION

__all__ = ["DatabaseUnusable", "check_database", "check_postgres"]


class DatabaseUnusable(Exception):
    """``str(error)`` is one sentence saying what is wrong with the database file."""


def check_database(path: Path) -> None:
    """Raise :class:`DatabaseUnusable` unless the bot can read and write ``path`` (a
    missing file is fine: it is created, if its directory is writable)."""
    if path.is_dir():
        raise DatabaseUnusable(f"TAROKY_DB ({path}) is a directory; give the path of a database file in it.")
    if not path.exists():
        parent = path.parent if str(path.parent) else Path(".")
        existing = next((p for p in (parent, *parent.parents) if p.exists()), Path("."))
        if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
            raise DatabaseUnusable(f"TAROKY_DB ({path}) cannot be created: {existing} is not writable.")
        return
    if not os.access(path, os.R_OK):
        raise DatabaseUnusable(f"TAROKY_DB ({path}) cannot be read: check its permissions.")
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        raise DatabaseUnusable(
            f"TAROKY_DB ({path}) is read-only: the bot writes every hand to it; make the file "
            "and its directory writable."
        )
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            ok = conn.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise DatabaseUnusable(
            f"TAROKY_DB ({path}) is not a readable SQLite database ({error}); restore it from a backup "
            "or point TAROKY_DB at another file."
        ) from None
    try:  # a read-only mount or file (which root's permission bits do not show)
        conn = sqlite3.connect(path, timeout=5)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise DatabaseUnusable(
            f"TAROKY_DB ({path}) cannot be written ({error}); the bot writes every hand to it."
        ) from None
    if ok != "ok":
        raise DatabaseUnusable(
            f"TAROKY_DB ({path}) is damaged (SQLite's check says: {str(ok)[:120]}); restore it from a backup."
        )
    if version > LATEST_VERSION:
        raise DatabaseUnusable(
            f"TAROKY_DB ({path}) was written by a newer version of the bot (schema {version}, this one "
            f"knows {LATEST_VERSION}); update the bot."
        )


def _where(url: str) -> str:
    """The server and database of a URL, without user or password (for messages)."""
    parts = urlsplit(url)
    hosts = parts.netloc.rpartition("@")[2] or "localhost"  # (several hosts: libpq's h1:5432,h2)
    port = "" if ":" in hosts.rpartition("]")[2] else ":5432"
    return f"{hosts}{port}{parts.path or ''}"


def check_postgres(url: str) -> None:
    """Raise :class:`DatabaseUnusable` unless the PostgreSQL database at ``url`` can be
    reached and its schema is not newer than this bot's (the schema is created or
    upgraded at start-up; the password never appears in a message)."""
    where = _where(url)
    try:
        import psycopg
    except ImportError:
        raise DatabaseUnusable(
            "DATABASE_URL names a PostgreSQL database but its driver is not installed: "
            "pip install 'taroky-bot[postgresql]' (or -e '.[postgresql]')."
        ) from None
    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            row = conn.execute(
                "SELECT version FROM taroky_schema WHERE to_regclass('taroky_schema') IS NOT NULL"
            ).fetchone()
    except psycopg.Error as error:
        reason = str(error).strip().splitlines()[0][:160] if str(error).strip() else type(error).__name__
        raise DatabaseUnusable(
            f"The PostgreSQL database at {where} (DATABASE_URL) cannot be used: {reason}"
        ) from None
    version = 0 if row is None else int(row[0])
    if version > LATEST_VERSION:
        raise DatabaseUnusable(
            f"The PostgreSQL database at {where} was written by a newer version of the bot "
            f"(schema {version}, this one knows {LATEST_VERSION}); update the bot."
        )
