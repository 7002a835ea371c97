"""The pack's numbers and bit masks as literal constants.

Card ids: taroky 0..21 (I..XXI, then the škýz), then four suits of eight from 22, each
suit king first.  A set of cards is an ``int`` with bit ``id`` set.  These are literals so
that the compiled engine folds them into its code; ``cards`` re-exports them, and
``tests/engine/test_cards.py`` checks them against the cards themselves.
"""

from __future__ import annotations

from typing import Final

NUM_CARDS: Final = 54
NUM_TAROKY: Final = 22
PAGAT_ID: Final = 0
MOND_ID: Final = 20
SKYZ_ID: Final = 21

FULL_MASK: Final = (1 << 54) - 1
TAROK_MASK: Final = (1 << 22) - 1
SUIT_CARD_MASK: Final = FULL_MASK & ~TAROK_MASK
#: Index 0..3: the suits in id order; index 4: the taroky.
SUIT_MASKS: Final = (0xFF << 22, 0xFF << 30, 0xFF << 38, 0xFF << 46, TAROK_MASK)
KING_MASK: Final = (1 << 22) | (1 << 30) | (1 << 38) | (1 << 46)
HONOUR_MASK: Final = (1 << PAGAT_ID) | (1 << MOND_ID) | (1 << SKYZ_ID)
FIVE_POINT_MASK: Final = KING_MASK | HONOUR_MASK
QUEEN_MASK: Final = (1 << 23) | (1 << 31) | (1 << 39) | (1 << 47)
RIDER_MASK: Final = (1 << 24) | (1 << 32) | (1 << 40) | (1 << 48)
JACK_MASK: Final = (1 << 25) | (1 << 33) | (1 << 41) | (1 << 49)


def count_mask_points(mask: int) -> int:
    """Card points of the cards in ``mask`` counted in threes: 5 for honours and kings, 4
    queens, 3 riders, 2 jacks, 1 the rest; two off per full group of three and one off
    for an incomplete group.  The whole pack counts 70."""
    n = mask.bit_count()
    total = (n + 4 * (mask & FIVE_POINT_MASK).bit_count() + 3 * (mask & QUEEN_MASK).bit_count()
             + 2 * (mask & RIDER_MASK).bit_count() + (mask & JACK_MASK).bit_count())
    return total - 2 * (n // 3) - (1 if n % 3 else 0)


def mask_thirds(mask: int) -> int:
    """Three times the exact card points of the cards in ``mask`` counted in threes: 3·S −
    2·n for a face sum S of n cards (KZ-13's win test in thirds; ``count_mask_points``
    rounds this divided by three).  The whole pack gives 210."""
    n = mask.bit_count()
    face = (n + 4 * (mask & FIVE_POINT_MASK).bit_count() + 3 * (mask & QUEEN_MASK).bit_count()
            + 2 * (mask & RIDER_MASK).bit_count() + (mask & JACK_MASK).bit_count())
    return 3 * face - 2 * n


def mask_ids(mask: int) -> tuple[int, ...]:
    """The card ids in ``mask``, lowest first.  (``cards.cards_of`` gives the ``Card``
    objects; this one is compiled, for the per-hand piles that need ids only.)"""
    out: list[int] = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return tuple(out)
