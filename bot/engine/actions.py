"""Actions a seat can take, as small frozen records.

One ``Action`` type with a ``kind`` and an optional ``value`` keeps the API uniform for
buttons (``label``), custom ids (``code`` / ``parse_action``) and hand records.
Common actions are interned, so ``legal_actions`` is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, cast

from .cards import CARDS, CZECH_WORDS, Card, CardWords, parse_card, say_card
from .errors import BadInput
from .say import ENGLISH, N_, Say
from .say import TERM as TERM
from .say import Term as Term


class Kind(StrEnum):
    """What sort of decision an action is (groups buttons in a panel)."""

    CUT = "cut"  # the cutter cuts the pack (C-2 ritual)
    KNOCK = "knock"  # the cutter knocks instead: 12-card batches
    BATCH = "batch"  # choose which 12-card batch to receive (value: 1..4)
    DEAL_SIX_SIX = "sixsix"  # CZ-14: after a knock the dealer deals six-six
    DEAL_TWELVES = "twelves"  # after a knock the dealer deals in twelves
    THROW_IN = "throwin"  # abandon the deal (a hand without kings and taroky, ...)
    KEEP = "keep"  # decline to throw in
    BID = "bid"  # value: contract name
    HOLD = "hold"  # NE-2: an earlier player equals the high bid
    PASS = "pass"
    CALL = "call"  # value: the called card (a tarok or a king)
    CALL_FOURTH_KING = "fourth"  # NE-3: "the fourth king"
    PLAY_ALONE = "alone"  # PT-2: "Without a King"
    VARSAVA = "varsava"  # play Varšava instead of calling
    SURRENDER = "surrender"
    PLAY_ON = "playon"
    DRAW = "draw"  # take the next talon card(s)
    DECLINE = "decline"  # decline to draw from the talon
    TAKE = "take"  # keep the talon group in view (value: group number)
    REJECT = "reject"  # expose the group in view and look at the next one
    TAKE_BACK = "takeback"  # RO-9: take an earlier shown talon group back (value: its number from the top)
    DISCARD = "discard"  # value: card
    ANNOUNCE = "announce"  # value: bonus name (pagat, valat, king_last, ...)
    DECLARE = "declare"  # value: declaration name (taroky, trul, ...)
    DOUBLE = "double"  # value: what is doubled (game, pagat, valat)
    DONE = "done"  # end my announcement turn / nothing to say
    PLAY = "play"  # value: card


ActionValue = Card | str | int | None


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.  ``value`` is a card, a name or a number depending on ``kind``."""

    kind: Kind
    value: ActionValue = None

    @property
    def card(self) -> Card:
        """The card of a play, discard or call (only ever built from a ``Card``)."""
        return cast(Card, self.value)

    @property
    def code(self) -> str:
        """A short stable string (fits a Discord custom id): ``play:XIX``, ``bid:trojka``."""
        if self.value is None:
            return self.kind.value
        if isinstance(self.value, Card):
            return f"{self.kind.value}:{self.value.short}"
        return f"{self.kind.value}:{self.value}"

    @property
    def label(self) -> str:
        """Button text in plain words."""
        return action_label(self)

    def __str__(self) -> str:
        return self.label


_CARD_KINDS: Final = frozenset({Kind.CALL, Kind.DISCARD, Kind.PLAY})
_INT_KINDS: Final = frozenset({Kind.BATCH, Kind.TAKE, Kind.CUT, Kind.TAKE_BACK})

# Titles of names used as action values; variants register their own (contracts, bonuses).
TITLES: dict[str, str] = {
    "pagat": "Pagát",
    "valat": "Valát",
    "game": "the game",
}


def register_titles(titles: dict[str, str]) -> None:
    """Variants add the display names of their contracts, bonuses and declarations."""
    TITLES.update(titles)


def term(text: str, t: Say = ENGLISH) -> str:
    """A game term (a title) in ``t``'s language."""
    return t.pgettext(TERM, text)


def title(name: str, t: Say = ENGLISH) -> str:
    return t.pgettext(TERM, TITLES.get(name, name.replace("_", " ").capitalize()))


def action_label(a: Action, words: CardWords = CZECH_WORDS, t: Say = ENGLISH) -> str:
    """Button text in plain words, cards named as ``words`` (a variant's ``card_words``)
    says: ``K♥ king``, ``Discard 7♠``, ``Call XIX``; in ``t``'s language."""
    k = a.kind
    v = a.value
    if k is Kind.PLAY:
        return say_card(a.card, words, long=True, t=t)
    if k is Kind.DISCARD:
        return t._("Discard {card}", card=say_card(a.card, words, long=True, t=t))
    if k is Kind.CALL:
        return t._("Call {card}", card=say_card(a.card, words, long=True, t=t))
    if k is Kind.BID:
        return title(str(v), t)
    if k is Kind.ANNOUNCE:
        return t._("Announce {what}", what=title(str(v), t))
    if k is Kind.DECLARE:
        return title(str(v), t)
    if k is Kind.DOUBLE:
        return t._("Double {what}", what=title(str(v), t))
    if k is Kind.TAKE:
        return t._("Take these cards") if v is None else t._("Take group {n}", n=str(v))
    if k is Kind.REJECT:
        return t._("Show them, look further")
    if k is Kind.BATCH:
        return t._("Batch {n}", n=str(v))
    if k is Kind.TAKE_BACK:
        return t._("Take back talon group {n}", n=str(v))
    return t._(_PLAIN_LABELS[k])


_PLAIN_LABELS: Final = {
    Kind.CUT: N_("Cut"),
    Kind.KNOCK: N_("Knock"),
    Kind.DEAL_SIX_SIX: N_("Deal six-six"),
    Kind.DEAL_TWELVES: N_("Deal in twelves"),
    Kind.THROW_IN: N_("Throw in"),
    Kind.KEEP: N_("Keep the hand"),
    Kind.HOLD: N_("Hold"),
    Kind.PASS: N_("Pass"),
    Kind.CALL_FOURTH_KING: N_("Call the fourth king"),
    Kind.PLAY_ALONE: N_("Without a king"),
    Kind.VARSAVA: N_("Varšava"),
    Kind.SURRENDER: N_("Surrender"),
    Kind.PLAY_ON: N_("Play on"),
    Kind.DRAW: N_("Draw"),
    Kind.DECLINE: N_("Don't draw"),
    Kind.DONE: N_("Done"),
}

#: The choices that commit a player to nothing (the safe default a panel shows first).
SAFE_KINDS: Final = (Kind.DONE, Kind.PASS, Kind.DECLINE, Kind.KEEP)


def safe_first(legal: list[Action]) -> list[Action]:
    """``legal`` in the order a player is offered it: Done / Pass / Don't draw / Keep first,
    then the rest in the engine's order (costly announcements and doubles never lead)."""
    return [a for a in legal if a.kind in SAFE_KINDS] + [a for a in legal if a.kind not in SAFE_KINDS]


# By the kind's id, then the value: Kind members are singletons, and an enum member's
# hash is Python code (slow in the hot path of the compiled engine).
_CACHE: dict[int, dict[ActionValue, Action]] = {}


def act(kind: Kind, value: ActionValue = None) -> Action:
    """An interned action (cheap to compare and to hand out again)."""
    by_value = _CACHE.get(id(kind))
    if by_value is None:
        by_value = _CACHE[id(kind)] = {}
    a = by_value.get(value)
    if a is None:
        a = by_value[value] = Action(kind, value)
    return a


# The named actions of the bidding and announcement rounds.
def bid(name: str) -> Action:
    return act(Kind.BID, name)


def declare(name: str) -> Action:
    return act(Kind.DECLARE, name)


def double(name: str) -> Action:
    return act(Kind.DOUBLE, name)


PLAY_ACTIONS: Final = tuple(act(Kind.PLAY, c) for c in CARDS)
DISCARD_ACTIONS: Final = tuple(act(Kind.DISCARD, c) for c in CARDS)
PASS: Final = act(Kind.PASS)
DONE: Final = act(Kind.DONE)


def parse_action(code: str) -> Action:
    """Inverse of ``Action.code``; raises ``BadInput`` with a sentence."""
    kind_text, _, value_text = code.partition(":")
    try:
        kind = Kind(kind_text)
    except ValueError:
        raise BadInput(f"'{code}' is not an action I know.") from None
    if not value_text:
        return act(kind)
    if kind in _CARD_KINDS:
        try:
            return act(kind, parse_card(value_text))
        except ValueError as e:
            raise BadInput(str(e)) from None
    if kind in _INT_KINDS:
        try:
            return act(kind, int(value_text))
        except ValueError:
            raise BadInput(f"'{code}' is not an action I know.") from None
    return act(kind, value_text)
