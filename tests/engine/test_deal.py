"""The deal (C-2, C-5, CZ-14, CZ-15)."""

import random

import pytest

from bot.engine import BadInput, Phase, new_game
from bot.engine.actions import Kind, act
from bot.engine.rng import secure_rng

from .helpers import game


def test_twelve_cards_each_and_six_in_the_talon():
    """'The dealer deals a packet of 6 cards face down ... the talon, and then deals out the
    remainder ... so that everyone has twelve cards.'"""
    g = new_game("czech", rng=random.Random(1))
    assert len(g.talon) == 6
    assert all(g.hands[s].bit_count() == 12 for s in range(4))


def test_forehand_is_the_seat_after_the_dealer_and_bids_first():
    """'beginning with the player to the right of the dealer (the first player)' — C-1: the
    next seat in play order."""
    g = new_game("czech", dealer=2, rng=random.Random(1))
    assert g.forehand == 3
    assert g.phase is Phase.AUCTION and g.to_act == 3


def test_five_players_dealer_sits_out():
    """C-5 / CZ-15: 'the dealer deals cards only to the other four players, takes no part in
    the play, and neither wins nor loses in that deal.'"""
    g = new_game("czech", players=5, dealer=1, rng=random.Random(2))
    assert g.sitting_out == 1 and g.hands[1] == 0
    assert g.active == (0, 2, 3, 4) and g.forehand == 2
    while not g.is_over:
        s = g.to_act
        assert s != 1
        g.act(s, g.legal_actions(s)[0])
    assert 1 not in g.result.net


def test_secure_generator_by_default():
    """C-2: 'The shuffle uses a cryptographically secure generator.'"""
    assert isinstance(secure_rng(), random.SystemRandom)
    g = new_game("czech")
    assert isinstance(g.rng, random.SystemRandom)


def test_same_seed_same_deal():
    a = new_game("czech", rng=random.Random(42))
    b = new_game("czech", rng=random.Random(42))
    assert a.deck == b.deck and a.hands == b.hands


def test_ritual_is_offered_only_when_the_table_wants_it():
    """C-2: 'offer it where the text describes it, never make it mandatory.'"""
    g = new_game("czech", rng=random.Random(1))
    assert g.phase is Phase.AUCTION
    g = new_game("czech", dealer=0, options={"ritual": True}, rng=random.Random(1))
    assert g.phase is Phase.RITUAL and g.to_act == 2  # the player opposite the dealer
    assert {a.kind for a in g.legal_actions(2)} == {Kind.CUT, Kind.KNOCK}


def test_cut_then_deal_in_sixes():
    """'the player sitting opposite to the dealer cuts the cards.'"""
    g = new_game("czech", dealer=0, options={"ritual": True}, rng=random.Random(1))
    g.act(2, act(Kind.CUT))
    assert g.phase is Phase.AUCTION
    k = g.ritual.cut_at
    assert 5 <= k <= 49
    deck = list(g.deck[k:] + g.deck[:k])
    assert [int(c) for c in g.talon] == deck[:6]


def test_knock_lets_players_choose_batches_of_twelve():
    """'Starting with the player to dealer's right, the players can choose which batch they
    want to receive ... the dealer would then have to take the' remaining batch."""
    g = new_game("czech", dealer=0, options={"ritual": True}, rng=random.Random(1))
    g.act(2, act(Kind.KNOCK))
    assert g.to_act == 1
    g.act(1, act(Kind.BATCH, 2))
    g.act(2, act(Kind.BATCH, 4))
    assert act(Kind.BATCH, 2) not in g.legal_actions(3)
    g.act(3, act(Kind.BATCH, 1))
    rest = list(g.deck[6:])
    assert g.hands[1] == sum(1 << c for c in rest[12:24])
    assert g.hands[2] == sum(1 << c for c in rest[36:48])
    assert g.hands[3] == sum(1 << c for c in rest[0:12])
    assert g.hands[0] == sum(1 << c for c in rest[24:36])  # the dealer takes the last
    assert g.phase is Phase.AUCTION


def test_knock_six_six_option():
    """CZ-14: 'six to the talon, then six to the dealer, then twelve each to the other
    players in turn, and the final six to the dealer.'"""
    g = new_game("czech", dealer=0, options={"ritual": True, "knock_six_six": True},
                 rng=random.Random(3))
    g.act(2, act(Kind.KNOCK))
    assert g.to_act == 0
    g.act(0, act(Kind.DEAL_SIX_SIX))
    d = list(g.deck)
    assert g.hands[0] == sum(1 << c for c in d[6:12] + d[-6:])
    assert g.hands[1] == sum(1 << c for c in d[12:24])
    assert g.hands[3] == sum(1 << c for c in d[36:48])


def test_stacked_deck_helper_deals_what_it_says():
    g = game({0: "Sk XXI I KH KD KS KC QH QD QS QC CH"}, talon="II III IV V VI VII")
    assert g.hands[0] == sum(1 << c for c in __import__("bot.engine.cards", fromlist=["x"]).parse_cards(
        "Sk XXI I KH KD KS KC QH QD QS QC CH"))
    assert [c.short for c in g.talon] == ["II", "III", "IV", "V", "VI", "VII"]


def test_bad_seat_count_is_a_sentence():
    with pytest.raises(BadInput, match="4 or 5 players"):
        new_game("czech", players=3)


def test_unknown_option_is_a_sentence():
    with pytest.raises(BadInput, match="no option"):
        new_game("czech", options={"jokers": True})


def test_the_engine_shuffle_is_the_library_shuffle():
    """The engine's own Fisher-Yates (fast when compiled) draws exactly as
    random.Random.shuffle, so a seed deals the same cards in the pure and compiled builds
    and as before; a shuffle that differs from the library's is caught."""
    import random

    from bot.engine.game import shuffle

    for seed in range(200):
        a = list(range(54))
        b = list(range(54))
        random.Random(seed).shuffle(a)
        shuffle(random.Random(seed), b)
        assert a == b
    c = list(range(54))
    shuffle(random.SystemRandom(), c)
    assert sorted(c) == list(range(54))
