"""Players' names in the engine's texts.

The engine knows seats, not people: every text it writes for players (events, prompts,
refusals, Why?, a hand's summary and payment lines, a session's end) names a seat as
"Seat N" or "seat N", N counted from 1.  That is the placeholder: the terminal prints it
as it is, and a table, which knows who sits where, puts names in its place with
``name_seats`` before a player reads it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

#: A seat as the engine's texts name it ("Seat 2", "seat 2", "Seat 2's").
SEAT_PLACEHOLDER: Final = re.compile(r"\b[Ss]eat (\d{1,2})\b")


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every "Seat N" (or "seat N") replaced by ``names[N - 1]``; a number
    with no name is left as it is."""

    def name(m: re.Match[str]) -> str:
        n = int(m.group(1))
        return names[n - 1] if 1 <= n <= len(names) else m.group(0)

    return SEAT_PLACEHOLDER.sub(name, text)
