"""KZ-4: "If the final bid is 1, the declarer chooses to play (with 3-card groups) or to
throw in for no score.  A computer declarer throws in."  Every computer level throws a
won Jeden in, with the rule as its reason; a person is free, so Hint (the strong player
for a person) and the hand review weigh playing on against throwing in."""

from __future__ import annotations

import asyncio

import pytest

from bot.ai.players import LEVELS, choose_level
from bot.ai.pool import choose_off_loop
from bot.ai.review import Budget, review_game
from bot.ai.search import searches
from bot.engine import Game, find_variant
from bot.engine.actions import Kind, act
from bot.engine.rulebook import build_pages
from bot.engine.variants.kozy import COMPUTER_THROWS_IN
from tests.engine.helpers import A, deal

from .test_review import _finish

FAST = Budget(worlds=0.5)
THROW_IN = act(Kind.THROW_IN)
PLAY_ON = act(Kind.PLAY_ON)

#: Seat 1 (the declarer of Jeden) with the top taroky, the škýz among them, and kings:
#: the hand wins when played.
STRONG = "XXI XX XIX XVIII XVII XVI XV KH KD KS KC XIV"
#: Seat 1 with nothing: the lowest pips of every suit.
WEAK = "7S 8S 9S 10S 7C 8C 9C 10C 1H 2H 1D 2D"


def won_jeden(hand: str) -> Game:
    """A stacked Kozy deal (dealer seat 3, Forant seat 0) where seat 1 bids Jeden and the
    others pass: seat 1 is to play on or throw in."""
    g = deal("kozy", {1: hand}, "", 3)
    if g.phase.value == "throw_in":  # (KZ-2/KZ-3's round before the bidding, if offered)
        while g.phase.value == "throw_in" and g.contract is None:
            g.act(g.to_act, A("keep"))
    for b in ("pass", "jeden", "pass", "pass"):
        g.act(g.to_act, A("pass") if b == "pass" else A("bid", b))
    assert g.phase.value == "throw_in" and g.contract is not None and g.to_act == 1
    assert set(g.legal_actions(1)) == {PLAY_ON, THROW_IN}
    return g


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("hand", [STRONG, WEAK])
def test_every_computer_level_throws_a_won_jeden_in(level: str, hand: str) -> None:
    """KZ-4: "A computer declarer throws in", whatever its level and its cards."""
    g = won_jeden(hand)
    choice = choose_level(level, g, 1, seed=5)
    assert choice.action == THROW_IN
    assert choice.reason == COMPUTER_THROWS_IN


def test_a_computer_at_a_table_decides_at_once() -> None:
    """The table's strong computer is not sent to a search worker for a choice the rules
    fix: it throws in at once."""
    g = won_jeden(STRONG)
    choice = asyncio.run(choose_off_loop("strong", g, 1, 5, timeout=0.001))
    assert choice.action == THROW_IN and choice.reason == COMPUTER_THROWS_IN


def test_hint_for_a_person_weighs_playing_on() -> None:
    """A person may play on (KZ-4): Hint searches the choice, and with the top taroky and
    four kings playing on wins, and it says so in the worlds' words, not the computers' rule."""
    g = won_jeden(STRONG)
    assert searches(g, 1)
    choice = choose_level("strong", g, 1, seed=5, person=True)
    assert choice.action == PLAY_ON
    assert choice.reason != COMPUTER_THROWS_IN and "rather than" in choice.reason


def test_hint_for_a_person_with_nothing_throws_in_for_the_worlds_reason() -> None:
    """With the lowest cards, playing a Jeden loses: Hint says throw in, and its reason is
    the comparison it made, not the computers' rule (which is no reason for a person)."""
    g = won_jeden(WEAK)
    choice = choose_level("strong", g, 1, seed=5, person=True)
    assert choice.action == THROW_IN
    assert choice.reason != COMPUTER_THROWS_IN and "rather than" in choice.reason


@pytest.mark.parametrize(("hand", "chosen", "best"), [
    (STRONG, THROW_IN, PLAY_ON), (STRONG, PLAY_ON, PLAY_ON), (WEAK, PLAY_ON, THROW_IN)])
def test_the_review_judges_a_persons_throw_in(hand: str, chosen: object, best: object) -> None:
    """The review weighs the declarer's choice (it was left out before, and a hand thrown
    in was judged by its bids alone): throwing a winning Jeden in costs money, playing
    it on is good, and playing a hopeless one on costs."""
    g = won_jeden(hand)
    step = len(g.history)
    g.act(1, chosen)  # type: ignore[arg-type]
    _finish(g)
    sr = review_game(g, seats=[1], budget=FAST).seat(1)
    d = next(d for d in sr.decisions if d.step == step)
    assert d.chosen == chosen.code and d.best == best.code  # type: ignore[attr-defined]
    assert {o.action for o in d.options} == {PLAY_ON.code, THROW_IN.code}
    if chosen == best:
        assert d.cost == 0
    else:
        assert d.cost > 0


def test_the_rules_page_says_what_the_computers_do() -> None:
    """The computers' rule is on the auction's rules page, from the same sentence."""
    pages = build_pages(find_variant("kozy"), find_variant("kozy").restrictions)
    assert COMPUTER_THROWS_IN in pages["auction"].body


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_computer_bids_no_jeden_it_would_throw_in(level: str) -> None:
    """KZ-4: a computer declarer throws a won Jeden in, so a computer that means to play
    bids Dwa, not Jeden (``Variant.computer_throws_in``); a person may still bid Jeden."""
    g = deal("kozy", {0: STRONG}, "", 3)
    while g.phase.value == "throw_in":
        g.act(g.to_act, A("keep"))
    assert g.to_act == 0 and A("bid", "jeden") in g.legal_actions(0)
    assert choose_level(level, g, 0, seed=1).action == A("bid", "dwa")


def test_the_reviews_lesson_for_a_jeden_is_the_gain_not_the_computers_rule() -> None:
    """The review's sentence to learn from quotes the normal player's reason when it chose
    what the strong player prefers; here that reason would be the computers' rule (KZ-4),
    which teaches a person nothing, so the sentence says what throwing in gained."""
    from bot.i18n import Text
    from cogs.ui.review_view import lesson_line

    g = won_jeden(WEAK)
    step = len(g.history)
    g.act(1, PLAY_ON)
    _finish(g)
    d = next(d for d in review_game(g, seats=[1], budget=FAST).seat(1).decisions if d.step == step)
    assert d.best == THROW_IN.code
    line = lesson_line(find_variant("kozy"), g.to_record(), d, ["A", "B", "C", "D"], Text("en"))
    assert COMPUTER_THROWS_IN not in line
    assert "**Throw in**" in line and "more than **Play on**" in line, line
