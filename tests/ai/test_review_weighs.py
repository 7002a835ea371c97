"""The hand review weighs what the strong player weighs (issue #28): one definition,
``search.weighed_options``.  Outside ``search.BOLD_SEARCH`` (Czech, Polish) the strong
player, and Hint, never bid or announce more boldly than the normal player, because whole
hands played out with every card seen flatter the declarer (docs/computer-players.md,
"Figures: the strong player's bids and announcements"); a review that preferred such a
bid would call the choice Hint gave a mistake (docs/review.md, "How a choice is judged").
That Czech still weighs the bolder bids: ``test_review.py``, the povinnost with the twelve
highest taroky.  Deals are stacked or seeded; the choices are the players' own."""

from __future__ import annotations

import random

import pytest

from bot.ai.normal import choose_normal
from bot.ai.players import decision_seed
from bot.ai.review import Budget, Judgement, review_game
from bot.ai.search import BOLD_SEARCH, choose_strong
from bot.engine import Game, Kind, Phase, new_game, parse_action, replay_record
from tests.ai.test_review import _finish
from tests.ai.test_strong_bids import _taper_forehand

FAST = Budget(worlds=0.5)
CAUTIOUS = ["taper", "heun", "kozy", "nebraska", "romanian", "petrtyl"]


def test_the_cautious_variants_are_the_ones_the_strong_player_is_cautious_in() -> None:
    """The six variants checked below are exactly those outside ``BOLD_SEARCH``."""
    from bot.engine.variants import VARIANTS

    assert set(CAUTIOUS) == set(VARIANTS) - BOLD_SEARCH


def test_a_taper_pass_the_strong_player_makes_is_not_judged_against_a_bolder_bid() -> None:
    """TP-5: "Opening bids: T1, D1, U1 or Solo".  With eight taroky without an honour
    (under the normal player's threshold) forehand passes, and so does the strong player —
    and Hint; played out with every card seen, a jump to Unul de doi looks better, and the
    review weighing every bid called the pass a mistake.  The review weighs the pass
    against nothing bolder: the pass is the best option, at no cost."""
    g = _taper_forehand()
    assert choose_strong(g, 2, decision_seed(0, 0, 2)).action.kind is Kind.PASS
    g.act(2, parse_action("pass"))
    _finish(g)
    sr = review_game(g, seats=[2], budget=FAST).seat(2)
    first = next(d for d in sr.decisions if d.step == 0)
    assert first.chosen == "pass" and first.best == "pass"
    assert not any(o.action.startswith("bid:") for o in first.options)
    assert first.cost == 0 and first.judgement is Judgement.GOOD


def _seeded_hand(variant: str, deal_no: int, levels: dict[int, str]) -> Game:
    seats = 3 if variant == "taper" else 4
    g = new_game(variant, players=seats, dealer=deal_no % seats,
                 rng=random.Random(decision_seed(37, deal_no)))
    return _finish(g, levels, deal_no)


@pytest.mark.parametrize("variant", CAUTIOUS)
def test_the_review_never_prefers_a_bid_or_announcement_bolder_than_the_strong_players(
        variant: str) -> None:
    """The auction (TP-5, HE-1, NE-2, RO-6, PT-1, KZ-4) and the announcements (RO-15, KZ-6):
    in every judged decision before the play, the option the review prefers is the one
    chosen, the normal player's, or passing (in the auction) or saying nothing more (in
    the announcements) — never a bolder bid or an announcement the strong player would
    not weigh; so a choice is charged only against what the strong player could choose.
    Seats of the random, normal and strong players, on seeded deals."""
    levels = {0: "random", 1: "normal", 2: "strong"}
    judged = 0
    for n in range(3):
        g = _seeded_hand(variant, n, levels)
        rec = g.to_record()
        r = review_game(g, seats=list(levels), budget=FAST)
        steps = {(d.step, d.seat): d for s in r.seats for d in s.decisions}
        h = replay_record({**rec, "actions": [], "result": None})
        for step, (seat, code) in enumerate(rec["actions"]):
            d = steps.get((step, seat))
            if d is not None and h.phase in (Phase.AUCTION, Phase.ANNOUNCE):
                assert d.chosen == code
                cautious = "pass" if h.phase is Phase.AUCTION else "done"
                allowed = {code, choose_normal(h, seat).action.code, cautious}
                assert d.best in allowed, (step, seat, d)
                if d.judgement in (Judgement.MISTAKE, Judgement.BLUNDER):
                    assert d.best != code
                judged += 1
            h.act(seat, parse_action(code))
    assert judged >= 3
