"""The bot's Prometheus metrics: defined here once, counted where things happen.

Served (with the tables' state, read at each scrape) by ``bot.monitor`` when
``TAROKY_METRICS_PORT`` is set; ``docs/operations.md`` says what each one means.  Counting
costs a few hundred nanoseconds and needs no server, so the call sites never ask whether
the endpoint is on.  This module imports nothing of ours: any layer may count.
"""

from __future__ import annotations

import time
from collections import deque

from prometheus_client import Counter, Gauge, Histogram

__all__ = [
    "ACTIONS", "HANDS", "CLICK_ACK", "CLICK_EDIT", "COMPUTER_FALLBACKS", "DATABASE_ERRORS",
    "SETTLEMENT_FAILURES", "SETTLEMENT_RETRIES", "PICTURES_QUEUED", "ANALYSES", "ANALYSIS_SECONDS",
    "MESSAGE_EDITS", "EDIT_REASONS", "click_acked", "table_edited", "message_edited",
]

#: Seconds: Discord's deadline for an acknowledgement is 3 s.
LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)

ACTIONS = Counter(
    "taroky_actions", "Game actions applied (bids, calls, discards, cards played), by who chose them.",
    ["by"],
)
HANDS = Counter("taroky_hands", "Hands played to their end, by variant.", ["variant"])
CLICK_ACK = Histogram(
    "taroky_click_ack_seconds",
    "From a game choice's click (Discord's timestamp) to the bot's acknowledgement of it.",
    buckets=LATENCY_BUCKETS,
)
CLICK_EDIT = Histogram(
    "taroky_click_edit_seconds",
    "From a game choice's click (Discord's timestamp) to the edit of the table message after it.",
    buckets=LATENCY_BUCKETS,
)
COMPUTER_FALLBACKS = Counter(
    "taroky_computer_fallbacks",
    "Strong computer decisions taken by the normal player instead (the search was late, failed or illegal).",
    ["reason"],
)
DATABASE_ERRORS = Counter(
    "taroky_database_errors", "Database transactions that failed, by kind (read or write).", ["kind"],
)
SETTLEMENT_FAILURES = Counter(
    "taroky_settlement_failures", "Attempts to pay a finished hand that failed (the hand stays unpaid and is retried).",
)
SETTLEMENT_RETRIES = Counter(
    "taroky_settlement_retries", "Retried payments of an unpaid hand, by outcome (paid or failed).", ["outcome"],
)
PICTURES_QUEUED = Gauge(
    "taroky_pictures_queued", "Pictures waiting for a render worker or being drawn.",
)
ANALYSES = Counter(
    "taroky_analyses", "Hand reviews made by this process's analyst, by outcome (stored or failed).", ["outcome"],
)
ANALYSIS_SECONDS = Histogram(
    "taroky_analysis_seconds", "Seconds from taking a hand's analysis job to storing its review (off the event loop).",
    buckets=(0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0),
)
#: Why the bot edited a message (``MESSAGE_EDITS``'s ``reason``), by message:
#: ``change``: a change of the game shown at once (on a panel: to a player not waiting
#: for it); ``turn``: the change made it this panel's player's turn; ``click``: the
#: answer to this panel's own click; ``held change``: a change the throttle held back
#: (five edits in five seconds a channel; a panel nobody waits on once a second);
#: ``late picture``: only a picture drawn after the change's edit went out; ``opened``:
#: a panel just opened gets its hand picture; ``refresh``: asked for from outside (a
#: lesson's step); ``closed``: the table was closed.
EDIT_REASONS: dict[str, tuple[str, ...]] = {
    "table": ("change", "held change", "late picture", "closed"),
    "panel": ("turn", "click", "change", "held change", "late picture", "opened", "refresh"),
    "summary": ("late picture",),
}
MESSAGE_EDITS = Counter(
    "taroky_message_edits",
    "Edits of the bot's messages (each one a call Discord rate-limits), by message and why it was sent.",
    ["message", "reason"],
)

for _by in ("player", "computer"):  # (every series exists from the start, at 0)
    ACTIONS.labels(by=_by)
for _reason in ("late", "failed", "illegal"):
    COMPUTER_FALLBACKS.labels(reason=_reason)
for _kind in ("read", "write"):
    DATABASE_ERRORS.labels(kind=_kind)
for _outcome in ("paid", "failed"):
    SETTLEMENT_RETRIES.labels(outcome=_outcome)
for _outcome in ("stored", "failed"):
    ANALYSES.labels(outcome=_outcome)
_EDITS = {(_message, _reason): MESSAGE_EDITS.labels(message=_message, reason=_reason)
          for _message, _reasons in EDIT_REASONS.items() for _reason in _reasons}

#: Clicks per channel acknowledged but not yet shown by an edit of the table message:
#: their Discord timestamps (the last few; a channel's edit observes and clears them).
_PENDING_MAX = 32
_CHANNELS_MAX = 10_000
_pending: dict[int, deque[float]] = {}


def click_acked(channel_id: int, clicked_at: float) -> None:
    """A game choice clicked at ``clicked_at`` (Unix seconds: the interaction's
    timestamp) was acknowledged now; its table message's next edit shows it."""
    now = time.time()
    CLICK_ACK.observe(max(0.0, now - clicked_at))
    if channel_id not in _pending and len(_pending) >= _CHANNELS_MAX:
        _pending.clear()  # (channels whose table never edited again: let them go)
    _pending.setdefault(channel_id, deque(maxlen=_PENDING_MAX)).append(clicked_at)


def table_edited(channel_id: int) -> None:
    """The table message of ``channel_id`` was edited (or posted) now."""
    waiting = _pending.pop(channel_id, None)
    if waiting:
        now = time.time()
        for clicked_at in waiting:
            CLICK_EDIT.observe(max(0.0, now - clicked_at))


def message_edited(message: str, reason: str) -> None:
    """The bot edited one of its messages (``EDIT_REASONS``: the message's kind and why)."""
    _EDITS[message, reason].inc()
