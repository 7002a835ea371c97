"""The metrics and health endpoint (``TAROKY_METRICS_PORT``; ``docs/operations.md``).

One small HTTP server in a thread of its own (``prometheus_client``'s threading WSGI
server) answers

* ``/metrics`` — every metric of ``bot.metrics``, the tables' state read at the scrape
  (``TablesCollector``: tables open, unpaid hands) and the process's own (CPU, memory,
  open files);
* ``/healthz`` — 200 and ``{"status": "ok", ...}`` while the bot is healthy, else 503
  and the reason: it is starting or stopping, the gateway is not connected, or the
  event loop did not run a heartbeat sent to it within ``LOOP_LATE`` seconds (a stuck
  loop serves no click; the endpoint's thread still answers, and says so).

``taroky-bot --health`` (Docker's HEALTHCHECK) asks ``/healthz`` on this machine:
``probe``.
"""

from __future__ import annotations

import asyncio
import json
import math
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol
from wsgiref.simple_server import WSGIRequestHandler, make_server

from prometheus_client import REGISTRY, make_wsgi_app
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import ThreadingWSGIServer
from prometheus_client.registry import Collector

from bot.tables.manager import TableManager

__all__ = ["Monitor", "Health", "TablesCollector", "probe", "LOOP_LATE"]

#: Seconds the event loop has to run a health check's heartbeat.
LOOP_LATE = 5.0

_Environ = dict[str, Any]
_StartResponse = Callable[[str, list[tuple[str, str]]], Any]


class Watched(Protocol):
    """What the endpoint reads of the bot (``bot.app.TarokyBot``)."""

    @property
    def manager(self) -> TableManager | None: ...

    @property
    def latency(self) -> float: ...

    def is_ready(self) -> bool: ...

    def is_closed(self) -> bool: ...


class TablesCollector(Collector):
    """The tables' state, read at each scrape: tables open, hands finished but unpaid."""

    def __init__(self, bot: Watched) -> None:
        self.bot = bot

    def collect(self) -> Iterable[Metric]:
        manager = self.bot.manager
        tables = list(manager.tables.values()) if manager is not None else []
        yield GaugeMetricFamily("taroky_tables_open", "Tables this process serves (lobbies, hands in play, between hands).",
                                value=len(tables))
        yield GaugeMetricFamily("taroky_unpaid_hands", "Finished hands whose payment has not gone through yet.",
                                value=sum(1 for t in tables if t.settlement.unpaid is not None))


class Health:
    """Whether the bot serves its tables now (read by the endpoint's thread)."""

    def __init__(self, bot: Watched, loop: asyncio.AbstractEventLoop) -> None:
        self.bot = bot
        self.loop = loop

    def _loop_answers(self) -> bool:
        """The event loop runs a callback sent to it within ``LOOP_LATE`` seconds."""
        answered = threading.Event()
        try:
            self.loop.call_soon_threadsafe(answered.set)
        except RuntimeError:  # (the loop is closed)
            return False
        return answered.wait(LOOP_LATE)

    def check(self) -> tuple[bool, dict[str, Any]]:
        """(healthy, what ``/healthz`` answers); called in the endpoint's thread."""
        manager = self.bot.manager
        if manager is not None and (manager.stopping or self.bot.is_closed()):
            reason = "stopping"
        elif manager is None or not self.bot.is_ready():
            reason = "starting"
        elif not self._loop_answers():
            reason = f"the event loop did not answer within {LOOP_LATE:g} s"
        elif not math.isfinite(self.bot.latency):
            reason = "not connected to Discord"
        else:
            tables = list(manager.tables.values())
            return True, {"status": "ok", "tables": len(tables),
                          "unpaid_hands": sum(1 for t in tables if t.settlement.unpaid is not None)}
        return False, {"status": "unhealthy", "reason": reason}


#: The tables' collector registered now (one per process).
_collector: TablesCollector | None = None


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """(Scrapes every few seconds are not worth a log line.)"""


class Monitor:
    """The endpoint's server thread, the tables' collector and the loop's heartbeat."""

    def __init__(self, bot: Watched) -> None:
        self.bot = bot
        self.health: Health | None = None
        self.collector = TablesCollector(bot)
        self._metrics = make_wsgi_app(REGISTRY)
        self._server: ThreadingWSGIServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The port it listens on (the one asked for, or the one given for 0)."""
        assert self._server is not None
        return int(self._server.server_port)

    def start(self, host: str, port: int) -> None:
        """Listen on (host, port) (called on the bot's running event loop)."""
        global _collector
        self.health = Health(self.bot, asyncio.get_running_loop())
        self._server = make_server(host, port, self._app, ThreadingWSGIServer, handler_class=_Quiet)
        if _collector is not None:  # (a bot before this one in the process that never closed: tests)
            REGISTRY.unregister(_collector)
        REGISTRY.register(self.collector)
        _collector = self.collector
        self._thread = threading.Thread(target=self._server.serve_forever, name="taroky-metrics", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        global _collector
        if self._server is not None:
            if _collector is self.collector:
                REGISTRY.unregister(self.collector)
                _collector = None
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _app(self, environ: _Environ, start_response: _StartResponse) -> Iterator[bytes] | Iterable[bytes]:
        if environ.get("PATH_INFO") == "/healthz" and self.health is not None:
            ok, body = self.health.check()
            start_response("200 OK" if ok else "503 Service Unavailable",
                           [("Content-Type", "application/json")])
            return [json.dumps(body).encode()]
        return self._metrics(environ, start_response)  # type: ignore[no-any-return]


def probe(host: str, port: int, *, timeout: float = 10.0) -> tuple[bool, str]:
    """Ask ``/healthz`` of the bot on this machine: (healthy, one sentence)."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        with urllib.request.urlopen(f"http://{where}/healthz", timeout=timeout) as response:
            body = json.loads(response.read(10_000))
            return True, f"healthy: {body.get('tables', 0)} table(s) open, {body.get('unpaid_hands', 0)} unpaid hand(s)."
    except urllib.error.HTTPError as error:
        try:
            reason = json.loads(error.read(10_000)).get("reason", "no reason given")
        except ValueError:
            reason = f"HTTP {error.code}"
        return False, f"unhealthy: {reason}."
    except (OSError, ValueError) as error:
        return False, f"no answer from {where}/healthz ({type(error).__name__}): is the bot running with TAROKY_METRICS_PORT?"
