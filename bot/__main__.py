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
from bot.store.preflight import DatabaseUnusable, check_database, check_postgres
from bot.version import version_text

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
    async with bot:
        await bot.start(settings.token)


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line: no arguments but ``--help`` and ``--version`` (the settings are
    in the environment and ``.env``)."""
    p = argparse.ArgumentParser(
        prog="taroky-bot",
        description="Run the Taroky Discord bot. Its settings come from the environment and "
        "from .env in the current folder (DISCORD_TOKEN is required); see .env.example and "
        "the README's Settings table.")
    p.add_argument("--version", action="version", version=version_text("taroky-bot"),
                   help="print the version and the engine build, and exit")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``taroky-bot`` console script; returns the exit status."""
    _parse_args(argv)
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
