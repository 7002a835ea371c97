"""The Heun rules (heun-rules-1997.txt and the Heun section of the Nebraska text, HE-1 …
HE-8): Nebraska (HE-1) with a different lead, passing round, discards, blind split,
dealer rotation, no kontra, a looser "1 Last" and the Heun way of counting."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from ..actions import Action
from ..cards import CARD_POINTS, card_name, mask_of
from ..game import Game, Phase
from ..restrictions import CardRule, DoubleChain, Restriction
from ..say import ENGLISH, N_, Say
from .base import OptionSpec
from .kingcall import (
    FIVE,
    FIVE_OVER,
    FOLLOW_SUIT,
    FOUR,
    FOUR_KINGS_ALTERNATIVE,
    FOUR_KINGS_OPTION,
    FOURTH_KING_NEEDS_THREE,
    HOLD_ONLY_EARLIER,
    KC_ANNOUNCE_ONCE,
    KC_DISCARD_FIVE,
    KC_DISCARD_TAROKY,
    KC_FIRST_TURN,
    LAST_NEEDS_CARD,
    RITUAL_OPTION,
    TAROK_WHEN_VOID,
    TEN_TAROKY_TRUE,
    THROW_IN_EMPTY_HAND,
    KingCall,
    ThrowInEmptyHand,
    ladder_rules,
)


def count_heun(cards: Iterable[int]) -> tuple[int, int]:
    """Heun counting: 'The points are counted three cards at a time' — one counter is worth
    its base points, two counters their sum minus one, three their sum minus two, none one
    point; non-counters go to the bottom of the pile, and an incomplete packet is told as
    cards, not points.  Returns (points, cards left over)."""
    return count_heun_mask(mask_of(cards))


#: The counters: cards worth more than one point (honours and court cards).
COUNTERS: Final = sum(1 << c for c in range(54) if CARD_POINTS[c] > 1)


def count_heun_mask(m: int) -> tuple[int, int]:
    """``count_heun`` of the cards in mask ``m``, by counting: the pile is the counters
    (lowest card first) then the rest, so the first packets hold the counters three at a
    time.  A packet with k counters is worth their points less k − 1, a packet of none one
    point; so the complete packets are worth the points of the counters in them, less their
    number, plus one for every complete packet."""
    n = m.bit_count()
    full = n // 3 * 3
    counters = m & COUNTERS
    c = counters.bit_count()
    in_packets = c if c < full else full
    pts = 0
    for _ in range(in_packets):
        low = counters & -counters
        pts += CARD_POINTS[low.bit_length() - 1]
        counters ^= low
    return pts - in_packets + full // 3, n - full


class NotFromBlind(CardRule):
    """HE-4: 'Discards may not include cards taken from the blind.'"""

    def narrow(self, g: Game, seat: int, m: int) -> int:
        return m & ~g.drawn[seat]

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("You may not discard {card}: you took it from the blind.",
                   card=card_name(action.card, t))

    def why(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return self.rule_text(t)


# Heun is Nebraska (HE-1) without kontra (HE-7), with a surrender after one group as
# well ('After looking at one or both groups ... the bidder may opt to pay') and the
# HE-4 discards; the dealer plays Four when all pass (HE-3) instead of the last bidding.
HEUN_RULES: Final[tuple[Restriction, ...]] = (
    HOLD_ONLY_EARLIER,
    *ladder_rules((FOUR, FIVE, FIVE_OVER), frozenset({"four"}), {"five_over": "five"}, "HE-1"),
    ThrowInEmptyHand("throw_in_empty_hand", Phase.AUCTION, THROW_IN_EMPTY_HAND.rule, "HE-8"),
    FOURTH_KING_NEEDS_THREE, FOUR_KINGS_ALTERNATIVE,
    KC_DISCARD_FIVE,
    NotFromBlind("discard_not_from_blind", Phase.DISCARD,
                 N_("Cards you took from the blind are never discarded."), "HE-4"),
    KC_DISCARD_TAROKY,
    KC_FIRST_TURN, LAST_NEEDS_CARD, TEN_TAROKY_TRUE, KC_ANNOUNCE_ONCE,
    DoubleChain(Phase.ANNOUNCE, N_("There is no kontra in these rules: nothing is doubled."),
                "HE-7"),
    FOLLOW_SUIT, TAROK_WHEN_VOID,
)


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
    # ---- the rules pages (bot.engine.rulebook): facts no hook states as data ------------
    first_lead: ClassVar[dict[str, str]] = {"*": "bidder", "four": "forehand"}  # HE-2
    # (the sentences Heun shares with Nebraska are taken from KingCall by position)
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        **KingCall.how_it_goes,
        "deal": (
            KingCall.how_it_goes["deal"][0],
            "On the first deal of a session the holder of tarok 2 is forehand (if it is in "
            "the blind, the holder of 3, and so on); later the player after the dealer is "
            "forehand.",
            "After a Four the bidder deals the next hand; after a Five or Five Over (or a hand "
            "thrown in) the player after the dealer deals.",
            *KingCall.how_it_goes["deal"][2:],
        ),
        "auction": (
            *KingCall.how_it_goes["auction"],
            "If everyone passes, the dealer must play a Four.",
        ),
        "talon": (
            KingCall.how_it_goes["talon"][0],
            "After looking at one or both threes, the bidder of a Four may instead surrender "
            "and pay 4 chips to each other player.",
            "Five and Five Over: the blind stays unseen and counts for the opponents. A bidder "
            "who has called himself (the called king is in his own hand or in the blind) gets "
            "the top three blind cards, the opponents the bottom three.",
        ),
        "announcements": KingCall.how_it_goes["announcements"][:2],  # no kontra (HE-7)
    }
    counting_rules: ClassVar[tuple[str, ...]] = (
        "Cards are counted three at a time: a three with one counting card (kings, queens, "
        "riders, jacks, the škýz, 21 and 1) is worth that card's points, with two counters "
        "their sum less 1, with three their sum less 2, with none 1 point. Cards left over "
        "are told as cards, not points.",
        "The bidder's team counts its tricks, discards and share of the blind, and must win "
        "more than 35 points; with exactly 35 it wins only if it also has cards left over.",
        KingCall.counting_rules[2],
    )
    scoring_rules: ClassVar[tuple[str, ...]] = (
        KingCall.scoring_rules[1],
        "Tarok 1 Last: if the 1 is played to the last trick, the team that wins that trick "
        "gets 1 chip (the table may require the 1 itself to win).",
        *KingCall.scoring_rules[3:],
    )
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        **{k: v for k, v in KingCall.glossary.items() if k not in ("kontra", "rekontra", "double")},
        "dealer": ("Deals the cards; at a five-player table sits the hand out. After a Four the "
                   "bidder deals next, otherwise the player after the dealer.",
                   "You won a Four: you deal the next hand."),
        "tarok 1 last": ("The 1 played to the last trick: a chip for the team that wins that "
                         "trick.",
                         "Your partner's 1 falls in the last trick and you win it: your team "
                         "gets a chip."),
        "double": ("Heun has no doubling of the game.",
                   "The opponents think your Five will fail, but they cannot double it."),
        "kontra": ("A double of the game; Heun does not have it.",
                   "Nobody may say kontra on your Five."),
        "rekontra": ("The answer to a kontra; Heun does not have it.",
                     "Nobody may say rekontra."),
    }
    last_must_bid = False  # HE-3: instead the dealer plays Four when all pass
    all_pass_dealer_four = True
    kontra_contracts = frozenset()  # HE-7
    restrictions = HEUN_RULES
    max_double = 0  # HE-7: no kontra (the rules pages say nothing is doubled)
    lead = "heun"  # HE-2

    def next_dealer(self, g: Game) -> int:
        """HE-6: after Four the bidder deals; after Five or Five Over (or a throw-in, HE-8)
        the seat after the previous dealer."""
        if g.contract is FOUR and g.bidder is not None:
            return g.bidder
        return (g.dealer + 1) % g.num_seats

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
        return count_heun_mask(g.side_mask(side))

    def declarers_win(self, g: Game, decl: frozenset[int]) -> bool:
        """'the bidding team must win more than thirty-five (35) points. If the bidding team
        takes exactly thirty-five points and have no additional cards, they lose.'"""
        pts, left = self.side_count(g, decl)
        return pts > 35 or (pts == 35 and left > 0)
