"""The normal player in Petrtyl's Grand Nullo and Grand Sweep (PT-1, PT-3), on stacked
deals.  The normal player bids the cheapest contract its hand is strong enough for; after
Three, Four and Five the cheapest left was Grand Nullo, which a strong hand cannot make,
and then Grand Sweep; no hand strength made either pay (``CONTRACT_STRENGTH``, measured
by ``benchmarks/contract_strength.py``).  Against a Grand Nullo it defends: it makes the
bidder take a trick."""

from __future__ import annotations

import pytest

from bot.ai.heuristic import bid_strength_needed, hand_strength
from bot.ai.normal import CONTRACT_STRENGTH, choose_normal, takes_every_trick
from bot.engine import Game, Kind, find_variant
from tests.engine.helpers import A
from tests.engine.kc_helpers import kc

#: Eight taroky with the škýz and the 21, and the four kings: strength 33.
STRONG = "Sk XXI XX XIX XVIII XVII XVI XV KH KD KC KS"
#: Two low taroky and ten plain cards: strength 4.
WEAK = "II III 7S 8S 9S 7C 8C 9C 2H 3H 1D 2D"
#: The twelve highest taroky.
TOP = "Sk XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI"


def pt(hands: dict[int, str]) -> Game:
    return kc(hands, variant="petrtyl")


def after_three_four_five(hands: dict[int, str]) -> Game:
    """PT-1: forehand (seat 0) bids Three, seat 1 Four, seat 2 Five; seat 3 to speak."""
    g = pt(hands)
    for seat, bid in ((0, "three"), (1, "four"), (2, "five")):
        g.act(seat, A("bid", bid))
    assert g.to_act == 3
    return g


def bids(g: Game) -> list[str]:
    return [str(a.value) for a in g.legal_actions(g.to_act) if a.kind is Kind.BID]


def test_the_measured_contracts_are_the_variants_own() -> None:
    """PT-1: the limits name Petrtyl's contracts; Grand Nullo is the negative one."""
    v = find_variant("petrtyl")
    limits = CONTRACT_STRENGTH["petrtyl"]
    assert set(limits) <= set(v.contracts)
    assert v.contracts["grand_nullo"].negative and not v.contracts["grand_sweep"].negative


def test_a_strong_hand_does_not_overcall_five_into_grand_nullo() -> None:
    """PT-1, PT-3: over Five the cheapest bid left is Grand Nullo ('the bidder ... must try
    to lose every trick'); a strong hand, strong enough to raise, passes instead."""
    g = after_three_four_five({3: STRONG})
    view = g.view_for(3)
    assert hand_strength(view.hand) >= bid_strength_needed(view)  # (it used to bid)
    assert bids(g) == ["grand_nullo", "grand_sweep"]
    c = choose_normal(g, 3)
    assert c.action.kind is Kind.PASS
    assert "Grand Nullo" in c.reason


def test_a_strong_hand_does_not_bid_grand_sweep_either() -> None:
    """PT-3: 'Grand Sweep means that the player plays alone without taking the blind and
    must take all the tricks': over a Grand Nullo a strong hand that cannot be sure of every
    trick passes."""
    g = after_three_four_five({3: WEAK, 0: STRONG})
    g.act(3, A("bid", "grand_nullo"))
    assert g.to_act == 0 and bids(g) == ["grand_sweep"]
    view = g.view_for(0)
    assert hand_strength(view.hand) >= bid_strength_needed(view)
    assert choose_normal(g, 0).action.kind is Kind.PASS


def test_a_weak_hand_does_not_bid_grand_nullo() -> None:
    """PT-3: Grand Nullo, 'the bidder ... must try to lose every trick'; against the normal
    player's defence no hand strength made it pay (``CONTRACT_STRENGTH``), so a hand of two
    low taroky and plain cards passes, and as forehand opens Three (PT-1)."""
    g = pt({1: WEAK})
    g.act(0, A("bid", "three"))
    assert "grand_nullo" in bids(g)
    assert choose_normal(g, 1).action.kind is Kind.PASS
    g = pt({0: WEAK})
    assert choose_normal(g, 0).action == A("bid", "three")


def test_a_hand_of_the_twelve_highest_taroky_bids_grand_sweep() -> None:
    """PT-3: a hand of the twelve highest taroky takes every trick, so it bids Grand Sweep
    (60 chips), whatever was bid before it."""
    g = pt({1: TOP})
    assert takes_every_trick(g.view_for(1), g.variant)
    g.act(0, A("bid", "three"))
    c = choose_normal(g, 1)
    assert c.action == A("bid", "grand_sweep")
    g = after_three_four_five({3: TOP})
    assert choose_normal(g, 3).action == A("bid", "grand_sweep")


def test_one_tarok_short_of_the_top_is_not_sure_of_every_trick() -> None:
    """A hand missing the škýz (the highest tarok) can lose a trick to it: no Grand Sweep."""
    hand = "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X"
    g = after_three_four_five({3: hand})
    assert not takes_every_trick(g.view_for(3), g.variant)
    assert choose_normal(g, 3).action.kind is Kind.PASS



def nullo(hands: dict[int, str]) -> Game:
    """PT-3: seat 0 (forehand) bids Grand Nullo, the others pass; forehand leads (PT-2)."""
    g = pt(hands)
    g.act(0, A("bid", "grand_nullo"))
    while g.phase.value == "auction":
        g.act(g.to_act, A("pass"))
    while g.phase.value == "announce":
        g.act(g.to_act, A("done"))
    assert g.phase.value == "play" and g.to_act == 0
    return g


#: Every spade placed: the bidder leads the spade 10; seat 1 holds the king, 9 and 7;
#: seat 2 none; seat 3 the rest.
SPADES = {0: "10S " + WEAK.replace("7S 8S 9S ", "") + " 4D", 1: "KS 9S 7S", 2: "XX IV",
          3: "QS CS JS 8S"}


def test_a_defender_stays_under_the_nullo_bidders_card() -> None:
    """PT-3: in Grand Nullo the bidder 'must try to lose every trick': a defender after the
    bidder's winning card plays the highest card that stays under it (the spade 9, not the
    king that would rescue the bidder)."""
    g = nullo(SPADES)
    g.act(0, A("play", "10S"))
    assert choose_normal(g, 1).action == A("play", "9S")


def test_a_defender_sheds_a_high_card_once_the_bidder_is_out_of_the_trick() -> None:
    """PT-3: once another defender's card beats the bidder's, the trick costs the bidder
    nothing: a defender who must trump sheds its highest tarok and keeps the low ones to
    stay under the bidder later."""
    g = nullo(SPADES)
    g.act(0, A("play", "10S"))
    g.act(1, A("play", "KS"))
    legal = [a for a in g.legal_actions(2) if a.kind is Kind.PLAY]
    assert all(a.card.is_tarok for a in legal) and len(legal) > 1
    assert choose_normal(g, 2).action.card == max(a.card for a in legal)


def test_a_measured_limit_lets_a_hand_that_reaches_it_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CONTRACT_STRENGTH``'s number is the least strength a contract is bid with (none
    is measured to pay in Petrtyl today; this is the table's reading, PT-1's ladder): at a
    limit of 30 a hand of strength 33 bids Grand Sweep over Five, passing Grand Nullo by."""
    monkeypatch.setitem(CONTRACT_STRENGTH["petrtyl"], "grand_sweep", 30)
    g = after_three_four_five({3: STRONG})
    assert hand_strength(g.view_for(3).hand) == 33
    assert choose_normal(g, 3).action == A("bid", "grand_sweep")
    monkeypatch.setitem(CONTRACT_STRENGTH["petrtyl"], "grand_sweep", 34)
    assert choose_normal(g, 3).action.kind is Kind.PASS
