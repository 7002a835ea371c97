"""Nebraska Taroky, La Vista (nebraska-taroky-la-vista-heun-petrtyl.txt; NE-1 … NE-9, C-1,
C-2, C-5), on stacked decks."""

import random

import pytest

from bot.engine import IllegalAction, Phase, find_variant, new_game
from bot.engine.actions import Kind, act
from bot.engine.cards import parse_card, parse_cards
from bot.engine.say import ENGLISH, Money

from .helpers import A, legal, line, net
from .kc_helpers import bid_to_call, end, kc, low, to_play


def kinds(g, seat=None):
    return [a for a in g.legal_actions(seat)]


# ---- the variant, the deal (NE-1, C-1, C-2, C-5) ---------------------------------------------


def test_registered_with_aliases():
    """Nebraska is selectable by name and by 'lavista' / 'la-vista'."""
    assert find_variant("nebraska").name == "nebraska"
    assert find_variant("lavista").name == "nebraska"
    assert find_variant("la-vista").name == "nebraska"


def test_clockwise_and_red_four_high():
    """NE-1 / C-1: 'Unlike European Tarok games, in Nebraska the game is played clockwise'
    (drawing only); 'In the red suits the 1 (ace) is lowest'."""
    v = find_variant("nebraska")
    assert v.clockwise and not v.red_ace_high and v.currency == "chips"
    g = kc({})
    plays = [(0, parse_card("1H")), (1, parse_card("4H")), (2, parse_card("2H"))]
    assert g.trick_winner(plays) == 1
    plays = [(0, parse_card("7S")), (1, parse_card("10S"))]
    assert g.trick_winner(plays) == 1


def test_forehand_holds_tarok_ii_on_first_deal():
    """NE-1: 'First deal of a session: the holder of tarok II (else III, IV, …) is
    forehand'."""
    g = kc({2: "II"}, first=True)
    assert g.forehand == 2 and g.to_act == 2 and g.phase is Phase.AUCTION
    g = kc({1: "III"}, talon="II", first=True)
    assert g.forehand == 1


def test_later_deals_forehand_is_after_the_dealer():
    """NE-1: 'later, the previous forehand deals and the next seat is forehand'."""
    g = kc({2: "II"}, dealer=1, first=False)
    assert g.forehand == 2
    g = kc({0: "II"}, dealer=1, first=False)
    assert g.forehand == 2


def test_cut_by_the_player_to_the_right_then_packets_of_six():
    """C-2: 'The dealer shuffles the cards and offers them to the player to the right who may
    cut the pack, or decline to cut by lightly tapping' — clockwise, the seat before the
    dealer."""
    g = new_game("nebraska", dealer=2, options={"ritual": True}, rng=random.Random(1),
                 first_of_session=False)
    assert g.phase is Phase.RITUAL and g.to_act == 1
    g.act(1, act(Kind.CUT))
    assert g.phase is Phase.AUCTION and len(g.talon) == 6


def test_tap_first_packet_fixes_the_order():
    """'If this player chooses the first packet then the other three players must take the
    2nd, 3rd and 4th packets in clockwise order.'"""
    g = new_game("nebraska", dealer=3, options={"ritual": True}, rng=random.Random(1),
                 first_of_session=False)
    g.act(2, act(Kind.KNOCK))
    assert g.to_act == 0  # the player to dealer's left
    g.act(0, act(Kind.BATCH, 1))
    rest = list(g.deck[6:])
    assert g.phase is Phase.AUCTION
    for s in range(4):
        assert g.hands[s] == sum(1 << c for c in rest[12 * s:12 * s + 12])


def test_tap_other_packet_lets_each_choose():
    """'If the first player chooses to take a packet other than the first, the other three
    players in clockwise order each take a 12-card packet of their choice'."""
    g = new_game("nebraska", dealer=3, options={"ritual": True}, rng=random.Random(1),
                 first_of_session=False)
    g.act(2, act(Kind.KNOCK))
    g.act(0, act(Kind.BATCH, 3))
    assert g.to_act == 1 and {a.value for a in g.legal_actions(1)} == {1, 2, 4}
    g.act(1, act(Kind.BATCH, 4))
    g.act(2, act(Kind.BATCH, 1))
    rest = list(g.deck[6:])
    assert g.hands[3] == sum(1 << c for c in rest[12:24])


def test_five_players_dealer_sits_out():
    """C-5: 'the dealer deals to the other four players and takes no part in the play or
    scoring of that deal.'"""
    g = new_game("nebraska", players=5, dealer=2, rng=random.Random(4))
    assert g.sitting_out == 2 and g.hands[2] == 0 and 2 not in g.order
    while not g.is_over:
        s = g.to_act
        assert s != 2
        g.act(s, g.legal_actions(s)[0])
    assert 2 not in g.result.net


def test_throw_in_without_kings_and_taroky():
    """'If any player has no Kings and no Taroky in their 12 cards, they can require that the
    deal be abandoned for no score.'  Offered only to that player, only on the first turn."""
    g = kc({1: "QH CH JH 1H 2H 3H 4H QD CD JD 1D 2D"})
    assert act(Kind.THROW_IN) not in g.legal_actions(0)
    g.act(0, A("bid", "four"))
    assert act(Kind.THROW_IN) in g.legal_actions(1)
    g.act(1, act(Kind.THROW_IN))
    assert g.is_over and g.result.thrown_in and net(g) == {}


# ---- the auction (NE-2) --------------------------------------------------------------------


def test_opening_bids_are_four_or_five():
    """NE-2: 'Four only as the opening bid; Five opens or overcalls Four; Five Over only over
    Five.'"""
    g = kc({})
    assert legal(g) == {("pass", None), ("bid", "four"), ("bid", "five")}


def test_over_four_only_five():
    """'If only 'Four' has been bid, the possibilities are to pass or bid 'Five'.'"""
    g = kc({})
    g.act(0, A("bid", "four"))
    assert legal(g) == {("pass", None), ("bid", "five")}


def test_over_five_a_later_player_bids_five_over():
    """'If 'Five' has been bid, a subsequent player ... can pass or bid 'Five Over'.'"""
    g = kc({})
    g.act(0, A("pass"))
    g.act(1, A("bid", "five"))
    assert legal(g) == {("pass", None), ("bid", "five_over")}


def test_earlier_player_may_hold_the_five():
    """NE-2: 'A player seated earlier in the order from forehand than the current high bidder
    may hold (equal) the bid; a later player must bid higher.'  The text: 'forehand can reply
    with "I'll hold that Five" ... and will become the bidder in a Five game unless the
    second bidder persists by bidding "Five Over".'"""
    g = kc({})
    g.act(0, A("bid", "four"))
    g.act(1, A("bid", "five"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    assert legal(g) == {("pass", None), ("hold", None), ("bid", "five_over")}
    g.act(0, A("hold"))
    assert g.to_act == 1 and legal(g) == {("pass", None), ("bid", "five_over")}
    g.act(1, A("bid", "five_over"))
    assert legal(g) == {("pass", None), ("hold", None)}  # 'keep Five Over'
    g.act(0, A("pass"))
    assert g.bidder == 1 and g.contract.name == "five_over" and g.phase is Phase.CALL


def test_hold_wins_when_the_later_bidder_passes():
    g = kc({})
    g.act(0, A("bid", "four"))
    g.act(1, A("bid", "five"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(0, A("hold"))
    g.act(1, A("pass"))
    assert g.bidder == 0 and g.contract.name == "five"


def test_a_player_who_passed_is_out():
    """'A player who has passed takes no further part in the bidding.'"""
    g = kc({})
    g.act(0, A("pass"))
    g.act(1, A("bid", "four"))
    g.act(2, A("bid", "five"))
    g.act(3, A("pass"))
    assert g.to_act == 1  # seat 0 passed and is skipped
    g.act(1, A("pass"))
    assert g.bidder == 2


def test_fourth_must_bid_after_three_passes():
    """NE-2: 'If the first three pass, the fourth must bid Four or Five.'"""
    g = kc({})
    for s in (0, 1, 2):
        g.act(s, A("pass"))
    assert legal(g) == {("bid", "four"), ("bid", "five")}
    with pytest.raises(IllegalAction, match="must bid"):
        g.act(3, A("pass"))
    g.act(3, A("bid", "four"))
    assert g.bidder == 3 and g.phase is Phase.CALL


# ---- calling (NE-3) ------------------------------------------------------------------------


def test_call_any_king_by_its_suit():
    """NE-3: 'Name a suit'; the holder of that king is the partner."""
    g = bid_to_call(kc({0: "KH " + low(11), 2: "KS"}), "five")
    calls = {a.card.short for a in g.legal_actions() if a.kind is Kind.CALL}
    assert calls == {"KH", "KD", "KS", "KC"}
    g.act(0, A("call", "KS"))
    to_play(g)
    assert g.partner == 2 and g.declarer_side == {0, 2}


def test_calling_an_own_king_means_playing_alone():
    """NE-3: 'Calling an own king, or a king in the blind, means playing alone.'"""
    g = bid_to_call(kc({0: "KH " + low(11)}), "five")
    g.act(0, A("call", "KH"))
    to_play(g)
    assert g.partner is None and g.declarer_side == {0}


def test_the_fourth_king_with_exactly_three():
    """NE-3: 'with exactly three kings the bidder may call "the fourth king"' — 'the suit of
    the called King as well as the identity of the partner will initially be unknown'."""
    g = bid_to_call(kc({0: "KH KD KS " + low(9), 3: "KC"}), "five")
    assert act(Kind.CALL_FOURTH_KING) in g.legal_actions(0)
    g.act(0, act(Kind.CALL_FOURTH_KING))
    assert g.called == parse_card("KC") and g.called_fourth_king
    public = [e for e in g.log if e.kind == "call"][-1]
    assert public.audience is None and "KC" not in public.text and "clubs" not in public.text
    assert g.public_view().called == "the fourth king"
    g2 = bid_to_call(kc({0: "KH KD " + low(10)}), "five")
    assert act(Kind.CALL_FOURTH_KING) not in g2.legal_actions(0)


@pytest.mark.parametrize(("opt", "extra"), [("own_king", set()),
                                            ("queen", {"QH", "QD", "QS", "QC"}),
                                            ("xix", {"XIX"})])
def test_four_kings_option(opt, extra):
    """NE-3: 'With four kings: option (default: must call an own king; alternatives: call a
    queen; call tarok XIX).'"""
    g = bid_to_call(kc({0: "KH KD KS KC " + low(8)}, options={"four_kings_call": opt}), "five")
    calls = {a.card.short for a in g.legal_actions() if a.kind is Kind.CALL}
    assert calls == {"KH", "KD", "KS", "KC"} | extra


# ---- Four: the staged blind (NE-4) ---------------------------------------------------------


HAND = "XX " + low(11)


def four(talon="KH 2D 3D 4D 1D JD", hand=HAND, **kw):
    g = bid_to_call(kc({0: hand}, talon=talon, **kw), "four")
    g.act(0, A("call", "KS"))
    return g


def test_four_take_the_first_three():
    """NE-4: 'take the first three (4 chips)' — the bottom three 'remain unknown until the
    end of the play' and count for the opponents."""
    g = four()
    assert g.phase is Phase.TALON
    assert {a for a in g.legal_actions()} == {A("take", 1), A("reject")}
    g.act(0, A("take", 1))
    assert g.level == 1 and g.exposed == [] and g.discard_need == 3
    assert g.talon_to_opponents == sum(1 << c for c in parse_cards("4D 1D JD"))
    assert g.variant.game_rate(g) == 4


def test_four_expose_first_take_second():
    """NE-4: 'expose them and take the second three (5)'."""
    g = four()
    g.act(0, A("reject"))
    assert [c.short for c in g.exposed] == ["KH", "2D", "3D"]
    assert set(g.legal_actions()) == {A("take", 2), A("take", 1), A("surrender")}
    g.act(0, A("take", 2))
    assert g.level == 2 and g.variant.game_rate(g) == 5


def test_four_expose_both_take_the_first():
    """NE-4: 'expose both and take the first three (6)'."""
    g = four()
    g.act(0, A("reject"))
    g.act(0, A("take", 1))
    assert g.level == 3 and g.variant.game_rate(g) == 6
    assert {c.short for c in g.exposed} == {"KH", "2D", "3D", "4D", "1D", "JD"}
    assert g.hands[0] >> parse_card("KH") & 1


def test_surrender_only_having_seen_both():
    """NE-4: 'having seen both, surrender and pay 4 chips to each other player.'"""
    g = four()
    assert A("surrender") not in g.legal_actions()
    g.act(0, A("reject"))
    g.act(0, A("surrender"))
    assert g.is_over and net(g) == {0: -12, 1: 4, 2: 4, 3: 4}
    said = [e.msg for e in g.log if e.kind == "result"][-1]  # (the amount a field: issue #14)
    assert said is not None and said.values["amount"] == Money("chips", 4)
    assert "4 chips" in said.say(ENGLISH) and g.result.lines[0].msg is not None
    assert g.result.lines[0].msg.values["amount"] == Money("chips", 4)


def test_discards_never_five_point_cards():
    """NE-4: 'Discard three: never a 5-point card; taroky II–XX only if the remaining twelve
    are all taroky and kings, and the number discarded is announced.'"""
    g = four(talon="Sk XXI I KH XVIII XVII", hand="KD KS KC II III IV V VI VII VIII 7S 8S")
    g.act(0, A("take", 1))
    allowed = {a.card.short for a in g.legal_actions()}
    # two plain cards for three discards: one tarok must go, but never Sk, XXI, I or a king
    assert allowed == {"7S", "8S", "II", "III", "IV", "V", "VI", "VII", "VIII"}
    g.act(0, A("discard", "V"))
    assert {a.card.short for a in g.legal_actions()} == {"7S", "8S"}
    g.act(0, A("discard", "7S"))
    g.act(0, A("discard", "8S"))
    assert g.public_discards == []
    told = [e for e in g.log if e.kind == "discard_count"][-1]
    assert told.audience is None and "1 tarok" in told.text and "V" not in told.text.split()


def test_lone_bidder_wins_four_back_to_first_three_six_from_each():
    """Worked figure: 'when the bidder wins a 'Four' bid playing alone, having exposed the
    whole blind and returned to the first set of three cards, each opponent will pay the
    bidder 6 chips for the game and thus the bidder will gain 18 chips.'"""
    g = bid_to_call(kc({0: "KS XX " + low(10)}, talon="KH 2D 3D 4D 1D JD"), "four")
    g.act(0, A("call", "KS"))  # own king: alone
    g.act(0, A("reject"))
    g.act(0, A("take", 1))
    to_play(g)
    end(g, 40)
    assert line(g, "Four") == {0: 18, 1: -6, 2: -6, 3: -6}


def test_game_payments_two_against_two():
    """'each member of the winning team receives chips to the value shown in the table and
    each member of the losing team pays that value'; 35 : 35 loses."""
    g = bid_to_call(kc({0: low(12), 1: "KS"}), "five")
    g.act(0, A("call", "KS"))
    to_play(g)
    end(g, 35)
    assert line(g, "Five") == {0: -8, 1: -8, 2: 8, 3: 8}
    assert sorted(t.amount for t in g.result.transfers) == [8, 8]


# ---- Five and Five Over (NE-5) ---------------------------------------------------------------


def test_five_blind_unseen_to_the_opponents():
    """NE-5: 'Five / Five Over leave the blind unseen.'"""
    g = bid_to_call(kc({1: "KS"}, talon="2D 3D 4D 7C 8C 9C"), "five")
    g.act(0, A("call", "KS"))
    assert g.phase is Phase.ANNOUNCE
    assert g.talon_to_opponents == sum(1 << c for c in g.talon)
    assert all(g.view_for(s).talon_seen == () for s in range(4))


@pytest.mark.parametrize(("talon", "mine"), [("KS 2D 3D 7C 8C 9C", "KS 2D 3D"),
                                             ("2D 3D 4D 7C KS 9C", "7C KS 9C")])
def test_five_called_king_in_the_blind_splits_it(talon, mine):
    """NE-5: 'If the called king is in it, the three blind cards containing it (La Vista) go
    to the bidder, the other three to the opponents.'"""
    g = bid_to_call(kc({}, talon=talon), "five")
    g.act(0, A("call", "KS"))
    to_play(g)
    assert g.partner is None
    assert g.talon_to[0] == sum(1 << c for c in parse_cards(mine))
    assert g.talon_to_opponents == sum(1 << c for c in g.talon) & ~g.talon_to[0]


# ---- play (NE-6) -----------------------------------------------------------------------------


def test_final_bidder_leads():
    """NE-6: 'The final bidder leads.'"""
    g = kc({})
    g.act(0, A("pass"))
    g.act(1, A("bid", "five"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, A("call", "KS") if A("call", "KS") in g.legal_actions(1) else g.legal_actions(1)[0])
    to_play(g)
    assert g.phase is Phase.PLAY and g.trick.leader == 1 and g.to_act == 1


def test_21_skyz_1_exception():
    """NE-6: 'the 1 wins a trick in which 21, Škýz and 1 were played in that order' — 'the
    fourth card can be anywhere in the trick'; not in another order."""
    g = kc({})
    p = lambda s: [(i, parse_card(c)) for i, c in enumerate(s.split())]  # noqa: E731
    assert g.trick_winner(p("XXI Sk I II")) == 2
    assert g.trick_winner(p("XXI II Sk I")) == 3
    assert g.trick_winner(p("Sk XXI I II")) == 0
    assert g.trick_winner(p("I XXI Sk II")) == 2


# ---- bonuses (NE-7) --------------------------------------------------------------------------


def five_with_partner(contract="five", hands=None, **kw):
    g = bid_to_call(kc(hands or {0: low(11) + " XXI", 1: "KS I", 2: "Sk"}, **kw), contract)
    g.act(0, A("call", "KS"))
    return g


def test_king_last_paid_to_the_winners_of_the_last_trick():
    """NE-7: 'If the called King is played in the last trick, then the team that wins the
    trick is paid an extra chip' — two chips in Five."""
    g = to_play(five_with_partner())
    end(g, 40, last=[(0, "7S"), (1, "KS"), (2, "8S"), (3, "9S")])
    assert line(g, "King Last") == {0: 2, 1: 2, 2: -2, 3: -2}
    g = to_play(five_with_partner())
    end(g, 40, last=[(0, "7S"), (1, "KS"), (2, "II"), (3, "9S")])
    assert line(g, "King Last") == {0: -2, 1: -2, 2: 2, 3: 2}


def test_tarok_1_last_won_and_beaten():
    """NE-7: 'If the tarok 1 wins the last trick the team of the player of the 1 is paid ...
    If tarok 1 is played to the last trick but is beaten ... the team that played the 1 has
    to pay a chip ..., even if the last trick is won by the partner of the player of the
    1.'"""
    g = to_play(five_with_partner())
    end(g, 40, last=[(0, "7S"), (1, "I"), (2, "8S"), (3, "9S")])
    assert line(g, "Tarok 1 Last") == {0: 2, 1: 2, 2: -2, 3: -2}
    g = to_play(five_with_partner())
    end(g, 40, last=[(0, "XXI"), (1, "I"), (2, "8S"), (3, "9S")])  # partner's XXI wins
    assert line(g, "Tarok 1 Last") == {0: -2, 1: -2, 2: 2, 3: 2}


def announce(g, seat, name):
    while g.to_act != seat:
        g.act(g.to_act, A("done"))
    g.act(seat, A("announce", name))


def test_called_king_last_in_five_over_is_8_and_16_with_valat():
    """Worked figure: 'a successful 'Called King Last' in a game of 'Five Over' earns a
    payment of 8 chips, or 16 chips if the team took all 12 tricks.'"""
    for tricks, amount in (({0: 6, 1: 2, 2: 2, 3: 2}, 8), ({0: 6, 1: 6}, 16)):
        g = kc({0: "KH " + low(11), 1: "XX"})
        g.act(0, A("bid", "five"))
        g.act(1, A("bid", "five_over"))
        g.act(2, A("pass"))
        g.act(3, A("pass"))
        g.act(0, A("pass"))
        g.act(1, A("call", "KH"))
        assert g.to_act == 1
        g.act(1, A("done"))
        g.act(2, A("done"))
        g.act(3, A("done"))
        g.act(0, A("announce", "king_last"))
        to_play(g)
        end(g, 50, last=[(1, "XX"), (2, "3D"), (3, "2D"), (0, "KH")], tricks=tricks)
        assert line(g, "King Last") == {0: amount, 1: amount, 2: -amount, 3: -amount}


def test_announced_bonus_fails_doubled_and_may_be_abandoned():
    """NE-7: announced 'If they succeed they are paid double but if they fail they pay double'
    and 'announced last-trick bonuses may be abandoned by an early play in La Vista (the bonus
    is then paid as lost).'"""
    g = five_with_partner()
    announce(g, 1, "tarok1_last")
    to_play(g)
    # abandonment is allowed: the 1 is not held back (unlike PT-3)
    g.hands[1] |= 1 << parse_card("I")
    end(g, 40, before=[[(0, "7S"), (1, "I"), (2, "8S"), (3, "9S")]],
        last=[(0, "XXI"), (1, "10S"), (2, "10C"), (3, "7C")])
    assert line(g, "Tarok 1 Last announced and lost") == {0: -4, 1: -4, 2: 4, 3: 4}


def test_abandoning_is_legal_in_play():
    """NE-7 (La Vista): the holder may play the announced card early."""
    g = kc({0: "I 7S 8S 9S 10S 7C 8C 9C 10C KH 2H 3H"})
    bid_to_call(g, "five")
    g.act(0, A("call", "KH"))
    g.act(0, A("announce", "tarok1_last"))
    to_play(g)
    assert A("play", "I") in g.legal_actions(0)


def test_ten_taroky_from_each_other_player():
    """NE-7: 'If a player holds 10 or more taroky and declares this before the bidder leads
    to the first trick, that player immediately receives one chip from each of the other three
    players, irrespective of partnerships' — two in Five, four in Five Over; 'not affected
    by ... a team taking 12 tricks'."""
    g = five_with_partner(hands={2: "II III IV V VI VII VIII IX X XI 7S 8S", 1: "KS"})
    g.act(0, A("done"))
    g.act(1, A("done"))
    assert A("declare", "ten_taroky") in g.legal_actions(2)
    g.act(2, A("declare", "ten_taroky"))
    to_play(g)
    end(g, 70, tricks={0: 6, 1: 6})
    assert line(g, "Ten Taroky") == {2: 6, 0: -2, 1: -2, 3: -2}


def test_four_kings_and_three_high_claimed_after_the_last_card():
    """NE-7: 'If one player has all 4 Kings ... after playing the fourth King [is] paid one
    chip by each of the other three players'; 'Three High ... the Skies, the 21 and the 1'."""
    g = bid_to_call(kc({0: "KH KD KS KC Sk XXI I " + low(5)}), "four")
    g.act(0, A("call", "KH"))
    g.act(0, A("take", 1))
    to_play(g)
    before = [[(0, c)] for c in ("KH", "KD", "KS", "KC", "Sk", "XXI")]
    end(g, 50, before=before, last=[(0, "I"), (1, "7S"), (2, "8S"), (3, "9S")], tricks={0: 12})
    assert line(g, "Four Kings") == {0: 3, 1: -1, 2: -1, 3: -1}
    assert line(g, "Three High") == {0: 3, 1: -1, 2: -1, 3: -1}


def test_valat_doubles_the_game():
    """NE-7: 'If either team wins all the tricks the payments for game in the above table are
    doubled.'"""
    g = to_play(five_with_partner())
    end(g, 70, tricks={0: 6, 1: 6})
    assert line(g, "Five") == {0: 16, 1: 16, 2: -16, 3: -16}


# ---- kontra (NE-8) ---------------------------------------------------------------------------


def test_kontra_and_rekontra_on_five_only_on_the_game():
    """NE-8: 'Kontra / rekontra only on Five and Five Over, only on the game' — 'These doubles
    only affect the basic game score, not the scores for any bonuses.'"""
    g = five_with_partner()
    g.act(0, A("done"))
    assert A("double", "game") not in g.legal_actions(1)  # the partner cannot say kontra
    g.act(1, A("done"))
    assert A("double", "game") in g.legal_actions(2)
    g.act(2, A("double", "game"))
    g.act(2, A("done"))
    g.act(3, A("done"))
    assert A("double", "game") in g.legal_actions(0)  # rekontra
    g.act(0, A("double", "game"))
    to_play(g)
    end(g, 40, last=[(0, "7S"), (1, "KS"), (2, "8S"), (3, "9S")])
    assert line(g, "Five") == {0: 32, 1: 32, 2: -32, 3: -32}
    assert line(g, "King Last") == {0: 2, 1: 2, 2: -2, 3: -2}


def test_no_kontra_on_four_and_option_off():
    """NE-8: not on Four; 'option to disable (Clarkson tournament)'."""
    g = bid_to_call(kc({}), "four")
    g.act(0, g.legal_actions(0)[0])
    g.act(0, A("take", 1))
    to_play_announce = [a for a in g.legal_actions()]
    assert all(a.kind is Kind.DISCARD for a in to_play_announce)
    while g.phase is Phase.DISCARD:
        g.act(0, g.legal_actions(0)[0])
    for s in (0, 1, 2, 3):
        assert A("double", "game") not in g.legal_actions(s)
        if g.to_act == s:
            g.act(s, A("done"))
    g = five_with_partner(options={"kontra": False})
    g.act(0, A("done"))
    g.act(1, A("done"))
    assert A("double", "game") not in g.legal_actions(2)
