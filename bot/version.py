"""The version line of the console scripts (``taroky --version``, ``taroky-bot --version``)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def version_text(prog: str) -> str:
    """``prog``, the installed package's version and the engine build that runs."""
    from bot.engine import ENGINE_BUILD

    try:
        installed = version("taroky-bot")
    except PackageNotFoundError:  # (a source tree that was never installed)
        installed = "unknown"
    return f"{prog} {installed} ({ENGINE_BUILD} engine)"
