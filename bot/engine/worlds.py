"""Worlds a seat cannot tell apart: full deals consistent with everything it has seen.

A computer player that searches (``bot.ai.search``) does not know the other hands.  It
samples *worlds*: the cards it cannot place are spread over the places it cannot see
(every other hand, the cards laid away face down, the talon cards nobody has shown it) so
that everything it has seen still holds:

* each hand and each face-down discard has its known size;
* a seat that did not follow the suit led holds no card of that suit, and one that then
  played no tarok holds no tarok (and no tarok after a tarok lead it did not follow);
* shown cards (the exposed talon, taroky laid away face up, every trick) are where they lie;
* a face-down discard never holds a king or an honour (the discard rules of every variant)
  and holds as many taroky as were announced (NE-4), none where taroky go face up;
* an announced last-trick card (pagát, the called king) is in its announcer's hand;
* a declaration tells the declarer's holding: the trul, four kings, how many taroky
  (``Variant.declared_taroky``: Czech, Nebraska, Heun, Petrtyl, Polish, Kozy, Romanian
  and Taper "N taroace"), how many kings and honours (Czech honery, CZ-7; Polish trul,
  kenix and honery, PL-12), none of a kind (Petrtyl's Grand Nullo: no trumps, no three,
  no kings, PT-3).

``sample_world(view, rng)`` reads nothing but the seat's ``PlayerView``.
``determinize(game, seat, world)`` then gives a copy of the deal (``Game.clone``) in which
the cards hidden from ``seat`` are those of the world: only cards ``seat`` cannot place
move, each within the place where the world puts it, so the copy is the world's deal, in
the same state, ready to be played out.  ``tests/engine/test_worlds.py`` checks that the
true deal always satisfies the constraints and that a sample does not depend on the hidden
cards (the same view with the hidden cards permuted gives the same samples).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from math import comb

from .cards import CARDS, MOND, PAGAT, SKYZ
from .game import Game, Phase, PlayerView
from .masks import (
    FIVE_POINT_MASK,
    FULL_MASK,
    HONOUR_MASK,
    KING_MASK,
    NUM_TAROKY,
    SUIT_MASKS,
    TAROK_MASK,
)
from .variants import find_variant
from .variants.polish import kings_and_honours

__all__ = ["Constraints", "World", "constraints_of", "determinize", "sample_world",
           "world_satisfies", "true_world"]


#: A place a hidden card can be in: ("hand", seat), ("discard", seat) or ("talon", -1).
Place = tuple[str, int]
TALON: Place = ("talon", -1)


@dataclass(frozen=True)
class World:
    """Where the hidden cards lie: each place's cards (a mask), the talon's in order."""

    places: dict[Place, int]
    talon_order: tuple[int, ...]  # the talon's hidden cards, in the order they lie


@dataclass(frozen=True)
class Constraints:
    """What a seat knows about the cards it cannot see (see the module docstring)."""

    seat: int
    unknown: int  # the cards it cannot place (a mask)
    capacity: dict[Place, int]  # how many of them each place holds
    barred: dict[Place, int]  # cards a place cannot hold
    must: dict[Place, int]  # cards a place must hold
    tarok_range: dict[int, tuple[int, int]]  # a seat's taroky now, by its declarations
    discard_taroky: dict[int, int]  # a face-down discard's number of taroky
    #: How many of the hidden taroky a hand gets in one draw (``sample_world`` picks it
    #: within the declared range, so that a declared count is met by construction).
    hand_taroky: dict[int, int] = field(default_factory=dict)
    #: Declared holdings a draw is checked against: (seat, masks, the allowed numbers of
    #: each mask's cards in its hand and played since, as tuples).
    holdings: tuple[tuple[int, tuple[int, ...], frozenset[tuple[int, ...]]], ...] = ()
    #: The cards each of those declarers has played since (they count for its holding).
    placed: dict[int, int] = field(default_factory=dict)


def _polish_holdings() -> dict[str, frozenset[tuple[int, ...]]]:
    """PL-12: each kings-and-honours declaration with the (kings, honours) it allows,
    read from the one definition (``polish.kings_and_honours``)."""
    out: dict[str, set[tuple[int, ...]]] = {}
    for k in range(5):
        for h in range(4):
            for name in kings_and_honours(k, h):
                out.setdefault(name, set()).add((k, h))
    return {n: frozenset(v) for n, v in out.items()}


#: Declarations that tell how many cards of some kinds their declarer held, by variant:
#: the masks and the numbers allowed.
_HOLDINGS: dict[str, dict[str, tuple[tuple[int, ...], frozenset[tuple[int, ...]]]]] = {
    # CZ-7: honery, four or more of the kings and honours.
    "czech": {"honery": ((FIVE_POINT_MASK,), frozenset((n,) for n in range(4, 8)))},
    "polish": {n: ((KING_MASK, HONOUR_MASK), v) for n, v in _polish_holdings().items()},
    # PT-3 (Grand Nullo): no trumps (two taroky or fewer), no three (no honour), no kings.
    "petrtyl": {"no_trumps": ((TAROK_MASK,), frozenset(((0,), (1,), (2,)))),
                "no_three": ((HONOUR_MASK,), frozenset(((0,),))),
                "no_kings": ((KING_MASK,), frozenset(((0,),)))},
}


def _fixed_taroky(cons: Constraints, p: Place) -> int:
    """How many taroky place ``p`` must hold in this draw, or -1 when any number."""
    if p[0] == "discard":
        return cons.discard_taroky.get(p[1], -1)
    if p[0] == "hand":
        return cons.hand_taroky.get(p[1], -1)
    return -1


def _suit_of(c: int) -> int:
    """0..3 for the plain suits, 4 for the taroky (the index into ``SUIT_MASKS``)."""
    return 4 if c < NUM_TAROKY else (c - NUM_TAROKY) >> 3


def _mask(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << int(c)
    return m


def constraints_of(view: PlayerView) -> Constraints:
    """Everything ``view``'s seat knows about the cards it cannot see."""
    assert view.seat is not None
    me = view.seat
    variant = find_variant(view.variant)
    active = [s for s in range(view.num_seats) if s != view.sitting_out]
    others = [s for s in active if s != me]
    tricks = [*view.past_tricks, view.trick] if view.trick else list(view.past_tricks)
    played = 0
    played_by: dict[int, int] = {s: 0 for s in active}
    for t in tricks:
        for s, c in t:
            played |= 1 << int(c)
            played_by[s] = played_by.get(s, 0) | 1 << int(c)
    known = (_mask(view.hand) | _mask(view.my_discards) | played
             | _mask(c for _, c in view.public_discards))
    # Talon cards seen or shown that are not in a place the seat sees may since have been
    # taken into a hand: they are placed like hidden cards, but only where a seat took
    # talon cards (or in the talon).
    floating = (_mask(view.talon_seen) | _mask(view.exposed)) & ~known
    pack = _mask(variant.pack)
    unknown = pack & ~known & FULL_MASK
    capacity: dict[Place, int] = {}
    barred: dict[Place, int] = {}
    must: dict[Place, int] = {}
    discard_taroky: dict[int, int] = {}
    face_up = variant.tarok_discards_face_up
    shown_discards: dict[int, int] = {}
    for s, _ in view.public_discards:
        shown_discards[s] = shown_discards.get(s, 0) + 1
    total = 0
    for o in others:
        capacity[("hand", o)] = view.hand_sizes[o]
        took = bool(view.drawn_counts and view.drawn_counts[o])
        barred[("hand", o)] = 0 if took else floating
        n = (view.discarded[o] if view.discarded else 0) - shown_discards.get(o, 0)
        if n > 0:
            capacity[("discard", o)] = n
            barred[("discard", o)] = (FIVE_POINT_MASK | (TAROK_MASK if face_up else 0)
                                      | (0 if took else floating))
            if not face_up and view.tarok_discards:
                discard_taroky[o] = view.tarok_discards[o]
        total += view.hand_sizes[o] + max(n, 0)
    capacity[TALON] = unknown.bit_count() - total
    barred[TALON] = 0
    # Voids shown in the tricks: a seat that did not follow holds no card of the suit led,
    # and one that neither followed a plain suit nor played a tarok holds no tarok.
    for t in tricks:
        if not t:
            continue
        led = _suit_of(int(t[0][1]))
        for s, c in t[1:]:
            if s == me:
                continue
            su = _suit_of(int(c))
            if su != led:
                barred[("hand", s)] |= SUIT_MASKS[led]
                if su != 4:
                    barred[("hand", s)] |= TAROK_MASK
    # Announced last-trick cards are kept in the announcer's hand (CZ-11, NE-7, PT-3).
    for name, s in view.announced_by:
        if s == me or s not in others:
            continue
        # (PL-6, KZ-6/KZ-11, RO-15: the same promise under the newer variants' names.)
        if name in ("pagat", "tarok1_last", "pagat_last", "pagat_ultymo", "pagat_ultimo"):
            must[("hand", s)] = must.get(("hand", s), 0) | (1 << PAGAT)
        elif name in ("king_last", "krol_ultymo", "rege_ultimo") and view.called_card is not None:
            must[("hand", s)] = must.get(("hand", s), 0) | (1 << int(view.called_card))
    # Declarations tell holdings (CZ-7, NE-7): taroky by number, the trul, four kings.
    tarok_range: dict[int, tuple[int, int]] = {}
    holdings: list[tuple[int, tuple[int, ...], frozenset[tuple[int, ...]]]] = []
    for s, name in view.declared:
        if s == me or s not in others:
            continue
        spec = _HOLDINGS.get(variant.name, {}).get(name)
        if spec is not None:
            masks, allowed = spec
            holdings.append((s, masks, allowed))
            for i, m in enumerate(masks):
                counts = {a[i] for a in allowed}
                if max(counts) == 0:  # (none of these: by construction)
                    barred[("hand", s)] |= m
                elif min(counts) == m.bit_count():  # (all of them)
                    must[("hand", s)] = must.get(("hand", s), 0) | m
                if m == TAROK_MASK:  # (a tarok count: drawn first, by construction)
                    gone = (played_by.get(s, 0) & TAROK_MASK).bit_count()
                    lo, hi = tarok_range.get(s, (0, 22))
                    tarok_range[s] = (max(lo, min(counts) - gone), min(hi, max(counts) - gone))
        if name == "trul":
            must[("hand", s)] = must.get(("hand", s), 0) | (1 << SKYZ) | (1 << MOND) | (1 << PAGAT)
        elif name == "kralovske_honery":
            must[("hand", s)] = must.get(("hand", s), 0) | KING_MASK
        # (RO-13, TP-9, PL-12, KZ-15: the newer variants say it, Variant.declared_taroky)
        lo, hi = variant.declared_taroky(name) or {
            "taroky": (10, 22), "ten_taroky": (10, 22), "tarocky": (8, 9),
            "barvicky": (1, 2), "barvy": (0, 2)}.get(name, (0, 22))
        before = tarok_range.get(s, (0, 22))
        # (taroky already played count towards the declared number)
        gone = (played_by.get(s, 0) & TAROK_MASK).bit_count()
        tarok_range[s] = (max(before[0], lo - gone), min(before[1], hi - gone))
    for p in list(must):
        must[p] &= unknown
        # (a kept card is held back even when the rules would have it played)
        barred[p] = barred.get(p, 0) & ~must[p]
    return Constraints(me, unknown, capacity, barred, must, tarok_range, discard_taroky,
                       holdings=tuple(holdings),
                       placed={s: played_by.get(s, 0) for s, _, _ in holdings})


def _assign(cons: Constraints, rng: random.Random) -> dict[Place, int] | None:
    """A random assignment of the unknown cards to places: the most constrained cards
    first, each to a place it may go to with probability in proportion to the room left
    there; after a few dead ends, the exact matching (``_match``)."""
    # A face-down discard with a known number of taroky is two places: its taroky and the rest.
    parts: list[tuple[Place, int, int]] = []  # (place, room, kind: -1 any, 1 taroky, 0 none)
    for p, n in cons.capacity.items():
        k = _fixed_taroky(cons, p)
        if k < 0:
            parts.append((p, n, -1))
        else:
            parts.append((p, k, 1))
            parts.append((p, n - k, 0))
    cards = [c for c in range(54) if cons.unknown >> c & 1]
    if sum(r for _, r, _ in parts) != len(cards):
        return None
    forced: dict[int, Place] = {}
    for p, m in cons.must.items():
        for c in range(54):
            if m >> c & 1:
                forced[c] = p
    allowed: dict[int, list[int]] = {}
    for c in cards:
        f = forced.get(c)
        allowed[c] = [i for i, (p, _, k) in enumerate(parts)
                      if not cons.barred.get(p, 0) >> c & 1 and (f is None or f == p)
                      and (k < 0 or (k == 1) == (c < NUM_TAROKY))]
    for _ in range(6):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(allowed[c]))
        room = [r for _, r, _ in parts]
        out: dict[Place, int] = {p: 0 for p in cons.capacity}
        for c in cards:
            opts = [i for i in allowed[c] if room[i] > 0]
            if not opts:
                break
            total = sum(room[i] for i in opts)
            x = rng.random() * total
            pick = opts[-1]
            for i in opts:
                x -= room[i]
                if x < 0:
                    pick = i
                    break
            room[pick] -= 1
            out[parts[pick][0]] |= 1 << c
        else:
            return out
    return _match(cons, rng)


def _match(cons: Constraints, rng: random.Random) -> dict[Place, int] | None:
    """A random assignment of the unknown cards to places: each card, in random order,
    takes a random free slot it may take, moving earlier cards along an augmenting path
    when none is free (so an assignment is found whenever one exists)."""
    slots: list[Place] = []
    slot_kind: list[int] = []  # -1 any, 1 taroky only, 0 no taroky (a face-down discard)
    for p, n in cons.capacity.items():
        k = _fixed_taroky(cons, p)
        for i in range(max(n, 0)):
            slots.append(p)
            slot_kind.append(-1 if k < 0 else (1 if i < k else 0))
    cards = [c for c in range(54) if cons.unknown >> c & 1]
    if len(slots) != len(cards):
        return None
    forced: dict[int, Place] = {}
    for p, m in cons.must.items():
        for c in range(54):
            if m >> c & 1:
                forced[c] = p
    order = list(range(len(slots)))
    rng.shuffle(order)
    rng.shuffle(cards)

    def ok(c: int, j: int) -> bool:
        p = slots[j]
        if cons.barred.get(p, 0) >> c & 1:
            return False
        f = forced.get(c)
        if f is not None and f != p:
            return False
        k = slot_kind[j]
        return k < 0 or (k == 1) == (c < NUM_TAROKY)

    allowed = {c: [j for j in order if ok(c, j)] for c in cards}
    owner: list[int] = [-1] * len(slots)

    def augment(c: int, seen: set[int]) -> bool:
        for j in allowed[c]:
            if j in seen:
                continue
            seen.add(j)
            if owner[j] < 0 or augment(owner[j], seen):
                owner[j] = c
                return True
        return False

    # The most constrained cards first, so the simple path almost always suffices.
    cards.sort(key=lambda c: len(allowed[c]))
    for c in cards:
        if not augment(c, set()):
            return None
    out: dict[Place, int] = {p: 0 for p in cons.capacity}
    for j, c in enumerate(owner):
        out[slots[j]] |= 1 << c
    return out


def _counts_ok(cons: Constraints, places: dict[Place, int]) -> bool:
    for s, (lo, hi) in cons.tarok_range.items():
        n = (places.get(("hand", s), 0) & TAROK_MASK).bit_count()
        if not lo <= n <= hi:
            return False
    for s, masks, allowed in cons.holdings:
        # (the cards of the declarer's that this seat can place: played, or shown)
        held = places.get(("hand", s), 0) | cons.placed.get(s, 0)
        if tuple((held & m).bit_count() for m in masks) not in allowed:
            return False
    return True


def _with_holdings(cons: Constraints, rng: random.Random) -> Constraints | None:
    """``cons`` with each declared holding (``Constraints.holdings``) drawn first: one of
    the numbers it allows, at random among those the other constraints leave possible,
    and that many of its hidden cards, at random, made the declarer's (the rest of them
    barred from its hand), so that the assignment meets it by construction; None when
    no allowed numbers can be met."""
    if not cons.holdings:
        return cons
    must = dict(cons.must)
    barred = dict(cons.barred)
    for s, masks, allowed in cons.holdings:
        p = ("hand", s)
        taken = must.get(p, 0)
        elsewhere = 0
        for q, m in must.items():
            if q != p:
                elsewhere |= m
        open_ = [m & cons.unknown & ~barred.get(p, 0) & ~elsewhere & ~taken for m in masks]
        fixed = [(cons.placed.get(s, 0) | taken) & m for m in masks]
        options = [a for a in sorted(allowed)
                   if all(0 <= n - f.bit_count() <= o.bit_count()
                          for n, f, o in zip(a, fixed, open_, strict=True))]
        if not options:
            return None
        pick = options[int(rng.random() * len(options))]
        for n, f, o in zip(pick, fixed, open_, strict=True):
            cards = [c for c in range(54) if o >> c & 1]
            rng.shuffle(cards)
            chosen = 0
            for c in cards[: n - f.bit_count()]:
                chosen |= 1 << c
            must[p] = must.get(p, 0) | chosen
            barred[p] = barred.get(p, 0) | (o & ~chosen)
    return replace(cons, must=must, barred=barred)


def _with_counts(cons: Constraints, rng: random.Random) -> Constraints:
    """``cons`` with each declared hand's number of hidden taroky drawn within its range
    (CZ-7, NE-7, RO-13, PL-12, KZ-15), weighted as a random hand of that size would hold
    them (hypergeometric), so that the assignment meets the declaration by construction."""
    if not cons.tarok_range:
        return cons
    hidden = cons.unknown.bit_count()
    hidden_taroky = cons.unknown & TAROK_MASK
    taroky = hidden_taroky.bit_count()
    counts: dict[int, int] = {}
    for s, (lo, hi) in cons.tarok_range.items():
        me: Place = ("hand", s)
        cap = cons.capacity.get(me, 0)
        # Only counts the other constraints allow: no more taroky than the hand may hold
        # (a tarok void shown in the tricks: none), no fewer than the other places cannot
        # take (a drawn count that cannot be met would only be drawn again, at length).
        may = (hidden_taroky & ~cons.barred.get(me, 0)).bit_count()
        room = 0
        for p, n in cons.capacity.items():
            if p != me:
                k = _fixed_taroky(cons, p)
                room += k if k >= 0 else min(n, (hidden_taroky & ~cons.barred.get(p, 0)).bit_count())
        lo = max(lo, 0, taroky - room, (cons.must.get(me, 0) & TAROK_MASK).bit_count())
        ks = list(range(lo, min(hi, cap, taroky, may) + 1))
        weights = [comb(taroky, k) * comb(hidden - taroky, cap - k) for k in ks]
        if not ks or sum(weights) == 0:
            return cons  # (inconsistent knowledge: leave the count to the checks)
        counts[s] = rng.choices(ks, weights)[0]
    return replace(cons, hand_taroky=counts)


def sample_world(view: PlayerView, rng: random.Random, tries: int = 40,
                 cons: Constraints | None = None) -> World:
    """A world consistent with everything ``view``'s seat has seen, drawn from ``rng``.
    A declared number of taroky is met by construction (the count of each declared hand
    is drawn first, ``_with_counts``); a draw that cannot be completed is drawn again (up
    to ``tries`` times; after that the last draw is kept)."""
    cons = cons if cons is not None else constraints_of(view)
    places: dict[Place, int] | None = None
    for _ in range(tries):
        drawn = _with_holdings(_with_counts(cons, rng), rng)
        got = None if drawn is None else _assign(drawn, rng)
        if got is None:
            continue
        places = got
        if _counts_ok(cons, got):
            break
    if places is None:  # inconsistent knowledge (should not happen): ignore the voids
        loose = Constraints(cons.seat, cons.unknown, cons.capacity, {}, {}, {}, cons.discard_taroky)
        places = _assign(loose, rng)
        if places is None:
            loose = Constraints(cons.seat, cons.unknown, cons.capacity, {}, {}, {}, {})
            places = _assign(loose, rng)
        assert places is not None
    talon = [c for c in range(54) if places.get(TALON, 0) >> c & 1]
    rng.shuffle(talon)
    return World(places, tuple(talon))


def true_world(game: Game, seat: int) -> World:
    """The deal as it really is, in the places ``seat`` cannot see (for tests)."""
    cons = constraints_of(game.view_for(seat))
    places = _true_places(game, cons)
    return World(places, tuple(c for c in game.talon if places[TALON] >> c & 1))


def _true_places(game: Game, cons: Constraints) -> dict[Place, int]:
    u = cons.unknown
    places: dict[Place, int] = {}
    rest = u
    for p in cons.capacity:
        if p[0] == "hand":
            m = game.hands[p[1]] & u
        elif p[0] == "discard":
            m = game.discards[p[1]] & u
        else:
            continue
        places[p] = m
        rest &= ~m
    places[TALON] = rest
    return places


def world_satisfies(cons: Constraints, world: World) -> bool:
    """Whether ``world`` meets every constraint (the tests ask it of the true deal)."""
    seen = 0
    for p, n in cons.capacity.items():
        m = world.places.get(p, 0)
        if m.bit_count() != n or m & seen or m & ~cons.unknown:
            return False
        if m & cons.barred.get(p, 0):
            return False
        if cons.must.get(p, 0) & ~m:
            return False
        if (p[0] == "discard" and p[1] in cons.discard_taroky
                and (m & TAROK_MASK).bit_count() != cons.discard_taroky[p[1]]):
            return False
        seen |= m
    return seen == cons.unknown and _counts_ok(cons, world.places)


def determinize(game: Game, seat: int, world: World, cons: Constraints | None = None) -> Game:
    """A copy of ``game`` in which the cards hidden from ``seat`` lie as in ``world``.

    Only the cards ``seat`` cannot place move: a card that lies in the same place in both
    stays; the others of a place are matched in order, and the talon's hidden cards take
    the world's order, so nothing of the true arrangement survives in the hidden places."""
    cons = cons if cons is not None else constraints_of(game.view_for(seat))
    true = _true_places(game, cons)
    sigma = list(range(54))
    for p, tm in true.items():
        wm = world.places.get(p, 0)
        if p == TALON:
            src = [int(c) for c in game.talon if tm >> c & 1]
            dst = list(world.talon_order)
        else:
            stay = tm & wm
            src = [c for c in range(54) if (tm & ~stay) >> c & 1]
            dst = [c for c in range(54) if (wm & ~stay) >> c & 1]
        assert len(src) == len(dst), "the world does not fit the deal"
        for a, b in zip(src, dst, strict=True):
            sigma[a] = b

    def mp(m: int) -> int:
        out = 0
        while m:
            low = m & -m
            out |= 1 << sigma[low.bit_length() - 1]
            m ^= low
        return out

    g = game.clone()
    n = g.num_seats
    for s in range(n):
        g.hands[s] = mp(g.hands[s])
        g.dealt[s] = mp(g.dealt[s])
        g.discards[s] = mp(g.discards[s])
        g.drawn[s] = mp(g.drawn[s])
        if s != seat:  # (the seat saw those very cards: it knows them, wherever they are now)
            g.seen_talon[s] = mp(g.seen_talon[s])
        g.kept[s] = mp(g.kept[s])
    g.talon = [CARDS[sigma[c]] for c in g.talon]
    g.talon_to = {s: mp(m) for s, m in g.talon_to.items()}
    g.talon_to_opponents = mp(g.talon_to_opponents)
    c = g.called
    if (c is not None and g.contract is not None and not g.contract.alone
            and g.phase in (Phase.ANNOUNCE, Phase.PLAY)):
        h = g.holder_of(c)
        g.partner = None if h is None or h == g.bidder else h
    g.forget_caches()
    return g
