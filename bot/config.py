"""Settings for the bot, read from the environment and an optional ``.env`` file.

Real environment variables win over the ``.env`` file.  Errors are raised as
:class:`ConfigError` whose message is one plain sentence meant for the operator.

Variables (see ``.env.example``):

* ``DISCORD_TOKEN`` — the bot token (required to run the bot).
* ``TAROKY_DB`` — path of the SQLite database (default ``./data/taroky.sqlite3``).
* ``DEV_GUILD_ID`` — optional server id; slash commands are synced there instantly.
* ``LOG_LEVEL`` — ``DEBUG``, ``INFO`` (default), ``WARNING`` or ``ERROR``.
* ``TAROKY_AI_DELAY`` — seconds a computer player "thinks" before acting (default 1.2).
* ``TAROKY_REMINDER_AFTER`` — seconds before an absent player is reminded (default 120).
* ``TAROKY_TAKEOVER_AFTER`` — further seconds before a computer plays for them (default 120).
* ``TAROKY_LOBBY_EXPIRY`` — seconds a lobby nobody starts stays open (default 1800; 0: for ever).
* ``DATABASE_URL`` — ``postgresql://user:password@host/db`` stores everything in PostgreSQL
  instead of the SQLite file (several bot processes can share it); empty: SQLite.
* ``TAROKY_SHARDS`` — ``IDS/COUNT``, e.g. ``0/2`` or ``0-3/8``: this process runs those
  Discord shards and serves only their guilds' tables; empty: one process, every guild.
* ``TAROKY_INSTANCE`` — this process's name in the table leases (default: the host
  name and the shards); keep it the same across restarts of one process.
* ``TAROKY_METRICS_PORT`` — ``PORT`` or ``HOST:PORT``: serve Prometheus metrics at
  ``/metrics`` and the health probe at ``/healthz`` there (``docs/operations.md``);
  empty (default): off.
* ``LOG_FORMAT`` — ``text`` (default) or ``json`` (one JSON object a line).
"""

from __future__ import annotations

import io
import os
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.store.interface import Shards, is_postgres_url
from bot.tables.limits import Limits

__all__ = ["ConfigError", "Settings", "check_database_url", "check_token", "load_settings", "parse_dotenv"]

DEFAULT_DB_PATH = Path("data") / "taroky.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# A bot token is three base64url segments joined by dots: user id, timestamp, HMAC.
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{18,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


class ConfigError(Exception):
    """A setting is missing or malformed; ``str(error)`` is one sentence for the operator."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot process needs to know at start-up."""

    token: str = ""
    db_path: Path = DEFAULT_DB_PATH
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    ai_delay: float = 1.2
    reminder_after: float = 120.0
    takeover_after: float = 120.0
    # Seconds between two edits of a table's public message on average: at most five
    # in any five of these (Discord allows about five per five seconds in a channel).
    edit_interval: float = 1.0
    extensions: tuple[str, ...] = field(default=("cogs.taroky", "cogs.privacy"))
    # Worker processes drawing the pictures (0: a thread of the bot's process).
    render_processes: int = 1
    # Seconds a change's edits wait for its pictures before going out without them
    # (None: until drawn; tests, where SimCord's clock would run a timer per change).
    picture_wait: float | None = 0.02
    # Seconds the store's writer collects table states into one transaction (0: what
    # queued while the previous group was written; tests, for SimCord's clock).
    group_interval: float = 0.05
    # After start-up: freeze what is alive then and collect garbage less often (no
    # long full collections under load); hand the GIL to a waiting thread (the store's
    # writer) after 1 ms, not 5 (``bot.app.tune_runtime``).
    tune_runtime: bool = True
    #: ``postgresql://...``: the PostgreSQL store; empty: the SQLite file ``db_path``.
    database_url: str = ""
    #: The Discord shards this process runs (None: one process, unsharded).
    shards: Shards | None = None
    #: This process's name in the table leases ("" : the host name and the shards).
    instance: str = ""
    #: The bounds on what one member can open or post (cooldowns, lobbies; issue #29).
    limits: Limits = field(default_factory=Limits)
    #: Seconds a stop (SIGTERM) gives the tables' work in flight before cancelling it
    #: (``docker stop`` kills after 10).
    stop_grace: float = 5.0
    #: (host, port) of the metrics and health endpoint; None: off.
    metrics_address: tuple[str, int] | None = None
    #: ``text`` or ``json`` (one JSON object a line).
    log_format: str = "text"
    #: Review paid hands in this process (the store's analysis queue, issue #28).
    analysis: bool = True
    #: The review's budget: hands played out per reviewed seat (``bot.ai.review.Budget``).
    analysis_playouts: int = 4000

    @property
    def store_location(self) -> str | Path:
        """Where the store lives: the PostgreSQL URL, or the SQLite file."""
        return self.database_url or self.db_path

    @property
    def lease_owner(self) -> str:
        """The name this process holds its table leases under."""
        if self.instance:
            return self.instance
        return f"{socket.gethostname()}:{self.shards or 'all'}"

    def for_tests(self) -> Settings:
        """A copy with every pause set to zero (computer players act at once), pictures
        drawn in a thread, the garbage collector left as it is, and no cooldowns or lobby
        expiry (a test that checks them sets ``limits``), and no hand reviews (a test of
        them turns ``analysis`` on)."""
        return replace(self, ai_delay=0.0, edit_interval=0.0, render_processes=0, tune_runtime=False,
                       picture_wait=None, group_interval=0.0,
                       limits=Limits(cooldowns=False, lobby_expiry=None), analysis=False)


def parse_dotenv(text: str) -> dict[str, str]:
    """The ``KEY=value`` settings of a ``.env`` text, read by ``python-dotenv`` (quotes,
    ``export``, ``# comments`` after a value, escapes).  ``${VAR}`` is kept as written, not
    expanded (a password may hold a ``$``); a key without ``=`` is no setting; a byte-order
    mark at the start (a file saved by Notepad) is not part of the first key."""
    values = dotenv_values(stream=io.StringIO(text.removeprefix("\ufeff")), interpolate=False)
    return {key: value for key, value in values.items() if value is not None}


def check_token(token: str) -> str:
    """Return the token stripped, or raise :class:`ConfigError` with one clear sentence."""
    token = token.strip()
    if token.lower().startswith("bot "):
        token = token[4:].strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
            "(see .env.example)."
        )
    if not _TOKEN_RE.match(token):
        raise ConfigError(
            "DISCORD_TOKEN does not look like a Discord bot token (three dot-separated parts "
            "from the Developer Portal's Bot page); check .env for a typo or stray quotes."
        )
    return token


#: The range of each pause setting, in seconds (issue #15: ``TAROKY_AI_DELAY=inf`` was
#: accepted and computers never moved).
SECONDS_BOUNDS: dict[str, tuple[float, float]] = {
    "TAROKY_AI_DELAY": (0.0, 60.0),
    "TAROKY_REMINDER_AFTER": (0.0, 86_400.0),
    "TAROKY_TAKEOVER_AFTER": (0.0, 86_400.0),
    "TAROKY_LOBBY_EXPIRY": (0.0, 7 * 86_400.0),
}


LOG_FORMATS = ("text", "json")
#: Where the metrics endpoint listens when ``TAROKY_METRICS_PORT`` names only a port.
METRICS_HOST = "0.0.0.0"


def parse_metrics_address(raw: str) -> tuple[str, int] | None:
    """``TAROKY_METRICS_PORT``: ``PORT`` or ``HOST:PORT`` (None when empty)."""
    raw = raw.strip()
    if not raw:
        return None
    host, _, port = raw.rpartition(":")
    host = host.strip("[]") or METRICS_HOST
    shown = raw if len(raw) <= 40 else raw[:39] + "…"
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ConfigError(
            f"TAROKY_METRICS_PORT must be a port from 1 to 65535, or HOST:PORT (e.g. 9108 or "
            f"127.0.0.1:9108), not {shown!r}."
        )
    return host, int(port)


def _float(env: Mapping[str, str], key: str, default: float) -> float:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    low, high = SECONDS_BOUNDS.get(key, (0.0, 86_400.0))
    shown = raw if len(raw) <= 20 else raw[:19] + "…"
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a number of seconds, not {shown!r}.") from None
    if not low <= value <= high:  # (also refuses inf and nan)
        raise ConfigError(f"{key} must be a number of seconds from {low:g} to {high:g}, not {shown!r}.")
    return value


def _read_dotenv(path: Path) -> str:
    """The text of the ``.env`` file ``path``, or :class:`ConfigError`."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text; save it as UTF-8.") from None
    except OSError as error:
        raise ConfigError(f"{path} cannot be read ({error.strerror or error}).") from None


_POSTGRES_EXAMPLE = "postgresql://user:password@host:5432/taroky"
_ESCAPES = "in the password write / as %2F, @ as %40, : as %3A and # as %23"


def _check_host(host: str) -> None:
    """One ``host[:port]`` of a DATABASE_URL (``[v6 address]:port`` too), or :class:`ConfigError`."""
    port = ""
    if host.startswith("["):
        end = host.find("]")
        rest = host[end + 1:] if end >= 0 else ""
        if end < 0 or (rest and not rest.startswith(":")):
            raise ConfigError("DATABASE_URL has an IPv6 host without its closing bracket "
                              f"({_POSTGRES_EXAMPLE}).")
        port = rest[1:]
    elif ":" in host:
        port = host.rpartition(":")[2]
    elif "[" in host or "]" in host:
        raise ConfigError(f"DATABASE_URL has a bracket outside an IPv6 host ({_POSTGRES_EXAMPLE}).")
    if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        # (the port text is not repeated: a password with an unescaped "/" reads as one)
        raise ConfigError("The port in DATABASE_URL must be a number from 1 to 65535 "
                          f"({_POSTGRES_EXAMPLE}); {_ESCAPES}.")


def check_database_url(raw: str) -> str:
    """``DATABASE_URL`` stripped ("" for SQLite), or :class:`ConfigError` with one sentence
    that names what is wrong and never repeats the password."""
    url = raw.strip()
    if not url:
        return ""
    if not is_postgres_url(url):
        raise ConfigError(
            f"DATABASE_URL must be a PostgreSQL URL ({_POSTGRES_EXAMPLE}); "
            "leave it empty for the SQLite file TAROKY_DB."
        )
    if any(c.isspace() or not c.isprintable() for c in url):
        raise ConfigError("DATABASE_URL contains a space or a control character "
                          f"({_POSTGRES_EXAMPLE}); in the password write a space as %20.")
    netloc = url.split("://", 1)[1].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    for host in netloc.rpartition("@")[2].split(","):  # libpq allows host1:5432,host2:5433
        _check_host(host)
    try:
        parts = urlsplit(url)
    except ValueError:  # brackets or characters Python's URL parser refuses
        raise ConfigError(f"DATABASE_URL is not a well-formed URL ({_POSTGRES_EXAMPLE}); "
                          f"{_ESCAPES}.") from None
    if parts.fragment:
        raise ConfigError(f"DATABASE_URL has a '#' part ({_POSTGRES_EXAMPLE}); {_ESCAPES}.")
    return url


def load_settings(
    environ: Mapping[str, str] | None = None,
    dotenv_path: str | os.PathLike[str] | None = ".env",
    *,
    require_token: bool = True,
) -> Settings:
    """Read settings from ``dotenv_path`` (if it exists) overlaid by ``environ``."""
    env: dict[str, str] = {}
    if dotenv_path is not None:
        path = Path(dotenv_path)
        if path.is_file():
            env.update(parse_dotenv(_read_dotenv(path)))
    env.update(os.environ if environ is None else environ)

    token = env.get("DISCORD_TOKEN", "")
    token = check_token(token) if require_token else token.strip()

    db_raw = env.get("TAROKY_DB", "").strip()
    db_path = Path(db_raw) if db_raw else DEFAULT_DB_PATH

    guild_raw = env.get("DEV_GUILD_ID", "").strip()
    dev_guild_id: int | None = None
    if guild_raw:
        if not guild_raw.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id made of digits, not {guild_raw!r}.")
        dev_guild_id = int(guild_raw)

    level = env.get("LOG_LEVEL", "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")

    database_url = check_database_url(env.get("DATABASE_URL", ""))
    shards_raw = env.get("TAROKY_SHARDS", "").strip()
    shards: Shards | None = None
    if shards_raw:
        try:
            shards = Shards.parse(shards_raw)
        except ValueError as error:
            raise ConfigError(f"TAROKY_SHARDS ({shards_raw!r}): {error}.") from None

    log_format = env.get("LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in LOG_FORMATS:
        raise ConfigError(f"LOG_FORMAT must be text or json, not {log_format[:20]!r}.")

    analysis_raw = env.get("TAROKY_ANALYSIS", "").strip().lower() or "on"
    if analysis_raw not in ("on", "off", "1", "0", "true", "false", "yes", "no"):
        raise ConfigError(f"TAROKY_ANALYSIS must be on or off, not {analysis_raw[:20]!r}.")
    playouts_raw = env.get("TAROKY_ANALYSIS_PLAYOUTS", "").strip() or "4000"
    if not playouts_raw.isdigit() or not 10 <= int(playouts_raw) <= 1_000_000:
        raise ConfigError("TAROKY_ANALYSIS_PLAYOUTS must be a whole number from 10 to 1000000, "
                          f"not {playouts_raw[:20]!r}.")

    return Settings(
        token=token,
        db_path=db_path,
        dev_guild_id=dev_guild_id,
        log_level=level,
        ai_delay=_float(env, "TAROKY_AI_DELAY", 1.2),
        reminder_after=_float(env, "TAROKY_REMINDER_AFTER", 120.0),
        takeover_after=_float(env, "TAROKY_TAKEOVER_AFTER", 120.0),
        database_url=database_url,
        shards=shards,
        instance=env.get("TAROKY_INSTANCE", "").strip(),
        limits=Limits(lobby_expiry=_float(env, "TAROKY_LOBBY_EXPIRY", 1800.0) or None),
        metrics_address=parse_metrics_address(env.get("TAROKY_METRICS_PORT", "")),
        log_format=log_format,
        analysis=analysis_raw in ("on", "1", "true", "yes"),
        analysis_playouts=int(playouts_raw),
    )
