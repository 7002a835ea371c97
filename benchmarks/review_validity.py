"""Does the review's accuracy rank the computer levels as their play does?

On duplicate deals (``bot.ai.duel``'s dealing: deal ``d`` of ``seed`` is always the same
cards), each level L plays every deal twice against the normal player: L in the even
seats, then in the odd ones.  Each of L's seat-hands is reviewed (``bot.ai.review``), and
per deal the script keeps L's mean accuracy, mean money and mean money minus luck.  It
prints each level's means (accuracy also over all its decisions at once, ``pooled``) and,
for each neighbouring pair (strong − normal, normal −
easy, easy − random), the mean of the per-deal differences with its 95 % interval (1.96
standard errors; the deals are the pairs).  Also the classes of the normal player's
decisions, and the CPU time of the reviews (per seat-hand; per hand for the all-normal
table, every seat reviewed).

    nice -n 19 .venv/bin/python benchmarks/review_validity.py --variant nebraska --deals 100
    nice -n 19 .venv/bin/python benchmarks/review_validity.py --variant nebraska --variant czech \
        --deals 500 --log validity.jsonl      # (run again with the same --log to resume)
    .venv/bin/python benchmarks/review_validity.py --typical     # the variants' typical stakes

Several ``--variant`` options are played deal by deal in turn (deal 0 of each, then deal
1 of each, ...), so a run stopped early has every variant at about the same count.
``--log FILE`` appends one JSON line per deal and variant, and a run with the same
``--log`` resumes: deals already in it are reported, not played again.  ``--from-log FILE``
reports from such lines; repeated (``--from-log a.jsonl --from-log b.jsonl``), it reports
several logs together, each variant once over all its deals (a deal found in two logs
counted once).

The report ends with the issue's criterion stated gap by gap: for accuracy and for money
minus luck, whether the gap's 95 % interval lies above zero (yes / no).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import statistics
import sys
import time
from typing import Any

from bot.ai.duel import percentile
from bot.ai.players import choose_level, decision_seed
from bot.ai.review import Budget, Judgement, accuracy_of, review_game
from bot.engine import VARIANTS, Game, find_variant, new_game

LEVELS = ("strong", "normal", "easy", "random")


def play(variant: str, seats: int, deal: int, seed: int, levels: dict[int, str]) -> Game:
    deal_seed = decision_seed(seed, deal)
    g = new_game(variant, players=seats, dealer=deal % seats, rng=random.Random(deal_seed))
    step = 0
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        g.act(s, legal[0] if len(legal) == 1 else
              choose_level(levels[s], g, s, decision_seed(deal_seed, step, s)).action)
        step += 1
    return g


def one_deal(variant: str, seats: int, deal: int, seed: int, budget: Budget,
             levels: tuple[str, ...]) -> dict[str, Any]:
    row: dict[str, Any] = {"variant": variant, "deal": deal, "seed": seed, "levels": {}}
    for level in levels:
        accs: list[float] = []
        money: list[int] = []
        adj: list[int] = []
        classes = dict.fromkeys((j.value for j in Judgement), 0)
        costs: list[float] = []  # each judged decision's cost over the typical stake
        cpu: list[float] = []
        hand_cpu = None
        for swap in (0, 1):
            mine = [s for s in range(seats) if (s % 2 == 0) != bool(swap)]
            lv = {s: (level if s in mine else "normal") for s in range(seats)}
            g = play(variant, seats, deal, seed, lv)
            who = list(range(seats)) if level == "normal" and swap == 0 else mine
            t = time.thread_time()
            r = review_game(g, seats=who, budget=budget)
            dt = time.thread_time() - t
            if level == "normal" and swap == 0:
                hand_cpu = dt
            cpu.append(dt / len(who))
            for sr in r.seats:
                if sr.seat not in mine:
                    continue
                if sr.accuracy is not None:
                    accs.append(sr.accuracy)
                money.append(sr.money)
                adj.append(sr.play)
                for d in sr.decisions:
                    classes[d.judgement.value] += 1
                    costs.append(round(d.cost / r.typical, 4))
        row["levels"][level] = {
            "accuracy": statistics.mean(accs) if accs else None, "money": statistics.mean(money),
            "adjusted": statistics.mean(adj), "classes": classes, "costs": costs, "seat_cpu": cpu,
            "hand_cpu": hand_cpu}
    return row


def interval(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return math.nan, math.inf
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    return m, 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def pooled(row: dict[str, Any], level: str) -> float | None:
    """The level's accuracy in one deal over all its judged decisions at once (each
    decision counts alike), rather than the mean of its hands' accuracies (each hand
    counts alike, a hand of one judged bid as much as one of twelve cards)."""
    return accuracy_of(row["levels"][level]["costs"], 1.0)  # (costs are in typical stakes)


def above_zero(m: float, half: float) -> str:
    """The issue's criterion for one gap: its 95 % interval lies above zero."""
    return "yes" if m - half > 0 else "no"


def common_levels(rs: list[dict[str, Any]]) -> list[str]:
    """The levels every row has, in ``LEVELS``' order (logs of other ``--levels`` mix)."""
    return [lv for lv in LEVELS if all(lv in r["levels"] for r in rs)]


def report(rows: list[dict[str, Any]]) -> None:
    by_variant: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_variant.setdefault(r["variant"], []).append(r)
    #: (variant, gap, deals, accuracy above zero, money - luck above zero)
    verdicts: list[tuple[str, str, int, str, str]] = []
    for variant, rs in by_variant.items():
        v = find_variant(variant)
        levels = common_levels(rs)
        seeds = sorted({r["seed"] for r in rs})
        print(f"{variant}: {len(rs)} deals (seed {', '.join(map(str, seeds))}; each played "
              f"twice per level against normal players), money in {v.currency}")
        for lv in levels:
            acc = [r["levels"][lv]["accuracy"] for r in rs if r["levels"][lv]["accuracy"] is not None]
            m = [r["levels"][lv]["money"] for r in rs]
            a = [r["levels"][lv]["adjusted"] for r in rs]
            cls = {k: sum(r["levels"][lv]["classes"][k] for r in rs) for k in rs[0]["levels"][lv]["classes"]}
            tot = max(1, sum(cls.values()))
            shares = ", ".join(f"{k} {100 * n / tot:.1f} %" for k, n in cls.items())
            pa = [x for x in (pooled(r, lv) for r in rs) if x is not None]
            print(f"  {lv:<7} accuracy {statistics.mean(acc):5.1f} % (over decisions "
                  f"{statistics.mean(pa):5.1f} %)   money {statistics.mean(m):+8.2f}"
                  f"   money - luck {statistics.mean(a):+8.2f}   decisions: {shares} (of {tot})")
        for hi, lo in zip(levels, levels[1:], strict=False):
            both = [r for r in rs if r["levels"][hi]["accuracy"] is not None
                    and r["levels"][lo]["accuracy"] is not None]
            da = interval([r["levels"][hi]["accuracy"] - r["levels"][lo]["accuracy"] for r in both])
            dm = interval([r["levels"][hi]["adjusted"] - r["levels"][lo]["adjusted"] for r in rs])
            pairs = [(pooled(r, hi), pooled(r, lo)) for r in rs]
            dp = interval([a - b for a, b in pairs if a is not None and b is not None])
            ya, ym = above_zero(*da), above_zero(*dm)
            verdicts.append((variant, f"{hi} - {lo}", len(rs), ya, ym))
            print(f"  {hi} - {lo}: accuracy {da[0]:+.2f} points (95 % CI {da[0] - da[1]:+.2f} ... "
                  f"{da[0] + da[1]:+.2f}, {len(both)} deals; above zero: {ya}); over decisions "
                  f"{dp[0]:+.2f} ({dp[0] - dp[1]:+.2f} ... {dp[0] + dp[1]:+.2f}); money - luck "
                  f"{dm[0]:+.2f} ({dm[0] - dm[1]:+.2f} ... {dm[0] + dm[1]:+.2f}; above zero: {ym})")
        seat = [c * 1000 for r in rs for lv in levels for c in r["levels"][lv]["seat_cpu"]]
        hand = [r["levels"]["normal"]["hand_cpu"] * 1000 for r in rs
                if "normal" in r["levels"] and r["levels"]["normal"]["hand_cpu"] is not None]
        print(f"  review CPU per seat-hand: p50 {percentile(seat, 50):.0f} ms, p95 "
              f"{percentile(seat, 95):.0f} ms" + (
                  f"; per hand (every seat, normal players): p50 {percentile(hand, 50):.0f} ms, "
                  f"p95 {percentile(hand, 95):.0f} ms" if hand else ""))
    if not verdicts:
        return
    # The criterion, gap by gap: mean accuracy, and money minus luck, order the
    # levels, each neighbouring gap with its 95 % interval above zero (on >= 500 deals).
    print("\nThe issue's criterion: each gap's 95 % interval above zero (on 500 deals or more)")
    print(f"  {'variant':<9} {'gap':<16} {'deals':>5}  {'accuracy':<8}  money - luck")
    for variant, gap, n, ya, ym in verdicts:
        print(f"  {variant:<9} {gap:<16} {n:>5}  {ya:<8}  {ym}")
    print(f"  shown: accuracy {sum(x[3] == 'yes' for x in verdicts)} of {len(verdicts)}, "
          f"money - luck {sum(x[4] == 'yes' for x in verdicts)} of {len(verdicts)}; "
          f"deals per variant {min(x[2] for x in verdicts)}-{max(x[2] for x in verdicts)}")


def read_logs(names: list[str]) -> list[dict[str, Any]]:
    """The rows of several logs (``--log``), in order; a deal in more than one (the same
    variant, seed and deal: a log copied or run twice) counts once, the first read.  A
    name ending in ``.gz`` is read through gzip (the logs kept in ``benchmarks/validity``)."""
    rows: list[dict[str, Any]] = []
    seen: set[tuple[str, int, int]] = set()
    dropped = 0
    for name in names:
        with (gzip.open(name, "rt") if name.endswith(".gz") else open(name)) as f:
            for line in f:
                if not line.strip():
                    continue
                row = json.loads(line)
                key = (row["variant"], row["seed"], row["deal"])
                if key in seen:
                    dropped += 1
                    continue
                seen.add(key)
                rows.append(row)
    if dropped:
        print(f"({dropped} deals found twice in the logs were counted once)")
    return rows


def typical(deals: int) -> None:
    """Each variant's spread of one seat's money per hand among normal players."""
    for name in sorted({v.name for v in VARIANTS.values()}):
        seats = 3 if name == "taper" else 4
        xs: list[int] = []
        for d in range(deals):
            g = play(name, seats, d, 99, dict.fromkeys(range(seats), "normal"))
            assert g.result is not None
            xs += [g.result.net.get(s, 0) for s in g.active]
        print(f"{name:<9} {find_variant(name).currency:<8} sd {statistics.pstdev(xs):7.1f}  "
              f"mean |money| {statistics.mean(abs(x) for x in xs):7.1f}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", action="append")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--worlds", type=float, default=1.0,
                   help="the fraction of the strong player's worlds per decision (1: the same)")
    p.add_argument("--levels", default=",".join(LEVELS))
    p.add_argument("--log")
    p.add_argument("--from-log", action="append", metavar="LOG",
                   help="report from these logs (repeat it: several logs, any variants, together)")
    p.add_argument("--typical", type=int, nargs="?", const=150, metavar="DEALS")
    args = p.parse_args()
    if args.typical:
        typical(args.typical)
        return 0
    if args.from_log:
        report(read_logs(args.from_log))
        return 0
    budget = Budget(worlds=args.worlds)
    levels = tuple(args.levels.split(","))
    variants = args.variant or ["nebraska"]
    rows = []
    done: set[tuple[str, int, int]] = set()
    if args.log and os.path.exists(args.log):
        # Resume: the deals already in the log are reported, not played again.
        with open(args.log) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    if row["variant"] in variants and tuple(row["levels"]) == levels:
                        rows.append(row)
                        done.add((row["variant"], row["seed"], row["deal"]))
    out = open(args.log, "a") if args.log else None  # noqa: SIM115 (kept open for the run)
    # Deal by deal across the variants, so a run stopped early has every variant alike.
    for d in range(args.first, args.first + args.deals):
        for variant in variants:
            if (variant, args.seed, d) in done:
                continue
            seats = 3 if variant == "taper" else 4
            row = one_deal(variant, seats, d, args.seed, budget, levels)
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
        print(f"\r{d + 1 - args.first}/{args.deals} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
