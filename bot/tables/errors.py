"""Errors the table runtime raises for users; ``str(error)`` is one whole sentence."""

from __future__ import annotations

from bot.engine.say import Msg
from bot.i18n import Text


def _said(values: dict[str, object], t: Text | None = None) -> dict[str, object]:
    """The values with each ``Msg`` said in ``t``'s language (English without ``t``)."""
    return {k: (v.say(t) if t is not None else v.say()) if isinstance(v, Msg) else v
            for k, v in values.items()}


class TableError(Exception):
    """A user asked for something the table cannot do now (shown ephemerally).

    Raised as ``TableError(N_("There is no page {page}."), page=9)``, the sentence is a
    catalog message with its values (a value that is a ``Msg`` is said in the same
    language), and :meth:`text` says it in the reader's language;
    ``message`` is the English."""

    #: A sentence with a count: its plural message and the count (``counted``).
    plural: str | None = None
    n: int = 0

    def __init__(self, message: str = "That is not possible right now.", /, **values: object) -> None:
        self.msgid = message
        self.values = values
        super().__init__(message.format(**_said(values)) if values else message)

    @classmethod
    def counted(cls, singular: str, plural: str, n: int, /, **values: object) -> TableError:
        """A sentence whose words follow the count ``n`` (``{n}``): ``TableError.counted(
        ngettext-marked singular, plural, n)``, said in the reader's plural form."""
        error = cls(singular if n == 1 else plural, n=n, **values)
        error.msgid, error.plural, error.n = singular, plural, n
        error.values = values
        return error

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else self.msgid

    def text(self, t: Text) -> str:
        """The sentence in ``t``'s language (English where the catalog has none)."""
        if self.plural is not None:
            return t.ngettext(self.msgid, self.plural, self.n, **_said(self.values, t))
        return t._(self.msgid, **_said(self.values, t))


def plural_pair(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for the catalog where it is written (import it as
    ``ngettext``, which the extractor knows); :meth:`TableError.counted` says it."""
    return singular, plural


class NoTable(TableError):
    """There is no table in this channel."""


class NotSeated(TableError):
    """The user has no seat at this table."""


class StaleChoice(TableError):
    """The button belongs to an earlier moment of the game (or was clicked twice)."""
