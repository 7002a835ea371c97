"""Duplicate-deal matches between two computer players (``taroky duel``).

Each deal is played twice with the same cards: first player A sits in the even seats and
B in the odd ones, then they swap.  Luck in the cards then largely cancels: what is left
is the difference of play.  The figure per deal is A's mean money per seat and hand minus
B's, over both plays; the match reports its mean over the deals with a 95 % confidence
interval (normal approximation, 1.96 standard errors), and the time each player took per
decision by the wall clock and by CPU time (only decisions with a choice are timed).

A long match can be split and resumed: deal ``d`` is dealt from ``(seed, d)`` alone, so
``first`` starts at any deal, and ``log`` appends one JSON line per finished deal (its
figure and its decision times).  ``from_logs`` reads such lines back into one result, so
shards run on several machines, or a run stopped half-way and resumed, give the same
figure as one uninterrupted run.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.ai.players import choose_level, decision_seed
from bot.engine import Game, OptionValue, find_variant, new_game

__all__ = ["Comparison", "DuelLogError", "DuelResult", "compare", "duel", "from_logs",
           "percentile"]


@dataclass
class DuelResult:
    variant: str
    a: str
    b: str
    seats: int
    currency: str
    diffs: list[float] = field(default_factory=list)  # per deal: A's mean minus B's
    a_means: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)  # seconds per decision
    seed: int = 1
    options: dict[str, OptionValue] = field(default_factory=dict)  # the table options
    deal_numbers: list[int] = field(default_factory=list)  # each diff's deal

    @property
    def deals(self) -> int:
        return len(self.diffs)

    @property
    def mean(self) -> float:
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95 % confidence interval of ``mean``."""
        return half_width(self.diffs)

    def time_percentiles(self, who: str) -> dict[str, float]:
        ts = self.times.get(who, [])
        return {f"p{q}": round(percentile(ts, q) * 1000, 2) for q in (50, 95, 99)} | {
            "max": round(max(ts, default=0.0) * 1000, 2), "decisions": len(ts)}

    def as_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "a": self.a, "b": self.b, "deals": self.deals,
            "seats": self.seats, "currency": self.currency, "seed": self.seed,
            "options": dict(self.options),
            "a_minus_b_per_hand": round(self.mean, 3),
            "ci95": [round(self.mean - self.half_width, 3), round(self.mean + self.half_width, 3)],
            "a_mean_per_hand": round(sum(self.a_means) / max(1, len(self.a_means)), 3),
            "decision_ms": {self.a: self.time_percentiles("a"), self.b: self.time_percentiles("b")},
            # The same by the thread's CPU time (the machine may be shared).
            "decision_cpu_ms": {self.a: self.time_percentiles("a_cpu"),
                                self.b: self.time_percentiles("b_cpu")},
        }


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = min(len(s) - 1, max(0, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


def _play(g: Game, levels: dict[int, str], who: dict[int, str], deal_seed: int,
          times: dict[str, list[float]]) -> None:
    step = 0
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        if len(legal) == 1:
            g.act(s, legal[0])
        else:
            t0 = time.perf_counter()
            c0 = time.thread_time()
            choice = choose_level(levels[s], g, s, decision_seed(deal_seed, step, s), levels)
            times[who[s]].append(time.perf_counter() - t0)
            times[who[s] + "_cpu"].append(time.thread_time() - c0)
            g.act(s, choice.action)
        step += 1


def duel(variant: str, a: str, b: str, deals: int, seed: int = 1,
         options: dict[str, OptionValue] | None = None, seats: int = 4,
         progress: Callable[[int, int], None] | None = None, first: int = 0,
         log: TextIO | None = None) -> DuelResult:
    """Play ``deals`` duplicate deals of ``variant`` between levels ``a`` and ``b``,
    deals number ``first`` … ``first + deals - 1`` of ``seed``; with ``log``, append one
    JSON line per deal (see ``from_logs``)."""
    v = find_variant(variant)
    res = DuelResult(v.name, a, b, seats, v.currency,
                     times={"a": [], "b": [], "a_cpu": [], "b_cpu": []}, seed=seed,
                     options=dict(options or {}))
    for i, d in enumerate(range(first, first + deals)):
        deal_seed = decision_seed(seed, d)
        sums = {"a": 0, "b": 0}
        counts = {"a": 0, "b": 0}
        times: dict[str, list[float]] = {k: [] for k in res.times}
        for swap in (0, 1):
            g = new_game(v, players=seats, dealer=d % seats, options=options,
                         rng=random.Random(deal_seed))
            who = {s: ("a" if (s % 2 == 0) != bool(swap) else "b") for s in range(seats)}
            levels = {s: (a if who[s] == "a" else b) for s in range(seats)}
            _play(g, levels, who, deal_seed, times)
            r = g.result
            assert r is not None
            for s in g.active:
                sums[who[s]] += r.net.get(s, 0)
                counts[who[s]] += 1
        ma = sums["a"] / max(1, counts["a"])
        mb = sums["b"] / max(1, counts["b"])
        res.diffs.append(ma - mb)
        res.a_means.append(ma)
        res.deal_numbers.append(d)
        for k, ts in times.items():
            res.times[k].extend(ts)
        if log is not None:
            log.write(json.dumps({
                "variant": v.name, "a": a, "b": b, "seats": seats, "seed": seed,
                "options": dict(sorted((options or {}).items())), "deal": d,
                "diff": ma - mb, "a_mean": ma,
                "times": {k: [round(t, 6) for t in ts] for k, ts in times.items()}}) + "\n")
            log.flush()
        if progress is not None:
            progress(i + 1, deals)
    return res


class DuelLogError(ValueError):
    """Log lines that cannot make one match: mixed matches, or a deal twice."""


def from_logs(lines: Iterable[str]) -> DuelResult:
    """One match from ``duel(..., log=...)`` lines, in any order and from any number of
    runs; raises ``DuelLogError`` if the lines are of different matches (variant, levels,
    seats, seed or options) or repeat a deal."""
    rows = [json.loads(line) for line in lines if line.strip()]
    if not rows:
        raise DuelLogError("the logs hold no deal")
    key = ("variant", "a", "b", "seats", "seed", "options")
    first = rows[0]
    for r in rows:
        if any(r[k] != first[k] for k in key):
            raise DuelLogError(f"deal {r['deal']} is of another match: "
                               + ", ".join(f"{k} {r[k]!r}" for k in key if r[k] != first[k]))
    seen: set[int] = set()
    res = DuelResult(first["variant"], first["a"], first["b"], first["seats"],
                     find_variant(first["variant"]).currency,
                     times={"a": [], "b": [], "a_cpu": [], "b_cpu": []},
                     seed=first["seed"], options=first["options"])
    for r in sorted(rows, key=lambda r: r["deal"]):
        if r["deal"] in seen:
            raise DuelLogError(f"deal {r['deal']} is in the logs twice")
        seen.add(r["deal"])
        res.diffs.append(r["diff"])
        res.a_means.append(r["a_mean"])
        res.deal_numbers.append(r["deal"])
        for k in res.times:
            res.times[k].extend(r.get("times", {}).get(k, []))  # (kept logs may drop them)
    return res


def half_width(xs: list[float]) -> float:
    """Half the 95 % confidence interval of the mean of ``xs`` (1.96 standard errors)."""
    n = len(xs)
    if n < 2:
        return math.inf
    m = sum(xs) / n
    return 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


@dataclass(frozen=True)
class Comparison:
    """Two duels on the same deals (e.g. a changed player and the one before, each against
    the same opponent): the first's A − B minus the second's, deal by deal."""

    a: str  # the other duel's levels
    b: str
    deals: int
    mean: float  # per hand, in the variant's smallest unit
    half_width: float  # of the 95 % confidence interval
    same: int  # deals on which both came out exactly alike


def compare(new: DuelResult, old: DuelResult) -> Comparison:
    """``new`` against ``old`` on the deals both played; raises ``DuelLogError`` unless
    they were dealt alike (variant, seats, seed and options) and share a deal."""
    for what, x, y in (("variant", new.variant, old.variant), ("seats", new.seats, old.seats),
                       ("seed", new.seed, old.seed), ("options", new.options, old.options)):
        if x != y:
            raise DuelLogError(f"the duels were not dealt alike: {what} {x!r} against {y!r}")
    before = dict(zip(old.deal_numbers, old.diffs, strict=True))
    diffs = [x - before[d] for d, x in zip(new.deal_numbers, new.diffs, strict=True)
             if d in before]
    n = len(diffs)
    if n == 0:
        raise DuelLogError("the duels have no deal in common")
    return Comparison(old.a, old.b, n, sum(diffs) / n, half_width(diffs),
                      sum(1 for x in diffs if x == 0))
