"""The words of a computer player's reason (the teach-mode Hint).

A reason is one sentence a newcomer can learn from: it speaks to the player ("you", "your
partner"), names cards as every other text does (the variant's ``card_words`` through
``Variant.say``) and players by the engine's "Seat N" placeholder, which the table
replaces with names (``bot.engine.names``).  It says what the situation is — who is
winning the trick with which card, what the hand holds — and never a figure the player
cannot see (no internal score).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, Kind, Variant, find_variant
from bot.engine.actions import action_label
from bot.engine.cards import CARDS, CZECH_WORDS, PAGAT, SKYZ, Card, CardWords, suit_label
from bot.engine.say import ENGLISH, N_, Msg, MsgValue, Say

__all__ = ["choice_msg", "say_msg", "says_msg", "CardSaid", "CardsSaid", "Cap", "Label", "SuitWord", "Verb", "cap", "cards_msg", "winning_msg", "count", "hand_words", "kings_msg", "say", "seat_name", "suit_word", "taroky_msg", "verb",
           "winning"]


def seat_name(s: int) -> str:
    """The placeholder the table fills with a player's name (counted from 1)."""
    return f"Seat {s + 1}"


def say(variant: Variant, c: Card) -> str:
    """``c`` named for a player; tarok one with its name ("I pagát", or "tarok I" where
    the variant has no word for it) so that it does not read as the word "I"."""
    if c == PAGAT:
        text = variant.say(c, long=True)
        return text if text != variant.say(c) else "tarok " + text
    return variant.say(c)


def say_msg(variant: Variant, c: Card) -> MsgValue:
    """``say`` as a value of a message, said in the reader's language: tarok one without a
    word of its own is "tarok I"; a card the variant has a word for (the pagát, the škýz)
    is said with the reader's word."""
    if c == PAGAT and variant.say(c, long=True) == variant.say(c):
        return Msg(N_("tarok {numeral}"), {"numeral": variant.say(c)})
    if c in (PAGAT, SKYZ):
        return CardSaid(variant.name, c)
    return say(variant, c)


class CardSaid:
    """A card named as ``say`` names it, in the reader's words (a message's value; it keeps
    the variant's name, not the variant, so a reason pickles light)."""

    __slots__ = ("card", "variant")

    def __init__(self, variant: str, card: Card) -> None:
        self.variant = variant
        self.card = card

    def say(self, t: Say = ENGLISH) -> str:
        v = find_variant(self.variant)
        return v.say(self.card, long=self.card == PAGAT, t=t)

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return (_card_said, (self.variant, int(self.card)))


def _card_said(variant: str, card: int) -> CardSaid:
    return CardSaid(variant, CARDS[card])


def says(variant: Variant, cards: Sequence[Card]) -> str:
    return ", ".join(say(variant, c) for c in cards)


class CardsSaid:
    """Cards named as ``says`` names them, in the reader's words."""

    __slots__ = ("cards", "variant")

    def __init__(self, variant: str, cards: Sequence[Card]) -> None:
        self.variant = variant
        self.cards = tuple(int(c) for c in cards)

    def say(self, t: Say = ENGLISH) -> str:
        v = find_variant(self.variant)
        return ", ".join(v.say(CARDS[c], long=c == PAGAT, t=t) for c in self.cards)


def says_msg(variant: Variant, cards: Sequence[Card]) -> CardsSaid:
    """``says`` as a value of a message, said in the reader's language."""
    return CardsSaid(variant.name, cards)


def suit_word(c: Card) -> str:
    """The suit of ``c`` in words ("hearts", or "taroky")."""
    return "taroky" if c.is_tarok else c.suit.label


def count(n: int, one: str, many: str) -> str:
    return f"{'no' if n == 0 else n} {one if n == 1 else many}"


def taroky_msg(n: int) -> Msg:
    """How many taroky, in words ("no taroky", "1 tarok", "5 taroky")."""
    if n == 0:
        return Msg(N_("no taroky"))
    return Msg(N_("{n} tarok"), plural=N_("{n} taroky"), n=n)


def kings_msg(n: int) -> Msg:
    """How many kings, in words ("no kings", "1 king", "3 kings")."""
    if n == 0:
        return Msg(N_("no kings"))
    return Msg(N_("{n} king"), plural=N_("{n} kings"), n=n)


def hand_words(hand: Sequence[Card]) -> Msg:
    """A hand as a player sees it: "8 taroky, 3 of them high (XVIII or above), and 2 kings"
    (what the easy and normal players' bidding reasons quote)."""
    taroky = sum(1 for c in hand if c.is_tarok)
    high = sum(1 for c in hand if c.tarok_number >= 18)
    kings = sum(1 for c in hand if c.is_king)
    if not taroky:
        return Msg(N_("no taroky and {kings}"), {"kings": kings_msg(kings)})
    if not high:
        return Msg(N_("{taroky}, none of them high (XVIII or above), and {kings}"),
                   {"taroky": taroky_msg(taroky), "kings": kings_msg(kings)})
    return Msg(N_("{taroky}, {high} of them high (XVIII or above), and {kings}"),
               {"taroky": taroky_msg(taroky), "high": high, "kings": kings_msg(kings)})


class Label:
    """A choice's button text said in the reader's language (``lower``: continuing a
    sentence, "double the game")."""

    __slots__ = ("action", "lower", "words")

    def __init__(self, action: Action, words: CardWords = CZECH_WORDS, lower: bool = False) -> None:
        self.action = action
        self.words = words
        self.lower = lower

    def say(self, t: Say = ENGLISH) -> str:
        text = action_label(self.action, self.words, t)
        return text[:1].lower() + text[1:] if self.lower else text


def cards_msg(n: int) -> Msg:
    """How many cards, in words ("no cards", "1 card", "4 cards")."""
    if n == 0:
        return Msg(N_("no cards"))
    return Msg(N_("{n} card"), plural=N_("{n} cards"), n=n)


class Verb:
    """``verb`` said in the reader's language (``lower``: inside a sentence)."""

    __slots__ = ("action", "lower", "variant")

    def __init__(self, variant: Variant, action: Action, lower: bool = False) -> None:
        self.variant = variant
        self.action = action
        self.lower = lower

    def say(self, t: Say = ENGLISH) -> str:
        label = self.variant.label(self.action, t)
        if self.action.kind is Kind.BID:
            text = t._("Bid {contract}", contract=label)
        elif self.action.kind is Kind.DECLARE and not self.action.label.lower().startswith("declare"):
            text = t._("Declare {what}", what=label)
        else:
            text = cap(label)
        return text[:1].lower() + text[1:] if self.lower else text


def choice_msg(variant: Variant, action: Action, message: str) -> Msg:
    """A reason about ``action``; its ``{choice}`` field (if it has one) is the choice as
    the button says it (``Verb``), so a Hint names a choice as the panel does."""
    return Msg(message, {"choice": Verb(variant, action)} if "{choice}" in message else None)


class Cap:
    """A value said with its first letter capital (it opens a sentence)."""

    __slots__ = ("inner",)

    def __init__(self, inner: Msg) -> None:
        self.inner = inner

    def say(self, t: Say = ENGLISH) -> str:
        return cap(self.inner.say(t))


class SuitWord:
    """The suit of a card in words, in the reader's language."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card

    def say(self, t: Say = ENGLISH) -> str:
        return suit_label(self.card.suit, t)


def winning_msg(variant: Variant, trick: Sequence[tuple[int, Card]], mates: frozenset[int]) -> Msg:
    """``winning`` as a message."""
    w = variant.trick_winner(trick)
    wc = next(c for s, c in trick if s == w)
    seat, card = seat_name(w), say_msg(variant, wc)
    if w in mates:
        if len(mates) == 1:
            return Msg(N_("your partner {seat}'s {card}"), {"seat": seat, "card": card})
        return Msg(N_("{seat}'s {card} (on your side)"), {"seat": seat, "card": card})
    return Msg(N_("{seat}'s {card}"), {"seat": seat, "card": card})


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def verb(variant: Variant, a: Action) -> str:
    """A choice as an imperative for the start of a sentence: "Bid Four", "Declare Trul",
    "Announce Valát", "Call K♥" (its card in the variant's words)."""
    label = variant.label(a)
    if a.kind is Kind.BID:
        return f"Bid {label}"
    if a.kind is Kind.DECLARE and not label.lower().startswith("declare"):
        return f"Declare {label}"
    return cap(label)


def winning(variant: Variant, trick: Sequence[tuple[int, Card]], mates: frozenset[int]) -> str:
    """Who is winning the trick so far, in words: "your partner Seat 3's K♥" or "Seat 2's
    XV" (a fellow defender is "Seat 4, on your side,")."""
    w = variant.trick_winner(trick)
    wc = next(c for s, c in trick if s == w)
    if w in mates:
        if len(mates) == 1:
            return f"your partner {seat_name(w)}'s {say(variant, wc)}"
        return f"{seat_name(w)}'s {say(variant, wc)} (on your side)"
    return f"{seat_name(w)}'s {say(variant, wc)}"
