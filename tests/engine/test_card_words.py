"""Cards in words and symbols, as each variant's rule text names them (issue #10)."""

from __future__ import annotations

import re

import pytest

from bot.engine import VARIANTS, find_variant
from bot.engine.actions import Kind, act
from bot.engine.cards import CARDS, MOND, PAGAT, SKYZ, parse_card, say_card

NAMES = sorted({v.name for v in VARIANTS.values()})


def test_czech_names_the_red_one_an_ace():
    """Czech text: "in the red suits: king, queen, rider, jack, ace, 2, 3, 4"."""
    v = find_variant("czech")
    assert [v.say(parse_card(c)) for c in ("1D", "2D", "4H", "KH", "CC", "10S", "7S")] == \
        ["A♦", "2♦", "4♥", "K♥", "C♣", "10♠", "7♠"]
    assert v.say(parse_card("KH"), long=True) == "K♥ king"
    assert v.say(parse_card("CC"), long=True) == "C♣ rider"
    assert v.say(SKYZ) == "Škýz" and v.say(PAGAT, long=True) == "I pagát" and v.say(MOND, long=True) == "XXI mond"
    assert v.say(parse_card("XIX")) == "XIX"


@pytest.mark.parametrize("name", ["nebraska", "heun", "petrtyl"])
def test_the_american_texts_name_the_red_one_a_one(name):
    """Heun: "it's a 'one', not an ace!"; Nebraska: "In the red suits the 1 (ace) is
    lowest"."""
    v = find_variant(name)
    assert v.say(parse_card("1D")) == "1♦" and v.say(parse_card("1H")) == "1♥"


def test_each_variant_names_its_highest_tarok_and_rider_in_its_own_words():
    """Romanian: "the skiz ... luna ... horse (kabal)"; Kozy: "the skiż ... cavalier (C)"."""
    ro, kz = find_variant("romanian"), find_variant("kozy")
    assert ro.say(SKYZ) == "Skiz" and ro.say(MOND, long=True) == "XXI luna"
    assert ro.say(parse_card("CH"), long=True) == "C♥ horse"
    assert kz.say(SKYZ) == "Skiż" and kz.say(parse_card("CS"), long=True) == "C♠ cavalier"


@pytest.mark.parametrize("name", NAMES)
def test_no_card_is_a_code_in_a_label(name):
    """Every play, discard and call label names its card in words and symbols: never a
    code such as KH, 1D or CC; every card reads differently."""
    v = find_variant(name)
    code = re.compile(r"(?<![\w♥♦♠♣])(?:10|[1-9]|[KQCJ])[HDSC]\b|\bSk\b")
    said = {say_card(c, v.card_words) for c in CARDS}
    assert len(said) == len(CARDS)
    for c in CARDS:
        for kind in (Kind.PLAY, Kind.DISCARD, Kind.CALL):
            label = v.label(act(kind, c))
            assert not code.search(label), label
            assert v.say(c) in label
