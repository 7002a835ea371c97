"""Issue #30: the operator's settings for the metrics endpoint and the log format, the
JSON log lines, and ``taroky-bot``'s own arguments."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

import pytest

from bot import logsafe
from bot.config import ConfigError, Settings, load_settings
from bot.logjson import JsonFormatter


def settings(**env: str) -> Settings:
    return load_settings(env, None, require_token=False)


def test_the_metrics_endpoint_is_off_unless_a_port_is_set() -> None:
    assert settings().metrics_address is None
    assert settings(TAROKY_METRICS_PORT="9108").metrics_address == ("0.0.0.0", 9108)
    assert settings(TAROKY_METRICS_PORT="127.0.0.1:9108").metrics_address == ("127.0.0.1", 9108)
    assert settings(TAROKY_METRICS_PORT="[::1]:9108").metrics_address == ("::1", 9108)


@pytest.mark.parametrize("raw", ["metrics", "0", "65536", "localhost:", "9108x"])
def test_a_bad_metrics_port_is_one_sentence(raw: str) -> None:
    with pytest.raises(ConfigError, match=r"^TAROKY_METRICS_PORT must be a port from 1 to 65535"):
        settings(TAROKY_METRICS_PORT=raw)


def test_log_format_is_text_or_json() -> None:
    assert settings().log_format == "text"
    assert settings(LOG_FORMAT="JSON").log_format == "json"
    with pytest.raises(ConfigError, match=r"^LOG_FORMAT must be text or json, not 'xml'\.$"):
        settings(LOG_FORMAT="xml")


def test_a_json_log_line_is_one_object_with_the_traceback_and_no_token() -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    logsafe.install(handler)
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.getLogger("bot.test").makeRecord(
            "bot.test", logging.ERROR, __file__, 1, "POST /interactions/1/%s failed", ("secret-token",),
            sys.exc_info())
    for f in handler.filters:
        f.filter(record)  # type: ignore[union-attr]
    line = handler.format(record)
    assert "\n" not in line
    fields = json.loads(line)
    assert fields["level"] == "ERROR" and fields["logger"] == "bot.test"
    assert fields["message"] == "POST /interactions/1/[redacted] failed"
    assert "ValueError: boom" in fields["exception"]
    assert fields["time"].endswith("+00:00")


def test_taroky_bot_version_and_help_do_not_start_the_bot() -> None:
    """Issue #30: ``--help`` and ``--version`` used to start the bot (or print the
    token error)."""
    for argument, expected in (("--version", "taroky-bot 0.1.0"), ("--help", "usage: taroky-bot")):
        out = subprocess.run([sys.executable, "-m", "bot", argument], capture_output=True, text=True,
                             timeout=120, env={"PATH": "/usr/bin:/bin"})
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith(expected)
        assert "DISCORD_TOKEN" not in out.stdout + out.stderr
