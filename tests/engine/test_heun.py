"""The Heun rules (heun-rules-1997.txt and the Heun section of the Nebraska text; HE-1 …
HE-8), on stacked decks."""

import random

import pytest

from bot.engine import Game, Phase, RecordMismatch, find_variant, new_game, replay_record
from bot.engine.actions import Kind
from bot.engine.cards import mask_of, parse_card, parse_cards
from bot.engine.game import Trick
from bot.engine.scoring import count_text
from bot.engine.variants.heun import count_heun

from .helpers import A, line, net
from .kc_helpers import bid_to_call, end, kc, low, sides, to_play

PACK = (1 << 54) - 1


def heun(hands=None, talon="", **kw):
    return kc(hands or {}, talon, variant="heun", **kw)


def test_registered_and_as_nebraska():
    """HE-1: 'As Nebraska, except as below.'"""
    v = find_variant("heun")
    assert v.clockwise and not v.red_ace_high and v.session_start == 20
    g = heun({2: "II"}, first=True)
    assert g.forehand == 2  # 'the player who has the "2" Tarok (povinnost) gets to bid'


def test_four_forehand_leads_five_bidder_leads():
    """HE-2: 'In Four, forehand (the seat after the dealer) leads, also when another player is
    the bidder; in Five and Five Over the bidder leads.'"""
    g = heun()
    g.act(0, A("pass"))
    g.act(1, A("bid", "four"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, g.legal_actions()[0])
    g.act(1, A("take", 1))
    to_play(g)
    assert g.trick.leader == 0 and g.to_act == 0
    g = heun()
    g.act(0, A("pass"))
    g.act(1, A("bid", "five"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, g.legal_actions()[0])
    to_play(g)
    assert g.trick.leader == 1


def test_all_pass_dealer_plays_four():
    """HE-3: 'If every player passes, the dealer must play Four.'"""
    g = heun(dealer=3)
    for s in (0, 1, 2):
        g.act(s, A("pass"))
    assert A("pass") in g.legal_actions(3)
    g.act(3, A("pass"))
    assert g.bidder == 3 and g.contract.name == "four" and g.phase is Phase.CALL


def test_discards_never_from_the_blind():
    """HE-4: 'Discards may not include cards taken from the blind, kings or 5-point taroky;
    other taroky only when unavoidable and then announced by count.'"""
    g = bid_to_call(heun({0: "KD XX XIX " + low(9)}, talon="1D 2D 3D KS QS JS"), "four")
    g.act(0, A("call", "KC"))
    g.act(0, A("take", 1))
    allowed = {a.card.short for a in g.legal_actions()}
    assert allowed == set(low(9).split())  # not 2D... from the blind, not the king, no taroky


def test_discard_taroky_only_when_unavoidable_and_told_by_count():
    g = bid_to_call(heun({0: "KD KH Sk I II III IV V VI VII 7S 8S"}, talon="2D 3D 4D KS QS JS"),
                    "four")
    g.act(0, A("call", "KC"))
    g.act(0, A("take", 1))
    assert {a.card.short for a in g.legal_actions()} == {"7S", "8S", "II", "III", "IV", "V",
                                                         "VI", "VII"}
    for c in ("7S", "8S", "II"):
        g.act(0, A("discard", c))
    told = [e for e in g.log if e.kind == "discard_count"]
    assert told and "1 tarok" in told[-1].text and g.public_discards == []


def test_five_called_king_in_blind_top_three_to_the_bidder():
    """HE-5: 'Five with the called king in the blind: the top three blind cards go to the
    bidder, the bottom three to the opponents' — 'irrespective of which half contains the
    called King'."""
    g = bid_to_call(heun(talon="2D 3D 4D 7C KS 9C"), "five")
    g.act(0, A("call", "KS"))
    to_play(g)
    assert g.talon_to[0] == sum(1 << c for c in parse_cards("2D 3D 4D"))


def take_tricks(g: Game, bidder_side: str) -> Game:
    """Jump to the end of play keeping the blind where the engine put it: the bidder's side
    took exactly the cards ``bidder_side`` in tricks (four to a trick), the opponents every
    other card outside the blind."""
    decl, opp = sides(g)
    mine = mask_of(parse_cards(bidder_side))
    assert not mine & mask_of(g.talon) and mine.bit_count() % 4 == 0
    for s in g.active:
        g.hands[s] = g.discards[s] = g.won[s] = 0
    g.won[decl[0]] = mine
    g.won[opp[0]] = PACK & ~mine & ~mask_of(g.talon)
    ours = mine.bit_count() // 4
    winners = [decl[0]] * ours + [opp[0]] * (12 - ours)
    g.tricks_won = [winners.count(s) for s in range(g.num_seats)]
    g.tricks = [Trick(w, [], w) for w in winners]
    g.finish()
    return g


def test_five_bidder_who_called_his_own_king_gets_the_top_three():
    """HE-5: 'the team opposing the bidding team receive all the points in the Blind unless
    the bidder has called himself, i.e., has no partner. In that case, he gets the first
    three cards turned over from the Blind at the end of the hand with the remaining three
    going to the opponents' — the called king in his own hand as well as in the blind."""
    g = bid_to_call(heun({0: "KC"}, talon="JH 7C 8C 9C 10C 1H"), "five")
    g.act(0, A("call", "KC"))
    to_play(g)
    assert g.partner is None
    assert g.talon_to == {0: mask_of(parse_cards("JH 7C 8C"))}
    assert g.talon_to_opponents == mask_of(parse_cards("9C 10C 1H"))


def test_five_with_a_partner_leaves_the_whole_blind_to_the_opponents():
    """HE-5: 'In a "Five Play" hand the team opposing the bidding team receive all the points
    in the Blind' when the bidder has a partner."""
    g = bid_to_call(heun({1: "KC"}, talon="JH 7C 8C 9C 10C 1H"), "five")
    g.act(0, A("call", "KC"))
    to_play(g)
    assert g.partner == 1 and g.talon_to == {}
    assert g.talon_to_opponents == mask_of(g.talon)


def test_four_bidder_who_called_himself_keeps_the_four_blind():
    """HE-5 is about Five: in a Four the bidder who called himself takes a group of three as
    every bidder of Four does, and the group he did not take is the opponents'."""
    g = bid_to_call(heun({0: "KC " + low(11)}, talon="JD QD CD 1D 2D 3D"), "four")
    g.act(0, A("call", "KC"))
    g.act(0, A("take", 1))
    to_play(g)
    assert g.partner is None and g.talon_to == {}
    assert g.talon_to_opponents == mask_of(parse_cards("1D 2D 3D"))


# The bidder alone took 24 cards: 51 base points less two per packet of three = 35 points and
# no card over.  The top three blind cards JH 7C 8C make it 27 cards and 37 points.
ALONE_TRICKS = "Sk XXI I KS KD KC QS II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII"


def test_the_top_three_turn_a_lost_five_into_a_won_one():
    """HE-5: 'he gets the first three cards turned over from the Blind' — with all six blind
    cards given to the opponents this bidder would count 35 points and no card and lose ('If
    the bidding team takes exactly thirty-five points and have no additional cards, they
    lose'); with the top three he counts 37 and wins 8 chips from each opponent."""
    assert count_heun(parse_cards(ALONE_TRICKS)) == (35, 0)
    g = bid_to_call(heun({0: "KC"}, talon="JH 7C 8C 9C 10C 1H"), "five")
    g.act(0, A("call", "KC"))
    take_tricks(to_play(g), ALONE_TRICKS)
    r = g.result
    assert r.declarers_won is True
    assert r.card_counts == {"Bidder's side": (37, 0), "Opponents": (33, 0)}
    assert line(g, "Five") == {0: 24, 1: -8, 2: -8, 3: -8}


# Bidder and partner took four tricks: counted in threes, counters first, these 16 cards
# are five packets worth 35 points and one plain card over.
FOUR_TRICKS = "KH KD KS KC QH QD QS QC CH 7S 8S 9S 10S 7C 8C 9C"


def five_with_partner_took(cards: str, talon: str = "II III IV V VI VII") -> Game:
    """Seat 0 plays Five with seat 1 (who holds the called king) and their side takes
    ``cards``; the whole blind is the opponents'."""
    g = bid_to_call(heun({1: "KS"}, talon=talon), "five")
    g.act(0, A("call", "KS"))
    return take_tricks(to_play(g), cards)


def test_the_result_counts_35_points_and_a_card_against_34_and_two():
    """Heun counting: 'The points are counted three cards at a time' and what is short of a
    packet is told as cards ('21 points (and two cards)'); 'the bidding team must win more
    than thirty-five (35) points' — 35 points and a card is more.  The result carries the
    count of each side, 35 points and 1 card against 34 points and 2 cards, where counting
    every card the usual way would give 35 : 35."""
    g = five_with_partner_took(FOUR_TRICKS)
    r = g.result
    assert r.card_counts == {"Bidder's side": (35, 1), "Opponents": (34, 2)}
    assert r.card_points == {"Bidder's side": 35, "Opponents": 34}
    assert r.points_text("Bidder's side") == "35 points and 1 card"
    assert r.points_text("Opponents") == "34 points and 2 cards"
    assert r.declarers_won is True
    assert r.summary == "The bidder's team won with 35 points and 1 card."
    decl = g.declarer_side
    assert (g.side_points(decl), g.side_points(g.opponents_of(0))) == (35, 35)


def test_35_points_and_no_card_is_told_as_a_loss():
    """'If the bidding team takes exactly thirty-five points and have no additional cards,
    they lose' — and the result says so in the same count."""
    g = five_with_partner_took(ALONE_TRICKS, talon="JH 7C 8C 9C 10C 1H")
    r = g.result
    assert r.card_counts == {"Bidder's side": (35, 0), "Opponents": (35, 0)}
    assert r.declarers_won is False
    assert r.summary == "The bidder's team lost with 35 points."
    assert line(g, "Five") == {0: -8, 1: -8, 2: 8, 3: 8}


def test_summary_and_counts_agree_with_the_outcome_in_every_hand():
    """Property over many played-out Heun hands: the result's count is the Heun count of each
    side (more than 35, or 35 and a card, wins), card points are its points, and the summary
    says won or lost with the bidder's count."""
    played = 0
    for seed in range(60):
        rng = random.Random(seed)
        g = new_game("heun", rng=rng)
        while not g.is_over:
            la = g.legal_actions(g.to_act)
            g.act(g.to_act, la[int(rng.random() * len(la))])
        r = g.result
        if r.declarers_won is None or not r.card_counts:
            continue
        played += 1
        pts, cards = r.card_counts["Bidder's side"]
        assert r.declarers_won is (pts > 35 or (pts == 35 and cards > 0))
        assert {k: v[0] for k, v in r.card_counts.items()} == dict(r.card_points)
        assert r.card_counts["Bidder's side"] == count_heun(
            c for c in range(54) if g.side_mask(g.declarer_side) >> c & 1)
        verb = "won" if r.declarers_won else "lost"
        assert r.summary.startswith(f"The bidder's team {verb} with ") or r.summary.startswith(
            f"The bidder {verb} with ")
        assert f"with {count_text(pts, cards)}." in r.summary
    assert played >= 30


def test_no_kontra():
    """HE-7: 'No kontra in Heun.'"""
    g = bid_to_call(heun({1: "KS"}), "five")
    g.act(0, A("call", "KS"))
    for _ in range(4):
        assert not any(a.kind is Kind.DOUBLE for a in g.legal_actions())
        g.act(g.to_act, A("done"))
    assert g.phase is Phase.PLAY


def tarok1_game(**kw):
    g = bid_to_call(heun({0: low(11) + " XXI", 1: "KS I"}, **kw), "five")
    g.act(0, A("call", "KS"))
    return to_play(g)


def test_one_last_goes_to_the_side_winning_the_last_trick():
    """HE-7: '"1 Last" is won by the side that wins the last trick when the tarok 1 is in it'
    — here the partner's XXI wins over the 1."""
    g = tarok1_game()
    end(g, 40, last=[(0, "XXI"), (1, "I"), (2, "8S"), (3, "9S")])
    assert line(g, "Tarok 1 Last") == {0: 2, 1: 2, 2: -2, 3: -2}


def test_one_last_strict_option():
    """HE-7: '(option: the stricter rule that the 1 itself must win)'."""
    g = tarok1_game(options={"tarok1_strict": True})
    end(g, 40, last=[(0, "XXI"), (1, "I"), (2, "8S"), (3, "9S")])
    assert line(g, "Tarok 1 Last") == {0: -2, 1: -2, 2: 2, 3: 2}


def test_heun_counting_example_21_points_and_two_cards():
    """Worked figure: 'Jack of diamonds + 3 of diamonds + 4 of diamonds - 2 points ... Queen of
    diamonds + "2" Tarok + Horseman of diamonds - 6 points ... King of spades + Queen of spades
    + "1" Tarok - 12 points ... "5" Tarok + "8" Tarok + "19" Tarok - 1 point ... "11" Tarok + 1
    of hearts - no points ... Total 21 points (and two cards)'."""
    pile = parse_cards("JD 3D 4D QD II CD KS QS I V VIII XIX XI 1H")
    assert count_heun(pile) == (21, 2)
    for group, pts in (("JD 3D 4D", 2), ("QD II CD", 6), ("KS QS I", 12), ("V VIII XIX", 1)):
        assert count_heun(parse_cards(group)) == (pts, 0)


@pytest.mark.parametrize(("cards", "wins"), [(35, False), (36, True)])
def test_more_than_35_to_win(cards, wins):
    """'In order to win, the bidding team must win more than thirty-five (35) points. If the
    bidding team takes exactly thirty-five points and have no additional cards, they lose.'"""
    g = tarok1_game()
    end(g, cards)
    assert g.result.declarers_won is wins


def test_35_points_and_an_extra_card_wins():
    """The same sentence read the other way: 35 points with an additional card is more than
    35 (where the usual count, which gives a lone card nothing, would call it 35 : 35)."""
    from bot.engine.cards import count_card_points

    side = parse_cards("KH KD KS KC QH QD QS QC CH 7S 8S 9S 10S 7C 8C 9C")
    assert count_heun(side) == (35, 1) and count_card_points(side) == 35
    g = tarok1_game()
    end(g, 40)
    decl = g.declarer_side
    for s in g.active:
        g.won[s] = 0
    g.won[min(decl)] = sum(1 << c for c in side)
    g.won[min(g.opponents_of(min(decl)))] = ((1 << 54) - 1) & ~g.won[min(decl)]
    assert g.variant.declarers_win(g, decl)
    assert not find_variant("nebraska").declarers_win(g, decl)


def test_five_values_doubled_five_over_quadrupled():
    """'When "playing Five" all values are doubled and when "playing Five Over" all values
    are quadrupled. For example, a "Called King Last" while "playing Five" is worth four
    chips and having ten Taroky when "playing Five Over" is worth four chips from each
    player.'"""
    g = bid_to_call(heun({0: low(12), 1: "KS"}), "five")
    g.act(0, A("call", "KS"))
    g.act(0, A("done"))
    g.act(1, A("announce", "king_last"))
    to_play(g)
    end(g, 40, last=[(1, "KS"), (2, "2D"), (3, "3D"), (0, "4D")])
    assert line(g, "King Last") == {0: 4, 1: 4, 2: -4, 3: -4}
    g = heun({0: "II III IV V VI VII VIII IX X XI 7S 8S"})
    g.act(0, A("bid", "five"))
    g.act(1, A("bid", "five_over"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(0, A("pass"))
    g.act(1, g.legal_actions()[0])
    while g.to_act != 0:
        g.act(g.to_act, A("done"))
    g.act(0, A("declare", "ten_taroky"))
    to_play(g)
    end(g, 40)
    assert line(g, "Ten Taroky") == {0: 12, 1: -4, 2: -4, 3: -4}


def test_surrender_after_one_or_both_groups():
    """Heun: 'After looking at one or both groups of cards, if the bidder decides not to play
    the hand, the bidder may opt to pay each player four chips'."""
    g = bid_to_call(heun(), "four")
    g.act(0, g.legal_actions()[0])
    assert A("surrender") in g.legal_actions()
    g.act(0, A("surrender"))
    assert net(g) == {0: -12, 1: 4, 2: 4, 3: 4}


def test_throw_in_without_penalty():
    """HE-8: 'A hand with neither kings nor taroky may be thrown in without penalty'."""
    g = heun({1: "QH CH JH 1H 2H 3H 4H QD CD JD 1D 2D"})
    g.act(0, A("pass"))
    g.act(1, A("throwin"))
    assert g.is_over and net(g) == {}
    assert g.view_for(1).revealed[1][0] == parse_card("QH")  # all hands shown at the end


def test_records_from_before_the_heun_count_still_replay():
    """A Heun record written before the result told points *and cards* (no ``card_counts``,
    every card counted the usual way, the old sentence) still replays: the settlement is
    what must agree, the telling may improve (docs/records.md)."""
    rng = random.Random(7)
    g = new_game("heun", rng=rng)
    while not g.is_over:
        la = g.legal_actions(g.to_act)
        g.act(g.to_act, la[int(rng.random() * len(la))])
    rec = g.to_record()
    assert "card_counts" in rec["result"]
    old = rec["result"]
    del old["card_counts"]
    decl = g.declarer_side
    old["card_points"] = {"Bidder's side": g.side_points(decl),
                          "Opponents": g.side_points(g.opponents_of(g.bidder))}
    old["summary"] = f"The bidder's team won with {g.side_points(decl)} card points."
    assert replay_record(rec).result.net == g.result.net
    old["net"] = {k: -v for k, v in old["net"].items()}
    with pytest.raises(RecordMismatch):
        replay_record(rec)


def test_the_counting_by_masks_is_the_packet_count() -> None:
    """'The points are counted three cards at a time' (counters first, non-counters to the
    bottom): the engine counts by masks; over many random piles it gives exactly what
    laying the pile out in packets of three gives."""
    import random

    from bot.engine.cards import CARD_POINTS
    from bot.engine.variants.heun import count_heun_mask

    def by_packets(cards: list[int]) -> tuple[int, int]:
        pile = sorted(cards, key=lambda c: CARD_POINTS[c] == 1)
        full = len(pile) // 3 * 3
        pts = 0
        for i in range(0, full, 3):
            counters = [CARD_POINTS[c] for c in pile[i:i + 3] if CARD_POINTS[c] > 1]
            pts += sum(counters) - (len(counters) - 1) if counters else 1
        return pts, len(pile) - full

    rng = random.Random(5)
    for _ in range(3000):
        cards = sorted(rng.sample(range(54), rng.randrange(0, 55)))
        m = 0
        for c in cards:
            m |= 1 << c
        assert count_heun_mask(m) == by_packets(cards), cards
