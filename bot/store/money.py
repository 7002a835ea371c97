"""Money units and formatting.

Every amount the store keeps is an exact ``int`` in the currency's *smallest unit*:

* ``czk_hal`` — haléře, hundredths of a Czech koruna (``150`` is Kč 1.50);
* ``chips`` — whole chips (the Nebraska/Heun chip games);
* ``points`` — whole game points (variants that only keep score).

Floats never touch a balance.  ``format_amount`` turns an amount into text for a
message; ``parse_amount`` turns what an admin typed (``"1.50"``, ``"20"``) back into
an amount.
"""

from __future__ import annotations

import re
from typing import Final

CZK_HAL: Final = "czk_hal"
CHIPS: Final = "chips"
POINTS: Final = "points"

#: Every currency the store accepts.
CURRENCIES: Final[tuple[str, ...]] = (CZK_HAL, CHIPS, POINTS)

#: The largest amount or balance the store writes, either sign (2**53 - 1: exact in
#: SQLite's INTEGER, in a float and in JSON readers).  SQLite silently turns an integer
#: past 2**63 into a REAL (issue #15), so the store refuses to go near it.
MAX_AMOUNT: Final = 2**53 - 1


def check_amount(amount: int, what: str = "amount") -> int:
    """Return ``amount``, or raise ``ValueError`` if it is outside ±``MAX_AMOUNT``."""
    if not -MAX_AMOUNT <= amount <= MAX_AMOUNT:
        raise ValueError(f"{what} {amount} is outside the store's range of ±{MAX_AMOUNT}")
    return amount

_UNIT_NAMES: Final = {CHIPS: ("chip", "chips"), POINTS: ("point", "points")}
_DECIMAL_RE: Final = re.compile(r"^([+-]?)(\d+)(?:[.,](\d{1,2}))?$")
_INTEGER_RE: Final = re.compile(r"^([+-]?)(\d+)$")


def check_currency(currency: str) -> str:
    """Return ``currency`` unchanged, or raise ``ValueError`` if it is not known."""
    if currency not in CURRENCIES:
        raise ValueError(f"unknown currency {currency!r}; expected one of {CURRENCIES}")
    return currency


def format_amount(currency: str, amount: int) -> str:
    """Format an amount in its smallest unit for display.

    >>> format_amount("czk_hal", 150)
    'Kč 1.50'
    >>> format_amount("czk_hal", -5)
    '-Kč 0.05'
    >>> format_amount("chips", 3)
    '3 chips'
    >>> format_amount("points", 1)
    '1 point'
    """
    check_currency(currency)
    sign = "-" if amount < 0 else ""
    magnitude = abs(amount)
    if currency == CZK_HAL:
        korun, haler = divmod(magnitude, 100)
        return f"{sign}Kč {korun:,}.{haler:02d}".replace(",", "\u202f")
    singular, plural = _UNIT_NAMES[currency]
    return f"{sign}{magnitude:,} {singular if magnitude == 1 else plural}".replace(",", "\u202f")


def parse_amount(currency: str, text: str) -> int:
    """Parse user input into an amount in the smallest unit.

    ``czk_hal`` accepts ``"12"``, ``"12.5"``, ``"12,50"`` (koruny with up to two
    decimals); the whole-unit currencies accept integers only.  Surrounding spaces
    and a leading ``Kč`` are ignored.  Raises ``ValueError`` for anything else.

    >>> parse_amount("czk_hal", "1,50")
    150
    >>> parse_amount("chips", "20")
    20
    """
    check_currency(currency)
    cleaned = text.strip().replace("Kč", "").replace(" ", "").replace("\u202f", "")
    if currency == CZK_HAL:
        match = _DECIMAL_RE.match(cleaned)
        if match is None:
            raise ValueError(f"not an amount of Kč: {text!r}")
        sign, whole, frac = match.groups()
        value = int(whole) * 100 + int((frac or "0").ljust(2, "0"))
        return -value if sign == "-" else value
    match = _INTEGER_RE.match(cleaned)
    if match is None:
        raise ValueError(f"not a whole number of {currency}: {text!r}")
    sign, whole = match.groups()
    return -int(whole) if sign == "-" else int(whole)
