"""Logs as JSON lines (``LOG_FORMAT=json``): one object a line, for log collectors
(Loki, Elasticsearch, ``docker logs | jq``).

Fields: ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``, ``message``,
and ``exception`` (the traceback) when there is one.  The token filter
(``bot.logsafe``) runs before the formatter, so nothing secret reaches either format.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

__all__ = ["JsonFormatter"]


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, str] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False)
