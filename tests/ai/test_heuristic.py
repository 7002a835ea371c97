"""The heuristic computer player: legal, sensible, explained."""

from __future__ import annotations

import random

import pytest

from bot.ai import choose_action
from bot.ai.heuristic import _choose_play, hand_strength
from bot.engine.actions import Kind, act
from bot.engine.cards import PAGAT, parse_cards


def test_strength_orders_hands():
    strong = parse_cards("Sk XXI XX XIX XVIII KH KS")
    weak = parse_cards("7C 8C 9C 10S 1D 2D II")
    assert hand_strength(strong) > hand_strength(weak)


class _View:
    def __init__(self, hand, trick=()):
        self.hand = tuple(hand)
        self.trick = tuple(trick)


def test_keeps_the_pagat_back_when_it_can():
    hand = parse_cards("I V IX")
    plays = [act(Kind.PLAY, c) for c in hand]
    choice = _choose_play(_View(hand, [(1, parse_cards("KH")[0])]), 0, plays)
    assert choice.action.value != PAGAT and choice.reason


def test_wins_cheaply_when_it_can():
    hand = parse_cards("III XX")
    plays = [act(Kind.PLAY, c) for c in hand]
    trick = [(1, parse_cards("II")[0])]
    choice = _choose_play(_View(hand, trick), 0, plays)
    assert choice.action.value == parse_cards("III")[0]


@pytest.mark.parametrize("players", [4, 5])
def test_whole_hands_with_the_engine_are_legal(players):
    engine = pytest.importorskip("bot.engine")
    for seed in range(5):
        game = engine.new_game("czech", players, seed % players, {}, random.Random(seed))
        for _ in range(500):
            seat = game.to_act
            if seat is None:
                break
            choice = choose_action(game, seat)
            assert game.can(seat, choice.action)
            assert choice.reason and "\n" not in choice.reason
            game.act(seat, choice.action)
        assert game.to_act is None
