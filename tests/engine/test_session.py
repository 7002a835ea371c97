"""Sessions: dealer rotation (NE-1, HE-6, HE-8), chips (NE-9), the pot seed (PT-4)."""

import random

import pytest

from bot.engine import Session
from bot.engine.session import SessionEnd

from .helpers import A, play_randomly, stack
from .kc_helpers import bid_to_call, end, to_play


def play_random(sess, seed):
    rng = random.Random(seed)
    g = play_randomly(sess.deal(rng=rng), rng)
    sess.record(g)
    return g


def test_czech_dealer_moves_to_the_next_seat_and_no_stake():
    s = Session.begin("czech", deals_agreed=3, dealer=1)
    assert s.start == 0
    g = play_random(s, 1)
    assert s.dealer == 2 and not s.first_of_session
    play_random(s, 2)
    play_random(s, 3)
    assert s.end is SessionEnd.DEALS_COMPLETED and "3 deals" in s.end_reason
    assert sum(s.totals) + s.pool == 0 and g.result is not None


def test_nebraska_first_deal_then_previous_forehand_deals():
    """NE-1: 'First deal of a session: the holder of tarok II ... is forehand; later, the
    previous forehand deals and the next seat is forehand.'"""
    s = Session.begin("nebraska", dealer=0)
    deck = stack({2: "II"}, dealer=0)
    g = s.deal(deck=deck)
    assert g.first_of_session and g.forehand == 2
    while not g.is_over:
        g.act(g.to_act, g.legal_actions()[0])
    s.record(g)
    assert s.dealer == 2 and not s.first_of_session
    g2 = s.deal(rng=random.Random(5))
    assert g2.forehand == 3


def test_chip_session_starts_at_20_and_ends_when_a_player_cannot_pay():
    """NE-9: 'A session starts every player at 20 chips and ends when a player cannot pay or
    after an agreed number of deals.'"""
    s = Session.begin("nebraska")
    assert [s.balance(p) for p in range(4)] == [20, 20, 20, 20]
    n = 0
    while not s.over:
        play_random(s, n)
        n += 1
        assert sum(s.totals) + s.pool == 0
    assert min(s.balance(p) for p in range(4)) <= 0
    assert s.end is SessionEnd.BROKE
    with pytest.raises(ValueError):
        s.deal()


def test_session_round_trips_through_a_dict():
    s = Session.begin("heun", deals_agreed=10)
    play_random(s, 7)
    assert Session.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_heun_after_four_the_bidder_deals():
    """HE-6: 'After Four the bidder deals next; after Five or Five Over the seat after the
    previous dealer deals.'"""
    s = Session.begin("heun", dealer=3)
    s.first_of_session = False
    g = s.deal(deck=stack({}, dealer=3))
    g.act(0, A("pass"))
    g.act(1, A("bid", "four"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, g.legal_actions()[0])
    g.act(1, A("take", 1))
    to_play(g)
    end(g, 40)
    s.record(g)
    assert s.dealer == 1
    g = s.deal(deck=stack({}, dealer=1))
    bid_to_call(g, "five", bidder=2)
    g.act(2, g.legal_actions()[0])
    to_play(g)
    end(g, 40)
    s.record(g)
    assert s.dealer == 2


def test_throw_in_next_dealer():
    """NE: 'the cards are thrown in and the next dealer shuffles and deals' (the previous
    forehand); HE-8: 'the next seat re-deals'."""
    blank = "QH CH JH 1H 2H 3H 4H QD CD JD 1D 2D"
    for name, want in (("nebraska", 0), ("heun", 0)):
        s = Session.begin(name, dealer=3)
        s.first_of_session = False
        g = s.deal(deck=stack({0: blank}, dealer=3))
        g.act(0, A("throwin"))
        s.record(g)
        assert s.dealer == want and s.totals == [0, 0, 0, 0]
    s = Session.begin("heun", dealer=1)
    s.first_of_session = False
    g = s.deal(deck=stack({2: blank}, dealer=1))
    g.act(2, A("throwin"))
    s.record(g)
    assert s.dealer == 2


def test_pot_seed_is_paid_in_by_each_player():
    """PT-4: 'a table may seed the pot with an agreed amount (option, default 0)' — each
    player puts the seed in, so every settlement stays exact (C-4)."""
    s = Session.begin("petrtyl", options={"pot_seed": 2})
    assert s.pool == 8 and s.totals == [-2, -2, -2, -2]
    assert [s.balance(p) for p in range(4)] == [20, 20, 20, 20]  # (NE-9: 20 chips at the first deal)
    g = s.deal(rng=random.Random(1))
    assert g.pool == 8
    assert Session.begin("petrtyl").pool == 0


@pytest.mark.parametrize("seed", [19, 20, 25, 1_000])
def test_a_pot_seed_of_twenty_chips_or_more_does_not_end_the_session_before_a_deal(seed):
    """PT-4: 'a table may seed the pot with an agreed amount (option, default 0)', and
    NE-9: 'a session starts every player at 20 chips and ends when a player cannot pay'.
    The seed is put in besides the 20 chips: before, a seed of 20 left every player at 0
    chips, so the session was over ("has no chips left") before its first deal."""
    s = Session.begin("petrtyl", options={"pot_seed": seed})
    assert s.end is None and not s.over
    assert [s.balance(p) for p in range(4)] == [20] * 4 and s.pool == 4 * seed
    g = s.deal(rng=random.Random(3))
    assert g.pool == 4 * seed
    # The session still ends when a player has lost the 20 chips they sat down with (NE-9).
    s.totals = [-seed - 20, seed + 20, -seed, -seed]
    assert s.end is SessionEnd.BROKE and s.end_reason == "Seat 1 has no chips left."


def test_end_reasons_are_sentences_without_rule_ids():
    """What a player reads names no clarification id (NE-9 lives in the code)."""
    s = Session.begin("nebraska", deals_agreed=1)
    s.totals = [-20, 20, 0, 0]
    assert s.end is SessionEnd.BROKE and s.end_reason == "Seat 1 has no chips left."
    s.totals = [-21, 21, 0, 0]
    assert s.end_reason == "Seat 1 cannot pay."
    s = Session.begin("czech", deals_agreed=1)
    s.deals = 1
    assert s.end_reason == "The agreed 1 deal has been played."  # (a plural message since issue #14)


def test_a_stopped_session_deals_no_more():
    s = Session.begin("czech")
    assert s.end is None and s.end_reason is None
    s.stop()
    assert s.over and s.end is SessionEnd.STOPPED
    with pytest.raises(ValueError):
        s.deal()


def test_the_next_session_starts_from_zero_and_carries_dealer_and_pool():
    """A new session at the same table: totals from zero (NE-9: 20 chips each again),
    the dealer rotation goes on, the pot stays on the table (PT-4: 'persisted like a
    Žid') and each player seeds it again."""
    s = Session.begin("petrtyl", options={"pot_seed": 1}, deals_agreed=1)
    play_random(s, 3)
    assert s.over
    nxt = s.next_session()
    assert nxt.deals == 0 and nxt.first_of_session and not nxt.over
    assert nxt.totals == [-1, -1, -1, -1]
    assert nxt.dealer == s.dealer and nxt.pool == s.pool + 4


def test_an_older_saved_session_loads():
    """Sessions saved before the pot seed and the stop were kept load as neither."""
    s = Session.begin("nebraska", deals_agreed=5)
    old = s.to_dict()
    del old["seed"], old["stopped"]
    back = Session.from_dict(old)
    assert back.seed == 0 and not back.stopped and back.to_dict() == s.to_dict()
