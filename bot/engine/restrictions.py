"""Legality rules, each written once.

A variant lists its rules as ``Variant.restrictions``: each is a ``Restriction`` that
says *which* of the actions open in a state it forbids and *why*, in the variant's own
words.  ``Game.legal_actions``/``can`` (what is allowed), ``Game.verify`` (the refusal
sentence), ``Game.explain`` (Why?), the rules pages and the computer players' notion of
what beats what all read the same objects, so a rule and its reason cannot drift apart.

Two shapes:

* ``CardRule`` narrows a mask of cards (trick play, discards): ``narrow(g, seat, m)``
  returns the cards it still allows.  Rules are applied in order; a rule that would leave
  nothing allows everything it was given (every "unless forced" in the texts).
* ``ActionRule`` forbids single actions (bids, calls, talon choices, announcements):
  ``forbids(g, seat, action)``.

``rule`` is the rule as a sentence for the rules page; ``reason(g, seat, action)`` is the
refusal naming the card or bid in front of the player.  ``ref`` holds the clarification
ids the rule comes from (for code, tests and docs: never shown to players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import TERM, Action, Kind
from .cards import CARDS, PAGAT, Card, card_name, suit_label
from .masks import FIVE_POINT_MASK, NUM_TAROKY, TAROK_MASK
from .say import ENGLISH, N_, Say

if TYPE_CHECKING:
    from .game import Contract, Game, Phase


class Restriction:
    """One legality rule of a variant (see the module docstring)."""

    #: The kinds of action the rule can forbid (the engine asks it about no other).
    kinds: tuple[Kind, ...] = ()

    def __init__(self, key: str, phase: Phase, rule: str, ref: str = "") -> None:
        self.key = key  # stable name, e.g. "follow_suit"
        self.phase = phase  # the phase it restricts
        self.rule = rule  # the rule in one or two sentences (rules page, Why?): a message (N_)
        self.ref = ref  # clarification ids ("CZ-13"): code, tests and docs only
        # Whether ``applies`` can say no (a rule of one contract or option); the engine
        # skips the call for the rest.
        self.conditional = type(self).applies is not Restriction.applies

    def applies(self, g: Game) -> bool:
        """Whether the rule is in force in this hand (contract, options)."""
        return True

    def rule_text(self, t: Say = ENGLISH) -> str:
        """``rule`` in ``t``'s language (a rule whose sentence has fields fills them)."""
        return t._(self.rule)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        """The sentence that refuses ``action`` under this rule."""
        return self.rule_text(t)

    def why(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        """Why? for a choice this rule closes (``action`` is one of them): by default the
        refusal sentence."""
        return self.reason(g, seat, action, t)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"


class CardRule(Restriction):
    """A rule on which cards may be played or discarded, as a mask narrowing."""

    def narrow(self, g: Game, seat: int, m: int) -> int:
        """The cards of ``m`` this rule still allows ``seat`` (a subset of ``m``)."""
        return m


class ActionRule(Restriction):
    """A rule that forbids single actions in a variant-driven phase."""

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return False


class ValueRule(ActionRule):
    """An action rule that, for its kinds, leaves open only the values of one list it works
    out once per position (the true declarations, what may be doubled, nothing after the
    first turn).  ``forbids`` is that list asked about one action, so the refusal and the
    legal actions still come from the one definition; the engine asks the list once per
    kind instead of once per action."""

    def open_values(self, g: Game, seat: int) -> list[str] | None:
        """The values still open to ``seat`` (None: this rule closes none)."""
        return None

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        vals = self.open_values(g, seat)
        return vals is not None and action.value not in vals


#: No value is open.
NONE_OPEN: Final[list[str]] = []


def suit_mask_of(led: int) -> int:
    """The cards that follow a lead of card ``led``: the taroky, or the led suit's eight."""
    if led < NUM_TAROKY:
        return TAROK_MASK
    return 0xFF << (NUM_TAROKY + ((led - NUM_TAROKY) & ~7))


def lower_first(text: str) -> str:
    """A rule sentence continuing a refusal ("You may not ...: kings are never ...")."""
    return text[:1].lower() + text[1:]


_BID_HIGHER: Final = N_("A bid must be higher than the bid before it: {ladder}.")


def _lowest(m: int) -> Card:
    return CARDS[(m & -m).bit_length() - 1]


# ---- trick play -------------------------------------------------------------------------


class FollowSuit(CardRule):
    """Follow the suit led; a tarok lead is followed with a tarok (every rule text)."""

    def __init__(self, phase: Phase, ref: str = "") -> None:
        super().__init__(
            "follow_suit", phase,
            N_("You must follow the suit led if you can; when a tarok is led you must play a "
               "tarok if you have one."), ref)

    def narrow(self, g: Game, seat: int, m: int) -> int:
        t = g.trick
        if t is None:
            return m
        led: int = t.led
        if led < 0:
            return m
        # (suit_mask_of, inline: this runs at every play)
        f = m & (TAROK_MASK if led < NUM_TAROKY else 0xFF << (NUM_TAROKY + ((led - NUM_TAROKY) & ~7)))
        return f if f else m

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        trick = g.trick
        assert trick is not None
        led = CARDS[trick.led]
        held = g.hands[seat] & suit_mask_of(trick.led)
        if led < NUM_TAROKY:
            return t._("A tarok was led: you must play a tarok while you have one "
                       "(you hold {card}).", card=card_name(_lowest(held), t))
        return t._("You must follow {suit}: you hold {card}.", suit=suit_label(led.suit, t),
                   card=card_name(_lowest(held), t))


class TarokWhenVoid(CardRule):
    """Out of the suit led, play a tarok if you have one."""

    def __init__(self, phase: Phase, ref: str = "") -> None:
        super().__init__(
            "tarok_when_void", phase,
            N_("If you cannot follow the suit led, you must play a tarok if you have one."), ref)

    def narrow(self, g: Game, seat: int, m: int) -> int:
        t = g.trick
        if t is None:
            return m
        led: int = t.led
        if led < NUM_TAROKY or m & (0xFF << (NUM_TAROKY + ((led - NUM_TAROKY) & ~7))):
            return m
        f = m & TAROK_MASK
        return f if f else m

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        trick = g.trick
        assert trick is not None
        return t._("You have no {suit}, so you must play a tarok.",
                   suit=suit_label(CARDS[trick.led].suit, t))


class KeepAnnounced(CardRule):
    """A card announced for the last trick is kept for it unless forced (CZ-11, PT-3)."""

    def __init__(self, phase: Phase, rule: str, ref: str = "") -> None:
        super().__init__("keep_announced", phase, rule, ref)

    def applies(self, g: Game) -> bool:
        """In force once somebody has a card to keep (asked when play starts)."""
        return any(g.kept)

    def narrow(self, g: Game, seat: int, m: int) -> int:
        keep = g.kept[seat] & m
        if keep and m & ~keep:
            return m & ~keep
        return m

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("You announced {card} for the last trick: keep it while you can "
                   "play anything else.", card=card_name(action.card, t))


# ---- discarding -------------------------------------------------------------------------


class NoFivePointDiscard(CardRule):
    """Kings and the three honours are never discarded (CZ-3, NE-4)."""

    def __init__(self, phase: Phase, rule: str, ref: str = "") -> None:
        super().__init__("discard_five_point", phase, rule, ref)

    def narrow(self, g: Game, seat: int, m: int) -> int:
        return m & ~FIVE_POINT_MASK

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("You may not discard {card}: {rule}", card=card_name(action.card, t),
                   rule=lower_first(self.rule_text(t)))

    def why(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return self.rule_text(t)


class TarokyLastDiscard(CardRule):
    """Taroky are discarded only when the other cards do not suffice (CZ-3, NE-4)."""

    def __init__(self, phase: Phase, rule: str, ref: str = "") -> None:
        super().__init__("discard_taroky_last", phase, rule, ref)

    def narrow(self, g: Game, seat: int, m: int) -> int:
        plain = m & ~TAROK_MASK
        return plain if plain.bit_count() >= g.discard_need else m

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("You may not discard {card}: {rule}", card=card_name(action.card, t),
                   rule=lower_first(self.rule_text(t)))

    def why(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return self.rule_text(t)


# ---- bidding ----------------------------------------------------------------------------


def high_bid(g: Game) -> Contract | None:
    """The highest bid so far in the auction (None before the first bid)."""
    return g.auction.high


class BidHigher(ActionRule):
    """After a bid, only a higher contract may be bid (CZ-1, NE-2, PT-1)."""

    kinds: tuple[Kind, ...] = (Kind.BID,)

    def __init__(self, phase: Phase, ladder: tuple[Contract, ...], ref: str = "") -> None:
        super().__init__("bid_higher", phase, _BID_HIGHER, ref)
        self.ladder = ladder
        self.rule = self.rule_text()  # (the English sentence, as every rule's ``rule`` is)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        high = high_bid(g)
        if high is None:
            return False
        c = g.variant.contracts.get(str(action.value))
        return c is not None and c.rank <= high.rank

    def rule_text(self, t: Say = ENGLISH) -> str:
        return t._(_BID_HIGHER, ladder=self._ladder(t))

    def _ladder(self, t: Say) -> str:
        return " < ".join(t.pgettext(TERM, c.title) for c in self.ladder)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        high = high_bid(g)
        assert high is not None
        return t._("You must bid higher than {contract} ({ladder}).",
                   contract=t.pgettext(TERM, high.title), ladder=self._ladder(t))


# ---- announcements -----------------------------------------------------------------------


class FirstTurnOnly(ValueRule):
    """Announcements and declarations only in a player's first turn (CZ-6, NE-7)."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE, Kind.DECLARE)

    def __init__(self, phase: Phase, rule: str, ref: str = "") -> None:
        super().__init__("first_turn_only", phase, rule, ref)

    def open_values(self, g: Game, seat: int) -> list[str] | None:
        return None if g.first_turn(seat) else NONE_OPEN


class NoBonusInNegative(ValueRule):
    """Nothing is announced in a game played to lose card points or tricks."""

    def __init__(self, phase: Phase, kinds: tuple[Kind, ...], rule: str, ref: str = "") -> None:
        super().__init__("no_bonus_in_negative", phase, rule, ref)
        self.kinds = kinds

    def open_values(self, g: Game, seat: int) -> list[str] | None:
        return NONE_OPEN if g.contract is not None and g.contract.negative else None


class AnnounceOnce(ActionRule):
    """A bonus is announced once; a declaration is made once by each player."""

    kinds: tuple[Kind, ...] = (Kind.ANNOUNCE, Kind.DECLARE)

    def __init__(self, phase: Phase, ref: str = "") -> None:
        super().__init__("announce_once", phase,
                         N_("Each bonus is announced only once, and each declaration made once."), ref)

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        name = str(action.value)
        if action.kind is Kind.ANNOUNCE:
            return name in g.ann.announced
        return name in g.ann.declared[seat]

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        what = g.variant.title_of(str(action.value), t)
        if action.kind is Kind.ANNOUNCE:
            return t._("{what} has already been announced.", what=what)
        return t._("You have already declared {what}.", what=what)


class DeclareOnlyTrue(ValueRule):
    """A declaration is offered only when it is true of the hand now (CZ-7, NE-7)."""

    kinds: tuple[Kind, ...] = (Kind.DECLARE,)

    def __init__(self, phase: Phase, rule: str, ref: str = "") -> None:
        super().__init__("declare_only_true", phase, rule, ref)

    def open_values(self, g: Game, seat: int) -> list[str] | None:
        return g.true_declarations(seat)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("You do not hold {what}: {rule}", what=g.variant.title_of(str(action.value), t),
                   rule=lower_first(self.rule_text(t)))

    def why(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return self.rule_text(t)


class DoubleChain(ValueRule):
    """Who may double what, and how far (CZ-6 flek / reflek / super, NE-8 kontra)."""

    kinds: tuple[Kind, ...] = (Kind.DOUBLE,)

    def __init__(self, phase: Phase, rule: str, ref: str = "") -> None:
        super().__init__("double_chain", phase, rule, ref)

    def open_values(self, g: Game, seat: int) -> list[str] | None:
        return g.double_targets(seat)

    def reason(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return t._("You may not double {what} now: {rule}", what=g.variant.title_of(str(action.value), t),
                   rule=lower_first(self.rule_text(t)))

    def why(self, g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
        return self.rule_text(t)


def allowed(g: Game, seat: int, candidates: list[Action]) -> list[Action]:
    """The candidates no rule forbids now (``Game``'s legal actions outside trick play): the
    same answer as ``Game.forbidding_rule`` for each.
    Candidates come grouped by kind, so each kind's rules are looked up once, and the
    rules that open a list of values (``ValueRule``) are asked once per kind."""
    out: list[Action] = []
    v = g.variant
    ph = g.phase
    kind: Kind | None = None
    rules: tuple[ActionRule, ...] = ()
    opened: list[list[str]] = []
    closed = False
    for a in candidates:
        if a.kind is not kind:
            kind = a.kind
            value_rules, rules = v.split_rules_for_kind(kind)
            opened = []
            closed = False
            for vr in value_rules:
                if vr.phase is ph and (not vr.conditional or vr.applies(g)):
                    vals = vr.open_values(g, seat)
                    if vals is not None:
                        if not vals:
                            closed = True
                            break
                        opened.append(vals)
        if closed:
            continue
        shut = False
        for vals in opened:
            if a.value not in vals:
                shut = True
                break
        if shut:
            continue
        for r in rules:
            if (r.phase is ph and (not r.conditional or r.applies(g))
                    and r.forbids(g, seat, a)):
                break
        else:
            out.append(a)
    return out


__all__ = [
    "NONE_OPEN", "ValueRule",
    "AnnounceOnce", "DeclareOnlyTrue", "DoubleChain", "FirstTurnOnly", "NoBonusInNegative",
    "ActionRule", "BidHigher", "CardRule", "FollowSuit", "KeepAnnounced", "NoFivePointDiscard",
    "PAGAT", "Restriction", "TarokWhenVoid", "TarokyLastDiscard", "high_bid", "lower_first",
    "allowed", "suit_mask_of",
]
