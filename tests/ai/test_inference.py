"""What the strong player infers from the auction and the tricks it has seen (issue #13:
"inference that weights samples by how likely the observed bids and plays were"), and
its searched discards."""

from __future__ import annotations

import random

import pytest

from bot.ai import search as S
from bot.ai.heuristic import hand_strength
from bot.ai.normal import bid_threshold, choose_normal, discard_order
from bot.ai.search import Evidence, choose_strong, searches
from bot.engine import Game, Kind, Phase, new_game, seeded_rng
from bot.engine.worlds import constraints_of, determinize, sample_world


def _bits(m: int) -> list[int]:
    return [c for c in range(54) if m >> c & 1]


def _played_by(g: Game, seat: int, o: int) -> int:
    v = g.view_for(seat)
    return sum(1 << int(c) for t in (*v.past_tricks, v.trick) for s, c in t if s == o)


def _normal_until(variant: str, seed: int, stop: object) -> Game | None:
    """A seeded hand of normal players up to the first position ``stop(g)`` accepts."""
    options = {"throw_in_povinnost": False} if variant == "czech" else {}
    g = new_game(variant, 3 if variant == "taper" else 4, seed % 4, options,
                 seeded_rng(f"inf-{variant}-{seed}"))
    while g.to_act is not None:
        if stop(g):  # type: ignore[operator]
            return g
        g.act(g.to_act, choose_normal(g, g.to_act).action)
    return None


def _worlds(g: Game, seat: int, n: int, seed: int = 1) -> list[Game]:
    view = g.view_for(seat)
    cons = constraints_of(view)
    rng = random.Random(seed)
    return [determinize(g, seat, sample_world(view, rng, cons=cons), cons) for _ in range(n)]


@pytest.mark.parametrize("variant", ["nebraska", "romanian", "kozy"])
def test_a_free_bid_makes_a_weak_hand_less_likely_and_a_pass_a_strong_one(variant: str) -> None:
    """Over the worlds a seat samples once the auction is over, a seat that bid freely is
    stronger on the likelihood-weighted average than over the plain samples, and one that
    passed is weaker; each world's weight is the product of ``BID_WITH_WEAK`` for a weak
    bidder and ``PASS_WITH_STRONG`` for a strong passer."""
    seen_bid = seen_pass = 0
    for seed in range(40):
        g = _normal_until(variant, seed, lambda g: g.phase is Phase.PLAY and not g.tricks
                          and g.to_act != g.bidder)
        if g is None or g.to_act is None:
            continue
        me = g.to_act
        ev = Evidence(g.view_for(me))
        worlds = _worlds(g, me, 200, seed)
        threshold = bid_threshold(variant)
        played = {o: _played_by(g, me, o) for o in range(g.num_seats)}

        def held(d: Game, o: int, played: dict[int, int] = played) -> list[int]:
            return _bits(d.hands[o] | played[o])  # (the hand it bid with, less the talon)

        for d in worlds:
            strong = {o: hand_strength(held(d, o)) >= threshold for o in range(g.num_seats)}
            want = (S.BID_WITH_WEAK ** sum(1 for o in ev.bidders if not strong[o])
                    * S.PASS_WITH_STRONG ** sum(1 for o in ev.passers if strong[o]))
            assert ev.likelihood(d) == pytest.approx(want)
        # Each seat's evidence alone: the weighted share of worlds in which it holds a
        # hand strong enough to bid is higher than the plain share for a bidder, lower
        # for a passer (when the samples hold both kinds of hand).
        bidders, passers = ev.bidders, ev.passers
        for o in [*bidders, *passers]:
            ev.bidders = [o] if o in bidders else []
            ev.passers = [o] if o in passers else []
            is_strong = [hand_strength(held(d, o)) >= threshold for d in worlds]
            if all(is_strong) or not any(is_strong):
                continue
            ws = [ev.likelihood(d) for d in worlds]
            plain = sum(is_strong) / len(worlds)
            weighted = sum(w for w, x in zip(ws, is_strong, strict=True) if x) / sum(ws)
            if o in bidders:
                assert weighted > plain
                seen_bid += 1
            else:
                assert weighted < plain
                seen_pass += 1
        ev.bidders, ev.passers = bidders, passers
        if seen_bid >= 2 and seen_pass >= 2:
            break
    assert seen_bid >= 2 and seen_pass >= 2


def test_a_forced_povinnost_says_nothing_but_a_raise_does() -> None:
    """CZ-1: forehand opens with povinnost and may not pass, so a povinnost nobody raised
    tells nothing of forehand's hand; a seat that bid freely (druhá povinnost, trojka) is
    counted as a bidder."""
    kinds: set[str] = set()
    for seed in range(60):
        g = _normal_until("czech", seed, lambda g: g.phase is Phase.PLAY
                          and g.to_act != g.forehand)
        if g is None or g.to_act is None:
            continue
        me = g.to_act
        view = g.view_for(me)
        ev = Evidence(view)
        for o in {s for s, label in view.bids if label != "Pass" and s != me}:
            mine = [label for s, label in view.bids if s == o]
            if o == view.forehand and mine == ["Povinnost"]:
                assert o not in ev.bidders
                kinds.add("forced")
            else:
                assert o in ev.bidders
                kinds.add("free")
        if kinds == {"forced", "free"}:
            break
    assert kinds == {"forced", "free"}


@pytest.mark.parametrize("variant", ["czech", "nebraska", "polish"])
def test_points_thrown_to_the_opponents_make_a_cheaper_card_less_likely(variant: str) -> None:
    """A seat that lost a trick it knew an opponent was winning and threw card points into
    it, though a cheaper card of the same kind would also have lost, probably held no such
    card: in a world where it held one (and knew the winner for an opponent there) the
    world's weight has the factor ``PLAY_WASTE``, and the weighted chance that it held one
    is lower than the plain one."""
    found = 0
    for seed in range(80):
        g = _normal_until(variant, seed, lambda g: g.phase is Phase.PLAY and len(g.tricks) >= 3)
        if g is None or g.to_act is None:
            continue
        me = g.to_act
        ev = Evidence(g.view_for(me))
        if not ev.plays:
            continue
        worlds = _worlds(g, me, 150, seed)
        for o, _w, cheaper, _later in ev.plays:
            assert o != me and cheaper
        o, w, cheaper, later = ev.plays[0]

        def knew(d: Game, o: int = o, w: int = w) -> bool:
            """``o`` knew that ``w`` was its opponent (the bidder is every defender's; the
            called card's holder knows its side; a bidder with a hidden partner does not)."""
            if w in d.side_of(o):
                return False
            return w == d.bidder or o == d.partner or (o == d.bidder and d.partner is None)

        held = [bool(cheaper & (d.hands[o] | later)) and knew(d) for d in worlds]
        ws = [ev.likelihood(d) for d in worlds]
        if not any(held) or all(held):
            continue
        plain = sum(held) / len(held)
        weighted = sum(x for h, x in zip(held, ws, strict=True) if h) / sum(ws)
        assert weighted < plain
        # the factor itself: the same world without this play's evidence
        only = [p for p in ev.plays if p != ev.plays[0]]
        for d, h, x in zip(worlds, held, ws, strict=True):
            ev.plays, saved = only, ev.plays
            rest = ev.likelihood(d)
            ev.plays = saved
            assert x == pytest.approx(rest * (S.PLAY_WASTE if h else 1.0))
        found += 1
        if found >= 2:
            break
    assert found >= 2


def test_no_play_evidence_in_a_contract_where_tricks_hurt() -> None:
    """In Varšava (CZ-9) and other negative contracts everyone throws away high cards on
    purpose: a lost trick says nothing of the cheaper cards."""
    checked = 0
    for seed in range(200):
        g = _normal_until("czech", seed, lambda g: g.phase is Phase.PLAY and len(g.tricks) >= 2
                          and g.contract is not None and g.contract.negative)
        if g is None or g.to_act is None:
            continue
        assert Evidence(g.view_for(g.to_act)).plays == []
        checked += 1
        if checked >= 1:
            break
    if checked == 0:
        pytest.skip("no Varšava among the seeded hands")


def test_discards_are_the_normal_players_while_their_search_is_off() -> None:
    """``SEARCH_DISCARDS`` is off (searched discards lost to the normal player's in duels):
    the strong player lays away what the normal player would."""
    assert not S.SEARCH_DISCARDS
    seen = 0
    for seed in range(20):
        g = _normal_until("czech", seed, lambda g: g.phase is Phase.DISCARD)
        if g is None or g.to_act is None or len(g.legal_actions(g.to_act)) < 2:
            continue
        s = g.to_act
        assert not searches(g, s)
        assert choose_strong(g, s, seed).action == choose_normal(g, s).action
        seen += 1
    assert seen >= 3


@pytest.mark.parametrize("variant", ["czech", "nebraska", "polish"])
def test_discards_are_searched_from_the_normal_players_best(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``SEARCH_DISCARDS`` on, the strong player searches its discards (each
    candidate played to the end of the hand in the same worlds): the card it lays away is
    one of the normal player's first choices by its own measure, the choice is the same
    for the same seed, and it does not depend on where the cards hidden from it lie."""
    monkeypatch.setattr(S, "SEARCH_DISCARDS", True)
    differ = seen = 0
    for seed in range(80):
        g = _normal_until(variant, seed, lambda g: g.phase is Phase.DISCARD)
        if g is None or g.to_act is None:
            continue
        s = g.to_act
        assert searches(g, s)
        legal = g.legal_actions(s)
        if len(legal) < 2:
            continue
        c = choose_strong(g, s, seed)
        assert c.action.kind is Kind.DISCARD and g.can(s, c.action)
        live = constraints_of(g.view_for(s)).unknown
        firsts: list[int] = []  # the normal player's order, one card of each kind
        for a in discard_order(g.view_for(s), legal):
            if all(len(S._distinct(g, [int(a.card), f], live)) == 2 for f in firsts):
                firsts.append(int(a.card))
        assert any(len(S._distinct(g, [int(c.action.card), f], live)) == 1
                   for f in firsts[: S.MAX_CHOICES])
        assert choose_strong(g, s, seed).action == c.action
        other = _worlds(g, s, 1, seed + 7)[0]
        assert other.view_for(s) == g.view_for(s)
        assert choose_strong(other, s, seed).action == c.action
        differ += c.action != choose_normal(g, s).action
        seen += 1
        if seen >= 6 and differ:
            break
    assert seen >= 3
    assert differ >= 1  # (the search does choose, not only confirm the normal player)
