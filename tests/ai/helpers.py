"""Stacked positions for the computer players' tests."""

from __future__ import annotations

from bot.engine import Game
from tests.engine.helpers import A
from tests.engine.kc_helpers import bid_to_call, kc, to_play


def five(hands: dict[int, str], called: str, variant: str = "nebraska") -> Game:
    """A king-calling Five: seat 0 bids it, calls ``called`` and leads (NE-6, HE-2)."""
    g = bid_to_call(kc(hands, variant=variant), "five")
    g.act(0, A("call", called))
    to_play(g)
    assert g.phase.value == "play" and g.to_act == 0
    return g
