"""King-calling Taroky as played by Czech families in Nebraska (and Texas): the shared
pieces of Nebraska (La Vista), Heun and Petrtyl Tarock.

What lives here, switched by class constants (the subclasses are thin):

* NE-1 forehand by tarok II on a session's first deal, the previous forehand deals next;
  the tap/cut ritual with the Nebraska packet rule (C-2);
* the throw-in of a hand with no kings and no taroky (NE, HE-8), offered privately in
  the player's first auction turn so that nobody learns anything when it is not used;
* the holding auction (NE-2): Four < Five < Five Over, earlier players may hold;
* calling a king or "the fourth king" (NE-3, with its four-kings option);
* the staged blind of a Four with surrender (NE-4), Five / Five Over with the blind split
  when the called king is in it (NE-5; Heun splits it its own way, HE-5);
* the 21–Škýz–1 exception (NE-6);
* King Last, Tarok 1 Last (announced, abandoned), Ten Taroky, Four Kings, Three High,
  valát doubling, kontra / rekontra (NE-7, NE-8).

Money is in chips (NE-9).  Seats are in play order (C-1); the game is drawn clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from ..actions import PASS, Action, Kind, Term, act, bid, declare, double, register_titles, term
from ..cards import (
    CARDS,
    MOND,
    PAGAT,
    PLAIN_SUITS,
    QUEEN,
    SKYZ,
    Card,
    CardName,
    CardWords,
    king,
    mask_of,
    suit_card,
    suit_label,
    tarok,
)
from ..game import Announced, Contract, Game, Phase, Trick
from ..masks import HONOUR_MASK, KING_MASK, NUM_TAROKY, TAROK_MASK
from ..restrictions import (
    ActionRule,
    AnnounceOnce,
    BidHigher,
    DeclareOnlyTrue,
    DoubleChain,
    FirstTurnOnly,
    FollowSuit,
    NoFivePointDiscard,
    Restriction,
    TarokWhenVoid,
    TarokyLastDiscard,
    high_bid,
    lower_first,
)
from ..say import ENGLISH, N_, TERM, LowerTerm, Money, Msg, MsgValue, Say, Sayable, seat_word
from ..scoring import HandResult, PaymentLine, add_into, count_msg, side_payment
from .base import OptionSpec, Variant, hand_result, has, tarok_count

FOUR = Contract("four", "Four", 1, call="king", talon="staged")
FIVE = Contract("five", "Five", 2, call="king")
FIVE_OVER = Contract("five_over", "Five Over", 3, call="king")

register_titles({
    "four": "Four",
    "five": "Five",
    "five_over": "Five Over",
    "king_last": "King Last",
    "tarok1_last": "Tarok 1 Last",
    "ten_taroky": "Ten Taroky",
    "four_kings": "Four Kings",
    "three_high": "Three High",
})

# ---- the rules of the king-calling family, each written once (``restrictions``) -------------
# Each variant lists the ones it has (``Variant.restrictions``), in the order they apply.


class LastMustBid(ActionRule):
    """NE-2: if the first three pass, the fourth must bid."""

    kinds: tuple[Kind, ...] = (Kind.PASS,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        a = g.auction
        return a.high is None and len(a.out) == len(g.active) - 1 and seat not in a.out


class HoldOnlyEarlier(ActionRule):
    """NE-2: a player seated earlier (from forehand) than the high bidder may hold."""

    kinds: tuple[Kind, ...] = (Kind.HOLD,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        hs = g.auction.high_seat
        if hs is None:
            return True
        order = g.order
        return order.index(seat) >= order.index(hs)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        if g.auction.high_seat is None:
            return t._("Nobody has bid yet, so there is nothing to hold.")
        return t._("You sit after the high bidder, so you may not hold: {rule}",
                   rule=lower_first(self.rule_text(t)))



def discard_count(g: Game, t: Say = ENGLISH) -> str:
    """How many cards are still to be discarded, as the discard prompt opens: "Discard 4
    cards" before the first, "Discard 3 more cards" after it."""
    if g.discard_seat is not None and not g.discards[g.discard_seat]:
        return t.ngettext("Discard {n} card", "Discard {n} cards", g.discard_need)
    return t.ngettext("Discard {n} more card", "Discard {n} more cards", g.discard_need)

def holding_turn(g: Game, seat: int, a: Action, hold_words: str) -> int | None:
    """NE-2, RO-7: book ``seat``'s pass, hold or bid in an auction with holding (a pass is
    final) and return who speaks next: the next seat in play order that has not passed and
    is not the high bidder; None when nobody is left to speak.  ``hold_words`` is the
    event line of a hold, a message with ``{seat}`` and ``{contract}`` ("{seat} holds
    {contract}.", "{seat} says la mine: {contract}.")."""
    st = g.auction
    st.spoke.add(seat)
    g.bids.append((seat, a))
    if a.kind is Kind.PASS:
        st.out.add(seat)
        g.emit("pass", seat, Msg(N_("{seat} passes."), {"seat": seat_word(seat)}))
    elif a.kind is Kind.HOLD:
        assert st.high is not None
        st.high_seat = seat
        g.emit("hold", seat, Msg(hold_words, {"seat": seat_word(seat), "contract": Term(st.high.title)}))
    else:
        st.high = g.variant.contracts[str(a.value)]
        st.high_seat = seat
        g.emit("bid", seat, Msg(N_("{seat} bids {contract}."), {"seat": seat_word(seat), "contract": Term(a.label)}))
    order = g.order
    i = order.index(seat)
    n = len(order)
    for k in range(1, n + 1):
        s = order[(i + k) % n]
        if s not in st.out and s != st.high_seat:
            return s
    return None


class OpeningOnly(ActionRule):
    """NE-2: Four only as the opening bid (PT-1: Three)."""

    kinds: tuple[Kind, ...] = (Kind.BID,)
    titles: tuple[str, ...]

    def __init__(self, phase: Phase, names: frozenset[str], titles: tuple[str, ...], ref: str = "") -> None:
        self.titles = titles
        super().__init__("opening_only", phase, self.rule_text(), ref)
        self.names = names

    def rule_text(self, t: Say = ENGLISH) -> str:
        # (the contracts' names are game terms: the sentence is a message, issue #14)
        names = ", ".join(t.pgettext(TERM, title) for title in self.titles)
        return t._("{contract} may be bid only as the opening bid.", contract=names)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return action.value in self.names and high_bid(g) is not None


class OnlyOver(ActionRule):
    """NE-2: Five Over only over Five."""

    kinds: tuple[Kind, ...] = (Kind.BID,)
    titles: tuple[tuple[str, str], ...]

    def __init__(self, phase: Phase, over: dict[str, str], titles: tuple[tuple[str, str], ...],
                 ref: str = "") -> None:
        self.titles = titles
        super().__init__("only_over", phase, self.rule_text(), ref)
        self.over = over

    def rule_text(self, t: Say = ENGLISH) -> str:
        # (the contracts' names are game terms: the sentence is a message, issue #14)
        # (said plainly, issue #31: "Five Over is allowed only when the high bid is Five")
        return "; ".join(t._("{contract} is allowed only when the high bid is {previous}", contract=t.pgettext(TERM, high),
                             previous=t.pgettext(TERM, low)) for high, low in self.titles) + "."

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        need = self.over.get(str(action.value))
        if need is None:
            return False
        high = high_bid(g)
        return high is None or high.name != need


class ThrowInEmptyHand(ActionRule):
    """NE, HE-8: a hand with no kings and no taroky may be thrown in, on its first turn."""

    kinds: tuple[Kind, ...] = (Kind.THROW_IN,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return seat in g.auction.spoke or bool(g.hands[seat] & (TAROK_MASK | KING_MASK))


class FourthKingNeedsThree(ActionRule):
    """NE-3: 'the fourth king' only with exactly three kings."""

    kinds: tuple[Kind, ...] = (Kind.CALL_FOURTH_KING,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return (g.hands[seat] & KING_MASK).bit_count() != 3


class FourKingsAlternative(ActionRule):
    """NE-3 (option): with all four kings, a queen or XIX may be called instead."""

    kinds: tuple[Kind, ...] = (Kind.CALL,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return not action.card.is_king and (g.hands[seat] & KING_MASK).bit_count() != 4


class SurrenderAfterBoth(ActionRule):
    """NE-4: surrender only having seen both groups of the blind."""

    kinds: tuple[Kind, ...] = (Kind.SURRENDER,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return g.staged.stage == 0


class LastNeedsCard(ActionRule):
    """NE-7: King Last needs the called king in hand, Tarok 1 Last the tarok 1."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        hand = g.hands[seat]
        if action.value == "king_last":
            return g.called is None or not has(hand, g.called)
        if action.value == "tarok1_last":
            return not has(hand, PAGAT)
        return False

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        if action.value == "king_last":
            return t._("Only the holder of the called king may announce King Last.")
        return t._("Only the holder of tarok 1 may announce Tarok 1 Last.")


LAST_MUST_BID: Final = LastMustBid(
    "last_must_bid", Phase.AUCTION, N_("If the first three players pass, the last must bid."), "NE-2")
HOLD_ONLY_EARLIER: Final = HoldOnlyEarlier(
    "hold_only_earlier", Phase.AUCTION,
    N_("A player seated earlier (from forehand) than the high bidder may hold (equal) the high "
    "bid; a later player must bid higher."), "NE-2")
THROW_IN_EMPTY_HAND: Final = ThrowInEmptyHand(
    "throw_in_empty_hand", Phase.AUCTION,
    N_("A hand with no kings and no taroky may be thrown in, on its holder's first turn."))
# (the Nebraska text: 'If any player has no Kings and no Taroky in their 12 cards, they can
# require that the deal be abandoned for no score'; Heun's HE-8 says the same)
FOURTH_KING_NEEDS_THREE: Final = FourthKingNeedsThree(
    "call_fourth_king", Phase.CALL,
    N_("You may call \"the fourth king\" only when you hold exactly three kings."), "NE-3")
FOUR_KINGS_ALTERNATIVE: Final = FourKingsAlternative(
    "four_kings_call", Phase.CALL,
    N_("A queen or tarok XIX may be called only by a bidder who holds all four kings (when the "
    "table's rules allow it)."), "NE-3")
SURRENDER_AFTER_BOTH: Final = SurrenderAfterBoth(
    "surrender_after_both", Phase.TALON,
    N_("You may surrender only after looking at both groups of the blind."), "NE-4")
KC_DISCARD_FIVE: Final = NoFivePointDiscard(
    Phase.DISCARD, N_("Kings, the škýz, 21 and 1 are never discarded."), "NE-4")
KC_DISCARD_TAROKY: Final = TarokyLastDiscard(
    Phase.DISCARD,
    N_("Other taroky are discarded only when you hold nothing else you may discard; their "
    "number is announced."), "NE-4")
KC_FIRST_TURN: Final = FirstTurnOnly(
    Phase.ANNOUNCE,
    N_("Bonuses and declarations are said only in your first turn; after it you may only double."),
    "NE-7")
KC_ANNOUNCE_ONCE: Final = AnnounceOnce(Phase.ANNOUNCE, "NE-7")
LAST_NEEDS_CARD: Final = LastNeedsCard(
    "last_needs_card", Phase.ANNOUNCE,
    N_("King Last is announced by the holder of the called king, Tarok 1 Last by the holder of "
    "tarok 1."), "NE-7")
TEN_TAROKY_TRUE: Final = DeclareOnlyTrue(
    Phase.ANNOUNCE, N_("Ten Taroky is declared only by a player who holds ten or more taroky."),
    "NE-7")
KONTRA: Final = DoubleChain(
    Phase.ANNOUNCE,
    N_("Kontra is said by an opponent on the game in Five and Five Over (if the table plays "
    "kontra); rekontra by the bidder's side."), "NE-8")
FOLLOW_SUIT: Final = FollowSuit(Phase.PLAY)
TAROK_WHEN_VOID: Final = TarokWhenVoid(Phase.PLAY)

# ---- calling a king: shared by the whole king-calling family (Kozy too, K9) ----------------

#: Calling each of the four kings by its suit.
KING_CALLS: Final[tuple[Action, ...]] = tuple(act(Kind.CALL, king(s)) for s in PLAIN_SUITS)


def call_card(g: Game, seat: int, card: Card) -> None:
    """The bidder names ``card`` (a king, or a queen or XIX under NE-3's option): its holder
    is the secret partner; calling one's own card, or one in the talon, means playing
    alone."""
    g.called = card
    g.emit("call", seat, Msg(N_("{seat} calls {card}."), {"seat": seat_word(seat), "card": CardName(card)}),
           None, (card,))


def record_announcement(g: Game, seat: int, a: Action) -> str:
    """``seat`` announces a bonus or declares a combination (``a``): written into the
    announcement log and told to everyone; returns its name.  Shared with Kozy (KZ-6,
    KZ-11)."""
    name = str(a.value)
    what = g.variant.title_of(name)
    g.ann.log.append((seat, what))
    if a.kind is Kind.ANNOUNCE:
        g.ann.announced[name] = Announced(name, seat)
        g.emit("announce", seat, Msg(N_("{seat} announces {what}."), {"seat": seat_word(seat), "what": Term(what)}))
    else:
        g.ann.declared[seat].append(name)
        g.emit("declare", seat, Msg(N_("{seat} declares {what}."), {"seat": seat_word(seat), "what": Term(what)}))
    return name


def turn_prompt(g: Game, seat: int, knock: str = "tap it", t: Say = ENGLISH) -> str | None:
    """The prompt of the moments the king-calling family and Kozy word alike: the hand
    over, another seat to act, the cut (``knock``: "tap it" or "knock", the word for
    refusing it), the discard and trick play; None in the other phases."""
    ph = g.phase
    if ph is Phase.FINISHED:
        return t._("The hand is over.")
    if seat != g.to_act:
        if g.to_act is None:
            return t._("Wait for the others.")
        return t._("Wait: {seat} is to act.", seat=seat_word(g.to_act).lower())
    if ph is Phase.RITUAL:
        if g.ritual.step == "cut_or_knock":
            if knock == "knock":
                return t._("Cut the pack, or knock to have it dealt in four packets of twelve.")
            return t._("Cut the pack, or tap it to have it dealt in four packets of twelve.")
        return t._("Choose a packet of twelve cards.")
    if ph is Phase.DISCARD:
        rules = " ".join(r.rule_text(t) for r in g.variant.rules_of(Phase.DISCARD))
        return t._("{count}: {rules}", count=discard_count(g, t), rules=lower_first(rules))
    if ph is Phase.PLAY:
        trick = g.trick
        if trick is None or not trick.plays:
            return t._("Lead any card.")
        return t._("Follow {suit} if you can, else play a tarok, else any card.",
                   suit=suit_label(trick.plays[0][1].suit, t))
    return None


def ladder_rules(ladder: tuple[Contract, ...], opening: frozenset[str],
                 over: dict[str, str], ref: str) -> tuple[Restriction, ...]:
    """The bidding-ladder rules of a variant, in the variant's own words."""
    by_name = {c.name: c for c in ladder}
    out: list[Restriction] = []
    if opening:
        titles = tuple(by_name[n].title for n in sorted(opening, key=lambda n: by_name[n].rank))
        out.append(OpeningOnly(Phase.AUCTION, opening, titles, ref))
    if over:
        out.append(OnlyOver(Phase.AUCTION, over, tuple((by_name[a].title, by_name[b].title)
                                                       for a, b in over.items()), ref))
    out.append(BidHigher(Phase.AUCTION, ladder, ref))
    return tuple(out)


NEBRASKA_RULES: Final[tuple[Restriction, ...]] = (
    LAST_MUST_BID, HOLD_ONLY_EARLIER,
    *ladder_rules((FOUR, FIVE, FIVE_OVER), frozenset({"four"}), {"five_over": "five"}, "NE-2"),
    THROW_IN_EMPTY_HAND, FOURTH_KING_NEEDS_THREE, FOUR_KINGS_ALTERNATIVE, SURRENDER_AFTER_BOTH,
    KC_DISCARD_FIVE, KC_DISCARD_TAROKY,
    KC_FIRST_TURN, LAST_NEEDS_CARD, TEN_TAROKY_TRUE, KC_ANNOUNCE_ONCE, KONTRA,
    FOLLOW_SUIT, TAROK_WHEN_VOID,
)


FOUR_RATES = {1: 4, 2: 5, 3: 6}  # NE-4: first three / second three / back to the first
#: NE-4: what a bidder who surrenders the Four pays each other player (chips).
SURRENDER_CHIPS: Final = 4
BIDDERS = "Bidder's side"  # the side labels of HandResult.card_points
OPPONENTS = "Opponents"

RITUAL_OPTION = OptionSpec(
    "ritual", "Tap or cut before the deal", False,
    help="The player before the dealer cuts (packets of six) or taps (four packets of twelve to "
         "choose from).", ref="C-2")
FOUR_KINGS_OPTION = OptionSpec(
    "four_kings_call", "A bidder with all four kings calls", "own_king",
    choices=("own_king", "queen", "xix"),
    help="own_king: one of the bidder's own kings (plays alone); queen: may call a queen instead; "
         "xix: may call tarok XIX instead.", ref="NE-3")
KONTRA_OPTION = OptionSpec(
    "kontra", "Kontra / rekontra on Five and Five Over", True,
    help="Off as in the Clarkson tournament.", ref="NE-8")


class KingCall(Variant):
    """The king-calling family.  Subclasses set the axes below."""

    seat_counts = (4, 5)
    clockwise = True  # C-1: drawing only
    red_ace_high = False  # red pips 4 > 3 > 2 > 1
    #: "In the red suits the 1 (ace) is lowest"; the honours are "the 1" and "the 21".
    card_words = CardWords(ace="1", pagat="", mond="")
    currency = "chips"
    tarok_discards_face_up = False  # NE-4: only the number of discarded taroky is told
    max_double = 2
    double_words = ("", "Kontra", "Rekontra")
    first_batch_fixes_order = True
    session_start = 20  # NE-9
    contracts: ClassVar[dict[str, Contract]] = {c.name: c for c in (FOUR, FIVE, FIVE_OVER)}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (RITUAL_OPTION, FOUR_KINGS_OPTION, KONTRA_OPTION)
    restrictions: ClassVar[tuple[Restriction, ...]] = NEBRASKA_RULES

    # ---- axes ----------------------------------------------------------------------------
    ladder: ClassVar[tuple[Contract, ...]] = (FOUR, FIVE, FIVE_OVER)
    opening_only: ClassVar[frozenset[str]] = frozenset({"four"})  # NE-2
    only_over: ClassVar[dict[str, str]] = {"five_over": "five"}  # NE-2
    last_must_bid: ClassVar[bool] = True  # NE-2: the fourth must bid after three passes
    all_pass_dealer_four: ClassVar[bool] = False  # HE-3
    kontra_contracts: ClassVar[frozenset[str]] = frozenset({"five", "five_over"})  # NE-8
    lead: ClassVar[str] = "bidder"  # NE-6; "heun" (HE-2); "forehand" (PT-2)
    keep_announced: ClassVar[bool] = False  # PT-3 (NE-7 lets La Vista abandon)
    can_play_alone: ClassVar[bool] = False  # PT-2
    bonus_mult: ClassVar[dict[str, int]] = {"four": 1, "five": 2, "five_over": 4}
    sweep_table: ClassVar[bool] = False  # Petrtyl: Sweep payments instead of doubling

    # ---- the rules pages (bot.engine.rulebook): facts no hook states as data ------------
    first_lead: ClassVar[dict[str, str]] = {"*": "bidder"}  # NE-6 (see leader())
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        "deal": (
            "Play goes clockwise. Each player gets 12 cards and 6 go to the blind.",
            "On the first deal of a session the holder of tarok 2 is forehand (if it is in "
            "the blind, the holder of 3, and so on); after that the previous forehand deals "
            "and the player after the dealer is forehand.",
            "With five at the table the dealer sits the hand out.",
            "A player with no kings and no taroky may throw the hand in on his first turn to "
            "speak: the deal is abandoned for no score.",
        ),
        "auction": (
            "Bidding goes round from forehand until all but one have passed; a player who "
            "passes is out.",
            "The last bidder (or the player who held the bid) is the bidder.",
        ),
        "call": (
            "The bidder calls a king by naming its suit; its holder is the bidder's secret "
            "partner until the king is played.",
            "Calling your own king, or a king that lies in the blind, means playing alone "
            "against the other three.",
            "With exactly three kings the bidder may call the fourth king: nobody else learns "
            "which suit it is.",
        ),
        "talon": (
            "Four: the bidder looks at the first three blind cards and takes them (4 chips), "
            "or shows them and looks at the other three, then takes those (5 chips) or shows "
            "them too and takes the first three back (6 chips). Then he discards three.",
            "Having seen both threes, the bidder of a Four may instead surrender and pay 4 "
            "chips to each other player.",
            "Five and Five Over: the blind stays unseen and counts for the opponents; if the "
            "called king is in it, the three blind cards that hold it go to the bidder and the "
            "other three to the opponents.",
        ),
        "announcements": (
            "Before the first lead, starting with the bidder, each player may announce King "
            "Last (holding the called king) or Tarok 1 Last (holding the 1) and declare Ten "
            "Taroky.",
            "A team may give up an announced bonus by playing its card early; the bonus is then "
            "paid as lost.",
            "In a Five or Five Over an opponent of the bidder may say kontra, doubling the game; "
            "the bidder's team may answer rekontra, doubling it again (the table may turn "
            "kontra off).",
        ),
        "play": (
            "The highest tarok wins the trick; a trick without taroky is won by the highest "
            "card of the suit led.",
            "Exception: if the 21, the škýz and the 1 are played to one trick in that order, "
            "the 1 wins it.",
        ),
    }
    counting_rules: ClassVar[tuple[str, ...]] = (
        "Cards are counted in threes: kings, the škýz, 21 and 1 are worth 5, queens 4, riders "
        "3, jacks 2, every other card 1, less 2 for each three: 70 points in the pack.",
        "The bidder's team counts its tricks, discards and share of the blind, and wins the "
        "game with 36 points or more; 35 : 35 loses.",
        "Each player of the losing team pays one player of the winning team; a lone bidder "
        "pays or receives the amount from each opponent.",
    )
    game_payments: ClassVar[dict[str, str]] = {
        "four": "4 chips with the first three blind cards, 5 with the second three, 6 going "
                "back to the first three.",
        "five": "8 chips.",
        "five_over": "16 chips.",
    }
    scoring_rules: ClassVar[tuple[str, ...]] = (
        "Kontra doubles the payment for the game, rekontra doubles it again; bonuses are not "
        "doubled.",
        "King Last: if the called king is played to the last trick, the team that wins that "
        "trick gets 1 chip.",
        "Tarok 1 Last: if the 1 wins the last trick its team gets 1 chip; if it is played to "
        "the last trick and beaten, its team pays 1 chip.",
        "An announced King Last or Tarok 1 Last is paid 2 chips, won or lost.",
        "Ten Taroky (declared before the lead), Four Kings and Three High (the škýz, 21 and 1, "
        "counted when played) are paid 1 chip by each other player.",
        "Bonuses and declarations are worth twice as much in a Five and four times in a Five "
        "Over.",
        "A bidder who surrenders a Four pays 4 chips to each other player.",
    )
    valat_rule = ("Valát (one team takes all 12 tricks) doubles the payment for the game and the "
                  "last-trick bonuses, but not Ten Taroky, Four Kings or Three High.")
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        "tarok": ("One of the 22 trumps (plural taroky): 1 to 21 and the škýz. A tarok beats "
                  "every suit card.",
                  "Hearts are led and you have none: you must play a tarok."),
        "taroky": ("The trumps: one tarok, two or more taroky.",
                   "Other taroky may be discarded only when you hold nothing but taroky and "
                   "kings."),
        "škýz": ("The Skies, the highest tarok, worth 5 points.",
                 "You lead the škýz: it wins the trick (unless the 21 came before it and the 1 "
                 "after it)."),
        "21": ("Tarok 21, the second highest, worth 5 points.",
               "You play the 21 on a trick of 20 and 15: it wins unless the škýz follows."),
        "1": ("Tarok 1 (špaček), the lowest tarok, worth 5 points.",
              "The 21, the škýz and the 1 fall in one trick in that order: the 1 wins it."),
        "forehand": ("The first to bid: the player after the dealer (on a session's first deal, "
                     "the holder of tarok 2).",
                     "Seat 1 dealt, so seat 2 is forehand."),
        "dealer": ("Deals the cards; at a five-player table sits the hand out.",
                   "Seat 2 was forehand, so seat 2 deals the next hand."),
        "bidder": ("The player who won the auction; he calls a king.",
                   "You bid Five and everyone else passes: you are the bidder."),
        "bid": ("Naming Four, Five or Five Over in the auction.",
                "Forehand bids Four; you bid Five."),
        "pass": ("Dropping out of the auction, or saying nothing in the announcements.",
                 "You pass: you take no further part in the bidding."),
        "hold": ("An earlier player (counting from forehand) may equal the high bid and take "
                 "it over.",
                 "You bid Four, seat 3 bids Five: you may hold the Five."),
        "four": ("A bid: the bidder takes three cards from the blind in stages; 4, 5 or 6 chips.",
                 "You bid Four, show the first three blind cards and take the second three: 5 "
                 "chips."),
        "five": ("A bid: the blind stays unseen and counts for the opponents; 8 chips.",
                 "You bid Five and call the king of hearts."),
        "five over": ("A bid only over a Five: played like a Five, but 16 chips.",
                      "Seat 2 bids Five; you bid Five Over."),
        "call": ("Naming a king whose holder becomes your secret partner.",
                 "You call the king of spades; its holder plays with you without saying so."),
        "fourth king": ("With exactly three kings you may call the one you lack without naming "
                        "its suit.",
                        "You hold three kings and call the fourth king: the king of clubs."),
        "partner": ("The holder of the called king; he plays with the bidder.",
                    "You hold the called king of diamonds: you are the bidder's partner."),
        "blind": ("The six cards dealt face down (the talon).",
                  "In a Five the blind stays unseen and counts for the opponents."),
        "talon": ("Another word for the blind: the six cards dealt face down.",
                  "In a Four the bidder takes three talon cards."),
        "surrender": ("Giving up a Four after looking at the blind: pay 4 chips to each other "
                      "player.",
                      "The called king is in the blind and your hand is weak: you surrender."),
        "discard": ("Putting three cards away after taking blind cards; they count for your team.",
                    "You took three blind cards, so you discard three."),
        "announce": ("Promising a last-trick bonus before the first lead: it is paid double, "
                     "won or lost.",
                     "You hold the 1 and many taroky: you announce Tarok 1 Last."),
        "declare": ("Claiming Ten Taroky before the first lead.",
                    "You hold eleven taroky: you declare Ten Taroky."),
        "king last": ("The called king played to the last trick: its winners get a chip.",
                      "The called king of hearts falls in the last trick, which your team wins: "
                      "1 chip each."),
        "tarok 1 last": ("The 1 winning the last trick: a chip for its team (it pays one if "
                         "beaten there).",
                         "Your 1 is the only tarok in the last trick: your team gets a chip."),
        "ten taroky": ("Ten or more taroky in hand, declared before the first lead: a chip from "
                       "each other player.",
                       "You hold ten taroky: declare them and each other player pays you."),
        "four kings": ("All four kings in one hand, counted when played: a chip from each other "
                       "player.",
                       "You play your fourth king: each other player pays you a chip."),
        "three high": ("The škýz, 21 and 1 in one hand, counted when played: a chip from each "
                       "other player.",
                       "You play the last of your škýz, 21 and 1: each other player pays you."),
        "valát": ("One team takes all 12 tricks: the game and last-trick bonuses are doubled.",
                  "Your team wins every trick of a Five: 16 chips instead of 8."),
        "double": ("Kontra: doubling the payment for the game.",
                   "You expect a Five to fail: you double it with kontra."),
        "kontra": ("An opponent doubles a Five or Five Over game; rekontra doubles again.",
                   "Seat 3 says kontra on your Five: it pays 16 chips."),
        "rekontra": ("The bidder's team answers a kontra: four times the game payment.",
                     "After kontra on your Five you say rekontra: 32 chips."),
        "chips": ("The money of the game; each player starts a session with 20.",
                  "You win a Five with your partner: each of you receives 8 chips."),
        "throw in": ("A hand with no kings and no taroky may be thrown in on its first turn: no "
                     "score, a new deal.",
                     "You hold only suit cards without a king: you throw the hand in."),
        "cut": ("Before the deal the player before the dealer may cut (a table option).",
                "You cut; the cards are dealt in packets of six."),
        "tap": ("Instead of cutting: the cards are dealt in four packets of twelve to choose "
                "from.",
                "You tap; the player after the dealer chooses a packet first."),
        "knock": ("Another word for the tap: the cards are dealt in packets of twelve.",
                  "You knock; everyone chooses a packet."),
        "batch": ("One of the four packets of twelve cards after a tap.",
                  "You are offered batches 1 to 4 and take batch 2."),
    }

    def __init__(self) -> None:
        super().__init__()
        # The fixed offers of the auction and the announcement round (the rules then say
        # which are open to whom).
        self._auction_offers: list[Action] = [
            PASS, act(Kind.HOLD), *(bid(c.name) for c in self.ladder), act(Kind.THROW_IN)]
        self._double_of: dict[str, Action] = {
            n: double(n) for n in ("game", *self.announcement_names)}
        self._announce_candidates: tuple[Action, ...] = (
            *(act(Kind.ANNOUNCE, n) for n in self.announcement_names),
            *(declare(d) for d in self.declaration_names))

    # ---- deal (NE-1, C-2) -----------------------------------------------------------------

    def cutter(self, g: Game) -> int:
        """The player to the dealer's right: the seat before the dealer in play order."""
        return (g.dealer - 1) % g.num_seats

    def find_forehand(self, g: Game) -> int:
        """NE-1: on a session's first deal the holder of tarok II (else III, IV, ...)."""
        if g.first_of_session:
            for c in range(1, NUM_TAROKY):
                for s in g.active:
                    if g.hands[s] >> c & 1:
                        return s
        return g.next_active(g.dealer)

    def next_dealer(self, g: Game) -> int:
        """NE-1: the previous forehand deals (also after a throw-in or a surrender)."""
        return g.forehand

    # ---- auction (NE-2) --------------------------------------------------------------------

    def _auction_candidates(self, g: Game, seat: int) -> list[Action]:
        return self._auction_offers

    def apply_bid(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.THROW_IN:
            g.throw_in_by = seat
            g.emit("throw_in", seat, Msg(N_("{seat} has no kings and no taroky and throws the hand in."), {"seat": seat_word(seat)}))
            g.finish_thrown_in(Msg(N_("{seat} held no kings and no taroky: the deal is abandoned for no score."), {"seat": seat_word(seat)}))
            return
        nxt = holding_turn(g, seat, a, N_("{seat} holds {contract}."))
        if nxt is not None:
            g.turn_to(nxt)
            return
        self.end_auction(g)

    def end_auction(self, g: Game) -> None:
        st = g.auction
        high = st.high
        if high is None:
            # HE-3: everyone passed, the dealer must play Four (with five players the dealer
            # sits out: the last player in order).
            seat = g.dealer if g.dealer in g.active else g.order[-1]
            high = FOUR
            g.emit("forced", seat, Msg(N_("Everyone passed: {seat}, the dealer, must play Four."), {"seat": seat_word(seat)}))
        else:
            assert st.high_seat is not None
            seat = st.high_seat
        g.bidder = seat
        g.contract = high
        g.emit("contract", seat, Msg(N_("{seat} is the bidder: {contract}."), {"seat": seat_word(seat), "contract": Term(high.title)}))
        self.after_contract(g)

    def after_contract(self, g: Game) -> None:
        c = g.contract
        assert c is not None and g.bidder is not None
        if c.call == "king":
            g.start_call()
            return
        g.talon_to_opponents = mask_of(g.talon)
        g.start_announcements()

    # ---- calling (NE-3, PT-2) -------------------------------------------------------------

    def _call_candidates(self, g: Game, seat: int) -> list[Action]:
        out = list(KING_CALLS)
        out.append(act(Kind.CALL_FOURTH_KING))
        how = g.options["four_kings_call"]  # NE-3 (option)
        if how == "queen":
            out.extend(act(Kind.CALL, suit_card(s, QUEEN)) for s in PLAIN_SUITS)
        elif how == "xix":
            out.append(act(Kind.CALL, tarok(19)))
        if self.can_play_alone:
            out.append(act(Kind.PLAY_ALONE))
        return out

    def apply_call(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.PLAY_ALONE:
            g.auction.alone = True
            g.emit("alone", seat, Msg(N_("{seat} plays without a king (alone)."), {"seat": seat_word(seat)}))
        elif a.kind is Kind.CALL_FOURTH_KING:
            missing = KING_MASK & ~g.hands[seat]
            g.called = CARDS[missing.bit_length() - 1]
            g.called_fourth_king = True
            g.emit("call", seat, Msg(N_("{seat} calls the fourth king."), {"seat": seat_word(seat)}))
            g.emit("call_private", seat, Msg(N_("You called {card}."), {"card": CardName(g.called)}), frozenset((seat,)),
                   (g.called,))
        else:
            call_card(g, seat, a.card)
        if g.contract is FOUR:
            g.start_staged_talon(3, 2)
            return
        self.blind_unseen(g)
        g.start_announcements()

    def blind_unseen(self, g: Game) -> None:
        """NE-5: the blind goes to the opponents unseen, unless the called king is in it:
        then the three blind cards containing it are the bidder's."""
        assert g.bidder is not None
        talon = mask_of(g.talon)
        c = g.called
        if c is not None and talon >> c & 1:
            top = mask_of(g.talon[:3])
            mine = top if top >> c & 1 else talon & ~top
            g.talon_to[g.bidder] = mine
            g.talon_to_opponents = talon & ~mine
        else:
            g.talon_to_opponents = talon

    # ---- the staged blind (NE-4) ----------------------------------------------------------

    def _talon_candidates(self, g: Game, seat: int) -> list[Action]:
        if g.staged.stage == 0:
            return [act(Kind.TAKE, 1), act(Kind.REJECT), act(Kind.SURRENDER)]
        return [act(Kind.TAKE, 2), act(Kind.TAKE, 1), act(Kind.SURRENDER)]

    def apply_talon(self, g: Game, seat: int, a: Action) -> None:
        st = g.staged
        if a.kind is Kind.SURRENDER:
            g.surrendered = True
            g.emit("surrender", seat, Msg(N_("{seat} surrenders the Four."), {"seat": seat_word(seat)}))
            g.finish_thrown_in(Msg(N_("{seat} surrendered and pays {amount} to each other player."),
                                   {"seat": seat_word(seat), "amount": Money(self.currency, SURRENDER_CHIPS)}))
            return
        if a.kind is Kind.REJECT:
            g.staged_reject(expose=True)
            g.emit("talon_reject", seat, Msg(N_("{seat} shows the first three blind cards and looks at the other three."), {"seat": seat_word(seat)}))
            return
        if st.stage == 0:
            g.staged_take(0, 1)
        elif a.value == 2:
            g.staged_take(1, 2)
        else:
            g.staged_reject_and_take(1, 0, 3)
        g.start_discard(seat, 3)

    def after_discard(self, g: Game, seat: int) -> None:
        g.start_announcements()

    # ---- the variant-driven phases ---------------------------------------------------------

    def candidates(self, g: Game, seat: int) -> list[Action]:
        ph = g.phase
        if ph is Phase.AUCTION:
            return self._auction_candidates(g, seat)
        if ph is Phase.CALL:
            return self._call_candidates(g, seat)
        if ph is Phase.TALON:
            return self._talon_candidates(g, seat)
        return []

    # ---- announcements (NE-7, NE-8) ---------------------------------------------------------

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """Ten Taroky: ten or more taroky, judged after the blind exchange (Heun: 'This even
        applies for the player playing Four who attains this after selecting')."""
        return ["ten_taroky"] if tarok_count(g.hands[seat]) >= 10 else []

    #: What may be announced and declared (the rules say who and when).
    announcement_names: ClassVar[tuple[str, ...]] = ("king_last", "tarok1_last")
    declaration_names: ClassVar[tuple[str, ...]] = ("ten_taroky",)

    def announce_candidates(self, g: Game, seat: int) -> list[Action]:
        out = list(self._announce_candidates)
        for n in g.ann.announced:
            out.append(self._double_of[n])
        return out

    def apply_announcement(self, g: Game, seat: int, a: Action) -> None:
        record_announcement(g, seat, a)

    def doublable(self, g: Game) -> frozenset[str]:
        """NE-8: kontra / rekontra only on Five and Five Over, only on the game (an option);
        HE-7: never in Heun."""
        c = g.contract
        if c is not None and c.name in self.kontra_contracts and g.options.get("kontra"):
            return frozenset(("game",))
        return frozenset()

    def title_of(self, name: str, t: Say = ENGLISH) -> str:
        return term("the game", t) if name == "game" else super().title_of(name, t)

    def leader(self, g: Game) -> int:
        """NE-6: the final bidder leads; HE-2: forehand in Four; PT-2: always forehand."""
        assert g.bidder is not None
        if self.lead == "forehand" or (self.lead == "heun" and g.contract is FOUR):
            return g.forehand
        return g.bidder

    def after_announcements(self, g: Game) -> None:
        g.start_play(self.leader(g))

    # ---- play (NE-6, NE-7, PT-3) -------------------------------------------------------------

    def kept_cards(self, g: Game, seat: int) -> int:
        """PT-3: an announced last-trick card is kept unless forced (La Vista may abandon,
        NE-7: then nothing is kept)."""
        if not self.keep_announced:
            return 0
        m = 0
        k = g.ann.announced.get("king_last")
        if k is not None and k.seat == seat and g.called is not None:
            m |= 1 << g.called
        p = g.ann.announced.get("tarok1_last")
        if p is not None and p.seat == seat:
            m |= 1 << PAGAT
        return m

    def trick_exception(self, plays: Sequence[tuple[int, Card]], best: int) -> int:
        """NE-6: 'If the 21, the Skies and the trump 1 are all played to the same trick in that
        order, then the trump 1 wins the trick.'"""
        im = isk = ip = -1
        for i, (_, c) in enumerate(plays):
            if c == MOND:
                im = i
            elif c == SKYZ:
                isk = i
            elif c == PAGAT:
                ip = i
        if 0 <= im < isk < ip:
            return plays[ip][0]
        return best

    # ---- scoring ------------------------------------------------------------------------------

    def game_rate(self, g: Game) -> int:
        c = g.contract
        assert c is not None
        if c is FOUR:
            return FOUR_RATES.get(g.level, 4)
        return {"five": 8, "five_over": 16}.get(c.name, 0)

    def declarers_win(self, g: Game, decl: frozenset[int]) -> bool:
        """'the bidder's team wins the game if they have more card points than the other team
        i.e. 36 or more'; 35 : 35 loses."""
        return g.side_points(decl) > 35

    def side_count(self, g: Game, side: frozenset[int]) -> tuple[int, int] | None:
        """What a side counted where the variant counts cards as well as points: (points,
        cards left over) (Heun).  None where card points say it all (La Vista)."""
        return None

    def sweeping_side(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> frozenset[int] | None:
        n = len(g.tricks)
        for side in (decl, opp):
            if n and sum(g.tricks_won[s] for s in side) == n:
                return side
        return None

    def score(self, g: Game) -> HandResult:
        c = g.contract
        if c is None:
            return hand_result(g, Msg(N_("The deal was abandoned for no score.")), {}, [], {})
        assert g.bidder is not None
        b = g.bidder
        if g.surrendered:
            others = [s for s in g.order if s != b]
            line = PaymentLine(Msg(N_("Surrender: {amount} to each other player"),
                                   {"amount": Money(self.currency, SURRENDER_CHIPS)}),
                               side_payment(others, [b], SURRENDER_CHIPS), "surrender")
            return hand_result(g, Msg(N_("{seat} surrendered."), {"seat": seat_word(b)}), {}, [line],
                               dict(line.net), declarer_side=g.declarer_side, declarers_won=False)
        special = self.score_special(g)
        if special is not None:
            return special
        if g.partner is None and g.called is not None:
            h = g.holder_of(g.called)
            g.partner = None if h is None or h == b else h
        decl = g.declarer_side
        opp = frozenset(s for s in g.active if s not in decl)
        count_d = self.side_count(g, decl)
        count_o = self.side_count(g, opp)
        counts: dict[str, tuple[int, int]] | None = None
        if count_d is None or count_o is None:
            pts_d, pts_o = g.side_points(decl), g.side_points(opp)
            told = Msg(N_("{n} card point"), plural=N_("{n} card points"), n=pts_d)
        else:
            (pts_d, _), (pts_o, _) = count_d, count_o
            counts = {BIDDERS: count_d, OPPONENTS: count_o}
            told = count_msg(*count_d)
        won = self.declarers_win(g, decl)
        sweep = self.sweeping_side(g, decl, opp)
        lines: list[PaymentLine] = []
        lines.extend(self.game_lines(g, decl, opp, won, sweep))
        if not (self.sweep_table and sweep is not None):
            lines.extend(self.last_trick_lines(g, sweep is not None))
        lines.extend(self.combination_lines(g))
        lines.extend(self.pool_lines(g))
        net: dict[int, int] = {}
        for ln in lines:
            add_into(net, ln.net)
        if len(decl) == 1:
            summary = Msg(N_("The bidder won with {told}.") if won else N_("The bidder lost with {told}."),
                          {"told": told})
        else:
            summary = Msg(N_("The bidder's team won with {told}.") if won
                          else N_("The bidder's team lost with {told}."), {"told": told})
        if sweep is not None:
            summary = Msg(N_("{summary} Valát: the bidder's side took every trick.") if sweep == decl
                          else N_("{summary} Valát: the opponents took every trick."), {"summary": summary})
        return hand_result(g, summary, {BIDDERS: pts_d, OPPONENTS: pts_o}, lines, net,
                           declarer_side=decl, declarers_won=won, card_counts=counts)

    def score_special(self, g: Game) -> HandResult | None:
        """Contracts scored their own way (Petrtyl: Three thrown in, Grand Nullo)."""
        return None

    #: NE-7: an announced last-trick bonus pays this many times its silent value.
    announced_times: ClassVar[int] = 2

    def stake_of(self, g: Game, name: str, level: int) -> int | None:
        if g.contract is None:
            return None
        if name == "game":  # the most: doubled for valát
            return 2 * self.game_rate(g) << level
        if name in ("king_last", "tarok1_last"):  # (never doubled: NE-7)
            return self.announced_times * self.bonus_mult.get(g.contract.name, 1)
        return None

    def game_lines(self, g: Game, decl: frozenset[int], opp: frozenset[int], won: bool,
                   sweep: frozenset[int] | None) -> list[PaymentLine]:
        assert g.contract is not None
        rate = self.game_rate(g)
        label = Msg(N_("{contract}: {n} chip"), {"contract": self.contract_term(g)},
                    plural=N_("{contract}: {n} chips"), n=rate)
        if sweep is not None:
            rate *= 2
            label = Msg(N_("{what} × 2 (valát)"), {"what": label})
        if g.ann.game_level:
            rate <<= g.ann.game_level
            label = Msg(N_("{what} × {mult} ({double})"), {"what": label, "mult": 1 << g.ann.game_level,
                                                            "double": LowerTerm(self.double_word(g.ann.game_level))})
        w, lo = (decl, opp) if won else (opp, decl)
        label = Msg(N_("{what}, won") if won else N_("{what}, lost"), {"what": label})
        return [PaymentLine(label, side_payment(w, lo, rate), "game")]

    def tarok1_strict(self, g: Game) -> bool:
        """La Vista: the 1 itself must win the last trick."""
        return True

    def last_trick_lines(self, g: Game, valat: bool) -> list[PaymentLine]:
        """NE-7: King Last and Tarok 1 Last — 1 chip, ×2 announced, ×2 Five / ×4 Five Over,
        ×2 valát; never multiplied by kontra."""
        if not g.tricks:
            return []
        assert g.contract is not None
        base = self.bonus_mult.get(g.contract.name, 1) * (2 if valat else 1)
        last = g.tricks[-1]
        lines: list[PaymentLine] = []
        if g.called is not None:
            lines.extend(self._last_bonus(g, "king_last", g.called, last, base, strict=False))
        lines.extend(self._last_bonus(g, "tarok1_last", PAGAT, last, base,
                                      strict=self.tarok1_strict(g)))
        return lines

    def _last_bonus(self, g: Game, name: str, card: Card, last: Trick, base: int,
                    strict: bool) -> list[PaymentLine]:
        player = next((s for s, c in last.plays if c == card), None)
        ann = g.ann.announced.get(name)
        what = Term(self.title_of(name))
        if ann is not None:
            side = g.side_of(ann.seat)
            other = g.opponents_of(ann.seat)
            amt = self.announced_times * base
            if player is None:
                ok = False
                early = True
                g.ann.abandoned.add(name)
            else:
                ok = (last.winner == player) if strict else last.winner in side
                early = False
            if ok:
                return [PaymentLine(Msg(N_("{what} announced and won: {amount}"), {"what": what, "amount": amt}),
                                    side_payment(side, other, amt), "bonus:" + name)]
            return [PaymentLine(Msg(N_("{what} announced and lost (played before the last trick): {amount}")
                                    if early else N_("{what} announced and lost: {amount}"),
                                    {"what": what, "amount": amt}),
                                side_payment(other, side, amt), "bonus:" + name)]
        if player is None:
            return []
        if strict:
            side = g.side_of(player)
            other = g.opponents_of(player)
            if last.winner == player:
                return [PaymentLine(Msg(N_("{what}: won, {amount}"), {"what": what, "amount": base}),
                                    side_payment(side, other, base), "silent:" + name)]
            return [PaymentLine(Msg(N_("{what}: beaten, {amount}"), {"what": what, "amount": base}),
                                side_payment(other, side, base), "silent:" + name)]
        side = g.side_of(last.winner)
        other = g.opponents_of(last.winner)
        return [PaymentLine(Msg(N_("{what}: {amount} to the winners of the last trick"),
                                {"what": what, "amount": base}),
                            side_payment(side, other, base), "silent:" + name)]

    def combination_mult(self, g: Game) -> int:
        assert g.contract is not None
        return self.bonus_mult.get(g.contract.name, 1)

    def combination_lines(self, g: Game) -> list[PaymentLine]:
        """NE-7: Ten Taroky (declared before the lead), Four Kings and Three High (claimed
        after the last of the cards is played — paid automatically, they only help their
        holder): one chip from each other player, ×2 Five, ×4 Five Over; never valát or
        kontra."""
        m = self.combination_mult(g)
        lines: list[PaymentLine] = []
        for s in g.order:
            for d in g.ann.declared[s]:
                lines.append(self._from_each(g, s, Term(self.title_of(d)),
                                             self.declaration_value(g, d, m), "declaration:" + d))
        if not g.tricks or m == 0:
            return lines
        played = [0] * g.num_seats
        for t in g.tricks:
            for s, c in t.plays:
                played[s] |= 1 << c
        for s in g.order:
            if played[s] & KING_MASK == KING_MASK:
                lines.append(self._from_each(g, s, Msg(N_("Four Kings")), m, "declaration:four_kings"))
            if played[s] & HONOUR_MASK == HONOUR_MASK:
                lines.append(self._from_each(g, s, Msg(N_("Three High")), m, "declaration:three_high"))
        return lines

    def declaration_value(self, g: Game, name: str, mult: int) -> int:
        return mult

    def _from_each(self, g: Game, seat: int, what: MsgValue, amount: int, code: str) -> PaymentLine:
        others = [s for s in g.order if s != seat]
        return PaymentLine(Msg(N_("{seat}: {what}: {amount} from each other player"),
                               {"seat": seat_word(seat), "what": what, "amount": amount}),
                           side_payment([seat], others, amount), code)

    def pool_lines(self, g: Game) -> list[PaymentLine]:
        return []

    # ---- words --------------------------------------------------------------------------------

    def contract_term(self, g: Game) -> Sayable:
        c = g.contract
        assert c is not None
        said: Sayable = Term(c.title)
        if c is FOUR and g.level:
            said = Msg((N_("{contract} (first three)"), N_("{contract} (second three)"),
                        N_("{contract} (back to the first three)"))[g.level - 1], {"contract": said})
        if g.auction.alone:
            said = Msg(N_("{contract}, without a king"), {"contract": said})
        return said

    def called_title(self, g: Game, t: Say = ENGLISH) -> str | None:
        if g.called is None:
            return None
        if g.called_fourth_king and g.phase is not Phase.FINISHED:
            return t._("the fourth king")
        return g.called.short

    def prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        shared = turn_prompt(g, seat, t=t)
        if shared is not None:
            return shared
        ph = g.phase
        if ph is Phase.AUCTION:
            return self.auction_prompt(g, seat, t)
        if ph is Phase.CALL:
            text = [t._("Call a king: its holder is your secret partner. Calling your own king (or one "
                        "in the blind) means you play alone.")]
            if g.forbidding_rule(seat, act(Kind.CALL_FOURTH_KING)) is None:
                text.append(t._("With three kings you may call the fourth king."))
            if self.can_play_alone:
                text.append(t._("Or play without a king."))
            return " ".join(text)
        if ph is Phase.TALON:
            if g.staged.stage == 0:
                text = [t._("Take these three blind cards ({amount}), or show them and look at the "
                            "other three.", amount=t.money(self.currency, FOUR_RATES[1]))]
                if g.forbidding_rule(seat, act(Kind.SURRENDER)) is None:
                    text.append(t._("Or surrender and pay {amount} to each other player.",
                                    amount=t.money(self.currency, SURRENDER_CHIPS)))
                return " ".join(text)
            return t._("Take the second three ({second}), show them and take the first three back "
                       "({first_again}), or surrender and pay {amount} to each other player.",
                       second=t.money(self.currency, FOUR_RATES[2]),
                       first_again=t.money(self.currency, FOUR_RATES[3]),
                       amount=t.money(self.currency, SURRENDER_CHIPS))
        if ph is Phase.ANNOUNCE:
            if g.first_turn(seat):
                return t._("Announce King Last or Tarok 1 Last if you hold the card, declare Ten Taroky, "
                           "say kontra if you may — or Done.")
            return t._("You may say rekontra / kontra, or pass.")
        return t._("Wait for the others.")

    def auction_prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        high = g.auction.high
        must = g.forbidding_rule(seat, PASS)
        if must is not None:
            return must.rule_text(t)
        if high is None:
            return t._("Bid, or pass.")
        hs = g.auction.high_seat
        assert hs is not None
        if g.forbidding_rule(seat, act(Kind.HOLD)) is None:
            return t._("{seat} has bid {contract}: hold it (you sit earlier), bid higher, or pass.",
                       seat=seat_word(hs), contract=term(high.title, t))
        return t._("{seat} has bid {contract}: bid higher or pass.", seat=seat_word(hs),
                   contract=term(high.title, t))


__all__ = ["FIVE", "FIVE_OVER", "FOUR", "KING_CALLS", "KingCall", "call_card",
           "record_announcement", "turn_prompt"]
