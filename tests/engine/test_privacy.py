"""Privacy as a security property of the engine: a view shows a seat exactly what it may
see; public events name only public cards; the talon stays unseen unless the rules show it."""

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import VARIANTS, new_game
from bot.engine.cards import CARDS, Card, cards_of


def _cards_in(obj, out: set) -> None:
    if isinstance(obj, Card):
        out.add(obj)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for x in obj:
            _cards_in(x, out)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _cards_in(k, out)
            _cards_in(v, out)


def public_cards(g) -> set:
    """Cards everyone may know now: played, lying face up, discarded face up, called."""
    pub = set()
    for t in g.tricks:
        pub |= {c for _, c in t.plays}
        if t.talon_card is not None:
            pub.add(t.talon_card)
    if g.trick:
        pub |= {c for _, c in g.trick.plays}
    pub |= set(g.exposed)
    pub |= {c for _, c in g.public_discards}
    if g.called is not None and not g.called_fourth_king:
        pub.add(g.called)  # "the fourth king" (NE-3) names no card: it stays secret
    for m in g.shown:  # laid face up from a hand (Kozy's four kings, K1): public once shown
        pub |= set(cards_of(m))
    return pub


def view_cards(view) -> set:
    out: set = set()
    for name in view.__dataclass_fields__:
        if name in ("result",):
            continue
        if name == "legal":
            continue
        _cards_in(getattr(view, name), out)
    for a in view.legal:  # a card named by a call is not a card seen
        if isinstance(a.value, Card) and a.kind.value != "call":
            out.add(a.value)
    return out


SHORT = {c.short: c for c in CARDS}
WORD = re.compile(r"(?<![\w])(Sk|[IVX]+|[KQCJ][HDSC]|10[SC]|[1-9][HDSC])(?![\w])")


def text_cards(text: str) -> set:
    return {SHORT[m] for m in WORD.findall(text) if m in SHORT}


def check_hand(seed: int, variant: str, seats: int) -> int:
    rng = random.Random(seed)
    g = new_game(variant, players=seats, dealer=seed % seats, rng=rng)
    checked = 0
    seen_log = 0
    while True:
        pub = public_cards(g)
        finished = g.is_over
        # the public view: no hand, no unseen talon card
        pv = g.public_view()
        assert pv.hand == () and pv.talon_seen == () and pv.my_discards == ()
        if not finished:
            assert view_cards(pv) <= pub, sorted(c.short for c in view_cards(pv) - pub)
        for s in g.active:
            v = g.view_for(s)
            mine = set(cards_of(g.hands[s])) | set(cards_of(g.seen_talon[s])) | set(cards_of(g.discards[s]))
            assert set(v.hand) == set(cards_of(g.hands[s]))
            if not finished:
                leaked = view_cards(v) - pub - mine
                assert not leaked, (s, sorted(c.short for c in leaked))
        # public events name only public cards
        for ev in g.log[seen_log:]:
            if ev.audience is None and ev.kind != "result":
                named = set(ev.cards) | text_cards(ev.text)
                assert named <= pub, (ev, sorted(c.short for c in named - pub))
            checked += 1
        seen_log = len(g.log)
        if finished:
            break
        s = g.to_act
        la = g.legal_actions(s)
        g.act(s, la[int(rng.random() * len(la))])
    return checked


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((3, 4, 5)))  # (3: Taper, TP-1)
def test_no_view_or_public_event_leaks(seed, seats):
    for name, v in VARIANTS.items():
        if seats in v.seat_counts:
            assert check_hand(seed, name, seats) > 0


def test_secret_partner_not_in_public_view():
    """CZ-6: the partnership is secret until the called card is played."""
    for seed in range(200):
        rng = random.Random(seed)
        g = new_game("czech", rng=rng, options={"throw_in_povinnost": False})
        while not g.is_over:
            s = g.to_act
            la = g.legal_actions(s)
            if g.phase.value == "auction":
                a = la[0] if s == g.forehand else next(x for x in la if x.code == "pass")
            else:
                a = la[int(rng.random() * len(la))]
            g.act(s, a)
            if g.phase.value == "play" and g.partner is not None and not g.partner_revealed:
                assert g.public_view().my_partner is None
                others = [x for x in g.active if x not in (g.bidder, g.partner)]
                assert all(g.view_for(x).my_partner is None for x in others)
                assert g.view_for(g.bidder).my_partner is None  # the bidder does not know yet
                assert g.view_for(g.partner).my_partner == g.bidder


def test_talon_unseen_in_solo_until_the_end():
    for seed in range(50):
        rng = random.Random(seed)
        g = new_game("czech", rng=rng)
        g.act(g.forehand, next(a for a in g.legal_actions(g.forehand) if a.value == "solo"))
        while not g.is_over:
            talon = set(g.talon)
            for s in [None, *g.active]:
                v = g.view_for(s)
                assert not (set(v.talon_seen) | set(v.exposed)) & talon
            s = g.to_act
            la = g.legal_actions(s)
            g.act(s, la[int(rng.random() * len(la))])
        assert g.view_for(None).revealed_talon == tuple(g.talon)


def test_the_check_catches_a_leak(monkeypatch):
    """The property can fail: a public view showing a hand card is caught."""
    import dataclasses

    import pytest

    from bot.engine.game import Game

    real = Game.public_view

    def leaky(self):
        v = real(self)
        return dataclasses.replace(v, exposed=v.exposed + tuple(cards_of(self.hands[self.forehand]))[:1])

    monkeypatch.setattr(Game, "public_view", leaky)
    with pytest.raises(AssertionError):
        check_hand(1, "czech", 4)


def test_cards_shown_before_the_auction_are_public_only_once_shown():
    """Kozy K1 (KZ-3): four kings laid face up before the bidding are public in every view
    from then on, and kept in the hand; before the show no other view holds them."""
    from tests.engine.helpers import stack

    kings = {c for c in CARDS if c.is_king}
    shows = 0
    for seed in range(12):
        rng = random.Random(seed)
        dealer = seed % 4
        holder = (dealer + 1 + seed % 3) % 4
        g = new_game("kozy", dealer=dealer, rng=rng,
                     deck=stack({holder: "KH KD KS KC"}, dealer=dealer, seed=seed))
        while not g.is_over:
            pub = public_cards(g)
            for s in [None, *g.active]:
                v = g.view_for(s)
                seen = set(v.hand) | set(v.talon_seen) | set(v.my_discards)
                assert view_cards(v) - seen <= pub  # (pub holds shown cards only once shown)
                if not g.shown[holder]:
                    assert v.shown == ()
            s = g.to_act
            la = g.legal_actions(s)
            a = la[int(rng.random() * len(la))]
            g.act(s, a)
            if a.code == "declare:cztery_krole":
                shows += 1
                assert all(set(g.view_for(x).shown[0][1]) == kings for x in [None, *g.active])
    assert shows >= 3
