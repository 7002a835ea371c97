"""The play (Czech text, "The play"; CZ-11)."""

import pytest

from bot.engine import IllegalAction, Phase
from bot.engine.cards import parse_card, parse_cards
from bot.engine.game import Trick

from .helpers import A, all_done, game


def in_play(hands, contract="solo", options=None):
    g = game(hands, options=options)
    g.act(0, A("bid", contract))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    all_done(g)
    assert g.phase is Phase.PLAY
    return g


def legal(g, seat):
    return {a.card.short for a in g.legal_actions(seat)}


def legal_now(g, seat):
    """Legal cards computed afresh (for positions set up by hand)."""
    from bot.engine.cards import cards_of

    return {c.short for c in cards_of(g.legal_play_mask(seat))}


def test_forehand_leads_the_first_trick_even_when_not_bidder():
    """'The player to the right of the dealer leads to the first trick.'"""
    g = game({})
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("bid", "solo"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    all_done(g)
    assert g.bidder == 1 and g.to_act == 0 == g.forehand


def test_must_follow_suit():
    """'Players are obliged to follow suit.'"""
    g = in_play({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D 3D", 1: "QH XX XIX 4D KS QS CS JS KC QC CC JC"})
    g.act(0, A("play", "KH"))
    assert legal(g, 1) == {"QH"}
    with pytest.raises(IllegalAction, match="must follow hearts: you hold the queen of hearts"):
        g.act(1, A("play", "XX"))


def test_void_must_play_tarok():
    """'A player who has no card of the suit led must play a tarok.'"""
    g = in_play({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D 3D", 1: "XX XIX 4D KS QS CS JS KC QC CC JC 4C".replace(" 4C", " II")})
    g.act(0, A("play", "KH"))
    assert legal(g, 1) == {"XX", "XIX", "II"}
    with pytest.raises(IllegalAction, match="must play a tarok"):
        g.act(1, A("play", "KS"))


def test_tarok_led_must_play_tarok():
    """'If a tarok is led, the other players must play taroky if they have them.'"""
    g = in_play({0: "II 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D 3D", 1: "XX KH 4D KS QS CS JS KC QC CC JC QH"})
    g.act(0, A("play", "II"))
    assert legal(g, 1) == {"XX"}


def test_no_suit_no_tarok_any_card():
    """'A player who has no card of the suit led and no tarok is free to play any card.'"""
    g = in_play({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D 3D", 1: "4D KS QS CS JS KC QC CC JC 1C 2C 3C".replace("1C 2C 3C", "10S 9C 4C").replace("10S 9C 4C", "QD CD JD")})
    g.act(0, A("play", "KH"))
    assert legal(g, 1) == {c.short for c in parse_cards("4D KS QS CS JS KC QC CC JC QD CD JD")}


def test_highest_tarok_else_highest_of_suit_led_wins():
    """'The trick is won by the highest tarok in it, or (if it contains no tarok) by the
    highest card of the suit led. The winner of each trick leads to the next.'"""
    g = game({})
    assert g.trick_winner([(0, parse_card("1H")), (1, parse_card("KS")), (2, parse_card("2H")),
                           (3, parse_card("4H"))]) == 0
    assert g.trick_winner([(0, parse_card("1H")), (1, parse_card("II")), (2, parse_card("KH")),
                           (3, parse_card("XX"))]) == 3
    assert g.trick_winner([(0, parse_card("XXI")), (1, parse_card("Sk")), (2, parse_card("I")),
                           (3, parse_card("XX"))]) == 1


def test_winner_leads_next():
    g = in_play({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D 3D", 1: "QH XX XIX 4D KS QS CS JS KC QC CC JC"})
    g.act(0, A("play", "KH"))
    g.act(1, A("play", "QH"))
    g.act(2, g.legal_actions(2)[0])
    g.act(3, g.legal_actions(3)[0])
    w = g.tricks[0].winner
    assert g.to_act == w and g.trick.leader == w


def test_announced_pagat_is_kept():
    """CZ-11: 'Announced pagát must be kept until the last trick whenever the rules of play
    allow; the engine forbids playing it earlier unless it is the only legal card.'"""
    g = game({0: "I II 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D", 1: "XX KH QH CH JH 1H 2H 3H 4H KD QD CD"})
    g.act(0, A("bid", "solo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("announce", "pagat"))
    all_done(g)
    g.act(0, A("play", "II"))
    g.act(1, A("play", "XX"))
    g.act(2, g.legal_actions(2)[0])
    g.act(3, g.legal_actions(3)[0])
    # seat 1 leads a tarok next time round; seat 0 then must play a tarok: only the pagát is
    # left, so it is the only legal card and may be played.
    g.trick = Trick(1, [(1, parse_card("XIX"))])
    g.hands[1] &= ~(1 << parse_card("XIX"))
    g.to_act = 0
    assert legal_now(g, 0) == {"I"}
    # leading, with other cards: the pagát is kept
    g.trick = Trick(0, [])
    assert "I" not in legal_now(g, 0) and legal_now(g, 0)
    g.history.append((0, A("done")))  # (a new position: forget the cached answer)
    with pytest.raises(IllegalAction, match="keep it"):
        g.act(0, A("play", "I"))


def test_silent_pagat_may_be_played_early():
    g = game({0: "I II 7S 8S 9S 10S 7C 8C 9C 10C 1D 2D"})
    g.act(0, A("bid", "solo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    all_done(g)
    assert "I" in legal(g, 0)
