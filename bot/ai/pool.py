"""Computer decisions off the event loop.

The strong player searches for up to a few hundred milliseconds: the tables ask for it
through ``choose_off_loop``, which sends the hand's record (``Game.to_record``, a plain
dict) to a worker process, replays it there and runs the search.  When the worker does not
answer within ``timeout`` seconds (a loaded machine) or the pool cannot be used, the
normal player decides instead, at once.  The cheap levels decide in place.

The same module runs the **hand reviews** (issue #28) off the event loop:
``analyse_off_loop`` sends a finished hand's record to a second worker process, which
replays it and reviews it (``bot.ai.review.review_record``) within a ``Budget``.  That
worker is a process of its own, at a lower CPU priority (``ANALYSIS_NICE``), so a review
(about a second of CPU) never stands between the strong player's search and its answer,
nor between a click and the bot's reply: the operating system runs the event loop and
the search first.  One review runs at a time; the jobs wait in the store's queue.

A paid hand's **luck** (what its cards were worth, which its ratings rank by) is worked
out in the search worker too (``luck_off_loop``): a few milliseconds, awaited by the
payment, never run on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import metrics
from bot.ai.heuristic import Choice
from bot.ai.normal import choose_normal
from bot.ai.players import choose_level
from bot.ai.review import Budget, luck_of_record, review_record
from bot.ai.search import searches
from bot.engine import Game, parse_action
from bot.engine.record import replay_record
from bot.engine.say import Msg

__all__ = ["ANALYSIS_NICE", "LUCK_TIMEOUT", "analyse_off_loop", "choose_off_loop", "luck_off_loop", "shutdown"]

log = logging.getLogger(__name__)

_pool: Executor | None = None
_analysis_pool: Executor | None = None
#: How much lower the review worker's CPU priority is than the bot's (``os.nice``).
ANALYSIS_NICE = 10
#: How long a paid hand's luck waits for the search worker before a thread works it out.
LUCK_TIMEOUT = 1.0


def _die_with_parent() -> None:
    """In the worker: end when the bot's process ends, even by SIGKILL (Linux), so no
    orphan keeps waiting on its pipe holding the bot's output open."""
    # A forked worker inherits the bot's SIGTERM handler (``bot.lifecycle.GracefulStop``:
    # a note to an event loop that does not run here), which would swallow the signal
    # below; SIGTERM ends the worker.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() == 1:  # the parent already ended before the signal was armed
        os._exit(0)
    # Ctrl-C in a terminal reaches the whole process group: the bot stops this worker
    # when it stops (``shutdown``), not the signal (a traceback in the middle of a search).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _executor() -> Executor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, initializer=_die_with_parent)
    return _pool


def _analysis_worker_start() -> None:
    """In the review worker: as the search worker, and at a lower CPU priority."""
    _die_with_parent()
    with contextlib.suppress(OSError):
        os.nice(ANALYSIS_NICE)


def _analysis_executor() -> Executor:
    global _analysis_pool
    if _analysis_pool is None:
        _analysis_pool = ProcessPoolExecutor(max_workers=1, initializer=_analysis_worker_start)
    return _analysis_pool


def shutdown() -> None:
    """Stop the worker processes (the bot calls this when it closes)."""
    global _pool, _analysis_pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    if _analysis_pool is not None:
        _analysis_pool.shutdown(wait=False, cancel_futures=True)
        _analysis_pool = None


def _analyse(record: dict[str, Any], seats: list[int], budget: Budget) -> dict[str, Any]:
    """In the review worker: the review of the finished hand in ``record`` (as a dict)."""
    return review_record(record, seats, budget).to_dict()


async def analyse_off_loop(record: dict[str, Any], seats: Sequence[int], budget: Budget) -> dict[str, Any]:
    """The review (``HandReview.to_dict``) of the finished hand in ``record`` for
    ``seats``, made in the review worker process; the engine's errors for a record that
    does not replay, ``BrokenProcessPool`` (a ``RuntimeError``) if the worker died."""
    global _analysis_pool
    loop = asyncio.get_running_loop()
    executor = _analysis_executor()
    try:
        return await loop.run_in_executor(executor, _analyse, record, list(seats), budget)
    except BrokenProcessPool:
        if _analysis_pool is executor:  # (the worker died: the next review starts a new one)
            _analysis_pool = None
            executor.shutdown(wait=False, cancel_futures=True)
        raise


async def luck_off_loop(record: dict[str, Any], timeout: float = LUCK_TIMEOUT) -> dict[int, int]:
    """Each seat's luck in the finished hand of ``record`` (``bot.ai.review.luck_of_record``:
    the deal played out by the normal player in every seat, about 1–10 ms of CPU), worked
    out in the search worker process, so the event loop only sends the record; in a
    thread of this process if that worker cannot answer within ``timeout`` seconds (a
    search before it on a loaded machine) or is broken.  The figure is the same wherever
    it is worked out: the ratings of a paid hand rank by it (``bot.tables.ledger``)."""
    loop = asyncio.get_running_loop()
    try:
        fut = loop.run_in_executor(_executor(), luck_of_record, record)
        return await asyncio.wait_for(fut, timeout)
    except (TimeoutError, OSError, RuntimeError) as e:  # loaded machine, broken pool
        log.info("Luck worked out in a thread: the search worker %s",
                 "was late" if isinstance(e, TimeoutError) else f"failed ({type(e).__name__})")
        return await asyncio.to_thread(luck_of_record, record)


def _decide(record: dict[str, Any], seat: int, level: str, seed: int,
            levels: dict[int, str] | None = None, person: bool = False) -> tuple[str, str, Msg | None]:
    """In the worker: rebuild the hand from its record and choose (the reason comes back as
    its English and its message, to be said in the reader's language)."""
    g = replay_record(record, check=False)
    c = choose_level(level, g, seat, seed, levels, person)
    return c.action.code, c.reason, c.msg


async def choose_off_loop(level: str, game: Game, seat: int, seed: int,
                          timeout: float = 1.0, levels: Mapping[int, str] | None = None,
                          person: bool = False) -> Choice:
    """The choice of ``level`` for ``seat``; a search runs in a worker process.
    ``levels``: the known level of each computer seat; ``person``: advice for a person's
    seat (``choose_level``)."""
    if level != "strong" or not searches(game, seat) or (
            not person and game.variant.computer_choice(game, seat) is not None):
        return choose_level(level, game, seat, seed, levels, person)  # (decided at once)
    loop = asyncio.get_running_loop()
    known = dict(levels) if levels is not None else None
    try:
        fut = loop.run_in_executor(_executor(), _decide, game.to_record(), seat, level, seed,
                                   known, person)
        code, reason, msg = await asyncio.wait_for(fut, timeout)
        action = parse_action(code)
        if game.can(seat, action):
            return Choice(action, reason, msg)
        log.warning("The search worker chose %s, which is not legal now", code)
        metrics.COMPUTER_FALLBACKS.labels(reason="illegal").inc()
    except (TimeoutError, OSError, RuntimeError) as e:  # loaded machine, broken pool
        log.info("Search fell back to the normal player: %s", type(e).__name__)
        metrics.COMPUTER_FALLBACKS.labels(reason="late" if isinstance(e, TimeoutError) else "failed").inc()
    if person and game.variant.computer_choice(game, seat) is not None:
        # The normal player's choice here is the computers' rule, no advice for a person
        # (KZ-4): the search is made in a thread instead (bounded by its CPU limit).
        return await asyncio.to_thread(choose_level, level, game.clone(), seat, seed, levels, person)
    return choose_normal(game, seat)
