"""Calling a partner and the talon (CZ-2, CZ-3, CZ-4, trojka levels, CZ-14)."""

import pytest

from bot.engine import IllegalAction, Phase
from bot.engine.actions import Kind
from bot.engine.cards import parse_card, parse_cards
from bot.engine.say import ENGLISH, Money

from .helpers import A, game

LOW = "7S 8S 9S 10S 7C 8C 9C 10C 2H 3H 4H"


def povinnost_to_call(hands, talon="", **kw):
    g = game(hands, talon, **kw)
    g.act(0, A("bid", "povinnost"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    return g


def test_call_xix_always_even_when_held():
    """CZ-2: 'XIX always (also when held: the bidder then plays alone, secretly)'."""
    g = povinnost_to_call({0: "XIX " + LOW})
    assert A("call", "XIX") in g.legal_actions(0)
    g.act(0, A("call", "XIX"))
    assert g.called == parse_card("XIX")


@pytest.mark.parametrize(
    ("held", "callable_"),
    [
        ("II", {"XIX"}),
        ("XIX", {"XIX", "XVIII"}),
        ("XIX XVIII", {"XIX", "XVII"}),
        ("XIX XVIII XVII", {"XIX", "XVI"}),
        ("XIX XVIII XVII XVI", {"XIX"}),
        ("XVIII", {"XIX"}),
        ("XIX XVII", {"XIX", "XVIII"}),
    ],
)
def test_lower_calls_need_every_higher_callable_tarok(held, callable_):
    """CZ-2: 'XVIII only if the bidder holds XIX and not XVIII; XVII only with XIX and XVIII
    and not XVII; XVI only with XIX, XVIII, XVII and not XVI.'"""
    filler = [c for c in LOW.split()][: 12 - len(held.split())]
    g = povinnost_to_call({0: held + " " + " ".join(filler)})
    calls = {a.card.short for a in g.legal_actions(0) if a.kind is Kind.CALL}
    assert calls == callable_


def test_call_before_the_talon():
    """CZ-2: 'The call is made on the hand before any talon card is drawn.'"""
    g = povinnost_to_call({})
    assert g.phase is Phase.CALL and g.drawn[0] == 0


def test_povinnost_talon_four_then_one_and_one():
    """CZ-3: 'Bidder draws 4 and discards 4; then the next seat after the bidder, then the
    seat after that, each draw 1 and discard 1. ... All six talon cards end up in hands.'"""
    g = povinnost_to_call({0: "XX " + LOW}, talon="KH QH QS 1D JS 2D")
    g.act(0, A("call", "XIX"))
    assert g.hands[0] >> parse_card("KH") & 1  # drawn among the top four
    assert g.phase is Phase.DISCARD and g.discard_need == 4
    for c in ("7S", "8S", "9S", "10S"):
        g.act(0, A("discard", c))
    assert g.phase is Phase.TALON and g.to_act == 1
    g.act(1, A("draw"))
    assert g.hands[1] >> parse_card("JS") & 1
    g.act(1, g.legal_actions(1)[0])
    assert g.to_act == 2
    g.act(2, A("draw"))
    assert g.hands[2] >> parse_card("2D") & 1
    g.act(2, g.legal_actions(2)[0])
    assert g.phase is Phase.ANNOUNCE
    assert all(g.hands[s].bit_count() == 12 for s in range(4))


def test_one_may_decline_then_the_third_draws():
    """CZ-3: 'One of those two may pass; then the third seat after the bidder draws the last
    card. Never two passes.'"""
    g = povinnost_to_call({0: "XIX " + LOW}, talon="KH QH QS JS 2D XX")
    g.act(0, A("call", "XIX"))
    for c in ("7S", "8S", "9S", "10S"):
        g.act(0, A("discard", c))
    g.act(1, A("decline"))
    assert g.to_act == 2 and g.legal_actions(2) == [A("draw")]
    with pytest.raises(IllegalAction):
        g.act(2, A("decline"))
    g.act(2, A("draw"))
    g.act(2, g.legal_actions(2)[0])
    assert g.phase is Phase.DISCARD and g.discard_seat == 3  # drew the last card itself
    assert g.hands[3] >> parse_card("XX") & 1
    g.act(3, g.legal_actions(3)[0])
    assert g.phase is Phase.ANNOUNCE


def test_second_may_decline_after_first_drew():
    g = povinnost_to_call({0: "XIX " + LOW}, talon="KH QH QS JS 2D XX")
    g.act(0, A("call", "XIX"))
    for c in ("7S", "8S", "9S", "10S"):
        g.act(0, A("discard", c))
    g.act(1, A("draw"))
    g.act(1, g.legal_actions(1)[0])
    g.act(2, A("decline"))
    assert g.discard_seat == 3


def test_no_five_point_discards_and_taroky_only_when_forced():
    """'The discarded cards must not include any 5-point cards ... It is not permitted to
    discard taroky unless you have no alternative (your remaining hand consists entirely of
    taroky and kings). Any taroky discarded must be placed face up.'"""
    g = povinnost_to_call({0: "XIX XX Sk I KH KD II III IV V VI 7S"},
                          talon="XXI KS KC VII 1D XVIII")
    g.act(0, A("call", "XVIII"))
    allowed = {a.card.short for a in g.legal_actions(0)}
    # one plain non-king card (7S): taroky are forced, but never the 5-point ones
    assert allowed == {"7S", "II", "III", "IV", "V", "VI", "VII", "XIX", "XX"}
    g.act(0, A("discard", "II"))
    assert (0, parse_card("II")) in g.public_discards
    ev = [e for e in g.log if e.kind == "discard_tarok"][-1]
    assert ev.audience is None and "II" in ev.text or "tarok II" in ev.text
    g.act(0, A("discard", "III"))
    g.act(0, A("discard", "IV"))
    # one discard left, one plain card left: it must go
    assert {a.card.short for a in g.legal_actions(0)} == {"7S"}


def test_plain_cards_first_when_enough():
    g = povinnost_to_call({0: "XIX " + LOW})
    g.act(0, A("call", "XIX"))
    assert all(not a.card.is_tarok and not a.card.is_king for a in g.legal_actions(0))


def test_surrender_when_bidder_draws_called_card():
    """CZ-4: 'If the bidder of základní povinnost draws the called card, the bidder may
    surrender at once and pays Kč 1.00 to each opponent; no other payment that hand.'"""
    g = povinnost_to_call({0: "XX " + LOW}, talon="XIX KH QH QS JS 2D")
    g.act(0, A("call", "XIX"))
    assert g.phase is Phase.SURRENDER
    g.act(0, A("surrender"))
    assert g.is_over
    assert dict(g.result.net) == {0: -300, 1: 100, 2: 100, 3: 100}
    assert len(g.result.lines) == 1
    # (the amount is a field said in each reader's language, the one the payment is: issue #14)
    said = [e.msg for e in g.log if e.kind == "result"][-1]
    assert said is not None and said.values["amount"] == Money("czk_hal", 100)
    assert "Kč 1.00" in said.say(ENGLISH)


def test_play_on_after_drawing_called_card():
    g = povinnost_to_call({0: "XX " + LOW}, talon="XIX KH QH QS JS 2D")
    g.act(0, A("call", "XIX"))
    g.act(0, A("play_on".replace("_", "")))
    assert g.phase is Phase.DISCARD and g.discard_need == 4


def test_no_surrender_in_druha():
    """CZ-4: 'Not allowed in druhá povinnost.'"""
    g = game({1: "I XX " + LOW[:-3]}, talon="XIX KH QH QS JS 2D")
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("bid", "druha"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, A("call", "XIX"))
    assert g.phase is Phase.DISCARD


def trojka(talon="KH KD KS 1D 2D 3D", options=None):
    g = game({0: "XIX XX " + LOW[:-6] + " 4D"}, talon=talon, options=options)
    g.act(0, A("bid", "trojka"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    return g


def test_trojka_level_one():
    """Trojka: 'add these three cards to your hand and discard three ...; the other three
    talon cards are counted with your opponents' tricks but no one sees these cards until
    the end of the play; this is called playing on the first level'."""
    g = trojka()
    assert g.view_for(0).talon_seen == tuple(parse_cards("KH KD KS"))
    assert g.view_for(1).talon_seen == ()
    g.act(0, A("take", 1))
    assert g.level == 1 and g.exposed == []
    assert g.talon_to_opponents == sum(1 << c for c in parse_cards("1D 2D 3D"))
    assert g.phase is Phase.DISCARD and g.discard_need == 3


def test_trojka_level_two_exposes_first_three():
    """'place the first three talon cards face up on the table and pick up the second three
    ... playing on the second level'"""
    g = trojka()
    g.act(0, A("reject"))
    assert [c.short for c in g.exposed] == ["KH", "KD", "KS"]
    g.act(0, A("take", 2))
    assert g.level == 2
    assert g.talon_to_opponents == sum(1 << c for c in parse_cards("KH KD KS"))


def test_trojka_level_three_shows_second_and_takes_first():
    """'place the second three cards face up on the table, pick up the first three cards
    again ... playing on the third level'"""
    g = trojka()
    g.act(0, A("reject"))
    g.act(0, A("take", 1))
    assert g.level == 3
    assert {c.short for c in g.exposed} >= {"1D", "2D", "3D"}
    assert g.hands[0] >> parse_card("KH") & 1
    assert g.talon_to_opponents == sum(1 << c for c in parse_cards("1D 2D 3D"))


def test_trojka_hidden_talon_option():
    """CZ-14: 'top three talon cards never exposed in trojka' (the bottom three only after
    the bidder rejects them and plays on the third level)."""
    g = trojka(options={"trojka_hidden_talon": True})
    g.act(0, A("reject"))
    assert g.exposed == []
    g.act(0, A("take", 1))
    assert [c.short for c in g.exposed] == ["1D", "2D", "3D"]


def test_solo_talon_unseen_and_counts_for_opponents():
    """'If you bid sólo ... No one sees the talon until after the play. The six talon cards
    are then counted with your opponents' tricks.'"""
    g = game({}, talon="KH KD KS 7S 8S 9S")
    g.act(0, A("bid", "solo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    assert g.phase is Phase.ANNOUNCE
    assert g.talon_to_opponents == sum(1 << c for c in g.talon)
    assert all(g.view_for(s).talon_seen == () for s in range(4))
