"""Taroki z królami, as played in Kozy near Bielsko-Biała (taroki-z-krolami-kozy.txt;
KZ-1 … KZ-24 in CLARIFICATIONS-2, and the engine axes K1 … K10 it needs).

A four-player king-calling game, anticlockwise, red pips ace high, for game points:

* before the bidding a player with no tarok may throw the hand in, and a holder of all
  four kings may lay them face up (they stay in the hand, public: ``Game.shown``);
* an auction of one turn each on Jeden, Dwa, Trzy and Cztery (1–4), Cztery only over
  Trzy; a declarer of Jeden may throw the cards in;
* the declarer calls a king (``kingcall.call_card``) and a first announcement round
  follows: król ultymo and kontra on the game, by opponents shut out of bidding Trzy
  (per-seat eligibility, ``Variant.may_double``);
* the talon in groups of 3, 2 or 1 by the bid, one group taken (any shown one once all
  are shown), a surrender when the called king is seen, and talon shares that depend on
  where the called king lay;
* a second announcement round (trul, pagat ultymo, taroki counts, walat) with its own
  doubles; Kontra, Re, Sub and Mort on each item, each chain closed with its round;
* play from Forant; the game is won with more than 35 points counted in thirds; every
  other item is paid on its own.
"""

from __future__ import annotations

from typing import ClassVar, Final

from ..actions import PASS, Action, Kind, Term, act, bid, declare, double, register_titles, term
from ..cards import MOND, PAGAT, SKYZ, CardWords, cards_of, mask_of
from ..game import Contract, Game, Phase, StagedTalon
from ..masks import HONOUR_MASK, KING_MASK, TAROK_MASK, count_mask_points, mask_thirds
from ..restrictions import (
    ActionRule,
    AnnounceOnce,
    DeclareOnlyTrue,
    DoubleChain,
    FirstTurnOnly,
    FollowSuit,
    KeepAnnounced,
    NoFivePointDiscard,
    Restriction,
    TarokWhenVoid,
    TarokyLastDiscard,
)
from ..say import ENGLISH, N_, Msg, MsgValue, Say, Sayable, seat_word
from ..scoring import HandResult, PaymentLine, add_into, side_payment
from ..talon import shown_cards
from .base import OptionSpec, Variant, hand_result, has, tarok_count
from .kingcall import KING_CALLS, call_card, ladder_rules, record_announcement, turn_prompt

JEDEN: Final = Contract("jeden", "Jeden", 1, call="king", talon="staged")
DWA: Final = Contract("dwa", "Dwa", 2, call="king", talon="staged")
TRZY: Final = Contract("trzy", "Trzy", 3, call="king", talon="staged")
CZTERY: Final = Contract("cztery", "Cztery", 4, call="king", talon="none")
LADDER: Final = (JEDEN, DWA, TRZY, CZTERY)

#: KZ-8: the size of the talon groups by the bid (Cztery has no talon).
GROUP_SIZE: Final[dict[str, int]] = {"jeden": 3, "dwa": 2, "trzy": 1}

#: KZ-15: the taroki-count declarations and what each pays, by the exact count held.
TAROKI_COUNTS: Final[dict[int, str]] = {
    12: "taroki_12", 11: "taroki_11", 10: "taroki_10", 2: "taroki_2", 1: "taroki_1",
    0: "taroki_0"}
DECLARATION_POINTS: Final[dict[str, int]] = {
    "taroki_12": 3, "taroki_11": 2, "taroki_10": 1, "taroki_2": 1, "taroki_1": 2, "taroki_0": 3}

SHOW_KINGS: Final = "cztery_krole"  # KZ-3: the four kings laid face up before the bidding
ROUND_ONE: Final = ("krol_ultymo",)  # KZ-6
ROUND_TWO: Final = ("trul", "pagat_ultymo", "walat")  # KZ-11

register_titles({
    "jeden": "Jeden",
    "dwa": "Dwa",
    "trzy": "Trzy",
    "cztery": "Cztery",
    "krol_ultymo": "Król ultymo",
    "pagat_ultymo": "Pagat ultymo",
    "walat": "Walat",
    SHOW_KINGS: "Cztery króle",
    "taroki_12": "12 taroki",
    "taroki_11": "11 taroki",
    "taroki_10": "10 taroki",
    "taroki_2": "2 taroki",
    "taroki_1": "1 tarok",
    "taroki_0": "Bez taroki",
})

BIDDERS: Final = "Declarer's side"  # the side labels of HandResult.card_points
OPPONENTS: Final = "Opponents"


# ---- who may do what (used by the rules below and by the hooks) ---------------------------


def kontra_eligible(g: Game) -> frozenset[int]:
    """KZ-7: the seats that may say kontra on the game, from the auction: a seat that bid
    Trzy and was overcalled by Cztery, or a seat that found the bid already at Trzy or more
    at its turn (whether it is a true opponent is the doubling chain's business)."""
    final = g.contract.rank if g.contract is not None else 0
    high = 0
    out: set[int] = set()
    for s, a in g.bids:
        if high >= 3:
            out.add(s)
        if a.kind is Kind.BID:
            rank = CONTRACTS[str(a.value)].rank
            if rank == 3 and final == 4:
                out.add(s)
            high = rank
    return frozenset(out)


def may_surrender(g: Game) -> bool:
    """KZ-9: the declarer has seen the called king in a talon group, and this is the next
    decision after seeing it (option ``surrender_window``: or any talon decision after it)."""
    st = g.talon_state
    c = g.called
    if not isinstance(st, StagedTalon) or c is None or c not in g.talon:
        return False
    k = g.talon.index(c) // st.group
    if g.options["surrender_window"] == "until_discard":
        return st.stage >= k
    if st.stage == st.groups:  # every group shown: at once (the shortened procedure) or in turn
        return bool(g.options["show_whole_talon"])
    return st.stage == k


class ThrowInWithoutTarok(ActionRule):
    """KZ-2: a player dealt no tarok may throw the hand in before the bidding."""

    kinds: tuple[Kind, ...] = (Kind.THROW_IN,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return g.contract is None and bool(g.hands[seat] & TAROK_MASK)


class ShowFourKings(ActionRule):
    """KZ-3: only a holder of all four kings may lay them face up."""

    kinds: tuple[Kind, ...] = (Kind.DECLARE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return g.hands[seat] & KING_MASK != KING_MASK


class SurrenderOnCalledKing(ActionRule):
    """KZ-9: surrender only on seeing the called king in the talon."""

    kinds: tuple[Kind, ...] = (Kind.SURRENDER,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return not may_surrender(g)


class AnnounceNeedsCards(ActionRule):
    """KZ-6, KZ-11: król ultymo by the holder of the called king, trul by the holder of the
    škýz, XXI and pagát, pagat ultymo by the holder of the pagát."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        hand = g.hands[seat]
        name = action.value
        if name == "krol_ultymo":
            return g.called is None or not has(hand, g.called)
        if name == "trul":
            return hand & HONOUR_MASK != HONOUR_MASK
        if name == "pagat_ultymo":
            return not has(hand, PAGAT)
        return False

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        name = action.value
        if name == "krol_ultymo":
            return t._("Only the holder of the called king may announce Król ultymo.")
        if name == "trul":
            return t._("Only a player holding the škýz, XXI and the pagát may announce Trul.")
        return t._("Only the holder of the pagát may announce Pagat ultymo.")


KOZY_RULES: Final[tuple[Restriction, ...]] = (
    ThrowInWithoutTarok(
        "throw_in_without_tarok", Phase.THROW_IN,
        N_("Before the bidding a player dealt no tarok may throw the hand in: no score, and the "
        "next player deals."), "KZ-2"),
    ShowFourKings(
        "show_four_kings", Phase.THROW_IN,
        N_("Before the bidding a player holding all four kings may lay them face up (Cztery "
        "króle), promising that the declarer's side will take them all."), "KZ-3"),
    *ladder_rules(LADDER, frozenset(), {"cztery": "trzy"}, "KZ-4"),
    SurrenderOnCalledKing(
        "surrender_on_called_king", Phase.TALON,
        N_("You may give up only when you have just seen the called king in the talon (the table "
        "may allow it at any talon choice after that)."), "KZ-9"),
    NoFivePointDiscard(Phase.DISCARD, N_("Kings, the škýz, XXI and the pagát are never discarded."),
                       "KZ-8"),
    TarokyLastDiscard(
        Phase.DISCARD,
        N_("Taroky are discarded only when you hold nothing else you may discard: they are shown "
        "face up, and you keep only taroky and kings."), "KZ-8"),
    FirstTurnOnly(
        Phase.ANNOUNCE,
        N_("Announcements and declarations are said only in your first turn of a round; after it "
        "you may only double."), "KZ-6, KZ-11"),
    AnnounceOnce(Phase.ANNOUNCE, "KZ-11"),
    AnnounceNeedsCards(
        "announce_needs_cards", Phase.ANNOUNCE,
        N_("Król ultymo is announced by the holder of the called king, Trul by the holder of the "
        "škýz, XXI and the pagát, Pagat ultymo by the holder of the pagát."), "KZ-6, KZ-11"),
    DeclareOnlyTrue(
        Phase.ANNOUNCE,
        N_("A taroki count is declared only when it is exactly true of your hand after the talon "
        "exchange: 10, 11 or 12 taroki, or 2, 1 or none."), "KZ-11, KZ-15"),
    DoubleChain(
        Phase.ANNOUNCE,
        N_("Kontra on the game is said only by an opponent who bid Trzy and was overcalled by "
        "Cztery, or who found the bid at Trzy or more at his turn; kontra on an announcement by "
        "any opponent. Re is said by the announcing side, Sub by the opponents, Mort by the "
        "announcing side. The game and Król ultymo are doubled in the first round only, Trul "
        "and Pagat ultymo in the second."), "KZ-6, KZ-7, KZ-11"),
    FollowSuit(Phase.PLAY, "KZ-12"),
    TarokWhenVoid(Phase.PLAY, "KZ-12"),
    KeepAnnounced(
        Phase.PLAY,
        N_("After announcing Pagat ultymo you keep the pagát, and after announcing Król ultymo the "
        "called king, for the last trick unless it is the only card you may play."), "KZ-12"),
)

CONTRACTS: Final[dict[str, Contract]] = {c.name: c for c in LADDER}

_DECLARER_THROW_IN: Final = [act(Kind.PLAY_ON), act(Kind.THROW_IN)]
#: KZ-4: "A computer declarer throws in." The one definition: what the computer players
#: choose (``Kozy.computer_choice``), their reason, and the line of the rules page.
COMPUTER_THROWS_IN: Final = N_("A computer player who wins the auction with Jeden always throws "
                               "the cards in.")
_AUCTION: Final = [PASS, *(bid(c.name) for c in LADDER)]
_SURRENDER: Final = act(Kind.SURRENDER)
_REJECT: Final = act(Kind.REJECT)
_ROUND_ONE: Final = tuple(act(Kind.ANNOUNCE, n) for n in ROUND_ONE)
_ROUND_TWO: Final = (*(act(Kind.ANNOUNCE, n) for n in ROUND_TWO),
                     *(declare(d) for d in TAROKI_COUNTS.values()))
_DOUBLE_OF: Final = {n: double(n) for n in ("game", *ROUND_ONE, *ROUND_TWO)}
_THIRDS: Final = ("", "⅓", "⅔")


def exact_points(thirds: int) -> str:
    """A pile's exact worth from three times its value: ``35⅓``."""
    return f"{thirds // 3}{_THIRDS[thirds % 3]}"


class Kozy(Variant):
    """Taroki z królami (Kozy): 4 players, anticlockwise, game points."""

    name = "kozy"
    title = "Taroki z królami (Kozy)"
    aliases = ("taroki-z-krolami", "taroki z krolami", "z krolami", "krolami", "kz")
    seat_counts = (4,)  # KZ-24
    clockwise = False  # KZ-1
    red_ace_high = True  # KZ-1
    card_words = CardWords(skyz="Skiż", rider="cavalier")  # "cavalier (C: kawal)"
    currency = "points"  # KZ-24
    tarok_discards_face_up = True  # KZ-8
    max_double = 4  # K10
    double_words = ("", "Kontra", "Re", "Sub", "Mort")
    contracts: ClassVar[dict[str, Contract]] = CONTRACTS
    restrictions: ClassVar[tuple[Restriction, ...]] = KOZY_RULES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("ritual", "Cut before the deal", False,
                   help="The player opposite the dealer cuts, or refuses: then four packets of "
                        "twelve are chosen, from forehand on.", ref="KZ-1"),
        OptionSpec("show_whole_talon", "Show the whole talon at once", False,
                   help="Every talon group is shown face up at once and the declarer takes one "
                        "(no talon card stays unseen).", ref="KZ-8"),
        OptionSpec("surrender_window", "When the declarer may give up", "next_decision",
                   choices=("next_decision", "until_discard"),
                   help="next_decision: at the choice right after seeing the called king in "
                        "the talon; until_discard: at any talon choice after that.", ref="KZ-9"),
        OptionSpec("surrender_points", "Points paid to each opponent for giving up", 2,
                   choices=(2, 5), help="5 as some younger players have it.", ref="KZ-9"),
        OptionSpec("win_rule", "What wins the game", "thirds", choices=("thirds", "integer36"),
                   help="thirds: more than 35 exactly (35 and a card); integer36: 36 counted "
                        "points (35 and two cards).", ref="KZ-13"),
        OptionSpec("announced_trul", "Announced Trul pays", 4, choices=(4, 5),
                   help="5 as the written rules have it.", ref="KZ-16"),
        OptionSpec("kontra_walat", "Kontra on an announced Walat", False,
                   help="An announced Walat may be doubled like Trul and Pagat ultymo.",
                   ref="KZ-11"),
        OptionSpec("no_double_penalty", "A Król ultymo king captured early pays", "always",
                   choices=("always", "last_trick"),
                   help="always: only the failed Król ultymo; last_trick: the failed Król "
                        "ultymo and the captured king as well.", ref="KZ-20"),
        OptionSpec("walat_replaces_game", "Walat replaces the game", False,
                   help="A side that takes every trick is paid the Walat instead of the game.",
                   ref="KZ-23"),
    )

    # ---- the rules pages (bot.engine.rulebook) -----------------------------------------
    first_lead: ClassVar[dict[str, str]] = {"*": "forehand"}  # KZ-12
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        "deal": (
            "Play goes anticlockwise. The first six cards go to the talon, then each player "
            "gets 12 cards in batches of six. The deal passes to the next player after every "
            "hand, thrown in or not.",
            "Before the bidding a player with no tarok may throw the hand in, and a player with "
            "all four kings may lay them face up: they stay in the hand, seen by everyone, until "
            "played. If either is possible, every player is asked in turn from forehand, so "
            "nobody learns who had the choice.",
        ),
        "auction": (
            "Each player has one turn, starting with forehand: bid higher than the bid before, "
            "or pass.",
            "The bid says how many talon cards the declarer takes: Jeden 3, Dwa 2, Trzy 1, "
            "Cztery none.",
            "If everyone passes the cards are thrown in. A declarer of Jeden may throw the cards "
            "in instead of playing.",
            COMPUTER_THROWS_IN,
        ),
        "call": (
            "The declarer calls a king by naming its suit; its holder is the declarer's secret "
            "partner until the king is played.",
            "Calling your own king, or a king that lies in the talon, means playing alone "
            "against the other three.",
            "Then, starting with the declarer, the holder of the called king may announce Król "
            "ultymo, and opponents may say kontra on the game (first announcement round).",
        ),
        "talon": (
            "The declarer looks at the talon in groups from the top: three cards for Jeden, two "
            "for Dwa, one for Trzy. Each group is taken (the rest stays unseen) or shown face up "
            "before looking at the next; once all are shown, any one group is taken.",
            "A declarer who sees the called king in the talon may give up and pay each opponent "
            "the surrender points.",
            "Shown cards that are not taken count for the opponents; unseen cards count for the "
            "opponents too, unless the called king was in the talon: then they are the "
            "declarer's.",
        ),
        "announcements": (
            "First round (after the call): Król ultymo, and kontra on the game or on Król "
            "ultymo.",
            "Second round (after the discard): Trul, Pagat ultymo, Walat and a taroki count; "
            "then doubles on Trul and Pagat ultymo.",
            "Each round starts with the declarer and ends when all four pass in a row.",
        ),
        "play": (
            "The highest tarok wins the trick; a trick without taroky is won by the highest "
            "card of the suit led.",
        ),
    }
    counting_rules: ClassVar[tuple[str, ...]] = (
        "Cards are counted in threes: kings, the škýz, XXI and the pagát are worth 5, queens 4, "
        "cavaliers 3, jacks 2, every other card 1, less 2 for each three: 70 points in the pack.",
        "The declarer's side counts its tricks, discards and share of the talon, and wins the "
        "game with more than 35 points counted exactly (35 and a card); 35 : 35 loses.",
        "Each player of a losing side of two pays one player of the winning side; a lone "
        "declarer pays or receives the amount from each opponent.",
    )
    game_payments: ClassVar[dict[str, str]] = {
        "jeden": "1 game point.",
        "dwa": "2 game points.",
        "trzy": "3 game points.",
        "cztery": "4 game points.",
    }
    scoring_rules: ClassVar[tuple[str, ...]] = (
        "Everything is paid on its own: the game, the declarations and the bonuses.",
        "Kontra doubles an item, Re doubles it again, then Sub and Mort: ×2, ×4, ×8, ×16.",
        "Taroki counts: 12 taroki 3 points, 11 taroki 2, 10 taroki 1, 2 taroki 1, 1 tarok 2, "
        "none 3; never doubled.",
        "Trul (the škýz, XXI and the pagát in a side's tricks) 2 points; announced 4, won or "
        "lost.",
        "Cztery króle (all four kings in a side's tricks) 2 points; shown before the bidding 8, "
        "won or lost.",
        "Pagat ultymo: the pagát winning the last trick 1 point, beaten there 1 to the other "
        "side; announced 2, won or lost.",
        "Król ultymo: the called king in the last trick won by the declarer's side 1 point; "
        "announced 2, won or lost.",
        "The called king captured (or shown in the talon and left): 1 point to the opponents; "
        "in the last trick only the Król ultymo amount is paid.",
        "The pagát captured: 1 point to the side that took it (in the last trick only the Pagat "
        "ultymo amount).",
        "XXI captured by the škýz of the other side: 2 points.",
        "A declarer who gives up with the called king in the talon pays the surrender points "
        "to each opponent and nothing else is paid.",
    )
    valat_rule = ("Walat (one side takes all 12 tricks) pays 5 points on top of everything else; "
                  "announced, 20 points, won or lost.")
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        "tarok": ("One of the 22 trumps (plural taroky or taroki): I to XXI and the škýz. A "
                  "tarok beats every suit card.",
                  "Hearts are led and you have none: you must play a tarok."),
        "taroky": ("The trumps: one tarok, two or more taroky.",
                   "Taroky are discarded only when you hold nothing else to discard."),
        "taroki": ("The Polish word for taroky, the trumps.",
                   "You hold ten taroki: declare 10 taroki."),
        "škýz": ("The skiż, the highest tarok, worth 5 points.",
                 "You lead the škýz: it wins the trick."),
        "skiż": ("The škýz: the highest tarok.", "The škýz and XXI fall in one trick: the škýz "
                 "wins and XXI is captured."),
        "mond": ("Tarok XXI, the second highest, worth 5 points.",
                 "Your XXI falls to the škýz of the other side: your side pays 2 points."),
        "pagát": ("Tarok I, the lowest tarok, worth 5 points.",
                  "Your pagát wins the last trick: Pagat ultymo."),
        "forehand": ("Forant: the player after the dealer. He bids first and leads to the first "
                     "trick.",
                     "Seat 1 dealt, so seat 2 is forehand."),
        "dealer": ("Deals the cards; the deal passes to the next player after each hand.",
                   "Seat 1 dealt this hand; seat 2 deals the next."),
        "declarer": ("The player who won the auction; he calls a king.",
                     "You bid Dwa and nobody bids higher: you are the declarer."),
        "bid": ("Naming Jeden, Dwa, Trzy or Cztery in the auction, one turn each.",
                "Forehand bids Jeden; you bid Dwa."),
        "pass": ("Not bidding on your turn, or saying nothing in an announcement round.",
                 "You pass: you take no further part in the bidding."),
        "jeden": ("Bid 1: the declarer looks at the talon three cards at a time; 1 game point. "
                  "The declarer may throw the cards in instead.",
                  "Everyone else passes your Jeden: play it, or throw the cards in."),
        "dwa": ("Bid 2: the talon two cards at a time; 2 game points.",
                "You bid Dwa and take the second two talon cards."),
        "trzy": ("Bid 3: the talon one card at a time; 3 game points.",
                 "You bid Trzy, show the first card and take the second."),
        "cztery": ("Bid 4, only over Trzy: no talon at all; 4 game points.",
                   "Seat 2 bids Trzy; you bid Cztery."),
        "call": ("Naming a king whose holder becomes your secret partner.",
                 "You call the king of spades; its holder plays with you without saying so."),
        "king": ("The highest card of each suit (król), worth 5 points; the declarer calls "
                 "one to choose a partner.",
                 "You call the king of hearts: whoever holds it plays with you."),
        "partner": ("The holder of the called king; he plays with the declarer.",
                    "You hold the called king of diamonds: you are the declarer's partner."),
        "talon": ("The six cards dealt face down first.",
                  "You bid Dwa: you look at the talon two cards at a time."),
        "talon group": ("The talon cards the declarer looks at together: three, two or one by "
                        "the bid.",
                        "Every talon group is shown: you take group 2."),
        "surrender": ("Giving up when the called king turns up in the talon: pay the surrender "
                      "points to each opponent.",
                      "The called king is in the talon and your hand is weak: you surrender and "
                      "pay 2 points to each opponent."),
        "discard": ("Putting away as many cards as you took from the talon; they count for your "
                    "side.",
                    "You took two talon cards, so you discard two."),
        "throw in": ("Ending the deal for no score: a player with no tarok before the bidding, "
                     "or the declarer of Jeden.",
                     "You hold no tarok: you throw the hand in and the next player deals."),
        "play on": ("The declarer of Jeden plays the hand instead of throwing it in.",
                    "Everyone passed your Jeden; you play on and call a king."),
        "cztery króle": ("All four kings: 2 points for a side that takes them all; shown before "
                         "the bidding, 8 points won or lost.",
                         "You show your four kings; your side takes them all: 8 points."),
        "four kings": ("Cztery króle: all four kings in one hand before the bidding, or in one "
                       "side's tricks at the end.",
                       "You hold all four kings: you may lay them face up before the bidding."),
        "announce": ("Promising a bonus in an announcement round: it is paid more, won or lost.",
                     "You hold the pagát and many taroky: you announce Pagat ultymo."),
        "declare": ("Claiming a taroki count in the second round.",
                    "You hold eleven taroki: you declare 11 taroki."),
        "król ultymo": ("The called king played to the last trick and won by the declarer's "
                        "side: 1 point; announced in the first round by its holder, 2.",
                        "You hold the called king and announce Król ultymo: keep it to the "
                        "last trick."),
        "pagat ultymo": ("The pagát winning the last trick: 1 point; announced by its holder in "
                         "the second round, 2.",
                         "Your pagát is the only tarok in the last trick: your side gets a "
                         "point."),
        "trul": ("The škýz, XXI and the pagát in one side's tricks: 2 points; announced by "
                 "their holder, 4.",
                 "You hold all three and announce Trul: 4 points if your side keeps them."),
        "walat": ("One side takes all 12 tricks: 5 points; announced, 20 won or lost.",
                  "Your side takes every trick: Walat, 5 points on top of the game."),
        "bez taroki": ("A declaration: no tarok at all after the talon exchange; 3 points.",
                       "You hold no tarok and did not throw in: declare Bez taroki."),
        "double": ("Kontra, Re, Sub or Mort: doubling the payment of the game or a bonus.",
                   "Seat 3 says Kontra on the game: it is paid twice."),
        "kontra": ("The opponents double the game (only those shut out of bidding Trzy), Król "
                   "ultymo, Trul or Pagat ultymo.",
                   "The bidding went Dwa, pass, Trzy: you could not bid Trzy, so you may say "
                   "Kontra."),
        "re": ("The announcing side answers a Kontra: four times the payment.",
               "After Kontra on your Dwa you say Re: 8 points."),
        "sub": ("The opponents answer a Re: eight times the payment.",
                "After Re you say Sub."),
        "mort": ("The announcing side answers a Sub: sixteen times the payment.",
                 "After Sub your partner says Mort."),
        "game points": ("The money of the game; a stake per point is agreed at the table.",
                        "You win a Dwa with your partner: each of you receives 2 points."),
        "cut": ("Before the deal the player opposite the dealer may cut (a table option).",
                "You cut; the cards are dealt in batches of six."),
        "knock": ("Refusing the cut: the cards come in four packets of twelve to choose from.",
                  "You knock; forehand chooses a packet first."),
        "batch": ("One of the four packets of twelve cards after a knock.",
                  "You are offered batches 1 to 4 and take batch 2."),
    }

    # ---- the deal and the throw-in (KZ-1, KZ-2, KZ-3) ------------------------------------

    #: The two rounds before the bidding (``Game.start_pre_auction``): KZ-2, a seat with
    #: no tarok may throw in; then KZ-3 ("After KZ-2 and before the first bid"), a holder
    #: of the four kings may show them.
    pre_auction_rounds: ClassVar[tuple[tuple[Action, ...], ...]] = (
        (act(Kind.THROW_IN), act(Kind.KEEP)),
        (declare(SHOW_KINGS), act(Kind.KEEP)),
    )

    def apply_pre_auction(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.THROW_IN:
            g.throw_in_by = seat
            g.emit("throw_in", seat, Msg(N_("{seat} holds no tarok and throws the hand in."), {"seat": seat_word(seat)}))
            g.finish_thrown_in(Msg(N_("{seat} held no tarok: the hand is thrown in for no score."), {"seat": seat_word(seat)}))
            return
        g.shown[seat] = KING_MASK & g.hands[seat]
        g.ann.log.append((seat, self.title_of(SHOW_KINGS)))
        kings = tuple(cards_of(KING_MASK))
        g.emit("show", seat, Msg(N_("{seat} lays the four kings face up."), {"seat": seat_word(seat)}), None, kings)

    # ---- the auction (KZ-4) ------------------------------------------------------------------

    def apply_bid(self, g: Game, seat: int, a: Action) -> None:
        st = g.auction
        g.bids.append((seat, a))
        if a.kind is Kind.BID:
            st.high = CONTRACTS[str(a.value)]
            st.high_seat = seat
            g.emit("bid", seat, Msg(N_("{seat} bids {contract}."), {"seat": seat_word(seat), "contract": Term(a.label)}))
        else:
            g.emit("pass", seat, Msg(N_("{seat} passes."), {"seat": seat_word(seat)}))
        st.turn += 1
        if st.turn < len(g.active):
            g.turn_to(g.next_active(seat))
            return
        if st.high is None or st.high_seat is None:
            g.finish_thrown_in(Msg(N_("Everyone passed: the cards are thrown in for no score.")))
            return
        g.bidder = st.high_seat
        g.contract = st.high
        g.emit("contract", g.bidder, Msg(N_("{seat} is the declarer: {contract}."), {"seat": seat_word(g.bidder), "contract": Term(st.high.title)}))
        g.enter(Phase.THROW_IN if st.high is JEDEN else Phase.CALL, g.bidder)

    computer_throws_in: ClassVar[frozenset[str]] = frozenset({JEDEN.name})  # (KZ-4)

    def computer_choice(self, g: Game, seat: int) -> tuple[Action, str] | None:
        if (g.phase is Phase.THROW_IN and g.contract is not None and seat == g.bidder
                and g.contract.name in self.computer_throws_in):
            return act(Kind.THROW_IN), COMPUTER_THROWS_IN  # (KZ-4)
        return None

    def apply_declarer_throw_in(self, g: Game, seat: int, a: Action) -> None:
        if a.kind is Kind.THROW_IN:
            g.throw_in_by = seat
            g.emit("throw_in", seat, Msg(N_("{seat} throws the cards in."), {"seat": seat_word(seat)}))
            g.finish_thrown_in(Msg(N_("{seat} won with Jeden and threw the cards in: no score."), {"seat": seat_word(seat)}))
            return
        g.emit("play_on", seat, Msg(N_("{seat} plays the Jeden."), {"seat": seat_word(seat)}))
        g.start_call()

    # ---- the call (KZ-5) and the talon (KZ-8, KZ-9, KZ-10) --------------------------------

    def apply_call(self, g: Game, seat: int, a: Action) -> None:
        call_card(g, seat, a.card)
        g.start_announcements()  # the first round (KZ-6)

    def _start_talon(self, g: Game) -> None:
        assert g.contract is not None and g.bidder is not None
        size = GROUP_SIZE[g.contract.name]
        groups = len(g.talon) // size
        g.start_staged_talon(size, groups)
        if g.options["show_whole_talon"]:  # KZ-8 (option): every group face up at once
            st = g.staged
            g.seen_talon[g.bidder] |= mask_of(g.talon)
            g.exposed.extend(g.talon)
            st.rejected = list(range(groups))
            st.stage = groups
            g.emit("talon_exposed", g.bidder, shown_cards(g.talon), None, tuple(g.talon))

    def apply_talon(self, g: Game, seat: int, a: Action) -> None:
        st = g.staged
        if a.kind is Kind.SURRENDER:
            g.surrendered = True
            g.emit("surrender", seat, Msg(N_("{seat} saw the called king in the talon and gives up."), {"seat": seat_word(seat)}))
            pts = int(g.options["surrender_points"])
            g.finish_thrown_in(Msg(N_("{seat} gave up and pays {n} point to each opponent."), {"seat": seat_word(seat)},
                                   plural=N_("{seat} gave up and pays {n} points to each opponent."), n=pts))
            return
        if a.kind is Kind.REJECT:
            if st.stage + 1 < st.groups:
                g.staged_reject(expose=True)
            else:  # the last group: now every group lies face up
                cards = g.talon_group(st.stage)
                st.rejected.append(st.stage)
                g.exposed.extend(cards)
                g.emit("talon_exposed", seat, shown_cards(cards), None, tuple(cards))
                st.stage = st.groups
            g.emit("talon_reject", seat, Msg(N_("{seat} shows the talon cards and looks on."), {"seat": seat_word(seat)}))
            return
        group = int(str(a.value)) - 1
        g.staged_take(group, group + 1)
        self._talon_shares(g)
        g.start_discard(seat, st.group)

    def _talon_shares(self, g: Game) -> None:
        """KZ-10: taken cards are in the hand; shown cards not taken go to the opponents;
        unseen cards too, unless the called king was anywhere in the talon: then they are
        the declarer's."""
        b = g.bidder
        assert b is not None
        talon = mask_of(g.talon)
        unseen = talon & ~g.seen_talon[b]
        rest = talon & ~g.drawn[b] & ~unseen
        if g.called is not None and talon >> g.called & 1:
            g.talon_to[b] = unseen
            g.talon_to_opponents = rest
        else:
            g.talon_to_opponents = rest | unseen

    def after_discard(self, g: Game, seat: int) -> None:
        g.start_announcements()  # the second round (KZ-11)

    # ---- the variant-driven phases --------------------------------------------------------------

    def candidates(self, g: Game, seat: int) -> list[Action]:
        ph = g.phase
        if ph is Phase.THROW_IN:  # (the round before the bidding is ``Game``'s)
            return _DECLARER_THROW_IN
        if ph is Phase.AUCTION:
            return _AUCTION
        if ph is Phase.CALL:
            return list(KING_CALLS)
        if ph is Phase.TALON:
            st = g.staged
            if st.stage < st.groups:
                return [act(Kind.TAKE, st.stage + 1), _REJECT, _SURRENDER]
            return [*(act(Kind.TAKE, k + 1) for k in range(st.groups)), _SURRENDER]
        return []

    # ---- the two announcement rounds (KZ-6, KZ-7, KZ-11) ------------------------------------

    def announce_candidates(self, g: Game, seat: int) -> list[Action]:
        out = list(_ROUND_ONE if g.ann.rounds == 1 else _ROUND_TWO)
        for n in g.ann.announced:
            out.append(_DOUBLE_OF[n])
        return out

    def declared_taroky(self, name: str) -> tuple[int, int] | None:
        """KZ-15: a taroki declaration tells the exact count."""
        n = next((k for k, v in TAROKI_COUNTS.items() if v == name), None)
        return None if n is None else (n, n)

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """KZ-15: the exact taroki count, judged after the talon exchange."""
        name = TAROKI_COUNTS.get(tarok_count(g.hands[seat]))
        return [name] if name is not None else []

    def apply_announcement(self, g: Game, seat: int, a: Action) -> None:
        if record_announcement(g, seat, a) == "krol_ultymo":
            g.partner_public = True  # KZ-6: the holder of the called king is known now

    def doublable(self, g: Game) -> frozenset[str]:
        """K10: the game and król ultymo are doubled in the first round, trul and pagat
        ultymo (and walat, KZ-11's option) in the second; each chain closes with its round."""
        if g.ann.rounds == 1:
            return frozenset(("game", *ROUND_ONE))
        if g.options["kontra_walat"]:
            return frozenset(ROUND_TWO)
        return frozenset(("trul", "pagat_ultymo"))

    def may_double(self, g: Game, seat: int, name: str, level: int) -> bool:
        """KZ-7: kontra on the game only by a seat shut out of bidding Trzy."""
        return name != "game" or level != 0 or seat in kontra_eligible(g)

    def title_of(self, name: str, t: Say = ENGLISH) -> str:
        return term("the game", t) if name == "game" else super().title_of(name, t)

    def after_announcements(self, g: Game) -> None:
        if g.ann.rounds >= 2:
            g.start_play(g.forehand)  # KZ-12: Forant leads
        elif g.contract is CZTERY:
            self._talon_shares(g)  # no talon: every card unseen (KZ-10)
            g.start_announcements()
        else:
            self._start_talon(g)

    # ---- play (KZ-12) ---------------------------------------------------------------------------

    def kept_cards(self, g: Game, seat: int) -> int:
        m = 0
        k = g.ann.announced.get("krol_ultymo")
        if k is not None and k.seat == seat and g.called is not None:
            m |= 1 << g.called
        p = g.ann.announced.get("pagat_ultymo")
        if p is not None and p.seat == seat:
            m |= 1 << PAGAT
        return m

    # ---- scoring (KZ-13 … KZ-23) ------------------------------------------------------------------

    def declarers_win(self, g: Game, pile: int) -> bool:
        """KZ-13: more than 35 exactly (3·S − 2·n > 105); option: 36 counted points."""
        if g.options["win_rule"] == "integer36":
            return count_mask_points(pile) >= 36
        return mask_thirds(pile) > 105

    def score(self, g: Game) -> HandResult:
        c = g.contract
        b = g.bidder
        if c is None or b is None:
            return hand_result(g, Msg(N_("The cards were thrown in: no score.")), {}, [], {})
        others = [s for s in g.order if s != b]
        if g.surrendered:  # KZ-9: nothing else is paid
            pts = int(g.options["surrender_points"])
            line = PaymentLine(Msg(N_("Gave up with the called king in the talon: {n} point to each opponent"),
                                   plural=N_("Gave up with the called king in the talon: {n} points to each "
                                             "opponent"), n=pts), side_payment(others, [b], pts), "surrender")
            return hand_result(g, Msg(N_("{seat} gave up."), {"seat": seat_word(b)}), {}, [line], dict(line.net),
                               declarer_side=frozenset((b,)), declarers_won=False)
        if g.thrown_in:
            return hand_result(g, Msg(N_("{seat} threw the Jeden in: no score."), {"seat": seat_word(b)}),
                               {}, [], {})
        decl = g.declarer_side
        opp = frozenset(s for s in g.active if s not in decl)
        pile_d = g.side_mask(decl)
        pile_o = g.side_mask(opp)
        won = self.declarers_win(g, pile_d)
        n_d = sum(g.tricks_won[s] for s in decl)
        sweep = decl if n_d == len(g.tricks) else opp if n_d == 0 else None
        lines: list[PaymentLine] = []
        walat, walat_made = self._walat_lines(g, sweep)
        if not (walat_made and g.options["walat_replaces_game"]):  # KZ-23 (option)
            lines.append(self._game_line(g, decl, opp, won))
        lines.extend(self._declaration_lines(g))
        lines.extend(self._pile_bonus_lines(g, decl, opp))
        lines.extend(self._pagat_lines(g))
        lines.extend(self._king_lines(g, decl, opp))
        lines.extend(self._xxi_lines(g))
        lines.extend(walat)
        net: dict[int, int] = {}
        for ln in lines:
            add_into(net, ln.net)
        told: dict[str, MsgValue] = {"points": count_mask_points(pile_d), "exactly": exact_points(mask_thirds(pile_d))}
        if len(decl) == 1:
            summary = Msg(N_("The declarer won with {points} card points ({exactly} exactly).") if won
                          else N_("The declarer lost with {points} card points ({exactly} exactly)."), told)
        else:
            summary = Msg(N_("The declarer's side won with {points} card points ({exactly} exactly).") if won
                          else N_("The declarer's side lost with {points} card points ({exactly} exactly)."),
                          told)
        if sweep is not None:
            summary = Msg(N_("{summary} Walat: the declarer's side took every trick.") if sweep == decl
                          else N_("{summary} Walat: the opponents took every trick."), {"summary": summary})
        return hand_result(g, summary, {BIDDERS: count_mask_points(pile_d),
                                        OPPONENTS: count_mask_points(pile_o)},
                           lines, net, declarer_side=decl, declarers_won=won)

    def announced_value(self, g: Game, name: str) -> int:
        """KZ-16, KZ-18, KZ-19, KZ-23: what an announced bonus pays, won or lost, before its
        doubles (Trul as the house rule sets it)."""
        if name == "trul":
            return int(g.options["announced_trul"])
        return _ANNOUNCED[name]

    def stake_of(self, g: Game, name: str, level: int) -> int | None:
        if g.contract is None:
            return None
        if name == "game":  # KZ-14
            return g.contract.rank << level
        if name == "trul" or name in _ANNOUNCED:
            return self.announced_value(g, name) << level
        return None

    def _game_line(self, g: Game, decl: frozenset[int], opp: frozenset[int],
                   won: bool) -> PaymentLine:
        """KZ-14: 1-4 by the bid, × 2 for each double."""
        assert g.contract is not None
        rate = g.contract.rank
        label = Msg(N_("{contract}: {n} point"), {"contract": Term(g.contract.title)},
                    plural=N_("{contract}: {n} points"), n=rate)
        if g.ann.game_level:
            rate <<= g.ann.game_level
            label = Msg(N_("{what} × {mult} ({double})"), {"what": label, "mult": 1 << g.ann.game_level,
                                                            "double": Term(self.double_word(g.ann.game_level))})
        w, lo = (decl, opp) if won else (opp, decl)
        return PaymentLine(Msg(N_("{what}, won") if won else N_("{what}, lost"), {"what": label}),
                           side_payment(w, lo, rate), "game")

    def _declaration_lines(self, g: Game) -> list[PaymentLine]:
        """KZ-15: each declaration paid to the declaring player's side, never doubled."""
        out: list[PaymentLine] = []
        for s in g.order:
            for d in g.ann.declared[s]:
                pts = DECLARATION_POINTS[d]
                out.append(PaymentLine(Msg(N_("{seat} declared {declaration}: {amount}"),
                                           {"seat": seat_word(s), "declaration": Term(self.title_of(d)),
                                            "amount": pts}),
                                       side_payment(g.side_of(s), g.opponents_of(s), pts), "declaration:" + d))
        return out

    def _pile_bonus_lines(self, g: Game, decl: frozenset[int],
                          opp: frozenset[int]) -> list[PaymentLine]:
        """KZ-16 trul and KZ-17 four kings: silent for a side whose pile holds them all;
        announced (shown) for the announcer's side, won or lost, instead."""
        out: list[PaymentLine] = []
        t = g.ann.announced.get("trul")
        if t is not None:
            side = g.side_of(t.seat)
            amt = self.announced_value(g, "trul") << t.level
            ok = g.side_mask(side) & HONOUR_MASK == HONOUR_MASK
            out.append(_won_or_lost(g, side, Msg(N_("Trul announced and made: {amount}") if ok
                                                 else N_("Trul announced and lost: {amount}"), {"amount": amt}),
                                    amt, ok, "bonus:trul"))
        shower = next((s for s in g.active if g.shown[s]), None)
        if shower is not None:
            side = g.side_of(shower)
            ok = g.side_mask(side) & KING_MASK == KING_MASK
            out.append(_won_or_lost(g, side, Msg(N_("Cztery króle shown and made: 8") if ok
                                                 else N_("Cztery króle shown and lost: 8")), 8, ok, "bonus:four_kings_shown"))
        for side in (decl, opp):
            pile = g.side_mask(side)
            if t is None and pile & HONOUR_MASK == HONOUR_MASK:
                out.append(_won_or_lost(g, side, _side_msg(g, side, _TRUL_IN_TRICKS), 2, True, "silent:trul"))
            if shower is None and pile & KING_MASK == KING_MASK:
                out.append(_won_or_lost(g, side, _side_msg(g, side, _KINGS_IN_TRICKS), 2, True, "silent:four_kings"))
        return out

    def _pagat_lines(self, g: Game) -> list[PaymentLine]:
        """KZ-18 pagat ultymo and KZ-21 the lost pagát."""
        out: list[PaymentLine] = []
        where = _played(g, PAGAT)
        ann = g.ann.announced.get("pagat_ultymo")
        last = where is not None and where[0] == len(g.tricks) - 1
        if ann is not None:
            side = g.side_of(ann.seat)
            amt = self.announced_value(g, "pagat_ultymo") << ann.level
            ok = where is not None and last and where[2] == where[1]
            early = where is not None and not last
            out.append(_won_or_lost(g, side, Msg(
                N_("Pagat ultymo announced and won: {amount}") if ok
                else N_("Pagat ultymo announced and lost (played before the last trick): {amount}") if early
                else N_("Pagat ultymo announced and lost: {amount}"), {"amount": amt}), amt, ok, "bonus:pagat_ultymo"))
        elif where is not None and last:
            ok = where[2] == where[1]
            out.append(_won_or_lost(g, g.side_of(where[1]), Msg(N_("Pagat ultymo: won, 1") if ok
                                                                else N_("Pagat ultymo: beaten, 1")), 1, ok, "silent:pagat_ultymo"))
        if where is not None and not last and where[2] not in g.side_of(where[1]):
            out.append(_won_or_lost(g, g.side_of(where[1]), Msg(N_("The pagát captured: 1")), 1, False, "penalty:pagat_captured"))
        return out

    def _king_lines(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> list[PaymentLine]:
        """KZ-19 król ultymo and KZ-20 the captured called king."""
        c = g.called
        b = g.bidder
        if c is None or b is None:
            return []
        out: list[PaymentLine] = []
        where = _played(g, c)
        last = where is not None and where[0] == len(g.tricks) - 1
        early = where is not None and not last and where[2] not in decl
        ann = g.ann.announced.get("krol_ultymo")
        if ann is not None:
            amt = self.announced_value(g, "krol_ultymo") << ann.level
            ok = where is not None and last and where[2] in decl
            played_early = where is not None and not last
            out.append(_won_or_lost(g, decl, Msg(
                N_("Król ultymo announced and won: {amount}") if ok
                else N_("Król ultymo announced and lost (played before the last trick): {amount}") if played_early
                else N_("Król ultymo announced and lost: {amount}"), {"amount": amt}), amt, ok, "bonus:krol_ultymo"))
            if early and g.options["no_double_penalty"] == "last_trick":
                out.append(_won_or_lost(g, decl, Msg(N_("The called king captured: 1")), 1, False, "penalty:called_king_captured"))
        else:
            if where is not None and last:
                ok = where[2] in decl
                out.append(_won_or_lost(g, decl, Msg(N_("Król ultymo: won, 1") if ok else
                                                     N_("The called king captured in the last trick: 1")), 1, ok, "silent:krol_ultymo"))
            if early:
                out.append(_won_or_lost(g, decl, Msg(N_("The called king captured: 1")), 1, False, "penalty:called_king_captured"))
        if c in g.exposed and not g.drawn[b] >> c & 1:
            out.append(_won_or_lost(g, decl, Msg(N_("The called king shown in the talon and left: 1")),
                                    1, False, "penalty:called_king_left"))
        return out

    def _xxi_lines(self, g: Game) -> list[PaymentLine]:
        """KZ-22: XXI and the other side's škýz in one trick: XXI's side pays 2."""
        for t in g.tricks:
            mond = next((s for s, pc in t.plays if pc == MOND), None)
            skyz = next((s for s, pc in t.plays if pc == SKYZ), None)
            if mond is not None and skyz is not None and skyz not in g.side_of(mond):
                return [_won_or_lost(g, g.side_of(mond), Msg(N_("XXI captured by the škýz: 2")), 2, False, "penalty:xxi_captured")]
        return []

    def _walat_lines(self, g: Game,
                     sweep: frozenset[int] | None) -> tuple[list[PaymentLine], bool]:
        """KZ-23: 5 for taking every trick; announced, 20 won or lost (× doubles under the
        kontra_walat option); added to everything else.  Also: whether a walat was made."""
        out: list[PaymentLine] = []
        ann = g.ann.announced.get("walat")
        side: frozenset[int] | None = None
        if ann is not None:
            side = g.side_of(ann.seat)
            amt = self.announced_value(g, "walat") << ann.level
            ok = sweep == side
            out.append(_won_or_lost(g, side, Msg(N_("Walat announced and won: {amount}") if ok
                                                 else N_("Walat announced and lost: {amount}"), {"amount": amt}),
                                    amt, ok, "bonus:walat"))
        if sweep is not None and sweep != side:
            out.append(_won_or_lost(g, sweep, _side_msg(g, sweep, _WALAT_TO), 5, True, "silent:walat"))
        return out, sweep is not None

    # ---- words ---------------------------------------------------------------------------------

    def contract_term(self, g: Game) -> Sayable:
        c = g.contract
        assert c is not None
        if g.level:
            return Msg(N_("{contract}, talon group {level} taken"), {"contract": Term(c.title), "level": g.level})
        return Term(c.title)

    def prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        shared = turn_prompt(g, seat, knock="knock", t=t)
        if shared is not None:
            return shared
        ph = g.phase
        if ph is Phase.THROW_IN:
            if g.contract is not None:
                return t._("You won the auction with Jeden: play on (you look at the talon three "
                           "cards at a time) or throw the cards in for no score.")
            offers = g.legal_actions(seat)
            throw = act(Kind.THROW_IN) in offers
            show = declare(SHOW_KINGS) in offers
            if throw:
                return t._("Before the bidding: you hold no tarok, so you may throw the hand in; or "
                           "keep your hand.")
            if show:
                return t._("Before the bidding: you hold all four kings, so you may show them "
                           "(Cztery króle); or keep your hand.")
            return t._("Before the bidding: keep your hand.")
        if ph is Phase.AUCTION:
            high = g.auction.high
            if high is None:
                return t._("Bid Jeden, Dwa or Trzy, or pass. You have one turn.")
            hs = g.auction.high_seat
            assert hs is not None
            if high is TRZY:
                return t._("{seat} has bid {contract}: bid higher or pass. Cztery is allowed now.",
                           seat=seat_word(hs), contract=term(high.title, t))
            return t._("{seat} has bid {contract}: bid higher or pass.", seat=seat_word(hs),
                       contract=term(high.title, t))
        if ph is Phase.CALL:
            return t._("Call a king: its holder is your secret partner. Calling your own king, or one "
                       "in the talon, means you play alone.")
        if ph is Phase.TALON:
            st = g.staged
            surrender = g.forbidding_rule(seat, _SURRENDER) is None
            if st.stage == st.groups:
                text = t._("Every talon group is shown: take any one group.")
            elif st.stage + 1 == st.groups:
                text = t._("This is the last talon group: take it, or show it and then take any "
                           "group.")
            else:
                text = t._("Take these talon cards, or show them and look at the next group.")
            if surrender:
                return text + " " + t._("You saw the called king: you may also give up (surrender).")
            return text
        if ph is Phase.ANNOUNCE:
            if not g.first_turn(seat):
                return t._("You may double (Kontra, Re, Sub or Mort), or pass.")
            if g.ann.rounds == 1:
                return t._("First round: announce Król ultymo if you hold the called king, say "
                           "Kontra if you may, or Done.")
            return t._("Second round: announce Trul, Pagat ultymo or Walat, declare your taroki, "
                       "double, or Done.")
        return t._("Wait for the others.")


def _played(g: Game, card: int) -> tuple[int, int, int] | None:
    """(trick index, who played ``card``, who won that trick), or None if it was not played."""
    for i, t in enumerate(g.tricks):
        for s, pc in t.plays:
            if pc == card:
                return i, s, t.winner
    return None


#: KZ-18, KZ-19, KZ-23: announced pagat ultymo and król ultymo 2, walat 20 (won or lost).
_ANNOUNCED: Final[dict[str, int]] = {"pagat_ultymo": 2, "krol_ultymo": 2, "walat": 20}


# A line that names a side says it in a whole sentence, one per side (the opponents, the
# declarer alone, the declarer's side), so each language can put the side's name in the
# form its sentence needs (issue #14: "in the tricks of ..." and "every trick to ..." take
# different cases in Czech and Polish).
_TRUL_IN_TRICKS: Final = (N_("Trul in the tricks of the opponents: 2"),
                          N_("Trul in the tricks of the declarer: 2"),
                          N_("Trul in the tricks of the declarer's side: 2"))
_KINGS_IN_TRICKS: Final = (N_("Cztery króle in the tricks of the opponents: 2"),
                           N_("Cztery króle in the tricks of the declarer: 2"),
                           N_("Cztery króle in the tricks of the declarer's side: 2"))
_WALAT_TO: Final = (N_("Walat: every trick to the opponents, 5"),
                    N_("Walat: every trick to the declarer, 5"),
                    N_("Walat: every trick to the declarer's side, 5"))


def _side_msg(g: Game, side: frozenset[int], said: tuple[str, str, str]) -> Msg:
    """The line of ``said`` that names ``side``: the opponents, the declarer alone or the
    declarer's side."""
    if g.bidder not in side:
        return Msg(said[0])
    return Msg(said[1]) if len(side) == 1 else Msg(said[2])


def _won_or_lost(g: Game, side: frozenset[int], label: Msg, amount: int,
                 ok: bool, code: str) -> PaymentLine:
    """``side`` wins ``amount`` from the other side (``ok``), or pays it to them: per pair in
    two against two, from or to each opponent of a lone player."""
    other = frozenset(s for s in g.active if s not in side)
    w, lo = (side, other) if ok else (other, side)
    return PaymentLine(label, side_payment(w, lo, amount), code)


__all__ = ["CONTRACTS", "CZTERY", "DWA", "JEDEN", "TRZY", "Kozy", "kontra_eligible",
           "may_surrender"]
