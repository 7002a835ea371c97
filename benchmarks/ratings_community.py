"""Do the ratings find the strong players?  A simulated community (``bot.ratings``).

Sixteen computer players, four of each level (strong, normal, easy, random), play hands
of one variant: each hand seats the variant's usual number of them (three for Taper)
drawn at random, deals from ``(seed, hand)``, and rates the hand.  The script prints, per
level, the mean rating (``mu``) and the mean balance, and Kendall's τ-b between the level
(random 0 … strong 3) and each player's rating — by money, and by money minus luck
(``by="play"``) — and between the level and each player's balance alone.

    nice -n 19 .venv/bin/python benchmarks/ratings_community.py --variant nebraska --hands 2000
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bot.ai.players import choose_level, decision_seed
from bot.ai.review import luck_of
from bot.engine import new_game
from bot.ratings import HandOutcome, outcome_of, recompute

LEVELS = ("random", "easy", "normal", "strong")  # (index = the level's rank)


def kendall_tau_b(x: list[float], y: list[float]) -> float:
    """Kendall's τ-b (ties in either list allowed)."""
    n = len(x)
    conc = disc = tx = ty = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = (x[i] > x[j]) - (x[i] < x[j])
            dy = (y[i] > y[j]) - (y[i] < y[j])
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tx += 1
            elif dy == 0:
                ty += 1
            elif dx == dy:
                conc += 1
            else:
                disc += 1
    denom = ((conc + disc + tx) * (conc + disc + ty)) ** 0.5
    return (conc - disc) / denom if denom else 0.0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="nebraska")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=17)
    args = p.parse_args()
    players = [f"{lv}-{i}" for lv in LEVELS for i in range(1, 5)]
    level_of = {pl: pl.split("-")[0] for pl in players}
    seats = 3 if args.variant == "taper" else 4
    rng = random.Random(args.seed)
    outcomes: list[HandOutcome] = []
    balance = dict.fromkeys(players, 0)
    cpu = time.process_time()
    for h in range(args.hands):
        at = rng.sample(players, seats)
        deal_seed = decision_seed(args.seed, h)
        g = new_game(args.variant, players=seats, dealer=h % seats,
                     rng=random.Random(deal_seed))
        luck = luck_of(g)
        step = 0
        while g.to_act is not None:
            s = g.to_act
            legal = g.legal_actions(s)
            g.act(s, legal[0] if len(legal) == 1 else choose_level(
                level_of[at[s]], g, s, decision_seed(deal_seed, step, s)).action)
            step += 1
        assert g.result is not None
        for s in g.active:
            balance[at[s]] += g.result.net.get(s, 0)
        o = outcome_of(g, at, luck)
        if o is not None:
            outcomes.append(o)
        if h % 50 == 49:
            print(f"\r{h + 1}/{args.hands} hands", end="", file=sys.stderr)
    print(file=sys.stderr)
    rank = [float(LEVELS.index(level_of[pl])) for pl in players]
    print(f"{args.variant}: {args.hands} hands ({len(outcomes)} rated, the rest thrown in), "
          f"16 players at {seats}-seat tables, seed {args.seed}; CPU "
          f"{time.process_time() - cpu:.0f} s")
    bal = [float(balance[pl]) for pl in players]
    for by in ("money", "play"):
        st = recompute(outcomes, by=by)[args.variant]
        mu = [st[pl].mu if pl in st else 25.0 for pl in players]
        means = [statistics.mean(m for m, pl in zip(mu, players, strict=True)
                                 if level_of[pl] == lv) for lv in LEVELS]
        print(f"  rating by {by}: mean mu by level " + ", ".join(
            f"{lv} {m:.2f}" for lv, m in zip(LEVELS, means, strict=True))
              + f"; Kendall tau-b (players) {kendall_tau_b(rank, mu):+.3f}, (level means) "
              f"{kendall_tau_b([0, 1, 2, 3], means):+.3f}")
    bmeans = [statistics.mean(b for b, pl in zip(bal, players, strict=True)
                              if level_of[pl] == lv) for lv in LEVELS]
    print("  balances alone: mean by level " + ", ".join(
        f"{lv} {m:+.0f}" for lv, m in zip(LEVELS, bmeans, strict=True))
          + f"; Kendall tau-b (players) {kendall_tau_b(rank, bal):+.3f}, (level means) "
          f"{kendall_tau_b([0, 1, 2, 3], bmeans):+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
