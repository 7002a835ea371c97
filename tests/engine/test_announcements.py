"""The announcements (CZ-6, CZ-7, CZ-10)."""

import pytest

from bot.engine import IllegalAction, Phase
from bot.engine.actions import Kind

from .helpers import A, all_done, game, povinnost_to_announce

PLAIN = "KH QH CH JH 1H 2H 3H 4H KD QD CD JD"


def quiet_povinnost(options=None):
    # North (seat 2) holds XIX; West (3) holds exactly two taroky (barvičky).
    return povinnost_to_announce(
        {0: "Sk XXI XX XVIII XVII 7S 8S 9S 10S 7C 8C 9C",
         2: "XIX XVI XV XIV 1D 2D 3D 4D KS QS CS JS",
         3: "II III " + " ".join(PLAIN.split()[:10])},
        talon="QC CC JC 10C KC 4D".replace("4D", "XIII"), options=options)


def test_round_starts_with_the_bidder():
    """CZ-6: 'Starting with the bidder, each player has one first turn'."""
    g = quiet_povinnost()
    assert g.phase is Phase.ANNOUNCE and g.to_act == g.bidder == 0


def test_declarations_offered_only_when_true():
    """CZ-7: 'Declarations are offered only when true, are optional'."""
    g = quiet_povinnost()
    g.act(0, A("done"))
    g.act(1, A("done"))
    g.act(2, A("done"))
    offered = {a.value for a in g.legal_actions(3) if a.kind is Kind.DECLARE}
    assert offered == {"barvicky"}
    with pytest.raises(IllegalAction):
        g.act(3, A("declare", "taroky"))


def test_partner_is_not_offered_flek_on_the_game():
    """CZ-6: 'The engine offers each player only what the true partnerships allow'; flek is
    said by the side that opposes the announcing side."""
    g = quiet_povinnost()
    g.act(0, A("done"))
    assert A("double", "game") in g.legal_actions(1)  # an opponent
    g.act(1, A("done"))
    assert A("double", "game") not in g.legal_actions(2)  # the secret partner (holds XIX)
    g.act(2, A("done"))
    assert A("double", "game") in g.legal_actions(3)


def test_flek_reflek_super_chain():
    """'Any player belonging to the team whose game ... has been doubled can double again
    by saying reflek ... either member of the team that said flek can ... say super.'"""
    g = quiet_povinnost()
    g.act(0, A("done"))
    g.act(1, A("double", "game"))
    assert A("double", "game") not in g.legal_actions(1)  # not twice in a row
    g.act(1, A("done"))
    assert A("double", "game") in g.legal_actions(2)  # the partner may reflek
    g.act(2, A("double", "game"))
    g.act(2, A("done"))
    g.act(3, A("double", "game"))  # super by the flek side
    assert g.ann.game_level == 3
    g.act(3, A("done"))
    assert all(A("double", "game") not in g.legal_actions(s) for s in range(4))


def test_later_turns_are_for_doubles_only():
    """CZ-6: 'afterwards the round continues for flek / reflek / super only, until every
    active player has passed in a row.'"""
    g = quiet_povinnost()
    g.act(0, A("done"))
    g.act(1, A("double", "game"))
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("done"))
    # the bidder's second turn: only reflek or pass — no pagát, valát or declarations
    kinds = {a.kind for a in g.legal_actions(0)}
    assert kinds == {Kind.DOUBLE, Kind.DONE}
    g.act(0, A("done"))
    g.act(1, A("done"))  # 2, 3, 0, 1 passed in a row after the flek
    assert g.phase is Phase.PLAY


def test_pagat_announced_only_by_its_holder():
    g = quiet_povinnost()
    holder = next(s for s in range(4) if g.hands[s] & 1)
    for s in range(4):
        if g.to_act != s:
            continue
    offered = [s for s in range(4) if s == g.to_act and A("announce", "pagat") in g.legal_actions(s)]
    assert offered in ([], [holder])
    assert A("announce", "valat") in g.legal_actions(g.to_act)


def test_quiet_povinnost_is_thrown_in():
    """CZ-10: 'A základní povinnost with no flek and no pagát or valát announced is settled
    without play as a minimum win (Kč 0.10) plus declarations.'"""
    g = quiet_povinnost()
    g.act(0, A("done"))
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("declare", "barvicky"))
    g.act(3, A("done"))
    # the bidder has nothing to double and everyone knows its side: its turn passes by
    assert g.to_act == 1
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("done"))
    assert g.is_over and g.result.thrown_in
    # 0.10 per pair to the bidder's side; 0.50 per pair to West's side: net 0.40 each way
    assert dict(g.result.net) == {0: -40, 2: -40, 1: 40, 3: 40}


def test_thrown_in_option_off_plays_every_hand():
    """CZ-10 is an option: 'the table may choose to play every hand out'."""
    g = quiet_povinnost({"throw_in_povinnost": False})
    all_done(g)
    assert g.phase is Phase.PLAY


def test_flek_prevents_the_throw_in():
    g = quiet_povinnost()
    g.act(0, A("done"))
    g.act(1, A("double", "game"))
    g.act(1, A("done"))
    all_done(g)
    assert g.phase is Phase.PLAY


def test_druha_announces_the_pagat_by_bidding():
    """Druhá povinnost: 'the bidder undertakes to win the last trick with the pagát'."""
    g = game({1: "I XX 7S 8S 9S 10S 7C 8C 9C 10C 2H 3H"}, talon="KH QH QS JS 2D KC")
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("bid", "druha"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, A("call", "XIX"))
    while g.phase is not Phase.ANNOUNCE:
        s = g.to_act
        g.act(s, next((a for a in g.legal_actions(s) if a.kind is Kind.DRAW), g.legal_actions(s)[0]))
    assert g.ann.announced["pagat"].seat == 1
    assert A("announce", "pagat") not in g.legal_actions(1)


def test_honery_and_kralovske_are_alternatives():
    """'The payment of Kč 1.00 for královské honery already includes the 0.50 for honery.'"""
    g = game({0: "KH KD KS KC 7S 8S 9S 10S 7C 8C 9C 10C"})
    g.act(0, A("bid", "solo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    offered = {a.value for a in g.legal_actions(0) if a.kind is Kind.DECLARE}
    assert {"honery", "kralovske_honery", "barvy"} <= offered
    g.act(0, A("declare", "kralovske_honery"))
    offered = {a.value for a in g.legal_actions(0) if a.kind is Kind.DECLARE}
    assert "honery" not in offered
