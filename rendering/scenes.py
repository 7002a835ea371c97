"""Plain input data for the renderers.

The renderers know nothing about the engine's game state: the table code fills these
small frozen dataclasses with display names, cards and flags, and the renderers draw
(or write out as text) exactly what they are given.  Everything a player should not see
(the hidden talon, other hands, a secret partnership) simply must not be put in a scene.

Seats are always listed **in play order** (C-1): seat ``i + 1`` plays after seat ``i``.
Whether play order runs anticlockwise (Czech, Polish, Romanian) or clockwise (Nebraska,
Heun) is only a matter of where a seat is drawn, given by the ``clockwise`` flag.

Sequence fields accept lists but are stored as tuples, so a scene is immutable and
hashable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine.cards import CARDS, CZECH_WORDS, NUM_CARDS, Card, CardWords

MAX_SEATS = 5
MIN_SEATS = 2


def _cards(values: Iterable[int]) -> tuple[Card, ...]:
    # (the engine's own card objects, ``CARDS[i]``, not a new ``Card`` each: a live
    # table's kept scenes held about a hundred, 3.3 KB, issue #33)
    out: list[Card] = []
    for v in values:
        i = int(v)
        if not 0 <= i < NUM_CARDS:
            raise ValueError(f"{v!r} is not a card id (0..53).")
        out.append(CARDS[i])
    return tuple(out)


def _plays(values: Iterable[tuple[int, int]]) -> tuple[tuple[int, Card], ...]:
    return tuple((int(seat), _cards([c])[0]) for seat, c in values)


@dataclass(frozen=True, slots=True)
class FaceWords:
    """The words drawn on the card faces: the court cards' names under their pictures and
    the honours' names (capitals).  The defaults are the English faces; the table layer
    fills them in the reader's language (``bot.tables.scenes.picture_words``), and the face
    cache keys on them, so each language's faces are drawn once and kept apart."""

    king: str = "KING"
    queen: str = "QUEEN"
    rider: str = "RIDER"
    jack: str = "JACK"
    skyz: str = "ŠKÝZ"
    pagat: str = "PAGÁT"
    mond: str = "MOND"


ENGLISH_FACES = FaceWords()


@dataclass(frozen=True, slots=True)
class PictureWords:
    """The words a picture draws (and its text twin writes) besides those the scene names:
    headings, captions, tags and the legend.  The defaults are the English source; the
    table layer fills them in the reader's language (``bot.tables.scenes.picture_words``,
    issue #14), so a scene, and the picture cache keyed by it, differs per language."""

    playable: str = "bright cards can be played"
    none_playable: str = "no card can be played"
    your_hand: str = "Your hand"
    to_play: str = "to play"
    leads: str = "leads"
    takes_it: str = "takes it"
    bidder: str = "bidder"
    sits_out: str = "sits out"
    trick: str = "Trick"
    takes_trick: str = "{name} takes it"
    talon_card: str = "talon card"
    dealer_badge: str = "D"
    forehand_badge: str = "F"
    dealer: str = "dealer"
    forehand: str = "forehand: leads first"
    cards_in_hand: str = "cards in hand"
    order_of_play: str = "order of play"
    table: str = "Table"
    contract: str = "Contract"
    level: str = "Level"
    called: str = "Called"
    doubling: str = "Doubling"
    not_yet_bid: str = "not yet bid"
    last_trick: str = "Last trick"
    took_it: str = "{name} took it"
    sides: str = "SIDES"
    payments: str = "PAYMENTS"
    players: str = "PLAYERS"
    this_hand: str = "THIS HAND"
    total: str = "SEASON BALANCE"
    pool: str = "Pool"
    # The text twins (a picture's description for screen readers).
    no_cards: str = "No cards in hand."
    worth_five: str = "Worth five points"
    you_can_play: str = "You can play"
    you_play_none: str = "You can play no card."
    is_dealer: str = "dealer"
    is_forehand: str = "forehand"
    takes_the_trick: str = "takes the trick"
    clockwise: str = "play goes clockwise"
    anticlockwise: str = "play goes anticlockwise"
    sits_out_line: str = "{name} sits out."
    talon_on_trick: str = "Talon card on this trick"
    took_the_trick: str = "{name} takes the trick."
    seats_in_order: str = "Seats in play order:"
    cards_count: str = "{n} cards"
    current_trick: str = "Current trick:"
    last_trick_line: str = "Last trick:"
    won: str = "won"
    lost: str = "lost"
    card_points: str = "{n} card points"
    payments_line: str = "Payments:"
    players_line: str = "Players:"
    #: The hand's groups in the text twin: hearts, diamonds, spades, clubs, taroky (the
    #: order of ``Suit``); empty: the engine's English suit names.
    suit_names: tuple[str, ...] = ()
    total_amount: str = "season balance {amount}"
    #: The words on the card faces.
    faces: FaceWords = ENGLISH_FACES


ENGLISH_WORDS = PictureWords()


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat at the table as players see it.

    ``name`` is the display name; ``is_dealer`` / ``is_forehand`` mark the dealer and the
    forehand (the first player of the deal); ``sitting_out`` marks the dealer who sits
    out a five-player deal (C-5) and so plays no card.
    """

    name: str
    is_dealer: bool = False
    is_forehand: bool = False
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """The cards of one trick, without the seats (used inside :class:`TableScene`).

    ``plays`` are ``(seat_index, card)`` pairs in play order; ``leader`` is the seat that
    led; ``winner`` is the seat that took the trick, ``None`` while it is incomplete.
    """

    plays: Sequence[tuple[int, Card]] = ()
    leader: int = 0
    winner: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "plays", _plays(self.plays))
        if self.plays and self.plays[0][0] != self.leader:
            raise ValueError("The first card of a trick must be the leader's.")
        seats = [s for s, _ in self.plays]
        if len(set(seats)) != len(seats):
            raise ValueError("A seat plays at most one card to a trick.")
        if self.winner is not None and self.winner not in seats:
            raise ValueError("The winner of a trick must have played to it.")


@dataclass(frozen=True, slots=True)
class HandScene:
    """One player's hand, shown privately to that player.

    ``legal`` is ``None`` when it is not the player's turn to play (nothing is
    highlighted); otherwise the set of cards the player may play now: those are raised
    and outlined, the others dimmed.  The cards are drawn sorted (taroky high to low,
    then the suits, hearts, spades, diamonds, clubs, strongest first); ``red_ace_high``
    says how red pips rank in this variant (see ``bot.engine.cards.suit_strength``).
    """

    cards: Sequence[Card]
    legal: frozenset[Card] | None = None
    title: str = ""
    red_ace_high: bool = True
    card_words: CardWords = CZECH_WORDS  # how the variant names cards (text twins)
    words: PictureWords = ENGLISH_WORDS  # the reader's language

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards))
        if self.legal is not None:
            object.__setattr__(self, "legal", frozenset(_cards(self.legal)))


@dataclass(frozen=True, slots=True)
class TrickScene:
    """One trick on the table, as everybody sees it.

    ``seats`` are listed in play order (2 to 5 seats); ``plays`` are ``(seat_index,
    card)`` pairs in the order they were played; ``leader`` is the seat that led;
    ``winner`` is the seat that took the trick, ``None`` while it is incomplete.
    ``clockwise`` draws play order clockwise round the table (Nebraska, Heun) instead of
    anticlockwise (Czech).  ``talon_card`` is a talon card turned face up onto this
    trick (Czech Varšava, CZ-13), else ``None``.  ``title`` is a short heading such as
    ``"Trick 3 of 12"``.
    """

    seats: Sequence[SeatInfo]
    plays: Sequence[tuple[int, Card]] = ()
    leader: int = 0
    winner: int | None = None
    clockwise: bool = False
    talon_card: Card | None = None
    title: str = ""
    card_words: CardWords = CZECH_WORDS
    words: PictureWords = ENGLISH_WORDS

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "plays", _plays(self.plays))
        if self.talon_card is not None:
            object.__setattr__(self, "talon_card", _cards([self.talon_card])[0])
        _check_seats(self.seats)
        _check_trick(self.seats, self.trick, "trick")

    @property
    def trick(self) -> PlayedTrick:
        """The cards of this trick without the seats."""
        return PlayedTrick(self.plays, self.leader, self.winner)


@dataclass(frozen=True, slots=True)
class TableScene:
    """The whole table between or during tricks, as everybody sees it.

    * ``seats`` in play order (dealer and forehand are flags on :class:`SeatInfo`);
    * ``to_act`` — the seat whose turn it is (highlighted), or ``None``;
    * ``contract`` / ``level`` — e.g. ``"Povinnost"`` / ``"second level"`` or
      ``"Four"`` / ``"second three taken"``; ``declarer`` — the bidder's seat or ``None``;
    * ``called`` — the called card or king as text (``"XIX"``, ``"king of hearts"``);
    * ``flek`` — the doubling level as text (``"flek"``, ``"reflek ×4"``, ``"kontra"``);
    * ``announcements`` — further public lines (``"pagát announced by Eva"``);
    * ``talon_exposed`` — talon cards the rules show face up (only those!) with
      ``talon_label`` as their heading;
    * ``trick`` / ``last_trick`` — the current and the previous trick;
    * ``scores`` — one display string per seat (running score, chips), or empty;
    * ``hand_counts`` — cards left in each hand, or empty;
    * ``clockwise`` and ``title`` as in :class:`TrickScene`.
    """

    seats: Sequence[SeatInfo]
    to_act: int | None = None
    contract: str = ""
    level: str = ""
    declarer: int | None = None
    called: str = ""
    flek: str = ""
    announcements: Sequence[str] = ()
    talon_exposed: Sequence[Card] = ()
    talon_label: str = "Talon"
    trick: PlayedTrick | None = None
    last_trick: PlayedTrick | None = None
    scores: Sequence[str] = ()
    hand_counts: Sequence[int] = ()
    clockwise: bool = False
    title: str = ""
    card_words: CardWords = CZECH_WORDS
    words: PictureWords = ENGLISH_WORDS

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "announcements", tuple(self.announcements))
        object.__setattr__(self, "talon_exposed", _cards(self.talon_exposed))
        object.__setattr__(self, "scores", tuple(self.scores))
        object.__setattr__(self, "hand_counts", tuple(int(n) for n in self.hand_counts))
        _check_seats(self.seats)
        n = len(self.seats)
        for label, seat in (("to_act", self.to_act), ("declarer", self.declarer)):
            if seat is not None and not 0 <= seat < n:
                raise ValueError(f"{label} seat {seat} is not at this table.")
        if self.scores and len(self.scores) != n:
            raise ValueError("scores needs one entry per seat.")
        if self.hand_counts and len(self.hand_counts) != n:
            raise ValueError("hand_counts needs one entry per seat.")
        for label, trick in (("trick", self.trick), ("last_trick", self.last_trick)):
            if trick is not None:
                _check_trick(self.seats, trick, label)


@dataclass(frozen=True, slots=True)
class SideResult:
    """What one side (or, in Varšava, one player) took in the hand."""

    label: str
    members: Sequence[str]
    card_points: int
    cards_taken: int
    won: bool | None = None
    #: The count in words where the variant counts more than card points (Heun: "35
    #: points and 1 card"); empty for the plain "N card points".
    points_text: str = ""
    #: The count as the summary picture writes it in the reader's language ("35 bodů,
    #: 16 karet"); empty: the English "35 points, 16 cards" (or ``points_text``).
    count_text: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", tuple(self.members))


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """One line of the settlement: what for, and the amount as it should be shown."""

    text: str
    amount: str


@dataclass(frozen=True, slots=True)
class PlayerBalance:
    """One player's result for the hand.

    ``change`` is the signed amount in the variant's smallest unit (used for colour and
    sign only); ``change_text`` is how it is shown (``"+0.30 Kč"``); ``balance_text`` the
    running total after the hand, or empty.
    """

    name: str
    change: int
    change_text: str
    balance_text: str = ""


@dataclass(frozen=True, slots=True)
class SummaryScene:
    """The end of a hand: card points per side, every payment line, balances and pool.

    ``sides`` — one entry per side (one per player in Varšava); ``payments`` — every
    payment line in the order the rules list them; ``balances`` — per player;
    ``pool_before`` / ``pool_after`` — the pool (Žid, penalty pot) as text, empty when the
    table has none; ``total_points`` — the card points in the pack (70) for the bar.
    """

    title: str
    sides: Sequence[SideResult]
    payments: Sequence[PaymentLine] = ()
    balances: Sequence[PlayerBalance] = ()
    pool_before: str = ""
    pool_after: str = ""
    total_points: int = 70
    note: str = ""
    words: PictureWords = ENGLISH_WORDS

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", tuple(self.sides))
        object.__setattr__(self, "payments", tuple(self.payments))
        object.__setattr__(self, "balances", tuple(self.balances))
        if not self.sides:
            raise ValueError("A summary needs at least one side.")


def _check_seats(seats: Sequence[SeatInfo]) -> None:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"A table has {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}.")


def _check_trick(seats: Sequence[SeatInfo], trick: PlayedTrick, label: str) -> None:
    n = len(seats)
    if not 0 <= trick.leader < n:
        raise ValueError(f"The {label} leader {trick.leader} is not at this table.")
    for seat, _ in trick.plays:
        if not 0 <= seat < n:
            raise ValueError(f"Seat {seat} in the {label} is not at this table.")
        if seats[seat].sitting_out:
            raise ValueError(f"Seat {seat} sits out and cannot play to the {label}.")
    if trick.plays and trick.plays[0][0] != trick.leader:
        raise ValueError(f"The first card of the {label} must be the leader's.")


__all__ = [
    "HandScene",
    "PaymentLine",
    "PictureWords",
    "PlayedTrick",
    "PlayerBalance",
    "SeatInfo",
    "SideResult",
    "SummaryScene",
    "TableScene",
    "TrickScene",
]
