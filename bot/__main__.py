"""``python -m bot`` / ``taroky-bot``: start the Discord bot.

Configuration problems end the process with one sentence on stderr and exit code 2.
``--help`` and ``--version`` print and exit without reading the settings or starting.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import aiohttp
import discord

from bot import logsafe
from bot.config import ConfigError, Settings, load_settings
from bot.lifecycle import GracefulStop
from bot.logjson import JsonFormatter
from bot.monitor import probe
from bot.store.preflight import DatabaseUnusable, check_database, check_postgres
from bot.version import version_text

log = logging.getLogger("bot")


def _setup_logging(level: str, log_format: str = "text") -> None:
    logging.basicConfig(
        level=logging.getLevelNamesMapping().get(level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    if log_format == "json":  # LOG_FORMAT=json: one JSON object a line (bot.logjson)
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    logsafe.install()  # interaction tokens never reach the log, at any level
    # discord.py's gateway chatter is noisy at DEBUG; keep it at INFO unless asked.
    if level != "DEBUG":
        logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))


async def _run(settings: Settings) -> None:
    from bot.app import make_bot

    bot = make_bot(settings)
    # SIGTERM / SIGINT: one clean stop (bot.lifecycle), waited for before leaving.
    async with bot, GracefulStop(bot):
        await bot.start(settings.token)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="taroky-bot",
        description="Run the Taroky Discord bot. Settings come from the environment and .env "
                    "(see .env.example and the README); SIGTERM or Ctrl-C stops it cleanly.",
    )
    parser.add_argument("--version", action="version", version=version_text("taroky-bot"),
                        help="print the version and the engine build, and exit")
    parser.add_argument("--health", action="store_true",
                        help="ask the running bot's /healthz (TAROKY_METRICS_PORT) and exit 0 if it is "
                             "healthy, 1 if not (Docker's HEALTHCHECK)")
    return parser.parse_args(argv)



def _health() -> int:
    """``--health``: one sentence, 0 when the bot answers healthy."""
    try:
        settings = load_settings(require_token=False)
    except ConfigError as error:
        print(f"taroky-bot: {error}", file=sys.stderr)
        return 2
    if settings.metrics_address is None:
        print("taroky-bot: TAROKY_METRICS_PORT is not set, so the bot serves no health probe.",
              file=sys.stderr)
        return 1
    healthy, sentence = probe(*settings.metrics_address)
    print(f"taroky-bot: {sentence}", file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``taroky-bot`` console script; returns the exit status."""
    arguments = _arguments(argv)
    if arguments.health:
        return _health()
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"taroky-bot: {error}", file=sys.stderr)
        return 2
    try:
        if settings.database_url:
            check_postgres(settings.database_url)
        else:
            check_database(settings.db_path)
    except DatabaseUnusable as error:
        print(f"taroky-bot: {error}", file=sys.stderr)
        return 2
    _setup_logging(settings.log_level, settings.log_format)
    try:
        asyncio.run(_run(settings))
    except discord.LoginFailure:
        print(
            "taroky-bot: Discord rejected DISCORD_TOKEN; copy a fresh token from the "
            "Developer Portal's Bot page into .env.",
            file=sys.stderr,
        )
        return 2
    except (TimeoutError, aiohttp.ClientConnectionError, OSError) as error:
        print(f"taroky-bot: cannot reach Discord ({type(error).__name__}); check the network "
              "and try again.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("taroky-bot: Discord refused the gateway intents this bot asked for.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        log.info("Stopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
