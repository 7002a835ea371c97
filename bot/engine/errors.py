"""The small tree of errors a player (or a caller) can cause.

Every message is a whole sentence a player understands; cogs show ``str(error)``.
"""

from __future__ import annotations


class TarokyError(Exception):
    """Base of every error the engine raises on purpose."""

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else "That is not allowed."


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
