"""Standings by skill: a Weng–Lin rating per player and variant (issue 28).

The rating is the Bayesian one of Weng and Lin (2011) as the ``openskill`` package
implements it (its Plackett–Luce model): each player has a skill ``mu`` and an
uncertainty ``sigma``; a hand is a match between its *sides* — the bidder with their
partner against the defenders, or every seat alone (Varšava, a lone contract's
defenders count as one side) — and the sides are ranked by what each won per member.
Sides of unequal size (a bidder alone against three) and partners that change every hand
are what the model is made for: each member's update is shared by its side's strength
and its own uncertainty.

* **What ranks the sides**: by default (``by="play"``) each side's money minus its luck
  per member (``bot.ai.review.luck_of``: what the cards were worth with the normal player
  in every seat), so that good cards alone do not raise a rating.  The luck is worked out
  when the hand is paid, off the event loop (``bot.ai.pool.luck_off_loop``), and again
  from the record by the same function when ratings are recomputed
  (``bot.tables.ratings``); the hand's review shows the same figure.  A seat whose luck
  is not known (``SeatOutcome.luck`` None) counts its money alone.  ``by="money"``: money
  alone.
* **Parameters**: openskill's Plackett–Luce model with ``beta=BETA`` (one hand of tarot
  says little about skill), its other parameters the package's defaults.
* **Computer seats** take part as one rated pseudo-player per level and variant
  (``computer_id``: "computer:strong"): they are rated like everyone, so a player's
  rating says how they fare against the computers as against people.  When one level
  fills several seats of a hand, each seat is a copy of its rating in the update, and its
  new rating is the copies' mean ``mu`` with the root of their mean ``sigma²``, each copy
  weighed by its share of its side (1 / the side's size).  openskill's updates balance
  over the sides, not the seats: a member of a side of three moves as far as a lone
  bidder, the other way, so the seats' plain mean made a level that played itself drift
  (downwards where lone bidders win more often than not); weighed by sides, it does not
  move.
* **Provisional** while a player has rated fewer than ``PROVISIONAL_HANDS`` hands.
* **The figure shown** (``Standing.rating``) is the conservative ``mu − 3·sigma``
  (openskill's ordinal): 0 at the start, rising as play is good and as it becomes sure.
* **Derived data**: ``recompute`` rates a list of hands in order from the start and gives
  the same figures every time; a season resets ratings by recomputing from its hands.
* A hand thrown in (no contract, or no score) is not rated; a surrender is (``is_rated``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.engine import Game

__all__ = ["PROVISIONAL_HANDS", "RATINGS_VERSION", "HandOutcome", "Rater", "SeatOutcome", "Standing",
           "Standings", "computer_id", "is_rated", "outcome_of", "recompute"]

#: The version of the rating's definition (model, its parameters, what ranks the sides):
#: stored ratings of another version are recomputed.
#: 2: ``BETA`` 4× openskill's default; sides ranked by money minus luck by default; a
#: player in several seats of a hand gets the mean of its seats' updates (version 1 gave
#: it their sum, the seats sharing one rating object).
#: 3: luck is known when a hand is paid (so live ratings rank by money minus luck, as the
#: recompute does); a surrendered hand, or a contract settled without play, is rated; a
#: player in several seats gets the mean of its seats' updates each weighed by its share
#: of its side (a level playing only itself no longer drifts).
RATINGS_VERSION = 3
#: A rating is provisional until its player has this many hands rated in the variant.
PROVISIONAL_HANDS = 20

Basis = Literal["money", "play"]

#: openskill's ``beta``: how far one hand's showing strays from a player's skill.  The
#: default (25/6, a sixth of the starting ``mu``) suits games that skill decides; one hand
#: of tarot is mostly the cards, and four times as much orders a simulated community of
#: the four computer levels best: Kendall's τ-b between level and rating, 16 players,
#: 2,000 hands, by money minus luck, 0.745 → 0.839 in Nebraska (where it was chosen),
#: 0.801 → 0.894 in Czech, and the same or better in each of the other six variants
#: (docs/review.md, "Ratings").
BETA = 25.0 / 1.5


def computer_id(level: str) -> str:
    """The pseudo-player that stands for every computer seat of ``level``."""
    return f"computer:{level}"


@dataclass(frozen=True)
class SeatOutcome:
    """One seat's part in a hand: who sat there, which side it was on, what it won."""

    player: str
    side: int
    money: int
    luck: int | None = None


@dataclass(frozen=True)
class HandOutcome:
    """What the ratings need of one paid hand."""

    variant: str
    seats: tuple[SeatOutcome, ...]

    def to_dict(self) -> dict[str, object]:
        return {"variant": self.variant,
                "seats": [[s.player, s.side, s.money, s.luck] for s in self.seats]}


def is_rated(game: Game) -> bool:
    """Whether the finished ``game`` is rated: a hand played, or one that ended before
    play with a contract and money between the players — a bidder's surrender (CZ-4),
    a contract settled without play.  A hand thrown in with no contract, or for no
    score, is not: nobody's choices made anything."""
    r = game.result
    if r is None:
        return False
    if not r.thrown_in:
        return True
    return bool(r.declarer_side) and any(r.net.get(s, 0) for s in game.active)


def outcome_of(game: Game, players: Sequence[str],
               luck: Mapping[int, int] | None = None) -> HandOutcome | None:
    """The outcome of the finished ``game`` with ``players[seat]`` in each seat, with
    each seat's ``luck`` where known (None for a hand that is not rated, ``is_rated``)."""
    r = game.result
    if r is None or not is_rated(game):
        return None
    sides: list[frozenset[int]] = []
    for s in game.active:
        side = game.side_of(s)
        if side not in sides:
            sides.append(side)
    return HandOutcome(game.variant.name, tuple(
        SeatOutcome(players[s], next(i for i, side in enumerate(sides) if s in side),
                    r.net.get(s, 0), None if luck is None else luck.get(s, 0))
        for s in game.active))


@dataclass(frozen=True)
class Standing:
    """One player's rating in one variant."""

    player: str
    mu: float
    sigma: float
    hands: int

    @property
    def rating(self) -> float:
        """The figure shown: ``mu − 3·sigma`` (0 at the start)."""
        return self.mu - 3.0 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.hands < PROVISIONAL_HANDS


#: Standings by variant, then by player.
Standings = dict[str, dict[str, Standing]]


def _score(seats: list[SeatOutcome], by: Basis) -> float:
    if by == "play":
        return sum(s.money - (s.luck or 0) for s in seats) / len(seats)
    return sum(s.money for s in seats) / len(seats)


class Rater:
    """Ratings updated hand by hand (``recompute`` runs one over a history)."""

    def __init__(self, by: Basis = "play", model: PlackettLuce | None = None) -> None:
        self.model = model if model is not None else PlackettLuce(beta=BETA)
        self.by: Basis = by
        self.ratings: dict[tuple[str, str], PlackettLuceRating] = {}
        self.hands: dict[tuple[str, str], int] = {}

    def _rating(self, variant: str, player: str) -> PlackettLuceRating:
        key = (variant, player)
        r = self.ratings.get(key)
        if r is None:
            r = self.model.rating(name=player)
            self.ratings[key] = r
        return r

    def _copy(self, r: PlackettLuceRating) -> PlackettLuceRating:
        return self.model.rating(mu=r.mu, sigma=r.sigma, name=r.name)

    def rate(self, hand: HandOutcome) -> None:
        sides = sorted({s.side for s in hand.seats})
        if len(sides) < 2:
            return
        teams: list[list[SeatOutcome]] = [[s for s in hand.seats if s.side == i] for i in sides]
        # (every seat a copy of its player's rating: openskill updates the objects it is
        # given, and one object in two seats would be updated twice)
        ratings = [[self._copy(self._rating(hand.variant, s.player)) for s in t] for t in teams]
        new = self.model.rate(ratings, scores=[_score(t, self.by) for t in teams])
        # Each seat weighs its share of its side (1 / the side's size): openskill's updates
        # balance over the sides, not over the seats (a member of a side of three moves as
        # far as a side of one, in the opposite direction), so a player filling every seat
        # of a hand would drift with the seats' mean; by the sides' it does not move.
        updates: dict[str, list[tuple[float, PlackettLuceRating]]] = {}
        for team, rated in zip(teams, new, strict=True):
            for s, r in zip(team, rated, strict=True):
                updates.setdefault(s.player, []).append((1.0 / len(team), r))
        for player, rs in updates.items():
            cur = self._rating(hand.variant, player)
            weight = sum(w for w, _ in rs)
            cur.mu = sum(w * r.mu for w, r in rs) / weight
            cur.sigma = math.sqrt(sum(w * r.sigma ** 2 for w, r in rs) / weight)
            key = (hand.variant, player)
            self.hands[key] = self.hands.get(key, 0) + 1

    def resume(self, variant: str, standing: Standing) -> None:
        """Continue ``standing`` (a stored rating in ``variant``) from where it stands: the
        store rates a paid hand from the ratings it kept (``bot/store/ratings.py``)."""
        self.ratings[(variant, standing.player)] = self.model.rating(
            mu=standing.mu, sigma=standing.sigma, name=standing.player)
        self.hands[(variant, standing.player)] = standing.hands

    def standings(self) -> Standings:
        out: Standings = {}
        for (variant, player), r in sorted(self.ratings.items()):
            out.setdefault(variant, {})[player] = Standing(
                player, r.mu, r.sigma, self.hands.get((variant, player), 0))
        return out


def recompute(hands: Iterable[HandOutcome], by: Basis = "play",
              model: PlackettLuce | None = None) -> Standings:
    """The standings after rating ``hands`` in order from the start (deterministic: the
    same hands in the same order give the same figures).  ``model``: the openskill model
    and its parameters (default: ``Rater``'s)."""
    rater = Rater(by, model)
    for h in hands:
        rater.rate(h)
    return rater.standings()
