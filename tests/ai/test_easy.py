"""The easy computer player (issue 28): the first heuristic with slips, so that a newcomer
who picks "easy" meets a clearly weaker opponent than "normal".  It keeps the rules and
the heuristic's sense everywhere but at a card to play and a bid, where it slips with
probability ``SLIP``, drawn from the decision's seed."""

from __future__ import annotations

import random

import pytest

from bot.ai import easy
from bot.ai.easy import SLIP, choose_easy, slips
from bot.ai.heuristic import choose_action
from bot.ai.players import choose_level, decision_seed
from bot.engine import VARIANTS, Kind, find_variant, new_game, seeded_rng


def _hands(variant: str, deals: int):  # type: ignore[no-untyped-def]
    """Every decision with a choice over seeded hands, played by the easy player:
    (game, seat, seed) before each."""
    n = find_variant(variant).seat_counts[0]
    options = {"throw_in_povinnost": False} if variant == "czech" else {}
    for d in range(deals):
        g = new_game(variant, n, d % n, options, seeded_rng(f"easy-{variant}-{d}"))
        step = 0
        while g.to_act is not None:
            s = g.to_act
            legal = g.legal_actions(s)
            if len(legal) > 1:
                seed = decision_seed(d, step, s)
                yield g, s, seed
                g.act(s, choose_easy(g, s, seed).action)
            else:
                g.act(s, legal[0])
            step += 1


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_easy_player_slips_only_at_cards_and_bids(variant: str) -> None:
    """Its choice is always legal and the same for the same seed; without a slip it is the
    heuristic's; a slip plays another legal card, or in the auction passes or bids the
    cheapest; calls, the talon, discards, announcements and doubles never slip."""
    slipped = {"card": 0, "bid": 0}
    plays = 0
    for g, s, seed in _hands(variant, 10):
        legal = g.legal_actions(s)
        plays += g.phase.value == "play"
        mine = choose_easy(g, s, seed)
        assert mine.action in legal
        assert choose_level("easy", g, s, seed).action == mine.action
        assert choose_easy(g.clone(), s, seed).action == mine.action  # (replays)
        base = choose_action(g, s).action
        if not slips(seed):
            assert mine.action == base
            continue
        if base.kind is Kind.PLAY:
            slipped["card"] += 1
        elif base.kind in (Kind.BID, Kind.HOLD, Kind.PASS) and any(
                a.kind is Kind.PASS for a in legal):
            cheapest = ([a for a in legal if a.kind is Kind.HOLD]
                        + [a for a in legal if a.kind is Kind.BID])[0]
            assert mine.action in (next(a for a in legal if a.kind is Kind.PASS), cheapest)
            slipped["bid"] += 1
        else:
            assert mine.action == base, (g.phase, base)
    assert plays == 0 or slipped["card"] > 0
    assert slipped["bid"] > 0


def test_a_slip_comes_with_its_share_and_an_honest_reason() -> None:
    """Over many seeds the easy player slips at about ``SLIP`` of its decisions, and the
    reason it gives for a slip says it chose at random."""
    n = 4000
    share = sum(slips(decision_seed(9, i)) for i in range(n)) / n
    assert abs(share - SLIP) < 0.03
    reasons = set()
    for g, s, seed in _hands("nebraska", 4):
        c = choose_easy(g, s, seed)
        if c.action != choose_action(g, s).action:
            reasons.add(c.reason)
    assert reasons == {"A random legal choice."}


def test_without_slips_the_easy_player_is_the_first_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    """``SLIP`` is the only difference: at 0 every choice is the heuristic's."""
    monkeypatch.setattr(easy, "SLIP", 0.0)
    rng = random.Random(5)
    for g, s, _seed in _hands("czech", 3):
        assert choose_easy(g, s, rng.getrandbits(64)).action == choose_action(g, s).action
