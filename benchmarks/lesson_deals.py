"""Which shuffles make good lesson deals: plays each candidate as a lesson table does
(``bot.tables.lesson.rehearse``: the computer seats at the lesson's level, the learner
choosing as one of ``LEARNERS`` does) and prints the steps each learner meets.

    python benchmarks/lesson_deals.py czech 1 40            # first hands
    python benchmarks/lesson_deals.py czech 1 40 17         # second hands after hand 17
    python benchmarks/lesson_deals.py heun 1 40 --dealer 0  # the learner deals first
    python benchmarks/lesson_deals.py --plans               # the prepared lessons
    python benchmarks/lesson_deals.py petrtyl --plans       # the prepared lesson of one variant
    python benchmarks/lesson_deals.py kozy --search 30      # greedy: hand by hand, up to 3
    python benchmarks/lesson_deals.py kozy 1 40 17 3 30 --bidder-hand 1   # a fourth hand

A line per candidate: the seed, then per learner (``advice`` takes the strong player's
advice, ``passes`` passes and says nothing whenever the panel lets them, ``differs``
takes another legal choice at every step) the steps met of the variant's steps and the
ones missing.  A good lesson has a hand where the learner bids — the hand prepared for
it (``--bidder-hand N``: the panel offers the learner only the games that call and take
the talon, and the computer players pass), so that a learner who always passes still
calls, takes from the talon and discards — and hands where they play against the bidder.
"""

from __future__ import annotations

import argparse
import copy
import time

from bot.engine import find_variant
from bot.engine.session import Session
from bot.tables.deals import Deals
from bot.tables.lesson import (
    LEARNERS,
    PLANS,
    Lesson,
    LessonPlan,
    Rehearsal,
    _plan,
    rehearse,
    rehearse_hand,
    shuffled,
    steps_of,
)


def line(plan: LessonPlan, learners: list[str]) -> tuple[str, int, int]:
    """Per learner the steps met and missing; how many learners met every step, and a
    score (steps met, the advised learner's counted three times)."""
    want = [s.key for s in steps_of(find_variant(plan.variant)) if s.key != "read"]
    parts, whole, score = [], 0, 0
    for name in learners:
        walk = rehearse(plan, LEARNERS[name])
        missing = [k for k in want if k not in walk.met]
        whole += not missing and walk.ended is None
        score += (len(want) - len(missing)) * (3 if name == "advice" else 1) - (100 if walk.ended else 0)
        parts.append(f"{name} {len(want) - len(missing):2d}/{len(want)}"
                     + (f" (no {' '.join(missing)})" if missing else "")
                     + (f" [ended: {walk.ended}]" if walk.ended else ""))
    return "  ".join(parts), whole, score


def search(variant: str, candidates: int, dealer: int | None, learners: list[str], most: int = 3,
           shortlist: int = 5, before: tuple[int, ...] = (), bidder_hand: int = 0, first: int = 1) -> None:
    """Hand by hand, the candidate shuffle that raises the score most (every learner
    meeting every step first), until every learner meets every step or the lesson has
    ``most`` hands.  Each learner's rehearsal of the hands chosen so far is kept and
    copied for each candidate; the advised learner (the slow one: the strong player's
    advice at every turn) is walked only for the ``shortlist`` best by the others."""
    v = find_variant(variant)
    players = min(v.seat_counts)
    base = _plan(variant, [], players=players, dealer=dealer, bidder_hand=bidder_hand)
    want = [s.key for s in steps_of(v) if s.key != "read"]
    states = {name: (Rehearsal(Lesson(), v), base.session()) for name in learners}
    chosen: list[int] = []

    def walk(name: str, seed: int) -> tuple[tuple[Rehearsal, Session], int, int, str]:
        deals = Deals.stacked(*[shuffled(s, variant) for s in [*chosen, seed]])
        out, session = copy.deepcopy(states[name])
        rehearse_hand(out, session, deals, len(chosen) + 1, LEARNERS[name], bidding=base.bidding(len(chosen) + 1))
        missing = [k for k in want if k not in out.met]
        whole = int(not missing and out.ended is None)
        score = (len(want) - len(missing)) * (3 if name == "advice" else 1) - (100 if out.ended else 0)
        text = f"{name} {len(want) - len(missing)}/{len(want)}" + (f" (no {' '.join(missing)})" if missing else "")
        return (out, session), whole, score, text

    for seed in before:  # (hands fixed beforehand)
        states = {name: walk(name, seed)[0] for name in learners}
        chosen.append(seed)
    cheap = [n for n in learners if n != "advice"]
    while len(chosen) < most:
        rows = []
        for seed in range(first, first + candidates):
            walks = {name: walk(name, seed) for name in cheap}
            rows.append((sum(w[1] for w in walks.values()), sum(w[2] for w in walks.values()), seed, walks))
        rows.sort(key=lambda r: (r[0], r[1]), reverse=True)
        best: tuple[tuple[int, ...], int, dict[str, tuple[Rehearsal, Session]], str] | None = None
        if "advice" not in learners:
            rows = rows[:1]
        elif cheap:
            rows = rows[:shortlist]
        for _whole, _score, seed, walks in rows:
            if "advice" in learners:
                walks = {"advice": walk("advice", seed), **walks}
            advised = walks["advice"][1:3] if "advice" in walks else (0, 0)
            key = (*advised, sum(w[1] for w in walks.values()), sum(w[2] for w in walks.values()))
            if best is None or key > best[0]:
                best = (key, seed, {n: w[0] for n, w in walks.items()}, "  ".join(w[3] for w in walks.values()))
        assert best is not None
        chosen.append(best[1])
        states = best[2]
        print(f"{variant} {chosen}: {best[3]}", flush=True)
        if best[0][2] == len(learners):
            break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", nargs="?")
    parser.add_argument("first", nargs="?", type=int, default=1)
    parser.add_argument("last", nargs="?", type=int, default=40)
    parser.add_argument("before", nargs="*", type=int, help="the seeds of the hands before")
    parser.add_argument("--dealer", type=int, default=None, help="who deals the first hand (seat)")
    parser.add_argument("--bidder-hand", type=int, default=0,
                        help="the hand prepared for the learner to bid (LessonPlan.bidder_hand)")
    parser.add_argument("--learners", default=",".join(LEARNERS))
    parser.add_argument("--plans", action="store_true", help="walk the prepared lessons")
    parser.add_argument("--search", type=int, default=0, help="search hand by hand among this many shuffles")
    parser.add_argument("--most", type=int, default=3, help="hands at most, in a search")
    parser.add_argument("--shortlist", type=int, default=5, help="candidates the advised learner walks, in a search")
    args = parser.parse_args()
    learners = args.learners.split(",")
    if args.plans:
        only = find_variant(args.variant).name if args.variant else None
        for name, plan in sorted(PLANS.items()):
            if only is not None and plan.variant != only:
                continue
            start = time.perf_counter()
            text, _, _ = line(plan, learners)
            print(f"{name:9s} {text}  [{time.perf_counter() - start:.1f} s]", flush=True)
        return
    variant = find_variant(args.variant)
    if args.search:
        search(variant.name, args.search, args.dealer, learners, args.most, args.shortlist, before=tuple(args.before),
               bidder_hand=args.bidder_hand, first=args.first)
        return
    players = min(variant.seat_counts)
    for seed in range(args.first, args.last):
        plan = _plan(variant.name, [*args.before, seed], players=players, dealer=args.dealer,
                     bidder_hand=args.bidder_hand)
        text, whole, _ = line(plan, learners)
        print(f"{seed:4d} {'*' * whole:3s} {text}", flush=True)


if __name__ == "__main__":
    main()
