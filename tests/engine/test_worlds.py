"""Sampling worlds for search (``bot.engine.worlds``): full deals consistent with what one
seat has seen, built from its ``PlayerView`` alone."""

from __future__ import annotations

import random

import pytest

from bot.engine import VARIANTS, Game, new_game, seeded_rng
from bot.engine.masks import TAROK_MASK
from bot.engine.worlds import (
    TALON,
    constraints_of,
    determinize,
    sample_world,
    true_world,
    world_satisfies,
)


def states(variant: str, seeds: range) -> list[Game]:
    """Hands of ``variant`` stopped at random points of the announcements and trick play,
    played by random legal players (who announce, declare and double often)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        counts = VARIANTS[variant].seat_counts  # every seat count the variant is played by
        players = counts[seed % len(counts)]
        g = new_game(variant, players=players, dealer=seed % players, rng=seeded_rng(seed))
        stop = rng.randrange(0, 48)
        n = 0
        while g.to_act is not None:
            if g.phase.value == "play":
                if n == stop:
                    break
                n += 1
            la = g.legal_actions(g.to_act)
            g.act(g.to_act, la[int(rng.random() * len(la))])
        if g.to_act is not None and g.phase.value in ("play", "announce"):
            out.append(g)
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_true_deal_satisfies_what_every_seat_knows(variant: str) -> None:
    """Voids shown in the tricks, kept announced cards, declarations, discard rules and
    the sizes of hands and face-down discards all hold of the real deal."""
    games = states(variant, range(60))
    assert len(games) > 20
    for g in games:
        for s in g.active:
            cons = constraints_of(g.view_for(s))
            assert world_satisfies(cons, true_world(g, s)), (g.phase, s)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_samples_meet_the_constraints_and_play_out(variant: str) -> None:
    """Every sampled world meets the constraints, and the deal made from it is the same
    hand in the same state for the seat (its view is unchanged) and plays to the end."""
    for g in states(variant, range(25)):
        s = g.to_act
        assert s is not None
        view = g.view_for(s)
        cons = constraints_of(view)
        rng = random.Random(1)
        for _ in range(3):
            w = sample_world(view, rng, cons=cons)
            assert world_satisfies(cons, w) or cons.tarok_range
            d = determinize(g, s, w, cons)
            assert d.view_for(s) == view
            for o in g.active:
                if o != s:
                    assert d.hands[o] & cons.unknown == w.places[("hand", o)]
            while d.to_act is not None:
                la = d.legal_actions(d.to_act)
                assert la
                d.act(d.to_act, la[int(rng.random() * len(la))])
            assert d.result is not None


def test_the_true_world_gives_back_the_deal() -> None:
    """Determinizing with the true world changes no card."""
    for g in states("czech", range(30)) + states("nebraska", range(30)):
        s = g.to_act
        assert s is not None
        d = determinize(g, s, true_world(g, s))
        assert d.hands == g.hands and d.discards == g.discards and d.talon == g.talon


def test_a_sample_does_not_depend_on_the_hidden_cards() -> None:
    """The same view with the hidden cards permuted consistently (another world of the
    same seat) gives the very same samples from the same seed."""
    moved = 0
    for g in states("czech", range(20)) + states("petrtyl", range(20)):
        s = g.to_act
        assert s is not None
        view = g.view_for(s)
        other = determinize(g, s, sample_world(view, random.Random(99)))
        assert other.view_for(s) == view
        moved += other.hands != g.hands
        a = [sample_world(view, random.Random(k)) for k in range(3)]
        b = [sample_world(other.view_for(s), random.Random(k)) for k in range(3)]
        assert a == b
    assert moved > 10  # the other worlds really hold other cards


def test_voids_are_read_from_the_tricks() -> None:
    """A seat that did not follow suit holds no card of that suit in any sample; one that
    played no tarok either holds no tarok."""
    found = 0
    for g in states("nebraska", range(80)):
        s = g.to_act
        assert s is not None
        view = g.view_for(s)
        cons = constraints_of(view)
        for t in view.past_tricks:
            led = int(t[0][1])
            for o, c in t[1:]:
                if o == s:
                    continue
                if led < 22 and int(c) >= 22:
                    found += 1
                    for k in range(3):
                        w = sample_world(view, random.Random(k), cons=cons)
                        assert not w.places[("hand", o)] & TAROK_MASK
    assert found > 0
    assert TALON == ("talon", -1)


@pytest.mark.parametrize("variant", ["romanian", "taper", "polish", "kozy"])
def test_declared_tarok_counts_hold_in_the_true_deal_and_in_every_sample(variant: str) -> None:
    """RO-13: '"8 taroace" means exactly 8, "9 taroace" exactly 9, "10 taroace" 10 or more,
    counted after the talon exchange' (TP-9: 10, 11, 12; PL-12: barwy 0–2, mały tarok 8–9,
    duży tarok 10–12; KZ-15: the exact count).  Another seat's declaration bounds its
    taroky: the real deal meets the bound, and so does every sampled world (taroky played
    since the declaration count towards it)."""
    v = VARIANTS[variant]
    checked = 0
    for g in states(variant, range(400)):
        s = g.to_act
        assert s is not None
        view = g.view_for(s)
        told = [(o, name) for o, name in view.declared
                if o != s and v.declared_taroky(name) is not None]
        if not told:
            continue
        cons = constraints_of(view)
        assert world_satisfies(cons, true_world(g, s))
        rng = random.Random(checked)
        for o, name in told:
            lo, hi = v.declared_taroky(name) or (0, 22)
            played = sum(1 for t in (*view.past_tricks, view.trick) for p, c in t
                         if p == o and c.is_tarok)
            for _ in range(4):
                w = sample_world(view, rng, cons=cons)
                # (every tarok in another hand is hidden from this seat)
                held = (w.places[("hand", o)] & TAROK_MASK).bit_count()
                assert lo <= held + played <= hi, (name, held, played)
        checked += 1
        if checked == 12:
            break
    assert checked > 0


def test_grand_nullo_declarations_hold_in_every_sample() -> None:
    """PT-3: in Grand Nullo the bidder may declare '"No trumps" (two or fewer taroky), "No
    three" (no skies, 21, 1) and "No Kings"'.  On a stacked deck the bidder (seat 0)
    declares all three; every world another seat samples gives seat 0 at most two
    taroky, no honour and no king, and the true deal meets the same constraints.
    Without the declarations the samples give seat 0 such cards (the check can fail)."""
    from bot.engine.actions import Kind, act
    from bot.engine.masks import HONOUR_MASK, KING_MASK

    from .helpers import stack

    deck = stack({0: "II III QH QD 7S 8S 9S 10S 7C 8C 9C 10C"}, dealer=3, seats=4)
    g = new_game("petrtyl", players=4, dealer=3, deck=deck, first_of_session=False)
    g.act(0, act(Kind.BID, "grand_nullo"))
    while g.phase.value == "auction":
        g.act(g.to_act, act(Kind.PASS))
    view = g.view_for(1)
    loose = constraints_of(view)
    rng = random.Random(3)
    assert any(sample_world(view, rng, cons=loose).places[("hand", 0)]
               & (HONOUR_MASK | KING_MASK) for _ in range(20))
    for name in ("no_trumps", "no_three", "no_kings"):
        g.act(0, act(Kind.DECLARE, name))
    while g.phase.value == "announce":
        la = g.legal_actions(g.to_act)
        g.act(g.to_act, next(a for a in la if a.kind is Kind.DONE))
    for s in (1, 2, 3):
        view = g.view_for(s)
        assert {n for o, n in view.declared if o == 0} == {"no_trumps", "no_three", "no_kings"}
        cons = constraints_of(view)
        assert world_satisfies(cons, true_world(g, s))
        for k in range(30):
            hand = sample_world(view, random.Random(k), cons=cons).places[("hand", 0)]
            assert (hand & TAROK_MASK).bit_count() <= 2
            assert not hand & (HONOUR_MASK | KING_MASK)


@pytest.mark.parametrize("variant", ["czech", "polish"])
def test_kings_and_honours_declared_hold_in_every_sample(variant: str) -> None:
    """CZ-7 honery (four or more of the kings and honours); PL-12 trul, kenix and honery
    (the kings and honours each names, ``polish.kings_and_honours``): another seat's
    declaration bounds its kings and honours in the real deal and in every sampled world
    (those played since count towards it)."""
    from bot.engine.masks import FIVE_POINT_MASK, HONOUR_MASK, KING_MASK
    from bot.engine.variants.polish import kings_and_honours

    checked = 0
    for g in states(variant, range(600)):
        s = g.to_act
        assert s is not None
        view = g.view_for(s)
        names = {"honery"} if variant == "czech" else {
            n for k in range(5) for h in range(4) for n in kings_and_honours(k, h)}
        told = [(o, n) for o, n in view.declared if o != s and n in names]
        if not told:
            continue
        cons = constraints_of(view)
        assert world_satisfies(cons, true_world(g, s))
        played = {o: 0 for o in g.active}
        for t in (*view.past_tricks, view.trick):
            for p, c in t:
                played[p] |= 1 << int(c)
        for k in range(6):
            w = sample_world(view, random.Random(k), cons=cons)
            for o, name in told:
                held = w.places[("hand", o)] | played[o]
                if variant == "czech":
                    assert (held & FIVE_POINT_MASK).bit_count() >= 4
                else:
                    kh = ((held & KING_MASK).bit_count(), (held & HONOUR_MASK).bit_count())
                    assert name in kings_and_honours(*kh), (name, kh)
        checked += 1
        if checked == 10:
            break
    assert checked > 0
