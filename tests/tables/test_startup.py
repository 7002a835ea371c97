"""Start-up problems end the bot with one sentence and exit code 2 (issue #15, 6): a
database that is a directory, corrupt, truncated or too new; out-of-range settings."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.config import ConfigError, load_settings
from bot.store import Store

TOKEN = "A" * 24 + "." + "B" * 6 + "." + "C" * 27


def start(monkeypatch: Any, tmp_path: Path, capsys: Any, db: Path, **env: str) -> tuple[int, str]:
    monkeypatch.chdir(tmp_path)  # (no .env here)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("TAROKY_DB", str(db))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    code = main([])
    err = capsys.readouterr().err.strip()
    return code, err


def one_sentence(err: str) -> None:
    assert err.startswith("taroky-bot: ") and "\n" not in err and "Traceback" not in err


def test_a_directory(monkeypatch, tmp_path, capsys):
    code, err = start(monkeypatch, tmp_path, capsys, tmp_path)
    assert code == 2 and "directory" in err
    one_sentence(err)


def test_a_corrupt_file(monkeypatch, tmp_path, capsys):
    db = tmp_path / "taroky.sqlite3"
    db.write_bytes(b"this is no database\n" * 500)
    code, err = start(monkeypatch, tmp_path, capsys, db)
    assert code == 2 and "not a readable SQLite database" in err
    one_sentence(err)


async def test_a_truncated_file(monkeypatch, tmp_path, capsys):
    db = tmp_path / "taroky.sqlite3"
    store = await Store.open(db)
    await store.close()
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 3])
    code, err = start(monkeypatch, tmp_path, capsys, db)
    assert code == 2
    one_sentence(err)


def test_a_database_from_a_newer_bot(monkeypatch, tmp_path, capsys):
    db = tmp_path / "taroky.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    code, err = start(monkeypatch, tmp_path, capsys, db)
    assert code == 2 and "newer version" in err
    one_sentence(err)


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "61", "1e400"])
def test_an_out_of_range_ai_delay(value):
    with pytest.raises(ConfigError) as refused:
        load_settings({"TAROKY_AI_DELAY": value}, dotenv_path=None, require_token=False)
    assert "from 0 to 60" in str(refused.value)


def test_out_of_range_settings_stop_the_bot_in_one_sentence(monkeypatch, tmp_path, capsys):
    code, err = start(monkeypatch, tmp_path, capsys, tmp_path / "db.sqlite3", TAROKY_AI_DELAY="inf")
    assert code == 2 and "TAROKY_AI_DELAY" in err
    one_sentence(err)


def test_an_unreachable_postgresql_database(monkeypatch, tmp_path, capsys):
    """DATABASE_URL that cannot be reached: one sentence naming the server, never the password."""
    url = "postgresql://taroky:s3cret@127.0.0.1:9/taroky"  # (port 9: nothing listens)
    code, err = start(monkeypatch, tmp_path, capsys, tmp_path / "unused.sqlite3", DATABASE_URL=url)
    assert code == 2 and "PostgreSQL database at 127.0.0.1:9/taroky" in err and "s3cret" not in err
    one_sentence(err)


async def test_a_postgresql_database_of_a_newer_bot(monkeypatch, tmp_path, capsys, pg_cluster):
    if isinstance(pg_cluster, str):
        pytest.skip(pg_cluster)
    import psycopg

    from bot.store.migrations import LATEST_VERSION
    from bot.store.pg import migrate_pg
    from tests.pg_cluster import fresh_url

    url = fresh_url(pg_cluster)
    await migrate_pg(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE taroky_schema SET version = %s", (LATEST_VERSION + 1,))
    code, err = start(monkeypatch, tmp_path, capsys, tmp_path / "unused.sqlite3", DATABASE_URL=url)
    assert code == 2 and "newer version of the bot" in err
    one_sentence(err)
