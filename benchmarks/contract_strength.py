"""What a contract pays its bidder, by the bidder's hand strength (``hand_strength``).

On seeded deals (deal ``d`` of ``seed`` is ``taroky duel``'s deal ``d``), each seat in
turn bids CONTRACT at its first turn in the auction while every other seat passes (or
makes the cheapest bid when it may not pass: forehand's opening), and the hand is played
out by computer players of ``--level``.  The engine's own scoring says what the contract
paid, so what the contract requires (no trick, every trick, ...) is never restated here.
Per hand strength the script prints the hands, the share with a positive net for the
bidder, the bidder's mean net with its 95 % interval, and the same over every hand at most
(``<=``) and at least (``>=``) that strong.  These are the figures behind the normal
player's ``CONTRACT_STRENGTH`` (``bot/ai/normal.py``).

    PYTHONPATH=. nice -n 19 .venv/bin/python benchmarks/contract_strength.py \
        --variant petrtyl --contract grand_nullo --deals 2500 --seed 101
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import defaultdict

from bot.ai.heuristic import hand_strength
from bot.ai.players import choose_level, decision_seed
from bot.engine import Kind, find_variant, new_game
from bot.engine.game import Phase


def forced(variant: str, contract: str, deal: int, seed: int, offset: int,
           level: str) -> tuple[int, int] | None:
    """(hand strength, bidder's net) of deal ``deal`` with the seat ``offset`` after
    forehand bidding ``contract``; None when that seat could not bid it."""
    v = find_variant(variant)
    deal_seed = decision_seed(seed, deal)
    n = v.seat_counts[0]
    g = new_game(v, players=n, dealer=deal % n, rng=random.Random(deal_seed))
    bidder: int | None = None
    strength = 0
    step = 0
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        if g.phase is Phase.AUCTION:
            want = [a for a in legal if a.kind is Kind.BID and a.value == contract]
            if bidder is None and want and s == g.order[offset % len(g.order)]:
                a = want[0]
                bidder = s
                strength = hand_strength(g.view_for(s).hand)
            else:  # (pass; else the cheapest bid, forehand's opening; else what is left)
                a = next((x for x in legal if x.kind is Kind.PASS),
                         next((x for x in legal if x.kind is Kind.BID), legal[0]))
        elif len(legal) == 1:
            a = legal[0]
        else:
            a = choose_level(level, g, s, decision_seed(deal_seed, step, s)).action
        g.act(s, a)
        step += 1
    if bidder is None or g.contract is None or g.contract.name != contract or g.result is None:
        return None
    return strength, g.result.net.get(bidder, 0)


def interval(xs: list[int]) -> str:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return f"{m:+8.1f}"
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:+8.1f} ({m - h:+7.1f} … {m + h:+7.1f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="petrtyl")
    ap.add_argument("--contract", default="grand_nullo", help="the contract's name")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--level", default="normal", help="the level that plays the hands out")
    args = ap.parse_args()
    v = find_variant(args.variant)
    if args.contract not in v.contracts:
        print(f"{v.title} has no contract {args.contract!r}: {', '.join(v.contracts)}",
              file=sys.stderr)
        return 2
    by: dict[int, list[int]] = defaultdict(list)
    for d in range(args.deals):
        for offset in range(v.seat_counts[0]):
            r = forced(v.name, args.contract, d, args.seed, offset, args.level)
            if r is not None:
                by[r[0]].append(r[1])
    hands = sum(len(x) for x in by.values())
    print(f"{v.title}, {v.title_of(args.contract)} forced on {hands} hands ({args.deals} deals of "
          f"seed {args.seed}, every seat in turn), played out by {args.level} players; "
          f"bidder's net in {v.currency} by hand strength")
    print(f"  {'strength':>8} {'hands':>6} {'net > 0':>8}  {'mean net (95 % CI)':<28} "
          f"{'<= this strength':<28} {'>= this strength':<28}")
    for k in sorted(by):
        xs = by[k]
        low = [x for s, ys in by.items() if s <= k for x in ys]
        high = [x for s, ys in by.items() if s >= k for x in ys]
        made = sum(1 for x in xs if x > 0) / len(xs)
        print(f"  {k:>8} {len(xs):>6} {100 * made:>7.0f}%  {interval(xs):<28} {interval(low):<28} "
              f"{interval(high):<28}")
    best = max((x for xs in by.values() for x in xs), default=0)
    print(f"  the bidder's best net: {best:+d}; hands with a positive net: "
          f"{sum(1 for xs in by.values() for x in xs if x > 0)} of {hands}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
