"""The cards and their values (Czech text, "The cards and their values")."""

from bot.engine.cards import (
    CARDS,
    FULL_MASK,
    MOND,
    PAGAT,
    SKYZ,
    Suit,
    count_card_points,
    count_mask_points,
    parse_card,
    parse_cards,
    strength_table,
    suit_strength,
)


def test_pack_has_22_taroky_and_four_suits_of_eight():
    """'The 54 card pack consists of four suits of eight cards plus 22 permanent trumps.'"""
    assert len(CARDS) == 54
    assert sum(c.is_tarok for c in CARDS) == 22
    for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS):
        assert sum(c.suit is s for c in CARDS) == 8


def test_five_point_cards():
    """'škýz, mond and pagát.....5 points each ... kings.....5 points each'"""
    fives = {c.short for c in CARDS if c.points == 5}
    assert fives == {"Sk", "XXI", "I", "KH", "KD", "KS", "KC"}


def test_face_values():
    """'queens 4, riders 3, jacks 2; 10, 9, 8, 7, ace, 2, 3, 4 ... 1 point each'"""
    assert parse_card("QH").points == 4
    assert parse_card("CS").points == 3
    assert parse_card("JD").points == 2
    assert {parse_card(x).points for x in ("10S", "7C", "1H", "4D", "II", "XX")} == {1}


def test_counting_in_threes_examples():
    """'a queen and two 1 point cards are worth 4 ... a king, a rider and a jack are worth 8
    ... three one-point cards are worth one ... XXI and IX are worth 5 ... king by itself
    is worth 4, and a one-point card by itself is worth nothing.'"""
    assert count_card_points(parse_cards("QH 7S 8S")) == 4
    assert count_card_points(parse_cards("KH CH JH")) == 8
    assert count_card_points(parse_cards("7S 8S 9S")) == 1
    assert count_card_points(parse_cards("XXI IX")) == 5
    assert count_card_points(parse_cards("KS")) == 4
    assert count_card_points(parse_cards("7S")) == 0


def test_pack_totals_70():
    """'The total value of the pack is 70 points.'"""
    assert count_mask_points(FULL_MASK) == 70


def test_red_pips_rank_ace_high_in_czech():
    """'in the red suits: king, queen, rider, jack, ace, 2, 3, 4' (high to low)."""
    st = strength_table(red_ace_high=True)
    order = sorted(parse_cards("4H 3H 1H 2H JH KH CH QH"), key=lambda c: -st[c])
    assert [c.short for c in order] == ["KH", "QH", "CH", "JH", "1H", "2H", "3H", "4H"]


def test_red_pips_reverse_in_nebraska_order():
    """Nebraska: 'in the red suits 4, 3, 2, 1' — the other axis of pip order."""
    assert suit_strength(parse_card("4D"), False) > suit_strength(parse_card("1D"), False)
    assert suit_strength(parse_card("4D"), True) < suit_strength(parse_card("1D"), True)


def test_black_pips_and_taroky():
    """'in the black suits: king, queen, rider, jack, 10, 9, 8, 7'; škýz highest tarok."""
    st = strength_table(True)
    assert st[parse_card("10S")] > st[parse_card("7S")]
    assert st[SKYZ] > st[MOND] > st[parse_card("XX")] > st[PAGAT]


def test_parse_names():
    assert parse_card("xix").tarok_number == 19
    assert parse_card("Sk") is SKYZ
    assert parse_card("pagát") is PAGAT
    assert str(parse_card("KH")) == "the king of hearts"


def test_the_literal_masks_match_the_cards():
    """bot/engine/masks.py spells the masks as literals (for the compiled engine); they
    must say exactly what the cards say."""
    from bot.engine import cards, masks

    def mask(pred):
        return sum(1 << c for c in cards.CARDS if pred(c))

    assert masks.NUM_CARDS == len(cards.CARDS) == 54
    assert masks.NUM_TAROKY == sum(1 for c in cards.CARDS if c.is_tarok) == 22
    assert (masks.PAGAT_ID, masks.MOND_ID, masks.SKYZ_ID) == (cards.PAGAT, cards.MOND, cards.SKYZ)
    assert mask(lambda c: True) == masks.FULL_MASK
    assert mask(lambda c: c.is_tarok) == masks.TAROK_MASK
    assert mask(lambda c: not c.is_tarok) == masks.SUIT_CARD_MASK
    for s in cards.PLAIN_SUITS:
        assert masks.SUIT_MASKS[int(s)] == mask(lambda c, s=s: not c.is_tarok and c.suit == s)
    assert masks.SUIT_MASKS[4] == masks.TAROK_MASK
    assert sum(1 << cards.king(s) for s in cards.PLAIN_SUITS) == masks.KING_MASK
    assert mask(lambda c: c.is_honour) == masks.HONOUR_MASK
    assert mask(lambda c: c.points == 5) == masks.FIVE_POINT_MASK


def test_mask_points_agree_with_counting_the_cards():
    """The bit-count formula for card points (masks.count_mask_points) gives the same as
    counting card by card in threes, for the whole pack and random piles."""
    import random

    from bot.engine.masks import count_mask_points as by_mask

    assert by_mask(FULL_MASK) == 70
    rng = random.Random(5)
    for _ in range(2000):
        pile = rng.sample(range(54), rng.randrange(0, 55))
        assert by_mask(sum(1 << c for c in pile)) == count_card_points(pile)


def test_mask_ids_are_the_cards_of_the_mask_in_pack_order():
    """masks.mask_ids (the compiled ids behind ``HandResult.piles``) lists exactly the
    cards cards_of gives, lowest id first: the empty pile, the whole pack, random piles."""
    import random

    from bot.engine.cards import cards_of
    from bot.engine.masks import mask_ids

    assert mask_ids(0) == ()
    assert mask_ids(FULL_MASK) == tuple(range(54))
    rng = random.Random(7)
    for _ in range(500):
        m = sum(1 << c for c in rng.sample(range(54), rng.randrange(0, 55)))
        assert mask_ids(m) == tuple(int(c) for c in cards_of(m))
