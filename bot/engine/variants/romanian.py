"""Romanian Tarok as played in Suceava (romanian-tarok-suceava-and-taper.txt, first part) with
the RO-* clarifications of CLARIFICATIONS-2.md; its three-player form, Taper (TP-*), is the
subclass in ``taper.py``.

Terms (Romanian / English): taroace (trumps; one tarok), skiz (the highest trump), luna
(trump XXI), pagat (trump I); doi / unu / trei (two / one / three: how many talon cards the
declarer takes); unul / al doilea / al treilea de ... (first / second / third: where the look
at the talon starts, and the lowest level it can give); solo (the talon stays unseen); la mine
("to me": holding a bid); merge (nothing to declare); trula (skiz, luna and pagat), toţi regii
(all four kings), regele prins (the called king captured), luna prinsă (the luna captured by
the skiz), pagat ultimo and rege ultimo (the pagat or the called king in the last trick),
valat (every trick); contra, recontra, supra, hirş, mord (the five doubles); michi-michi (all
pass: a game to avoid tricks); radler (deals at double stakes).  The pool is called "pool"
(RO-summary).  Scores are in game points (currency ``points``).

What lives here, each written once and switched by class constants for Taper:
* RO-4 antes and RO-20 pool flows; RO-5 annulment; RO-6 / RO-7 the ladder with holding;
* RO-8 the king call; RO-9 the general staged talon (start offset, cyclic order, going back,
  levels up to 13); RO-10 / RO-11 the called king in the talon and surrender;
* RO-12 … RO-15 the announcement round (ends after one pass fewer than the players,
  declarations by what a player knows, compulsory declarations, five doubles, sides revealed
  by announcing and doubling); RO-16 play; RO-17 … RO-21 scoring; RO-22 michi-michi and
  RO-23 the radler (``radler_next``: ``Session`` keeps the count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from ..actions import PASS, Action, Kind, Term, act, bid, declare, double, register_titles, term
from ..cards import (
    CARD_POINTS,
    CARDS,
    MOND,
    PAGAT,
    PLAIN_SUITS,
    SKYZ,
    Card,
    CardName,
    CardWords,
    king,
    mask_of,
    suit_label,
)
from ..game import Announced, Contract, Game, Phase, StagedTalon
from ..masks import HONOUR_MASK, KING_MASK
from ..restrictions import (
    NONE_OPEN,
    ActionRule,
    AnnounceOnce,
    BidHigher,
    DeclareOnlyTrue,
    DoubleChain,
    FirstTurnOnly,
    FollowSuit,
    KeepAnnounced,
    NoFivePointDiscard,
    Restriction,
    TarokWhenVoid,
    TarokyLastDiscard,
    ValueRule,
    high_bid,
    lower_first,
)
from ..say import ENGLISH, N_, LowerTerm, Msg, MsgValue, Say, Sayable, seat_word
from ..scoring import POOL, HandResult, PaymentLine, add_into, share, side_payment
from . import romanian_pages as pages
from .base import OptionSpec, Variant, hand_result, tarok_count
from .kingcall import HoldOnlyEarlier, ThrowInEmptyHand, discard_count, holding_turn

if TYPE_CHECKING:
    from ..session import Session

# ---- contracts: "k-th of g" (RO-9) ------------------------------------------------------------

#: Line name -> talon cards taken (g); each line has three levels k = 1, 2, 3.
LINES: Final[dict[str, int]] = {"trei": 3, "doi": 2, "unu": 1}
#: RO-17, TP-8: the game's base by line (solo 8).
BASE: Final[dict[str, int]] = {"trei": 1, "doi": 2, "unu": 3, "solo": 8}
_ORDINAL: Final = ("Unul", "Al doilea", "Al treilea")
_LINE_RANK: Final[dict[str, int]] = {"trei": 0, "doi": 3, "unu": 6}


def _contracts(call: str | None) -> dict[str, Contract]:
    """Every contract of the ladder T1 < T2 < T3 < D1 < … < U3 < Solo (RO-6, TP-5); with
    ``call`` None the declarer plays alone (Taper, TP-6)."""
    out: dict[str, Contract] = {}
    for line, rank in _LINE_RANK.items():
        for k in (1, 2, 3):
            name = f"{line}_{k}"
            out[name] = Contract(name, f"{_ORDINAL[k - 1]} de {line}", rank + k,
                                 alone=call is None, call=call, talon="staged")
    out["solo_ro"] = Contract("solo_ro", "Solo", 10, alone=call is None, call=call, talon="none")
    return out


ROMANIAN_CONTRACTS: Final = _contracts("king")
MICHI: Final = Contract("michi", "Michi-michi", -1, negative=True)


def line_of(c: Contract) -> tuple[str, int]:
    """("doi", 2) for al doilea de doi; ("solo", 1) for solo."""
    if c.talon != "staged":
        return "solo", 1
    line, _, k = c.name.partition("_")
    return line, int(k)


#: The bonuses that may be announced (RO-15) and the declarations (RO-13).
TRULA, TOTI_REGII, LUNA_PRINSA, PAGAT_ULTIMO, REGE_ULTIMO, VALAT = (
    "trula", "toti_regii", "luna_prinsa", "pagat_ultimo", "rege_ultimo", "valat_ro")
REGELE_PRINS = "regele_prins"

register_titles({
    **{c.name: c.title for c in ROMANIAN_CONTRACTS.values()},
    "michi": "Michi-michi",
    "trula": "Trula",
    "toti_regii": "Toţi regii",
    "luna_prinsa": "Luna prinsă",
    "pagat_ultimo": "Pagat ultimo",
    "rege_ultimo": "Rege ultimo",
    "valat_ro": "Valat",
    "regele_prins": "Regele prins",
    **{f"taroace_{n}": f"{n} taroace" for n in range(8, 13)},
})

#: RO-18 (reconstructed): amounts per pair or per opponent in doi / unu / trei:
#: (announced, silent).  Solo doubles them under ``solo_bonus=double``.
BONUS_TABLE: Final[dict[str, tuple[int, int]]] = {
    TRULA: (2, 1),
    TOTI_REGII: (2, 1),
    REGELE_PRINS: (0, 1),
    LUNA_PRINSA: (2, 1),
    PAGAT_ULTIMO: (7, 1),
    REGE_ULTIMO: (2, 1),
    VALAT: (16, 8),
}


# ---- the rules, each written once (``bot.engine.restrictions``) --------------------------------


class LadderStep(ActionRule):
    """RO-6, TP-5: an opening bid is the first level of a line; over a bid, the next level
    of its own line or the first level of a higher line (no jumps within a line)."""

    kinds: tuple[Kind, ...] = (Kind.BID,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        c = g.variant.contracts.get(str(action.value))
        if c is None or c.talon != "staged":
            return False
        line, k = line_of(c)
        if k == 1:
            return False
        high = high_bid(g)
        return high is None or high.name != f"{line}_{k - 1}"

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        c = g.variant.contracts[str(action.value)]
        line, k = line_of(c)
        prev = g.variant.contracts[f"{line}_{k - 1}"]
        rule = lower_first(self.rule_text(t))
        if high_bid(g) is None:
            return t._("{contract} is not an opening bid: {rule}", contract=term(c.title, t), rule=rule)
        return t._("{contract} may be bid only over {previous}: {rule}", contract=term(c.title, t),
                   previous=term(prev.title, t), rule=rule)


class SurrenderOnKing(ActionRule):
    """RO-11: surrender is offered once, when the group holding the called king is seen."""

    kinds: tuple[Kind, ...] = (Kind.SURRENDER,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        st = g.talon_state
        c = g.called
        if not isinstance(st, StagedTalon) or st.stage < 0 or c is None:
            return True
        return c not in g.talon_group(st.stage)


class OneDeclaration(ValueRule):
    """RO-12: one declaration (or merge) in a player's first turn."""

    kinds: tuple[Kind, ...] = (Kind.DECLARE,)

    def open_values(self, g: Game, seat: int) -> list[str] | None:
        return NONE_OPEN if g.ann.declared[seat] else None


def declared_value(g: Game, seat: int) -> int:
    """The value of ``seat``'s declaration (0 for merge)."""
    v = g.variant
    assert isinstance(v, Romanian)
    return max((v.declaration_value(d) for d in g.ann.declared[seat]), default=0)


def knows_teammate(g: Game, seat: int, other: int) -> bool:
    """RO-13: whether ``seat`` knows ``other`` to be its teammate: the partner knows the
    declarer, the declarer knows a revealed partner, an opponent knows the players publicly
    identified as opponents (or known by elimination)."""
    if other == seat:
        return False
    b = g.bidder
    if seat == b:
        return other == g.partner and g.side_is_public(other)
    if seat == g.partner:
        return other == b
    return other != b and other != g.partner and g.side_is_public(other)


def barred(g: Game, seat: int, value: int) -> bool:
    """RO-13: a known teammate has already declared ``value`` or more."""
    return any(declared_value(g, t) >= value for t in g.active if knows_teammate(g, seat, t))


class DeclareAboveTeammate(ActionRule):
    """RO-13: no declaration at or below one a known teammate has made."""

    kinds: tuple[Kind, ...] = (Kind.DECLARE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        v = g.variant
        assert isinstance(v, Romanian)
        return barred(g, seat, v.declaration_value(str(action.value)))


class DeclareWithPagat(ActionRule):
    """RO-14: a player with enough taroace to declare who announces pagat ultimo, or says
    contra on it, must declare them in the same first turn (unless a known teammate's
    declaration bars it)."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE, Kind.DOUBLE)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        if action.value != PAGAT_ULTIMO or g.ann.declared[seat]:
            return False
        if action.kind is Kind.DOUBLE:
            ann = g.ann.announced.get(PAGAT_ULTIMO)
            if ann is None or ann.level != 0:
                return False  # only the contra carries the duty
        v = g.variant
        assert isinstance(v, Romanian)
        true = v.declarations_true(g, seat)
        return bool(true) and not barred(g, seat, v.declaration_value(true[0]))

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        n = tarok_count(g.hands[seat])
        announce = action.kind is Kind.ANNOUNCE
        if g.first_turn(seat):
            if announce:
                return t.ngettext("You hold {n} tarok: declare it before you announce pagat ultimo.",
                                  "You hold {n} taroace: declare them before you announce pagat ultimo.", n)
            return t.ngettext("You hold {n} tarok: declare it before you say contra on pagat ultimo.",
                              "You hold {n} taroace: declare them before you say contra on pagat ultimo.", n)
        rule = lower_first(self.rule_text(t))
        if announce:
            return t.ngettext("You hold {n} tarok and said merge, so you may not announce pagat ultimo: {rule}",
                              "You hold {n} taroace and said merge, so you may not announce pagat ultimo: {rule}",
                              n, rule=rule)
        return t.ngettext("You hold {n} tarok and said merge, so you may not say contra on pagat ultimo: {rule}",
                          "You hold {n} taroace and said merge, so you may not say contra on pagat ultimo: {rule}",
                          n, rule=rule)


class PagatUltimoByDeclarer(ActionRule):
    """RO-15: only the declarer announces pagat ultimo, and only holding the pagat."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return action.value == PAGAT_ULTIMO and (seat != g.bidder or not g.hands[seat] & 1)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        if seat != g.bidder:
            return t._("Only the declarer may announce pagat ultimo.")
        return t._("You do not hold the pagat, so you cannot announce pagat ultimo.")


class RegeUltimoByHolder(ActionRule):
    """RO-15: only the holder of the called king announces rege ultimo."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        c = g.called
        return action.value == REGE_ULTIMO and (c is None or not g.hands[seat] >> c & 1)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("Only the holder of the called king may announce rege ultimo.")


class RegelePrinsByOpponents(ActionRule):
    """RO-25 (Czernowitz, option ``regele_prins_announce``): only the declarer's opponents
    announce regele prins, and only when a king was called."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE,)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return action.value == REGELE_PRINS and (
            g.called is None or seat == g.bidder or seat == g.partner)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("Only the declarer's opponents may announce regele prins.")


class UltimoFreePlayOff(KeepAnnounced):
    """RO-16: announced ultimo cards are kept unless the table plays ``ultimo_free_play``."""

    def applies(self, g: Game) -> bool:
        return not g.options.get("ultimo_free_play") and any(g.kept)


def ro_rules(taper: bool) -> tuple[Restriction, ...]:
    """The rules of Romanian Tarok (Taper: without the king's rules, TP-6)."""
    p = "TP-" if taper else "RO-"
    out: list[Restriction] = [
        ThrowInEmptyHand(
            "throw_in_empty_hand", Phase.THROW_IN,
            N_("Before the bidding, a player with no tarok and no king may annul the deal: no "
            "bidding, no score, and the next dealer deals."), "RO-5, TP-14"),
        HoldOnlyEarlier(
            "hold_only_earlier", Phase.AUCTION,
            N_("A player seated earlier (from forehand) than the high bidder may say \"la mine\": "
            "take the same contract over. A later player must bid higher."), "RO-7, TP-5"),
        LadderStep(
            "ladder_step", Phase.AUCTION,
            N_("An opening bid is the first level of a line (unul de ...) or solo; over a bid you "
            "may bid the next level of its own line or the first level of a higher line."),
            "RO-6, TP-5"),
        BidHigher(Phase.AUCTION, tuple(ROMANIAN_CONTRACTS.values()), "RO-6, TP-5"),
    ]
    if not taper:
        out.append(SurrenderOnKing(
            "surrender_on_king", Phase.TALON,
            N_("You may give up only when you see the called king in the talon, before you take "
            "or show that group."), "RO-11"))
    out += [
        NoFivePointDiscard(Phase.DISCARD, N_("Kings, the skiz, the luna and the pagat are never "
                           "discarded."), "RO-9"),
        TarokyLastDiscard(Phase.DISCARD, N_("Other taroace are discarded only when you hold "
                          "nothing else you may discard; they are shown face up."), "RO-9"),
        FirstTurnOnly(Phase.ANNOUNCE, N_("Declarations and announcements are made in your first "
                      "turn; after it you may only double."), "RO-12, TP-12"),
        AnnounceOnce(Phase.ANNOUNCE, "RO-12"),
        OneDeclaration("one_declaration", Phase.ANNOUNCE,
                       N_("You make one declaration of taroace, or none (merge)."), "RO-12"),
        DeclareAboveTeammate(
            "declare_above_teammate", Phase.ANNOUNCE,
            N_("You may not declare as many taroace as, or fewer than, a player you know to be "
            "on your side has declared."), "RO-13, TP-9"),
        DeclareOnlyTrue(Phase.ANNOUNCE,
                        (N_("You declare 10, 11 or 12 taroace only if you hold exactly that many.")
                         if taper else
                         N_("You declare 8 or 9 taroace only if you hold exactly that many, and 10 "
                         "taroace with ten or more.")), f"{p}13" if not taper else "TP-9"),
        DeclareWithPagat(
            "declare_with_pagat", Phase.ANNOUNCE,
            N_("Whoever announces pagat ultimo, or says contra on it, must declare their taroace "
            "in the same first turn if they can."), "RO-14, TP-9"),
        PagatUltimoByDeclarer("pagat_ultimo_declarer", Phase.ANNOUNCE,
                              N_("Only the declarer may announce pagat ultimo, holding the pagat."),
                              "RO-15"),
    ]
    if not taper:
        out.append(RegeUltimoByHolder("rege_ultimo_holder", Phase.ANNOUNCE,
                                      N_("Only the holder of the called king may announce rege "
                                      "ultimo."), "RO-15"))
        out.append(RegelePrinsByOpponents(
            "regele_prins_opponents", Phase.ANNOUNCE,
            N_("With the Czernowitz rule, only the declarer's opponents may announce regele "
            "prins (the capture of the called king)."), "RO-25"))
    out += [
        DoubleChain(Phase.ANNOUNCE,
                    N_("Contra is said by the other side on the game or on an announced bonus; then "
                    "recontra, supra, hirş and mord alternate between the sides, each doubling "
                    "again. Declarations are never doubled."), "RO-15"),
        FollowSuit(Phase.PLAY),
        TarokWhenVoid(Phase.PLAY),
        UltimoFreePlayOff(Phase.PLAY, N_("An announced pagat ultimo keeps the pagat, and an "
                          "announced rege ultimo the called king, for the last trick unless you "
                          "are forced to play it."), "RO-16"),
    ]
    return tuple(out)


# ---- options (RO-6, RO-16, RO-18, RO-19, RO-23, RO-25) ------------------------------------------

def _opt(key: str, title: str, default: bool | str, ref: str, help: str = "",
         choices: tuple[str, ...] | None = None) -> OptionSpec:
    return OptionSpec(key, title, default, choices=choices, help=help, ref=ref)


RITUAL_OPTION: Final = _opt("ritual", "Cut or knock before the deal", False, "RO-3",
                            "Cut, or knock for batches of twelve (forehand chooses first).")
POOL_OPTION: Final = _opt("pool", "Play with the pool", True, "RO-25",
                          "Off: no antes and no pagat ultimo pool.")
UNU_OPTION: Final = _opt("unu_bids", "Unu bids", True, "RO-6",
                         "Off: only doi and solo (most of Romania).")
TREI_OPTION: Final = _opt("trei_bids", "The old trei bids", False, "RO-25",
                          "On: the three trei bids too (three talon cards).")
FREE_PLAY_OPTION: Final = _opt("ultimo_free_play", "Ultimo cards may be played early", False,
                               "RO-16", "On: they may be played early (the announcement fails).")
SOLO_BONUS_OPTION: Final = _opt("solo_bonus", "Bonuses in solo", "double", "RO-18",
                                "double: twice doi's (reconstructed); same: as in doi.",
                                ("double", "same"))
SILENT_OPTION: Final = _opt("silent_bonus", "Silent bonuses", "half", "RO-18",
                            "half: half the announced value (reconstructed); equal: as announced "
                            "(not trula or pagat ultimo).",
                            ("half", "equal"))
TOTI_HIGH_OPTION: Final = _opt("toti_regii_high", "Toţi regii worth 4 announced", False, "RO-18",
                               "On: 4 announced, 2 silent (doi, unu).")
VALAT_SCALE_OPTION: Final = _opt("valat_scale", "Valat values", "fixed", "RO-18",
                                 "fixed: 16 / 8 (doubled in solo); game: 8 / 4 × the base.", ("fixed", "game"))
VALAT_DOUBLE_OPTION: Final = _opt("valat_takes_game_double", "Silent valat takes the game's "
                                  "doubling", True, "RO-19")
TRICKS_ONLY_OPTION: Final = _opt("bonuses_tricks_only", "Trula and kings in tricks only", False,
                                 "RO-19", "On: only cards won in tricks count for trula and "
                                 "toţi regii.")
ALL_PASS_OPTION: Final = _opt("all_pass", "When all pass", "michi_michi", "RO-23",
                              "michi_michi: play to avoid tricks; double_hands: four double deals.", ("michi_michi", "double_hands"))
ANNULLED_OPTION: Final = _opt("annulled_counts", "Annulled deals count in a radler", False,
                              "RO-23")
HEP_HEP_OPTION: Final = _opt("hep_hep", "Hep-hep", False, "RO-23",
                             "On: a deal that pays nobody anything starts a radler.")
REGELE_PRINS_OPTION: Final = _opt("regele_prins_announce", "Opponents may announce regele prins",
                                  False, "RO-25", "On (Czernowitz): the opponents may announce the "
                                  "called king's capture, for double, won or paid.")
POOL_AT_END_OPTION: Final = _opt("pool_at_end", "The pool at a session's end", "keep", "RO-24",
                                 "keep: it stays at the table; share: it is split equally.", ("keep", "share"))


class Romanian(Variant):
    """Romanian Tarok, Suceava (four players)."""

    name = "romanian"
    title = "Romanian Tarok"
    aliases = ("tarok", "suceava", "romanian_tarok")
    seat_counts = (4,)  # RO-24
    clockwise = False
    red_ace_high = True  # RO-2: red K Q C J A 2 3 4
    card_words = CardWords(skyz="Skiz", pagat="pagat", mond="luna", rider="horse")
    currency = "points"
    tarok_discards_face_up = True  # RO-9
    max_double = 5
    double_words = ("", "Contra", "Recontra", "Supra", "Hirş", "Mord")
    doubles_reveal_side = True  # RO-15
    contracts: ClassVar[dict[str, Contract]] = ROMANIAN_CONTRACTS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        RITUAL_OPTION, POOL_OPTION, UNU_OPTION, TREI_OPTION, FREE_PLAY_OPTION, SOLO_BONUS_OPTION, SILENT_OPTION,
        TOTI_HIGH_OPTION, VALAT_SCALE_OPTION, VALAT_DOUBLE_OPTION, TRICKS_ONLY_OPTION,
        ALL_PASS_OPTION, ANNULLED_OPTION, HEP_HEP_OPTION, POOL_AT_END_OPTION, REGELE_PRINS_OPTION)
    restrictions: ClassVar[tuple[Restriction, ...]] = ro_rules(False)

    # ---- axes Taper changes ---------------------------------------------------------------
    calls_king: ClassVar[bool] = True
    always_trei: ClassVar[bool] = False  # TP-5: the trei bids are part of the ladder
    win_points: ClassVar[int] = 36  # RO-17 (Taper: 34)
    #: RO-13: counts declared (the last means "or more"), worth 1, 2, 3.
    declare_counts: ClassVar[tuple[int, ...]] = (8, 9, 10)
    radler_deals: ClassVar[int] = 4  # RO-23 (Taper: 3)
    has_michi: ClassVar[bool] = True  # RO-22 (Taper: TP-11)
    announcement_names: ClassVar[tuple[str, ...]] = (
        TRULA, TOTI_REGII, LUNA_PRINSA, PAGAT_ULTIMO, REGE_ULTIMO, VALAT)

    # ---- the rules pages (their words: romanian_pages.py) ----------------------------------
    first_lead: ClassVar[dict[str, str]] = pages.FIRST_LEAD
    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = pages.HOW_IT_GOES
    counting_rules: ClassVar[tuple[str, ...]] = pages.COUNTING_RULES
    game_payments: ClassVar[dict[str, str]] = pages.GAME_PAYMENTS
    scoring_rules: ClassVar[tuple[str, ...]] = pages.SCORING_RULES
    valat_rule = pages.VALAT_RULE
    pool_rule = pages.POOL_RULE
    glossary: ClassVar[dict[str, tuple[str, str]]] = pages.GLOSSARY

    def __init__(self) -> None:
        super().__init__()
        self._double_of: dict[str, Action] = {
            n: double(n) for n in ("game", *self.announcement_names, REGELE_PRINS)}
        self._announce_regele_prins = act(Kind.ANNOUNCE, REGELE_PRINS)  # RO-25 (Czernowitz)
        self._announce_candidates: tuple[Action, ...] = (
            *(act(Kind.ANNOUNCE, n) for n in self.announcement_names),
            *(declare(self.declaration_name(n)) for n in self.declare_counts))

    # ---- options ----------------------------------------------------------------------------

    def pool_on(self, g: Game) -> bool:
        return bool(g.options.get("pool", True))

    def michi_on(self, g: Game) -> bool:
        """RO-22, RO-23, RO-25: michi-michi when all pass (not without a pool)."""
        return self.has_michi and self.pool_on(g) and g.options.get("all_pass") == "michi_michi"

    def ladder(self, g: Game) -> list[Contract]:
        """The bids of this table (RO-6 ``unu_bids``, RO-25 ``trei_bids``, TP-5)."""
        out: list[Contract] = []
        for c in self.contracts.values():
            line, _ = line_of(c)
            if line == "unu" and not g.options.get("unu_bids", True):
                continue
            if line == "trei" and not (self.always_trei or g.options.get("trei_bids")):
                continue
            out.append(c)
        return out

    # ---- the pool (RO-4) ----------------------------------------------------------------------

    def antes(self, g: Game) -> dict[int, int]:
        """RO-4: if the pool is empty every player pays 1, then the dealer pays 1."""
        if not self.pool_on(g):
            return {}
        out = {s: (1 if g.pool <= 0 else 0) for s in g.active}
        out[g.dealer] = out.get(g.dealer, 0) + 1
        return {s: a for s, a in out.items() if a}

    def pool_at_settlement(self, g: Game) -> int:
        """RO-20: P, the pool with this deal's ante."""
        return g.pool + sum(g.antes.values())

    def session_end_payments(self, session: Session) -> dict[int, int]:
        """RO-24 ``pool_at_end``: the pool stays at the table (keep), or is split equally
        among the players, the remainder one unit each in play order from the next deal's
        forehand (share)."""
        pot = session.pool
        if pot <= 0 or self.resolve_options(session.options)["pool_at_end"] != "share":
            return {}
        n = session.seats
        first = (session.dealer + 1) % n
        out: dict[int, int] = {POOL: -pot}
        share(out, [(first + i) % n for i in range(n)], pot, +1)
        return out

    # ---- the radler (RO-23) --------------------------------------------------------------------

    def radler_next(self, g: Game, left: int) -> int:
        annulled = g.throw_in_by is not None
        if left > 0 and g.stake > 1 and (not annulled or g.options.get("annulled_counts")):
            left -= 1
        if self.starts_radler(g):
            left += self.radler_deals
        return left

    def starts_radler(self, g: Game) -> bool:
        """RO-22, RO-23, TP-11: a michi-michi, an all-pass throw-in or (option) a hep-hep."""
        if g.contract is MICHI:
            return True
        if g.contract is None and g.thrown_in and g.throw_in_by is None:
            return True  # all passed (double_hands, Taper)
        r = g.result
        if (g.options.get("hep_hep") and r is not None and g.contract is not None
                and not g.surrendered and g.phase is Phase.FINISHED):
            between: dict[int, int] = {}
            for ln in r.lines:
                if POOL not in ln.net:
                    add_into(between, ln.net)
            return not any(between.values())
        return False

    # ---- deal and auction (RO-5, RO-6, RO-7) --------------------------------------------------

    def _auction_candidates(self, g: Game) -> list[Action]:
        return [PASS, act(Kind.HOLD), *(bid(c.name) for c in self.ladder(g))]

    #: RO-5, TP-14: the annulment, offered in a round before the bidding
    #: (``Game.start_pre_auction``): "Before the bidding, a player with no tarok and no
    #: king is privately offered to annul the deal ... Offered in play order from forehand."
    pre_auction_rounds: ClassVar[tuple[tuple[Action, ...], ...]] = (
        (act(Kind.THROW_IN), act(Kind.KEEP)),)

    def apply_pre_auction(self, g: Game, seat: int, a: Action) -> None:
        """RO-5: the annulment: "In this case there is no bidding or play"."""
        g.throw_in_by = seat
        g.emit("throw_in", seat, Msg(N_("{seat} has no tarok and no king and annuls the deal."), {"seat": seat_word(seat)}))
        g.finish_thrown_in(Msg(N_("{seat} held no tarok and no king: the deal is annulled for no score."), {"seat": seat_word(seat)}))

    def apply_bid(self, g: Game, seat: int, a: Action) -> None:
        nxt = holding_turn(g, seat, a, N_("{seat} says la mine: {contract}."))  # RO-7: the NE-2 mechanism
        if nxt is not None:
            g.turn_to(nxt)
            return
        self._end_auction(g)

    def _end_auction(self, g: Game) -> None:
        st = g.auction
        if st.high is None or st.high_seat is None:
            self._all_passed(g)
            return
        g.bidder = st.high_seat
        g.contract = st.high
        g.emit("contract", g.bidder, Msg(N_("{seat} is the declarer: {contract}."), {"seat": seat_word(g.bidder), "contract": Term(st.high.title)}))
        if self.calls_king:
            g.start_call()
            return
        self._start_talon(g)

    def _all_passed(self, g: Game) -> None:
        """RO-22: michi-michi; RO-23 ``double_hands`` and TP-11: thrown in, a radler follows."""
        if self.michi_on(g):
            g.contract = MICHI
            g.emit("contract", None, Msg(N_("Everybody passed: michi-michi. Every trick costs its "
                                            "winner {n} game point into the pool."), {},
                                         plural=N_("Everybody passed: michi-michi. Every trick costs its "
                                                   "winner {n} game points into the pool."), n=g.stake))
            g.start_play(g.forehand)
            return
        g.finish_thrown_in(Msg(N_("Everybody passed: the deal is thrown in, and the next deal is "
                                  "played for double stakes."), {},
                               plural=N_("Everybody passed: the deal is thrown in, and the next "
                                         "{n} deals are played for double stakes."),
                               n=self.radler_deals))

    # ---- the call (RO-8) ------------------------------------------------------------------------

    def apply_call(self, g: Game, seat: int, a: Action) -> None:
        g.called = a.card
        g.emit("call", seat, Msg(N_("{seat} calls {card}."), {"seat": seat_word(seat), "card": CardName(a.card)}), None, (a.card,))
        self._start_talon(g)

    # ---- the talon (RO-9, RO-10, RO-11) -----------------------------------------------------------

    def _start_talon(self, g: Game) -> None:
        c = g.contract
        assert c is not None
        line, k = line_of(c)
        if line == "solo":
            g.talon_to_opponents = mask_of(g.talon)  # RO-10d
            g.start_announcements()
            return
        size = LINES[line]
        groups = len(g.talon) // size
        g.talon_state = StagedTalon(size, groups)
        g.enter(Phase.TALON, g.bidder)
        self._look(g, (k - 1) % groups)  # RO-9: the look starts at group k

    def _look(self, g: Game, group: int) -> None:
        st = g.staged
        st.stage = group
        assert g.bidder is not None
        cards = g.talon_group(group)
        g.seen_talon[g.bidder] |= mask_of(cards)
        size = st.group
        who = seat_word(g.bidder)
        g.emit("talon_look", g.bidder,
               Msg(N_("{seat} looks at talon cards {first}-{last}."),
                   {"seat": who, "first": group * size + 1, "last": (group + 1) * size}) if size > 1 else
               Msg(N_("{seat} looks at talon card {n}."), {"seat": who, "n": group + 1}))
        g.emit("talon_private", g.bidder, Msg(N_("You see {cards}."), {"cards": ", ".join(c.short for c in cards)}),
               frozenset((g.bidder,)), tuple(cards))

    def talon_levels(self, c: Contract) -> tuple[int, ...]:
        """RO-9: k … k+G−1 forward, then k+G … k+2G−2 going back (TP-7: trei 1-3, 2-4, 3-5)."""
        if c.talon != "staged":
            return ()
        line, k = line_of(c)
        groups = 6 // LINES[line]
        return tuple(range(k, k + 2 * groups - 1))

    def inspect_order(self, g: Game) -> list[int]:
        """RO-9: the groups in the order they are looked at (cyclic from group k)."""
        c = g.contract
        assert c is not None
        _, k = line_of(c)
        n = g.staged.groups
        return [(k - 1 + i) % n for i in range(n)]

    def talon_level(self, g: Game, i: int, back: bool) -> int:
        """RO-9: the level of taking the ``i``-th group looked at (or going back to it)."""
        c = g.contract
        assert c is not None
        _, k = line_of(c)
        return k + i + (g.staged.groups if back else 0)

    def _talon_candidates(self, g: Game) -> list[Action]:
        st = g.staged
        if st.stage >= 0:
            if not self.calls_king:  # TP-6: no called king, no surrender
                return [act(Kind.TAKE, st.stage + 1), act(Kind.REJECT)]
            return [act(Kind.TAKE, st.stage + 1), act(Kind.REJECT), act(Kind.SURRENDER)]
        order = self.inspect_order(g)
        return [act(Kind.TAKE_BACK, grp + 1) for grp in order[:-1]]

    def apply_talon(self, g: Game, seat: int, a: Action) -> None:
        st = g.staged
        order = self.inspect_order(g)
        if a.kind is Kind.SURRENDER:
            g.level = self.talon_level(g, len(st.rejected), False)
            g.surrendered = True
            g.emit("surrender", seat, Msg(N_("{seat} gives up at level {level}."), {"seat": seat_word(seat), "level": g.level}))
            g.finish_thrown_in(Msg(N_("{seat} found the called king in the talon and gives up."), {"seat": seat_word(seat)}))
            return
        if a.kind is Kind.REJECT:
            i = len(st.rejected)
            nxt = order[i + 1] if i + 1 < len(order) else -1
            g.staged_reject(expose=True, next_group=-1)
            st.stage = nxt
            if nxt >= 0:
                self._look(g, nxt)
            return
        if a.kind is Kind.TAKE:
            grp = st.stage
            level = self.talon_level(g, len(st.rejected), False)
        else:
            assert isinstance(a.value, int)
            grp = a.value - 1
            level = self.talon_level(g, order.index(grp), True)
        g.staged_take(grp, level)
        st.stage = -1
        g.start_discard(seat, st.group)

    def after_discard(self, g: Game, seat: int) -> None:
        g.start_announcements()

    # ---- the variant-driven phases ------------------------------------------------------------

    def candidates(self, g: Game, seat: int) -> list[Action]:
        ph = g.phase
        if ph is Phase.AUCTION:
            return self._auction_candidates(g)
        if ph is Phase.CALL:
            return [act(Kind.CALL, king(s)) for s in PLAIN_SUITS]
        if ph is Phase.TALON:
            return self._talon_candidates(g)
        return []

    # ---- announcements (RO-12 … RO-15) -----------------------------------------------------------

    def announce_passes(self, g: Game) -> int:
        """RO-12: three passes in a row (TP-12: two)."""
        return len(g.active) - 1

    def declaration_name(self, n: int) -> str:
        return f"taroace_{n}"

    def declaration_value(self, name: str) -> int:
        """RO-13, TP-9: 1, 2 or 3 game points."""
        n = int(name.rpartition("_")[2])
        return self.declare_counts.index(n) + 1 if n in self.declare_counts else 0

    def declared_taroky(self, name: str) -> tuple[int, int] | None:
        """RO-13, TP-9: the count declared, exactly; the highest count means as many or more."""
        if not name.startswith("taroace_"):
            return None
        n = int(name.rpartition("_")[2])
        return (n, 22) if n == self.declare_counts[-1] else (n, n)

    def declarations_true(self, g: Game, seat: int) -> list[str]:
        """RO-13: exactly 8, exactly 9, 10 or more (TP-9: 10, 11, 12), after the exchange."""
        n = tarok_count(g.hands[seat])
        counts = self.declare_counts
        if n < counts[0]:
            return []
        return [self.declaration_name(min(n, counts[-1]))]

    def announce_candidates(self, g: Game, seat: int) -> list[Action]:
        out = list(self._announce_candidates)
        if self.calls_king and g.options.get("regele_prins_announce"):
            out.insert(len(self.announcement_names), self._announce_regele_prins)
        for n in g.ann.announced:
            out.append(self._double_of[n])
        return out

    def apply_announcement(self, g: Game, seat: int, a: Action) -> None:
        name = str(a.value)
        what = self.title_of(name)
        g.ann.log.append((seat, what))
        if a.kind is Kind.ANNOUNCE:
            g.ann.announced[name] = Announced(name, seat)
            g.ann.public_side.add(seat)  # RO-15: the announcer's side is shown
            if seat in g.declarer_side:
                g.emit("announce", seat, Msg(N_("{seat} announces {what} for the declarer's side."),
                                             {"seat": seat_word(seat), "what": Term(what)}))
            else:
                g.emit("announce", seat, Msg(N_("{seat} announces {what} for the opponents."),
                                             {"seat": seat_word(seat), "what": Term(what)}))
        else:
            g.ann.declared[seat].append(name)
            g.emit("declare", seat, Msg(N_("{seat} declares {what}."), {"seat": seat_word(seat), "what": Term(what)}))

    def doublable(self, g: Game) -> frozenset[str]:
        return frozenset(("game", *self.announcement_names, REGELE_PRINS))

    def title_of(self, name: str, t: Say = ENGLISH) -> str:
        return term("the game", t) if name == "game" else super().title_of(name, t)

    def after_announcements(self, g: Game) -> None:
        g.start_play(g.forehand)  # RO-16

    def kept_cards(self, g: Game, seat: int) -> int:
        """RO-16: an announced pagat ultimo keeps the pagat, rege ultimo the called king."""
        m = 0
        p = g.ann.announced.get(PAGAT_ULTIMO)
        if p is not None and p.seat == seat:
            m |= 1 << PAGAT
        k = g.ann.announced.get(REGE_ULTIMO)
        if k is not None and k.seat == seat and g.called is not None:
            m |= 1 << g.called
        return m

    # ---- scoring (RO-17 … RO-22) -------------------------------------------------------------------

    def base(self, c: Contract) -> int:
        return BASE[line_of(c)[0]]

    def bonus_value(self, g: Game, name: str, announced: bool) -> int:
        """RO-18 (reconstructed) with its options."""
        c = g.contract
        assert c is not None
        solo = line_of(c)[0] == "solo"
        if name == VALAT and g.options.get("valat_scale") == "game":
            return self.base(c) * (8 if announced else 4)
        ann, silent = BONUS_TABLE[name]
        if name == TOTI_REGII and g.options.get("toti_regii_high"):
            ann, silent = 4, 2
        if g.options.get("silent_bonus") == "equal" and name in (TOTI_REGII, LUNA_PRINSA,
                                                                   REGE_ULTIMO, VALAT):
            silent = ann
        v = ann if announced else silent
        if solo and g.options.get("solo_bonus", "double") == "double":
            return 9 if (announced and name == PAGAT_ULTIMO) else v * 2
        return v

    def announced_amount(self, g: Game, name: str, level: int) -> int:
        """RO-15, RO-18, RO-19: what an announced bonus pays each opponent, won or lost, at
        ``level`` doubles (regele prins, RO-25: twice its silent value), before the radler."""
        if name == REGELE_PRINS:
            return (2 * self.regele_prins_value(g)) << level
        return self.bonus_value(g, name, True) << level

    def regele_prins_value(self, g: Game) -> int:
        """RO-18, RO-19: silent regele prins, 2 when the called king was abandoned in the
        talon (seen and left there), else the table's value."""
        ck = g.called
        if ck is not None and g.talon_to_opponents >> ck & 1 and ck in g.exposed:
            return 2
        return self.bonus_value(g, REGELE_PRINS, False)

    def game_level_of(self, g: Game) -> int:
        """RO-17: the level a lost game is multiplied by (solo: 1 throughout)."""
        c = g.contract
        assert c is not None
        return 1 if line_of(c)[0] == "solo" else max(g.level, 1)

    def silent_valat(self, g: Game, game_level: int) -> int:
        """RO-19: a silent valat, which takes the game's doubling under
        ``valat_takes_game_double``."""
        amt = self.bonus_value(g, VALAT, False)
        if g.options.get("valat_takes_game_double", True):
            amt <<= game_level
        return amt

    def stake_of(self, g: Game, name: str, level: int) -> int | None:
        c = g.contract
        if c is None or c is MICHI:
            return None
        if name == "game":  # RO-17, RO-19: the most, a lost game or a silent valat in its place
            game = (self.base(c) * self.game_level_of(g)) << level
            return max(game, self.silent_valat(g, level)) * g.stake  # RO-23: × the radler
        if name == PAGAT_ULTIMO and self.pool_on(g) and self.pool_at_settlement(g):
            # RO-20: a failed pagat ultimo also pays the pool in, shared over its side with the
            # odd unit on the declarer: no single amount per opponent.
            return None
        if name == REGELE_PRINS or name in BONUS_TABLE:
            return self.announced_amount(g, name, level) * g.stake  # RO-23: × the radler
        return None

    def score(self, g: Game) -> HandResult:
        between: list[PaymentLine] = []  # payments between players (× the radler stake)
        pool_lines: list[PaymentLine] = []  # pool movements (never doubled, RO-23)
        if g.antes:
            total = sum(g.antes.values())
            paid = {s: -a for s, a in g.antes.items()}
            paid[POOL] = total
            who = ", ".join(f"seat {s + 1} {a}" for s, a in sorted(g.antes.items()))
            pool_lines.append(PaymentLine(Msg(N_("Antes into the pool: {who}"), {"who": who}), paid, "pool:antes"))
        points: dict[str, int] = {}
        decl: frozenset[int] = frozenset()
        won: bool | None = None
        c = g.contract
        summary: Msg
        if c is None:
            summary = (Msg(N_("The deal was annulled for no score.")) if g.throw_in_by is not None
                       else Msg(N_("Everybody passed: the deal is thrown in.")))
        elif c is MICHI:
            summary = self._score_michi(g, pool_lines)
        elif g.surrendered:
            summary = self._score_surrender(g, between)
            decl, won = g.declarer_side, False  # the declarer gave the game up
        else:
            summary, points, decl, won = self._score_played(g, between, pool_lines)
        lines: list[PaymentLine] = []
        k = g.stake
        for ln in between:
            if k != 1 and ln.net:
                said: MsgValue = ln.msg if ln.msg is not None else ln.label
                ln = PaymentLine(Msg(N_("{line} × {k} (radler)"), {"line": said, "k": k}),
                                 {s: v * k for s, v in ln.net.items()}, ln.code)
            lines.append(ln)
        lines = pool_lines[:1] + lines + pool_lines[1:]
        net: dict[int, int] = {}
        for ln in lines:
            add_into(net, ln.net)
        return hand_result(g, summary, points, [ln for ln in lines if ln.net], net,
                           declarer_side=decl, declarers_won=won)

    def _score_michi(self, g: Game, pool_lines: list[PaymentLine]) -> Msg:
        """RO-22: every trick costs its winner 1 game point into the pool (2 in a radler)."""
        rate = 2 if g.stake > 1 else 1
        net: dict[int, int] = {}
        for s in g.active:
            n = g.tricks_won[s]
            if n:
                net[s] = -n * rate
                net[POOL] = net.get(POOL, 0) + n * rate
        tricks = ", ".join(f"seat {s + 1} {g.tricks_won[s]}" for s in g.order)
        pool_lines.append(PaymentLine(Msg(N_("Michi-michi: {rate} a trick into the pool ({tricks})"),
                                          {"rate": rate, "tricks": tricks}), net, "michi"))
        return Msg(N_("Michi-michi: {n} game point goes into the pool."),
                   plural=N_("Michi-michi: {n} game points go into the pool."),
                   n=sum(-v for k, v in net.items() if k != POOL))

    def _score_surrender(self, g: Game, between: list[PaymentLine]) -> Msg:
        """RO-11: the lost game at the level where the king was seen, +1 without a trula card."""
        b = g.bidder
        c = g.contract
        assert b is not None and c is not None
        amount = self.base(c) * g.level
        extra = 0 if g.dealt[b] & HONOUR_MASK else 1
        if extra:
            label = Msg(N_("Surrender at level {level}: {amount} and 1 (no skiz, luna or pagat) to each "
                           "opponent"), {"level": g.level, "amount": amount})
        else:
            label = Msg(N_("Surrender at level {level}: {amount} to each opponent"),
                        {"level": g.level, "amount": amount})
        others = [s for s in g.order if s != b]
        between.append(PaymentLine(label, side_payment(others, [b], amount + extra), "surrender"))
        return Msg(N_("{seat} gave up: the called king was in the talon."), {"seat": seat_word(b)})

    def _score_played(self, g: Game, between: list[PaymentLine], pool_lines: list[PaymentLine]
                      ) -> tuple[Msg, dict[str, int], frozenset[int], bool]:
        b = g.bidder
        c = g.contract
        assert b is not None and c is not None
        ck = g.called
        swapped = self._king_exchange(g)
        if g.partner is None and ck is not None and not c.alone:
            h = g.holder_of(ck)
            g.partner = None if h is None or h == b else h
        decl = g.declarer_side
        opp = frozenset(s for s in g.active if s not in decl)
        pts_d, pts_o = g.side_points(decl), g.side_points(opp)
        won = pts_d >= self.win_points
        n = len(g.tricks)
        sweep: frozenset[int] | None = None
        for side in (decl, opp):
            if n and sum(g.tricks_won[s] for s in side) == n:
                sweep = side
        level = self.game_level_of(g)
        base = self.base(c)
        # The game, or valat in its place (RO-17, RO-19).
        va = g.ann.announced.get(VALAT)
        if va is not None:
            side = g.side_of(va.seat)
            amt = self.announced_amount(g, VALAT, va.level)
            ok = sweep == side
            between.append(self._line(g, _announced(self, Term(self.title_of(VALAT)), va.level, amt),
                                      side, ok, amt, "bonus:" + VALAT))
        elif sweep is not None:
            amt = self.silent_valat(g, g.ann.game_level)
            what: MsgValue = Term(self.title_of(VALAT))
            if g.options.get("valat_takes_game_double", True) and g.ann.game_level:
                what = Msg(N_("{what} ({double})"), {"what": what, "double": LowerTerm(
                    self.double_word(g.ann.game_level))})
            between.append(PaymentLine(Msg(N_("{what}: {amount}"), {"what": what, "amount": amt}),
                                       side_payment(sweep, opp if sweep == decl else decl, amt), "silent:" + VALAT))
        else:
            if g.ann.game_level:
                amt = (base * level) << g.ann.game_level
                label = Msg(N_("{contract}: {base} × level {level} × {mult} ({double})"),
                            {"contract": Term(c.title), "base": base, "level": level,
                             "mult": 1 << g.ann.game_level, "double": LowerTerm(self.double_word(g.ann.game_level))})
            elif won:
                amt, label = base, Msg(N_("{contract}: {base}"), {"contract": Term(c.title), "base": base})
            else:
                amt, label = base * level, Msg(N_("{contract}: {base} × level {level}"),
                                               {"contract": Term(c.title), "base": base, "level": level})
            w, lo = (decl, opp) if won else (opp, decl)
            between.append(PaymentLine(_outcome(label, won), side_payment(w, lo, amt), "game"))
        # Declarations (RO-13): each side's highest.
        for side, other in ((decl, opp), (opp, decl)):
            best = max((declared_value(g, s) for s in side), default=0)
            if best:
                names = [self.title_of(d) for s in sorted(side) for d in g.ann.declared[s]
                         if self.declaration_value(d) == best]
                between.append(PaymentLine(Msg(N_("Declared {declaration}: {amount}"),
                                               {"declaration": Term(names[0]), "amount": best}),
                                           side_payment(side, other, best), "declaration:" + self.declaration_name(self.declare_counts[best - 1])))
        between.extend(self._bonus_lines(g, decl, opp, swapped))
        pool_lines.extend(self._pool_flow(g, decl, opp))
        if len(decl) == 1:
            summary = Msg(N_("The declarer won with {points} card points.") if won
                          else N_("The declarer lost with {points} card points."), {"points": pts_d})
        else:
            summary = Msg(N_("The declarer's side won with {points} card points.") if won
                          else N_("The declarer's side lost with {points} card points."), {"points": pts_d})
        if swapped is not None:
            summary = Msg(N_("{summary} The called king lay unseen in the talon: the declarer took it and "
                             "gave {card} to the opponents."), {"summary": summary, "card": CardName(swapped)})
        if sweep is not None:
            summary = Msg(N_("{summary} Valat: the declarer's side took every trick.") if sweep == decl
                          else N_("{summary} Valat: the opponents took every trick."), {"summary": summary})
        return summary, {"Declarer's side": pts_d, "Opponents": pts_o}, decl, won

    def _line(self, g: Game, label: Msg, side: frozenset[int], ok: bool, amt: int,
              code: str) -> PaymentLine:
        other = frozenset(s for s in g.active if s not in side)
        if ok:
            return PaymentLine(_outcome(label, True), side_payment(side, other, amt), code)
        return PaymentLine(_outcome(label, False), side_payment(other, side, amt), code)

    def _king_exchange(self, g: Game) -> Card | None:
        """RO-10c: a called king that lay in the never-seen talon (doi, unu) goes to the
        declarer's pile, who gives the opponents the lowest-valued card of their own tricks
        (the text: "gives a low card from his or her tricks in exchange for it")."""
        ck = g.called
        b = g.bidder
        c = g.contract
        if ck is None or b is None or c is None or c.talon != "staged":
            return None
        if not g.talon_to_opponents >> ck & 1 or g.seen_talon[b] >> ck & 1:
            return None
        g.talon_to_opponents &= ~(1 << ck)
        g.talon_to[b] = g.talon_to.get(b, 0) | (1 << ck)
        best: tuple[int, int] | None = None
        m = g.won[b]
        while m:
            x = m & -m
            ci = x.bit_length() - 1
            m ^= x
            if best is None or (CARD_POINTS[ci], ci) < best:
                best = (CARD_POINTS[ci], ci)
        if best is None:
            return None
        ci = best[1]
        to = next(s for s in g.order if s != b)
        g.won[b] &= ~(1 << ci)
        g.won[to] |= 1 << ci
        return CARDS[ci]

    def _pile(self, g: Game, side: frozenset[int]) -> int:
        if g.options.get("bonuses_tricks_only"):
            m = 0
            for s in side:
                m |= g.won[s]
            return m
        return g.side_mask(side)

    def _bonus_lines(self, g: Game, decl: frozenset[int], opp: frozenset[int],
                     swapped: Card | None) -> list[PaymentLine]:
        out: list[PaymentLine] = []
        sides = (decl, opp)
        # Trula and toţi regii (RO-19).
        for name, mask in ((TRULA, HONOUR_MASK), (TOTI_REGII, KING_MASK)):
            what = Term(self.title_of(name))
            ann = g.ann.announced.get(name)
            holder = next((sd for sd in sides if self._pile(g, sd) & mask == mask), None)
            if ann is not None:
                side = g.side_of(ann.seat)
                amt = self.announced_amount(g, name, ann.level)
                out.append(self._line(g, _announced(self, what, ann.level, amt), side,
                                      holder == side, amt, "bonus:" + name))
                if holder is not None and holder != side:
                    amt = self.bonus_value(g, name, False)
                    out.append(PaymentLine(Msg(N_("{what}: {amount}"), {"what": what, "amount": amt}),
                                           side_payment(holder, side, amt), "silent:" + name))
            elif holder is not None:
                amt = self.bonus_value(g, name, False)
                other = opp if holder == decl else decl
                out.append(PaymentLine(Msg(N_("{what}: {amount}"), {"what": what, "amount": amt}),
                                       side_payment(holder, other, amt), "silent:" + name))
        # Regele prins (RO-10, RO-19): the called king in the opponents' pile.
        ck = g.called
        c = g.contract
        assert c is not None
        captured = abandoned = False
        if ck is not None and g.side_mask(opp) >> ck & 1:
            in_talon = bool(g.talon_to_opponents >> ck & 1)
            abandoned = in_talon and ck in g.exposed
            captured = not in_talon or abandoned  # never when it lay unseen (RO-10c, d)
        silent_rp = self.regele_prins_value(g)
        rp = g.ann.announced.get(REGELE_PRINS)
        if rp is not None:
            # RO-25 (Czernowitz): announced by the opponents for double, at their own risk.
            amt = self.announced_amount(g, REGELE_PRINS, rp.level)
            out.append(self._line(g, _announced(self, Term(self.title_of(REGELE_PRINS)), rp.level, amt),
                                  opp, captured, amt, "bonus:" + REGELE_PRINS))
        elif captured:
            rp_what = Term(self.title_of(REGELE_PRINS))
            out.append(PaymentLine(Msg(N_("{what} (left in the talon): {amount}") if abandoned
                                       else N_("{what}: {amount}"), {"what": rp_what, "amount": silent_rp}),
                                   side_payment(opp, decl, silent_rp), "silent:" + REGELE_PRINS))
        # Luna prinsă (RO-19).
        out.extend(self._luna_lines(g))
        # Pagat ultimo and rege ultimo (RO-19).
        last = g.tricks[-1] if g.tricks else None
        pa = g.ann.announced.get(PAGAT_ULTIMO)
        pagat_by = None if last is None else next((s for s, x in last.plays if x == PAGAT), None)
        if pa is not None:
            amt = self.announced_amount(g, PAGAT_ULTIMO, pa.level)
            ok = last is not None and pagat_by is not None and last.winner == pagat_by
            out.append(self._line(g, _announced(self, Term(self.title_of(PAGAT_ULTIMO)), pa.level, amt),
                                  g.side_of(pa.seat), ok, amt, "bonus:" + PAGAT_ULTIMO))
        elif pagat_by is not None and last is not None:
            amt = self.bonus_value(g, PAGAT_ULTIMO, False)
            out.append(self._line(g, Msg(N_("{what}: {amount}"), {"what": Term(self.title_of(PAGAT_ULTIMO)),
                                                                   "amount": amt}), g.side_of(pagat_by),
                                  last.winner == pagat_by, amt, "silent:" + PAGAT_ULTIMO))
        if ck is not None and last is not None:
            ra = g.ann.announced.get(REGE_ULTIMO)
            king_by = next((s for s, x in last.plays if x == ck), None)
            if ra is not None:
                amt = self.announced_amount(g, REGE_ULTIMO, ra.level)
                ok = king_by is not None and last.winner in decl
                out.append(self._line(g, _announced(self, Term(self.title_of(REGE_ULTIMO)), ra.level, amt),
                                      decl, ok, amt, "bonus:" + REGE_ULTIMO))
            elif king_by is not None:
                amt = self.bonus_value(g, REGE_ULTIMO, False)
                out.append(self._line(g, Msg(N_("{what}: {amount}"), {"what": Term(self.title_of(REGE_ULTIMO)),
                                                                       "amount": amt}), decl, last.winner in decl, amt, "silent:" + REGE_ULTIMO))
        return out

    def _luna_lines(self, g: Game) -> list[PaymentLine]:
        event: tuple[frozenset[int], frozenset[int]] | None = None  # (luna's side, skiz's side)
        for t in g.tricks:
            lp = next((s for s, x in t.plays if x == MOND), None)
            sp = next((s for s, x in t.plays if x == SKYZ), None)
            if lp is not None and sp is not None and g.side_of(lp) != g.side_of(sp):
                event = (g.side_of(lp), g.side_of(sp))
        silent = self.bonus_value(g, LUNA_PRINSA, False)
        luna = Term(self.title_of(LUNA_PRINSA))
        ann = g.ann.announced.get(LUNA_PRINSA)
        if ann is None:
            if event is None:
                return []
            return [PaymentLine(Msg(N_("{what}: {amount}"), {"what": luna, "amount": silent}),
                                side_payment(event[1], event[0], silent), "silent:" + LUNA_PRINSA)]
        side = g.side_of(ann.seat)
        amt = self.announced_amount(g, LUNA_PRINSA, ann.level)
        ok = event is not None and event[1] == side
        out = [self._line(g, _announced(self, luna, ann.level, amt), side, ok, amt, "bonus:" + LUNA_PRINSA)]
        if event is not None and event[0] == side:
            out.append(PaymentLine(Msg(N_("{what}: {amount}"), {"what": luna, "amount": silent}),
                                   side_payment(event[1], event[0], silent), "silent:" + LUNA_PRINSA))
        return out

    def _pool_flow(self, g: Game, decl: frozenset[int], opp: frozenset[int]) -> list[PaymentLine]:
        """RO-20: an announced pagat ultimo takes the pool, or pays it in (× its doubling)."""
        pa = g.ann.announced.get(PAGAT_ULTIMO)
        if pa is None or not self.pool_on(g) or not g.tricks:
            return []
        b = g.bidder
        assert b is not None
        last = g.tricks[-1]
        pagat_by = next((s for s, x in last.plays if x == PAGAT), None)
        ok = pagat_by is not None and last.winner == pagat_by
        p = self.pool_at_settlement(g)
        m = 1 << pa.level
        contra = pa.doublers[0] if pa.doublers else None
        d_first = [b, *sorted(s for s in decl if s != b)]
        o_first = sorted(opp, key=lambda s: (s != contra, s))
        net: dict[int, int] = {}
        if m == 1:
            if ok:
                _split(net, d_first, p, +1)
                net[POOL] = -p
                label = Msg(N_("Pagat ultimo takes the pool: {amount}"), {"amount": p})
            else:
                _split(net, d_first, p, -1)
                net[POOL] = p
                label = Msg(N_("Pagat ultimo failed: {amount} into the pool"), {"amount": p})
        else:
            win, lose = (d_first, o_first) if ok else (o_first, d_first)
            _split(net, win, p, +1)
            _split(net, lose, m * p, -1)
            net[POOL] = m * p - p
            label = Msg(N_("Pagat ultimo pool: {taken} taken, {paid} paid in"), {"taken": p, "paid": m * p})
        return [PaymentLine(label, {k: v for k, v in net.items() if v}, "pool:pagat_ultimo")] if p else []

    # ---- words ---------------------------------------------------------------------------------

    def contract_term(self, g: Game) -> Sayable:
        c = g.contract
        assert c is not None
        if c.talon == "staged" and g.level:
            return Msg(N_("{contract}, level {level}"), {"contract": Term(c.title), "level": g.level})
        return Term(c.title)

    def public_prompt(self, g: Game, t: Say = ENGLISH) -> str:
        if g.to_act is None:
            return t._("The hand is over.")
        return t._("{seat} to act.", seat=seat_word(g.to_act))

    def prompt(self, g: Game, seat: int, t: Say = ENGLISH) -> str:
        if g.phase is Phase.FINISHED:
            return t._("The hand is over.")
        if seat != g.to_act:
            if g.to_act is None:
                return t._("Wait for the others.")
            return t._("Wait: {seat} is to act.", seat=seat_word(g.to_act).lower())
        ph = g.phase
        if ph is Phase.RITUAL:
            if g.ritual.step == "cut_or_knock":
                return t._("Cut the pack, or knock to have it dealt in batches of twelve.")
            return t._("Choose a batch of twelve cards.")
        if ph is Phase.THROW_IN:
            if act(Kind.THROW_IN) in g.legal_actions(seat):
                return t._("Before the bidding: you hold no tarok and no king, so you may annul "
                           "the deal; or keep your hand.")
            return t._("Before the bidding: keep your hand.")
        if ph is Phase.AUCTION:
            high = g.auction.high
            parts: list[str] = []
            if high is None:
                opening = [term(c.title, t).lower() for c in self.ladder(g) if line_of(c)[1] == 1]
                parts.append(t._("Bid {bids} or {last}, or pass.", bids=", ".join(opening[:-1]),
                                 last=opening[-1]))
                return " ".join(parts)
            hs = g.auction.high_seat
            assert hs is not None
            if g.forbidding_rule(seat, act(Kind.HOLD)) is None:
                parts.append(t._("{seat} has bid {contract}: say la mine (hold it), bid higher, or pass.",
                                 seat=seat_word(hs), contract=term(high.title, t)))
            else:
                parts.append(t._("{seat} has bid {contract}: bid higher or pass.",
                                 seat=seat_word(hs), contract=term(high.title, t)))
            return " ".join(parts)
        if ph is Phase.CALL:
            return t._("Call a king: its holder is your secret partner. Calling your own king (or "
                       "one in the talon) means you play alone.")
        if ph is Phase.TALON:
            st = g.staged
            if st.stage >= 0:
                i = len(st.rejected)
                lvl = self.talon_level(g, i, False)
                if i == st.groups - 1:
                    text = t._("Take these cards (level {level}), or show them and go back to an "
                               "earlier group.", level=lvl)
                else:
                    text = t._("Take these cards (level {level}), or show them and look further "
                               "(level {next}).", level=lvl, next=lvl + 1)
                if g.forbidding_rule(seat, act(Kind.SURRENDER)) is None:
                    text += " " + t._("The called king is here: you may give up and pay {amount} to "
                                      "each opponent.",
                                      amount=self.base(g.contract) * lvl if g.contract else 0)
                return text
            order = self.inspect_order(g)
            opts = ", ".join(t._("group {n} (level {level})", n=grp + 1,
                                 level=self.talon_level(g, j, True))
                             for j, grp in enumerate(order[:-1]))
            return t._("Take back one of the groups you showed: {groups}.", groups=opts)
        if ph is Phase.DISCARD:
            return t._("{count}: kings, the skiz, luna and pagat stay; other taroace only if "
                       "you must.", count=discard_count(g, t))
        if ph is Phase.ANNOUNCE:
            if g.first_turn(seat):
                return t._("Declare your taroace (or merge), announce bonuses, say contra on what "
                           "the other side undertook — then Done.")
            return t._("You may double (contra, recontra, ...), or pass.")
        if ph is Phase.PLAY:
            trick = g.trick
            if trick is None or not trick.plays:
                return t._("Lead any card.")
            led = trick.plays[0][1]
            if led.is_tarok:
                return t._("Play a tarok if you can, else any card.")
            return t._("Follow {suit} if you can, else play a tarok, else any card.",
                       suit=suit_label(led.suit, t))
        return t._("Wait for the others.")


def _announced(v: Variant, what: Term, level: int, amount: int) -> Msg:
    """A bonus announced (and doubled: the double's word) paying ``amount``: "Trula
    announced (contra): 4"."""
    if level:
        return Msg(N_("{what} announced ({double}): {amount}"),
                   {"what": what, "double": LowerTerm(v.double_word(level)), "amount": amount})
    return Msg(N_("{what} announced: {amount}"), {"what": what, "amount": amount})


def _outcome(label: Msg, won: bool) -> Msg:
    """A payment line's words with whether its side won: "Trula announced: 4, won"."""
    return Msg(N_("{what}, won") if won else N_("{what}, lost"), {"what": label})


def _split(net: dict[int, int], seats: list[int], total: int, sign: int) -> None:
    """RO-20: equal shares; the first seat (the declarer, or the contra sayer) takes or pays
    the odd units."""
    q, r = divmod(total, len(seats))
    for i, s in enumerate(seats):
        net[s] = net.get(s, 0) + sign * (q + (r if i == 0 else 0))


__all__ = ["MICHI", "ROMANIAN_CONTRACTS", "Romanian"]
