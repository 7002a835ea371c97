"""The Heun rules (heun-rules-1997.txt and the Heun section of the Nebraska text, HE-1 …
HE-8): Nebraska (HE-1) with a different lead, passing round, discards, blind split,
dealer rotation, no kontra, a looser "1 Last" and the Heun way of counting."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import CARD_POINTS, iter_mask, mask_of
from ..game import Game
from ..masks import FIVE_POINT_MASK, TAROK_MASK
from .base import OptionSpec
from .kingcall import FOUR, FOUR_KINGS_OPTION, RITUAL_OPTION, KingCall


def count_heun(cards: Iterable[int]) -> tuple[int, int]:
    """Heun counting: 'The points are counted three cards at a time' — one counter is worth
    its base points, two counters their sum minus one, three their sum minus two, none one
    point; non-counters go to the bottom of the pile, and an incomplete packet is told as
    cards, not points.  Returns (points, cards left over)."""
    pile = sorted(cards, key=lambda c: CARD_POINTS[c] == 1)  # counters first
    full = len(pile) // 3 * 3
    pts = 0
    for i in range(0, full, 3):
        counters = [CARD_POINTS[c] for c in pile[i:i + 3] if CARD_POINTS[c] > 1]
        pts += sum(counters) - (len(counters) - 1) if counters else 1
    return pts, len(pile) - full


class Heun(KingCall):
    """Taroky by the Heun rules (1997): 4 players (5 with the dealer out), clockwise, chips."""

    name = "heun"
    title = "Taroky (Heun rules)"
    aliases = ("heun1997",)
    option_specs = (
        RITUAL_OPTION,
        FOUR_KINGS_OPTION,
        OptionSpec("tarok1_strict", "Tarok 1 Last: the 1 itself must win the last trick", False,
                   help="Off: the side that wins the last trick with the 1 in it wins the bonus.",
                   ref="HE-7"),
    )
    last_must_bid = False  # HE-3: instead the dealer plays Four when all pass
    all_pass_dealer_four = True
    kontra_contracts = frozenset()  # HE-7
    surrender_after_first = True  # 'After looking at one or both groups ... the bidder may opt to pay'
    lead = "heun"  # HE-2

    def next_dealer(self, g: Game) -> int:
        """HE-6: after Four the bidder deals; after Five or Five Over (or a throw-in, HE-8)
        the seat after the previous dealer."""
        if g.contract is FOUR and g.bidder is not None:
            return g.bidder
        return (g.dealer + 1) % g.num_seats

    def discard_mask(self, g: Game, seat: int, hand: int, need: int) -> int:
        """HE-4: never a card taken from the blind, a king or a 5-point tarok; other taroky
        only when unavoidable."""
        allowed = hand & ~FIVE_POINT_MASK & ~g.drawn[seat]
        plain = allowed & ~TAROK_MASK
        return plain if plain.bit_count() >= need else allowed

    def tarok1_strict(self, g: Game) -> bool:
        return bool(g.options["tarok1_strict"])

    def blind_unseen(self, g: Game) -> None:
        """HE-5: in a Five the blind goes to the opponents unseen 'unless the bidder has called
        himself, i.e., has no partner' — the called king is in his own hand or in the blind.
        'In that case, he gets the first three cards turned over from the Blind at the end of
        the hand with the remaining three going to the opponents', whichever half holds the
        king."""
        bidder = g.bidder
        assert bidder is not None
        talon = mask_of(g.talon)
        c = g.called
        if c is not None and (talon | g.hands[bidder]) >> c & 1:
            top = mask_of(g.talon[:3])
            g.talon_to[bidder] = top
            g.talon_to_opponents = talon & ~top
        else:
            g.talon_to_opponents = talon

    def side_count(self, g: Game, side: frozenset[int]) -> tuple[int, int]:
        """The Heun count of a side's tricks, discards and share of the blind: 'The points
        are counted three cards at a time' and a packet short of three is told as cards —
        (points, cards left over)."""
        return count_heun(iter_mask(g.side_mask(side)))

    def declarers_win(self, g: Game, decl: frozenset[int]) -> bool:
        """'the bidding team must win more than thirty-five (35) points. If the bidding team
        takes exactly thirty-five points and have no additional cards, they lose.'"""
        pts, left = self.side_count(g, decl)
        return pts > 35 or (pts == 35 and left > 0)
