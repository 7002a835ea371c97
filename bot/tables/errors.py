"""Errors the table runtime raises for users; ``str(error)`` is one whole sentence."""

from __future__ import annotations

from bot.i18n import Text


class TableError(Exception):
    """A user asked for something the table cannot do now (shown ephemerally).

    Raised as ``TableError(N_("There is no page {page}."), page=9)``, the sentence is a
    catalog message with its values, and :meth:`text` says it in the reader's language;
    ``message`` is the English."""

    def __init__(self, message: str = "That is not possible right now.", /, **values: object) -> None:
        self.msgid = message
        self.values = values
        super().__init__(message.format(**values) if values else message)

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else self.msgid

    def text(self, t: Text) -> str:
        """The sentence in ``t``'s language (English where the catalog has none)."""
        return t._(self.msgid, **self.values)


class NoTable(TableError):
    """There is no table in this channel."""


class NotSeated(TableError):
    """The user has no seat at this table."""


class StaleChoice(TableError):
    """The button belongs to an earlier moment of the game (or was clicked twice)."""
