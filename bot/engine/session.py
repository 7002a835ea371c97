"""A session: consecutive deals at one table with running totals (NE-9, NE-1, HE-6, PT-4).

``Game`` is one deal.  ``Session`` is the small pure bookkeeping around it, and the only
place that keeps it — the command line and every Discord table hold one:

* who deals next and whether the next deal is a session's first (the variant's
  ``next_dealer``: NE-1, HE-6, HE-8);
* the running totals per seat and the pool or pot the next deal starts with;
* when the session ends (:class:`SessionEnd`): after the agreed number of deals, in a
  chip game (NE-9: every player starts at 20 chips) when a player has no chips left, or
  when the table stops it;
* the pot seed (PT-4): at the start each player puts the agreed seed into the pot.

The Discord tables persist it with ``to_dict`` / ``from_dict``; the store records what it
decided (deals played, totals, why it ended, the seeds paid) and decides nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .errors import BadInput
from .game import Game
from .rng import RandomSource
from .say import ENGLISH, Say, seat_word
from .variants import Variant, find_variant
from .variants.base import OptionValue


class SessionEnd(StrEnum):
    """Why a session is over (the store keeps the value as its ``finish_reason``)."""

    DEALS_COMPLETED = "deals_completed"  # the agreed number of deals has been played
    BROKE = "broke"  # NE-9: a player has no chips left (or cannot pay)
    STOPPED = "stopped"  # the table was closed


@dataclass
class Session:
    """Deals, dealer rotation, running totals and the pool of one table."""

    variant: Variant
    seats: int = 4
    options: dict[str, OptionValue] = field(default_factory=dict)  # the table's, as given
    deals_agreed: int | None = None  # end after this many deals (None: open-ended)
    dealer: int = 0  # who deals the next deal
    first_of_session: bool = True  # the next deal is the session's first (NE-1)
    deals: int = 0  # deals finished
    start: int = 0  # each player's stake at the start (NE-9: 20 chips)
    totals: list[int] = field(default_factory=list)  # net won or lost so far, per seat
    pool: int = 0  # the pool or pot the next deal starts with
    seed: int = 0  # PT-4: what each player put into the pot at the start
    stopped: bool = False  # the table stopped the session
    #: What the session's end paid out of (or into) the pool, by seat and ``POOL``
    #: (``Variant.session_end_payments``, PL-19); None while the session goes on.
    closing: dict[int, int] | None = None
    radler_left: int = 0  # RO-23: deals still to play at double stakes (a radler)

    @classmethod
    def begin(cls, variant: str | Variant, seats: int = 4, options: Mapping[str, object] | None = None,
              deals_agreed: int | None = None, dealer: int = 0, pool: int = 0) -> Session:
        """A new session; ``pool`` is what the pool or pot holds from earlier sessions.

        In a chip game everyone starts with ``variant.session_start`` chips (NE-9); with
        a pot seed (PT-4) each player first puts that many chips into the pot, so the
        money stays exact (C-4).  The seed is put in besides the starting chips (the
        stake is the start plus the seed): every player still sits down to the first
        deal with the 20 chips NE-9 gives, and a seed of 20 or more no longer leaves a
        player "without chips" before anything is dealt."""
        v = find_variant(variant) if isinstance(variant, str) else variant
        v.check_seats(seats)
        given = given_options(v, options or {})
        opts = v.resolve_options(given)
        seed = int(opts.get("pot_seed", 0) or 0)
        start = v.session_start + seed if v.session_start else 0
        return cls(variant=v, seats=seats, options=given, deals_agreed=deals_agreed,
                   dealer=dealer % seats, start=start, totals=[-seed] * seats,
                   pool=pool + seed * seats, seed=seed)

    def next_session(self) -> Session:
        """The session that follows this one at the same table: totals from zero, the
        dealer rotation and the pool carried on."""
        return Session.begin(self.variant, self.seats, self.options, self.deals_agreed,
                             dealer=self.dealer, pool=self.pool)

    def balance(self, seat: int) -> int:
        """Chips (or money) ``seat`` holds now: the stake plus the running total."""
        return self.start + self.totals[seat]

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def end(self) -> SessionEnd | None:
        """Why the session is over, or None while it goes on."""
        if self.stopped:
            return SessionEnd.STOPPED
        if (self.deals_agreed is not None and self.deals >= self.deals_agreed
                and self.radler_left == 0):  # RO-24: extended while a radler is pending
            return SessionEnd.DEALS_COMPLETED
        if self.start > 0 and any(self.balance(s) <= 0 for s in range(self.seats)):
            return SessionEnd.BROKE  # NE-9
        return None

    @property
    def end_reason(self) -> str | None:
        """Why the session is over, as a sentence for the players; None while it goes on."""
        return self.end_text()

    def end_text(self, t: Say = ENGLISH) -> str | None:
        """``end_reason`` in ``t``'s language."""
        end = self.end
        if end is None:
            return None
        if end is SessionEnd.STOPPED:
            return t._("The session was stopped.")
        if end is SessionEnd.DEALS_COMPLETED:
            return t.ngettext("The agreed {n} deal has been played.", "The agreed {n} deals have been played.",
                              self.deals_agreed or 0)
        s = next(s for s in range(self.seats) if self.balance(s) <= 0)
        if self.balance(s) < 0:
            return t._("{seat} cannot pay.", seat=seat_word(s))
        return t._("{seat} has no chips left.", seat=seat_word(s))

    def stop(self) -> None:
        """The table stops the session (it is closed)."""
        self.stopped = True
        self._close()

    def _close(self) -> None:
        """Once the session is over: the variant settles the pool (PL-19), booked into the
        totals and the pool like a hand's payments."""
        if self.closing is not None or not self.over:
            return
        self.closing = self.variant.session_end_payments(self)
        for k, v in self.closing.items():
            if 0 <= k < self.seats:
                self.totals[k] += v
        self.pool += sum(v for k, v in self.closing.items() if not 0 <= k < self.seats)

    def deal(self, rng: RandomSource | None = None, deck: list[int] | None = None) -> Game:
        """The next deal, with this session's dealer, first-deal flag and pool."""
        if self.over:
            raise ValueError(self.end_reason)
        return Game(self.variant, self.seats, self.dealer, self.options, rng, deck,
                    self.first_of_session, self.pool, self.stake)

    @property
    def stake(self) -> int:
        """The stake multiplier of the next deal: the variant's radler stake while a radler
        is pending (RO-23), else 1."""
        return self.variant.radler_stake if self.radler_left > 0 else 1

    def record(self, g: Game) -> None:
        """Book a finished deal: totals, pool, and who deals next (NE-1, HE-6, HE-8)."""
        if g.result is None:
            raise ValueError("The hand is not finished.")
        for k, v in g.result.net.items():
            if 0 <= k < self.seats:
                self.totals[k] += v
        self.pool += g.result.pool_delta
        self.radler_left = self.variant.radler_next(g, self.radler_left)
        self.deals += 1
        self.dealer = self.variant.next_dealer(g) % self.seats
        self.first_of_session = False
        self._close()

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant.name, "seats": self.seats, "options": dict(self.options),
            "deals_agreed": self.deals_agreed, "dealer": self.dealer,
            "first_of_session": self.first_of_session, "deals": self.deals, "start": self.start,
            "totals": list(self.totals), "pool": self.pool, "seed": self.seed,
            "stopped": self.stopped, "radler_left": self.radler_left,
            "closing": None if self.closing is None else {str(k): v for k, v in self.closing.items()},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Session:
        """The session ``to_dict`` wrote (``seed`` and ``stopped`` may be missing: older
        saves, before the pot seed was paid at tables)."""
        agreed = d.get("deals_agreed")
        v = find_variant(str(d["variant"]))
        return cls(variant=v, seats=int(d["seats"]),
                   options=given_options(v, d.get("options") or {}),
                   deals_agreed=None if agreed is None else int(agreed),
                   dealer=int(d["dealer"]), first_of_session=bool(d["first_of_session"]),
                   deals=int(d["deals"]), start=int(d["start"]),
                   totals=[int(x) for x in d["totals"]], pool=int(d["pool"]),
                   seed=int(d.get("seed") or 0), stopped=bool(d.get("stopped")),
                   radler_left=int(d.get("radler_left") or 0),
                   closing=None if d.get("closing") is None
                   else {int(k): int(v) for k, v in d["closing"].items()})


def given_options(v: Variant, given: Mapping[str, object]) -> dict[str, OptionValue]:
    """The options a table set (not the defaults), each checked against ``v``'s specs:
    :class:`BadInput` says which is wrong."""
    if not isinstance(given, Mapping):
        raise BadInput(f"Options are written as key=value pairs, not {type(given).__name__}.")
    resolved = v.resolve_options(given)
    return {str(k): resolved[str(k)] for k in given}


__all__ = ["Session", "SessionEnd", "given_options"]
