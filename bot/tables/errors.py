"""Errors the table runtime raises for users; ``str(error)`` is one whole sentence."""

from __future__ import annotations


class TableError(Exception):
    """A user asked for something the table cannot do now (shown ephemerally)."""

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else "That is not possible right now."


class NoTable(TableError):
    """There is no table in this channel."""


class NotSeated(TableError):
    """The user has no seat at this table."""


class StaleChoice(TableError):
    """The button belongs to an earlier moment of the game (or was clicked twice)."""
