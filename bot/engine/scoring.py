"""Settlement records and the payment arithmetic every variant shares.

Amounts are integers in the variant's smallest unit (C-4): hundredths of a Kč for the
Czech game, chips for Nebraska, game points for the Polish game.  Every settlement,
the pool included, sums to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .masks import mask_ids, mask_thirds
from .say import ENGLISH, N_, Msg, Say

POOL: Final = -1
"""Payer or payee ``POOL`` in a ``Transfer`` is the table's pool (the Žid, a pot)."""


# The records below are dataclasses with hand-written ``__init__``s: the compiled engine
# builds them natively (the dataclass module's generated ones are Python code).  Treat
# them as read-only.


@dataclass(init=False)
class Transfer:
    """``payer`` pays ``amount`` (> 0) to ``payee``; either may be ``POOL``."""

    payer: int
    payee: int
    amount: int

    def __init__(self, payer: int, payee: int, amount: int) -> None:
        self.payer = payer
        self.payee = payee
        self.amount = amount


@dataclass(init=False)
class PaymentLine:
    """One item of the settlement: what was won or lost, by whom, per player.

    ``label`` is the English words (records, the CLI); made from a ``Msg``, the line
    keeps it (``msg``) and ``say(t)`` says it in a reader's language (issue #14).  A
    line made from a plain string says that string in every language."""

    label: str
    net: Mapping[int, int]  # seat (or POOL) -> signed amount; sums to zero
    msg: Msg | None
    #: The item's stable code (docs/records.md): "game", "surrender", "varsava", "michi",
    #: "declaration:<name>", "bonus:<name>" (announced), "silent:<name>" (not announced),
    #: "penalty:<what>", "pool:<what>" (a movement of the pool).
    code: str
    #: The side the line pays (``HandResult`` sets it): ``SIDE_DECLARERS``,
    #: ``SIDE_OPPONENTS``, ``SIDE_PLAYER`` (one seat alone), ``SIDE_POOL``, or "" if none.
    side: str

    def __init__(self, label: str | Msg, net: Mapping[int, int], code: str) -> None:
        if isinstance(label, Msg):
            self.msg = label
            self.label = label.say(ENGLISH)
        else:
            self.msg = None
            self.label = label
        self.net = net
        self.code = code
        self.side = ""

    def say(self, t: Say = ENGLISH) -> str:
        """The line's words in ``t``'s language (the English ``label`` if it has no ``Msg``)."""
        return self.msg.say(t) if self.msg is not None else self.label

    @property
    def total(self) -> int:
        return sum(v for v in self.net.values() if v > 0)


#: The role of a card-points side (``HandResult.sides``): the declarer's side, the
#: opponents, or one player counted alone (Varšava).  A table tells the sides apart by
#: these, never by the labels' English words.
SIDE_DECLARERS: Final = "declarers"
SIDE_OPPONENTS: Final = "opponents"
SIDE_PLAYER: Final = "player"
SIDE_POOL: Final = "pool"  # (``PaymentLine.side`` only: the pool gains)
#: The engine's labels of the two sides' card points (the keys of ``card_points``).
DECLARER_LABELS: Final = ("Bidder's side", "Declarer's side")
OPPONENT_LABELS: Final = ("Opponents",)


@dataclass(init=False)
class Pile:
    """The cards counted for one side at the end of a hand: its tricks, its discards and
    the talon cards counted for it (the talon's ownership).  ``role`` is ``SIDE_DECLARERS``,
    ``SIDE_OPPONENTS`` or ``SIDE_PLAYER`` (one seat counted alone); ``thirds`` is three
    times the exact card points (cards counted in threes: 3 × face sum − 2 × cards), so a
    program can compare exact counts without rounding.  The pile keeps its cards as a
    mask; ``cards`` and ``thirds`` are worked out when read (every hand makes its piles,
    few readers look at them)."""

    role: str
    seats: frozenset[int]
    mask: int  # the cards, one bit per card id

    def __init__(self, role: str, seats: frozenset[int], mask: int) -> None:
        self.role = role
        self.seats = seats
        self.mask = mask

    @property
    def cards(self) -> tuple[int, ...]:
        """The card ids, in pack order."""
        return mask_ids(self.mask)

    @property
    def thirds(self) -> int:
        return mask_thirds(self.mask)


@dataclass(init=False)
class HandResult:
    """The outcome of one hand."""

    summary: str  # one sentence: who won what (English: records, the CLI)
    summary_msg: Msg | None  # the same sentence unsaid (``say_summary(t)``), if made from one
    card_points: Mapping[str, int]  # side label (or player) -> card points
    tricks: Mapping[int, int]  # seat -> tricks won
    lines: Sequence[PaymentLine]
    net: Mapping[int, int]  # seat -> signed total; POOL included when it moved
    transfers: Sequence[Transfer]
    declarer_side: frozenset[int]  # the bidder and true partner whenever there was a bidder
    # The game's result in every variant: whether the declarer's side won the game (the
    # contract) itself, whatever declarations, bonuses and pools added; False after a
    # surrender; None with no declarer side (Varšava, michi-michi, thrown in).
    declarers_won: bool | None
    # Whether the declarer's side came out ahead in the payments between the players (the
    # pool's lines left out): the sign of its net, which may differ from the game's result
    # (a Polish bidder who wins the game and loses more on declarations); None as above.
    declarers_net_won: bool | None
    # The piles (``Pile``) of the sides at the end: empty when no card was played.
    piles: Sequence[Pile]
    thrown_in: bool
    extra: Mapping[str, object]
    # Side label -> (points, cards left over) where the variant counts cards as well as
    # points (Heun: "21 points (and two cards)"); empty where card points say it all.
    card_counts: Mapping[str, tuple[int, int]]
    # Side label (a key of card_points) -> (its role: SIDE_DECLARERS, SIDE_OPPONENTS or
    # SIDE_PLAYER; the seats it counts).  A label missing here has no known role.
    sides: Mapping[str, tuple[str, frozenset[int]]]

    def __init__(self, summary: str | Msg, card_points: Mapping[str, int], tricks: Mapping[int, int],
                 lines: Sequence[PaymentLine], net: Mapping[int, int],
                 transfers: Sequence[Transfer], declarer_side: frozenset[int] = frozenset(),
                 declarers_won: bool | None = None, thrown_in: bool = False,
                 extra: Mapping[str, object] | None = None,
                 card_counts: Mapping[str, tuple[int, int]] | None = None,
                 sides: Mapping[str, tuple[str, frozenset[int]]] | None = None,
                 declarers_net_won: bool | None = None, piles: Sequence[Pile] = ()) -> None:
        if isinstance(summary, Msg):
            self.summary_msg = summary
            self.summary = summary.say(ENGLISH)
        else:
            self.summary_msg = None
            self.summary = summary
        self.card_points = card_points
        self.tricks = tricks
        self.lines = lines
        self.net = net
        self.transfers = transfers
        self.declarer_side = declarer_side
        self.declarers_won = declarers_won
        self.declarers_net_won = declarers_net_won
        self.piles = piles
        self.thrown_in = thrown_in
        self.extra = extra if extra is not None else {}
        self.card_counts = card_counts if card_counts is not None else {}
        self.sides = sides if sides is not None else {}

    def say_summary(self, t: Say = ENGLISH) -> str:
        """The summary in ``t``'s language (the English ``summary`` if it has no ``Msg``)."""
        return self.summary_msg.say(t) if self.summary_msg is not None else self.summary

    @property
    def pool_delta(self) -> int:
        return self.net.get(POOL, 0)

    def points_text(self, side: str) -> str:
        """What ``side`` (a key of ``card_points``) counted, in words: "35 points and 1 card"
        where the variant counts cards too (Heun), else "36 card points"."""
        count = self.card_counts.get(side)
        if count is None:
            return f"{self.card_points[side]} card points"
        return count_text(*count)


def count_text(points: int, cards: int) -> str:
    """A count of points and cards left over, told as the Heun rules tell it: "35 points
    and 1 card", "34 points and 2 cards", "36 points" (no card left over)."""
    told = f"{points} point{'s' if points != 1 else ''}"
    if cards:
        told += f" and {cards} card{'s' if cards != 1 else ''}"
    return told


def count_msg(points: int, cards: int) -> Msg:
    """``count_text`` kept unsaid (a value of a summary's ``Msg``)."""
    told = Msg(N_("{n} point"), plural=N_("{n} points"), n=points)
    if cards:
        return Msg(N_("{points} and {cards}"),
                   {"points": told, "cards": Msg(N_("{n} card"), plural=N_("{n} cards"), n=cards)})
    return told


def side_payment(winners: Iterable[int], losers: Iterable[int], amount: int) -> dict[int, int]:
    """Net amounts when a side wins ``amount`` "as every Czech payment": per pair in
    two against two, and from (or to) each opponent when one plays against several.

    The whole payment is ``amount`` times the larger side; each side shares it equally.
    """
    w = sorted(set(winners))
    lo = sorted(set(losers))
    if not w or not lo or amount == 0:
        return {}
    total = amount * max(len(w), len(lo))
    net: dict[int, int] = {}
    _spread(net, w, total, +1)
    _spread(net, lo, total, -1)
    return net


def share(net: dict[int, int], seats: Sequence[int], total: int, sign: int) -> None:
    """Add ``sign * total`` split as equally as integers allow over ``seats``."""
    _spread(net, list(seats), total, sign)


def _spread(net: dict[int, int], seats: list[int], total: int, sign: int) -> None:
    # Equal shares; any indivisible remainder goes one unit each to the first seats
    # in the order given (play order), so the sum stays exact (C-4).
    q, r = divmod(total, len(seats))
    for i, s in enumerate(seats):
        net[s] = net.get(s, 0) + sign * (q + (1 if i < r else 0))


def add_into(total: dict[int, int], part: Mapping[int, int]) -> None:
    for k, v in part.items():
        total[k] = total.get(k, 0) + v


def transfers_from_net(net: dict[int, int], pairs: Sequence[tuple[int, int]] = ()) -> list[Transfer]:
    """Integer transfers that realise ``net``.

    ``pairs`` (payer, payee) are tried first (the usual two-against-two pairing); the rest
    is matched greedily, largest debts first, with the pool treated like any other party.
    """
    bal: dict[int, int] = {}
    total = 0
    for k, v in net.items():
        total += v
        if v:
            bal[k] = v
    assert total == 0, f"settlement does not sum to zero: {net}"
    out: list[Transfer] = []
    for a, b in pairs:
        _pay(bal, out, a, b)
    while True:
        # The largest debtor pays the largest creditor (ties: the lower party first).
        debtor = creditor = 0
        worst = best = 0
        for k, v in bal.items():
            if v < worst or (v == worst and v < 0 and k < debtor):
                worst, debtor = v, k
            if v > best or (v == best and v > 0 and k < creditor):
                best, creditor = v, k
        if worst == 0:
            break
        _pay(bal, out, debtor, creditor)
    return out


def _pay(bal: dict[int, int], out: list[Transfer], a: int, b: int) -> None:
    amt = min(-bal.get(a, 0), bal.get(b, 0))
    if amt > 0:
        out.append(Transfer(a, b, amt))
        bal[a] += amt
        bal[b] -= amt
