"""The bounds that keep one member from flooding a server (issue #29): how often a
command that draws or posts may be used, how many tables a server may have open, how
long a lobby nobody starts stays open, and which saved tables start-up restores.

Each bound hit is a sentence and changes nothing (``cogs/taroky.py``, ``TableManager``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Per member, per server: the uses a command allows in so many seconds.
COOLDOWNS: dict[str, tuple[int, float]] = {
    "new": (2, 60.0),
    "table": (1, 20.0),
    "pool": (2, 30.0),
    "leaderboard": (2, 30.0),
    "history": (4, 30.0),
    "stats": (4, 30.0),
    "balance": (4, 30.0),
    "review": (6, 60.0),  # (issue #28: the Review button and /taroky review; each draws a picture)
}

#: Open tables a server may have unless its admins set another number
#: (``/taroky-admin max-tables``).
DEFAULT_MAX_TABLES = 20
#: The most an admin may allow.
MAX_TABLES_LIMIT = 500


@dataclass(frozen=True)
class Limits:
    """The bot's bounds (``bot.config.Settings.limits``)."""

    #: Whether the commands' cooldowns apply (off in tests that run many commands in a
    #: second of SimCord's clock).
    cooldowns: bool = True
    #: Seconds a lobby nobody starts stays open (None: for ever).
    lobby_expiry: float | None = 1800.0
    #: Start-up restores a table in play, or one used within this many seconds; older
    #: idle tables (a lobby, between hands) are closed instead.
    restore_idle: float = 7 * 24 * 3600.0
