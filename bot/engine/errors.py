"""The small tree of errors a player (or a caller) can cause.

Every message is a whole sentence a player understands; cogs show ``str(error)``.
"""

from __future__ import annotations

from .say import ENGLISH, Msg, Say


class TarokyError(Exception):
    """Base of every error the engine raises on purpose.  Raised with a ``Msg`` (issue
    #14), its English is the error's text and ``say(t)`` says it in a reader's language."""

    def __init__(self, *args: object) -> None:
        self.msg: Msg | None = None
        if args and isinstance(args[0], Msg):
            self.msg = args[0]
            args = (args[0].say(ENGLISH), *args[1:])
        super().__init__(*args)

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else "That is not allowed."

    def say(self, t: Say = ENGLISH) -> str:
        """The error's sentence in ``t``'s language (its English text if it has no ``Msg``)."""
        return self.msg.say(t) if self.msg is not None else self.message


class IllegalAction(TarokyError):
    """The action is well formed but not allowed here and now (names the rule)."""


class NotYourTurn(IllegalAction):
    """Someone else must act first."""


class BadInput(TarokyError):
    """The input could not be understood (an unknown card, action code or option)."""


class AmbiguousInput(BadInput):
    """The input matches more than one thing (for example a variant alias)."""


class RecordMismatch(TarokyError):
    """A hand record does not replay to the result it claims."""
