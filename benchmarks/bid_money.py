"""Which contracts each level bids in a duel, and what each earned its bidder.

The deals of ``taroky duel`` (deal ``d`` of ``seed``, each played twice: level A in the
even seats, then in the odd ones).  Per level and contract: the hands, the bidder's mean
net, and — where the bidder's last bid was a free one (a pass was legal) — what the same
deal earned that seat had it passed there instead, everything else played as before
(the same decision seeds): ``pass − bid`` above zero says the bid lost money.

    PYTHONPATH=. nice -n 19 .venv/bin/python benchmarks/bid_money.py --variant petrtyl \
        --a normal --b easy --deals 1000 --seed 7
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass

from bot.ai.players import choose_level, decision_seed
from bot.engine import Action, Game, Kind, find_variant, new_game
from bot.engine.game import Phase


@dataclass
class LastBid:
    step: int
    seat: int
    before: Game  # the game as it stood before the bid
    pass_action: Action


def play(g: Game, levels: dict[int, str], deal_seed: int, step: int = 0,
         instead: Action | None = None) -> LastBid | None:
    """Play ``g`` to the end (at ``step``, ``instead`` is played); the last free bid."""
    last: LastBid | None = None
    first = step
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        if instead is not None and step == first:
            a = instead
        elif len(legal) == 1:
            a = legal[0]
        else:
            a = choose_level(levels[s], g, s, decision_seed(deal_seed, step, s), levels).action
        passes = [x for x in legal if x.kind is Kind.PASS]
        if g.phase is Phase.AUCTION and a.kind in (Kind.BID, Kind.HOLD) and passes:
            last = LastBid(step, s, g.clone(), passes[0])
        g.act(s, a)
        step += 1
    return last


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="petrtyl")
    ap.add_argument("--a", default="normal")
    ap.add_argument("--b", default="easy")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    v = find_variant(args.variant)
    seats = v.seat_counts[0]
    nets: dict[tuple[str, str], list[int]] = defaultdict(list)
    swing: dict[tuple[str, str], list[int]] = defaultdict(list)
    for d in range(args.first, args.first + args.deals):
        deal_seed = decision_seed(args.seed, d)
        for swap in (0, 1):
            g = new_game(v, players=seats, dealer=d % seats, rng=random.Random(deal_seed))
            levels = {s: (args.a if (s % 2 == 0) != bool(swap) else args.b) for s in range(seats)}
            last = play(g, levels, deal_seed)
            b, r = g.bidder, g.result
            if b is None or r is None or g.contract is None:
                continue
            key = (levels[b], g.contract.title)
            nets[key].append(r.net.get(b, 0))
            if last is not None and last.seat == b:
                other = last.before
                play(other, levels, deal_seed, last.step, last.pass_action)
                assert other.result is not None
                swing[key].append(other.result.net.get(b, 0) - r.net.get(b, 0))
    print(f"{v.title}, deals {args.first}–{args.first + args.deals - 1} of seed {args.seed}, "
          f"{args.a} vs {args.b}: the bidder's net in {v.currency} by level and contract")
    print(f"  {'level':<8} {'contract':<14} {'hands':>6} {'mean net':>9} {'pass − bid':>11} "
          f"{'(hands)':>8}")
    for (level, title), xs in sorted(nets.items()):
        sw = swing.get((level, title), [])
        tail = f"{statistics.fmean(sw):>+11.2f} {len(sw):>8}" if sw else f"{'—':>11} {'':>8}"
        print(f"  {level:<8} {title:<14} {len(xs):>6} {statistics.fmean(xs):>+9.2f} {tail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
