"""Secrets never reach the logs: a logging filter that blanks interaction tokens and the
bot token from every record, whatever its level or logger (issue #15: at ``DEBUG``
discord.py logs gateway events whose interaction tokens let anyone read a player's
private panel for 15 minutes)."""

from __future__ import annotations

import logging
import re

__all__ = ["TokenFilter", "install", "redact"]

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "token": "..." in gateway payloads (dict reprs and JSON alike)
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+(['"])"""), r"\1[redacted]\2"),
    # REST paths that carry a token: interaction callbacks and webhooks
    (re.compile(r"(/interactions/\d+/)[^/\s'\"?]+"), r"\1[redacted]"),
    (re.compile(r"(/webhooks/\d+/)[^/\s'\"?]+"), r"\1[redacted]"),
    # the bot token in an Authorization header
    (re.compile(r"(Bot\s+)[A-Za-z0-9_\-]{18,}\.[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{20,}"), r"\1[redacted]"),
)


def redact(text: str) -> str:
    """``text`` with every token replaced by ``[redacted]``."""
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class TokenFilter(logging.Filter):
    """Rewrites each record's message (and traceback text) with :func:`redact`."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def install(*handlers: logging.Handler) -> None:
    """Put the filter on ``handlers`` (default: every handler of the root logger)."""
    for handler in handlers or tuple(logging.getLogger().handlers):
        if not any(isinstance(f, TokenFilter) for f in handler.filters):
            handler.addFilter(TokenFilter())
