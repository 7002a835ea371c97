"""A clean stop on SIGTERM and SIGINT (``docker stop``, ``systemctl stop``, Ctrl-C).

The first signal starts one ``close()`` of the bot (``bot.app.TarokyBot.close``: the
tables stop taking clicks and finish what they have in flight, the queued saves are
written, the leases handed back, then the gateway, the worker processes and the store
close) and the process ends with exit status 0.  A second signal while that runs ends
the process at once (status 1): the operator insists.

Without a handler, Python dies of SIGTERM on the spot, leaving the leases to run out
(90 s during which no other process takes the tables) and the queued saves unwritten.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from types import TracebackType
from typing import Protocol

log = logging.getLogger(__name__)

#: The signals that stop the bot cleanly.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Closable(Protocol):
    """What is stopped: the bot (``close`` does the whole clean stop)."""

    async def close(self) -> None: ...


class GracefulStop:
    """While entered (``async with``), SIGTERM and SIGINT close ``bot`` once; leaving
    waits for that close to finish.  ``stopped`` is set once it has."""

    def __init__(self, bot: Closable) -> None:
        self.bot = bot
        #: The signal that started the stop (None: none arrived).
        self.signal: signal.Signals | None = None
        self.stopped = asyncio.Event()
        self._closing: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def __aenter__(self) -> GracefulStop:
        self._loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:
            self._loop.add_signal_handler(sig, self._received, sig)
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            if self._closing is not None:
                await self._closing
        finally:
            if self._loop is not None:
                for sig in STOP_SIGNALS:
                    self._loop.remove_signal_handler(sig)

    def _received(self, sig: signal.Signals) -> None:
        if self._closing is not None:
            log.warning("%s again: stopping at once", sig.name)
            os._exit(1)
        self.signal = sig
        log.info("%s: stopping (the tables finish what they are doing and are handed back)", sig.name)
        assert self._loop is not None
        self._closing = self._loop.create_task(self._close(), name="taroky-stop")

    async def _close(self) -> None:
        try:
            await self.bot.close()
        except Exception:
            log.exception("Stopping the bot failed")
        finally:
            self.stopped.set()
            log.info("Stopped.")
