"""SimCord's clock without wall-clock waits (installed for every SimCord test by
``conftest.py``).

What SimCord does: an operation (a click, a slash command, ``env.settle()``...) settles
the bot, and a bot timer due within the settle window (``settle_timeout`` seconds) is part
of that settling: SimCord gives each such timer a *wall-clock* fallback (the loop's real
``call_at`` after the timer's delay) which, when it fires, moves the simulated clock to
the timer.  So a bot sleeping 1 s within a click cost the test a real second, and the
scripted hands of ``test_edits_per_action.py`` (the edit throttle's sleeps, 1-5 s each)
spent most of their 150 s waiting in ``epoll`` (a profile: 144 of 158 s).

What the harness does instead: the same timers fire at the same simulated instants, in
the same order, within the same operation, but the simulated clock moves to the next one
as soon as the bot is otherwise idle (SimCord's own settle: every task parked, no
executor work), not after a wall-clock wait.  Between operations nothing fires (the
wall-clock fallbacks also fired between operations, wherever a test happened to be).
A timer due at the window's end or later is left for ``env.advance_time``, as SimCord
leaves it (its fallback would fire after the settle's deadline).

And SimCord's settle notices a task that moved on only when some task *ends* or its
``idle`` poll (50 ms) passes: each timer fired, each thread hop of a task that lives on
(a table's driver, a throttled edit) cost 50 ms of real time.  The harness polls every
``SETTLE_IDLE`` seconds instead (SimCord's own ``settle(idle=...)``, for every settle).

This reaches into SimCord's private settle (``Env._schedule_timer``,
``Env._settle_internal``, ``Env._advance_to``, its callback records): written for
SimCord 3.2.1 (``requirements-dev.lock``); ``test_harness_settings.py`` fails if an
upgrade changes what it relies on.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from typing import Any

import pytest
from simcord.env import Env

__all__ = ["SETTLE_IDLE", "OnTheSimulatedClock", "simulated_clock"]

#: Seconds between two looks of SimCord's settle at the bot's tasks (SimCord's: 0.05).
#: Measured with this clock on ``tests/discord`` (pure engine, -n 2, load 6-7, the sum
#: over the test calls of their wall-clock and CPU seconds): 0.05 s: 472 and 122 s;
#: 0.005 s: 233 and 117 s; 0.001 s: 204 and 124 s (more looks, more CPU).
SETTLE_IDLE = 0.005


class OnTheSimulatedClock:
    """Stands in for SimCord's wall-clock fallback of a bot timer due within the settle
    window: it never fires by itself (SimCord reads its ``when()`` as never, so the settle
    counts the timer's task as parked), and it marks the timer as one the operation's
    settle moves the simulated clock to.  SimCord cancels it as it cancels a fallback
    (the timer fired, or its task now waits on something SimCord keeps virtual)."""

    __slots__ = ("_cancelled",)

    def __init__(self) -> None:
        self._cancelled = False

    def when(self) -> float:
        return math.inf

    def cancel(self) -> None:
        self._cancelled = True

    def cancelled(self) -> bool:
        return self._cancelled


def _next_timer(env: Any) -> float | None:
    """The simulated instant of the next timer the settle moves the clock to."""
    return min(
        (record.when for record in env._work.callbacks
         if isinstance(record.real_handle, OnTheSimulatedClock) and not record.real_handle.cancelled()
         and record.handle is not None and not record.handle.cancelled()),
        default=None,
    )


@contextlib.contextmanager
def simulated_clock() -> Iterator[None]:
    """SimCord's ``Env`` with the harness's clock while inside."""
    schedule_timer = Env._schedule_timer
    settle_internal = Env._settle_internal

    def _schedule_timer(self: Any, record: Any, *args: Any) -> None:
        schedule_timer(self, record, *args)
        if record.real_handle is not None:  # (SimCord's wall-clock fallback)
            record.real_handle.cancel()
            record.real_handle = OnTheSimulatedClock()

    async def _settle_internal(
        self: Any, *, timeout: float | None = None, idle: float = 0.05, dispatch: str | None = None,
        _deadline: float | None = None,
    ) -> None:
        idle = min(idle, SETTLE_IDLE)
        if self._advancing:  # (``advance_time`` moves the clock itself)
            await settle_internal(self, timeout=timeout, idle=idle, dispatch=dispatch, _deadline=_deadline)
            return
        window = self.settle_timeout if timeout is None else timeout
        deadline = self._loop.time() + window if _deadline is None else _deadline
        horizon = self._virtual_time + window
        await settle_internal(self, timeout=timeout, idle=idle, dispatch=dispatch, _deadline=deadline)
        while (when := _next_timer(self)) is not None and when < horizon:
            await self._advance_to(max(self._virtual_time, when), deadline)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Env, "_schedule_timer", _schedule_timer)
        patch.setattr(Env, "_settle_internal", _settle_internal)
        yield
