"""Where a table's cards come from; the engine types the table runtime holds.

The runtime holds the engine's own objects — ``Game``, ``Action``, ``PlayerView``,
``HandResult`` and a ``Session`` that deals every hand — so nothing here stands in for
the engine.  The one seam is the shuffle: :class:`Deals` says which random source or
which stacked deck the session deals hand *n* with, so tests run the real rules on known
cards (``Deals(decks=(deck,))``) or a reproducible shuffle (``Deals(seed=1)``).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import RandomSource


@dataclass(frozen=True)
class Deals:
    """How a table shuffles.

    By default the engine's secure generator shuffles every hand (C-2).  With ``seed``
    hand *n* of the table is shuffled by ``random.Random(seed + n)``; with ``decks`` hand
    *n* is dealt from ``decks[n - 1]`` exactly as stacked (later hands fall back to the
    seed or the secure generator).  Hand numbers start at 1 and survive restarts, so a
    restored table deals the same cards again.
    """

    seed: int | None = None
    decks: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def stacked(cls, *decks: Sequence[int], seed: int = 0) -> Deals:
        """Hands 1, 2, ... dealt from ``decks`` (lists of card ids), then seeded."""
        return cls(seed=seed, decks=tuple(tuple(int(c) for c in d) for d in decks))

    def rng(self, hand_no: int) -> RandomSource | None:
        """The generator for hand ``hand_no`` (None: the engine's secure one)."""
        return None if self.seed is None else random.Random(self.seed + hand_no)

    def salt(self, hand_no: int) -> str:
        """The secret salt of hand ``hand_no``'s deal commitment: 128 random bits (from
        the secure generator; reproducible when seeded, but apart from the shuffle's
        generator so the deals stay as they were)."""
        if self.seed is None:
            return secrets.token_hex(16)
        return f"{random.Random(f'salt-{self.seed}-{hand_no}').getrandbits(128):032x}"

    def deck(self, hand_no: int) -> list[int] | None:
        """The stacked deck of hand ``hand_no``, or None to shuffle."""
        if 1 <= hand_no <= len(self.decks):
            return list(self.decks[hand_no - 1])
        return None

