"""The engine's speed kernel: the few habits that keep the compiled build fast, kept here
so that ``game.py`` can read like the rule book.

Why these exist (measured with callgrind; see docs/engine.md):

* ``Event`` is a plain class with a hand-written ``__init__``: hands create thousands of
  events, and mypyc builds plain classes natively (a dataclass's generated ``__init__`` is
  Python code).
* The records of trick play (who played which card, the history entry, the play event)
  are the same for every hand, so they are made once here and shared, read-only: fewer
  allocations and garbage collections.
* Legal play and discard actions are listed from a card mask a byte at a time through
  precomputed tables instead of testing 54 bits.
* ``shuffle`` is the library's Fisher-Yates, compiled (several times faster), drawing
  exactly as ``random.Random.shuffle`` so every seed deals as before.

Nothing here knows a rule: rules live in ``restrictions`` and the variants.
"""

from __future__ import annotations

from typing import Final

from .actions import DISCARD_ACTIONS, PLAY_ACTIONS, Action
from .cards import CARDS, Card
from .rng import RandomSource
from .say import ENGLISH, N_, Msg, Say, seat_word


class Event:
    """Something that happened.  ``audience`` None means everyone may see it.  ``text`` is
    the line in English (records, replays, the terminal); ``msg`` keeps its message and
    values, so ``say(t)`` can say it again in any reader's language (issue #14).

    (A small plain class rather than a dataclass or named tuple: hands create thousands
    of these, and the compiled engine builds plain classes natively.)"""

    __match_args__ = ("kind", "seat", "text", "audience", "cards")

    def __init__(self, kind: str, seat: int | None, text: str | None,
                 audience: frozenset[int] | None = None, cards: tuple[Card, ...] = (),
                 msg: Msg | None = None) -> None:
        self.kind = kind
        self.seat = seat
        # (None: said in English from ``msg`` when first read; a hand's events are mostly
        # never read, and the playouts of a search make many)
        self._text = text
        self.audience = audience
        self.cards = cards
        self.msg = msg

    @property
    def text(self) -> str:
        """The line in English (records, replays, the terminal)."""
        text = self._text
        if text is None:
            msg = self.msg
            text = self._text = "" if msg is None else msg.say()
        return text

    def say(self, t: Say = ENGLISH) -> str:
        """The line in ``t``'s language (``text`` for an event written without a message)."""
        msg = self.msg
        return self.text if msg is None else msg.say(t)

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def _key(self) -> tuple[str, int | None, str, frozenset[int] | None, tuple[Card, ...]]:
        return (self.kind, self.seat, self.text, self.audience, self.cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, seat={self.seat!r}, text={self.text!r}, "
                f"audience={self.audience!r}, cards={self.cards!r})")


# The records of trick play are the same for every hand, so they are made once and
# shared (fewer allocations, less garbage collection): index [seat][card id].  Events
# and history entries are read-only for everyone.
def _said(kind: str, seat: int, msg: Msg, cards: tuple[Card, ...] = ()) -> Event:
    return Event(kind, seat, None, None, cards, msg)


PLAY_EVENTS: Final = tuple(
    tuple(_said("play", s, Msg(N_("{seat} plays {card}."), {"seat": seat_word(s), "card": c.short}), (c,))
          for c in CARDS)
    for s in range(5))
TRICK_EVENTS: Final = tuple(_said("trick", s, Msg(N_("{seat} wins the trick."), {"seat": seat_word(s)}))
                            for s in range(5))
SEAT_CARD: Final = tuple(tuple((s, c) for c in CARDS) for s in range(5))
PLAY_HISTORY: Final = tuple(tuple((s, a) for a in PLAY_ACTIONS) for s in range(5))


def shuffle(rng: RandomSource, x: list[int]) -> None:
    """Shuffle ``x`` in place exactly as ``random.Random.shuffle`` does (Fisher-Yates with
    rejection sampling on ``getrandbits``), so a seed deals the same cards in both builds;
    compiled, it is several times faster than the library's Python loop.  Uniform for any
    source whose ``getrandbits`` is (the default is the operating system's CSPRNG)."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _byte_table(actions: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """table[i][b]: the actions for the cards set in byte ``b`` of a mask, byte ``i``."""
    return tuple(
        tuple(tuple(actions[8 * i + j] for j in range(8) if b >> j & 1 and 8 * i + j < len(actions))
              for b in range(256))
        for i in range(7)
    )


PLAY_BYTES: Final = _byte_table(PLAY_ACTIONS)
DISCARD_BYTES: Final = _byte_table(DISCARD_ACTIONS)


def actions_of(m: int, table: tuple[tuple[tuple[Action, ...], ...], ...]) -> list[Action]:
    """The actions for the cards in mask ``m``, lowest card first (a byte at a time)."""
    out: list[Action] = []
    i = 0
    while m:
        b = m & 255
        if b:
            for a in table[i][b]:  # (append, not extend: cheaper for these few items)
                out.append(a)
        m >>= 8
        i += 1
    return out


__all__ = [
    "DISCARD_BYTES", "PLAY_BYTES", "PLAY_EVENTS", "PLAY_HISTORY", "SEAT_CARD", "TRICK_EVENTS",
    "Event", "actions_of", "shuffle",
]
