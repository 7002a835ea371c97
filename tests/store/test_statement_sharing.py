"""Issue #33: under load a group of table states failed with ``sqlite3.InterfaceError: bad
parameter or other API misuse``, raised from ``executemany`` of the queued states' UPDATE.

The cause: Python's ``sqlite3`` gives every cursor that runs the same SQL the same
prepared statement, and an ``executemany`` cursor holds it until it is closed or freed —
freeing it resets the statement.  aiosqlite returns cursors to the event loop's thread;
when the last reference to one went there (a garbage collection, a traceback let go)
while aiosqlite's thread ran the next group's ``executemany`` of the same UPDATE, the
reset from the other thread broke it.  The store must close every ``executemany``
cursor on the connection's thread before one reaches the event loop.  (SQLite only:
psycopg's cursors prepare nothing shared.)"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from tests.store.helpers import make_hand

TABLES = 300


@contextmanager
def cursors_kept(store: Store) -> Iterator[deque[Any]]:
    """Every cursor the writer connection hands to the event loop, kept alive (as a
    reference cycle or a held traceback keeps one until it is collected)."""
    writer: Any = store._writer
    kept: deque[Any] = deque()
    real = {name: getattr(writer, name) for name in ("execute", "executemany", "cursor")}

    def keeping(name: str) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            cursor = await real[name](*args, **kwargs)
            cursor.made_by = name
            kept.append(cursor)
            return cursor

        return call

    for name in real:
        setattr(writer, name, keeping(name))
    try:
        yield kept
    finally:
        for name in real:
            delattr(writer, name)


@contextmanager
def dropped_elsewhere(kept: deque[Any]) -> Iterator[None]:
    """A thread that lets go of the kept cursors as they come (their last reference: the
    cursor is freed on that thread, as the event loop's thread frees one)."""
    stop = threading.Event()

    def drop() -> None:
        while not stop.is_set():
            try:
                kept.popleft()
            except IndexError:
                stop.wait(0.0001)

    thread = threading.Thread(target=drop, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


async def test_no_executemany_cursor_reaches_the_event_loop_open(tmp_path: Path) -> None:
    """Every cursor that ran an ``executemany`` (or was made to) is closed already when the
    writer hands it back: its statement was let go on the connection's thread, so freeing
    it anywhere is safe.  (A cursor of ``execute`` lets go of its statement itself when the
    statement is done.)  Groups of table states and settlements hand no cursor to the
    event loop at all: their transactions run whole on the connection's thread."""
    store = await Store.open(tmp_path / "taroky.sqlite3")
    store.group_interval = 10.0  # the flushes below write the groups
    try:
        with cursors_kept(store) as kept:
            for step in range(2):  # a first group inserts, the second updates
                for ch in range(1, 21):
                    store.queue_table_state(1, ch, {"step": step}, expected_version=step)
                await store.flush_table_states()
            await store.settle_hand(make_hand("h1", {1: 5, 2: -5}), table_state={"step": 2})
            assert not kept, "a group or a settlement handed a cursor to the event loop"
            await store.claim_tables("me", [(1, ch) for ch in range(1, 21)], ttl=60.0)
            await store.release_tables("me", [(1, ch) for ch in range(1, 21)])
            await store.start_session(1, 30, "czech", "czk_hal", 1, pot_seeds={3: 10, 4: 10})
            many = [c for c in kept if c.made_by in ("executemany", "cursor")]
            assert len(many) >= 3, "releasing leases and paying seeds ran no executemany"
            for cursor in many:
                with pytest.raises(Exception, match="closed cursor"):
                    await cursor.fetchone()
    finally:
        await store.close()


async def test_groups_hold_while_old_cursors_are_freed_on_another_thread(tmp_path: Path) -> None:
    """The load run's failure, reproduced: groups of 300 tables' states written again and
    again while the cursors of earlier groups are freed on another thread.  Every group
    is written (before the fix about one in a hundred failed)."""
    store = await Store.open(tmp_path / "taroky.sqlite3", synchronous="OFF")
    store.group_interval = 10.0
    versions = {ch: 0 for ch in range(1, TABLES + 1)}
    try:
        with cursors_kept(store) as kept, dropped_elsewhere(kept):
            for step in range(300):
                for ch in versions:
                    store.queue_table_state(1, ch, {"step": step, "pad": "x" * 200},
                                            expected_version=versions[ch],
                                            done=lambda v, ch=ch: versions.__setitem__(ch, v))
                await store.flush_table_states()  # raises the InterfaceError, if any
        assert set(versions.values()) == {300}
        states = await store.load_all_table_states()
        assert {s.state["step"] for s in states} == {299}
    finally:
        await store.close()
