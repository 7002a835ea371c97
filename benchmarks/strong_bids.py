"""Where the strong player's money against the normal one comes from: its card play, or its
bids, announcements, calls and talon choices.

On duplicate deals of ``taroky duel`` (deal ``d`` of ``seed`` dealt alike, the measured
player in the even seats and then in the odd ones, the normal player in the others, the
same decision seeds), each deal is played by several versions of the strong player:

* ``strong`` — the strong player as it is (``bot.ai.search``);
* ``bold`` — the same with the variant in ``search.BOLD_SEARCH``: bids and announcements
  bolder than the normal player's searched too (the player before session 36 outside
  Czech, Polish and Petrtyl);
* ``play`` — only the card play searched; every other decision the normal player's.

For each version it prints its money minus the normal player's per hand, with the 95 %
interval (1.96 standard errors over the deals), the paired difference of every two
versions on the same deals, and how often each departed from the normal player's choice
before the play (by kind: a bid over a pass, a pass over a bid, a higher bid, a talon
group, a call, an announcement).  ``strong`` on a deal is what ``taroky duel --a strong
--b normal`` plays on it.

    nice -n 19 .venv/bin/python benchmarks/strong_bids.py --variant taper --deals 300 \\
        --log taper.jsonl            # (run again with the same --log to resume)
    .venv/bin/python benchmarks/strong_bids.py --from-log taper.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, TextIO

from bot.ai import search
from bot.ai.normal import choose_normal
from bot.ai.players import decision_seed
from bot.ai.search import choose_strong
from bot.engine import Action, Game, Kind, Phase, find_variant, new_game

VERSIONS = ("strong", "bold", "play")


@contextmanager
def _bold(variant: str) -> Iterator[None]:
    """The strong player with bolder bids and announcements searched in ``variant``."""
    before = search.BOLD_SEARCH
    search.BOLD_SEARCH = before | {variant}
    try:
        yield
    finally:
        search.BOLD_SEARCH = before


def _departure(legal: list[Action], base: Action, chosen: Action) -> str:
    """What kind of departure from the normal player's choice ``chosen`` is."""
    kinds = {a.kind for a in legal}
    if kinds & {Kind.BID, Kind.HOLD}:
        if base.kind is Kind.PASS:
            return "bid over a pass"
        if chosen.kind is Kind.PASS:
            return "pass over a bid"
        return "higher bid"
    if kinds & {Kind.ANNOUNCE, Kind.DOUBLE}:
        return "announcement left out" if chosen.kind is Kind.DONE else "announcement added"
    if kinds & {Kind.CALL, Kind.VARSAVA}:
        return "call"
    if kinds & {Kind.TAKE, Kind.REJECT}:
        return "talon"
    return "other"


def _choose(version: str, g: Game, seat: int, seed: int, levels: dict[int, str],
            departures: Counter[str]) -> Action:
    if version == "play" and g.phase is not Phase.PLAY:
        return choose_normal(g, seat).action
    if version == "bold":
        with _bold(g.variant.name):
            chosen = choose_strong(g, seat, seed, levels).action
    else:
        chosen = choose_strong(g, seat, seed, levels).action
    if g.phase is not Phase.PLAY:
        base = choose_normal(g, seat).action
        if base != chosen:
            departures[_departure(g.legal_actions(seat), base, chosen)] += 1
    return chosen


def play_deal(variant: str, seed: int, d: int, version: str) -> dict[str, Any]:
    """Deal ``d`` played twice by ``version`` against normal players: its mean money per
    seat-hand minus theirs, and its departures from the normal player's choices."""
    v = find_variant(variant)
    seats = v.seat_counts[0]
    deal_seed = decision_seed(seed, d)
    sums = {"a": 0, "b": 0}
    counts = {"a": 0, "b": 0}
    departures: Counter[str] = Counter()
    for swap in (0, 1):
        g = new_game(v, players=seats, dealer=d % seats, options={},
                     rng=random.Random(deal_seed))
        who = {s: ("a" if (s % 2 == 0) != bool(swap) else "b") for s in range(seats)}
        levels = {s: ("strong" if who[s] == "a" else "normal") for s in range(seats)}
        step = 0
        while g.to_act is not None:
            s = g.to_act
            legal = g.legal_actions(s)
            if len(legal) == 1:
                g.act(s, legal[0])
            elif who[s] == "b":
                g.act(s, choose_normal(g, s).action)
            else:
                g.act(s, _choose(version, g, s, decision_seed(deal_seed, step, s), levels,
                                 departures))
            step += 1
        r = g.result
        assert r is not None
        for s in g.active:
            sums[who[s]] += r.net.get(s, 0)
            counts[who[s]] += 1
    return {"diff": sums["a"] / counts["a"] - sums["b"] / counts["b"],
            "departures": dict(departures)}


def _ci(xs: list[float]) -> str:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return f"{m:+.3f}"
    h = 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
    return f"{m:+.3f} ({m - h:+.3f} … {m + h:+.3f})"


def report(rows: list[dict[str, Any]]) -> None:
    by: dict[tuple[str, str], dict[int, dict[str, Any]]] = {}
    for r in rows:
        by.setdefault((str(r["variant"]), str(r["version"])), {})[int(r["deal"])] = r
    for variant in sorted({k[0] for k in by}):
        v = find_variant(variant)
        versions = [x for x in VERSIONS if (variant, x) in by]
        print(f"{v.title} ({v.currency} per hand, strong vs normal on duplicate deals)")
        for x in versions:
            got = by[(variant, x)]
            diffs = [float(got[d]["diff"]) for d in sorted(got)]
            deps: Counter[str] = Counter()
            for d in got:
                deps.update(got[d]["departures"])
            print(f"  {x} − normal, {len(diffs)} deals: {_ci(diffs)}")
            if deps:
                print("    departures from the normal player's choice: "
                      + ", ".join(f"{k} {n}" for k, n in deps.most_common()))
        for i, x in enumerate(versions):
            for y in versions[i + 1:]:
                a, b = by[(variant, x)], by[(variant, y)]
                both = sorted(set(a) & set(b))
                if both:
                    diffs = [float(a[d]["diff"]) - float(b[d]["diff"]) for d in both]
                    print(f"  {x} − {y}, the same {len(both)} deals: {_ci(diffs)}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", action="append", help="a variant (repeatable)")
    p.add_argument("--version", action="append", choices=VERSIONS,
                   help="the versions to play (repeatable; default all three)")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--log", help="append one JSON line per deal and version; resumes")
    p.add_argument("--from-log", action="append", help="report these logs, play nothing")
    args = p.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for path in args.from_log or ([args.log] if args.log else []):
        try:
            with open(path, encoding="utf-8") as f:
                rows += [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            if args.from_log:
                raise
    if not args.from_log:
        done = {(r["variant"], r["version"], r["seed"], r["deal"]) for r in rows}
        with ExitStack() as stack:
            log = (stack.enter_context(open(args.log, "a", encoding="utf-8"))
                   if args.log else None)
            _play(args, rows, done, log)
    report(rows)
    return 0


def _play(args: argparse.Namespace, rows: list[dict[str, Any]],
          done: set[tuple[Any, ...]], log: TextIO | None) -> None:
    for d in range(args.first, args.first + args.deals):
        for variant in args.variant or ["taper"]:
            name = find_variant(variant).name
            for x in args.version or VERSIONS:
                if (name, x, args.seed, d) in done:
                    continue
                row: dict[str, Any] = {"variant": name, "version": x,
                                      "seed": args.seed, "deal": d}
                row |= play_deal(name, args.seed, d, x)
                rows.append(row)
                if log is not None:
                    log.write(json.dumps(row) + "\n")
                    log.flush()
        print(f"deal {d} done", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
