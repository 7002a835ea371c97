"""The one injectable source of randomness.

Secure by default (C-2: the shuffle uses a cryptographically secure generator);
tests and simulations pass ``random.Random(seed)`` for reproducible deals.
"""

from __future__ import annotations

import random
from typing import Protocol


class RandomSource(Protocol):
    """What the engine needs from a generator (``random.Random`` satisfies it)."""

    def random(self) -> float: ...

    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int: ...

    def shuffle(self, x: list[int]) -> None: ...

    def getrandbits(self, k: int, /) -> int: ...


#: One for every game: a ``SystemRandom`` keeps no state of its own (each draw reads
#: the operating system's CSPRNG), yet each instance carries the Mersenne Twister's
#: 2.5 KB it never uses, and a game keeps its generator (issue #33: 2.8 KB a live table).
_SYSTEM = random.SystemRandom()


def secure_rng() -> RandomSource:
    """The default: the operating system's CSPRNG (one shared, stateless generator)."""
    return _SYSTEM


def seeded_rng(seed: int | str) -> random.Random:
    """A reproducible generator for tests, simulations and benchmarks."""
    return random.Random(seed)
