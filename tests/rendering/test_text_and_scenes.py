"""The text twins of the images, and scene validation."""

from __future__ import annotations

import pytest

from bot.engine import find_variant
from bot.engine.cards import CARDS, parse_card, parse_cards
from rendering import (
    HandScene,
    PlayedTrick,
    SeatInfo,
    TableScene,
    TrickScene,
    samples,
    text_card,
    text_hand,
    text_summary,
    text_table,
    text_trick,
)


def test_text_card_names_cards_in_words_not_codes() -> None:
    """Issue #10: cards in words and symbols everywhere a player reads them, the alt text
    too, in the variant's convention (A♦ in Czech, 1♦ in Nebraska)."""
    assert text_card(parse_card("KH")) == "K♥"
    assert text_card(parse_card("Sk")) == "Škýz"
    assert text_card(parse_card("XIX")) == "XIX"
    assert text_card(parse_card("1D")) == "A♦"
    assert text_card(parse_card("1D"), find_variant("nebraska").card_words) == "1♦"


def test_text_hand_groups_and_legal() -> None:
    text = text_hand(samples.hand_to_play())
    lines = text.splitlines()
    assert lines[1] == "Taroky: Škýz XXI XIX XV XI VII I"
    assert "Hearts: K♥ A♥" in lines
    assert "Worth five points: Škýz XXI I K♥" in lines
    assert lines[-1] == "You can play: K♥ A♥"
    assert "You can play" not in text_hand(samples.hand_waiting())


def test_text_trick_in_play_order_from_leader() -> None:
    text = text_trick(samples.trick_czech_complete())
    assert text.splitlines() == [
        "Trick 4 of 12 (play goes anticlockwise)",
        "Drahomír: K♥ (leads)",
        "Oldřich: 3♥",
        "Jiří Uhřík: XIX (takes the trick)",
        "Alois: 2♥",
        "Jiří Uhřík takes the trick.",
    ]


def test_text_trick_partial_five_and_talon() -> None:
    assert "play goes clockwise" in text_trick(samples.trick_nebraska_partial())
    assert "Karen: —" in text_trick(samples.trick_nebraska_partial())
    five = text_trick(samples.trick_five_players())
    assert "Ota sits out." in five
    assert "Ota:" not in five
    assert "Talon card on this trick: K♣" in text_trick(samples.trick_varsava())


def test_text_table() -> None:
    text = text_table(samples.table_czech())
    assert "  1. Alois (forehand) — +1.20 — 8 cards — to play" in text
    assert "  2. Drahomír (bidder) — −0.40 — 7 cards" in text
    assert "Called: XIX" in text
    assert "Doubling: flek (×2)" in text
    assert "pagát announced by Drahomír" in text
    assert "Jiří Uhřík: XIX (takes the trick)" in text
    ne = text_table(samples.table_nebraska())
    assert "Blind — first three (exposed): K♦ 9♣ XII" in ne


def test_text_summary() -> None:
    text = text_summary(samples.summary_povinnost())
    assert "Bidder's side (Drahomír, Jiří Uhřík): 39 card points, 30 cards — won" in text
    assert "  Game: 4 points over 35, flek ×2: +0.80 Kč" in text
    assert "  Alois: −0.30 Kč (season balance 0.90 Kč)" in text
    vs = text_summary(samples.summary_varsava())
    assert "Alois: 26 card points, 15 cards — lost" in vs
    assert vs.endswith("Pool: 3.00 Kč → 5.00 Kč")


def test_sample_points_add_up() -> None:
    for scene in (samples.summary_povinnost(), samples.summary_varsava()):
        assert sum(s.card_points for s in scene.sides) == 70
        assert sum(s.cards_taken for s in scene.sides) == 54


SEATS = [SeatInfo("a"), SeatInfo("b"), SeatInfo("c"), SeatInfo("d")]


@pytest.mark.parametrize(
    "make",
    [
        lambda: TrickScene(SEATS[:1]),
        lambda: TrickScene(SEATS * 2),
        lambda: TrickScene(SEATS, [(1, CARDS[0])], leader=0),
        lambda: TrickScene(SEATS, [(0, CARDS[0]), (0, CARDS[1])], leader=0),
        lambda: TrickScene(SEATS, [(0, CARDS[0])], leader=0, winner=2),
        lambda: TrickScene(SEATS, [(4, CARDS[0])], leader=4),
        lambda: TrickScene([*SEATS[:3], SeatInfo("e", sitting_out=True)], [(3, CARDS[0])], leader=3),
        lambda: HandScene([54]),
        lambda: TableScene(SEATS, to_act=7),
        lambda: TableScene(SEATS, scores=("1",)),
        lambda: TableScene(SEATS, trick=PlayedTrick([(9, CARDS[0])], leader=9)),
    ],
)
def test_invalid_scenes_are_refused(make: object) -> None:
    assert callable(make)
    with pytest.raises(ValueError):
        make()


def test_scenes_are_immutable_and_hashable() -> None:
    scene = TrickScene(SEATS, [[0, 5]], leader=0)  # type: ignore[list-item]
    assert scene.plays == ((0, CARDS[5]),)
    assert hash(scene) == hash(TrickScene(SEATS, [(0, CARDS[5])], leader=0))
    hand = HandScene(parse_cards("KH 7C"), frozenset(parse_cards("KH")))
    assert isinstance(hand.cards, tuple)
