"""Petrtyl Tarock (1922; the "Petrtyl Tarock" section of the Nebraska text, PT-1 … PT-4):
an early Nebraska game with Three, "Without a King", Sweep, Grand Nullo and Grand Sweep,
forehand always leading, announced cards kept, and a penalty pot."""

from __future__ import annotations

from typing import ClassVar, Final

from ..actions import Action, Kind, register_titles
from ..cards import PAGAT
from ..game import Announced, Contract, Game, Phase
from ..masks import HONOUR_MASK, KING_MASK, TAROK_MASK
from ..restrictions import (
    ActionRule,
    DeclareOnlyTrue,
    DoubleChain,
    KeepAnnounced,
    NoBonusInNegative,
    Restriction,
    high_bid,
)
from ..say import N_, Money, Msg, seat_word
from ..scoring import POOL, HandResult, PaymentLine, share, side_payment
from .base import OptionSpec, hand_result
from .kingcall import (
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
    KONTRA_OPTION,
    LAST_NEEDS_CARD,
    RITUAL_OPTION,
    SURRENDER_AFTER_BOTH,
    TAROK_WHEN_VOID,
    THROW_IN_EMPTY_HAND,
    KingCall,
    ladder_rules,
)

THREE = Contract("three", "Three", 0)
P_FIVE = Contract("five", "Five", 2, call="king")
GRAND_NULLO = Contract("grand_nullo", "Grand Nullo", 3, alone=True, negative=True)
GRAND_SWEEP = Contract("grand_sweep", "Grand Sweep", 4, alone=True)

register_titles({
    "three": "Three",
    "grand_nullo": "Grand Nullo",
    "grand_sweep": "Grand Sweep",
    "sweep": "Sweep",
    "no_trumps": "No Trumps",
    "no_three": "No Three",
    "no_kings": "No Kings",
})

SWEEP_FOUR = {1: 12, 2: 14, 3: 16}  # PT-3, by the Four's use of the blind
SWEEP_FIVE = 24
GRAND_SWEEP_RATE = 60
GRAND_NULLO_RATE = 36
#: PT-1: what forehand receives from each player when nobody overcalls Three (chips).
THREE_CHIPS: Final = 3
NULLO_DECLARATION = 4


# ---- the rules of Petrtyl Tarock, each written once (``bot.engine.restrictions``) ---------


class ForehandOpens(ActionRule):
    """PT-1: 'Forehand always starts the bidding and must bid at least "Three".'"""

    kinds: tuple[Kind, ...] = (Kind.PASS,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return seat == g.forehand and high_bid(g) is None


class ThreeForehandOnly(ActionRule):
    """PT-1: Three is forehand's opening bid only."""

    kinds: tuple[Kind, ...] = (Kind.BID,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return action.value == "three" and seat != g.forehand


class SweepByBidder(ActionRule):
    """PT-3: 'Sweep ... can be announced before the first lead', by the bidder's side in
    Four and Five."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return action.value == "sweep" and not (
            g.contract in (FOUR, P_FIVE) and seat in g.declarer_side)


PETRTYL_RULES: Final[tuple[Restriction, ...]] = (
    ForehandOpens("forehand_must_bid", Phase.AUCTION,
                  N_("Forehand opens the bidding and must bid at least Three."), "PT-1"),
    HOLD_ONLY_EARLIER,
    ThreeForehandOnly("three_forehand_only", Phase.AUCTION,
                      N_("Only forehand may bid Three."), "PT-1"),
    *ladder_rules((THREE, FOUR, P_FIVE, GRAND_NULLO, GRAND_SWEEP), frozenset({"three"}), {},
                  "PT-1"),
    THROW_IN_EMPTY_HAND, FOURTH_KING_NEEDS_THREE, FOUR_KINGS_ALTERNATIVE, SURRENDER_AFTER_BOTH,
    KC_DISCARD_FIVE, KC_DISCARD_TAROKY,
    KC_FIRST_TURN,
    NoBonusInNegative(Phase.ANNOUNCE, (Kind.ANNOUNCE,),
                      N_("Nothing is announced in Grand Nullo (its own declarations are made)."),
                      "PT-3"),
    LAST_NEEDS_CARD,
    SweepByBidder("sweep_by_bidder", Phase.ANNOUNCE,
                  N_("Sweep is announced by the bidder's side, in Four and Five."), "PT-3"),
    DeclareOnlyTrue(Phase.ANNOUNCE,
                    N_("Declarations are made only when true: Ten Taroky with ten or more taroky; "
                    "in Grand Nullo No Trumps (two taroky or fewer), No Three (no škýz, 21 or "
                    "1) and No Kings."), "PT-3"),
    KC_ANNOUNCE_ONCE,
    DoubleChain(Phase.ANNOUNCE,
                N_("Kontra is said by an opponent on the game in Five (if the table plays "
                "kontra); rekontra by the bidder's side."), "NE-8"),
    FOLLOW_SUIT, TAROK_WHEN_VOID,
    KeepAnnounced(Phase.PLAY,
                  N_("A card you announced for the last trick (the called king or tarok 1) is "
                  "kept until the last trick unless you are forced to play it."), "PT-3"),
)


class Petrtyl(KingCall):
    """Petrtyl Tarock: 4 players (5 with the dealer out), clockwise, chips."""

    name = "petrtyl"
    title = "Petrtyl Tarock"
    aliases = ("petrtyl-tarock", "chicago")
    contracts: ClassVar[dict[str, Contract]] = {
        c.name: c for c in (THREE, FOUR, P_FIVE, GRAND_NULLO, GRAND_SWEEP)
    }
    option_specs = (
        RITUAL_OPTION,
        FOUR_KINGS_OPTION,
        KONTRA_OPTION,
        OptionSpec("pot_seed", "Chips each player puts into the penalty pot at a session's start",
                   0, help="Misdeals cannot happen here, so a table may seed the pot.", ref="PT-4",
                   min=0, max=1_000),
    )
    # ---- the rules pages (bot.engine.rulebook): facts no hook states as data ------------
    first_lead: ClassVar[dict[str, str]] = {"*": "forehand"}  # PT-2
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        **KingCall.how_it_goes,
        "auction": (
            *KingCall.how_it_goes["auction"],
            "If nobody bids more than Three, the hand is thrown in and forehand receives 3 "
            "chips from each player.",
        ),
        "call": (
            "In a Four or Five the bidder calls a king by naming its suit; its holder is the "
            "bidder's secret partner until the king is played.",
            "Calling your own king, or a king that lies in the blind, means playing alone "
            "against the other three; so does choosing Without a King.",
            KingCall.how_it_goes["call"][2],
            "Grand Nullo and Grand Sweep are played alone, without a call.",
        ),
        "talon": (
            *KingCall.how_it_goes["talon"][:2],
            "Five: the blind stays unseen and counts for the opponents; if the called king is "
            "in it, the three blind cards that hold it go to the bidder and the other three to "
            "the opponents.",
            "Grand Nullo and Grand Sweep: the blind stays unseen and counts for the opponents.",
        ),
        "announcements": (
            "Before the first lead, starting with the bidder, each player may announce King "
            "Last (holding the called king) or Tarok 1 Last (holding the 1) and declare Ten "
            "Taroky; in a Four or Five the bidder's team may announce Sweep.",
            "In a Grand Nullo the declarations are No Trumps, No Three and No Kings.",
            "In a Five an opponent of the bidder may say kontra, doubling the game; the bidder's "
            "team may answer rekontra, doubling it again (the table may turn kontra off).",
        ),
    }
    game_payments: ClassVar[dict[str, str]] = {
        **{k: v for k, v in KingCall.game_payments.items() if k != "five_over"},
        "three": "3 chips from each player to forehand, without play.",
        "grand_nullo": "36 chips: the bidder plays alone and must take no trick.",
        "grand_sweep": "60 chips: the bidder plays alone and must take every trick.",
    }
    scoring_rules: ClassVar[tuple[str, ...]] = (
        *KingCall.scoring_rules[:4],
        "Ten Taroky (declared before the lead), Four Kings and Three High (the škýz, 21 and 1, "
        "counted when played) are paid 1 chip by each other player: 2 in a Five, 4 in a Grand "
        "Sweep.",
        "No Trumps, No Three and No Kings are paid 4 chips by each other player.",
        KingCall.scoring_rules[6],
    )
    valat_rule = ("A team that takes every trick of a Four or Five is paid a Sweep instead of the "
                  "game and the last-trick bonuses: 12, 14 or 16 chips in a Four (by the use of "
                  "the blind), 24 in a Five. An announced Sweep is paid double, won or lost.")
    pool_rule = ("The penalty pot: a team that announced Tarok 1 Last and makes it wins the whole "
                 "pot; if it fails, it pays the pot's value in, doubling it. The table may have "
                 "every player put chips into the pot at the start of a session.")
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        **{k: v for k, v in KingCall.glossary.items() if k != "five over"},
        "bid": ("Naming Three, Four, Five, Grand Nullo or Grand Sweep in the auction.",
                "Forehand bids Three; you bid Four."),
        "three": ("Forehand's lowest bid. If nobody bids higher, the hand is thrown in and "
                  "forehand receives 3 chips from each player.",
                  "You are forehand and bid Three; everyone passes: each pays you 3 chips."),
        "five": ("A bid: the blind stays unseen and counts for the opponents; 8 chips.",
                 "You bid Five and call the king of hearts."),
        "kontra": ("An opponent doubles a Five; rekontra doubles again.",
                   "Seat 3 says kontra on your Five: it pays 16 chips."),
        "grand nullo": ("Playing alone to take no trick at all: 36 chips.",
                        "You bid Grand Nullo and lose every trick: each other player pays you "
                        "36 chips."),
        "grand sweep": ("Playing alone to take every trick: 60 chips.",
                        "You bid Grand Sweep and take all 12 tricks: 60 chips from each "
                        "player."),
        "sweep": ("Taking every trick in a Four or Five; paid instead of the game (12 to 24 "
                  "chips), double if announced.",
                  "Your team takes all 12 tricks of a Five: a Sweep, 24 chips."),
        "valát": ("Taking every trick; in a Four or Five it is paid as a Sweep.",
                  "Your team takes all 12 tricks of a Four: a Sweep."),
        "without a king": ("Playing a Four or Five alone instead of calling a king.",
                           "You hold a strong hand and choose Without a King."),
        "no trumps": ("A Grand Nullo declaration: two or fewer taroky; 4 chips from each other "
                      "player.",
                      "You hold only two taroky in a Grand Nullo: declare No Trumps."),
        "no three": ("A Grand Nullo declaration: none of the škýz, 21 and 1; 4 chips from each "
                     "other player.",
                     "You hold none of the škýz, the 21 and the 1: declare No Three."),
        "no kings": ("A Grand Nullo declaration: no king; 4 chips from each other player.",
                     "You hold no king in a Grand Nullo: declare No Kings."),
        "pot": ("The penalty pot: won, or doubled, by a team that announced Tarok 1 Last.",
                "The pot holds 10 chips; your team's Tarok 1 Last wins: you take the 10."),
    }
    ladder = (THREE, FOUR, P_FIVE, GRAND_NULLO, GRAND_SWEEP)
    restrictions = PETRTYL_RULES
    announcement_names = ("king_last", "tarok1_last", "sweep")
    declaration_names = ("ten_taroky", "no_trumps", "no_three", "no_kings")
    opening_only = frozenset({"three"})
    only_over: ClassVar[dict[str, str]] = {}
    last_must_bid = False
    kontra_contracts = frozenset({"five"})
    lead = "forehand"  # PT-2
    keep_announced = True  # PT-3
    can_play_alone = True  # PT-2
    bonus_mult: ClassVar[dict[str, int]] = {"four": 1, "five": 2, "grand_sweep": 4}
    sweep_table = True

    # ---- auction (PT-1) ---------------------------------------------------------------------

    def after_contract(self, g: Game) -> None:
        if g.contract is THREE:
            g.finish_thrown_in(Msg(N_("Nobody bid Four or more: the cards are thrown in and forehand receives {amount} "
                                      "from each player."), {"amount": Money(self.currency, THREE_CHIPS)}))
            return
        super().after_contract(g)

    # ---- announcements (PT-3) --------------------------------------------------------------

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """PT-3: in Grand Nullo 'No trumps' (two or fewer taroky), 'No three' (no skies, 21,
        1) and 'No Kings'; otherwise Ten Taroky."""
        if g.contract is GRAND_NULLO:
            hand = g.hands[seat]
            out = []
            if (hand & TAROK_MASK).bit_count() <= 2:
                out.append("no_trumps")
            if not hand & HONOUR_MASK:
                out.append("no_three")
            if not hand & KING_MASK:
                out.append("no_kings")
            return out
        return super().declarations_true(g, seat)

    def declaration_value(self, g: Game, name: str, mult: int) -> int:
        return NULLO_DECLARATION if name.startswith("no_") else mult

    def combination_mult(self, g: Game) -> int:
        """'The payments for card combinations ... depend on the bid: Four 1 chip, Five 2,
        Grand Sweep 4' (none in Grand Nullo, which has its own declarations)."""
        assert g.contract is not None
        return self.bonus_mult.get(g.contract.name, 0)

    # ---- scoring (PT-1, PT-3, PT-4) ---------------------------------------------------------

    def score_special(self, g: Game) -> HandResult | None:
        c = g.contract
        assert g.bidder is not None
        b = g.bidder
        others = [s for s in g.order if s != b]
        if c is THREE:
            three = Money(self.currency, THREE_CHIPS)
            line = PaymentLine(Msg(N_("Three, not overcalled: {amount} from each player"), {"amount": three}),
                               side_payment([b], others, THREE_CHIPS), "game")
            return hand_result(g, Msg(N_("Nobody overcalled Three: {seat} receives {amount} from each player."),
                                      {"seat": seat_word(b).lower(), "amount": three}), {}, [line], dict(line.net))
        if c is not GRAND_NULLO:
            return None
        won = self.declarers_win(g, frozenset((b,)))
        w, lo = ([b], others) if won else (others, [b])
        lines = [PaymentLine(Msg(N_("Grand Nullo won: {amount}") if won else N_("Grand Nullo lost: {amount}"),
                                 {"amount": Money(self.currency, GRAND_NULLO_RATE)}),
                             side_payment(w, lo, GRAND_NULLO_RATE), "game")]
        lines.extend(self.combination_lines(g))
        lines.extend(self.pool_lines(g))
        net: dict[int, int] = {}
        for ln in lines:
            for k, v in ln.net.items():
                net[k] = net.get(k, 0) + v
        summary = (Msg(N_("{seat} lost every trick: Grand Nullo won."), {"seat": seat_word(b)}) if won
                   else Msg(N_("{seat} took {n} trick: Grand Nullo lost."), {"seat": seat_word(b)},
                            plural=N_("{seat} took {n} tricks: Grand Nullo lost."), n=g.tricks_won[b]))
        return hand_result(g, summary, {}, lines, net, declarer_side=frozenset((b,)),
                           declarers_won=won)

    def declarers_win(self, g: Game, decl: frozenset[int]) -> bool:
        """Whether the bidder made the game, decided here once for the payment and the
        result's ``declarers_won`` alike (PT-3): 'Grand Sweep ... must take all the tricks';
        in 'Grand Nullo ... the bidder ... must try to lose every trick'; Four and Five are
        won on card points, as in Nebraska."""
        if g.contract is GRAND_SWEEP:
            opp = frozenset(s for s in g.active if s not in decl)
            return self.sweeping_side(g, decl, opp) == decl
        if g.contract is GRAND_NULLO:
            return not any(g.tricks_won[s] for s in decl)
        return super().declarers_win(g, decl)

    def game_lines(self, g: Game, decl: frozenset[int], opp: frozenset[int], won: bool,
                   sweep: frozenset[int] | None) -> list[PaymentLine]:
        """PT-3: a Sweep is paid 12 / 14 / 16 in Four (by the use of the blind), 24 in Five,
        doubled if announced, instead of the game; Grand Sweep 60, to the bidder if ``won``
        (``declarers_win``: every trick), else from him."""
        c = g.contract
        mult = 1 << g.ann.game_level
        if c is GRAND_SWEEP:
            w, lo = (decl, opp) if won else (opp, decl)
            return [PaymentLine(Msg(N_("Grand Sweep made: {amount}") if won else N_("Grand Sweep missed: {amount}"),
                                    {"amount": GRAND_SWEEP_RATE}),
                                side_payment(w, lo, GRAND_SWEEP_RATE), "game")]
        rate = SWEEP_FOUR.get(g.level, 12) if c is FOUR else SWEEP_FIVE
        ann: Announced | None = g.ann.announced.get("sweep")
        if ann is not None:
            amt = 2 * rate * mult
            if sweep == decl:
                return [PaymentLine(Msg(N_("Sweep announced and made: {amount}"), {"amount": amt}),
                                    side_payment(decl, opp, amt), "bonus:sweep")]
            return [PaymentLine(Msg(N_("Sweep announced and missed: {amount}"), {"amount": amt}),
                                side_payment(opp, decl, amt), "bonus:sweep")]
        if sweep is not None:
            other = opp if sweep == decl else decl
            amt = rate * mult
            return [PaymentLine(Msg(N_("Sweep: every trick, {amount}"), {"amount": amt}),
                                side_payment(sweep, other, amt), "silent:sweep")]
        return super().game_lines(g, decl, opp, won, None)

    def pool_lines(self, g: Game) -> list[PaymentLine]:
        """PT-4: the pot 'is won by a team that announces "Tarok 1 Last" if they succeed, or
        doubled by them if they fail'."""
        ann = g.ann.announced.get("tarok1_last")
        if ann is None or g.pool <= 0 or not g.tricks:
            return []
        last = g.tricks[-1]
        ok = any(c == PAGAT and s == last.winner for s, c in last.plays)
        side = sorted(g.side_of(ann.seat))
        net: dict[int, int] = {}
        if ok:
            net[POOL] = -g.pool
            share(net, side, g.pool, +1)
            return [PaymentLine(Msg(N_("Tarok 1 Last made: the pot of {amount} is won"),
                                    {"amount": Money(self.currency, g.pool)}), net, "pool:tarok1_last")]
        net[POOL] = g.pool
        share(net, side, g.pool, -1)
        return [PaymentLine(Msg(N_("Tarok 1 Last failed: the pot is doubled by {amount}"),
                                {"amount": Money(self.currency, g.pool)}),
                            net, "pool:tarok1_last")]

__all__ = ["GRAND_NULLO", "GRAND_SWEEP", "THREE", "Petrtyl"]
