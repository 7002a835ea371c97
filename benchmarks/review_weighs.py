"""How much the review's judge moved when it came to weigh what the strong player weighs
(session 37, ``search.weighed_options``).

Before, the judge weighed every legal bid in the auction and every announcement in the
announcement round; outside Czech and Polish the strong player (and Hint) weighs only the
normal player's bid against passing, and its announcement against saying nothing more.
For each of the six variants where that differs, on duplicate deals (``bot.ai.duel``'s
dealing, as ``benchmarks/review_validity.py`` plays them: an all-normal table, and a table
with the strong player in the even seats), every auction and announcement decision the
review judges is judged twice, in the same worlds: with the old rule of candidates
(``old_candidates`` below, the judge's code before the change, kept here inline) and with
the judge as it is (``review._candidates``).  Per variant it prints the decisions judged,
how many change class, the mean cost change per decision (new − old, the variant's
unit), and each level's accuracy over those decisions, old → new.

    nice -n 19 .venv/bin/python benchmarks/review_weighs.py --deals 40 --seed 11 \\
        --log weighs.jsonl           # (run again with the same --log to resume)
    .venv/bin/python benchmarks/review_weighs.py --from-log weighs.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from review_validity import play

from bot.ai.normal import choose_normal
from bot.ai.review import (
    MAX_OPTIONS,
    Budget,
    _candidates,
    _judge,
    _SeatWork,
    accuracy_of,
    dealt_at,
    hand_seed,
    typical_stake,
)
from bot.ai.search import ANNOUNCE_WORLDS, WHOLE_WORLDS, searches
from bot.engine import Action, Game, Kind, Phase, find_variant, parse_action

#: The six whose strong player bids cautiously, and Czech and Polish, where the judge now
#: also weighs the doubles of a forced contract (as the search always did).
VARIANTS = ("taper", "heun", "kozy", "nebraska", "romanian", "petrtyl", "czech", "polish")
#: The two tables of a deal: every seat the normal player; the strong player in the even seats.
TABLES = ("normal", "strong")


def old_candidates(g: Game, seat: int, chosen: Action) -> tuple[list[Action], int, int]:
    """The judge's options before the play before session 37: in the auction every legal
    bid, in the announcements every announcement and Done (a double only when chosen or
    the normal player's), up to ``MAX_OPTIONS``."""
    legal = g.legal_actions(seat)
    base = choose_normal(g, seat).action
    if g.phase is Phase.ANNOUNCE:
        if base.kind is Kind.DECLARE:
            return [], 0, 0
        pool = [a for a in legal if a.kind in (Kind.ANNOUNCE, Kind.DONE)]
        worlds = ANNOUNCE_WORLDS
    else:
        pool = list(legal)
        worlds = WHOLE_WORLDS
    cands: list[Action] = []
    for a in (chosen, base, *pool):
        if a not in cands and len(cands) < MAX_OPTIONS:
            cands.append(a)
    return cands, 0, worlds


def one_deal(variant: str, deal: int, seed: int) -> dict[str, Any]:
    """Each auction and announcement decision of the deal's two tables, judged both ways:
    ``[level, phase, old cost, old class, new cost, new class]`` (None where not judged)."""
    seats = 3 if variant == "taper" else 4
    typical = typical_stake(variant)
    rows: list[list[Any]] = []
    t0 = time.process_time()
    for table in TABLES:
        levels = {s: "strong" if table == "strong" and s % 2 == 0 else "normal"
                  for s in range(seats)}
        g = play(variant, seats, deal, seed, levels)
        rec = g.to_record()
        h, first = dealt_at(rec)
        hs = hand_seed(g.deck)
        for step, (seat, code) in enumerate(rec["actions"]):
            a = parse_action(str(code))
            if (step >= first and h.phase in (Phase.AUCTION, Phase.ANNOUNCE)
                    and len(h.legal_actions(seat)) > 1 and searches(h, seat)):
                row: list[Any] = [levels[seat], h.phase.value]
                for rule in (old_candidates, _candidates):
                    w = _SeatWork()
                    _judge(h, seat, a, step, hs, typical, Budget(), w, rule)
                    d = w.decisions[0] if w.decisions else None
                    row += [None, None] if d is None else [d.cost, d.judgement.value]
                rows.append(row)
            h.act(seat, a)
    return {"variant": variant, "deal": deal, "seed": seed, "rows": rows,
            "cpu": round(time.process_time() - t0, 2)}


def report(lines: list[dict[str, Any]]) -> None:
    for v in VARIANTS:
        got = [ln for ln in lines if ln["variant"] == v]
        if not got:
            continue
        rows = [r for ln in got for r in ln["rows"]]
        both = [r for r in rows if r[2] is not None and r[4] is not None]
        typical = typical_stake(v)
        unit = find_variant(v).currency
        changed = sum(1 for r in both if r[3] != r[5])
        worse = sum(1 for r in both if r[3] in ("mistake", "blunder"))
        worse_new = sum(1 for r in both if r[5] in ("mistake", "blunder"))
        delta = statistics.mean(r[4] - r[2] for r in both) if both else 0.0
        print(f"{v}: {len(got)} deals, {sum(ln['cpu'] for ln in got):.0f} s CPU; decisions judged "
              f"old {sum(1 for r in rows if r[2] is not None)}, new "
              f"{sum(1 for r in rows if r[4] is not None)}, both {len(both)}; class changed "
              f"{changed}; mistakes+blunders {worse} -> {worse_new}; mean cost change "
              f"{delta:+.3f} {unit} a decision")
        for level in ("strong", "normal"):
            mine = [r for r in both if r[0] == level]
            old = accuracy_of([r[2] for r in mine], typical)
            new = accuracy_of([r[4] for r in mine], typical)
            if old is not None and new is not None:
                print(f"  {level}: {len(mine)} decisions, accuracy {old:.1f} % -> {new:.1f} % "
                      f"({new - old:+.1f})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append", choices=VARIANTS)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--log")
    ap.add_argument("--from-log", action="append")
    args = ap.parse_args()
    if args.from_log:
        logged: list[dict[str, Any]] = []
        for name in args.from_log:
            with open(name) as f:
                logged += [json.loads(x) for x in f if x.strip()]
        report(logged)
        return 0
    variants = args.variant or list(VARIANTS)
    lines: list[dict[str, Any]] = []
    if args.log:
        try:
            with open(args.log) as f:
                lines = [json.loads(x) for x in f if x.strip()]
        except FileNotFoundError:
            pass
    done = {(ln["variant"], ln["deal"], ln["seed"]) for ln in lines}
    for deal in range(args.deals):  # (deal by deal in turn: stopped early, all alike)
        for v in variants:
            if (v, deal, args.seed) in done:
                continue
            ln = one_deal(v, deal, args.seed)
            lines.append(ln)
            if args.log:
                with open(args.log, "a") as f:
                    f.write(json.dumps(ln) + "\n")
            print(f"{v} deal {deal}: {len(ln['rows'])} decisions, {ln['cpu']} s", file=sys.stderr)
    report(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
