"""Polish Taroki as played in Zabrzeg (czech-taroky-hlucin-and-polish-taroki-zabrzeg.txt,
second part) with the PL-* clarifications (CLARIFICATIONS-2.md section 1).

The game is Czech Taroky under Polish names (PL-1), so this is a subclass of ``Czech``
that overrides what the Polish text says differently: the throw-in of a weak hand before
the bidding, after which the same dealer deals again (PL-2); no Varšava (PL-3); four
doubles, kontra / re / sub / mord (PL-6); the honours trick, in which the pagat beats the
skiż and the mund (PL-7); scoring in game points (PL-9 to PL-12) and the żid, a pot fed
by captured honours and by a hand that nets zero, taken by a successful announced pagat
(PL-13 to PL-17), shared out when a session ends (PL-19).

Terms: powinność (povinnost), pagat (druhá povinnost, as a bid), brewer (trojka),
zolo brewer (sólo), walat (valát), skiż (škýz), mund (mond), żid (the pot).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from ..actions import PASS, Action, Kind, act, bid, declare, double, register_titles, term
from ..cards import MOND, PAGAT, SKYZ, Card, CardWords, suit_label
from ..game import Announced, Contract, Game, Phase
from ..masks import HONOUR_MASK, KING_MASK
from ..restrictions import (
    ActionRule,
    AnnounceOnce,
    BidHigher,
    DeclareOnlyTrue,
    DoubleChain,
    FirstTurnOnly,
    KeepAnnounced,
    NoFivePointDiscard,
    Restriction,
    TarokyLastDiscard,
)
from ..say import ENGLISH, N_, LowerTerm, Msg, Say, Sayable, Term, seat_word
from ..scoring import POOL, HandResult, PaymentLine, add_into, share, side_payment
from .base import OptionSpec, Variant, hand_result, has, tarok_count
from .czech import (
    CALLABLE,
    Czech,
    DruhaNeedsPagat,
    ForehandMustBid,
    PagatNeedsCard,
)
from .czech import RESTRICTIONS as CZECH_RESTRICTIONS

if TYPE_CHECKING:
    from ..session import Session

POWINNOSC: Final = Contract("powinnosc", "Powinność", 0, call="tarok", talon="povinnost")
PAGAT_BID: Final = Contract("pagat_bid", "Pagat", 1, call="tarok", talon="povinnost",
                            pagat_promised=True)
BREWER: Final = Contract("brewer", "Brewer", 2, alone=True, talon="staged")
ZOLO: Final = Contract("zolo", "Zolo brewer", 3, alone=True, talon="none")

#: The announcements (PL-6): the pagat for the last trick and walat (every trick).
PAGAT_LAST: Final = "pagat_last"
WALAT: Final = "walat"

#: PL-12: the declarations and their scores in game points.
DECLARATIONS: Final[dict[str, int]] = {
    "barwy": 3,
    "maly_tarok": 2,
    "duzy_tarok": 4,
    "honery": 4,
    "trul": 5,
    "trul_honer": 6,
    "kenix_trul": 5,
    "kenix_trul_honer": 6,
}

#: PL-9: the contract factors (brewer by its level).
BREWER_FACTOR: Final[dict[int, int]] = {1: 3, 2: 2, 3: 1}
ZOLO_FACTOR: Final = 6
#: PL-10, PL-11: the bonuses in game points.
PAGAT_SILENT: Final = 4
PAGAT_ANNOUNCED: Final = 8
WALAT_SILENT: Final = 20
WALAT_ANNOUNCED: Final = 40
#: PL-15: what the player who loses each honour pays into the żid.
CAPTURE_FINE: Final[dict[int, int]] = {PAGAT: 5, MOND: 10, SKYZ: 15}
#: PL-14: what the bidder and the partner each pay into the żid for a hand netting zero.
ZERO_NET_FINE: Final = 5

register_titles({
    "powinnosc": "Powinność",
    "pagat_bid": "Pagat",
    "brewer": "Brewer",
    "zolo": "Zolo brewer",
    PAGAT_LAST: "Pagat",
    WALAT: "Walat",
    "barwy": "Barwy",
    "maly_tarok": "Mały tarok (8-9 taroki)",
    "duzy_tarok": "Duży tarok (10+ taroki)",
    "trul_honer": "Trul-honer",
    "kenix_trul": "Kenix-trul",
    "kenix_trul_honer": "Kenix-trul-honer",
})


def throw_in_holding(hand: int) -> bool:
    """PL-2: no tarok; exactly one tarok and it is the skiż, the mund or the pagat; or
    exactly the mund and the pagat."""
    taroky = tarok_count(hand)
    if taroky == 0:
        return True
    honours = hand & HONOUR_MASK
    if taroky == 1:
        return honours != 0
    return taroky == 2 and honours == (1 << MOND) | (1 << PAGAT)


def basic_score(losers: int, rounding: str = "nearest") -> int:
    """PL-9: 35 less the losers' card points, divided by 5 and rounded (to the nearest, or
    up), plus 1."""
    if rounding == "up":
        return (39 - losers) // 5 + 1
    return (37 - losers) // 5 + 1


def kings_and_honours(kings: int, honours: int) -> tuple[str, ...]:
    """PL-12: the declaration(s) of kings and trump honours a holding earns."""
    if kings == 4 and honours == 3:
        return ("trul", "kenix_trul")
    if honours == 3:
        return ("trul_honer",) if kings else ("trul",)
    if kings == 4:
        return ("kenix_trul_honer",) if honours else ("kenix_trul",)
    if (kings, honours) in ((2, 2), (3, 1), (3, 2)):
        return ("honery",)
    return ()


# ---- the rules of Polish Taroki, each written once (``bot.engine.restrictions``) ------------


class ThrowInWeakHand(ActionRule):
    """PL-2: a hand of no tarok, one honour alone, or the mund and pagat alone may be
    thrown in, in the round before the bidding (``Game.start_pre_auction``)."""

    kinds: tuple[Kind, ...] = (Kind.THROW_IN,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return not throw_in_holding(g.hands[seat])


#: The Czech rules the Polish game shares word for word (PL-1).
_CZECH_RULES: Final = {r.key: r for r in CZECH_RESTRICTIONS}
_PL_DISCARD_FIVE = N_("Kings, the skiż, the mund and the pagat are never discarded.")

RESTRICTIONS: Final[tuple[Restriction, ...]] = (
    ThrowInWeakHand(
        "throw_in_weak_hand", Phase.THROW_IN,
        N_("Before the bidding a player whose twelve cards hold no tarok, only one tarok that is "
        "the skiż, the mund or the pagat, or only the mund and the pagat may throw the hand "
        "in: nothing is paid and the same dealer deals again."), "PL-2"),
    ForehandMustBid(
        "forehand_must_bid", Phase.AUCTION,
        N_("Forehand opens the bidding and may not pass: powinność, brewer or zolo brewer."),
        "PL-3, CZ-1"),
    DruhaNeedsPagat(
        "pagat_bid_needs_pagat", Phase.AUCTION,
        N_("Pagat may be bid only over forehand's powinność, by a player who holds the pagat."),
        "PL-3, CZ-1"),
    BidHigher(Phase.AUCTION, (POWINNOSC, PAGAT_BID, BREWER, ZOLO), "PL-3, CZ-1"),
    _CZECH_RULES["call_tarok_order"],  # PL-4: CZ-2
    _CZECH_RULES["decline_once"],  # PL-4: CZ-3
    NoFivePointDiscard(Phase.DISCARD, _PL_DISCARD_FIVE, "PL-4, CZ-3"),
    TarokyLastDiscard(
        Phase.DISCARD,
        N_("Taroki are discarded only when you hold nothing else you may discard; they are "
        "shown face up."), "PL-4, CZ-3"),
    FirstTurnOnly(
        Phase.ANNOUNCE,
        N_("Pagat, walat and declarations are said only in your first turn; after it you may "
        "only double."), "PL-6"),
    PagatNeedsCard(
        "pagat_needs_card", Phase.ANNOUNCE,
        N_("Only the holder of the pagat may announce it."), "PL-6", announcement=PAGAT_LAST),
    DeclareOnlyTrue(
        Phase.ANNOUNCE,
        N_("Declarations are offered only when true of your hand after the talon exchange."),
        "PL-12"),
    AnnounceOnce(Phase.ANNOUNCE, "PL-6"),
    DoubleChain(
        Phase.ANNOUNCE,
        N_("Kontra is said by the side against an announcement, re by its side, sub by the "
        "kontra side and mord by the announcing side; the game, pagat and walat are doubled "
        "separately, declarations never."), "PL-6"),
    _CZECH_RULES["follow_suit"],  # PL-1
    _CZECH_RULES["tarok_when_void"],
    KeepAnnounced(
        Phase.PLAY,
        N_("If you announced the pagat (or bid it) you keep it for the last trick, unless it "
        "is the only card you may play."), "PL-8, CZ-11"),
)


class Polish(Czech):
    """Polish Taroki (Zabrzeg): 4 players (5 with the dealer sitting out), anticlockwise,
    scored in game points with the żid pot."""

    name = "polish"
    title = "Polish Taroki (Zabrzeg)"
    aliases = ("taroki", "zabrzeg", "pl")
    currency = "points"
    contracts: ClassVar[dict[str, Contract]] = {
        c.name: c for c in (POWINNOSC, PAGAT_BID, BREWER, ZOLO)
    }
    restrictions = RESTRICTIONS
    max_double = 4  # PL-6: kontra, re, sub, mord
    double_words = ("", "Kontra", "Re", "Sub", "Mord")
    card_words = CardWords(skyz="Skiż", pagat="pagat", mond="mund")
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        # PL-1: the Czech ritual and its six-six deal (C-2, CZ-14)
        *(o for o in Czech.option_specs if o.key in ("ritual", "knock_six_six")),
        OptionSpec("trojka_hidden_talon", "Brewer: the top three talon cards are never shown", False,
                   ref="CZ-14, PL-4"),
        OptionSpec("surrender_points", "Surrender: game points paid to each opponent (0: no surrender)", 4,
                   ref="PL-5"),
        OptionSpec("basic_rounding", "Basic score: round to the nearest 5 or up", "nearest",
                   choices=("nearest", "up"), ref="PL-9"),
        OptionSpec("failed_walat", "A failed walat announcement replaces the other payments or is added",
                   "supersede", choices=("supersede", "add"), ref="PL-11"),
        OptionSpec("walat_supersedes_pot", "Walat also stops the żid payments", False, ref="PL-11"),
        OptionSpec("throw_in_powinnosc", "Settle a quiet powinność without play", False,
                   ref="PL-18"),
        OptionSpec("pot_at_end", "The żid at the session's end: shared out or kept", "share",
                   choices=("share", "keep"), ref="PL-19"),
    )
    first_lead: ClassVar[dict[str, str]] = {"*": "forehand"}
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        "deal": (
            *Czech.how_it_goes["deal"],
            "Before anyone bids, each player in turn from forehand is asked privately whether he "
            "throws the hand in. A player dealt no tarok, only one tarok that is the skiż, the "
            "mund or the pagat, or only the mund and the pagat may: nothing is paid and the same "
            "dealer deals again. Otherwise the bidding starts with forehand.",
        ),
        "auction": (
            "Each player speaks once, starting with forehand: a bid or a pass.",
            "The highest bid wins; its bidder is the declarer. The bids, lowest first: "
            "powinność, pagat, brewer, zolo brewer.",
            "If everyone passes forehand's powinność, forehand calls a partner and plays it.",
        ),
        "talon": (
            "Powinność and pagat: the declarer draws the top four talon cards and discards four; "
            "then the next two players each draw one card and discard one. One of them may "
            "decline, and then the third player after the declarer draws the last card.",
            "If the declarer of a powinność draws the called tarok, he may surrender at once and "
            "pay 4 game points to each opponent (the table may change this), or play on alone.",
            "Brewer: the declarer takes the first three talon cards (level 1), or puts them aside "
            "and looks at the second three, then takes them (level 2) or shows them and takes "
            "the first three back (level 3); then discards three.",
            "Zolo brewer: nobody sees the talon; it counts for the opponents.",
        ),
        "announcements": (
            "Before the first trick, starting with the declarer, each player has one turn to "
            "announce pagat or walat, declare combinations and say kontra.",
            "After that the round goes on for doubling only, until everyone has passed in turn.",
            "A declarer who bid pagat has announced the pagat by bidding it.",
            "Game, pagat and walat are doubled separately: kontra by the side against them, "
            "re by their own side, sub by the kontra side, mord by their own side.",
        ),
        "play": (
            "The highest tarok wins the trick; a trick without taroki is won by the highest "
            "card of the suit led.",
            "When the skiż, the mund and the pagat fall in the same trick, the pagat wins it.",
        ),
    }
    counting_rules: ClassVar[tuple[str, ...]] = (
        "Cards are counted in threes: kings, skiż, mund and pagat 5, queens 4, riders 3, "
        "jacks 2, every other card 1, less 2 for each three: 70 points in the pack.",
        "The declarer's side wins with 36 points or more; at 35 : 35 it loses.",
        "The basic score: 35 less the losing side's card points, divided by 5 and rounded to "
        "the nearest whole number, plus 1 (from 1 game point at 33 to 35 points, to 8 game "
        "points at 0 to 2). The table may round up instead.",
        "Each player of the losing side pays one player of the winning side; a lone player "
        "pays or receives the amount from each opponent.",
    )
    game_payments: ClassVar[dict[str, str]] = {
        "powinnosc": "The basic score, 1 to 8 game points.",
        "pagat_bid": "The basic score, 1 to 8 game points; the pagat counts as announced.",
        "brewer": "The basic score × 3 at level 1, × 2 at level 2, × 1 at level 3.",
        "zolo": "The basic score × 6.",
    }
    scoring_rules: ClassVar[tuple[str, ...]] = (
        "Kontra doubles a payment, re doubles it again, sub once more and mord once more "
        "(×2, ×4, ×8, ×16).",
        "Pagat: the side that wins the last trick with the pagat gets 4 game points; if the "
        "pagat is beaten in the last trick its side pays 4, whoever beat it. Announced, it is "
        "8 won or lost, and it is lost too if the pagat has to be played earlier.",
        "Declarations are paid by the opposing side whatever happens in the game and are never "
        "doubled: barwy (0 to 2 taroki) 3, mały tarok (8 or 9 taroki) 2, duży tarok (10 to 12 "
        "taroki) 4, honery (2 kings and 2 honours, or 3 kings and 1 or 2 honours) 4, trul "
        "(skiż, mund and pagat) 5, trul-honer (trul and 1 to 3 kings) 6, kenix-trul (four "
        "kings) 5, kenix-trul-honer (four kings and 1 or 2 honours) 6; all seven: trul and "
        "kenix-trul, 10.",
        "A declarer who surrenders pays 4 game points to each opponent and nothing else is paid.",
    )
    valat_rule = ("Walat (one side takes every trick) is paid 20 game points; announced, 40 won "
                  "or lost. Walat replaces every other payment between the players: no game, "
                  "pagat or declarations.")
    pool_rule = ("The żid is a pot that starts empty each session. A player whose pagat is "
                 "captured by the other side pays 5 game points into it, whose mund is captured "
                 "10, whose skiż is captured (by the pagat) 15. If the game, bonuses and "
                 "declarations net exactly zero, the declarer and the partner each pay 5 into it. "
                 "A side whose announced pagat wins the last trick takes the whole żid. At the "
                 "end of the session what is left is shared out equally among the players "
                 "(the table may keep it instead).")
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        # (The Czech entries where the Polish game says the same.)
        **{k: Czech.glossary[k] for k in ("forehand", "pass", "call", "draw", "don't draw",
                                          "discard", "cut", "knock", "batch", "six-six",
                                          "twelves")},
        "tarok": ("One of the 22 trumps (plural taroki): I to XXI and the skiż. A tarok beats "
                  "every suit card.",
                  "Hearts are led and you have none: you must play a tarok, even XX."),
        "taroki": ("The trumps: one tarok, two or more taroki.",
                   "You have no hearts when hearts are led: you must play one of your taroki."),
        "skiż": ("The highest tarok, worth 5 points; only the pagat beats it, when the mund is "
                 "in the same trick. The card pictures call it the škýz.",
                 "You lead the skiż: it wins the trick unless the mund and the pagat both follow."),
        "škýz": ("The skiż, under its Czech name on the cards.",
                 "You may not discard the škýz: it is the skiż."),
        "mund": ("Tarok XXI, the second highest, worth 5 points. The card pictures call it the "
                 "mond.",
                 "You play the mund on a trick of XX and XV: it wins unless the skiż follows."),
        "mond": ("The mund (tarok XXI), under its Czech name on the cards.",
                 "The mond (XXI) is the mund."),
        "pagat": ("Tarok I, the lowest tarok but worth 5 points. Winning the last trick with it "
                  "is a bonus; it is also the second bid, which announces it.",
                  "In the last trick you play the pagat and everyone else plays suit cards: your "
                  "side gets 4 game points."),
        "dealer": ("Deals the cards; at a five-player table sits the hand out. The next player "
                   "deals the next hand, unless the hand was thrown in.",
                   "Seat 3 dealt this hand, so seat 4 deals the next."),
        "declarer": ("The player who won the auction (the bidder).",
                     "Forehand bids powinność and everyone passes: forehand is the declarer."),
        "bid": ("Naming a contract in the auction; each player speaks once.",
                "Forehand bids powinność; you may bid brewer or zolo brewer, or pass."),
        "throw in": ("Abandoning the deal before the bidding, with no tarok, one honour "
                     "alone, or only the mund and the pagat: nothing is paid and the same dealer "
                     "deals again.",
                     "Your only tarok is the mund: you throw the hand in."),
        "talon": ("The six cards dealt face down; which of them the declarer or the others take "
                  "depends on the contract.",
                  "In a powinność the declarer draws four talon cards and two others draw one "
                  "each."),
        "call": ("Naming a tarok whose holder becomes your secret partner.",
                 "You call XIX; whoever holds it plays with you without saying so."),
        "powinność": ("Forehand's compulsory bid: draw four talon cards and call a tarok "
                      "partner, usually XIX.",
                      "You are forehand with a weak hand: you bid powinność and call XIX."),
        "level": ("How the brewer declarer used the talon: 1 first three, 2 second three, 3 "
                  "back to the first three; the game is worth 3, 2 or 1 times the basic score.",
                  "You look at both threes and go back to the first: level 3, the basic score "
                  "once."),
        "brewer": ("Playing alone with three talon cards, taken at level 1, 2 or 3; the more of "
                   "the talon you look at, the less the game is worth.",
                   "You bid brewer and take the first three talon cards: level 1, three times "
                   "the basic score."),
        "zolo brewer": ("Playing alone without the talon, which counts for the opponents; six "
                        "times the basic score.",
                        "With eleven taroki you bid zolo brewer and never see the talon."),
        "surrender": ("Giving up a powinność after drawing the called tarok from the talon: pay "
                      "4 game points to each opponent.",
                      "You call XIX and draw it from the talon: you surrender rather than play "
                      "alone."),
        "play on": ("Playing a powinność alone after drawing the called tarok.",
                    "You draw the XIX you called but hold many taroki: you play on."),
        "announce": ("Promising a bonus before the first trick: pagat or walat.",
                     "You hold the pagat and many taroki: you announce pagat."),
        "declare": ("Claiming a combination you hold (declarations are paid whatever the game).",
                    "You hold ten taroki after the talon: you declare duży tarok."),
        "combinations": ("The declarations: barwy, mały tarok, duży tarok, honery, trul, "
                         "trul-honer, kenix-trul, kenix-trul-honer.",
                         "With two taroki you may declare barwy."),
        "barwy": ("A declaration: no more than two taroki (the pagat counts), 3 game points.",
                  "You hold only XII and the pagat: declare barwy."),
        "mały tarok": ("A declaration: eight or nine taroki, 2 game points.",
                       "You hold nine taroki: declare mały tarok."),
        "duży tarok": ("A declaration: ten or more taroki, 4 game points.",
                       "After the talon you hold eleven taroki: declare duży tarok."),
        "honery": ("A declaration: 2 kings and 2 honours (skiż, mund, pagat), or 3 kings and 1 "
                   "or 2 honours, 4 game points.",
                   "You hold the mund, the pagat and two kings: declare honery."),
        "trul": ("The skiż, the mund and the pagat in one hand without a king, 5 game points; "
                 "with all four kings as well, trul and kenix-trul make 10.",
                 "After the talon you hold the skiż, XXI and I and no king: declare trul."),
        "trul-honer": ("A declaration: the three honours and 1 to 3 kings, 6 game points.",
                       "You hold the skiż, the mund, the pagat and a king: declare trul-honer."),
        "kenix-trul": ("A declaration: all four kings and no honour, 5 game points.",
                       "You hold all four kings: declare kenix-trul."),
        "kenix-trul-honer": ("A declaration: all four kings and 1 or 2 honours, 6 game points.",
                             "You hold four kings and the pagat: declare kenix-trul-honer."),
        "honour": ("The skiż, the mund and the pagat, the three trump honours.",
                   "Two kings and two honours make honery."),
        "walat": ("Taking every trick: 20 game points, or 40 if announced; it replaces every "
                  "other payment between the players.",
                  "Your side takes all twelve tricks: walat."),
        "double": ("Kontra: doubling the game, pagat or walat of the other side.",
                   "The declarer's side announces pagat; you double it with kontra."),
        "kontra": ("A double by the side against the game or an announcement: ×2.",
                   "The opponents of a brewer say kontra: the game pays twice as much."),
        "re": ("The answer to a kontra by the side that was doubled: ×4.",
               "Your pagat got a kontra; your partner says re."),
        "sub": ("The answer to a re by the kontra side: ×8.",
                "After kontra and re on the game, the kontra side says sub."),
        "mord": ("The answer to a sub by the side that was doubled: ×16.",
                 "After kontra, re and sub on the game, the declarer says mord."),
        "żid": ("The pot: captured honours and hands that net zero pay into it; a side whose "
                "announced pagat wins the last trick takes it all.",
                "The żid holds 25; your announced pagat wins the last trick: your side takes it."),
        "game points": ("The unit of the score.",
                        "Winning a powinność with 44 card points scores 3 game points."),
        "basic score": ("35 less the losers' card points, divided by 5 and rounded, plus 1.",
                        "The losers took 27 card points: 8 / 5 rounds to 2, plus 1: 3."),
    }

    # ---- deal and auction (PL-2, PL-3) ------------------------------------------------

    def next_dealer(self, g: Game) -> int:
        """PL-2: after a throw-in the same dealer deals again."""
        if g.throw_in_by is not None:
            return g.dealer
        return super().next_dealer(g)

    def candidates(self, g: Game, seat: int) -> list[Action]:
        ph = g.phase
        if ph is Phase.AUCTION:
            return _AUCTION
        if ph is Phase.CALL:  # PL-3: no Varšava
            return _CALLS
        return super().candidates(g, seat)

    #: PL-2: the round before the bidding (``Game.start_pre_auction``).
    pre_auction_rounds: ClassVar[tuple[tuple[Action, ...], ...]] = (
        (act(Kind.THROW_IN), act(Kind.KEEP)),)

    def apply_pre_auction(self, g: Game, seat: int, a: Action) -> None:
        """PL-2: the throw-in; the same dealer deals again (``next_dealer``)."""
        g.throw_in_by = seat
        g.emit("throw_in", seat, Msg(N_("{seat} throws the hand in."), {"seat": seat_word(seat)}))
        g.finish_thrown_in(Msg(N_("{seat} threw the hand in: nothing is paid and the same dealer deals again."), {"seat": seat_word(seat)}))

    def apply_surrender(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.SURRENDER:
            g.surrendered = True
            pts = int(g.options["surrender_points"])
            g.emit("surrender", seat, Msg(N_("{seat} drew the called card and surrenders."), {"seat": seat_word(seat)}))
            g.finish_thrown_in(Msg(N_("{seat} surrendered and pays {n} game point to each opponent."),
                                   {"seat": seat_word(seat)},
                                   plural=N_("{seat} surrendered and pays {n} game points to each opponent."),
                                   n=pts))
            return
        super().apply_surrender(g, seat, a)

    def offers_surrender(self, g: Game) -> bool:
        """PL-5: only in powinność, and only with a surrender payment."""
        return g.contract is POWINNOSC and int(g.options["surrender_points"]) > 0

    # ---- announcements (PL-6, PL-12) --------------------------------------------------

    def before_announcements(self, g: Game) -> None:
        Variant.before_announcements(self, g)  # (not Czech's druhá povinnost)
        if g.contract is PAGAT_BID and g.bidder is not None:
            # PL-6: a pagat bid is an announced pagat that cannot be withdrawn.
            g.ann.announced[PAGAT_LAST] = Announced(PAGAT_LAST, g.bidder)
            g.ann.log.append((g.bidder, "Pagat (by the bid)"))

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """PL-12: the declarations ``seat``'s hand earns now (after the talon exchange)."""
        hand = g.hands[seat]
        t = tarok_count(hand)
        out: list[str] = []
        if t <= 2:
            out.append("barwy")
        elif t >= 10:
            out.append("duzy_tarok")
        elif t >= 8:
            out.append("maly_tarok")
        out.extend(kings_and_honours((hand & KING_MASK).bit_count(),
                                     (hand & HONOUR_MASK).bit_count()))
        return out

    def declaration_value(self, g: Game, name: str) -> int:
        return DECLARATIONS[name]

    def declared_taroky(self, name: str) -> tuple[int, int] | None:
        """PL-12: barwy two taroky or fewer, duży tarok ten or more, mały tarok eight or nine."""
        return {"barwy": (0, 2), "duzy_tarok": (10, 22), "maly_tarok": (8, 9)}.get(name)

    def doublable(self, g: Game) -> frozenset[str]:
        return _DOUBLABLE

    def announce_candidates(self, g: Game, seat: int) -> list[Action]:
        out = list(_ANNOUNCE_CANDIDATES)
        for n in g.ann.announced:
            out.append(_DOUBLE_OF[n])
        return out

    def title_of(self, name: str, t: Say = ENGLISH) -> str:
        own = _BONUS_TITLES.get(name)
        return term(own, t) if own else super().title_of(name, t)

    def after_announcements(self, g: Game) -> None:
        # PL-18: a quiet powinność is played (the pot needs the play) unless the table
        # settles it without play.
        if (g.contract is POWINNOSC and g.options["throw_in_powinnosc"] and g.ann.game_level == 0
                and PAGAT_LAST not in g.ann.announced and WALAT not in g.ann.announced):
            g.finish_thrown_in(Msg(N_("Nobody said kontra and nothing was announced: the powinność is settled without play.")))
            return
        g.start_play(g.forehand)

    # ---- play (PL-7, PL-8) -----------------------------------------------------------

    def kept_cards(self, g: Game, seat: int) -> int:
        p = g.ann.announced.get(PAGAT_LAST)
        if p is not None and p.seat == seat:
            return 1 << PAGAT
        return 0

    def trick_exception(self, plays: Sequence[tuple[int, Card]], best: int) -> int:
        """PL-7: a trick holding the skiż, the mund and the pagat, in any order, is won by
        the pagat."""
        m = 0
        pagat_seat = best
        for s, c in plays:
            ci: int = c
            m |= 1 << ci
            if ci == PAGAT:
                pagat_seat = s
        if m & HONOUR_MASK == HONOUR_MASK:
            return pagat_seat
        return best

    # ---- scoring (PL-9 to PL-17) --------------------------------------------------------

    #: PL-10, PL-11: what an announced pagat or walat pays each opponent before doubles.
    announce_values: ClassVar[dict[str, int]] = {PAGAT_LAST: PAGAT_ANNOUNCED, WALAT: WALAT_ANNOUNCED}

    def stake_of(self, g: Game, name: str, level: int) -> int | None:
        if name == "game":  # the most: the opponents took nothing
            return basic_score(0, str(g.options["basic_rounding"])) * self.factor(g) << level
        return super().stake_of(g, name, level)

    def factor(self, g: Game) -> int:
        """PL-9: the contract factor."""
        if g.contract is BREWER:
            return BREWER_FACTOR[g.level]
        if g.contract is ZOLO:
            return ZOLO_FACTOR
        return 1

    def score(self, g: Game) -> HandResult:
        if g.throw_in_by is not None:  # PL-2: no score
            return hand_result(g, Msg(N_("{seat} threw the hand in; the same dealer deals again."),
                                      {"seat": seat_word(g.throw_in_by)}), {}, [], {})
        assert g.bidder is not None and g.contract is not None
        if g.surrendered:  # PL-5
            rest = [s for s in g.order if s != g.bidder]
            paid = side_payment(rest, [g.bidder], int(g.options["surrender_points"]))
            return hand_result(g, Msg(N_("{seat} surrendered."), {"seat": seat_word(g.bidder)}), {},
                               [PaymentLine(Msg(N_("Surrender")), paid, "surrender")], paid,
                               declarer_side=g.declarer_side, declarers_won=False)
        decl = g.declarer_side
        opp = frozenset(s for s in g.active if s not in decl)
        pts_d = g.side_points(decl)
        pts_o = 70 - pts_d
        lines: list[PaymentLine] = []
        summary: Msg
        walat = [] if g.thrown_in else self._walat_lines(g, decl, opp)
        if walat and not (self._walat_failed_only(g, decl, opp)
                          and g.options["failed_walat"] == "add"):
            lines.extend(walat)  # PL-11: walat is the only payment between the players
            summary = Msg(N_("Walat: it replaces every other payment."))
            game_lines = list(walat)
        else:
            summary = self._game_line(g, decl, opp, pts_d, pts_o, lines)
            game_lines = list(lines)
            for s in g.order:  # PL-12: each player's declarations, for his side
                for d in g.ann.declared[s]:
                    lines.append(PaymentLine(
                        Msg(N_("{seat} declared {declaration}"),
                            {"seat": seat_word(s), "declaration": Term(self.title_of(d))}),
                        side_payment(g.side_of(s), g.opponents_of(s), DECLARATIONS[d]), "declaration:" + d))
            if not g.thrown_in:
                lines.extend(self._pagat_lines(g))
            lines.extend(walat)  # (a failed walat added on top: the option)
        net: dict[int, int] = {}
        for ln in lines:
            add_into(net, ln.net)
        between = net.get(g.bidder, 0)
        if not (walat and g.options["walat_supersedes_pot"]):
            for ln in self._pot_lines(g, decl, between):
                lines.append(ln)
                add_into(net, ln.net)
        # The game's result (PL-9; walat where it replaces the game, PL-11), whatever the
        # declarations and the pot add: ``declarers_net_won`` carries the sign of the sum.
        won = sum(ln.net.get(g.bidder, 0) for ln in game_lines) > 0 if game_lines else None
        return hand_result(g, summary, {"Bidder's side": pts_d, "Opponents": pts_o}, lines, net,
                           declarer_side=decl, declarers_won=won)

    def _game_line(self, g: Game, decl: frozenset[int], opp: frozenset[int], pts_d: int,
                   pts_o: int, lines: list[PaymentLine]) -> Msg:
        """PL-9 (and PL-18 without play): the game, added to ``lines``; the summary."""
        mult = 1 << g.ann.game_level
        if g.thrown_in:
            lines.append(PaymentLine(Msg(N_("Powinność without play: basic score 1")),
                                     side_payment(decl, opp, 1), "game"))
            return Msg(N_("The powinność was settled without play."))
        won = pts_d > 35
        losers = pts_o if won else pts_d
        basic = basic_score(losers, str(g.options["basic_rounding"]))
        factor = self.factor(g)
        amount = basic * factor * mult
        how = Msg(N_("basic score {basic}"), {"basic": basic})
        if factor > 1:
            how = Msg(N_("{how} × {factor}"), {"how": how, "factor": factor})
        if mult > 1:
            how = Msg(N_("{how} × {mult} ({double})"),
                      {"how": how, "mult": mult, "double": LowerTerm(self.double_word(g.ann.game_level))})
        if won:
            lines.append(PaymentLine(Msg(N_("Game: the opponents took {points} card points, {how}"),
                                         {"points": pts_o, "how": how}),
                                     side_payment(decl, opp, amount), "game"))
            return Msg(N_("The bidder's side won with {points} card points."), {"points": pts_d})
        lines.append(PaymentLine(Msg(N_("Game: the bidder's side took {points} card points, {how}"),
                                     {"points": pts_d, "how": how}),
                                 side_payment(opp, decl, amount), "game"))
        if pts_d == 35:
            return Msg(N_("35 : 35 — the bidder's side loses."))
        return Msg(N_("The bidder's side lost with {points} card points."), {"points": pts_d})

    def _pagat_lines(self, g: Game) -> list[PaymentLine]:
        """PL-10: the pagat bonus, announced (× its doubles) or silent."""
        last = g.tricks[-1] if g.tricks else None
        played = None
        if last is not None:
            for s, c in last.plays:
                if c == PAGAT:
                    played = s
        pa = g.ann.announced.get(PAGAT_LAST)
        if pa is not None:
            side, other = g.side_of(pa.seat), g.opponents_of(pa.seat)
            amt = self.announce_values[PAGAT_LAST] << pa.level
            if self._pagat_won(g, pa):
                return [PaymentLine(Msg(N_("Pagat announced and won")), side_payment(side, other, amt), "bonus:pagat")]
            return [PaymentLine(Msg(N_("Pagat announced and lost")), side_payment(other, side, amt), "bonus:pagat")]
        if played is None or last is None:
            return []
        side, other = g.side_of(played), g.opponents_of(played)
        if last.winner == played:
            return [PaymentLine(Msg(N_("Pagat won the last trick")), side_payment(side, other, PAGAT_SILENT), "silent:pagat")]
        return [PaymentLine(Msg(N_("Pagat lost in the last trick")), side_payment(other, side, PAGAT_SILENT), "silent:pagat")]

    @staticmethod
    def _pagat_won(g: Game, pa: Announced) -> bool:
        last = g.tricks[-1] if g.tricks else None
        return last is not None and any(
            c == PAGAT and s == pa.seat and last.winner == s for s, c in last.plays)

    @staticmethod
    def _sweep(g: Game, decl: frozenset[int], opp: frozenset[int]) -> frozenset[int] | None:
        if not g.tricks:
            return None
        for side in (decl, opp):
            if sum(g.tricks_won[s] for s in side) == len(g.tricks):
                return side
        return None

    def _walat_failed_only(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> bool:
        """An announced walat failed and nobody took every trick."""
        return WALAT in g.ann.announced and self._sweep(g, decl, opp) is None

    def _walat_lines(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> list[PaymentLine]:
        """PL-11: walat made (20), announced (40 × its doubles, won or lost); empty when
        walat was neither announced nor made."""
        sweep = self._sweep(g, decl, opp)
        va = g.ann.announced.get(WALAT)
        lines: list[PaymentLine] = []
        if va is not None:
            side, other = g.side_of(va.seat), g.opponents_of(va.seat)
            amt = self.announce_values[WALAT] << va.level
            if sweep == side:
                lines.append(PaymentLine(Msg(N_("Walat announced and made")), side_payment(side, other, amt), "bonus:walat"))
            else:
                lines.append(PaymentLine(Msg(N_("Walat announced and missed")), side_payment(other, side, amt), "bonus:walat"))
        if sweep is not None and (va is None or g.side_of(va.seat) != sweep):
            rest = frozenset(s for s in g.active if s not in sweep)
            lines.append(PaymentLine(Msg(N_("Walat: every trick")), side_payment(sweep, rest, WALAT_SILENT), "silent:walat"))
        return lines

    def _pot_lines(self, g: Game, decl: frozenset[int], between: int) -> list[PaymentLine]:
        """PL-15 captured honours, PL-14 the zero-net rule, PL-16 the collection, in the
        order of PL-17."""
        lines: list[PaymentLine] = []
        paid_in = 0
        for t in g.tricks:  # PL-15: only the player who played the card pays
            for s, c in t.plays:
                fine = CAPTURE_FINE.get(int(c), 0)
                if fine and t.winner not in g.side_of(s):
                    lines.append(PaymentLine(Msg(_CAPTURED[int(c)], {"seat": seat_word(s), "amount": _pts(fine)}),
                                             {s: -fine, POOL: fine}, "pool:captured"))
                    paid_in += fine
        if between == 0:
            net: dict[int, int] = {}
            for s in sorted(decl, key=lambda x: g.order.index(x)):  # PL-14
                net[s] = -ZERO_NET_FINE
            net[POOL] = ZERO_NET_FINE * len(decl)
            paid_in += ZERO_NET_FINE * len(decl)
            lines.append(PaymentLine(Msg(N_("The hand nets zero: the declarer's side pays {amount} each "
                                            "into the żid"), {"amount": _pts(ZERO_NET_FINE)}), net, "pool:zero_net"))
        pa = g.ann.announced.get(PAGAT_LAST)
        pot = g.pool + paid_in
        if pa is not None and pot > 0 and self._pagat_won(g, pa):  # PL-16
            side = g.side_of(pa.seat)
            order = [s for s in g.seats_from(pa.seat) if s in side]
            take: dict[int, int] = {POOL: -pot}
            share(take, order, pot, +1)
            lines.append(PaymentLine(Msg(N_("The announced pagat won: its side takes the żid ({amount})"),
                                         {"amount": _pts(pot)}), take, "pool:pagat"))
        return lines

    # ---- the session's end (PL-19) ---------------------------------------------------

    def session_end_payments(self, session: Session) -> dict[int, int]:
        """PL-19: the żid is shared equally among the players (the remainder one unit each,
        in play order from the next deal's forehand), unless the table keeps it."""
        pot = session.pool
        if pot <= 0 or self.resolve_options(session.options)["pot_at_end"] == "keep":
            return {}
        n = session.seats
        first = (session.dealer + 1) % n
        out: dict[int, int] = {POOL: -pot}
        share(out, [(first + i) % n for i in range(n)], pot, +1)
        return out

    # ---- words ------------------------------------------------------------------------

    def contract_term(self, g: Game) -> Sayable:
        c = g.contract
        assert c is not None
        if c is BREWER and g.level:
            return Msg(N_("{contract}, level {level}"), {"contract": Term(c.title), "level": g.level})
        return Term(c.title)

    def prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        ph = g.phase
        if seat == g.to_act and ph is Phase.THROW_IN:
            if throw_in_holding(g.hands[seat]):
                return t._("Before the bidding: with so few taroki you may throw the hand in (the "
                           "same dealer deals again), or keep your hand.")
            return t._("Before the bidding: keep your hand (only a very weak hand may be thrown in).")
        if seat == g.to_act and ph is Phase.AUCTION:
            high = g.auction.high
            if high is None:
                return t._("You are forehand: bid powinność, brewer or zolo brewer (you may not pass).")
            if high is POWINNOSC and has(g.hands[seat], PAGAT):
                return t._("Pass, or bid higher than {contract}. As you hold the pagat you may bid "
                           "pagat.", contract=term(high.title, t))
            return t._("Pass, or bid higher than {contract}.", contract=term(high.title, t))
        if seat == g.to_act and ph is Phase.CALL:
            return t._("Call a tarok for your partner (XIX, or a lower one as your taroki allow).")
        if seat == g.to_act and ph is Phase.SURRENDER:
            n = int(g.options["surrender_points"])
            return t.ngettext("You drew the called card: surrender (pay {n} game point to each "
                              "opponent) or play on alone.",
                              "You drew the called card: surrender (pay {n} game points to each "
                              "opponent) or play on alone.", n)
        if seat == g.to_act and ph is Phase.ANNOUNCE:
            if g.first_turn(seat):
                return t._("Announce pagat or walat, declare your combinations, say kontra, or say Done.")
            return t._("You may double (kontra, re, sub, mord) what was announced, or pass.")
        return super().prompt(g, seat, t)

    def _play_prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        trick = g.trick
        assert trick is not None
        if not trick.plays:
            return t._("Lead any card.")
        led = trick.plays[0][1]
        if led.is_tarok:
            return t._("Follow taroki if you can, else play a tarok, else any card.")
        return t._("Follow {suit} if you can, else play a tarok, else any card.",
                   suit=suit_label(led.suit, t))


def _pts(n: int) -> Msg:
    return Msg(N_("{n} game point"), plural=N_("{n} game points"), n=n)


#: PL-15: an honour captured, in the Polish game's words for the cards.
_CAPTURED: Final[dict[int, str]] = {
    PAGAT: N_("{seat}'s pagat was captured: {amount} into the żid"),
    MOND: N_("{seat}'s mund was captured: {amount} into the żid"),
    SKYZ: N_("{seat}'s skiż was captured: {amount} into the żid"),
}
_AUCTION: Final = [PASS, *(bid(c.name) for c in (POWINNOSC, PAGAT_BID, BREWER, ZOLO))]
_CALLS: Final = [act(Kind.CALL, c) for c in CALLABLE]
_DOUBLABLE: Final = frozenset(("game", PAGAT_LAST, WALAT))
_DOUBLE_OF: Final = {n: double(n) for n in ("game", PAGAT_LAST, WALAT)}
_ANNOUNCE_CANDIDATES: Final = (act(Kind.ANNOUNCE, PAGAT_LAST), act(Kind.ANNOUNCE, WALAT),
                                *(declare(d) for d in DECLARATIONS))
_BONUS_TITLES: Final[dict[str, str]] = {"game": "the game", PAGAT_LAST: "Pagat", WALAT: "Walat",
                                        "pagat": "Pagat"}
