"""The rank correlations of the ratings benchmark (``benchmarks/ratings_community.py``),
on hand-made data: issue 28's "Kendall τ ≥ 0.9 between level and mean rating"."""

from __future__ import annotations

import math

import pytest

from benchmarks.ratings_community import (
    LEVELS,
    PLAYERS,
    TAU_B_MAX,
    kendall_tau_b,
    level_means,
    pairs_in_order,
    tau_level_means,
    tau_players,
)


def test_tau_b_of_an_order_and_its_reverse() -> None:
    assert kendall_tau_b([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert kendall_tau_b([1, 2, 3, 4], [40, 30, 20, 10]) == -1.0
    # one pair of six swapped: (5 - 1) / 6
    assert kendall_tau_b([1, 2, 3, 4], [10, 30, 20, 40]) == pytest.approx(4 / 6)


def test_tau_b_with_ties_in_one_list() -> None:
    """τ-b = (C − D) / √((C + D + Tx)(C + D + Ty)): x = 1 1 2 2 against 1 2 3 4 has
    C = 4, D = 0, two pairs tied in x only: 4 / √(6 · 4) (scipy.stats.kendalltau gives
    0.8165 too)."""
    assert kendall_tau_b([1, 1, 2, 2], [1, 2, 3, 4]) == pytest.approx(4 / math.sqrt(24))
    assert kendall_tau_b([1, 2, 3, 4], [1, 1, 2, 2]) == pytest.approx(4 / math.sqrt(24))


def test_tau_b_with_ties_in_both_lists() -> None:
    """A pair tied in both lists counts in neither C, D nor the ties' terms.  The textbook
    case x = 12 2 1 12 2, y = 1 4 7 1 0: C = 2, D = 6, Tx = 1, Ty = 0 (one more pair tied
    in both): −4 / √(9 · 8) = −0.4714 (scipy.stats.kendalltau's −0.47140452)."""
    assert kendall_tau_b([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]) == pytest.approx(-4 / math.sqrt(72))
    assert kendall_tau_b([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]) == pytest.approx(-0.47140452)
    assert kendall_tau_b([1, 1, 2], [5, 5, 6]) == 1.0
    assert kendall_tau_b([1, 1, 1], [1, 2, 3]) == 0.0  # (no pair untied in x: no order)


def _figure(by_level: dict[str, list[float]]) -> dict[str, float]:
    return {f"{lv}-{i + 1}": x for lv, xs in by_level.items() for i, x in enumerate(xs)}


def test_the_ceiling_with_four_players_to_a_level() -> None:
    """Every player of a higher level above every player of a lower one: τ-b reaches
    only √(96/120), as 24 of the 120 pairs are tied in level; every pair is in order."""
    perfect = _figure({lv: [10 * i + j for j in range(4)] for i, lv in enumerate(LEVELS)})
    assert tau_players(perfect) == pytest.approx(TAU_B_MAX) == pytest.approx(math.sqrt(0.8))
    rank = [float(LEVELS.index(p.split("-")[0])) for p in PLAYERS]
    assert pairs_in_order(rank, [perfect[p] for p in PLAYERS]) == 1.0


def test_tau_of_the_level_means_is_the_issues_measure() -> None:
    """Issue 28: τ between the level and its mean rating.  The means in order give +1
    (criterion met) even when single players overlap across levels; one neighbouring
    pair of means swapped gives 4/6, below 0.9."""
    overlapping = _figure({"random": [0, 1, 2, 30], "easy": [5, 6, 7, 8],
                           "normal": [9, 10, 11, 12], "strong": [13, 14, 15, 16]})
    assert level_means(overlapping) == [8.25, 6.5, 10.5, 14.5]
    assert tau_level_means(overlapping) == pytest.approx(4 / 6)
    in_order = _figure({"random": [0, 1, 2, 20], "easy": [5, 6, 7, 8],
                        "normal": [9, 10, 11, 12], "strong": [13, 14, 15, 16]})
    assert level_means(in_order) == [5.75, 6.5, 10.5, 14.5]
    assert tau_level_means(in_order) == 1.0
    # (a player above its level's neighbours costs the players' τ-b, not the means' τ)
    assert tau_players(in_order) < TAU_B_MAX
    reversed_ = _figure({lv: [-10.0 * i] * 4 for i, lv in enumerate(LEVELS)})
    assert tau_level_means(reversed_) == -1.0
