"""Cards of the 54-card Taroky pack.

Glossary (Czech / English, used throughout the engine):

* tarok (pl. taroky) — a permanent trump, I..XXI plus the škýz.
* škýz (Skies, skiż) — the highest tarok, effectively XXII.
* mond (mund) — tarok XXI.  pagát (pagat, špaček, "tarok 1") — tarok I.
* trul — škýz, mond and pagát together; the three *honours*.
* barva — a plain suit: srdce (hearts), kára (diamonds), piky (spades), křiže (clubs).
* král / dáma / kavall / kluk — king / queen / rider (horseman) / jack.
* talon (blind) — the six cards dealt face down to the middle.
* forehand (předák) — the first player of a deal: first to bid, normally first to lead.

Cards are small ints (``Card`` subclasses ``int``) so the engine can keep hands as
bit masks: bit ``c`` of a mask is set when card ``c`` is present.  Layout:

* ``0..21``  taroky I..XXI and škýz (tarok number ``c + 1``; škýz is 22);
* ``22 + 8*s + f`` suit cards, ``s`` in hearts, diamonds, spades, clubs and
  face index ``f``: 0 king, 1 queen, 2 rider, 3 jack, then four pips.  Black pips are
  10, 9, 8, 7 (``f`` 4..7); red pips are 1 (ace), 2, 3, 4 (``f`` 4..7).

How pips rank is a variant axis (Czech: red ace high; Nebraska/Heun: red 4 high); see
``suit_strength``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from .masks import FIVE_POINT_MASK as FIVE_POINT_MASK
from .masks import FULL_MASK as FULL_MASK
from .masks import HONOUR_MASK as HONOUR_MASK
from .masks import KING_MASK as KING_MASK
from .masks import NUM_CARDS as NUM_CARDS
from .masks import NUM_TAROKY as NUM_TAROKY
from .masks import SUIT_CARD_MASK as SUIT_CARD_MASK
from .masks import SUIT_MASKS as SUIT_MASKS
from .masks import TAROK_MASK as TAROK_MASK
from .masks import count_mask_points as count_mask_points
from .say import ENGLISH, N_, Say


class Suit(IntEnum):
    """The four plain suits; ``TAROK`` stands for the trump 'suit'."""

    HEARTS = 0
    DIAMONDS = 1
    SPADES = 2
    CLUBS = 3
    TAROK = 4

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def label(self) -> str:
        return _SUIT_LABELS[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_LABELS: Final = {
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.SPADES: N_("spades"),
    Suit.CLUBS: N_("clubs"),
    Suit.TAROK: N_("taroky"),
}


def suit_label(suit: Suit, t: Say = ENGLISH) -> str:
    """The suit in words ("hearts", "taroky") in ``t``'s language."""
    return t._(_SUIT_LABELS[suit])
_SUIT_SYMBOLS: Final = {
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.SPADES: "♠",
    Suit.CLUBS: "♣",
    Suit.TAROK: "T",
}

PLAIN_SUITS: Final = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)

KING, QUEEN, RIDER, JACK = 0, 1, 2, 3
_FACE_NAMES: Final = (N_("king"), N_("queen"), N_("rider"), N_("jack"))
_FACE_SHORT: Final = ("K", "Q", "C", "J")
_BLACK_PIPS: Final = ("10", "9", "8", "7")
_RED_PIPS: Final = ("1", "2", "3", "4")  # "1" is the ace

ROMAN: Final = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip



class Card(int):
    """One card; an ``int`` in ``0..53`` with readable properties.

    Use the module constants (``PAGAT``, ``MOND``, ``SKYZ``) or ``card(...)`` /
    ``parse_card(...)`` to obtain cards; ``CARDS[i]`` is the card with id ``i``.
    """

    __slots__ = ()

    @property
    def is_tarok(self) -> bool:
        return self < NUM_TAROKY

    @property
    def suit(self) -> Suit:
        return Suit.TAROK if self < NUM_TAROKY else Suit((self - NUM_TAROKY) >> 3)

    @property
    def tarok_number(self) -> int:
        """1..21 for taroky I..XXI, 22 for the škýz; 0 for suit cards."""
        return self + 1 if self < NUM_TAROKY else 0

    @property
    def face(self) -> int:
        """Face index within the suit (0 king .. 3 jack, 4..7 pips); -1 for taroky."""
        return (self - NUM_TAROKY) & 7 if self >= NUM_TAROKY else -1

    @property
    def is_king(self) -> bool:
        return self >= NUM_TAROKY and (self - NUM_TAROKY) & 7 == KING

    @property
    def points(self) -> int:
        """Face value in card points (5 for škýz, mond, pagát and kings)."""
        return CARD_POINTS[self]

    @property
    def is_honour(self) -> bool:
        """Škýz, mond or pagát (the trul)."""
        return self in (PAGAT, MOND, SKYZ)

    @property
    def short(self) -> str:
        """Compact, unambiguous code: ``XIX``, ``Sk``, ``KH`` (king of hearts), ``10S``, ``1D``."""
        return _SHORT[self]

    @property
    def name(self) -> str:
        """The card in words: ``tarok XIX``, ``the škýz``, ``the king of hearts``, ``the 1 of diamonds``."""
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_SHORT[self]})"

    def __str__(self) -> str:
        return _NAMES[self]


def _make_names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    shorts: list[str] = []
    names: list[str] = []
    for c in range(NUM_CARDS):
        if c < 21:
            shorts.append(ROMAN[c])
            label = ROMAN[c]
            if c == 0:
                names.append("the pagát (I)")
            elif c == 20:
                names.append("the mond (XXI)")
            else:
                names.append(f"tarok {label}")
        elif c == 21:
            shorts.append("Sk")
            names.append("the škýz")
        else:
            s = Suit((c - NUM_TAROKY) >> 3)
            f = (c - NUM_TAROKY) & 7
            letter = "HDSC"[s]
            if f < 4:
                shorts.append(_FACE_SHORT[f] + letter)
                names.append(f"the {_FACE_NAMES[f]} of {s.label}")
            else:
                pip = (_RED_PIPS if s.is_red else _BLACK_PIPS)[f - 4]
                shorts.append(pip + letter)
                pipname = "ace" if pip == "1" else pip
                names.append(f"the {pipname} of {s.label}")
    return tuple(shorts), tuple(names)


_SHORT, _NAMES = _make_names()

CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(NUM_CARDS))
PAGAT: Final = CARDS[0]
MOND: Final = CARDS[20]
SKYZ: Final = CARDS[21]


def card_name(c: Card, t: Say = ENGLISH) -> str:
    """``Card.name`` in ``t``'s language: ``tarok XIX``, ``the škýz``, ``the king of
    hearts``, ``the ace of diamonds``."""
    if c == PAGAT:
        return t._("the pagát (I)")
    if c == MOND:
        return t._("the mond (XXI)")
    if c == SKYZ:
        return t._("the škýz")
    if c < NUM_TAROKY:
        return t._("tarok {numeral}", numeral=ROMAN[c])
    suit = t._(_SUIT_LABELS[c.suit])
    f = c.face
    if f < 4:
        return t._("the {face} of {suit}", face=t._(_FACE_NAMES[f]), suit=suit)
    pip = (_RED_PIPS if c.suit.is_red else _BLACK_PIPS)[f - 4]
    if pip == "1":
        return t._("the ace of {suit}", suit=suit)
    return t._("the {pip} of {suit}", pip=pip, suit=suit)


class CardName:
    """A card's name said when its sentence is (a value of a ``say.Msg``)."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card

    def say(self, t: Say = ENGLISH) -> str:
        return card_name(self.card, t)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardName) and self.card == other.card

    def __hash__(self) -> int:
        return hash(self.card)


def tarok(number: int) -> Card:
    """Tarok by number: ``tarok(19)`` is XIX, ``tarok(22)`` the škýz."""
    if not 1 <= number <= 22:
        raise ValueError(f"There is no tarok {number}.")
    return CARDS[number - 1]


def suit_card(suit: Suit, face: int) -> Card:
    return CARDS[NUM_TAROKY + 8 * int(suit) + face]


def king(suit: Suit) -> Card:
    return suit_card(suit, KING)


def _points(c: int) -> int:
    if c < NUM_TAROKY:
        return 5 if c in (0, 20, 21) else 1
    f = (c - NUM_TAROKY) & 7
    return (5, 4, 3, 2)[f] if f < 4 else 1


CARD_POINTS: Final[tuple[int, ...]] = tuple(_points(c) for c in range(NUM_CARDS))

# --- bit masks -------------------------------------------------------------------

# FULL_MASK, TAROK_MASK, SUIT_MASKS, KING_MASK, HONOUR_MASK, FIVE_POINT_MASK and
# SUIT_CARD_MASK come from .masks (literals the compiled engine folds in).


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """Cards in a mask, lowest id first (taroky I..škýz, then suits)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def iter_mask(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


def count_card_points(cards: Iterable[int]) -> int:
    """Card points of a pile, counted in threes (two off per full group of three,
    one off for an incomplete group).  The 54-card pack totals 70."""
    total = 0
    n = 0
    for c in cards:
        total += CARD_POINTS[c]
        n += 1
    full, rest = divmod(n, 3)
    return total - 2 * full - (1 if rest else 0)


# --- ranking -----------------------------------------------------------------------


def suit_strength(c: int, red_ace_high: bool) -> int:
    """Strength of a card within its suit (higher wins); taroky rank by number.

    Faces rank K > Q > C > J above the pips.  ``red_ace_high`` is the Czech order
    (red pips 1, 2, 3, 4 from high to low); Nebraska and Heun rank red pips 4, 3, 2, 1
    from high to low.  Black pips are always 10 > 9 > 8 > 7.
    """
    if c < NUM_TAROKY:
        return c + 1
    f = (c - NUM_TAROKY) & 7
    red = (c - NUM_TAROKY) >> 3 <= 1
    if f >= 4 and red and not red_ace_high:
        return f - 3
    return 8 - f


def strength_table(red_ace_high: bool) -> tuple[int, ...]:
    return tuple(suit_strength(c, red_ace_high) for c in range(NUM_CARDS))


# --- parsing --------------------------------------------------------------------

_SHORT_INDEX: Final = {s.lower(): CARDS[i] for i, s in enumerate(_SHORT)}
_SHORT_INDEX.update({"skyz": SKYZ, "škýz": SKYZ, "xxii": SKYZ, "22": SKYZ, "mond": MOND, "pagat": PAGAT, "pagát": PAGAT})
for _i in range(21):
    _SHORT_INDEX[str(_i + 1)] = CARDS[_i]
_SHORT_INDEX.update({"1h": CARDS[22 + 4], "1d": CARDS[30 + 4], "ah": CARDS[22 + 4], "ad": CARDS[30 + 4]})
for _s, _l in enumerate("hdsc"):
    _SHORT_INDEX["r" + _l] = CARDS[22 + 8 * _s + RIDER]  # R(ider) as well as C(avall)


def parse_card(text: str) -> Card:
    """Parse ``XIX``, ``19``, ``Sk``, ``KH``, ``10S``, ``1D``/``AD`` (case-insensitive)."""
    key = text.strip().lower()
    try:
        return _SHORT_INDEX[key]
    except KeyError:
        raise ValueError(f"'{text}' is not a card I know (try XIX, Sk, KH, 10S, 1D).") from None


def parse_cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.replace(",", " ").split()]


# --- cards in words, for players ----------------------------------------------------


class CardWords:
    """How a variant's rule text names cards for players: the red one is an ace (``A♦``,
    Czech, Polish, Romanian, Kozy) or a one (``1♦``: "it's a 'one', not an ace!" — Heun;
    Nebraska's "1 (ace) is lowest"), and the words for the škýz, the honours and the rider.
    A variant holds one as ``Variant.card_words``; :func:`say_card` reads it.

    The words are catalog messages (context ``card word``; ``python -m tools.catalogs``
    collects every variant's): a player reads the rider as "kaval" in Czech, "konik" in
    Polish, "cal" in Romanian, whichever variant's word ("rider", "horse", "cavalier") it is."""

    __slots__ = ("ace", "skyz", "pagat", "mond", "rider")

    def __init__(self, *, ace: str = "A", skyz: str = "Škýz", pagat: str = "pagát",
                 mond: str = "mond", rider: str = "rider") -> None:
        self.ace = ace
        self.skyz = skyz
        self.pagat = pagat
        self.mond = mond
        self.rider = rider


#: The catalog context of the variants' words for cards.
CARD_WORD: Final = "card word"

def card_word(word: str, t: Say = ENGLISH) -> str:
    """A variant's word for a card (``CardWords``) in ``t``'s language ("" stays "")."""
    return t.pgettext(CARD_WORD, word) if word else word


#: The Czech text's words (the default): "king, queen, rider, jack, ace, 2, 3, 4".
CZECH_WORDS: Final = CardWords()

_PIP_WORDS: Final = {"1": "ace"}


def say_card(c: Card, words: CardWords = CZECH_WORDS, *, long: bool = False,
             t: Say = ENGLISH) -> str:
    """The one way a card is named to a player: a tarok by its Roman number (``XIX``),
    the škýz by name, a suit card by rank and suit symbol (``K♥``, ``C♣``, ``A♦`` or
    ``1♦`` as ``words`` says, ``10♠``).  ``long`` adds the word players say for a court
    card or an honour (``K♥ king``, ``C♣ rider``, ``I pagát``, ``XXI mond``): for buttons
    and lists a newcomer reads.  Every word is said in ``t``'s language (the variant's own
    words through the catalog's ``card word`` context).  Codes such as ``KH`` or ``1D``
    (``Card.short``) are for records and custom ids only."""
    if c == SKYZ:
        return card_word(words.skyz, t)
    if c.is_tarok:
        numeral = ROMAN[c]
        if long and c == PAGAT and words.pagat:
            return f"{numeral} {card_word(words.pagat, t)}"
        if long and c == MOND and words.mond:
            return f"{numeral} {card_word(words.mond, t)}"
        return numeral
    f = c.face
    symbol = c.suit.symbol
    if f < 4:
        text = _FACE_SHORT[f] + symbol
        if long:
            # (the rider's word is the variant's own term; the other faces are the catalog's)
            text += " " + (card_word(words.rider, t) if f == RIDER else t._(_FACE_NAMES[f]))
        return text
    pip = (_RED_PIPS if c.suit.is_red else _BLACK_PIPS)[f - 4]
    if pip == "1":
        return words.ace + symbol
    return pip + symbol


def say_cards(cards: Iterable[Card], words: CardWords = CZECH_WORDS, t: Say = ENGLISH) -> str:
    """Cards named for a player, separated by spaces ("—" for none)."""
    return " ".join(say_card(c, words, t=t) for c in cards) or "—"
