"""Polish Taroki, Zabrzeg (the second part of czech-taroky-hlucin-and-polish-taroki-zabrzeg.txt;
CLARIFICATIONS-2.md section 1, PL-1 … PL-21), on stacked decks.  Seat 0 is forehand (seat
3 deals) unless a test says otherwise; A, B, C, D of the computed examples are seats 0–3."""

from __future__ import annotations

import pytest

from bot.engine import POOL, Phase, Session, find_variant, new_game
from bot.engine.actions import Kind, act
from bot.engine.cards import parse_cards
from bot.engine.errors import BadInput, IllegalAction
from bot.engine.game import Game
from bot.engine.variants.polish import (
    DECLARATIONS,
    PAGAT_LAST,
    WALAT,
    basic_score,
    kings_and_honours,
    throw_in_holding,
)

from .helpers import (
    A,
    all_done,
    call_and_exchange,
    discard_first,
    force_end,
    game,
    labels,
    legal,
    net,
    stack,
)

SUITS_12 = "7C 8C 9C 10C JC CC 7S 8S 9S 10S JS CS"  # twelve suit cards, no king
SUITS_10 = "7C 8C 9C 10C JC CC 7S 8S 9S 10S"
SUITS_11 = SUITS_10 + " JS"
RED_12 = "KH QH CH JH 1H 2H 3H 4H KD QD CD JD"  # twelve other suit cards


def pl(hands=None, talon="", **kw) -> Game:
    return game(hands or {}, talon, variant="polish", **kw)


def keep_all(g: Game) -> None:
    """PL-2: everyone keeps the hand in the round before the bidding (when it is held)."""
    while g.phase is Phase.THROW_IN and g.contract is None:
        s = g.to_act
        assert s is not None
        g.act(s, A("keep"))


def mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


def powinnosc_to_announce(hands, talon="", bid="powinnosc", called="XIX",
                          draws=("draw", "draw"), **kw) -> Game:
    """Forehand (seat 0) bids ``bid`` (for pagat: seat 1 bids it over powinność), the
    others pass; the bidder calls ``called`` and the talon is exchanged."""
    g = pl(hands, talon, **kw)
    keep_all(g)
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("bid", bid) if bid != "powinnosc" and s == 1 else A("pass"))
    return call_and_exchange(g, called, draws)


def brewer_to_announce(hands, talon="2H 3H 4H 1H 2D 3D", level=1, **kw) -> Game:
    g = pl(hands, talon, **kw)
    keep_all(g)
    g.act(0, A("bid", "brewer"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    if level == 1:
        g.act(0, A("take", 1))
    elif level == 2:
        g.act(0, A("reject"))
        g.act(0, A("take", 2))
    else:
        g.act(0, A("reject"))
        g.act(0, A("take", 1))
    discard_first(g)
    assert g.phase is Phase.ANNOUNCE and g.level == level
    return g


def say(g: Game, *steps: tuple[int, str, object]) -> None:
    """Announcement turns: (seat, kind, value); each seat's turn is closed with Done."""
    for seat, kind, value in steps:
        assert g.to_act == seat, (g.to_act, seat)
        if kind != "done":
            g.act(seat, act(Kind(kind), value))
        if g.phase is Phase.ANNOUNCE and g.to_act == seat:
            g.act(seat, A("done"))


def finish(g: Game, decl_points: int, tricks=(), last=None, per=None) -> Game:
    """Jump to the end of play (``force_end``): the bidder's side counts ``decl_points``
    card points; ``tricks`` are the first tricks and ``last`` the last one (lists of (seat,
    card), the engine saying who wins), ``per`` the tricks each seat won in all."""
    force_end(g, decl_points, last=last, tricks=per, early=tricks)
    return g


def line(g: Game, label: str) -> dict[int, int]:
    assert g.result is not None
    found = [ln for ln in g.result.lines if ln.label.startswith(label)]
    assert len(found) == 1, [ln.label for ln in g.result.lines]
    return dict(found[0].net)


# ---- PL-1, PL-21: the game and its names ------------------------------------------------


def test_registered_under_polish_names():
    """PL-1: "Names: povinnost→powinność, druhá→pagat, trojka→brewer, sólo→zolo brewer,
    flek/reflek/super→kontra/re/sub/mord"; PL-20: scores are kept in game points."""
    v = find_variant("zabrzeg")
    assert v is find_variant("polish")
    assert [c.title for c in sorted(v.contracts.values(), key=lambda c: c.rank)] == [
        "Powinność", "Pagat", "Brewer", "Zolo brewer"]
    assert v.double_words[1:] == ("Kontra", "Re", "Sub", "Mord") and v.max_double == 4
    assert v.currency == "points"


def test_four_or_five_players():
    """PL-21: "Four, or five with C-5"."""
    g = pl(seats=5, dealer=2)
    assert g.sitting_out == 2 and len(g.active) == 4
    with pytest.raises(BadInput):
        new_game("polish", players=3)


# ---- PL-2: the throw-in ------------------------------------------------------------------


@pytest.mark.parametrize("holding, ok", [
    ("", True), ("Sk", True), ("XXI", True), ("I", True), ("XXI I", True),
    ("Sk I", False), ("Sk XXI", False), ("V", False), ("XXI I II", False),
])
def test_throw_in_holdings(holding, ok):
    """PL-2: "no tarok; exactly one tarok, and it is the skiż, the mund or the pagat;
    exactly two taroki, the mund and the pagat. Skiż + pagat or skiż + mund alone do not
    qualify"."""
    taroky = parse_cards(holding) if holding else []
    hand = [*taroky, *parse_cards(SUITS_12)][:12]
    assert throw_in_holding(mask(" ".join(c.short for c in hand))) is ok
    g = pl({0: hand})
    assert (("throwin", None) in legal(g, 0)) is ok


def test_throw_in_ends_the_deal_and_the_same_dealer_deals_again():
    """PL-2: "The first player to accept ends the deal: no score, nothing paid into the pot,
    and the same dealer deals again (unlike NE, KZ and RO)"."""
    session = Session.begin("polish", 4, dealer=3, pool=7)
    g = session.deal(deck=stack({0: "V VI " + SUITS_10, 1: RED_12,
                                 2: "XXI I 1D 2D 3D 4D KS QS JS CS KC QC"}, dealer=3))
    keep = g.legal_actions(0)
    assert g.phase is Phase.THROW_IN and [a.kind for a in keep] == [Kind.KEEP]
    g.act(0, A("keep"))
    assert ("throwin", None) in legal(g, 1)
    assert g.view_for(0).legal == () and g.public_view().legal == ()
    assert "throw the hand in" in g.view_for(1).prompt
    g.act(1, A("throwin"))
    assert g.is_over and g.result is not None and g.result.thrown_in
    assert g.result.net == {} and g.result.transfers == []
    assert g.to_act is None and g.bids == []  # seat 2 (who could throw in too) is not asked
    session.record(g)
    assert session.dealer == 3 and session.pool == 7 and session.totals == [0, 0, 0, 0]
    assert session.deal().dealer == 3


def test_throw_in_round_comes_before_any_bid_in_play_order_from_forehand():
    """PL-2: "Before the first bid, each player (in play order from forehand) is privately
    offered the throw-in": every seat is asked, forehand first, and none has heard a bid; when
    all keep their hands the bidding starts with forehand."""
    g = pl({2: "XXI " + SUITS_11}, dealer=1)  # forehand is seat 2, who may throw in
    asked = []
    while g.phase is Phase.THROW_IN:
        s = g.to_act
        assert s is not None
        asked.append(s)
        view = g.view_for(s)
        assert view.bids == () and g.bids == []
        assert view.legal == tuple(g.legal_actions(s))
        assert (("throwin", None) in {(a.kind.value, a.value) for a in view.legal}) is (s == 2)
        for other in range(4):  # privately: nobody else sees the offer
            if other != s:
                assert g.view_for(other).legal == ()
        assert g.public_view().legal == ()
        g.act(s, A("keep"))
    assert asked == [2, 3, 0, 1]
    assert g.phase is Phase.AUCTION and g.to_act == 2 and g.bids == []
    with pytest.raises(IllegalAction):
        g.verify(2, A("throwin"))  # the offer does not come back at the bidding


def test_no_round_when_no_hand_may_be_thrown_in():
    """PL-2: the throw-in is offered only to those holdings: with none at the table the
    bidding starts at once."""
    g = pl({0: "V VI " + SUITS_10, 1: "II III " + "KH KD KS KC QH QD CH CD JH JD",
            2: "IV VII 2H 3H 4H 1H 1D 2D 3D 4D QS QC", 3: "VIII IX X XI XII XIII XIV XV XVI "
            "XVII XVIII XIX"}, talon="XX XXI I Sk JS CS")
    assert g.phase is Phase.AUCTION and g.to_act == 0


def test_no_throw_in_for_a_playable_hand():
    """PL-2: the throw-in is offered only to those holdings; a refusal says the rule."""
    g = pl({0: "V VI " + SUITS_10, 1: RED_12})
    assert g.phase is Phase.THROW_IN and g.to_act == 0
    with pytest.raises(IllegalAction, match="may throw the hand in"):
        g.verify(0, A("throwin"))
    assert "may throw the hand in" in g.explain(0)


def test_throw_in_record_replays():
    """PL-2: a hand thrown in before the bidding replays from its record."""
    from bot.engine import replay_record
    from bot.engine.recording import game_to_record

    g = pl({0: "V VI " + SUITS_10, 1: "Sk 1H 2H 3H 4H KH QH CH JH KD QD CD"})
    g.act(0, A("keep"))
    g.act(1, A("throwin"))
    again = replay_record(game_to_record(g))
    assert again.is_over and again.throw_in_by == 1 and again.history == g.history
    assert [e.text for e in again.log] == [e.text for e in g.log]


# ---- PL-3: the auction -------------------------------------------------------------------


def test_forehand_must_bid_and_pagat_only_over_powinnosc_by_its_holder():
    """PL-3: "Forehand must bid powinność, brewer or zolo brewer. A pagat bid is allowed
    only over forehand's powinność and only from a holder of the pagat (CZ-1)."""
    g = pl({0: "V VI VII VIII IX X XI XII XIII XIV XV XVI", 1: "I II III IV KH KD KS KC 7C 8C 9C 10C"})
    assert legal(g, 0) == {("bid", "powinnosc"), ("bid", "brewer"), ("bid", "zolo")}
    g.act(0, A("bid", "powinnosc"))
    assert legal(g, 1) == {("pass", None), ("bid", "pagat_bid"), ("bid", "brewer"), ("bid", "zolo")}
    g.act(1, A("pass"))
    assert ("bid", "pagat_bid") not in legal(g, 2)  # seat 2 does not hold the pagat
    with pytest.raises(IllegalAction, match="holds the pagat"):
        g.verify(2, A("bid", "pagat_bid"))


def test_all_pass_over_powinnosc_forehand_must_call():
    """PL-3: "If the others all pass over powinność, forehand must call a partner (no
    Varšava)."""
    g = pl()
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    assert g.phase is Phase.CALL
    assert {a.kind for a in g.legal_actions(0)} == {Kind.CALL}
    assert ("call", parse_cards("XIX")[0]) in legal(g, 0)


# ---- PL-4, PL-5: call, talon, surrender ---------------------------------------------------


def test_call_and_discards_follow_the_czech_rules():
    """PL-4: "CZ-2 and CZ-3 apply to powinność and pagat … Discards: never a 5-point card;
    taroki only when forced, and face up."""
    g = pl({0: "XIX XVIII I KH " + "7C 8C 9C 10C JC CC 7S 8S"}, talon="2H 3H 4H KD 1D 2D")
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    calls = {a.card.short for a in g.legal_actions(0)}
    assert calls == {"XIX", "XVII"}  # XVIII is held, XVI needs XVII
    g.act(0, A("call", "XVII"))
    assert g.phase is Phase.DISCARD
    may = {a.card.short for a in g.legal_actions(0)}
    assert not may & {"KH", "KD", "I"} and not may & {"XIX", "XVIII"}


def test_surrender_pays_four_to_each_opponent():
    """PL-5: "CZ-4 … applies to powinność only … the default is 4 game points to each
    opponent"."""
    g = pl({0: "V VI " + SUITS_10}, talon="XIX 2H 3H 4H 1D 2D")
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("call", "XIX"))
    assert g.phase is Phase.SURRENDER
    g.act(0, A("surrender"))
    assert net(g) == {0: -12, 1: 4, 2: 4, 3: 4}


def test_no_surrender_in_a_pagat_bid_or_when_switched_off():
    """PL-5: surrender "applies to powinność only"; "Option surrender_points, default 4; 0
    switches surrender off"."""
    hands = {0: "V VI " + SUITS_10, 1: "I II III " + "KH QH CH JH 2H 3H 4H 1H KD"}
    g = pl(hands, talon="XIX 2D 3D 4D 1D QD")
    g.act(0, A("bid", "powinnosc"))
    g.act(1, A("bid", "pagat_bid"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, A("call", "XIX"))
    assert g.phase is Phase.DISCARD  # no surrender
    g = pl(hands, talon="XIX 2D 3D 4D 1D QD", options={"surrender_points": 0})
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("call", "XIX"))
    assert g.phase is Phase.DISCARD


# ---- PL-6: announcements and the four doubles --------------------------------------------


def test_four_doubles_on_the_game_by_alternating_sides():
    """PL-6: "Kontra ×2 is said by the opposing side, re ×4 by the announcing side, sub ×8 by
    the side that said kontra, mord ×16 by the announcing side."""
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"})
    say(g, (0, "done", None), (1, "double", "game"))
    assert g.ann.game_level == 1
    assert ("double", "game") not in legal(g, 2)  # the kontra side may not re
    say(g, (2, "done", None), (3, "done", None), (0, "double", "game"), (1, "double", "game"),
        (0, "double", "game"))
    assert g.ann.game_level == 4 and g.view_for(0).doubles == (("game", 4),)
    all_done(g)
    finish(g, 50)  # L = 20: basic 4, × 3 (level 1), × 16
    assert line(g, "Game") == {0: 4 * 3 * 16 * 3, 1: -192, 2: -192, 3: -192}
    assert "× 16 (mord)" in labels(g)[0]


def test_a_pagat_bid_is_an_announced_pagat():
    """PL-6: "A pagat bid counts as an announced pagat that cannot be withdrawn; the bidder
    announces nothing more about the pagat in the round."""
    g = powinnosc_to_announce({1: "I II III IV V VI KH KD 7C 8C 9C 10C"}, bid="pagat_bid")
    assert g.ann.announced[PAGAT_LAST].seat == 1
    assert g.to_act == 1 and ("announce", PAGAT_LAST) not in legal(g)
    assert g.kept[1] == 0  # (play has not started)
    all_done(g)
    assert g.kept[1] == 1 << parse_cards("I")[0]  # PL-8: kept for the last trick


def test_a_pagat_announced_by_an_opponent_is_doubled_by_the_bidder_side():
    """PL-6: "Sides are the true sides (CZ-6): a pagat announced by an opponent of the
    bidder is doubled by the bidder's side." Declarations are never doubled."""
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD",
                            2: "I II III 7C 8C 9C 10C JC 7S 8S 9S"})
    say(g, (0, "done", None), (1, "done", None), (2, "announce", PAGAT_LAST))
    assert g.to_act == 3 and ("double", PAGAT_LAST) not in legal(g)
    say(g, (3, "done", None))
    assert ("double", PAGAT_LAST) in legal(g, 0)
    assert not any(a.kind is Kind.DOUBLE and a.value in DECLARATIONS for a in g.candidates(0))


# ---- PL-7, PL-8: play ------------------------------------------------------------------


@pytest.mark.parametrize("order", ["Sk XXI I", "Sk I XXI", "XXI Sk I", "XXI I Sk", "I Sk XXI",
                                   "I XXI Sk"])
def test_honours_trick_is_won_by_the_pagat_in_any_order(order):
    """PL-7: "If the skiż, the mund and the pagat are all played to one trick — in any
    order, in any trick, the last included — the pagat wins the trick. Unlike NE-6 there is
    no order condition."""
    v = find_variant("polish")
    for pos in range(4):  # a fourth card anywhere in the trick
        cards = parse_cards(order)
        cards.insert(pos, parse_cards("XX")[0])
        plays = list(enumerate(cards))
        winner = next(s for s, c in plays if c.short == "I")
        assert v.trick_winner(plays) == winner
    assert v.trick_winner(list(enumerate(parse_cards("Sk XXI II XX")))) == 0


def test_an_announced_pagat_is_kept():
    """PL-8: "As CZ-11: an announced pagat must be kept for the last trick unless it is the
    only legal card."""
    g = brewer_to_announce({0: "I II III XIX XVIII XVII KH KD KS KC QH QD"})
    say(g, (0, "announce", PAGAT_LAST))
    all_done(g)
    assert g.phase is Phase.PLAY and g.to_act == 0
    assert ("play", parse_cards("I")[0]) not in legal(g, 0)
    with pytest.raises(IllegalAction, match="keep it"):
        g.verify(0, A("play", "I"))


# ---- PL-9: the game -------------------------------------------------------------------------


def test_basic_score_table_and_the_text_example():
    """PL-9: the table (L 33–35: 1, 28–32: 2, … 0–2: 8); "if the losers have 27 card points,
    divide 8 by 5 and round up to 2, and then add 1 for a basic score of 3 game points"."""
    table = {range(33, 36): 1, range(28, 33): 2, range(23, 28): 3, range(18, 23): 4,
             range(13, 18): 5, range(8, 13): 6, range(3, 8): 7, range(0, 3): 8}
    for span, want in table.items():
        for losers in span:
            assert basic_score(losers) == want, losers
    assert basic_score(27) == 3


def test_rounding_option():
    """PL-9 / computed example 5: "L = 34 gives basic 1 (nearest) or 2 (up)"."""
    assert basic_score(34, "nearest") == 1 and basic_score(34, "up") == 2
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"}, level=3,
                           options={"basic_rounding": "up"})
    all_done(g)
    finish(g, 36)  # L = 34
    assert line(g, "Game")[0] == 2 * 3


@pytest.mark.parametrize("level, factor", [(1, 3), (2, 2), (3, 1)])
def test_brewer_factors(level, factor):
    """Tests from the text: "brewer ×3 / ×2 / ×1 by level … With L = 27: 9, 6, 3"."""
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"}, level=level)
    all_done(g)
    finish(g, 43)
    assert line(g, "Game") == {0: 3 * factor * 3, 1: -3 * factor, 2: -3 * factor, 3: -3 * factor}


def test_zolo_factor_six():
    """Tests from the text: "zolo ×6. With L = 27: … 18"."""
    g = pl({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"})
    g.act(0, A("bid", "zolo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    all_done(g)
    finish(g, 43)
    assert line(g, "Game") == {0: 54, 1: -18, 2: -18, 3: -18}


def test_pagat_bid_game_is_the_basic_score():
    """PL-9: "Factors: powinność 1; pagat 1"."""
    g = powinnosc_to_announce({1: "I II III IV V VI KH KD 7C 8C 9C 10C",
                               2: "XIX XVIII XVII KS KC 2H 3H 4H 1H 2D 3D 4D"}, bid="pagat_bid")
    all_done(g)
    finish(g, 48)  # L = 22: basic 4
    assert line(g, "Game") == {1: 4, 2: 4, 0: -4, 3: -4}


def test_35_35_the_bidder_side_loses_basic_one():
    """PL-9: "At 35 : 35 the bidder's side loses, with L = 35: the opponents win basic 1 ×
    contract factor × 2^doubles."""
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"}, level=2)
    say(g, (0, "done", None), (1, "double", "game"))
    all_done(g)
    finish(g, 35)
    assert line(g, "Game") == {0: -12, 1: 4, 2: 4, 3: 4}


# ---- PL-10: the pagat bonus ----------------------------------------------------------------


def test_silent_pagat_won_and_lost_to_a_partner():
    """PL-10 / tests from the text: "A silent pagat beaten in the last trick costs 4,
    'irrespective of whether the trick was won by the partner or an opponent'"."""
    g = powinnosc_to_announce({0: "XV XIV " + SUITS_10,
                               2: "XIX I II III KH KD 2H 3H 4H 1H 2D 3D"})
    all_done(g)
    assert g.declarer_side == {0, 2}
    finish(g, 40, last=[(0, "7C"), (1, "8C"), (2, "I"), (3, "9C")])
    assert line(g, "Pagat won") == {0: 4, 2: 4, 1: -4, 3: -4}
    g = powinnosc_to_announce({0: "XV XIV " + SUITS_10,
                               2: "XIX I II III KH KD 2H 3H 4H 1H 2D 3D"})
    all_done(g)
    finish(g, 40, last=[(0, "XV"), (1, "8C"), (2, "I"), (3, "9C")])  # the partner beats it
    assert line(g, "Pagat lost") == {0: -4, 2: -4, 1: 4, 3: 4}


def test_announced_pagat_eight_and_its_doubles():
    """PL-10: "Announced: success +8. Failure −8 — either it is played before the last
    trick, or it is beaten in it … Doubles multiply the announced pagat only."""
    def hand(last, early=()):
        g = brewer_to_announce({0: "I II III XIX XVIII XVII KH KD KS KC QH QD"})
        say(g, (0, "announce", PAGAT_LAST), (1, "double", PAGAT_LAST))
        all_done(g)
        return finish(g, 40, tricks=early, last=last)

    g = hand([(0, "I"), (1, "7C"), (2, "8C"), (3, "9C")])
    assert line(g, "Pagat announced and won") == {0: 48, 1: -16, 2: -16, 3: -16}
    assert line(g, "Game")[0] == 2 * 3 * 3  # the game is not doubled
    g = hand([(0, "II"), (1, "7C"), (2, "8C"), (3, "9C")], early=[[(0, "I"), (1, "V"), (2, "7S"), (3, "8S")]])
    assert line(g, "Pagat announced and lost") == {0: -48, 1: 16, 2: 16, 3: 16}


# ---- PL-11: walat --------------------------------------------------------------------------


def test_walat_twenty_replaces_everything():
    """PL-11 / tests from the text: "Walat: 20, or 40 announced, replacing everything else"
    — no game, pagat or declarations."""
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"})
    say(g, (0, "declare", "kenix_trul_honer"))
    all_done(g)
    finish(g, 70, last=[(0, "Sk"), (1, "7C"), (2, "8C"), (3, "9C")], per={0: 12})
    assert labels(g) == ["Walat: every trick"]
    assert net(g) == {0: 60, 1: -20, 2: -20, 3: -20}


def test_announced_walat_forty_made_missed_and_the_options():
    """PL-11: "An announced walat gains 40 if it succeeds and costs 40 if it fails (× its
    doubles)" and "Option failed_walat: supersede (default) or add"."""
    def hand(per, **opts):
        g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"}, options=opts)
        say(g, (0, "announce", WALAT), (1, "double", WALAT))
        all_done(g)
        return finish(g, 60, per=per)

    assert net(hand({0: 12})) == {0: 240, 1: -80, 2: -80, 3: -80}
    g = hand({0: 11, 1: 1})
    assert labels(g) == ["Walat announced and missed"] and net(g)[0] == -240
    g = hand({0: 11, 1: 1}, failed_walat="add")
    assert labels(g)[0].startswith("Game") and line(g, "Walat announced and missed")[0] == -240


def test_walat_announced_by_one_side_and_taken_by_the_other():
    """PL-11: "Edge case: side A announced walat and side B took every trick. A's side pays
    B's side 20 + 40 × 2^(A's walat doubles)"."""
    g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"})
    say(g, (0, "announce", WALAT))
    all_done(g)
    finish(g, 0, per={1: 12})
    assert net(g) == {0: -180, 1: 60, 2: 60, 3: 60}


def test_walat_and_the_pot():
    """PL-11: "the pot flows (PL-15, PL-16) still take place; option walat_supersedes_pot,
    default off."""
    for opt, pot in ((False, True), (True, False)):
        g = brewer_to_announce({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"},
                               options={"walat_supersedes_pot": opt})
        all_done(g)
        finish(g, 70, tricks=[[(0, "Sk"), (1, "XXI"), (2, "7C"), (3, "8C")]], per={0: 12})
        assert (POOL in net(g)) is pot


# ---- PL-12: declarations -----------------------------------------------------------------


def test_declaration_values():
    """Tests from the text: "Declaration values: Barwy 3, Honery 4, Trul 5, Trul-honer 6,
    Kenix-trul 5, Kenix-trul-honer 6, Mały 2, Duży 4"."""
    assert DECLARATIONS == {"barwy": 3, "honery": 4, "trul": 5, "trul_honer": 6,
                            "kenix_trul": 5, "kenix_trul_honer": 6, "maly_tarok": 2,
                            "duzy_tarok": 4}


@pytest.mark.parametrize("kings, honours, want", [
    (0, 3, ("trul",)), (1, 3, ("trul_honer",)), (3, 3, ("trul_honer",)),
    (4, 0, ("kenix_trul",)), (4, 1, ("kenix_trul_honer",)), (4, 2, ("kenix_trul_honer",)),
    (2, 2, ("honery",)), (3, 1, ("honery",)), (3, 2, ("honery",)), (4, 3, ("trul", "kenix_trul")),
    (2, 1, ()), (1, 2, ()), (3, 0, ()),
])
def test_kings_and_honours_table(kings, honours, want):
    """PL-12: the table of kings and honours; "A hand of 3 kings and 2 honours contains '3
    kings and 1 honour', so it is Honery"; "k = 4, h = 3 | Trul + Kenix-trul"."""
    assert kings_and_honours(kings, honours) == want


def test_all_seven_five_point_cards_score_ten():
    """Tests from the text: "all seven 5-point cards ... Trul and Kenix-trul for a total of 10
    game points"; "The two groups add up" and declarations are never doubled."""
    g = brewer_to_announce({0: "Sk XXI I XIX XVIII XVII KH KD KS KC QH QD"})
    assert g.true_declarations(0) == ["trul", "kenix_trul"]
    g.act(0, A("declare", "trul"))
    g.act(0, A("declare", "kenix_trul"))
    all_done(g)
    finish(g, 40)
    got = [v for ln in g.result.lines if ln.label.startswith("Seat 1 declared")
           for s, v in ln.net.items() if s == 0]
    assert sum(got) == 30  # 10 from each of three opponents


def test_barwy_counts_the_pagat_and_adds_to_kings():
    """PL-12: "Barwy, 0–2 taroki, 3 points (the pagat counts as a tarok here, unlike Czech
    barvy)"; "The two groups add up; for example, Barwy with four kings = 3 + 5 = 8"; a
    player is offered only what the holding earns."""
    g = brewer_to_announce({0: "I II KH KD KS KC QH QD CH CD JH JD"})
    assert g.true_declarations(0) == ["barwy", "kenix_trul_honer"]
    g = brewer_to_announce({0: "I II III KH KD KS KC QH QD CH CD JH"})
    assert "barwy" not in g.true_declarations(0)
    g = brewer_to_announce({0: "V II KH KD KS KC QH QD CH CD JH JD"})
    assert g.true_declarations(0) == ["barwy", "kenix_trul"]
    with pytest.raises(IllegalAction, match="do not hold"):
        g.verify(0, A("declare", "trul"))


# ---- Computed examples 1, 2 (PL-9, PL-12, PL-14) ------------------------------------------


def _example_1_2(kontra: bool) -> Game:
    g = powinnosc_to_announce({1: "II V " + SUITS_10,
                               2: "XIX XVIII XVII KH KD 2H 3H 4H 1H 2D 3D 4D"},
                              talon="QH CH JH QD CD JD", draws=("decline", "draw"))
    say(g, (0, "done", None), (1, "declare", "barwy"), (2, "done", None))
    say(g, (3, "double", "game") if kontra else (3, "done", None))
    all_done(g)
    return finish(g, 44)


def test_computed_example_1_kontra_and_a_declaration():
    """Computed example 1: "Basic 3; game 3 × 2 = +6. Barwy −3. Net per pair +3: A +3, C +3,
    B −3, D −3. The pot is untouched."""
    g = _example_1_2(kontra=True)
    assert g.declarer_side == {0, 2}
    assert net(g) == {0: 3, 2: 3, 1: -3, 3: -3}


def test_computed_example_2_zero_net():
    """Computed example 2 / PL-14: "The same hand without the kontra: game +3, Barwy −3, net
    0. A and C each pay 5 to the pot. Result: A −5, C −5, B 0, D 0, pot +10."""
    g = _example_1_2(kontra=False)
    assert net(g) == {0: -5, 2: -5, POOL: 10}


def test_zero_net_lone_bidder_pays_five():
    """PL-14: "a lone bidder pays 5" (here the bidder called the XIX he holds)."""
    g = powinnosc_to_announce({0: "XIX V " + SUITS_10,
                               1: "II VI " + "KH QH CH JH 2H 3H 4H 1H KD QD"},
                              talon="CD JD 1D 2D 3D 4D")
    assert g.declarer_side == {0}
    say(g, (0, "done", None), (1, "declare", "barwy"))
    all_done(g)
    finish(g, 44)  # basic 3 from each opponent, barwy 3 to each: zero
    assert net(g) == {0: -5, POOL: 5}


# ---- Computed examples 3, 4 (PL-15, PL-16, PL-17) ------------------------------------------


def test_computed_example_3_brewer_pagat_and_pot():
    """Computed example 3: "The pot holds 25. A plays brewer at level 1 and announces pagat.
    A's skiż captures B's mund, so B pays 10 to the pot. A takes 50 points (L = 20, basic 4,
    × 3 = 12), and the pagat wins the last trick (+8). … Result: A +95, B −30, C −20, D −20,
    pot −25."""
    g = brewer_to_announce({0: "Sk I XIX XVIII XVII XVI KH KD KS KC QH QD",
                            1: "XXI " + SUITS_11}, pool=25)
    say(g, (0, "announce", PAGAT_LAST))
    all_done(g)
    finish(g, 50, tricks=[[(0, "Sk"), (1, "XXI"), (2, "KH"), (3, "JS")]],
           last=[(0, "I"), (1, "7C"), (2, "8C"), (3, "9C")], per={0: 10, 1: 1, 2: 1})
    assert line(g, "Seat 2's mund was captured") == {1: -10, POOL: 10}
    assert line(g, "The announced pagat won") == {0: 35, POOL: -35}
    assert net(g) == {0: 95, 1: -30, 2: -20, 3: -20, POOL: -25}


def test_computed_example_4_honours_trick():
    """Computed example 4 / PL-15: "In trick 3, B plays the skiż, C the mund and A the pagat;
    A and C are partners. The pagat wins. B pays 15 to the pot. C pays nothing, because the
    partner won the mund. There is no pagat bonus, since it was not the last trick."""
    g = powinnosc_to_announce({0: "I V " + SUITS_10,
                               1: "Sk VI " + "KH QH CH JH 2H 3H 4H 1H KD QD",
                               2: "XIX XXI XVIII XVII KS KC CD JD 1D 2D 3D 4D"},
                              talon="II III IV VII VIII IX")
    all_done(g)
    assert g.declarer_side == {0, 2}
    finish(g, 40, tricks=[[(1, "Sk"), (2, "XXI"), (3, "QS"), (0, "I")]])
    assert line(g, "Seat 2's skiż was captured") == {1: -15, POOL: 15}
    assert not [s for s in labels(g) if "mund" in s or "Pagat" in s]


def test_pagat_captured_in_the_last_trick_pays_on_top_of_the_bonus():
    """PL-15: "pagat 5 … These also apply in the last trick, on top of any pagat-bonus loss.
    A card taken by a partner … is not captured." """
    g = powinnosc_to_announce({0: "XV XIV " + SUITS_10,
                               2: "XIX I II III KH KD 2H 3H 4H 1H 2D 3D"})
    all_done(g)
    finish(g, 40, last=[(0, "7C"), (1, "V"), (2, "I"), (3, "9C")])
    assert line(g, "Pagat lost") == {0: -4, 2: -4, 1: 4, 3: 4}
    assert line(g, "Seat 3's pagat was captured") == {2: -5, POOL: 5}
    g = powinnosc_to_announce({0: "XV XIV " + SUITS_10,
                               2: "XIX I II III KH KD 2H 3H 4H 1H 2D 3D"})
    all_done(g)
    finish(g, 40, last=[(0, "XV"), (1, "8C"), (2, "I"), (3, "9C")])
    assert not [s for s in labels(g) if "captured" in s]


def test_pot_collection_is_shared_announcer_first():
    """PL-16: "It is shared equally among the side's members. Any remainder goes one unit at
    a time to the announcer first"; PL-17: "the pot collected includes this hand's payments
    into it"; a failed announcement "pays the pot nothing beyond PL-15"."""
    hands = {0: "XV XIV " + SUITS_10,
             2: "XIX I II III KH KD 2H 3H 4H 1H 2D 3D"}
    g = powinnosc_to_announce(hands, pool=7)
    say(g, (0, "done", None), (1, "done", None), (2, "announce", PAGAT_LAST))
    all_done(g)
    finish(g, 40, last=[(0, "7C"), (1, "8C"), (2, "I"), (3, "9C")])
    assert line(g, "The announced pagat won") == {2: 4, 0: 3, POOL: -7}
    g = powinnosc_to_announce(hands, pool=7)
    say(g, (0, "done", None), (1, "done", None), (2, "announce", PAGAT_LAST))
    all_done(g)
    finish(g, 40, last=[(0, "7C"), (1, "V"), (2, "I"), (3, "9C")])
    assert net(g).get(POOL) == 5  # only the captured pagat


# ---- PL-13: five players ------------------------------------------------------------------


def test_five_players_the_dealer_pays_nothing():
    """PL-13: "With five players, the dealer who sits out pays nothing and receives
    nothing."""
    g = pl({0: "Sk XXI XX XIX XVIII XVII KH KD KS KC QH QD"}, seats=5, dealer=4)
    g.act(0, A("bid", "brewer"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("take", 1))
    discard_first(g)
    all_done(g)
    finish(g, 43)
    assert 4 not in net(g) and net(g)[0] == 27


# ---- PL-18: the quiet powinność -----------------------------------------------------------


def test_quiet_powinnosc_is_played_unless_the_option_is_on():
    """PL-18: "CZ-10 (settle without play) is off … Option throw_in_powinnosc, default off.
    When it is on, the bidder's side gains basic 1 plus declarations, and PL-14 then
    applies."""
    g = powinnosc_to_announce({})
    all_done(g)
    assert g.phase is Phase.PLAY
    g = powinnosc_to_announce({1: "II V " + SUITS_10,
                               2: "XIX XVIII XVII KH KD 2H 3H 4H 1H 2D 3D 4D"},
                              talon="QH CH JH QD CD JD", draws=("decline", "draw"),
                              options={"throw_in_powinnosc": True})
    say(g, (0, "done", None), (1, "declare", "barwy"))
    all_done(g)
    assert g.is_over and g.thrown_in
    side = sorted(g.declarer_side)
    assert line(g, "Powinność without play") == {side[0]: 1, side[1]: 1,
                                                 **{s: -1 for s in g.active if s not in side}}
    assert net(g)[side[0]] == -2 and POOL not in net(g)


# ---- PL-19, PL-20: the session and the pot's life --------------------------------------------


def _zero_net_session(**opts) -> Session:
    session = Session.begin("polish", 4, opts, deals_agreed=1, dealer=3)
    g = session.deal(deck=stack({1: "II V " + SUITS_10,
                                 2: "XIX XVIII XVII KH KD 2H 3H 4H 1H 2D 3D 4D"},
                                "QH CH JH QD CD JD"))
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("call", "XIX"))
    discard_first(g)
    g.act(1, A("decline"))
    while g.phase is not Phase.ANNOUNCE:
        if g.phase is Phase.TALON:
            g.act(g.to_act, A("draw"))
        discard_first(g)
    say(g, (0, "done", None), (1, "declare", "barwy"))
    all_done(g)
    finish(g, 44)
    assert g.result is not None and g.result.pool_delta == 10
    session.record(g)
    return session


def test_the_pot_is_shared_at_the_session_end():
    """PL-19: "The pot starts every session empty. At the session's end the pot is shared
    equally among the players; any remainder goes one unit each, in play order from the
    next deal's forehand."""
    session = _zero_net_session()
    assert session.over and session.dealer == 0  # the next deal's forehand is seat 1
    assert session.closing == {POOL: -10, 1: 3, 2: 3, 3: 2, 0: 2}
    assert session.pool == 0 and session.totals == [-3, 3, -2, 2]
    assert Session.from_dict(session.to_dict()).closing == session.closing
    assert session.next_session().pool == 0


def test_the_pot_may_be_kept():
    """PL-19: "Option pot_at_end: share (default) or keep (the pot persists at the table,
    like CZ-16)."""
    session = _zero_net_session(pot_at_end="keep")
    assert session.closing == {} and session.pool == 10
    assert session.next_session().pool == 10


def test_a_stopped_session_shares_the_pot():
    """PL-20: "a session lasts an agreed number of deals, or is open-ended" — an open-ended
    session ends when the table stops it, and PL-19 shares the pot then."""
    session = Session.begin("polish", 4, pool=6)
    session.stop()
    assert session.closing == {POOL: -6, 1: 2, 2: 2, 3: 1, 0: 1}
    assert sum(session.totals) == 6 and session.pool == 0


def test_other_variants_keep_their_pool():
    """CZ-16: the Žid stays at the table when a session ends (the default hook)."""
    session = Session.begin("czech", 4, {"zid": True}, pool=300)
    session.stop()
    assert session.closing == {} and session.pool == 300
