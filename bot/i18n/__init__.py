"""The players' languages: one gettext catalog per language, read with Babel.

English is the source language: every text a player reads is written in English in the
code, marked for translation (``_``, ``ngettext``, ``pgettext``, ``N_``), and looked up
in ``bot/i18n/locale/<lang>/LC_MESSAGES/taroky.po``.  The ``.po`` files are what
translators edit; they are compiled in memory when first used (Babel's ``write_mo``), so
there is no build step and no binary file in the repository.

Which language a text is in (issue #14):

* a reply to a player, and their private panel: the language they chose with
  ``/taroky language``, else the language of their Discord client (the interaction's
  locale), else English;
* the public table message: the server's language (``/taroky-admin language``), else
  the server's preferred locale, else English.

Numbers and money are formatted per language with Babel (``0,10 Kč`` in Czech), and
plural forms follow each language's rule (``1 karta / 2 karty / 5 karet``).
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal

from bot.store.money import CHIPS, CZK_HAL, POINTS, check_currency, format_amount

#: The languages a player can choose, English (the source) first.
LANGUAGES: Final[tuple[str, ...]] = ("en", "cs", "pl", "ro")
SOURCE: Final = "en"
#: Each language's name in itself, as a player picks it.
LANGUAGE_NAMES: Final[dict[str, str]] = {"en": "English", "cs": "Čeština", "pl": "Polski", "ro": "Română"}
DOMAIN: Final = "taroky"
#: The catalog context of the variants' titles (collected from the engine, not marked).
VARIANT_CONTEXT: Final = "variant"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:  # noqa: N802  (the gettext convention)
    """Mark ``message`` for the catalog without translating it here (a module constant
    translated where it is shown)."""
    return message


def language_of(locale: object) -> str | None:
    """The catalog language of a Discord locale (``discord.Locale`` or its value, e.g.
    ``"cs"``, ``"pl"``, ``"ro"``, ``"en-US"``), or None for a language we do not have."""
    if locale is None:
        return None
    code = str(locale).strip().lower().replace("_", "-")  # (a discord.Locale is its value)
    base = code.split("-", 1)[0]
    return base if base in LANGUAGES else None


def pick_language(*choices: object) -> str:
    """The first of ``choices`` (languages or Discord locales, most specific first) that
    we have a catalog for; English when none is."""
    for choice in choices:
        lang = language_of(choice)
        if lang is not None:
            return lang
    return SOURCE


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English and an unknown language: the source
    texts themselves)."""
    if lang == SOURCE or lang not in LANGUAGES:
        return gettext.NullTranslations()
    with catalog_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@dataclass(frozen=True, slots=True)
class Text:
    """Everything said to one reader in one language: translation, plurals, numbers and
    money.  ``Text("cs").money("czk_hal", 10)`` is ``"0,10 Kč"``."""

    lang: str = SOURCE

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(f"no catalog for language {self.lang!r}; expected one of {LANGUAGES}")

    def _(self, message: str, /, **values: object) -> str:
        """``message`` in this language, with ``{name}`` fields filled from ``values``."""
        text = translations(self.lang).gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The plural form for ``n`` (``{n}`` is ``n`` written in this language; a
        negative amount takes the form of its size: ``-3 žetony`` like ``3 žetony``)."""
        text = translations(self.lang).ngettext(singular, plural, abs(n))
        return text.format(n=self.number(n), **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        """``message`` as meant in ``context`` (e.g. a command's name or a game term)."""
        text = translations(self.lang).pgettext(context, message)
        return text.format(**values) if values else text

    def variant_title(self, name: str) -> str:
        """A variant's title in this language (context ``variant``); a name the engine no
        longer knows (an old record) as it is."""
        from bot.engine import TarokyError, find_variant

        try:
            title = find_variant(name).title
        except TarokyError:
            return name
        return self.pgettext(VARIANT_CONTEXT, title)

    def number(self, n: int | Decimal) -> str:
        """A number as this language writes it (``1 234`` in Czech)."""
        if self.lang == SOURCE:
            return f"{n:,}".replace(",", "\u202f")
        return format_decimal(n, locale=self.lang)

    def money(self, currency: str, amount: int) -> str:
        """An amount in its smallest unit (``czk_hal``: haléře; chips; points), written
        with its unit as this language does.  English keeps the bot's long-standing
        ``Kč 1.50`` / ``3 chips``."""
        check_currency(currency)
        if self.lang == SOURCE:
            return format_amount(currency, amount)
        if currency == CZK_HAL:
            return format_currency(Decimal(amount) / 100, "CZK", locale=self.lang,
                                   format=_czk_pattern(self.lang))
        if currency == CHIPS:
            return self.ngettext("{n} chip", "{n} chips", amount)
        assert currency == POINTS
        return self.ngettext("{n} point", "{n} points", amount)


@cache
def _czk_pattern(lang: str) -> str:
    """The language's currency pattern with the koruna written as the rule texts write it
    (Kč), not as an ISO code."""
    pattern = str(Locale.parse(lang).currency_formats["standard"].pattern)
    return pattern.replace("¤", "'Kč'")

if TYPE_CHECKING:
    from bot.engine.say import Say

    #: A reader's ``Text`` is what the engine's sentences are said through (``bot.engine.say``):
    #: mypy checks here that it has exactly the ``Say`` protocol's methods.
    _TEXT_IS_A_SAY: Say = Text()

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "SOURCE", "N_", "Text", "language_of", "pick_language", "translations"]
