"""``python -m bot`` / ``taroky-bot``: start the Discord bot.

Configuration problems end the process with one sentence on stderr and exit code 2.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot import logsafe
from bot.config import ConfigError, Settings, load_settings
from bot.lifecycle import GracefulStop
from bot.store.preflight import DatabaseUnusable, check_database, check_postgres

log = logging.getLogger("bot")


def _setup_logging(level: str) -> None:
    logging.basicConfig(
        level=logging.getLevelNamesMapping().get(level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
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


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``taroky-bot`` console script; returns the exit status."""
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
    _setup_logging(settings.log_level)
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
