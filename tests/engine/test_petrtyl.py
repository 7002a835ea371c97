"""Petrtyl Tarock (the "Petrtyl Tarock" section of the Nebraska text; PT-1 … PT-4), on
stacked decks."""

import pytest

from bot.engine import POOL, Phase, find_variant
from bot.engine.actions import Kind, act

from .helpers import A, legal, line, net
from .kc_helpers import bid_to_call, end, kc, low, to_play


def pt(hands=None, talon="", **kw):
    return kc(hands or {}, talon, variant="petrtyl", **kw)


def test_registered():
    assert find_variant("petrtyl").title == "Petrtyl Tarock"


def test_forehand_must_bid_at_least_three():
    """PT-1: 'Bids Three < Four < Five < Grand Nullo < Grand Sweep. Forehand must bid at least
    Three'."""
    g = pt()
    assert legal(g) == {("bid", "three"), ("bid", "four"), ("bid", "five"),
                       ("bid", "grand_nullo"), ("bid", "grand_sweep")}
    g.act(0, A("bid", "three"))
    assert legal(g) == {("pass", None), ("bid", "four"), ("bid", "five"),
                       ("bid", "grand_nullo"), ("bid", "grand_sweep")}


def test_three_not_overcalled_is_thrown_in_forehand_receives_3():
    """PT-1: 'if nobody bids Four or more, the hand is thrown in and forehand receives 3 chips
    from each player.'"""
    g = pt()
    g.act(0, A("bid", "three"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    assert g.is_over and g.result.thrown_in
    assert net(g) == {0: 9, 1: -3, 2: -3, 3: -3}


def test_four_and_five_rates_and_without_a_king():
    """PT-2: 'Four and Five are played as Nebraska Four and Five (4/5/6 and 8 chips), with the
    extra choice "Without a King" (play alone).'"""
    g = bid_to_call(pt({0: low(12)}), "five")
    assert act(Kind.PLAY_ALONE) in g.legal_actions()
    g.act(0, act(Kind.PLAY_ALONE))
    to_play(g)
    assert g.partner is None and g.called is None and g.declarer_side == {0}
    assert "without a king" in g.public_view().contract
    end(g, 40)
    assert line(g, "Five") == {0: 24, 1: -8, 2: -8, 3: -8}
    for takes, rate in (([("take", 1)], 4), ([("reject", None), ("take", 2)], 5),
                        ([("reject", None), ("take", 1)], 6)):
        g = bid_to_call(pt({1: "KS"}), "four")
        g.act(0, A("call", "KS"))
        for k, v in takes:
            g.act(0, A(k, v))
        to_play(g)
        end(g, 40)
        assert line(g, "Four") == {0: rate, 1: rate, 2: -rate, 3: -rate}


def test_forehand_always_leads():
    """PT-2: 'Forehand always leads.'"""
    g = pt()
    g.act(0, A("bid", "three"))
    g.act(1, A("bid", "five"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(0, A("pass"))
    g.act(1, g.legal_actions()[0])
    to_play(g)
    assert g.bidder == 1 and g.trick.leader == 0


def sweep_game(contract="four", takes=(("take", 1),), announce=False):
    g = bid_to_call(pt({1: "KS"}), contract)
    g.act(0, A("call", "KS"))
    for k, v in takes if contract == "four" else ():
        g.act(0, A(k, v))
    while g.phase is Phase.DISCARD:
        g.act(0, g.legal_actions()[0])
    if announce:
        g.act(0, A("announce", "sweep"))
    to_play(g)
    return g


@pytest.mark.parametrize(("takes", "amount"), [((("take", 1),), 12),
                                               ((("reject", None), ("take", 2)), 14),
                                               ((("reject", None), ("take", 1)), 16)])
def test_sweep_in_four(takes, amount):
    """PT-3: 'If the bid is 'Four' the payment is 12, 14 or 16 chips (if the bidder took the
    first half of blind, took the second half or returned to first half) respectively. These
    payments are doubled to 24, 28, 32 chips if the Sweep was announced.'"""
    g = sweep_game("four", takes)
    end(g, 70, tricks={0: 6, 1: 6}, last=[(0, "7S"), (1, "KS"), (2, "8S"), (3, "9S")])
    assert line(g, "Sweep") == {0: amount, 1: amount, 2: -amount, 3: -amount}
    assert not any("King Last" in ln.label for ln in g.result.lines)  # 'not counted'
    g = sweep_game("four", takes, announce=True)
    end(g, 70, tricks={0: 6, 1: 6})
    assert line(g, "Sweep announced and made") == {0: 2 * amount, 1: 2 * amount,
                                                   2: -2 * amount, 3: -2 * amount}


def test_sweep_in_five_and_announced_sweep_missed():
    """PT-3: 'If the bid is 'Five' the payment for Sweep is 24 chips, or 48 chips if the Sweep
    was announced.'"""
    g = sweep_game("five")
    end(g, 70, tricks={0: 6, 1: 6})
    assert line(g, "Sweep") == {0: 24, 1: 24, 2: -24, 3: -24}
    g = sweep_game("five", announce=True)
    end(g, 60, tricks={0: 6, 1: 5, 2: 1})
    assert line(g, "Sweep announced and missed") == {0: -48, 1: -48, 2: 48, 3: 48}


def test_grand_sweep_60():
    """PT-3: ''Grand Sweep' means that the player plays alone without taking the blind and
    must take all the tricks, and this is worth 60 chips.'"""
    g = bid_to_call(pt(talon="2D 3D 4D 1D JD QD"), "grand_sweep")
    assert g.phase is Phase.ANNOUNCE and g.talon_to_opponents == sum(1 << c for c in g.talon)
    to_play(g)
    end(g, 70, tricks={0: 12})
    assert line(g, "Grand Sweep made") == {0: 180, 1: -60, 2: -60, 3: -60}
    g = bid_to_call(pt(), "grand_sweep")
    to_play(g)
    end(g, 60, tricks={0: 11, 1: 1})
    assert line(g, "Grand Sweep missed") == {0: -180, 1: 60, 2: 60, 3: 60}
    assert g.result.declarers_won is False  # 60 card points, one trick lost


def play_out(g, last=None):
    """Play the hand out for real: every seat plays its first legal card, keeping the card
    ``last[seat]`` while it has another legal one."""
    keep = {s: A("play", c) for s, c in (last or {}).items()}
    while not g.is_over:
        s = g.to_act
        options = g.legal_actions(s)
        g.act(s, next((a for a in options if a != keep.get(s)), options[0]))
    return g


TOP_ELEVEN = "Sk XXI XX XIX XVIII XVII XVI XV XIV XIII XII"  # beat taroky I to XI


@pytest.mark.parametrize(("kept", "made"), [("KS", True), ("7S", False)])
def test_grand_sweep_result_is_all_tricks_not_card_points(kept, made):
    """PT-3: ''Grand Sweep' means that the player plays alone ... and must take all the
    tricks, and this is worth 60 chips.' The game's result (``declarers_won``) is the one
    the 60 chips are paid on: a Grand Sweep that loses the last trick is lost, however many
    card points the bidder took."""
    hands = {0: f"{TOP_ELEVEN} {kept}"} if made else {0: f"{TOP_ELEVEN} {kept}", 1: "KS"}
    g = bid_to_call(pt(hands, talon="1H 2H 3H 1D 2D 3D"), "grand_sweep")
    to_play(g)
    play_out(g, {0: kept} if made else {0: kept, 1: "KS"})  # no tarok is left for the last
    r = g.result
    assert g.tricks_won[0] == (12 if made else 11)
    assert g.side_points(frozenset({0})) > 35  # a Four or Five would be won on these
    assert line(g, "Grand Sweep made" if made else "Grand Sweep missed") == (
        {0: 180, 1: -60, 2: -60, 3: -60} if made else {0: -180, 1: 60, 2: 60, 3: 60})
    assert r.declarer_side == {0}
    assert r.declarers_won is made
    assert r.declarers_net_won is made and (r.net[0] > 0) is made
    assert ("The bidder won" if made else "The bidder lost") in r.summary


LOWEST_THREE = "7S 8S 9S 7C 8C 9C 1H 2H 3H 1D 2D"  # and 3D: the three lowest of each suit


@pytest.mark.parametrize(("card", "made"), [("3D", True), ("Sk", False)])
def test_grand_nullo_result_is_no_trick(card, made):
    """PT-3: 'Grand Nullo. The talon is set aside unseen, the bidder plays the cards as dealt
    and must try to lose every trick. Payment 36 chips.' Played out for real: with the three
    lowest cards of every suit and no tarok the bidder can take no trick; with the škýz
    (the pagát in the blind) he takes the trick it falls in. The money and ``declarers_won``
    say the same."""
    g = bid_to_call(pt({0: f"{LOWEST_THREE} {card}"}, talon="I II III IV V VI"), "grand_nullo")
    to_play(g)
    play_out(g)
    r = g.result
    assert (g.tricks_won[0] == 0) is made
    assert line(g, "Grand Nullo won" if made else "Grand Nullo lost") == (
        {0: 108, 1: -36, 2: -36, 3: -36} if made else {0: -108, 1: 36, 2: 36, 3: 36})
    assert r.declarer_side == {0}
    assert r.declarers_won is made
    assert r.declarers_net_won is made and (r.net[0] > 0) is made


def test_grand_nullo_and_its_declarations():
    """PT-3: 'Grand Nullo. The talon is set aside unseen, the bidder plays the cards as dealt
    and must try to lose every trick. Payment 36 chips. ... "No trumps" (two or fewer taroky),
    "No three" (no skies, 21, 1) and "No Kings". These are worth 4 chips each.'"""
    g = bid_to_call(pt({0: "II III QH QD 7S 8S 9S 10S 7C 8C 9C 10C"}), "grand_nullo")
    assert g.phase is Phase.ANNOUNCE and g.hands[0].bit_count() == 12
    offered = {a.value for a in g.legal_actions(0) if a.kind is Kind.DECLARE}
    assert offered == {"no_trumps", "no_three", "no_kings"}
    g.act(0, A("declare", "no_kings"))
    to_play(g)
    assert g.trick.leader == 0
    end(g, 0, tricks={1: 4, 2: 4, 3: 4})
    assert line(g, "Grand Nullo won") == {0: 108, 1: -36, 2: -36, 3: -36}
    assert line(g, "No Kings") == {0: 12, 1: -4, 2: -4, 3: -4}


def test_combinations_depend_on_the_bid():
    """'The payments for card combinations (Three High, Four Kings, Ten Taroky) depend on the
    bid: 'Four' 1 chip, 'Five' 2 chips, 'Grand Sweep' 4 chips.'"""
    for bid, m in (("five", 2), ("grand_sweep", 4)):
        g = bid_to_call(pt({0: "II III IV V VI VII VIII IX X XI KH KD"}), bid)
        if g.phase is Phase.CALL:
            g.act(0, A("call", "KS"))
        g.act(0, A("declare", "ten_taroky"))
        to_play(g)
        end(g, 40)
        assert line(g, "Ten Taroky") == {0: 3 * m, 1: -m, 2: -m, 3: -m}


def test_announced_card_kept_unless_forced():
    """PT-3: 'an announced last-trick card may not be played early unless forced.'"""
    g = bid_to_call(pt({0: "I 7S 8S 9S 10S 7C 8C 9C 10C KH 2H 3H"}), "five")
    g.act(0, A("call", "KH"))
    g.act(0, A("announce", "tarok1_last"))
    to_play(g)
    assert A("play", "I") not in g.legal_actions(0)
    assert "keep" in g.why_not(0, A("play", "I"))


def test_pot_won_by_tarok_1_last_or_doubled():
    """PT-4: 'The penalty pot ... is won, or doubled, by a side that announced Tarok 1 Last' —
    'Its contents are won by a team that announces "Tarok 1 Last" if they succeed, or doubled
    by them if they fail.'"""
    def game(last):
        g = bid_to_call(pt({0: low(11) + " XXI", 1: "KS I"}, pool=8), "five")
        g.act(0, A("call", "KS"))
        g.act(0, A("done"))
        g.act(1, A("announce", "tarok1_last"))
        to_play(g)
        return end(g, 40, last=last)

    g = game([(0, "7S"), (1, "I"), (2, "8S"), (3, "9S")])
    assert line(g, "pot") == {POOL: -8, 0: 4, 1: 4}
    assert g.result.pool_delta == -8
    g = game([(0, "7S"), (1, "I"), (2, "II"), (3, "9S")])
    assert line(g, "pot") == {POOL: 8, 0: -4, 1: -4}
