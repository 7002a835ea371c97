"""Taroki z królami, Kozy (taroki-z-krolami-kozy.txt; KZ-1 … KZ-24 in CLARIFICATIONS-2,
with its "Tests from the text" and "Computed examples"), on stacked decks.

Seats are in play order; with the dealer at seat 3, seat 0 is Forant (forehand) and the
computed examples' A, B, C, D are seats 0, 1, 2, 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.ai.heuristic import choose_action
from bot.engine import BadInput, Game, IllegalAction, find_variant, new_game
from bot.engine.actions import Kind, act
from bot.engine.cards import (
    CARDS,
    KING_MASK,
    cards_of,
    count_mask_points,
    mask_of,
    parse_cards,
)
from bot.engine.game import Trick
from bot.engine.masks import mask_thirds
from bot.engine.variants.kozy import kontra_eligible

from .helpers import A, deal, labels, line, net, stack
from .kc_helpers import sides

KINGS = "KH KD KS KC"
TAROKY_12 = "I II III IV V VI VII VIII IX X XI XII"
ONES = [c for c in range(54) if CARDS[c].points == 1]


def kz(hands: dict[int, str], talon: str = "", options: dict[str, Any] | None = None,
       dealer: int = 3) -> Game:
    """A stacked Kozy deal (dealer seat 3: seat 0 is Forant)."""
    return deal("kozy", hands, talon, dealer, options=options)


def auction(g: Game, *bids: str) -> None:
    """The four auction turns from Forant: a contract name or "pass"; the declarer of a
    Jeden plays on."""
    if g.phase.value == "throw_in":
        for _ in range(4):
            g.act(g.to_act, A("keep"))
    for b in bids:
        g.act(g.to_act, A("pass") if b == "pass" else A("bid", b))
    if g.phase.value == "throw_in":
        g.act(g.to_act, A("playon"))


def round_done(g: Game) -> None:
    """Everyone says Done until the announcement round ends."""
    rounds = g.ann.rounds
    while g.phase.value == "announce" and g.ann.rounds == rounds:
        g.act(g.to_act, A("done"))


def take_first_and_discard(g: Game) -> None:
    """Take the first talon group and discard the first allowed cards."""
    g.act(g.bidder, g.legal_actions(g.bidder)[0])
    while g.phase.value == "discard":
        g.act(g.to_act, g.legal_actions(g.to_act)[0])


def to_second_round(g: Game) -> None:
    round_done(g)
    if g.phase.value == "talon":
        take_first_and_discard(g)
    assert g.phase.value == "announce" and g.ann.rounds == 2


def pile(g: Game, target: int, mine: str = "", theirs: str = "") -> tuple[int, int]:
    """The declarer's pile counting exactly ``target`` (a multiple of three cards: the exact
    count), holding ``mine`` and not ``theirs`` nor any other five-point card; the rest of
    the pack is the opponents'."""
    must = mask_of(parse_cards(mine)) if mine else 0
    avoid = mask_of(parse_cards(theirs)) if theirs else 0
    want = 3 * target
    d = must
    free = [c for c in range(54) if not (must | avoid) >> c & 1 and CARDS[c].points < 5]
    for c in sorted((c for c in free if CARDS[c].points > 1), key=lambda c: -CARDS[c].points):
        if mask_thirds(d | 1 << c) <= want:
            d |= 1 << c
    ones = [c for c in free if CARDS[c].points == 1]
    k = want - mask_thirds(d)
    assert 0 <= k <= len(ones), k
    d |= mask_of(ones[:k])
    assert count_mask_points(d) == target and d.bit_count() % 3 == 0
    return d, ((1 << 54) - 1) & ~d


def end(g: Game, piles: tuple[int, int], last: list[tuple[int, str]] | None = None,
        tricks: dict[int, int] | None = None, before: list[list[tuple[int, str]]] | None = None) -> Game:
    """Jump from trick play to the end: the declarer's side and the opponents hold the two
    piles, ``before`` are earlier complete tricks, ``last`` the last trick (winners by the
    engine), ``tricks`` the tricks won per seat."""
    assert g.phase.value == "play"
    decl, opp = sides(g)
    for s in g.active:
        g.hands[s] = g.discards[s] = g.won[s] = 0
    g.talon_to = {}
    g.talon_to_opponents = 0
    g.won[decl[0]], g.won[opp[0]] = piles
    per = tricks or {s: 3 for s in g.active}
    g.tricks_won = [per.get(s, 0) for s in range(4)]
    g.tricks = []
    for plays in before or []:
        ps = [(s, parse_cards(c)[0]) for s, c in plays]
        g.tricks.append(Trick(ps[0][0], ps, g.trick_winner(ps)))
    winners = [s for s in g.active for _ in range(per.get(s, 0))]
    for w in winners[len(g.tricks):-1]:
        g.tricks.append(Trick(w, [], w))
    if last:
        ps = [(s, parse_cards(c)[0]) for s, c in last]
        g.tricks.append(Trick(ps[0][0], ps, g.trick_winner(ps)))
    else:
        g.tricks.append(Trick(winners[-1], [], winners[-1]))
    g.finish()
    return g


def to_play_quietly(g: Game) -> None:
    """Done in both rounds, first talon group taken."""
    to_second_round(g)
    round_done(g)
    assert g.phase.value == "play"


# ---- KZ-1, KZ-24: seats, deal, money --------------------------------------------------------


def test_four_players_anticlockwise_points_no_pool():
    """KZ-1 "Anticlockwise. ... Red pips rank ace high"; KZ-24 "Game points; no pool and no
    ante. ... Four players only"."""
    v = find_variant("kozy")
    assert v.seat_counts == (4,) and not v.clockwise and v.currency == "points"
    assert v.strength[parse_cards("1H")[0]] > v.strength[parse_cards("2H")[0]]
    assert v.pool_rule == ""
    with pytest.raises(BadInput):
        new_game("kozy", players=5)


def test_talon_is_the_first_six_cards_and_the_deal_passes_on():
    """KZ-1: "The talon is the first six cards, in order ...; then batches of 6. The deal
    passes to the next seat after every hand, thrown-in hands included"."""
    deck = stack({}, "KH I II III IV V")
    g = new_game("kozy", deck=deck, dealer=3)
    assert [c.short for c in g.talon] == ["KH", "I", "II", "III", "IV", "V"]
    assert all(g.hands[s].bit_count() == 12 for s in range(4))
    auction(g, "pass", "pass", "pass", "pass")
    assert g.is_over and g.thrown_in and g.variant.next_dealer(g) == 0


# ---- KZ-2: the throw-in ---------------------------------------------------------------------


def test_a_player_without_tarok_may_throw_in_before_the_bidding():
    """KZ-2: "Before the bidding, each player with no tarok is privately offered the
    throw-in, in play order from Forant. The first to accept ends the deal with no score,
    and the next dealer deals"."""
    g = kz({1: "KH QH CH JH 1H 2H KD QD CD JD 1D 2D"})
    assert g.phase.value == "throw_in" and g.to_act == 0
    # Everyone is asked in turn, so being asked gives nothing away; only seat 1 may throw in.
    assert g.legal_actions(0) == [act(Kind.KEEP)]
    with pytest.raises(IllegalAction, match="no tarok"):
        g.verify(0, act(Kind.THROW_IN))
    g.act(0, A("keep"))
    assert set(g.legal_actions(1)) == {act(Kind.THROW_IN), act(Kind.KEEP)}
    g.act(1, A("throwin"))
    assert g.is_over and g.result is not None and g.result.net == {} and g.result.thrown_in
    assert g.variant.next_dealer(g) == 0


def test_no_throw_in_round_when_nobody_has_a_choice():
    """KZ-2/KZ-3: the pre-bidding turns exist only when some player could throw in or show
    four kings; otherwise Forant bids at once."""
    g = kz({s: TAROKY_12.split()[s * 3:(s + 1) * 3] and " ".join(TAROKY_12.split()[s * 3:(s + 1) * 3])
            for s in range(4)}, talon="KH")
    assert g.phase.value == "auction" and g.to_act == 0


def test_throwing_in_forgoes_bez_taroki():
    """KZ-2: "A player who throws in forgoes "bez taroki", as the text says" — kept, the
    hand may declare it in the second round."""
    g = kz({1: "KH QH CH JH 1H 2H KD QD CD JD 1D 2D", 0: "XXI XX XIX XVIII XVII XVI XV"})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KS"))
    to_second_round(g)
    while g.to_act != 1:
        g.act(g.to_act, A("done"))
    assert A("declare", "taroki_0") in g.legal_actions(1)


# ---- KZ-3, K1: four kings shown -------------------------------------------------------------


def test_throw_in_round_comes_before_the_four_kings():
    """KZ-3: "After KZ-2 and before the first bid, a holder of all four kings may lay them
    face up"; KZ-2: each player with no tarok is privately offered the throw-in, in play
    order from Forant.  So the throw-in round goes round first, and nobody offered the
    throw-in has seen the kings; then the kings round, from Forant again."""
    g = kz({0: KINGS + " XXI XX XIX", 2: "QH CH JH 1H 2H QD CD JD 1D 2D QS CS"})
    asked: list[tuple[int, set[Kind], tuple[tuple[int, tuple[Any, ...]], ...]]] = []
    while g.phase.value == "throw_in":
        seat = g.to_act
        assert seat is not None
        view = g.view_for(seat)
        asked.append((seat, {a.kind for a in view.legal}, view.shown))
        shows = [a for a in view.legal if a.kind is Kind.DECLARE]
        g.act(seat, shows[0] if shows else A("keep"))
    kings = tuple(cards_of(KING_MASK))
    assert asked == [
        # KZ-2: the throw-in round; only seat 2 (no tarok) may throw in, and no king is shown.
        (0, {Kind.KEEP}, ()), (1, {Kind.KEEP}, ()), (2, {Kind.THROW_IN, Kind.KEEP}, ()),
        (3, {Kind.KEEP}, ()),
        # KZ-3: the kings round; seat 0 shows them, and the later seats see them.
        (0, {Kind.DECLARE, Kind.KEEP}, ()), (1, {Kind.KEEP}, ((0, kings),)),
        (2, {Kind.KEEP}, ((0, kings),)), (3, {Kind.KEEP}, ((0, kings),)),
    ]
    assert g.phase.value == "auction" and g.to_act == 0 and g.bids == []


def test_a_throw_in_ends_the_deal_before_the_kings_round():
    """KZ-2: "The first to accept ends the deal with no score": the holder of the four
    kings is never offered to show them."""
    g = kz({0: KINGS + " XXI XX XIX", 2: "QH CH JH 1H 2H QD CD JD 1D 2D QS CS"})
    g.act(0, A("keep"))
    g.act(1, A("keep"))
    g.act(2, A("throwin"))
    assert g.is_over and g.result is not None and g.result.thrown_in
    assert not any(a.kind is Kind.DECLARE for _, a in g.history)



def test_four_kings_shown_are_public_and_stay_in_the_hand():
    """KZ-3: "a holder of all four kings may lay them face up (optional). They stay in that
    hand, visible to everyone, until played"; K1: public in ``PlayerView`` once shown,
    private before."""
    g = kz({2: KINGS + " XXI XX XIX"})
    kings = set(cards_of(KING_MASK))
    assert g.phase.value == "throw_in"
    for s in (None, 0, 1, 3):
        v = g.view_for(s)
        assert v.shown == () and not kings & set(v.hand)
    g.act(0, A("keep"))
    g.act(1, A("keep"))
    assert A("declare", "cztery_krole") in g.legal_actions(2)
    g.act(2, A("declare", "cztery_krole"))
    for s in (None, 0, 1, 2, 3):
        assert g.view_for(s).shown == ((2, tuple(sorted(kings))),)
    assert g.hands[2] & KING_MASK == KING_MASK
    g.act(3, A("keep"))
    assert g.phase.value == "auction"
    # Once a king is played it is no longer shown from the hand.
    g.hands[2] &= ~(1 << parse_cards("KH")[0])
    assert len(g.public_view().shown[0][1]) == 3


def test_four_kings_shown_pay_eight_won_or_lost():
    """KZ-17: "Announced (KZ-3): +8 or -8, replacing the silent bonus"; KZ-3: "It scores
    only if the hand is played"."""
    for ok in (True, False):
        g = kz({2: KINGS + " XXI XX XIX"})
        for _ in range(2):
            g.act(g.to_act, A("keep"))
        g.act(2, A("declare", "cztery_krole"))
        g.act(3, A("keep"))
        auction(g, "pass", "pass", "dwa", "pass")
        g.act(2, A("call", "KH"))  # the declarer calls one of his own kings: alone
        to_play_quietly(g)
        piles = pile(g, 40, "Sk " + (KINGS if ok else "KH KD KS"), "I" if ok else "KC I")
        end(g, piles)
        assert line(g, "Cztery króle shown") == ({2: 24, 0: -8, 1: -8, 3: -8} if ok else
                                                 {2: -24, 0: 8, 1: 8, 3: 8})
        assert not any(lb.startswith("Cztery króle in") for lb in labels(g))


# ---- KZ-4: the auction -------------------------------------------------------------------------


def test_one_turn_each_and_four_only_over_three():
    """KZ-4: "Forant may pass or bid 1, 2 or 3. Each later player may pass or bid higher
    than the current bid; a bid of 4 is allowed only when the current bid is 3"."""
    g = kz({})
    assert [a.value for a in g.legal_actions(0) if a.kind is Kind.BID] == ["jeden", "dwa", "trzy"]
    g.act(0, A("bid", "dwa"))
    assert [a.value for a in g.legal_actions(1) if a.kind is Kind.BID] == ["trzy"]
    with pytest.raises(IllegalAction, match="Cztery is allowed only when the high bid is Trzy"):
        g.verify(1, A("bid", "cztery"))
    g.act(1, A("bid", "trzy"))
    assert [a.value for a in g.legal_actions(2) if a.kind is Kind.BID] == ["cztery"]
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    assert g.bidder == 1 and g.contract is not None and g.contract.name == "trzy"
    assert g.phase.value == "call"


def test_all_pass_throws_in():
    """KZ-4: "After the fourth turn, the highest bidder is the declarer. If all pass, the
    deal is thrown in"."""
    g = kz({})
    auction(g, "pass", "pass", "pass", "pass")
    assert g.is_over and g.result is not None and g.result.net == {}


def test_declarer_of_jeden_chooses_to_play_or_throw_in():
    """KZ-4: "If the final bid is 1, the declarer chooses to play (with 3-card groups) or to
    throw in for no score. A computer declarer throws in"."""
    g = kz({})
    for b in ("pass", "jeden", "pass", "pass"):
        g.act(g.to_act, A("pass") if b == "pass" else A("bid", b))
    assert g.phase.value == "throw_in" and g.to_act == 1
    assert set(g.legal_actions(1)) == {act(Kind.PLAY_ON), act(Kind.THROW_IN)}
    assert choose_action(g, 1).action == act(Kind.THROW_IN)
    g.act(1, A("throwin"))
    assert g.is_over and g.result is not None and g.result.net == {}
    g = kz({})
    auction(g, "jeden", "pass", "pass", "pass")
    assert g.phase.value == "call" and g.bidder == 0


# ---- KZ-5: calling --------------------------------------------------------------------------------


def test_calling_own_king_or_a_king_in_the_talon_means_alone():
    """KZ-5: "Calling one's own king means playing alone, secretly. A called king in the
    talon also means playing alone"."""
    g = kz({0: "KH XXI XX"}, talon="KS")
    auction(g, "dwa", "pass", "pass", "pass")
    assert set(g.legal_actions(0)) == {A("call", k) for k in KINGS.split()}
    g.act(0, A("call", "KH"))
    assert g.declarer_side == frozenset({0})
    g = kz({0: "KH XXI XX"}, talon="KS")
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KS"))
    assert g.declarer_side == frozenset({0})
    g = kz({0: "KH XXI XX", 2: "KD"}, talon="KS")
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    assert g.declarer_side == frozenset({0, 2})


# ---- KZ-6, KZ-7: the first round and kontra eligibility ------------------------------------------


def test_the_text_example_only_d_may_say_kontra():
    """Tests from the text: "if the bidding goes A:"2", B:"pas", C:"3", D:"pas", then D is
    the only player who is allowed to say kontra to the game (if he does not hold the called
    king)"."""
    g = kz({0: "KS", 1: "KD", 3: "KC"})
    auction(g, "dwa", "pass", "trzy", "pass")
    assert kontra_eligible(g) == frozenset({3})
    g.act(2, A("call", "KS"))  # A holds it: A is C's partner, B and D the opponents
    round_starts = g.to_act
    assert round_starts == 2  # the round starts with the declarer (KZ-6)
    offered = {}
    for s in (2, 3, 0, 1):
        offered[s] = A("double", "game") in g.legal_actions(s)
        g.act(s, A("done"))
    assert offered == {2: False, 3: True, 0: False, 1: False}


@pytest.mark.parametrize("final", ["jeden", "dwa"])
def test_no_kontra_on_a_bid_of_one_or_two(final):
    """Tests from the text: "it is impossible to say kontra to a bid of 1 or 2": for every
    final bid of 1 or 2 there are no eligible seats."""
    paths = [["jeden", "pass", "pass", "pass"], ["pass", "jeden", "dwa", "pass"],
             ["dwa", "pass", "pass", "pass"], ["jeden", "dwa", "pass", "pass"],
             ["pass", "pass", "pass", "dwa"], ["pass", "pass", "jeden", "pass"]]
    for path in paths:
        if final not in path or ("dwa" in path and final == "jeden"):
            continue
        g = kz({})
        auction(g, *path)
        assert kontra_eligible(g) == frozenset(), path
        g.act(g.bidder, A("call", "KH"))
        for _ in range(4):
            assert A("double", "game") not in g.legal_actions(g.to_act)
            g.act(g.to_act, A("done"))


def test_krol_ultymo_by_the_holder_and_kontra_on_it_by_any_opponent():
    """KZ-6: "the holder of the called king may announce król ultymo, which makes the holder
    public; ... an opponent may
    say kontra on król ultymo, whatever the bidding was"; answers re, sub, mort by "any
    member of the right side"; "Doubling of the game and of król ultymo is closed after
    this round"."""
    g = kz({2: "KD"})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    g.act(0, A("done"))
    assert A("announce", "krol_ultymo") not in g.legal_actions(1)
    g.act(1, A("done"))
    assert g.view_for(0).my_partner is None  # the declarer does not know his partner yet
    g.act(2, A("announce", "krol_ultymo"))
    assert g.view_for(0).my_partner == 2 and g.side_is_public(2)  # "makes the holder public"
    g.act(2, A("done"))
    g.act(3, A("double", "krol_ultymo"))  # kontra, though nobody could say kontra on a Dwa
    g.act(3, A("done"))
    words = [g.variant.double_word(n) for n in (1, 2, 3, 4)]
    assert words == ["Kontra", "Re", "Sub", "Mort"]
    g.act(0, A("double", "krol_ultymo"))  # re by the declarer
    g.act(1, A("double", "krol_ultymo"))  # sub
    g.act(2, A("double", "krol_ultymo"))  # mort
    assert g.ann.announced["krol_ultymo"].level == 4
    round_done(g)
    take_first_and_discard(g)
    assert g.ann.rounds == 2
    for _ in range(4):
        assert not {a.value for a in g.legal_actions(g.to_act) if a.kind is Kind.DOUBLE} & {
            "game", "krol_ultymo"}
        g.act(g.to_act, A("done"))
    assert g.phase.value == "play"


def test_computed_example_1_kontra_and_the_king_in_the_last_trick():
    """Computed example 1: "A (Forant) bids 1, B bids 3, C bids 4, D passes. Eligible for
    kontra: B ... and D .... A is not. C calls K♥, which D holds, so ... only B may say
    kontra. B says kontra. C and D take 30 and lose: 4 × 2 = 8 per pair. D's K♥ is in the
    last trick, which the opponents win: −1 only. Result per pair −9: C pays 9 to A or B,
    and D pays 9 to the other."""
    g = kz({3: "KH 7S", 1: "XIX", 0: "KS"})
    auction(g, "jeden", "trzy", "cztery", "pass")
    assert kontra_eligible(g) == frozenset({1, 2, 3})  # C, the declarer, is no opponent
    g.act(2, A("call", "KH"))
    g.act(2, A("done"))
    assert A("double", "game") not in g.legal_actions(3)  # D is the partner
    g.act(3, A("done"))
    assert A("double", "game") not in g.legal_actions(0)  # A could have bid 3
    g.act(0, A("done"))
    g.act(1, A("double", "game"))
    round_done(g)
    assert g.ann.rounds == 2  # Cztery: no talon, the second round follows at once
    round_done(g)
    last = [(0, "8S"), (1, "XIX"), (2, "9S"), (3, "KH")]
    end(g, pile(g, 30, "Sk KS", "8S XIX 9S KH"), last=last)
    assert line(g, "Cztery") == {2: -8, 3: -8, 0: 8, 1: 8}
    assert line(g, "captured in the last trick") == {2: -1, 3: -1, 0: 1, 1: 1}
    assert net(g) == {2: -9, 3: -9, 0: 9, 1: 9}
    assert {(t.payer, t.payee, t.amount) for t in g.result.transfers} == {(2, 0, 9), (3, 1, 9)}


# ---- KZ-8, KZ-10: the talon -------------------------------------------------------------------


@pytest.mark.parametrize("bid,size,left", [("jeden", 3, 15), ("dwa", 2, 14), ("trzy", 1, 13)])
def test_group_size_by_the_bid(bid, size, left):
    """Tests from the text: "A bid of 2 leaves 14 cards, then 2 are discarded; a bid of 3
    leaves 13, then 1 is discarded; a bid of 1 leaves 15, then 3 are discarded"."""
    g = kz({})
    auction(g, bid, "pass", "pass", "pass")
    g.act(0, A("call", "KH"))
    round_done(g)
    assert g.phase.value == "talon" and g.staged.group == size
    assert g.legal_actions(0)[0] == act(Kind.TAKE, 1)
    g.act(0, act(Kind.TAKE, 1))
    assert g.hands[0].bit_count() == left and g.discard_need == size


def test_all_groups_shown_then_any_one_taken():
    """KZ-8: "At each step the declarer sees the next group privately and either takes it
    (the rest stays unseen) or shows it face up and moves on. When all groups have been
    shown, the declarer takes any one of them, the last included"."""
    g = kz({}, talon="1H 2H 3H 4H 7S 8S")
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KH"))
    round_done(g)
    assert set(g.view_for(0).talon_seen) == set(parse_cards("1H 2H"))
    assert g.view_for(1).talon_seen == () and g.public_view().exposed == ()
    g.act(0, A("reject"))
    g.act(0, A("reject"))
    assert set(g.public_view().exposed) == set(parse_cards("1H 2H 3H 4H"))
    g.act(0, A("reject"))
    assert {a.value for a in g.legal_actions(0) if a.kind is Kind.TAKE} == {1, 2, 3}
    assert act(Kind.TAKE, 2).label == "Take group 2"
    g.act(0, act(Kind.TAKE, 2))
    assert g.hands[0] & mask_of(parse_cards("3H 4H")) and g.level == 2
    # KZ-10: the shown cards not taken go to the opponents.
    assert g.talon_to_opponents == mask_of(parse_cards("1H 2H 7S 8S"))


def test_show_whole_talon_option():
    """KZ-8, option show_whole_talon: "show every group at once and choose one ... (then no
    talon card stays unseen)"."""
    g = kz({}, talon="1H 2H 3H 4H 7S 8S", options={"show_whole_talon": True})
    auction(g, "jeden", "pass", "pass", "pass")
    g.act(0, A("call", "KH"))
    round_done(g)
    assert set(g.public_view().exposed) == set(g.talon)
    assert {a.value for a in g.legal_actions(0) if a.kind is Kind.TAKE} == {1, 2}
    g.act(0, act(Kind.TAKE, 2))
    assert g.discard_need == 3 and g.talon_to_opponents == mask_of(parse_cards("1H 2H 3H"))


def test_unseen_talon_goes_to_the_declarer_when_the_called_king_was_in_it():
    """KZ-10: "Cards never seen go to the opponents, unless the called king was anywhere in
    the talon (taken, shown or unseen): then all the unseen cards belong to the declarer.
    With a bid of 4 the whole talon is unseen"."""
    g = kz({}, talon="1H 2H KS 4H 7S 8S")
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KS"))
    round_done(g)
    g.act(0, act(Kind.TAKE, 1))
    assert g.talon_to[0] == mask_of(parse_cards("KS 4H 7S 8S"))
    g = kz({}, talon="1H 2H 3H 4H 7S 8S")
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KS"))
    round_done(g)
    g.act(0, act(Kind.TAKE, 1))
    assert g.talon_to_opponents == mask_of(parse_cards("3H 4H 7S 8S")) and not g.talon_to.get(0)
    for called, mine in (("KS", True), ("KH", False)):
        g = kz({1: "KH"}, talon="1H 2H KS 4H 7S 8S")
        auction(g, "pass", "trzy", "cztery", "pass")
        g.act(2, A("call", called))
        to_second_round(g)
        talon = mask_of(g.talon)
        assert (g.talon_to.get(2, 0), g.talon_to_opponents) == ((talon, 0) if mine else (0, talon))


# ---- KZ-9: surrender ---------------------------------------------------------------------------


def test_computed_example_4_surrender():
    """Computed example 4: "A bids 3, D (eligible) says kontra, and A sees the called king
    among the single talon cards and gives up. A pays 2 to each opponent, and the kontra
    lapses. Result: A −6." Tests from the text: "pays a fixed amount of 2 game points to
    each opponent" (6 in all)."""
    g = kz({}, talon="1H 2H KH 4H 7S 8S")
    auction(g, "trzy", "pass", "pass", "pass")
    assert 3 in kontra_eligible(g)
    g.act(0, A("call", "KH"))
    g.act(0, A("done"))
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("double", "game"))
    round_done(g)
    for _ in range(2):
        assert act(Kind.SURRENDER) not in g.legal_actions(0)
        g.act(0, A("reject"))
    assert act(Kind.SURRENDER) in g.legal_actions(0)
    g.act(0, A("surrender"))
    assert g.is_over and net(g) == {0: -6, 1: 2, 2: 2, 3: 2}
    assert labels(g) == ["Gave up with the called king in the talon: 2 points to each opponent"]


def test_surrender_points_option_and_windows():
    """KZ-9: "they may give up at their next decision (... option surrender_window:
    next_decision (default) or until_discard) ... option surrender_points: 2 (default) or 5";
    "Surrender is impossible with a bid of 4"."""
    g = kz({}, talon="KH 2H 3H 4H 7S 8S", options={"surrender_points": 5})
    auction(g, "trzy", "pass", "pass", "pass")
    g.act(0, A("call", "KH"))
    round_done(g)
    assert act(Kind.SURRENDER) in g.legal_actions(0)
    g.act(0, A("reject"))
    assert act(Kind.SURRENDER) not in g.legal_actions(0)  # the next decision has passed
    g = kz({}, talon="KH 2H 3H 4H 7S 8S", options={"surrender_points": 5,
                                                   "surrender_window": "until_discard"})
    auction(g, "trzy", "pass", "pass", "pass")
    g.act(0, A("call", "KH"))
    round_done(g)
    g.act(0, A("reject"))
    g.act(0, A("surrender"))
    assert net(g) == {0: -15, 1: 5, 2: 5, 3: 5}
    g = kz({}, talon="KH 2H 3H 4H 7S 8S")
    auction(g, "pass", "trzy", "cztery", "pass")
    g.act(2, A("call", "KH"))
    round_done(g)
    assert g.phase.value == "announce"  # no talon, no surrender


# ---- KZ-11, KZ-12: the second round and play -----------------------------------------------------


def test_second_round_announcements_and_their_doubles():
    """KZ-11: "trul, by a holder of skiż, XXI and pagat; pagat ultymo, by the holder of the
    pagat, on either side; one taroki-count declaration ...; walat, by any player ... Then
    kontra on trul or pagat ultymo by the other side (walat is not doubled: option
    kontra_walat, default off)"."""
    g = kz({1: "Sk XXI I", 2: "KD"})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    to_second_round(g)
    assert g.to_act == 0  # the declarer starts
    first = {a.value for a in g.legal_actions(0) if a.kind is Kind.ANNOUNCE}
    assert first == {"walat"}
    g.act(0, A("announce", "walat"))
    g.act(0, A("done"))
    mine = {a.value for a in g.legal_actions(1) if a.kind is Kind.ANNOUNCE}
    assert mine == {"trul", "pagat_ultymo"}  # walat is announced already
    g.act(1, A("announce", "trul"))
    g.act(1, A("done"))
    doubles = {a.value for a in g.legal_actions(2) if a.kind is Kind.DOUBLE}
    assert doubles == {"trul"}  # not walat, not the game
    g.act(2, A("double", "trul"))
    assert g.ann.announced["trul"].level == 1
    g = kz({1: "Sk XXI I", 2: "KD"}, options={"kontra_walat": True})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    to_second_round(g)
    g.act(0, A("announce", "walat"))
    g.act(0, A("done"))
    assert A("double", "walat") in g.legal_actions(1)


def test_forant_leads_and_the_announced_pagat_is_kept():
    """KZ-12: "Forant leads, even when not the declarer. ... An announced pagat ultymo ...
    must be kept for the last trick unless it is the only legal card"."""
    g = kz({1: "I 1H 2H"})
    auction(g, "pass", "dwa", "pass", "pass")
    g.act(1, A("call", "KS"))
    to_second_round(g)
    assert g.to_act == 1
    g.act(1, A("announce", "pagat_ultymo"))
    round_done(g)
    assert g.phase.value == "play" and g.to_act == 0
    g.act(0, g.legal_actions(0)[0])
    assert A("play", "I") not in g.legal_actions(1) or g.legal_actions(1) == [A("play", "I")]


# ---- KZ-13, KZ-14: the game -----------------------------------------------------------------------


def _trzy_with_partner(options: dict[str, Any] | None = None) -> Game:
    g = kz({2: "KD"}, options=options)
    auction(g, "trzy", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    to_play_quietly(g)
    return g


EXAMPLE_2 = "KH KD Sk XXI QH QD QS CH " + " ".join(CARDS[c].short for c in ONES[:17])


def test_computed_example_2_thirty_five_and_a_card_wins():
    """Computed example 2: "A bids 3; C is the partner. A and C win 6 tricks plus 1 discard:
    25 cards, face sum 52. Integer count 35; T = 106 > 105, so they win and gain 3 per pair.
    The opponents hold 29 cards, face 54: integer 35, T = 104. Under win_rule=integer36, A's
    side loses"."""
    for rule, won in (("thirds", True), ("integer36", False)):
        g = _trzy_with_partner({"win_rule": rule})
        mine = mask_of(parse_cards(EXAMPLE_2))
        assert mine.bit_count() == 25 and sum(CARDS[c].points for c in cards_of(mine)) == 52
        theirs = ((1 << 54) - 1) & ~mine
        assert count_mask_points(mine) == 35 and mask_thirds(mine) == 106
        assert count_mask_points(theirs) == 35 and mask_thirds(theirs) == 104
        end(g, (mine, theirs))
        assert g.result is not None and g.result.declarers_won is won
        amount = 3 if won else -3
        assert line(g, "Trzy") == {0: amount, 2: amount, 1: -amount, 3: -amount}


def test_thirty_five_all_loses():
    """KZ-13: "An exact 35 : 35 loses"."""
    g = _trzy_with_partner()
    end(g, pile(g, 35, "KH Sk", "I KC"))
    assert g.result is not None and g.result.declarers_won is False


@pytest.mark.parametrize("bid", ["jeden", "dwa", "trzy", "cztery"])
def test_the_game_is_worth_the_bid_and_three_times_for_a_lone_declarer(bid):
    """Tests from the text, KZ-14: "The game is worth 1/2/3/4. A lone declarer's "total
    amount won or lost ... is in fact three times the indicated score"."""
    worth = {"jeden": 1, "dwa": 2, "trzy": 3, "cztery": 4}[bid]
    path = {"cztery": ["pass", "pass", "trzy", "cztery"]}.get(bid, [bid, "pass", "pass", "pass"])
    g = kz({0: "KH", 3: "KS"})
    auction(g, *path)
    b = g.bidder
    g.act(b, A("call", "KH" if b == 0 else "KS"))  # own king: alone
    to_play_quietly(g)
    end(g, pile(g, 40, "Sk KH", "I KC"))
    others = [s for s in range(4) if s != b]
    assert line(g, g.contract.title + ":") == {b: 3 * worth, **{s: -worth for s in others}}


def test_the_game_is_doubled_by_kontra_and_re():
    """KZ-14: "The game is worth 1, 2, 3 or 4 points by the bid, × 2^(doubles). It is paid to
    the winning side per pair" — Trzy with a partner, kontra and re: 3 × 4 = 12 per pair."""
    g = kz({2: "KD"})
    auction(g, "trzy", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    g.act(0, A("done"))
    g.act(1, A("double", "game"))  # kontra: seat 1 found the bid at Trzy
    g.act(1, A("done"))
    g.act(2, A("double", "game"))  # re, by the partner
    round_done(g)
    assert g.ann.game_level == 2
    to_play_quietly(g)
    end(g, pile(g, 40, "Sk KH", "I KC"))
    assert line(g, "Trzy") == {0: 12, 2: 12, 1: -12, 3: -12}


# ---- KZ-15 … KZ-23: the other items ----------------------------------------------------------------


def test_declaration_table():
    """KZ-15: "12 taroki 3, 11 taroki 2, 10 taroki 1, 2 taroki 1, 1 tarok 2, 0 taroki 3.
    Each is paid to the declaring player's side. ... never doubled"."""
    v = find_variant("kozy")
    for count, name, pts in ((12, "taroki_12", 3), (11, "taroki_11", 2), (10, "taroki_10", 1),
                             (2, "taroki_2", 1), (1, "taroki_1", 2), (0, "taroki_0", 3)):
        taroky = [c for c in range(1, 20)][:count]
        plain = [c for c in range(22, 54) if not CARDS[c].is_king][:max(0, 11 - count)]
        hand = [*taroky, *plain, *(parse_cards("KS") if count < 12 else [])]
        g = kz({3: " ".join(CARDS[c].short for c in hand)})
        if g.phase.value == "throw_in":
            for _ in range(4):
                g.act(g.to_act, A("keep"))
        auction(g, "pass", "dwa", "pass", "pass")
        g.act(1, A("call", "KS"))  # seat 3 holds it (or it is in the talon)
        to_second_round(g)
        while g.to_act != 3:
            g.act(g.to_act, A("done"))
        assert v.declarations_true(g, 3) == [name]
        g.act(3, A("declare", name))
        round_done(g)
        end(g, pile(g, 40, "Sk KH", "I KC"))
        side, opp = (sides(g) if 3 in g.declarer_side else reversed(sides(g)))
        got = line(g, v.title_of(name))
        assert got == {**{s: pts * 3 // len(side) if len(side) != 2 else pts for s in side},
                       **{s: -(pts * 3 // len(opp)) if len(opp) != 2 else -pts for s in opp}}


def _played_out(options: dict[str, Any] | None = None, hands: dict[int, str] | None = None) -> Game:
    """Seat 0 bids Dwa and calls K♦ held by seat 2: 0 and 2 against 1 and 3, in play."""
    g = kz({2: "KD", **(hands or {})}, options=options)
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    to_play_quietly(g)
    return g


PAIR_WIN = {0: 1, 2: 1, 1: -1, 3: -1}


def _times(d: dict[int, int], k: int) -> dict[int, int]:
    return {s: v * k for s, v in d.items()}


def test_silent_trul_and_four_kings():
    """KZ-16: "Silent: a side whose pile ... holds the skiż, the XXI and the pagat gains 2";
    KZ-17: "Silent: a side whose pile holds all four kings gains 2"."""
    g = _played_out()
    end(g, pile(g, 40, "Sk XXI I KH KD KS KC"))
    assert line(g, "Trul in the tricks of the declarer's side: 2") == _times(PAIR_WIN, 2)
    assert line(g, "Cztery króle in the tricks of the declarer's side: 2") == _times(PAIR_WIN, 2)


def test_announced_trul_won_lost_and_option_five():
    """KZ-16: "Announced: +4 if the announcing side ends with all three, otherwise −4. This
    replaces the silent trul. Option announced_trul: 4 (default) or 5. A failed announced
    trul (−4 × doubles) is paid in addition to the lost pagat (KZ-21: −1 ...)"."""
    for opts, ok, amount in (({}, True, 4), ({"announced_trul": 5}, True, 5), ({}, False, 4)):
        g = kz({0: "Sk XXI I", 2: "KD"}, options=opts)
        auction(g, "dwa", "pass", "pass", "pass")
        g.act(0, A("call", "KD"))
        to_second_round(g)
        g.act(0, A("announce", "trul"))
        round_done(g)
        if ok:
            end(g, pile(g, 40, "Sk XXI I KH", "KC"))
        else:
            before = [[(0, "I"), (1, "II"), (2, "7S"), (3, "8S")]]
            end(g, pile(g, 40, "Sk XXI KH", "I II 7S 8S KC"), before=before)
            assert line(g, "pagát captured") == _times(PAIR_WIN, -1)
        assert line(g, "Trul announced") == _times(PAIR_WIN, amount if ok else -amount)
        assert not any(lb.startswith("Trul in the tricks") for lb in labels(g))


def test_pagat_ultymo_silent_and_announced():
    """KZ-18: "Silent: if the pagat is played to the last trick, its side gains 1 if it wins
    and loses 1 if it does not (even if a partner wins). Announced: +2 or −2; it fails if
    the pagat is played early or beaten"; Tests from the text: "pagat ultymo 1/2"."""
    g = _played_out()
    end(g, pile(g, 40, "Sk KH I 7S 8S 9S", "KC"),
        last=[(1, "7S"), (2, "8S"), (3, "9S"), (0, "I")])
    assert line(g, "Pagat ultymo: won") == PAIR_WIN
    g = _played_out()
    end(g, pile(g, 40, "Sk KH I II 8S 9S", "KC"),
        last=[(1, "8S"), (2, "II"), (3, "9S"), (0, "I")])
    assert line(g, "Pagat ultymo: beaten") == _times(PAIR_WIN, -1)  # a partner won it
    for where in ("last", "early"):
        g = kz({2: "KD I"})
        auction(g, "dwa", "pass", "pass", "pass")
        g.act(0, A("call", "KD"))
        to_second_round(g)
        g.act(0, A("done"))
        g.act(1, A("done"))
        g.act(2, A("announce", "pagat_ultymo"))
        round_done(g)
        if where == "last":
            end(g, pile(g, 40, "Sk KH I 7S 8S 9S", "KC"),
                last=[(1, "7S"), (2, "I"), (3, "9S"), (0, "8S")])
            assert line(g, "Pagat ultymo announced and won") == _times(PAIR_WIN, 2)
        else:
            end(g, pile(g, 40, "Sk KH I II 8S 9S", "KC"),
                before=[[(1, "8S"), (2, "I"), (3, "9S"), (0, "II")]])
            assert line(g, "Pagat ultymo announced and lost") == _times(PAIR_WIN, -2)


def test_the_pagat_in_the_last_trick_costs_only_the_ultymo():
    """Tests from the text: "The same holds for the pagat in the last trick: 1, or 2, with no
    extra 1"; KZ-21: "When an opponent wins the trick the pagat was played to, its side pays
    1 to the capturing side ... An announced ultymo whose pagat is captured earlier costs
    2 + 1"."""
    g = _played_out(hands={0: "I"})
    end(g, pile(g, 40, "Sk KH", "I II 8S 9S KC"),
        last=[(1, "II"), (2, "8S"), (3, "9S"), (0, "I")])
    assert line(g, "Pagat ultymo: beaten") == _times(PAIR_WIN, -1)
    assert not any("captured" in lb for lb in labels(g))
    g = _played_out(hands={0: "I"})
    end(g, pile(g, 40, "Sk KH", "I II 8S 9S KC"),
        before=[[(1, "II"), (2, "8S"), (3, "9S"), (0, "I")]])
    assert line(g, "pagát captured") == _times(PAIR_WIN, -1)
    g = kz({2: "KD I"})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    to_second_round(g)
    g.act(0, A("done"))
    g.act(1, A("done"))
    g.act(2, A("announce", "pagat_ultymo"))
    round_done(g)
    end(g, pile(g, 40, "Sk KH", "I II 8S 9S KC"), before=[[(1, "II"), (2, "I"), (3, "9S"), (0, "8S")]])
    assert line(g, "Pagat ultymo announced and lost") == _times(PAIR_WIN, -2)
    assert line(g, "pagát captured") == _times(PAIR_WIN, -1)


def test_krol_ultymo_silent_and_announced():
    """KZ-19: "Silent: if the called king is played to the last trick and the declarer's side
    wins that trick, the declarer's side gains 1. Announced: +2 on success; −2 if the king is
    played before the last trick or the last trick goes to the opponents"."""
    g = _played_out()
    end(g, pile(g, 40, "Sk KH KD XX 8S 9S", "KC"), last=[(1, "8S"), (2, "KD"), (3, "9S"), (0, "XX")])
    assert line(g, "Król ultymo: won") == PAIR_WIN
    for where, ok in (("won", True), ("early", False)):
        g = kz({2: "KD"})
        auction(g, "dwa", "pass", "pass", "pass")
        g.act(0, A("call", "KD"))
        g.act(0, A("done"))
        g.act(1, A("done"))
        g.act(2, A("announce", "krol_ultymo"))
        to_second_round(g)
        round_done(g)
        if where == "won":
            end(g, pile(g, 40, "Sk KH KD XX 8S 9S", "KC"),
                last=[(1, "8S"), (2, "KD"), (3, "9S"), (0, "XX")])
        else:
            end(g, pile(g, 40, "Sk KH KD XX 8S 9S", "KC"),
                before=[[(1, "8S"), (2, "KD"), (3, "9S"), (0, "XX")]])
        assert line(g, "Król ultymo announced") == _times(PAIR_WIN, 2 if ok else -2)


def test_captured_called_king():
    """KZ-20: "The declarer's side pays 1: when the opponents win the trick the called king
    was played to; or when the declarer showed the king in the talon and took another group.
    ... If a król ultymo king is captured in an earlier trick, only the failed ultymo is paid
    (2 × its doubles) ... Option no_double_penalty: always (default) or last_trick (2 + 1)";
    Tests from the text: "If the called king is captured in the last trick, the payment is
    just 1 game point, or 2 if king ultimo was announced"."""
    g = _played_out()
    end(g, pile(g, 40, "Sk KH", "KD XX 8S 9S KC"), before=[[(1, "8S"), (2, "KD"), (3, "XX"), (0, "9S")]])
    assert line(g, "called king captured: 1") == _times(PAIR_WIN, -1)
    for opts, extra in (({}, False), ({"no_double_penalty": "last_trick"}, True)):
        g = kz({2: "KD"}, options=opts)
        auction(g, "dwa", "pass", "pass", "pass")
        g.act(0, A("call", "KD"))
        g.act(0, A("done"))
        g.act(1, A("done"))
        g.act(2, A("announce", "krol_ultymo"))
        to_second_round(g)
        round_done(g)
        end(g, pile(g, 40, "Sk KH", "KD XX 8S 9S KC"), before=[[(1, "8S"), (2, "KD"), (3, "XX"), (0, "9S")]])
        assert line(g, "Król ultymo announced and lost") == _times(PAIR_WIN, -2)
        assert any(lb == "The called king captured: 1" for lb in labels(g)) is extra
    g = kz({2: "KD"})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    g.act(0, A("done"))
    g.act(1, A("done"))
    g.act(2, A("announce", "krol_ultymo"))
    to_second_round(g)
    round_done(g)
    end(g, pile(g, 40, "Sk KH", "KD XX 8S 9S KC"), last=[(1, "8S"), (2, "KD"), (3, "XX"), (0, "9S")])
    assert line(g, "Król ultymo announced and lost") == _times(PAIR_WIN, -2)
    assert not any("captured" in lb for lb in labels(g))
    # Shown in the talon and left: captured; in the unseen talon: not.
    g = kz({}, talon="KD 2H 3H 4H 7S 8S")
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    round_done(g)
    g.act(0, A("reject"))
    g.act(0, act(Kind.TAKE, 2))
    while g.phase.value == "discard":
        g.act(0, g.legal_actions(0)[0])
    round_done(g)
    end(g, pile(g, 40, "Sk KH", "KC KD"))
    assert line(g, "shown in the talon and left") == {0: -3, 1: 1, 2: 1, 3: 1}


def test_captured_xxi():
    """KZ-22: "If the XXI and an opponent's skiż are in the same trick, the XXI's side pays
    2. ... there is no payment between partners"."""
    g = _played_out()
    end(g, pile(g, 40, "KH", "Sk XXI 8S 9S KC"), before=[[(1, "8S"), (2, "XXI"), (3, "Sk"), (0, "9S")]])
    assert line(g, "XXI captured") == _times(PAIR_WIN, -2)
    g = _played_out()
    end(g, pile(g, 40, "KH Sk XXI 8S 9S XX", "KC"), before=[[(1, "8S"), (2, "XXI"), (3, "XX"), (0, "Sk")]])
    assert not any("XXI" in lb for lb in labels(g))


_THEIRS = mask_of(parse_cards("I KC 7S 8S 9S 10S"))  # (a talon share)
WALAT_PILES = (((1 << 54) - 1) & ~_THEIRS, _THEIRS)


def test_walat_is_added_or_replaces_the_game():
    """KZ-23: "A side that wins all 12 tricks gains 5; an announced walat is +20 or −20. It is
    added to every other item ... Option walat_replaces_game, default off"."""
    for opts, game_paid in (({}, True), ({"walat_replaces_game": True}, False)):
        g = _played_out(opts)
        end(g, WALAT_PILES, tricks={0: 6, 2: 6})
        assert line(g, "Walat: every trick to the declarer's side, 5") == _times(PAIR_WIN, 5)
        assert any(lb.startswith("Dwa:") for lb in labels(g)) is game_paid
    g = kz({2: "KD"})
    auction(g, "dwa", "pass", "pass", "pass")
    g.act(0, A("call", "KD"))
    to_second_round(g)
    g.act(0, A("announce", "walat"))
    round_done(g)
    end(g, WALAT_PILES, tricks={0: 11, 3: 1})
    assert line(g, "Walat announced and lost") == _times(PAIR_WIN, -20)


def test_computed_example_3_lone_declarer_and_pagat_ultymo():
    """Computed example 3: "C bids 2 and calls the K♠, which C holds, so C is alone. B
    announces pagat ultymo; C says kontra on it; B says re. B's pagat wins the last trick:
    2 × 4 = 8 per opponent. C wins the game with 40: +2 per opponent. Result: C −18; A, B, D
    +6 each"."""
    g = kz({2: "KS", 1: "I"})
    auction(g, "pass", "pass", "dwa", "pass")
    g.act(2, A("call", "KS"))
    to_second_round(g)
    for s in (2, 3, 0):
        g.act(s, A("done"))
    g.act(1, A("announce", "pagat_ultymo"))
    g.act(1, A("done"))
    g.act(2, A("double", "pagat_ultymo"))  # (a doubling turn with nothing more ends)
    g.act(3, A("done"))
    g.act(0, A("done"))
    g.act(1, A("double", "pagat_ultymo"))
    round_done(g)
    assert g.ann.announced["pagat_ultymo"].level == 2
    end(g, pile(g, 40, "KS Sk", "I 7S 8S 9S"), last=[(1, "I"), (2, "7S"), (3, "8S"), (0, "9S")])
    assert line(g, "Pagat ultymo announced and won") == {2: -24, 0: 8, 1: 8, 3: 8}
    assert line(g, "Dwa:") == {2: 6, 0: -2, 1: -2, 3: -2}
    assert net(g) == {2: -18, 0: 6, 1: 6, 3: 6}


def test_why_names_the_kontra_rule_to_a_seat_shut_out():
    """KZ-7 in player words: Why? tells an opponent who could have bid Trzy why kontra on
    the game is not offered (and names no clarification id)."""
    g = kz({0: "KS", 1: "KD", 3: "KC"})
    auction(g, "dwa", "pass", "trzy", "pass")
    g.act(2, A("call", "KS"))
    g.act(2, A("done"))
    g.act(3, A("done"))
    g.act(0, A("done"))
    why = g.explain(1)
    assert "Kontra on the game is said only by an opponent who bid Trzy" in why
    assert "KZ-" not in why
    with pytest.raises(IllegalAction, match="You may not double the game now"):
        g.verify(1, A("double", "game"))


def test_cli_simulate_bench_replay_and_play(tmp_path, capsys, monkeypatch):
    """`taroky simulate`, `bench`, `replay` and `play` work for Kozy (game points)."""
    import itertools
    import json
    import random

    from bot.cli import main

    assert main(["simulate", "--variant", "kozy", "--deals", "40", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["invariant_failures"] == 0
    assert main(["bench", "--variant", "kozy", "--seconds", "0.1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "kozy"
    rng = random.Random(11)
    g = new_game("kozy", dealer=1, rng=rng)
    while not g.is_over:
        la = g.legal_actions()
        g.act(g.to_act, la[int(rng.random() * len(la))])
    p = tmp_path / "hand.json"
    p.write_text(json.dumps(g.to_record()), encoding="utf-8")
    assert main(["replay", str(p), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["currency"] == "points" and got["net"] == {str(k): v for k, v in g.result.net.items()}
    answers = itertools.chain(["1"] * 300, itertools.repeat("q"))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--variant", "kozy", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Your hand:" in out and "Totals:" in out and "The declarer" in out
