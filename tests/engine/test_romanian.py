"""Romanian Tarok, Suceava (romanian-tarok-suceava-and-taper.txt, first part; RO-1 … RO-25 of
CLARIFICATIONS-2.md), on stacked decks: the figures of "Tests from the text" and "Computed
examples" exactly."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import (
    POOL,
    BadInput,
    IllegalAction,
    Phase,
    Session,
    find_variant,
    new_game,
    replay_record,
    seeded_rng,
)
from bot.engine.actions import Kind, act
from bot.engine.cards import (
    CARDS,
    MOND,
    PAGAT,
    SKYZ,
    mask_of,
    parse_cards,
)
from bot.engine.game import Game, Trick

from .helpers import A, all_done, deal, legal, stack
from .ro_helpers import between, bid_path, finish, split, to_announce, without_antes

V = "romanian"


def ro(hands: dict[int, str], talon: str = "", dealer: int = 3, options: dict[str, Any] | None = None,
       pool: int = 5, stake: int = 1, seed: int = 0) -> Game:
    """A deal of stacked hands (seat 0 is forehand with dealer 3).  ``pool`` is the pool
    before the deal (5: not empty, so only the dealer antes)."""
    return deal(V, hands, talon, dealer, options=options, pool=pool, stake=stake, seed=seed)


# ---- deal, pool, annulment (RO-1 … RO-5) -----------------------------------------------------


def test_registered_four_seats_points():
    """RO-24: 'Four players only'; scores are in game points; RO-2: red K Q C J A 2 3 4."""
    v = find_variant("romanian")
    assert v.seat_counts == (4,) and v.currency == "points" and v.red_ace_high
    g = ro({})
    assert g.trick_winner([(0, parse_cards("2H")[0]), (1, parse_cards("1H")[0])]) == 1
    assert g.trick_winner([(0, parse_cards("7S")[0]), (1, parse_cards("10S")[0])]) == 1
    with pytest.raises(BadInput):
        new_game(V, players=5)


def test_talon_is_the_first_six_and_cutter_is_opposite():
    """RO-3: 'The talon is the first six cards, in order ... The cutter and knocker is the
    player opposite the dealer (dealer + 2)'."""
    deck = stack({0: "KH"}, "I II III IV V VI", dealer=3)
    g = new_game(V, players=4, dealer=3, deck=deck, pool=5)
    assert [c.short for c in g.talon] == ["I", "II", "III", "IV", "V", "VI"]
    assert g.cutter == 1 and g.forehand == 0


def test_first_pool_is_five():
    """RO-4: 'A new pool starts at 0 ... if the pool is empty, every player pays 1, and then
    the dealer pays 1. The first deal therefore starts with 5' ('2 contributed by the dealer
    and 1 by each other player')."""
    g = ro({}, pool=0)
    assert g.antes == {0: 1, 1: 1, 2: 1, 3: 2}
    g2 = ro({}, pool=3)
    assert g2.antes == {3: 1}
    assert ro({}, pool=0, options={"pool": False}).antes == {}


def test_annulment_keeps_antes_and_next_seat_deals():
    """RO-5: 'a player with no tarok and no king is privately offered to annul the deal. If
    accepted: no bidding, no score, and the next dealer deals after their own ante'; RO-4:
    'Antes stay in the pool when a deal is annulled'; RO-1: the next seat deals after every
    deal, including annulled deals."""
    empty = "QH CH JH 1H 2H 3H QD CD JD 1D 2D 3D"
    s = Session.begin(V, 4, dealer=3)
    g = s.deal(deck=stack({1: empty}, dealer=3))
    assert g.phase is Phase.THROW_IN and g.legal_actions(0) == [act(Kind.KEEP)]
    g.act(0, A("keep"))
    assert set(g.legal_actions(1)) == {act(Kind.THROW_IN), act(Kind.KEEP)}
    g.act(1, A("throwin"))
    assert g.is_over and g.result is not None
    assert g.result.net == {0: -1, 1: -1, 2: -1, 3: -2, POOL: 5}
    s.record(g)
    assert s.pool == 5 and s.dealer == 0
    g2 = s.deal()
    assert g2.antes == {0: 1}


EMPTY_RO = "QH CH JH 1H 2H 3H QD CD JD 1D 2D 3D"


def test_annulment_is_offered_before_any_bid_in_play_order():
    """RO-5: "Before the bidding, a player with no tarok and no king is privately offered to
    annul the deal. If accepted: no bidding, no score ... Offered in play order from
    forehand"; the rule text: "In this case there is no bidding or play."  Every seat is
    asked in turn from forehand (so being asked tells nothing), only the empty hands are
    offered the annulment, and each decides having heard no bid."""
    g = ro({1: EMPTY_RO, 3: "QS CS JS 10S 9S 8S QC CC JC 10C 9C 8C"})
    asked: list[tuple[int, set[Kind], tuple[tuple[int, str], ...], str]] = []
    while g.phase is Phase.THROW_IN:
        seat = g.to_act
        assert seat is not None
        view = g.view_for(seat)
        asked.append((seat, {a.kind for a in view.legal}, view.bids, view.phase))
        g.act(seat, A("keep"))
    assert asked == [(0, {Kind.KEEP}, (), "throw_in"),
                     (1, {Kind.THROW_IN, Kind.KEEP}, (), "throw_in"),
                     (2, {Kind.KEEP}, (), "throw_in"),
                     (3, {Kind.THROW_IN, Kind.KEEP}, (), "throw_in")]
    # Then the bidding opens with forehand, and the annulment is no bid.
    assert g.phase is Phase.AUCTION and g.to_act == 0
    assert all(a.kind is not Kind.THROW_IN for a in g.legal_actions(0))
    g.act(0, A("pass"))
    assert all(a.kind is not Kind.THROW_IN for a in g.legal_actions(1))


def test_annulment_by_a_later_seat_ends_the_deal_before_any_bid():
    """RO-5: "The first to accept ends the deal"; "there is no bidding or play": seat 3
    accepts after the others kept their hands, and no bid was ever made."""
    g = ro({3: EMPTY_RO})
    for seat in (0, 1, 2):
        assert g.to_act == seat and g.legal_actions(seat) == [act(Kind.KEEP)]
        g.act(seat, A("keep"))
    g.act(3, A("throwin"))
    assert g.is_over and g.throw_in_by == 3 and g.bids == [] and g.contract is None


def test_no_annulment_round_when_nobody_may_annul():
    """RO-5: the round before the bidding is held only when a hand has no tarok and no
    king; otherwise forehand bids at once."""
    g = ro({0: "KH", 1: "KD", 2: "KS", 3: "KC"})
    assert g.phase is Phase.AUCTION and g.to_act == 0


def test_next_seat_deals_after_michi_and_surrender():
    """RO-1: 'The next seat deals after every deal, including annulled deals, michi-michi and
    surrenders.'"""
    v = find_variant(V)
    g = ro({})
    for _ in range(4):
        g.act(g.to_act, A("pass"))
    assert g.contract is not None and g.contract.name == "michi"
    assert v.next_dealer(g) == 0


# ---- auction (RO-6, RO-7) ---------------------------------------------------------------------


def test_ladder_openings_and_steps():
    """RO-6: 'An opening bid may only be D1, U1 or Solo. Over a bid X, a player may bid the
    next level in X's own line (D1→D2→D3, U1→U2→U3) or the first level of a higher line (U1
    over any doi; Solo over anything). There are no jumps within a line.'"""
    g = ro({})
    bids = {v for k, v in legal(g) if k == "bid"}
    assert bids == {"doi_1", "unu_1", "solo_ro"}
    with pytest.raises(IllegalAction, match="not an opening bid"):
        g.verify(0, A("bid", "doi_2"))
    g.act(0, A("bid", "doi_1"))
    assert {v for k, v in legal(g) if k == "bid"} == {"doi_2", "unu_1", "solo_ro"}
    with pytest.raises(IllegalAction, match="only over Al doilea de doi"):
        g.verify(1, A("bid", "doi_3"))
    g.act(1, A("bid", "unu_1"))
    assert {v for k, v in legal(g) if k == "bid"} == {"unu_2", "solo_ro"}


def test_unu_bids_option():
    """RO-6: 'Option unu_bids, default on. Off: only doi and solo'."""
    g = ro({}, options={"unu_bids": False})
    assert {v for k, v in legal(g) if k == "bid"} == {"doi_1", "solo_ro"}


def test_trei_bids_option():
    """RO-25: 'trei_bids: the old four-player trei bids, as in Taper.'"""
    g = ro({}, options={"trei_bids": True})
    assert {v for k, v in legal(g) if k == "bid"} == {"trei_1", "doi_1", "unu_1", "solo_ro"}


def test_la_mine_hold_and_solo_held():
    """RO-7: 'At a turn a player may pass (final), overcall (RO-6), or — only if seated
    earlier from forehand than the current high bidder — hold: take the same contract over.
    Solo may be held. The auction ends when three players have passed.'"""
    g = ro({})
    g.act(0, A("bid", "doi_1"))
    g.act(1, A("bid", "doi_2"))
    assert act(Kind.HOLD) not in g.legal_actions(2)
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    assert act(Kind.HOLD) in g.legal_actions(0)
    g.act(0, A("hold"))
    g.act(1, A("bid", "solo_ro"))
    g.act(0, A("hold"))
    assert g.phase is Phase.AUCTION and g.to_act == 1
    g.act(1, A("pass"))
    assert g.bidder == 0 and g.contract is not None and g.contract.name == "solo_ro"


# ---- talon (RO-8 … RO-11) ----------------------------------------------------------------------


LEVELS = {
    "doi_1": ([1, 2, 3], [4, 5]), "doi_2": ([2, 3, 4], [5, 6]), "doi_3": ([3, 4, 5], [6, 7]),
    "unu_1": ([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11]),
    "unu_2": ([2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12]),
    "unu_3": ([3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13]),
}


@pytest.mark.parametrize("contract", sorted(LEVELS))
def test_levels(contract):
    """RO-9: 'D1 1,2,3 → back 4,5. D2 2,3,4 → back 5,6. D3 3,4,5 → back 6,7. U1 1–6 → back
    7–11. U2 2–7 → 8–12. U3 3–8 → 9–13.'  From the text: 'unul de unu ... as high as the
    eleventh level by going through the whole talon one card at a time and then returning to
    the fifth card'; al treilea de unu 'the thirteenth level, where you look at the whole
    talon, starting with the third card, and finally return to the top card'."""
    forward, back = LEVELS[contract]
    hands = {0: "KS", 1: "KD", 2: "KC"}
    for i, want in enumerate(forward):
        g = ro(hands, talon="QH QD QS QC CH CD")
        to_announce(g, contract, call="KH", path=" ".join(["R"] * i + ["T"]))
        assert g.level == want
    groups = len(forward)
    order = [((int(contract[-1]) - 1 + j) % groups) + 1 for j in range(groups)]
    for j, want in enumerate(back):
        g = ro(hands, talon="QH QD QS QC CH CD")
        to_announce(g, contract, call="KH", path=" ".join(["R"] * groups + [f"B{order[j]}"]))
        assert g.level == want
    assert max(back) == {"unu_1": 11, "unu_3": 13}.get(contract, max(back))


def test_second_and_third_two_order():
    """From the text: 'in al doilea de doi, the top pair is level 4 and going back to the
    bottom pair is level 6; in al treilea de doi, the bottom pair is 3, the top 4, the second
    5, and going back gives bottom 6 and top 7.'"""
    g = ro({}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_2", call="KH", path="R R T")
    assert g.level == 4 and g.drawn[g.bidder] == mask_of(parse_cards("QH QD"))
    g = ro({}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_2", call="KH", path="R R R B3")
    assert g.level == 6 and g.drawn[g.bidder] == mask_of(parse_cards("CH CD"))
    g = ro({}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_3", call="KH", path="T")
    assert g.level == 3 and g.drawn[g.bidder] == mask_of(parse_cards("CH CD"))
    g = ro({}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_3", call="KH", path="R R R B1")
    assert g.level == 7 and g.drawn[g.bidder] == mask_of(parse_cards("QH QD"))


def test_groups_seen_privately_rejected_face_up():
    """RO-9: 'Each group is seen privately; a rejected group is shown face up.'"""
    g = ro({}, talon="QH QD QS QC CH CD")
    bid_path(g, "doi_1")
    g.act(0, A("call", "KH"))
    assert g.exposed == [] and g.view_for(0).talon_seen == tuple(parse_cards("QH QD"))
    assert g.view_for(1).talon_seen == ()
    g.act(0, A("reject"))
    assert g.exposed == parse_cards("QH QD")


def test_own_king_means_alone():
    """RO-8: 'Calling one's own king means playing alone, secretly'."""
    g = ro({0: "KH"})
    to_announce(g, "solo_ro", call="KH")
    assert g.partner is None and g.declarer_side == frozenset({0})


def test_surrender_second_two_bottom_pair():
    """From the text: 'contract is al doilea de doi and you find the called king in the bottom
    two cards ... 6 game points to each opponent, provided that you can show the skiz, luna or
    pagat. Holding none of these, you would pay 7'; RO-11: 'Surrender is offered once, when
    the group holding the called king is seen'."""
    for trula_card, want in (("I", 6), ("", 7)):
        hands = {1: trula_card} if trula_card else {0: "Sk", 2: "XXI I"}
        g = ro(hands, talon="QH QD QS QC KH CD")
        bid_path(g, "doi_2")
        assert g.bidder == 1
        g.act(1, A("call", "KH"))
        assert act(Kind.SURRENDER) not in g.legal_actions(1)
        g.act(1, A("reject"))
        assert act(Kind.SURRENDER) in g.legal_actions(1)
        g.act(1, A("surrender"))
        assert between(g) == {1: -3 * want, 0: want, 2: want, 3: want}


def test_computed_surrender_example_and_radler():
    """Computed example 4: 'A plays D1 and calls K♥. Pair 1 is rejected, and pair 2 holds K♥
    (level 2). A has no trula card and gives up: 2·2 + 1 = 5 per opponent (−15), or 10 each
    (−30) in a radler.'  RO-11: 'A radler doubles it.'"""
    for stake, each in ((1, 5), (2, 10)):
        g = ro({1: "Sk XXI I"}, talon="QH QD KH QC QS CD", stake=stake)
        bid_path(g, "doi_1")
        g.act(0, A("call", "KH"))
        g.act(0, A("reject"))
        g.act(0, A("surrender"))
        assert between(g) == {0: -3 * each, 1: each, 2: each, 3: each}


def test_king_abandoned_in_talon_costs_two():
    """RO-10b: 'If it is shown and rejected, never taken back, and play goes on, regele prins
    is incurred double: the declarer's side pays 2.'  From the text: 'A called king abandoned
    in the talon costs 2'."""
    g = ro({}, talon="KH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="R T")
    all_done(g)
    assert g.partner is None
    finish(g, 40)
    g.talon_to_opponents = 0
    lines = [ln.label for ln in g.result.lines]
    assert any(ln.startswith("Regele prins (left in the talon): 2") for ln in lines)
    line = next(ln for ln in g.result.lines if ln.label.startswith("Regele"))
    assert line.net == {0: -6, 1: 2, 2: 2, 3: 2}  # alone: 2 to each opponent


def test_king_taken_and_lost_costs_one():
    """From the text: 'one taken from the talon and lost in play costs 1'."""
    g = ro({}, talon="KH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    all_done(g)
    finish(g, 40, keep_out=(SKYZ, 22))  # the king of hearts ends with the opponents
    assert [ln.label for ln in g.result.lines if ln.label.startswith("Regele")] == ["Regele prins: 1"]


def test_unseen_called_king_is_exchanged():
    """RO-10c: 'If it lies in the never-seen part (doi or unu), there is no regele prins. After
    the play, the declarer takes the king into their pile and gives the opponents the
    lowest-valued card from their tricks instead (a 1-point card if any) ... The declarer has
    played alone.'  (The text: 'gives a low card from his or her tricks in exchange'.)"""
    g = ro({}, talon="QH QD QS QC CH KH")
    to_announce(g, "doi_1", call="KH", path="T")
    all_done(g)
    assert g.partner is None
    finish(g, 34, keep_out=(SKYZ, 46, 22))
    assert g.talon_to.get(0, 0) >> 22 & 1  # the king counts for the declarer now
    low = min((c for c in range(54) if split(34, (), (SKYZ, 46, 22), g.talon_to_opponents | 1 << 22) >> c & 1),
              key=lambda c: (CARDS[c].points, c))
    assert g.won[1] >> low & 1 and not g.won[0] >> low & 1
    # 34 in tricks; the king (5) in and a 1-point card out, the same number of cards: 38.
    assert g.result.declarers_won and g.result.card_points["Declarer's side"] == 38
    assert not any(ln.label.startswith("Regele") for ln in g.result.lines)
    assert "took it and gave" in g.result.summary


def test_solo_king_in_talon_stays():
    """RO-10d: 'In solo, the king stays with the opponents and there is no penalty.'"""
    g = ro({}, talon="KH QD QS QC CH CD")
    to_announce(g, "solo_ro", call="KH")
    all_done(g)
    finish(g, 40, keep_out=(SKYZ, 46, 22))
    assert not any(ln.label.startswith("Regele") for ln in g.result.lines)


# ---- announcements (RO-12 … RO-16) ---------------------------------------------------------------


def test_round_ends_after_three_passes():
    """RO-12: 'The round ends when every player has had a first turn and three turns in a
    row have been passes. A first turn of only "merge" ... counts as a pass.'"""
    g = ro({})
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("done"))
    g.act(1, A("done"))
    g.act(2, A("done"))
    assert g.phase is Phase.ANNOUNCE
    g.act(3, A("done"))
    assert g.phase is Phase.PLAY


def test_declaration_after_declarer_nine():
    """RO-13: 'A player may not declare a number at or below one already declared by a player
    they know to be a teammate. The partner knows the declarer'.  From the text: 'after the
    declarer's 9, a declaration of 8 is illegal for the partner'."""
    nine = "II III IV V VI VII VIII IX X JH JD JS"
    eight = "XI XII XIII XIV XV XVI XVII XVIII JC 10S 10C"
    g = ro({0: nine, 1: eight + " 9S"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("declare", "taroace_9"))
    g.act(0, A("done"))
    assert act(Kind.DECLARE, "taroace_8") in g.legal_actions(1)  # B: opponent, knows nothing
    g2 = ro({0: nine, 2: eight + " KH"}, talon="QH QD QS QC CH CD")
    to_announce(g2, "doi_1", call="KH", path="T")
    g2.act(0, A("declare", "taroace_9"))
    g2.act(0, A("done"))
    g2.act(1, A("done"))
    assert g2.partner == 2
    with pytest.raises(IllegalAction, match="on your side"):
        g2.verify(2, A("declare", "taroace_8"))


def test_declarations_exact_counts():
    """RO-13: '"8 taroace" means exactly 8, "9 taroace" exactly 9, "10 taroace" 10 or more,
    counted after the talon exchange.'"""
    g = ro({1: "I II III IV V VI VII VIII IX X XI"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("done"))
    decl = {v for k, v in legal(g) if k == "declare"}
    assert decl == {"taroace_10"}


def test_compulsory_declaration_with_pagat_ultimo():
    """RO-14: 'A player with 8 or more trumps who announces pagat ultimo, or says contra on
    it, must declare. The compulsory declaration is part of the same first-turn statement'."""
    g = ro({0: "I II III IV V VI VII VIII JH JD JS JC", 2: "KH"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    with pytest.raises(IllegalAction, match="declare them before"):
        g.verify(0, A("announce", "pagat_ultimo"))
    g.act(0, A("declare", "taroace_8"))
    g.act(0, A("announce", "pagat_ultimo"))
    assert "pagat_ultimo" in g.ann.announced


def test_merge_then_no_contra_on_pagat_with_eight():
    """RO-14: 'A player whose first turn was "merge" is offered contra on pagat ultimo only if
    they hold 7 trumps or fewer'."""
    g = ro({0: "I", 1: "II III IV V VI VII VIII IX JH JD JS JC", 2: "KH"},
           talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("announce", "pagat_ultimo"))
    g.act(0, A("done"))
    assert act(Kind.DOUBLE, "pagat_ultimo") not in g.legal_actions(1)
    g.act(1, A("declare", "taroace_8"))
    assert act(Kind.DOUBLE, "pagat_ultimo") in g.legal_actions(1)


def test_who_may_announce():
    """RO-15: 'Pagat ultimo: the declarer only, and only if holding the pagat. Rege ultimo:
    only the holder of the called king. It reveals the partner. Contra on the game: any
    opponent, who is revealed by it.'"""
    g = ro({1: "I", 2: "KH"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    with pytest.raises(IllegalAction, match="pagat"):
        g.verify(0, A("announce", "pagat_ultimo"))
    assert act(Kind.ANNOUNCE, "rege_ultimo") not in g.legal_actions(0)
    g.act(0, A("done"))
    assert act(Kind.ANNOUNCE, "pagat_ultimo") not in g.legal_actions(1)
    g.act(1, A("double", "game"))
    assert g.side_is_public(1) and not g.side_is_public(2)
    g.act(1, A("done"))
    g.act(2, A("announce", "rege_ultimo"))
    assert g.side_is_public(2) and g.side_is_public(3)  # the last by elimination


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_five_doubles_on_a_bonus(level):
    """From the text: 'Contra, recontra, supra, hirş and mord on an announced bonus multiply
    it by ×2, ×4, ×8, ×16 and ×32' (RO-15: 'Each item is doubled separately')."""
    g = ro({0: "Sk XXI I", 2: "KH"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("announce", "trula"))
    seats = [1, 0, 3, 0, 1]
    g.act(0, A("done"))
    said = 0
    while g.phase is Phase.ANNOUNCE:
        s = g.to_act
        a = act(Kind.DOUBLE, "trula")
        if said < level and s == seats[said] and a in g.legal_actions(s):
            g.act(s, a)
            said += 1
            if g.phase is Phase.ANNOUNCE and g.to_act == s:
                g.act(s, A("done"))
        else:
            g.act(s, A("done"))
    assert g.ann.announced["trula"].level == level
    assert g.view_for(None).doubles == (("trula", level),)
    finish(g, 40, give=(SKYZ,))
    line = next(ln for ln in g.result.lines if ln.label.startswith("Trula announced"))
    assert line.net[0] == 2 << level  # per pair: 2 × 2^level
    assert find_variant(V).double_word(level).lower() in line.label


def test_forehand_leads_and_pagat_kept():
    """RO-16: 'Forehand always leads ... An announced pagat ultimo keeps the pagat ... for the
    last trick unless forced'."""
    g = ro({1: "I QH", 0: "KH"}, talon="QD QS QC CH CD JH")
    g.act(0, A("pass"))
    g.act(1, A("bid", "doi_1"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, A("call", "KH"))
    g.act(1, act(Kind.TAKE, 1))
    while g.phase is Phase.DISCARD:
        g.act(1, g.legal_actions()[0])
    g.act(1, A("announce", "pagat_ultimo") if act(Kind.ANNOUNCE, "pagat_ultimo") in g.legal_actions(1)
          else A("done"))
    all_done(g)
    assert g.phase is Phase.PLAY and g.to_act == 0
    if "pagat_ultimo" in g.ann.announced:
        assert g.kept[1] == 1 << PAGAT


# ---- scoring (RO-17 … RO-21): the text's figures ------------------------------------------------


def _doi_to_play(level_path: str = "T", **kw: Any) -> Game:
    g = ro({2: "KH"}, talon="QH QD QS QC CH CD", **kw)
    to_announce(g, "doi_1", call="KH", path=level_path)
    return g


def test_doi_fourth_level_win_two_lose_eight():
    """From the text: 'if you play in doi at the fourth level you win 2 or lose 8'; RO-17:
    'The declarer's side wins with 36 or more ... At 35 : 35 the declarer loses.'"""
    for pts, want in ((36, 2), (35, -8)):
        g = _doi_to_play("R R R B1")
        assert g.level == 4
        all_done(g)
        finish(g, pts)
        assert between(g)[0] == want


def test_contra_fourth_level_sixteen_recontra_thirty_two():
    """From the text: 'in a fourth level doi with contra you would win or lose 16 for the game.
    If you said recontra you would win or lose 32'."""
    for recontra in (False, True):
        for pts in (36, 30):
            g = _doi_to_play("R R R B1")
            g.act(0, A("done"))
            g.act(1, A("double", "game"))
            g.act(1, A("done"))
            if recontra:
                g.act(2, A("done"))
                g.act(3, A("done"))
                g.act(0, A("double", "game"))
            all_done(g)
            finish(g, pts)
            amt = 32 if recontra else 16
            assert between(g)[0] == (amt if pts >= 36 else -amt)


def test_computed_example_1():
    """Computed example 1: 'A plays D1 and takes the second pair (level 2); C is the partner.
    A declares 9 taroace (+2); B, an opponent, declares 8 (+1 to B's side); D says contra on
    the game. A and C take 33 and lose. Game: −2·2·2 = −8. Per pair: −8 + 2 − 1 = −7.'"""
    g = ro({0: "II III IV V VI VII VIII IX X JH JD JS", 1: "XI XII XIII XIV XV XVI XVII XVIII "
            "JC 10S 10C 9S", 2: "KH"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="R T")
    assert g.level == 2
    g.act(0, A("declare", "taroace_9"))
    g.act(0, A("done"))
    g.act(1, A("declare", "taroace_8"))
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("double", "game"))
    all_done(g)
    finish(g, 33)
    assert between(g) == {0: -7, 2: -7, 1: 7, 3: 7}


def test_computed_example_2_pagat_contra_fails():
    """Computed example 2: 'The pool P is 7. A (D1, level 1; partner C) announces pagat ultimo;
    B says contra on it. The pagat is beaten in the last trick, but A's side wins the game
    (+2). Result: A −19, C −19, B +16, D +15, pool +7 (now 14).'  RO-20: 'the remainder goes
    to or from the player who said contra'."""
    g = ro({0: "I", 2: "KH"}, talon="QH QD QS QC CH CD", pool=6)
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("announce", "pagat_ultimo"))
    g.act(0, A("done"))
    g.act(1, A("double", "pagat_ultimo"))
    all_done(g)
    finish(g, 40, last=[(0, "I"), (1, "II"), (2, "QH"), (3, "QD")])
    assert without_antes(g) == {0: -19, 2: -19, 1: 16, 3: 15, POOL: 7}
    assert g.pool + g.result.pool_delta == 14


def test_computed_example_3_solo_pagat_ultimo():
    """Computed example 3: 'A plays solo, alone with their own king, announces pagat ultimo
    without contra, and the pool is 6. A wins with 41, the pagat wins the last trick, and A's
    pile holds the whole trula. Per opponent: 8 + 9 + 2 = 19. Result: A +57 + 6 = +63; B, C,
    D −19 each; pool −6.'"""
    g = ro({0: "I KH"}, talon="QH QD QS QC CH CD", pool=5)
    to_announce(g, "solo_ro", call="KH")
    g.act(0, A("announce", "pagat_ultimo"))
    all_done(g)
    finish(g, 41, last=[(0, "I"), (1, "QH"), (2, "QD"), (3, "QS")], give=(SKYZ,))
    assert without_antes(g) == {0: 63, 1: -19, 2: -19, 3: -19, POOL: -6}


def test_pagat_ultimo_fails_without_contra_pays_pool_in():
    """RO-20: 'm = 1: On failure it pays P into the pool, which becomes 2P.'"""
    g = ro({0: "I", 2: "KH"}, talon="QH QD QS QC CH CD", pool=4)
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("announce", "pagat_ultimo"))
    all_done(g)
    finish(g, 40, last=[(0, "I"), (1, "II"), (2, "QH"), (3, "QD")])
    pool_line = next(ln for ln in g.result.lines if ln.label.startswith("Pagat ultimo failed"))
    assert pool_line.net == {0: -3, 2: -2, POOL: 5}


def test_silent_bonuses_and_valat_replaces_game():
    """RO-19: 'Valat: if one side wins all 12 tricks ... the valat item replaces the game item,
    with no level'; RO-18: silent valat 8 in doi."""
    g = _doi_to_play("R T")
    all_done(g)
    finish(g, 50, tricks={0: 6, 2: 6})
    labels = [ln.label for ln in g.result.lines]
    assert any(ln.startswith("Valat: 8") for ln in labels)
    assert not any("Unul de doi" in ln for ln in labels)


def test_solo_bonus_and_silent_options():
    """RO-18 options: 'solo_bonus: double (default) or same'; 'silent_bonus: half (default) or
    equal'; 'toti_regii_high'; 'valat_scale: fixed or game (4× / 8× the contract base)'."""
    v = find_variant(V)
    g = ro({})
    g.contract = v.contracts["solo_ro"]
    assert v.bonus_value(g, "trula", True) == 4 and v.bonus_value(g, "pagat_ultimo", True) == 9
    g.options["solo_bonus"] = "same"
    assert v.bonus_value(g, "trula", True) == 2 and v.bonus_value(g, "pagat_ultimo", True) == 7
    g.options["valat_scale"] = "game"
    assert v.bonus_value(g, "valat_ro", True) == 64 and v.bonus_value(g, "valat_ro", False) == 32
    g.contract = v.contracts["doi_1"]
    g.options["silent_bonus"] = "equal"
    assert v.bonus_value(g, "toti_regii", False) == 2 and v.bonus_value(g, "trula", False) == 1
    g.options["toti_regii_high"] = True
    assert v.bonus_value(g, "toti_regii", True) == 4


def test_luna_prinsa_silent():
    """RO-19: 'Luna prinsă: when the XXI and the other side's skiz are in the same trick, the
    XXI's side pays.'"""
    g = _doi_to_play()
    all_done(g)
    t = Trick(0, [(0, MOND), (1, SKYZ), (2, parse_cards("QH")[0]), (3, parse_cards("QD")[0])], 1)
    finish(g, 40, all_tricks=[t])
    line = next(ln for ln in g.result.lines if ln.label.startswith("Luna"))
    assert line.net[0] == -1 and line.net[1] == 1


def test_partners_share_per_pair():
    """RO-21: 'Every item between players is paid per pair (each declarer-side player pays or
    is paid by one opponent) or by each opponent in 1 v 3.'"""
    g = _doi_to_play()
    all_done(g)
    finish(g, 40)
    assert between(g) == {0: 2, 2: 2, 1: -2, 3: -2}
    assert {(t.payer, t.payee) for t in g.result.transfers if POOL not in (t.payer, t.payee)} == {(1, 0), (3, 2)}


# ---- michi-michi and radler (RO-22 … RO-24) -----------------------------------------------------


def _michi(s: Session, tricks: list[int]) -> Game:
    g = s.deal()
    for _ in range(4):
        g.act(g.to_act, A("pass"))
    assert g.phase is Phase.PLAY and g.to_act == g.forehand
    g.tricks_won = tricks
    g.tricks = [Trick(0, [], 0) for _ in range(12)]
    g.finish()
    return g


def test_computed_example_5_radler():
    """Computed example 5: 'A michi-michi with tricks 5/4/3/0 pays 12 into the pool, and
    radler_left becomes 4. In the second radler deal there is another michi-michi with tricks
    6/3/2/1 at 2 per trick (24 into the pool); radler_left becomes 2 + 4 = 6.'  RO-22: 'Each
    player pays 1 per trick won into the pool, or 2 per trick if this deal is itself in a
    radler.'"""
    s = Session.begin(V, 4, pool=5)
    g = _michi(s, [5, 4, 3, 0])
    line = next(ln for ln in g.result.lines if ln.label.startswith("Michi"))
    assert line.net == {0: -5, 1: -4, 2: -3, POOL: 12}
    s.record(g)
    assert s.radler_left == 4 and s.stake == 2
    # (a seeded deal: in about 1 deal of 80 the talon counted for the opponents holds the
    # pagát and the 21, so ``finish`` leaves them the trula and the bidder's 16 falls to 12)
    g = s.deal(rng=seeded_rng("ro-example-5-radler"))
    assert g.stake == 2
    to_announce(g, "solo_ro", call="KH")
    all_done(g)
    finish(g, 40)
    # RO-23: 'Every payment between players is ×2': solo 8 × 2, per pair or from each of three.
    assert between(g)[g.bidder] == 16 * (1 if g.partner is not None else 3)
    s.record(g)
    assert s.radler_left == 3
    g = _michi(s, [6, 3, 2, 1])
    line = next(ln for ln in g.result.lines if ln.label.startswith("Michi"))
    assert line.net[POOL] == 24
    s.record(g)
    assert s.radler_left == 6


def test_session_extended_while_radler_pending():
    """RO-24: 'A session whose last agreed deal leaves radler deals pending is extended until
    they are played.'"""
    s = Session.begin(V, 4, deals_agreed=1, pool=5)
    s.record(_michi(s, [3, 3, 3, 3]))
    assert not s.over and s.radler_left == 4
    d = Session.from_dict(s.to_dict())
    assert d.radler_left == 4


def test_all_pass_double_hands_and_no_pool():
    """RO-23: 'Option all_pass: michi_michi (default), or double_hands (Chernovtsy: the deal is
    thrown in and 4 double deals follow'; RO-25: 'pool off: no pool, so no antes and no RO-20
    (Totolici), and all_pass is forced to double_hands'."""
    for opts in ({"all_pass": "double_hands"}, {"pool": False}):
        s = Session.begin(V, 4, options=opts, pool=5)
        g = s.deal()
        for _ in range(4):
            g.act(g.to_act, A("pass"))
        assert g.is_over and g.contract is None
        s.record(g)
        assert s.radler_left == 4


def test_annulled_deal_in_radler_does_not_count():
    """RO-23: 'Choice (option annulled_counts, default off): annulled deals (RO-5) do not count
    towards the 4.'"""
    empty = "QH CH JH 1H 2H 3H QD CD JD 1D 2D 3D"
    for counts, left in ((False, 4), (True, 3)):
        s = Session.begin(V, 4, options={"annulled_counts": counts}, pool=5, dealer=3)
        s.radler_left = 4
        g = s.deal(deck=stack({1: empty}, dealer=3))
        g.act(0, A("keep"))  # RO-5: the annulment is offered before the bidding
        g.act(1, A("throwin"))
        s.record(g)
        assert s.radler_left == left


def test_hep_hep_option():
    """RO-23: 'Option hep_hep, default off: a played-out deal ... in which every player's net
    between players is 0 also starts a 4-deal radler.'"""
    v = find_variant(V)
    g = ro({0: "II III IV V VI VII VIII IX X", 3: "XI XII XIII XIV XV XVI XVII XVIII", 2: "KH"},
           talon="QH QD QS QC CH CD", options={"hep_hep": True})
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("declare", "taroace_9"))
    all_done(g)
    # 2 for the game and 2 for the 9 taroace against nothing: not zero.
    finish(g, 40)
    assert v.radler_next(g, 0) == 0
    g.options["hep_hep"] = False


def test_replay_of_a_radler_deal():
    """A radler deal's record keeps its stake, so replaying it gives the same payments."""
    s = Session.begin(V, 4, pool=5)
    s.radler_left = 2
    g = s.deal()
    import random

    rng = random.Random(3)
    while not g.is_over:
        g.act(g.to_act, rng.choice(g.legal_actions()))
    rec = g.to_record()
    assert rec["stake"] == 2
    g2 = replay_record(rec)
    assert g2.result is not None and g2.result.net == g.result.net


# ---- announced luna prinsă and rege ultimo, Czernowitz, the pool at a session's end ----------


def test_announced_luna_prinsa_won_and_lost():
    """RO-19: 'Luna prinsă ... Announced: the announcing side gains if its skiz takes the other
    side's XXI and pays otherwise. If its own XXI is taken instead, the silent penalty is paid
    as well.'  RO-18: announced luna prinsă 2 in doi."""
    for capture, want_net in ((True, {0: 2, 2: 2, 1: -2, 3: -2}), (False, {0: -2, 2: -2, 1: 2, 3: 2})):
        g = ro({0: "Sk", 2: "KH", 1: "XXI"}, talon="QH QD QS QC CH CD")
        to_announce(g, "doi_1", call="KH", path="T")
        g.act(0, A("announce", "luna_prinsa"))
        all_done(g)
        tricks = [Trick(1, [(1, MOND), (2, parse_cards("II")[0]), (3, parse_cards("III")[0]),
                            (0, SKYZ)], 0)] if capture else []
        finish(g, 40, all_tricks=tricks, give=(SKYZ,) if capture else ())
        line = next(ln for ln in g.result.lines if ln.label.startswith("Luna prinsă announced"))
        assert line.net == want_net, line.label
    # The announcing side's own luna falls to the other side's skiz: both lines are paid.
    g = ro({0: "XXI", 2: "KH", 1: "Sk"}, talon="QH QD QS QC CH CD")
    to_announce(g, "doi_1", call="KH", path="T")
    g.act(0, A("announce", "luna_prinsa"))
    all_done(g)
    t = Trick(0, [(0, MOND), (1, SKYZ), (2, parse_cards("II")[0]), (3, parse_cards("III")[0])], 1)
    finish(g, 40, all_tricks=[t])
    luna = [ln for ln in g.result.lines if ln.label.startswith("Luna")]
    assert [ln.net[0] for ln in luna] == [-2, -1]


def test_announced_rege_ultimo_won_lost_and_captured():
    """RO-19: 'Rege ultimo, announced: ±2; it fails if the king is played early or the last
    trick is lost, and a capture in the last trick adds regele prins.'  RO-15: 'Rege ultimo:
    only the holder of the called king. It reveals the partner.'  RO-16: the called king is
    kept for the last trick."""
    for last, ok in (([(2, "KH"), (3, "QH"), (0, "CH"), (1, "JH")], True),
                     ([(2, "KH"), (3, "QH"), (0, "CH"), (1, "II")], False)):
        g = ro({2: "KH QH", 1: "II", 0: "CH", 3: "JH"}, talon="QD QS QC CD JD JS")
        to_announce(g, "doi_1", call="KH", path="T")
        g.act(0, A("done"))
        g.act(1, A("done"))
        g.act(2, A("announce", "rege_ultimo"))
        assert g.side_is_public(2) and g.partner == 2
        all_done(g)
        assert g.kept[2] == 1 << parse_cards("KH")[0]
        if ok:
            finish(g, 40, last=last, give=(22,))  # the declarer's side took the king
        else:
            finish(g, 40, last=last, keep_out=(SKYZ, 46, 22))
        line = next(ln for ln in g.result.lines if ln.label.startswith("Rege ultimo announced"))
        assert line.net == ({0: 2, 2: 2, 1: -2, 3: -2} if ok else {0: -2, 2: -2, 1: 2, 3: 2})
        prins = [ln for ln in g.result.lines if ln.label.startswith("Regele prins")]
        assert bool(prins) is not ok  # the king captured in the last trick: regele prins too


def test_czernowitz_opponents_announce_regele_prins():
    """RO-25: 'regele_prins_announce (Czernowitz): opponents may announce the capture of the
    called king, for double and at their own risk.'  From the text: 'the opponents of the
    declarer are permitted to announce regele prins ..., doubling the score for it if it is
    achieved and of course paying the same if they fail to catch the king.'"""
    off = ro({2: "KH"}, talon="QH QD QS QC CH CD")
    to_announce(off, "doi_1", call="KH", path="T")
    assert act(Kind.ANNOUNCE, "regele_prins") not in off.candidates(0)
    for captured in (True, False):
        g = ro({2: "KH"}, talon="QH QD QS QC CH CD", options={"regele_prins_announce": True})
        to_announce(g, "doi_1", call="KH", path="T")
        with pytest.raises(IllegalAction, match="opponents"):
            g.verify(0, A("announce", "regele_prins"))
        g.act(0, A("done"))
        g.act(1, A("announce", "regele_prins"))
        assert g.side_is_public(1)
        g.act(1, A("done"))
        with pytest.raises(IllegalAction):
            g.verify(2, A("announce", "regele_prins"))  # the partner
        all_done(g)
        if captured:  # the king of hearts ends in the opponents' pile
            finish(g, 40, keep_out=(SKYZ, 46, 22))
        else:
            finish(g, 40, give=(22,))
        line = next(ln for ln in g.result.lines if ln.label.startswith("Regele prins"))
        assert "announced" in line.label
        assert line.net == ({1: 2, 3: 2, 0: -2, 2: -2} if captured else {1: -2, 3: -2, 0: 2, 2: 2})


def test_pool_shared_at_session_end():
    """RO-24: 'Option pool_at_end: keep (default) or share (split equally, with the remainder
    going one unit each from the next forehand).'"""
    empty = "QH CH JH 1H 2H 3H QD CD JD 1D 2D 3D"
    for how, want in (("keep", {}), ("share", {POOL: -7, 1: 2, 2: 2, 3: 2, 0: 1})):
        s = Session.begin(V, 4, deals_agreed=1, pool=6, dealer=3, options={"pool_at_end": how})
        g = s.deal(deck=stack({1: empty}, dealer=3))
        g.act(0, A("keep"))  # RO-5: the annulment is offered before the bidding
        g.act(1, A("throwin"))  # annulled: only the dealer's ante, the pool holds 7
        s.record(g)
        assert s.over and s.dealer == 0  # seat 0 would deal next: seat 1 is forehand
        assert s.closing == want
        assert s.pool == (7 if how == "keep" else 0)
        assert sum(s.totals) + s.pool == 6  # what the pool held before the session
