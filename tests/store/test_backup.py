"""``taroky backup`` / ``taroky restore`` on SQLite (issue #30, item 6): a backup taken while
the store is open and writing holds a consistent snapshot; a restore brings it back, and
refuses while another process has the database open, or a file that is no taroky
database, with a sentence."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store
from bot.store.backup import BackupError, backup, restore
from tests.store.helpers import make_hand

ROOT = Path(__file__).resolve().parents[2]
#: A second process that opens the store as the bot does and says so on one line.
HOLDER = """
import asyncio, sys
from bot.store import Store
async def main():
    store = await Store.open(sys.argv[1])
    await store.current_season(1)
    print("ready", flush=True)
    sys.stdin.readline()  # holds the database until told to stop
    await store.close()
asyncio.run(main())
"""


async def test_a_backup_taken_while_the_store_writes_restores_that_moment(tmp_path: Path) -> None:
    db, copy = tmp_path / "taroky.sqlite3", tmp_path / "backup.sqlite3"
    store = await Store.open(db)
    await store.settle_hand(make_hand("before", {1: 5, 2: -5}))
    summary = backup(db, copy)  # the store is open: its connections hold the file
    assert (summary.hands, summary.ledger_rows) == (1, 1)  # one transfer, 2 -> 1
    await store.settle_hand(make_hand("after", {1: -7, 2: 7}))
    await store.close()

    restored = restore(copy, db)
    assert restored.hands == 1
    store = await Store.open(db)
    try:
        assert await store.is_settled("before") and not await store.is_settled("after")
        assert await store.balance(1, 1) == {"chips": 5}
        assert await store.check_integrity() == []
    finally:
        await store.close()


async def test_restore_refuses_while_another_process_has_the_database(tmp_path: Path) -> None:
    db, copy = tmp_path / "taroky.sqlite3", tmp_path / "backup.sqlite3"
    store = await Store.open(db)
    await store.close()
    backup(db, copy)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(BackupError, match="in use by another process"):
            restore(copy, db)
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait()
    restore(copy, db)  # the other process is gone: now it may


def test_restore_refuses_what_is_no_taroky_database(tmp_path: Path) -> None:
    db = tmp_path / "taroky.sqlite3"
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, just some words to fill a page " * 100)
    with pytest.raises(BackupError, match="is not a taroky database"):
        restore(text, db)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    with pytest.raises(BackupError, match="is not a taroky database"):
        restore(other, db)
    with pytest.raises(BackupError, match="There is no backup"):
        restore(tmp_path / "missing.sqlite3", db)
    assert not db.exists() or db.stat().st_size == 0  # nothing was written into it


async def test_a_backup_never_overwrites(tmp_path: Path) -> None:
    db, copy = tmp_path / "taroky.sqlite3", tmp_path / "backup.sqlite3"
    await (await Store.open(db)).close()
    copy.write_text("an older backup")
    with pytest.raises(BackupError, match="already exists"):
        backup(db, copy)
    assert copy.read_text() == "an older backup"


async def test_the_commands_print_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    db, copy = tmp_path / "taroky.sqlite3", tmp_path / "backup.sqlite3"
    store = await Store.open(db)
    await store.settle_hand(make_hand("h1", {1: 5, 2: -5}))
    await store.close()
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("TAROKY_DB", str(db))
    assert main(["backup", str(copy)]) == 0
    assert f"Backed up the database to {copy}: 1 hand(s), 1 ledger row(s)" in capsys.readouterr().out
    assert main(["restore", str(copy)]) == 0
    assert f"Restored {db} from {copy}: 1 hand(s)" in capsys.readouterr().out
    assert main(["restore", str(tmp_path / "nothing")]) == 2
    assert capsys.readouterr().err.startswith("error: There is no backup at ")
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@localhost/taroky")
    assert main(["backup", str(tmp_path / "b2")]) == 2
    assert "pg_dump" in capsys.readouterr().err
