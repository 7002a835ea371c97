"""The engine's sentences as catalog messages (issue #14).

Every text the engine writes for a player is a whole English sentence with named fields
(``"{seat} cut the pack."``), said through a translator ``t`` that the caller passes in:

* ``Say`` is what a translator offers: exactly the signatures of ``bot.i18n.Text``'s
  ``_``, ``ngettext`` and ``pgettext`` (and its ``lang``), so a table passes its reader's
  ``Text`` and the engine never imports Babel or ``bot.i18n``;
* ``ENGLISH`` (an ``English``) only fills the fields in: the source language, what every
  function that takes ``t`` says when it is given none (so existing callers read the same
  English as before);
* ``N_`` marks a constant (a rule sentence, a glossary entry) for the catalog where it is
  defined; it is translated where it is shown (``t._(constant)``), fields filled after;
* ``Msg`` is a sentence kept unsaid: its message and values, said later in any language
  (the game log's ``Event`` keeps one, so a line written during the hand can be read in
  each reader's language).  A value may itself be a ``Msg`` (said in the same language).

Babel's extractor (``python -m tools.catalogs``) finds ``t._``, ``t.ngettext``,
``t.pgettext`` and ``N_`` in this package like anywhere else.  Seats are named by the
engine's placeholder (``bot.engine.names``: "Seat 3"), passed as a value (``{seat}``), so
the table can put a player's name in its place in every language.

A message crosses the search worker's process boundary with a computer player's choice:
``Msg`` and ``Term`` say how they are pickled (``__reduce__``), since the compiled
engine's classes do not pickle by themselves.
"""

from __future__ import annotations

from typing import Final, Protocol


class Say(Protocol):
    """A translator: ``bot.i18n.Text`` (a reader's language) or ``ENGLISH``."""

    @property
    def lang(self) -> str: ...

    def _(self, message: str, /, **values: object) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str: ...

    def pgettext(self, context: str, message: str, /, **values: object) -> str: ...

    def money(self, currency: str, amount: int) -> str: ...

    def number(self, n: int) -> str: ...


class Sayable(Protocol):
    """A value said in the reader's language when its sentence is (a ``Msg``, a card's
    name, a game term)."""

    def say(self, t: Say = ...) -> str: ...


class English:
    """The source language: the message itself, its fields filled in (``{n}`` of a plural
    written as ``bot.i18n.Text("en")`` writes a number)."""

    __slots__ = ()

    @property
    def lang(self) -> str:
        return "en"

    def _(self, message: str, /, **values: object) -> str:
        return message.format(**values) if values else message

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        text = singular if abs(n) == 1 else plural
        return text.format(n=f"{n:,}".replace(",", "\u202f"), **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        return message.format(**values) if values else message

    def money(self, currency: str, amount: int) -> str:
        """An amount in its smallest unit, as ``bot.i18n.Text("en").money`` writes it:
        "Kč 1.50", "-Kč 0.05", "3 chips", "1 point"."""
        sign = "-" if amount < 0 else ""
        a = -amount if amount < 0 else amount
        if currency == "czk_hal":
            return f"{sign}Kč {a // 100:,}.{a % 100:02d}".replace(",", "\u202f")
        unit = "chip" if currency == "chips" else "point" if currency == "points" else currency
        return f"{sign}{a:,} {unit}{'' if a == 1 else 's'}".replace(",", "\u202f")

    def number(self, n: int) -> str:
        """A number as ``bot.i18n.Text("en").number`` writes it ("1 234")."""
        return f"{n:,}".replace(",", "\u202f")


#: The source language, the default of every ``t`` in the engine.
ENGLISH: Final = English()


def N_(message: str) -> str:  # noqa: N802  (the gettext convention)
    """Mark ``message`` for the catalog without translating it here."""
    return message


class Msg:
    """A sentence not yet said: ``say(t)`` says it in ``t``'s language.  ``plural`` and
    ``n``: a plural message (``{n}`` is ``n``); ``context``: a message with a context."""

    __slots__ = ("context", "message", "n", "plural", "values")

    def __init__(self, message: str, values: dict[str, MsgValue] | None = None, *,
                 plural: str = "", n: int = 0, context: str = "") -> None:
        self.message = message
        self.values: dict[str, MsgValue] = values if values is not None else {}
        self.plural = plural
        self.n = n
        self.context = context

    def say(self, t: Say = ENGLISH) -> str:
        values: dict[str, object] = {}
        for k, v in self.values.items():
            values[k] = v if isinstance(v, (str, int)) else v.say(t)
        if self.plural:
            return t.ngettext(self.message, self.plural, self.n, **values)
        if self.context:
            return t.pgettext(self.context, self.message, **values)
        return t._(self.message, **values)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_msg, (self.message, self.values, self.plural, self.n, self.context))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Msg) and self.message == other.message
                and self.values == other.values and self.plural == other.plural
                and self.n == other.n and self.context == other.context)

    def __hash__(self) -> int:
        return hash((self.message, self.plural, self.n, self.context))

    def __repr__(self) -> str:
        return f"Msg({self.message!r}, {self.values!r})"


#: The catalog context of a game term: a contract, bonus or declaration's title (the
#: variant's own word, kept or explained in each language).  The titles are data, not
#: marked in the code: ``tools.catalogs`` collects them from ``actions.TITLES`` and the
#: variants.
TERM: Final = "game term"

#: The catalog context of a variant's title ("Czech Taroky"; ``bot.i18n.VARIANT_CONTEXT``):
#: collected from the variants by ``tools.catalogs``, said by the rules pages.
VARIANT: Final = "variant"


class Term:
    """A game term said when its sentence is (a value of a ``Msg``)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def say(self, t: Say = ENGLISH) -> str:
        return t.pgettext(TERM, self.text)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Term, (self.text,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)


class LowerTerm(Term):
    """A game term said in lower case inside a sentence ("× 16 (mord)")."""

    __slots__ = ()

    def say(self, t: Say = ENGLISH) -> str:
        return t.pgettext(TERM, self.text).lower()

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (LowerTerm, (self.text,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LowerTerm) and self.text == other.text

    def __hash__(self) -> int:
        return hash(("lower", self.text))


class Money:
    """An amount said when its sentence is (a value of a ``Msg``): ``t.money``."""

    __slots__ = ("amount", "currency")

    def __init__(self, currency: str, amount: int) -> None:
        self.currency = currency
        self.amount = amount

    def say(self, t: Say = ENGLISH) -> str:
        return t.money(self.currency, self.amount)

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return (Money, (self.currency, self.amount))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Money) and self.currency == other.currency and self.amount == other.amount

    def __hash__(self) -> int:
        return hash((self.currency, self.amount))


#: What a field of a ``Msg`` may hold: said as it is, or (a ``Sayable``: a ``Msg``, a
#: card's name, a game term) said first in the same language.
MsgValue = str | int | Sayable


def _msg(message: str, values: dict[str, MsgValue], plural: str, n: int, context: str) -> Msg:
    """A ``Msg`` made again from its parts (unpickling)."""
    return Msg(message, values, plural=plural, n=n, context=context)


_SEAT_WORDS: Final = tuple(f"Seat {s + 1}" for s in range(8))


def seat_word(seat: int) -> str:
    """The placeholder of ``seat`` (counted from 0) that the table replaces with a name
    (``bot.engine.names``): "Seat 3"."""
    return _SEAT_WORDS[seat] if 0 <= seat < 8 else f"Seat {seat + 1}"


__all__ = ["ENGLISH", "TERM", "VARIANT", "English", "LowerTerm", "Money", "Msg", "MsgValue", "N_", "Say", "Sayable", "Term", "seat_word"]
