"""Czech Taroky as played in Hlučín (czech-taroky-hlucin-and-polish-taroki-zabrzeg.txt)
with the C-* and CZ-* clarifications.

Terms: povinnost (základní povinnost, "first duty": forehand's obligatory bid, calls a
tarok partner), druhá povinnost ("second duty": povinnost plus a promised pagát),
trojka (preferanc: alone with the talon in staged levels), sólo (alone, talon unseen),
Varšava (all play for themselves and avoid card points), flek / reflek / super (doubles),
Žid (the pool).  Money is in haléř: 100 = Kč 1.00.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from ..actions import PASS, Action, Kind, Term, act, bid, declare, double, register_titles, term
from ..cards import MOND, PAGAT, SKYZ, card_name, suit_label, tarok
from ..game import Announced, Contract, Game, Phase, StagedTalon, TalonDraws, Trick
from ..masks import FIVE_POINT_MASK, TAROK_MASK, count_mask_points
from ..restrictions import (
    ActionRule,
    AnnounceOnce,
    BidHigher,
    CardRule,
    DeclareOnlyTrue,
    DoubleChain,
    FirstTurnOnly,
    FollowSuit,
    KeepAnnounced,
    NoFivePointDiscard,
    Restriction,
    TarokWhenVoid,
    TarokyLastDiscard,
    high_bid,
    lower_first,
)
from ..say import ENGLISH, N_, Money, Msg, Say, Sayable, seat_word
from ..scoring import (
    POOL,
    HandResult,
    PaymentLine,
    add_into,
    share,
    side_payment,
)
from .base import OptionSpec, Variant, hand_result, has, king_count, tarok_count

POVINNOST: Final = Contract("povinnost", "Povinnost", 0, call="tarok", talon="povinnost")
DRUHA: Final = Contract("druha", "Druhá povinnost", 1, call="tarok", talon="povinnost", pagat_promised=True)
TROJKA: Final = Contract("trojka", "Trojka", 2, alone=True, talon="staged")
SOLO: Final = Contract("solo", "Sólo", 3, alone=True, talon="none")
VARSAVA: Final = Contract("varsava", "Varšava", -1, alone=False, talon="varsava", negative=True)

DECLARATIONS: Final[dict[str, int]] = {  # name -> payment in haléř (the declaration table)
    "taroky": 100,
    "tarocky": 50,
    "barvy": 100,
    "barvicky": 50,
    "trul": 50,
    "honery": 50,
    "kralovske_honery": 100,
}

register_titles({
    "povinnost": "Povinnost",
    "druha": "Druhá povinnost",
    "trojka": "Trojka",
    "solo": "Sólo",
    "varsava": "Varšava",
    "taroky": "Taroky (10+ taroky)",
    "tarocky": "Taročky (8-9 taroky)",
    "barvy": "Barvy",
    "barvicky": "Barvičky",
    "trul": "Trul",
    "honery": "Honery",
    "kralovske_honery": "Královské honery",
})

_ANNOUNCE_PAGAT: Final = act(Kind.ANNOUNCE, "pagat")
_ANNOUNCE_VALAT: Final = act(Kind.ANNOUNCE, "valat")
CALLABLE: Final = (tarok(19), tarok(18), tarok(17), tarok(16))
#: CZ-4: what a bidder who surrenders pays each opponent (haléř).
SURRENDER_PAYMENT: Final = 100


# ---- the rules of Czech Taroky, each written once (``bot.engine.restrictions``) ----------


class ForehandMustBid(ActionRule):
    kinds: tuple[Kind, ...] = (Kind.PASS,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return high_bid(g) is None


class DruhaNeedsPagat(ActionRule):
    """CZ-1 (PL-3): a contract that promises the pagát (druhá povinnost, the Polish pagat)
    only over forehand's first duty (the contract of rank 0), only by a holder of the pagát."""

    kinds: tuple[Kind, ...] = (Kind.BID,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        c = g.variant.contracts.get(str(action.value))
        if c is None or not c.pagat_promised:
            return False
        high = high_bid(g)
        return not (high is not None and high.rank == 0 and has(g.hands[seat], PAGAT))

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        c = g.variant.contracts[str(action.value)]
        high = high_bid(g)
        if high is None or high.rank != 0:
            first = next(k for k in g.variant.contracts.values() if k.rank == 0)
            return t._("{contract} may be bid only over forehand's {first}.", contract=term(c.title, t),
                       first=term(first.title, t).lower())
        return t._("{contract} may be bid only by a player who holds the {pagat}.",
                   contract=term(c.title, t), pagat=g.variant.title_of("pagat", t).lower())


class CallTarokOrder(ActionRule):
    """CZ-2: XIX always; XVIII only with XIX and not XVIII; XVII only with XIX and XVIII
    and not XVII; XVI only with XIX, XVIII, XVII and not XVI."""

    kinds: tuple[Kind, ...] = (Kind.CALL,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        c = action.card
        if c not in CALLABLE:
            return True
        i = CALLABLE.index(c)
        hand = g.hands[seat]
        return i > 0 and (has(hand, c) or not all(has(hand, h) for h in CALLABLE[:i]))

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        c = action.card
        if c not in CALLABLE:
            return t._("You may not call {card}: you call XIX, or a lower tarok as your taroky allow.",
                       card=card_name(c, t))
        i = CALLABLE.index(c)
        if has(g.hands[seat], c):
            return t._("You may not call {card}: you hold it yourself.", card=card_name(c, t))
        need = CALLABLE[:i]
        if len(need) == 1:
            return t._("You may call {card} only when you hold {a}.", card=card_name(c, t), a=need[0].short)
        if len(need) == 2:
            return t._("You may call {card} only when you hold {a} and {b}.", card=card_name(c, t),
                       a=need[0].short, b=need[1].short)
        return t._("You may call {card} only when you hold {a}, {b} and {c}.", card=card_name(c, t),
                   a=need[0].short, b=need[1].short, c=need[2].short)


class VarsavaAfterPovinnost(ActionRule):
    """Varšava is forehand's choice after an un-overbid povinnost (CZ-12, CZ-13)."""

    kinds: tuple[Kind, ...] = (Kind.VARSAVA,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return g.contract is not POVINNOST


class DeclineOnce(ActionRule):
    """CZ-3: one of the two players after the bidder may decline to draw, never both."""

    kinds: tuple[Kind, ...] = (Kind.DECLINE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        st = g.talon_state
        return not isinstance(st, TalonDraws) or (st.pos != 0 and st.declined is not None)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("The other player already declined, so you must draw: {rule}",
                   rule=lower_first(self.rule_text(t)))


class PagatNeedsCard(ActionRule):
    """CZ-6, PL-6: only the holder of the pagát announces it (``announcement``: the
    variant's name of that announcement)."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def __init__(self, key: str, phase: Phase, rule: str, ref: str = "",
                 announcement: str = "pagat") -> None:
        super().__init__(key, phase, rule, ref)
        self.announcement = announcement

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return action.value == self.announcement and not has(g.hands[seat], PAGAT)


class OneHonery(ActionRule):
    """CZ-7: honery and královské honery are one declaration: declared once."""

    kinds: tuple[Kind, ...] = (Kind.DECLARE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        done = g.ann.declared[seat]
        return action.value in _HONERY and any(d in _HONERY for d in done)


class VarsavaRule(CardRule):
    """A play rule of Varšava only (CZ-13)."""

    def applies(self, g: Game) -> bool:
        return g.contract is VARSAVA


class VarsavaOvertake(VarsavaRule):
    """CZ-13: within following suit, overtake every card so far if possible."""

    def narrow(self, g: Game, seat: int, m: int) -> int:
        t = g.trick
        if t is None or not t.plays:
            return m
        v = g.variant
        best: int = t.plays[0][1]
        for _, c in t.plays[1:]:
            if v.beats(c, best):
                best = c
        over = 0
        mm = m
        while mm:
            low = mm & -mm
            if v.beats(low.bit_length() - 1, best):
                over |= low
            mm ^= low
        return over if over else m

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("In Varšava you must beat every card played so far when you can: "
                   "{card} does not.", card=card_name(action.card, t))


class VarsavaPagatLast(VarsavaRule):
    def narrow(self, g: Game, seat: int, m: int) -> int:
        taroky = g.hands[seat] & TAROK_MASK
        if m >> PAGAT & 1 and taroky & ~1 and m & ~1:
            return m & ~1
        return m


class VarsavaMond(VarsavaRule):
    """CZ-13 (an option, on by default)."""

    def applies(self, g: Game) -> bool:
        return g.contract is VARSAVA and bool(g.options["varsava_mond_rule"])

    def narrow(self, g: Game, seat: int, m: int) -> int:
        t = g.trick
        assert t is not None
        if not (m >> MOND & 1 and m & ~(1 << MOND)):
            return m
        taroky = g.hands[seat] & TAROK_MASK
        skyz_in = any(c == SKYZ for _, c in t.plays)
        only = taroky in (1 << MOND, (1 << MOND) | 1)
        if (not t.plays or skyz_in) and not only:
            return m & ~(1 << MOND)
        return m


_HONERY: Final = ("honery", "kralovske_honery")
_CZ_DISCARD_FIVE = N_("Kings, the škýz, the mond and the pagát are never discarded.")

RESTRICTIONS: Final[tuple[Restriction, ...]] = (
    ForehandMustBid(
        "forehand_must_bid", Phase.AUCTION,
        N_("Forehand opens the bidding and may not pass: povinnost, trojka or sólo."), "CZ-1"),
    DruhaNeedsPagat(
        "druha_needs_pagat", Phase.AUCTION,
        N_("Druhá povinnost may be bid only over forehand's povinnost, by a player who holds "
        "the pagát."), "CZ-1"),
    BidHigher(Phase.AUCTION, (POVINNOST, DRUHA, TROJKA, SOLO), "CZ-1"),
    CallTarokOrder(
        "call_tarok_order", Phase.CALL,
        N_("You may always call XIX. You may call XVIII only if you hold XIX but not XVIII, "
        "XVII only with XIX and XVIII but not XVII, XVI only with XIX, XVIII and XVII but "
        "not XVI."), "CZ-2"),
    VarsavaAfterPovinnost(
        "varsava_after_povinnost", Phase.CALL,
        N_("Varšava may be chosen only by forehand, instead of calling, after a povinnost "
        "nobody overbid."), "CZ-12"),
    DeclineOnce(
        "decline_once", Phase.TALON,
        N_("Of the two players after the bidder, only one may decline to draw from the "
        "talon."), "CZ-3"),
    NoFivePointDiscard(Phase.DISCARD, _CZ_DISCARD_FIVE, "CZ-3"),
    TarokyLastDiscard(
        Phase.DISCARD,
        N_("Taroky are discarded only when you hold nothing else you may discard; they are "
        "shown face up."), "CZ-3"),
    FirstTurnOnly(
        Phase.ANNOUNCE,
        N_("Pagát, valát and declarations are said only in your first turn; after it you may "
        "only double."), "CZ-6"),
    PagatNeedsCard(
        "pagat_needs_card", Phase.ANNOUNCE,
        N_("Only the holder of the pagát may announce it."), "CZ-6"),
    DeclareOnlyTrue(
        Phase.ANNOUNCE,
        N_("Declarations are offered only when true of your hand after the talon exchange."),
        "CZ-7"),
    AnnounceOnce(Phase.ANNOUNCE, "CZ-6"),
    OneHonery(
        "one_honery", Phase.ANNOUNCE,
        N_("Honery and královské honery are declared once between them."), "CZ-7"),
    DoubleChain(
        Phase.ANNOUNCE,
        N_("Flek is said by the side against an announcement, reflek by its side, super by "
        "the flek side; the game, pagát and valát are doubled separately."), "CZ-6"),
    FollowSuit(Phase.PLAY),
    TarokWhenVoid(Phase.PLAY),
    VarsavaOvertake(
        "varsava_overtake", Phase.PLAY,
        N_("In Varšava you must beat every card played so far to the trick when you can "
        "(while following suit)."), "CZ-13"),
    VarsavaPagatLast(
        "varsava_pagat_last", Phase.PLAY,
        N_("In Varšava the pagát may be played only as your last tarok."), "CZ-13"),
    VarsavaMond(
        "varsava_mond", Phase.PLAY,
        N_("In Varšava the mond may not be led, nor played to a trick with the škýz in it, "
        "unless it is your only tarok (or you hold only the mond and the pagát)."), "CZ-13"),
    KeepAnnounced(
        Phase.PLAY,
        N_("If you announced the pagát you keep it for the last trick, unless it is the only "
        "card you may play."), "CZ-11"),
)


class Czech(Variant):
    """Czech Taroky (Hlučín): 4 players (5 with the dealer sitting out), anticlockwise."""

    name = "czech"
    title = "Czech Taroky (Hlučín)"
    aliases = ("taroky", "hlucin", "cz")
    clockwise = False
    red_ace_high = True
    currency = "czk_hal"
    contracts: ClassVar[dict[str, Contract]] = {
        c.name: c for c in (POVINNOST, DRUHA, TROJKA, SOLO, VARSAVA)
    }
    restrictions = RESTRICTIONS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("ritual", "Cut or knock before the deal", False,
                   help="The player opposite the dealer cuts or knocks (twelve-card batches).",
                   ref="C-2"),
        OptionSpec("knock_six_six", "After a knock the dealer may deal six-six", False,
                   help="Six to the talon, six to the dealer, twelve to each other player, six to the dealer.",
                   ref="CZ-14"),
        OptionSpec("trojka_hidden_talon", "Trojka: the top three talon cards are never shown", False,
                   ref="CZ-14"),
        OptionSpec("single_barvy", "One barvy declaration (at most two taroky) worth 0.50", False,
                   ref="CZ-14"),
        OptionSpec("solo_rate", "Sólo rate per point, in haléř", 40, ref="CZ-5", min=1, max=10_000),
        OptionSpec("throw_in_povinnost", "Settle a quiet povinnost without play", True,
                   ref="CZ-10"),
        OptionSpec("varsava_scoring", "Varšava scoring", "standard",
                   choices=("standard", "alternative"), ref="CZ-13"),
        OptionSpec("varsava_mond_rule", "Varšava: restrict playing the mond", True, ref="CZ-13"),
        OptionSpec("zid", "The Žid pool", False, ref="CZ-16"),
    )
    # CZ-10's quiet povinnost settled without play ends a newcomer's hand before it starts.
    teach_options: ClassVar[dict[str, bool | int | str]] = {"throw_in_povinnost": False}
    # ---- the rules pages (bot.engine.rulebook): facts no hook states as data --------
    first_lead: ClassVar[dict[str, str]] = {"*": "forehand"}  # Varšava too (CZ-13)
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        "deal": (
            "Play goes anticlockwise. Each player gets 12 cards and 6 go to the talon.",
            "Forehand is the player after the dealer; the next hand is dealt by the next player.",
            "With five at the table the dealer sits the hand out.",
        ),
        "auction": (
            "Each player speaks once, starting with forehand: a bid or a pass.",
            "The highest bid wins; its bidder is the declarer.",
        ),
        "call": (
            "The declarer of a povinnost or druhá povinnost calls a tarok: whoever holds it is "
            "the declarer's secret partner until it is played.",
            "Calling XIX while holding it means playing alone, and nobody knows it at first.",
            "If the others all passed forehand's povinnost, forehand may choose Varšava instead "
            "of calling.",
        ),
        "talon": (
            "Povinnost: the declarer draws the top four talon cards and discards four; then the "
            "next two players each draw one card and discard one. One of them may decline, and "
            "then the third player after the declarer draws the last card.",
            "If the declarer of a povinnost draws the called tarok, he may surrender at once and "
            "pay Kč 1.00 to each opponent, or play on alone.",
            "Trojka: the declarer takes the first three talon cards (level 1), or puts them aside "
            "and looks at the second three, then takes them (level 2) or shows them and takes "
            "the first three back (level 3); then discards three.",
            "Sólo: nobody sees the talon; it counts for the opponents.",
            "Varšava: the talon cards go face up, one each, onto the first six tricks and count "
            "for the players who win those tricks.",
        ),
        "announcements": (
            "Before the first trick, starting with the declarer, each player has one turn to "
            "announce pagát or valát, declare combinations and double.",
            "After that the round goes on for doubling only, until everyone has passed in turn.",
            "Game, pagát and valát are doubled separately: flek by the side against them, "
            "reflek by their own side, super by the flek side.",
            "A povinnost in which nobody doubles and nothing is announced is settled without "
            "play as the smallest win (the table may turn this off).",
            "Varšava has no announcements, declarations or bonuses.",
        ),
        "play": (
            "The highest tarok wins the trick; a trick without taroky is won by the highest "
            "card of the suit led.",
        ),
    }
    counting_rules: ClassVar[tuple[str, ...]] = (
        "Cards are counted in threes: kings, škýz, mond and pagát 5, queens 4, riders 3, "
        "jacks 2, every other card 1, less 2 for each three: 70 points in the pack.",
        "The declarer's side wins the game with 36 points or more; at 35 : 35 it loses and "
        "pays Kč 0.10 (doubled with each flek).",
        "Each player of the losing side pays one player of the winning side; a lone player "
        "pays or receives the amount from each opponent.",
    )
    game_payments: ClassVar[dict[str, str]] = {
        "povinnost": "Kč 0.10 a point over 35.",
        "druha": "Kč 0.10 a point over 35, and the pagát counts as announced.",
        "trojka": "Kč 0.10 a point over 35 at level 1, Kč 0.20 at level 2, Kč 0.30 at level 3.",
        "solo": "Kč 0.40 a point over 35 (the table may choose another rate).",
    }
    scoring_rules: ClassVar[tuple[str, ...]] = (
        "Flek doubles a payment, reflek doubles it again and super once more (×2, ×4, ×8).",
        "Pagát: the side that wins the last trick with the pagát gets Kč 1.00; if the pagát is "
        "beaten in the last trick its side pays Kč 1.00. Announced, it is Kč 2.00 won or lost.",
        "Declarations are paid by the opposing side whatever happens in the game and are never "
        "doubled: taroky Kč 1.00, taročky 0.50, barvy 1.00, barvičky 0.50, trul 0.50, honery "
        "0.50, královské honery 1.00.",
        "A declarer who surrenders pays Kč 1.00 to each opponent and nothing else is paid.",
        "Varšava: whoever took the most card points pays each other player Kč 1.00 (up to 29 "
        "points), Kč 2.00 (30 to 39) or Kč 4.00 (40 or more); a player who took no trick gets "
        "double; players tied for the most points share the payment.",
    )
    valat_rule = ("Valát (one side takes every trick) is paid Kč 7.00 on top of the game and the "
                  "other bonuses; announced, Kč 14.00 won or lost.")
    pool_rule = ("The Žid is a pool the table may play with. Then Varšava is paid into it instead: "
                 "Kč 1.00 by every player with 19 to 28 points, Kč 2.00 with 29 to 38, Kč 3.00 "
                 "with 39 or more. A druhá povinnost whose pagát wins the last trick takes the "
                 "whole Žid; if that pagát was doubled, the Žid stays and the sides pay each other "
                 "half its value (more with reflek and super).")
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        "tarok": ("One of the 22 trumps (plural taroky): I to XXI and the škýz. A tarok beats "
                  "every suit card.",
                  "Hearts are led and you have none: you must play a tarok, even XX."),
        "škýz": ("The highest tarok, worth 5 points; nothing beats it.",
                 "You lead the škýz: it wins the trick whatever the others play."),
        "mond": ("Tarok XXI, the second highest, worth 5 points; only the škýz beats it.",
                 "You play the mond on a trick of XX and XV: it wins unless the škýz follows."),
        "pagát": ("Tarok I, the lowest tarok but worth 5 points. Winning the last trick with it "
                  "is a bonus.",
                  "In the last trick you play the pagát and everyone else plays suit cards: "
                  "your side gets Kč 1.00."),
        "trul": ("Škýz, mond and pagát in one hand; a declaration worth Kč 0.50.",
                 "After the talon you hold the škýz, XXI and I: you may declare trul."),
        "forehand": ("The player after the dealer: first to speak in the auction and first to "
                     "lead.",
                     "Seat 1 deals, so seat 2 is forehand and must bid."),
        "dealer": ("Deals the cards; at a five-player table sits the hand out. The next player "
                   "deals the next hand.",
                   "Seat 3 dealt this hand, so seat 4 deals the next."),
        "declarer": ("The player who won the auction (the bidder).",
                     "Forehand bids povinnost and everyone passes: forehand is the declarer."),
        "bid": ("Naming a contract in the auction; each player speaks once.",
                "Forehand bids povinnost; you may bid trojka or sólo, or pass."),
        "pass": ("Saying nothing in the auction or in a round of doubling.",
                 "You pass, so you may not bid again this hand."),
        "talon": ("The six cards dealt face down; which of them the declarer or the others take "
                  "depends on the contract.",
                  "In a povinnost the declarer draws four talon cards and two others draw one "
                  "each."),
        "call": ("Naming a tarok whose holder becomes your secret partner.",
                 "You call XIX; whoever holds it plays with you without saying so."),
        "povinnost": ("Forehand's compulsory bid (the first duty): draw four talon cards and "
                      "call a tarok partner, usually XIX.",
                      "You are forehand with a weak hand: you bid povinnost and call XIX."),
        "druhá povinnost": ("A povinnost bid over forehand's by a player who holds the pagát: "
                            "the pagát counts as announced.",
                            "Forehand bids povinnost; you hold the pagát and bid druhá "
                            "povinnost."),
        "trojka": ("Playing alone with three talon cards, taken at level 1, 2 or 3; the higher "
                   "the level, the more a point pays.",
                   "You bid trojka, reject the first three talon cards and take the second "
                   "three: level 2, Kč 0.20 a point."),
        "level": ("How the trojka declarer used the talon: 1 first three, 2 second three, 3 "
                  "back to the first three.",
                  "You look at both threes and go back to the first: level 3."),
        "sólo": ("Playing alone without the talon, which counts for the opponents.",
                 "With eleven taroky you bid sólo and never see the talon."),
        "varšava": ("When everyone passes forehand's povinnost, forehand may choose Varšava: "
                    "everyone plays alone and tries to take as few card points as possible.",
                    "You took 12 points, the others 18, 20 and 20: the two with 20 pay."),
        "surrender": ("Giving up a povinnost after drawing the called tarok from the talon: pay "
                      "Kč 1.00 to each opponent.",
                      "You call XIX and draw it from the talon: you surrender rather than play "
                      "alone."),
        "play on": ("Playing a povinnost alone after drawing the called tarok.",
                    "You draw the XIX you called but hold many taroky: you play on."),
        "draw": ("Taking the next talon card (then discarding one).",
                 "After the declarer, you draw one talon card and discard the 7 of clubs."),
        "don't draw": ("Declining your talon card; only one of the two players after the "
                       "declarer may decline.",
                       "You decline, so the next player and the one after him draw."),
        "discard": ("Putting cards face down after taking talon cards; they count for your side.",
                    "You drew four cards, so you discard four."),
        "announce": ("Promising a bonus before the first trick: pagát or valát.",
                     "You hold the pagát and many taroky: you announce pagát."),
        "declare": ("Claiming a combination you hold (declarations are paid whatever the game).",
                    "You hold ten taroky after the talon: you declare taroky."),
        "combinations": ("The declarations: taroky, taročky, barvy, barvičky, trul, honery, "
                         "královské honery.",
                         "With two taroky you may declare barvičky."),
        "taroky": ("A declaration: ten or more taroky in your hand, Kč 1.00.",
                   "After the talon you hold eleven taroky: declare taroky."),
        "taročky": ("A declaration: eight or nine taroky, Kč 0.50.",
                    "You hold nine taroky: declare taročky."),
        "barvy": ("A declaration: no tarok, or only the pagát, Kč 1.00.",
                  "Your only tarok is the pagát: declare barvy."),
        "barvičky": ("A declaration: one tarok other than the pagát, or two taroky, Kč 0.50.",
                     "You hold only XII and IV: declare barvičky."),
        "honery": ("A declaration: four or more of the seven 5-point cards (kings, škýz, mond, "
                   "pagát), Kč 0.50.",
                   "You hold the škýz, the pagát and two kings: declare honery."),
        "královské honery": ("A declaration: all four kings, Kč 1.00 (honery included).",
                             "You hold all four kings: declare královské honery."),
        "valát": ("Taking every trick: Kč 7.00, or Kč 14.00 if announced.",
                  "Your side takes all twelve tricks: valát."),
        "double": ("Flek: doubling the game, pagát or valát of the other side.",
                   "The declarer's side announces pagát; you double it with flek."),
        "flek": ("A double by the side against the game or an announcement: ×2.",
                 "The opponents of a trojka say flek: the game pays twice as much."),
        "reflek": ("The answer to a flek by the side that was doubled: ×4.",
                   "Your pagát got a flek; your partner says reflek."),
        "super": ("The answer to a reflek by the flek side: ×8.",
                  "After flek and reflek on the game, the flek side says super."),
        "žid": ("The pool (a table option): Varšava pays into it and a successful druhá "
                 "povinnost takes it.",
                 "The Žid holds Kč 6.00; your druhá povinnost pagát wins the last trick: your "
                 "side takes it."),
        "haléř": ("The money unit: 100 haléř make Kč 1.00.",
                  "Kč 0.40 is 40 haléř."),
        "kč": ("Czech crowns, the money of this game (100 haléř).",
               "Winning by 4 points in a povinnost pays Kč 0.40."),
        "cut": ("Before the deal the player opposite the dealer may cut the pack (a table "
                "option).",
                "You cut; the dealer deals in sixes."),
        "knock": ("Instead of cutting: the cards are then dealt in batches of twelve.",
                  "You knock; everyone chooses a batch of twelve in turn."),
        "batch": ("A packet of twelve cards to choose after a knock.",
                  "You are offered batches 1 to 4 and take batch 3."),
        "six-six": ("After a knock the dealer may deal six cards to himself first and six at the "
                    "end (a table option).",
                    "They knocked and you deal six-six."),
        "twelves": ("Dealing in batches of twelve after a knock.",
                    "They knocked and you deal in twelves."),
    }

    # ---- bidding (one turn each; CZ-1) ----------------------------------------------

    def candidates(self, g: Game, seat: int) -> list[Action]:
        ph = g.phase
        if ph is Phase.AUCTION:  # one turn each (CZ-1)
            return _AUCTION
        if ph is Phase.CALL:
            return _CALLS
        if ph is Phase.SURRENDER:
            return _SURRENDER
        if ph is Phase.TALON:
            st = g.talon_state
            if isinstance(st, StagedTalon):
                return _STAGED_FIRST if st.stage == 0 else _STAGED_SECOND
            return _DRAW
        return []

    def apply_surrender(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.SURRENDER:
            g.surrendered = True
            g.emit("surrender", seat, Msg(N_("{seat} drew the called card and surrenders."), {"seat": seat_word(seat)}))
            g.finish_thrown_in(Msg(N_("{seat} surrendered and pays {amount} to each opponent."),
                                   {"seat": seat_word(seat), "amount": Money(self.currency, SURRENDER_PAYMENT)}))
        else:
            g.emit("play_on", seat, Msg(N_("{seat} plays on."), {"seat": seat_word(seat)}))
            g.start_discard(seat, 4)

    def apply_bid(self, g: Game, seat: int, a: Action) -> None:
        g.bids.append((seat, a))
        if a.kind is Kind.BID:
            g.auction.high = self.contracts[str(a.value)]
            g.auction.high_seat = seat
            g.emit("bid", seat, Msg(N_("{seat} bids {contract}."), {"seat": seat_word(seat), "contract": Term(a.label)}))
        else:
            g.emit("pass", seat, Msg(N_("{seat} passes."), {"seat": seat_word(seat)}))
        g.auction.turn += 1
        if g.auction.turn < len(g.active):
            g.turn_to(g.next_active(seat))
            return
        high = g.auction.high
        assert high is not None and g.auction.high_seat is not None
        g.bidder = g.auction.high_seat
        g.contract = high
        g.emit("contract", g.bidder, Msg(N_("{seat} is the bidder: {contract}."), {"seat": seat_word(g.bidder), "contract": Term(high.title)}))
        if high.call:
            g.start_call()
        elif high.talon == "staged":  # trojka (and the Polish brewer)
            g.level = 1
            g.start_staged_talon(3, 2)
        else:  # sólo: the talon stays unseen and counts for the opponents
            g.talon_to_opponents = _mask(g.talon)
            g.start_announcements()

    # ---- calling (CZ-2) and Varšava --------------------------------------------------

    def apply_call(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.VARSAVA:
            g.contract = VARSAVA
            g.emit("varsava", seat, Msg(N_("{seat} chooses Varšava: everyone plays alone and avoids card points."), {"seat": seat_word(seat)}))
            g.start_play(g.forehand)
            return
        g.called = a.card
        g.emit("call", seat, Msg(N_("{seat} calls {card}."), {"seat": seat_word(seat), "card": a.card.short}), None, (a.card,))
        # CZ-3: the bidder draws four and discards four.
        drawn = g.talon[:4]
        m = _mask(drawn)
        g.hands[seat] |= m
        g.drawn[seat] |= m
        g.seen_talon[seat] |= m
        g.talon_state = TalonDraws(g.seats_from(seat)[1:4])
        g.emit("talon_draw", seat, Msg(N_("{seat} draws four cards from the talon."), {"seat": seat_word(seat)}))
        g.emit("talon_private", seat, Msg(N_("You draw {cards}."), {"cards": ", ".join(c.short for c in drawn)}),
               frozenset((seat,)), tuple(drawn))
        if self.offers_surrender(g) and g.called in drawn:
            g.enter(Phase.SURRENDER, seat)  # CZ-4
        else:
            g.start_discard(seat, 4)

    def offers_surrender(self, g: Game) -> bool:
        """CZ-4: whether a bidder who drew the called card may surrender (povinnost only)."""
        return g.contract is POVINNOST

    # ---- the talon ------------------------------------------------------------------------

    def apply_talon(self, g: Game, seat: int, a: Action) -> None:
        st = g.talon_state
        if isinstance(st, StagedTalon):
            hidden = bool(g.options["trojka_hidden_talon"])
            if a.kind is Kind.REJECT:
                g.staged_reject(expose=not hidden)
                g.emit("talon_reject", seat, Msg(N_("{seat} puts the first three talon cards aside and looks at the second three."), {"seat": seat_word(seat)}))
                return
            grp = int(a.value)  # type: ignore[arg-type]
            if st.stage == 0:
                g.staged_take(0, 1)
            elif grp == 2:
                g.staged_take(1, 2)
            else:
                # Level 3: the second three are shown, the first three taken back.
                g.staged_reject_and_take(1, 0, 3)
            g.start_discard(seat, 3)
            return
        assert isinstance(st, TalonDraws)
        if a.kind is Kind.DECLINE:
            st.declined = seat
            g.emit("talon_decline", seat, Msg(N_("{seat} does not draw from the talon."), {"seat": seat_word(seat)}))
            self._next_drawer(g)
            return
        self._draw_one(g, seat)

    def _draw_one(self, g: Game, seat: int) -> None:
        st = g.talon_state
        assert isinstance(st, TalonDraws)
        c = g.talon[st.next]
        st.next += 1
        g.hands[seat] |= 1 << c
        g.drawn[seat] |= 1 << c
        g.seen_talon[seat] |= 1 << c
        g.emit("talon_draw", seat, Msg(N_("{seat} draws a card from the talon."), {"seat": seat_word(seat)}))
        g.emit("talon_private", seat, Msg(N_("You draw {card}."), {"card": c.short}), frozenset((seat,)), (c,))
        g.start_discard(seat, 1)

    def _next_drawer(self, g: Game) -> None:
        st = g.talon_state
        assert isinstance(st, TalonDraws)
        st.pos += 1
        if st.next >= 6:
            g.start_announcements()
            return
        nxt = st.drawers[st.pos]
        if st.pos == 2:
            self._draw_one(g, nxt)  # the third seat after the bidder must draw
            return
        g.enter(Phase.TALON, nxt)

    def after_discard(self, g: Game, seat: int) -> None:
        st = g.talon_state
        if isinstance(st, TalonDraws):
            if seat == g.bidder and st.pos == 0 and st.next == 4:
                g.enter(Phase.TALON, st.drawers[0])
                return
            self._next_drawer(g)
            return
        g.start_announcements()

    # ---- announcements (CZ-6, CZ-7) ----------------------------------------------------

    def before_announcements(self, g: Game) -> None:
        super().before_announcements(g)
        if g.contract is not None and g.contract.pagat_promised and g.bidder is not None:
            g.ann.announced["pagat"] = Announced("pagat", g.bidder)
            g.ann.log.append((g.bidder, f"{self.title_of('pagat')} ({g.contract.title.lower()})"))

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """CZ-7: the combinations ``seat`` holds now (after the talon exchange)."""
        hand = g.hands[seat]
        t = tarok_count(hand)
        out: list[str] = []
        if t >= 10:
            out.append("taroky")
        elif t >= 8:
            out.append("tarocky")
        if g.options["single_barvy"]:
            if t <= 2:
                out.append("barvy")
        elif t == 0 or (t == 1 and has(hand, PAGAT)):
            out.append("barvy")
        elif t == 2 or (t == 1 and not has(hand, PAGAT)):
            out.append("barvicky")
        if has(hand, SKYZ) and has(hand, MOND) and has(hand, PAGAT):
            out.append("trul")
        if (hand & FIVE_POINT_MASK).bit_count() >= 4:
            out.append("honery")
        if king_count(hand) == 4:
            out.append("kralovske_honery")
        return out

    def declaration_value(self, g: Game, name: str) -> int:
        if name == "barvy" and g.options["single_barvy"]:
            return 50
        return DECLARATIONS[name]

    def announce_candidates(self, g: Game, seat: int) -> list[Action]:
        out = list(_ANNOUNCE_CANDIDATES)
        for n in g.ann.announced:
            out.append(_DOUBLE_OF[n])
        return out

    def apply_announcement(self, g: Game, seat: int, a: Action) -> None:
        name = str(a.value)
        if a.kind is Kind.ANNOUNCE:
            g.ann.announced[name] = Announced(name, seat)
            g.ann.log.append((seat, self.title_of(name)))
            g.emit("announce", seat, Msg(N_("{seat} announces {what}."), {"seat": seat_word(seat), "what": Term(self.title_of(name))}))
        else:
            g.ann.declared[seat].append(name)
            g.ann.log.append((seat, self.title_of(name)))
            g.emit("declare", seat, Msg(N_("{seat} declares {what}."), {"seat": seat_word(seat), "what": Term(self.title_of(name))}))

    def title_of(self, name: str, t: Say = ENGLISH) -> str:
        own = _BONUS_TITLES.get(name)
        return term(own, t) if own else super().title_of(name, t)

    def after_announcements(self, g: Game) -> None:
        # CZ-10: a quiet základní povinnost is settled without play.
        if (g.contract is POVINNOST and g.options["throw_in_povinnost"] and g.ann.game_level == 0
                and "pagat" not in g.ann.announced and "valat" not in g.ann.announced):
            g.finish_thrown_in(Msg(N_("Nobody said flek and nothing was announced: the povinnost is settled without play.")))
            return
        g.start_play(g.forehand)

    # ---- play (CZ-11, CZ-13) --------------------------------------------------------------

    def kept_cards(self, g: Game, seat: int) -> int:
        p = g.ann.announced.get("pagat")
        if p is not None and p.seat == seat:
            return 1 << PAGAT
        return 0

    def on_trick(self, g: Game, t: Trick) -> None:
        if g.contract is VARSAVA and len(g.tricks) <= 6:
            # CZ-13: talon cards go face up, one each, onto the first six tricks.
            c = g.talon[len(g.tricks) - 1]
            t.talon_card = c
            g.won[t.winner] |= 1 << c
            g.exposed.append(c)
            g.emit("talon_card", t.winner, Msg(N_("The talon card {card} goes to {seat}."), {"card": c.short, "seat": seat_word(t.winner).lower()}),
                   None, (c,))

    # ---- scoring (CZ-5, CZ-7..10, CZ-12, CZ-16) --------------------------------------------

    #: CZ-6: what an announced bonus pays each opponent, won or lost, before its doubles.
    announce_values: ClassVar[dict[str, int]] = {"pagat": 200, "valat": 1400}

    def stake_of(self, g: Game, name: str, level: int) -> int | None:
        if name == "game":  # the most: 35 points over 35
            return 35 * self.game_rate(g) << level
        value = self.announce_values.get(name)
        return None if value is None else value << level

    def game_rate(self, g: Game) -> int:
        c = g.contract
        if c is TROJKA:
            return 10 * g.level
        if c is SOLO:
            return int(g.options["solo_rate"])
        return 10

    def score(self, g: Game) -> HandResult:
        if g.contract is VARSAVA:
            return self._score_varsava(g)
        assert g.bidder is not None and g.contract is not None
        if g.surrendered:
            rest = [s for s in g.order if s != g.bidder]
            paid = side_payment(rest, [g.bidder], SURRENDER_PAYMENT)
            line = PaymentLine(Msg(N_("Surrender")), paid, "surrender")
            return hand_result(g, Msg(N_("{seat} surrendered."), {"seat": seat_word(g.bidder)}), {}, [line], paid,
                               declarer_side=g.declarer_side, declarers_won=False)
        if g.partner is None and g.called is not None and not g.contract.alone:
            h = g.holder_of(g.called)
            g.partner = None if h is None or h == g.bidder else h
        decl = g.declarer_side
        opp = frozenset(s for s in g.active if s not in decl)
        lines: list[PaymentLine] = []
        pts_d = g.side_points(decl)
        pts_o = 70 - pts_d
        mult = 1 << g.ann.game_level
        summary: Msg
        if g.thrown_in:
            lines.append(PaymentLine(Msg(N_("Povinnost without play: the minimum win")),
                                     side_payment(decl, opp, 10), "game"))
            summary = Msg(N_("The povinnost was settled without play."))
        else:
            rate = Money(self.currency, self.game_rate(g))
            if pts_d > 35:
                amt = (pts_d - 35) * rate.amount * mult
                over = pts_d - 35
                if mult > 1:
                    game = Msg(N_("Game: {n} point over 35 × {rate} × {mult}"), {"rate": rate, "mult": mult},
                               plural=N_("Game: {n} points over 35 × {rate} × {mult}"), n=over)
                else:
                    game = Msg(N_("Game: {n} point over 35 × {rate}"), {"rate": rate},
                               plural=N_("Game: {n} points over 35 × {rate}"), n=over)
                lines.append(PaymentLine(game, side_payment(decl, opp, amt), "game"))
                summary = Msg(N_("The bidder's side won with {points} card points."), {"points": pts_d})
            elif pts_d < 35:
                amt = (pts_o - 35) * rate.amount * mult
                over = pts_o - 35
                if mult > 1:
                    game = Msg(N_("Game: opponents {n} point over 35 × {rate} × {mult}"),
                               {"rate": rate, "mult": mult},
                               plural=N_("Game: opponents {n} points over 35 × {rate} × {mult}"), n=over)
                else:
                    game = Msg(N_("Game: opponents {n} point over 35 × {rate}"), {"rate": rate},
                               plural=N_("Game: opponents {n} points over 35 × {rate}"), n=over)
                lines.append(PaymentLine(game, side_payment(opp, decl, amt), "game"))
                summary = Msg(N_("The bidder's side lost with {points} card points."), {"points": pts_d})
            else:
                game = (Msg(N_("Game: 35 : 35, the bidder's side loses × {mult}"), {"mult": mult}) if mult > 1
                        else Msg(N_("Game: 35 : 35, the bidder's side loses")))
                lines.append(PaymentLine(game, side_payment(opp, decl, 10 * mult), "game"))
                summary = Msg(N_("35 : 35 — the bidder's side loses."))
        # declarations (CZ-7): never multiplied
        for s in g.order:
            for d in g.ann.declared[s]:
                mine = g.side_of(s)
                lines.append(PaymentLine(Msg(N_("{seat} declared {declaration}"),
                                             {"seat": seat_word(s), "declaration": Term(self.title_of(d))}),
                                         side_payment(mine, g.opponents_of(s), self.declaration_value(g, d)), "declaration:" + d))
        if not g.thrown_in:
            lines.extend(self._bonus_lines(g, decl, opp))
        net: dict[int, int] = {}
        for ln in lines:
            add_into(net, ln.net)
        zid_line = self._zid_druha(g, decl, opp)
        if zid_line is not None:
            lines.append(zid_line)
            add_into(net, zid_line.net)
        won = None
        if lines:
            won = net.get(g.bidder, 0) > 0 if not g.thrown_in else True
        res = hand_result(g, summary, {"Bidder's side": pts_d, "Opponents": pts_o}, lines, net,
                          declarer_side=decl, declarers_won=won)
        return res

    def _bonus_lines(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> list[PaymentLine]:
        lines: list[PaymentLine] = []
        last = g.tricks[-1] if g.tricks else None
        pa = g.ann.announced.get("pagat")
        pagat_player = None
        if last is not None:
            for s, c in last.plays:
                if c == PAGAT:
                    pagat_player = s
        if pa is not None:
            side = g.side_of(pa.seat)
            other = g.opponents_of(pa.seat)
            amt = self.announce_values["pagat"] << pa.level
            ok = pagat_player is not None and last is not None and last.winner == pagat_player
            if ok:
                lines.append(PaymentLine(Msg(N_("Pagát announced and won")), side_payment(side, other, amt), "bonus:pagat"))
            else:
                lines.append(PaymentLine(Msg(N_("Pagát announced and lost")), side_payment(other, side, amt), "bonus:pagat"))
        elif pagat_player is not None and last is not None:
            side = g.side_of(pagat_player)
            other = g.opponents_of(pagat_player)
            if last.winner == pagat_player:
                lines.append(PaymentLine(Msg(N_("Pagát won the last trick")), side_payment(side, other, 100), "silent:pagat"))
            else:
                lines.append(PaymentLine(Msg(N_("Pagát lost in the last trick")), side_payment(other, side, 100), "silent:pagat"))
        sweep: frozenset[int] | None = None
        for side in (decl, opp):
            if sum(g.tricks_won[s] for s in side) == len(g.tricks):
                sweep = side
        va = g.ann.announced.get("valat")
        if va is not None:
            side = g.side_of(va.seat)
            other = g.opponents_of(va.seat)
            amt = self.announce_values["valat"] << va.level
            if sweep == side:
                lines.append(PaymentLine(Msg(N_("Valát announced and made")), side_payment(side, other, amt), "bonus:valat"))
            else:
                lines.append(PaymentLine(Msg(N_("Valát announced and missed")), side_payment(other, side, amt), "bonus:valat"))
        if sweep is not None and (va is None or g.side_of(va.seat) != sweep):
            other = frozenset(s for s in g.active if s not in sweep)
            lines.append(PaymentLine(Msg(N_("Valát: every trick")), side_payment(sweep, other, 700), "silent:valat"))
        return lines

    def _zid_druha(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> PaymentLine | None:
        """CZ-16: druhá povinnost and the Žid."""
        if not g.options["zid"] or g.contract is not DRUHA or g.pool <= 0:
            return None
        pa = g.ann.announced.get("pagat")
        last = g.tricks[-1] if g.tricks else None
        if pa is None or last is None:
            return None
        ok = any(c == PAGAT and s == last.winner for s, c in last.plays)
        if pa.level == 0:
            if not ok:
                return None
            net: dict[int, int] = {POOL: -g.pool}
            share(net, sorted(decl), g.pool, +1)
            return PaymentLine(Msg(N_("The Žid goes to the pagát's side")), net, "pool:pagat")
        amount = g.pool // 2 * (1 << (pa.level - 1))
        winners, losers = (decl, opp) if ok else (opp, decl)
        return PaymentLine(Msg(N_("Žid: the pagát was doubled, so the pool stays and the sides pay its value")),
                           side_payment(winners, losers, amount), "pool:pagat_doubled")

    def _score_varsava(self, g: Game) -> HandResult:
        pts = {s: count_mask_points(g.won[s]) for s in g.order}
        top = max(pts.values())
        losers = [s for s in g.order if pts[s] == top]
        others = [s for s in g.order if s not in losers]
        lines: list[PaymentLine] = []
        net: dict[int, int] = {}
        if g.options["zid"]:
            for s in g.order:
                p = pts[s]
                fine = 0 if p <= 18 else 100 if p <= 28 else 200 if p <= 38 else 300
                if fine:
                    lines.append(PaymentLine(Msg(N_("{seat}: {n} point, pays the Žid"), {"seat": seat_word(s)},
                                                 plural=N_("{seat}: {n} points, pays the Žid"), n=p),
                                             {s: -fine, POOL: fine}, "pool:fine"))
                    add_into(net, {s: -fine, POOL: fine})
        else:
            if g.options["varsava_scoring"] == "alternative":
                base = 50 * (2 if top >= 35 else 1)
            else:
                base = 100 if top <= 29 else 200 if top <= 39 else 400
            pay: dict[int, int] = {}
            for s in others:
                amt = base * (2 if g.tricks_won[s] == 0 else 1)
                pay[s] = amt
                line_net: dict[int, int] = {s: amt}
                share(line_net, losers, amt, -1)
                lines.append(PaymentLine(Msg(N_("{seat} receives double (no trick)") if g.tricks_won[s] == 0
                                             else N_("{seat} receives"), {"seat": seat_word(s)}), line_net, "varsava"))
                add_into(net, line_net)
        who = ", ".join(f"seat {s + 1}" for s in losers)
        return hand_result(g, Msg(N_("Varšava: {who} took the most card points ({points})."),
                                  {"who": who, "points": top}),
                           {f"Seat {s + 1}": pts[s] for s in g.order}, lines, net)

    # ---- words -----------------------------------------------------------------------------

    def contract_term(self, g: Game) -> Sayable:
        c = g.contract
        assert c is not None
        if c is TROJKA and g.level:
            return Msg(N_("{contract}, level {level}"), {"contract": Term(c.title), "level": g.level})
        return Term(c.title)

    def prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        if g.phase is Phase.FINISHED:
            return t._("The hand is over.")
        if seat != g.to_act:
            if g.to_act is None:
                return t._("Wait for the others.")
            return t._("Wait: {seat} is to act.", seat=seat_word(g.to_act).lower())
        ph = g.phase
        if ph is Phase.RITUAL:
            step = g.ritual.step
            if step == "cut_or_knock":
                return t._("Cut the pack, or knock to have the cards dealt in twelves.")
            if step == "dealer_choice":
                return t._("They knocked: deal six-six (six to you first, six at the end) or in twelves.")
            return t._("Choose which batch of twelve cards you want.")
        if ph is Phase.AUCTION:
            high = g.auction.high
            if high is None:
                return t._("You are forehand: bid povinnost, trojka or sólo (you may not pass).")
            if high is POVINNOST and has(g.hands[seat], PAGAT):
                return t._("Pass, or bid higher than {contract}. As you hold the pagát you may bid "
                           "druhá povinnost.", contract=term(high.title, t))
            return t._("Pass, or bid higher than {contract}.", contract=term(high.title, t))
        if ph is Phase.CALL:
            if g.contract is POVINNOST:
                return t._("Call a tarok for your partner (XIX, or a lower one as your taroky allow), or choose Varšava.")
            return t._("Call a tarok for your partner (XIX, or a lower one as your taroky allow).")
        if ph is Phase.SURRENDER:
            return t._("You drew the called card: surrender (pay {amount} to each opponent) or play on alone.",
                       amount=t.money(self.currency, SURRENDER_PAYMENT))
        if ph is Phase.TALON:
            st = g.talon_state
            if isinstance(st, StagedTalon):
                if st.stage == 0:
                    return t._("Take these three talon cards (level 1), or put them aside and look at the second three.")
                return t._("Take the second three (level 2), or show them and take the first three back (level 3).")
            if isinstance(st, TalonDraws) and st.declined is None:
                return t._("Draw one card from the talon, or decline (only one of you two may decline).")
            return t._("Draw one card from the talon: the other player declined, so you must.")
        if ph is Phase.DISCARD:
            return discard_prompt(self, g, t)
        if ph is Phase.ANNOUNCE:
            if g.first_turn(seat):
                return t._("Announce pagát or valát, declare your combinations, double, or say Done.")
            return t._("You may double (flek, reflek, super) what was announced, or pass.")
        if ph is Phase.PLAY:
            return self._play_prompt(g, seat, t)
        return t._("Wait for the others.")

    def _play_prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        trick = g.trick
        assert trick is not None
        varsava = g.contract is VARSAVA
        if not trick.plays:
            if varsava:
                return t._("Lead any card. Varšava: beat every card so far if you can.")
            return t._("Lead any card.")
        led = trick.plays[0][1]
        if varsava:
            return t._("Follow {suit} if you can, else play a tarok, else any card. Varšava: beat "
                       "every card so far if you can.", suit=suit_label(led.suit, t))
        return t._("Follow {suit} if you can, else play a tarok, else any card.",
                   suit=suit_label(led.suit, t))


def discard_prompt(v: Variant, g: Game, t: Say = ENGLISH) -> str:
    """The discard prompt: how many cards are still to go, then the discard rules."""
    rules = " ".join(r.rule_text(t) for r in v.rules_of(Phase.DISCARD))
    if g.discard_seat is not None and not g.discards[g.discard_seat]:  # (none yet: not "more")
        return t.ngettext("Discard {n} card. {rules}", "Discard {n} cards. {rules}", g.discard_need, rules=rules)
    return t.ngettext("Discard {n} more card. {rules}", "Discard {n} more cards. {rules}",
                      g.discard_need, rules=rules)


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_AUCTION: Final = [PASS, bid("povinnost"), bid("druha"), bid("trojka"), bid("solo")]
_CALLS: Final = [*(act(Kind.CALL, c) for c in CALLABLE), act(Kind.VARSAVA)]
_SURRENDER: Final = [act(Kind.SURRENDER), act(Kind.PLAY_ON)]
_STAGED_FIRST: Final = [act(Kind.TAKE, 1), act(Kind.REJECT)]
_STAGED_SECOND: Final = [act(Kind.TAKE, 2), act(Kind.TAKE, 1)]
_DRAW: Final = [act(Kind.DRAW), act(Kind.DECLINE)]

_DOUBLE_OF: Final = {n: double(n) for n in ("game", "pagat", "valat")}
_ANNOUNCE_CANDIDATES: Final = (_ANNOUNCE_PAGAT, _ANNOUNCE_VALAT,
                                *(declare(d) for d in DECLARATIONS))

_BONUS_TITLES: Final[dict[str, str]] = {"game": "the game", "pagat": "Pagát", "valat": "Valát"}
