"""The bidding (Czech text, "The bidding"; CZ-1)."""

import pytest

from bot.engine import IllegalAction, NotYourTurn, Phase
from bot.engine.actions import Kind

from .helpers import A, game

PAGAT_AT_1 = {1: "I KH 7S 8S 9S 10S 7C 8C 9C 10C 2H 3H"}


def test_first_player_may_not_pass():
    """'The first player is not allowed to pass, but must bid povinnost, trojka or sólo.'"""
    g = game({})
    labels = {a.value for a in g.legal_actions(0)}
    assert labels == {"povinnost", "trojka", "solo"}
    with pytest.raises(IllegalAction, match="may not pass"):
        g.act(0, A("pass"))


def test_each_player_speaks_once_in_turn():
    """'Each player has only one turn to speak, beginning with the player to the right of the
    dealer ... and continuing anticlockwise around the table.'"""
    g = game({})
    with pytest.raises(NotYourTurn):
        g.act(1, A("pass"))
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("pass"))
    g.act(2, A("bid", "trojka"))
    g.act(3, A("pass"))
    assert g.phase is Phase.TALON and g.bidder == 2
    assert g.contract.name == "trojka"


def test_later_bids_must_be_higher():
    """'Subsequent players can either pass or name a bid higher than the previous bid.'"""
    g = game({})
    g.act(0, A("bid", "trojka"))
    assert {a.value for a in g.legal_actions(1) if a.kind is Kind.BID} == {"solo"}
    g.act(1, A("bid", "solo"))
    assert [a.kind for a in g.legal_actions(2)] == [Kind.PASS]


def test_others_cannot_bid_zakladni_povinnost():
    """'the other three players cannot bid základni povinnost'"""
    g = game({})
    g.act(0, A("bid", "povinnost"))
    assert A("bid", "povinnost") not in g.legal_actions(1)


def test_druha_needs_the_pagat():
    """CZ-1: 'Druhá povinnost may be bid only by a player other than the first player, only
    after the first player bid povinnost, and only by a holder of the pagát.'"""
    g = game(PAGAT_AT_1)
    g.act(0, A("bid", "povinnost"))
    assert A("bid", "druha") in g.legal_actions(1)
    g2 = game({2: "I KH 7S 8S 9S 10S 7C 8C 9C 10C 2H 3H"})
    g2.act(0, A("bid", "povinnost"))
    assert A("bid", "druha") not in g2.legal_actions(1)
    with pytest.raises(IllegalAction, match="pagát"):
        g2.act(1, A("bid", "druha"))


def test_first_player_cannot_bid_druha():
    """'the first player cannot bid druhá povinnost'"""
    g = game({0: "I KH 7S 8S 9S 10S 7C 8C 9C 10C 2H 3H"})
    assert A("bid", "druha") not in g.legal_actions(0)


def test_druha_only_over_forehands_povinnost():
    """CZ-1: only after the first player bid povinnost (not over a trojka)."""
    g = game(PAGAT_AT_1)
    g.act(0, A("bid", "trojka"))
    assert A("bid", "druha") not in g.legal_actions(1)


def test_no_second_chance_to_raise():
    """'If you start with povinnost and someone else bids higher, you have no opportunity to
    increase your own bid.'"""
    g = game({})
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("bid", "trojka"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    assert g.bidder == 1 and g.phase is Phase.TALON


def test_varsava_offered_only_when_all_pass_after_povinnost():
    """'If the first player bids povinnost and everyone else passes there is another option
    ... Instead of calling a tarok, the first player can choose to play a game of Varšava.'"""
    g = game({})
    g.act(0, A("bid", "povinnost"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    assert g.phase is Phase.CALL and A("varsava") in g.legal_actions(0)


def test_no_varsava_in_druha():
    """Druhá povinnost: 'there is no opportunity to play Varšava instead'."""
    g = game(PAGAT_AT_1)
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("bid", "druha"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    assert g.bidder == 1 and g.phase is Phase.CALL
    assert A("varsava") not in g.legal_actions(1)
