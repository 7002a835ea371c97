"""Do the ratings find the strong players?  A simulated community (``bot.ratings``).

Sixteen computer players, four of each level (strong, normal, easy, random), play hands
of one variant: each hand seats the variant's usual number of them (three for Taper)
drawn at random, deals from ``(seed, hand)``, and rates the hand.  The script prints, per
level, the mean rating (``mu``) and the mean balance, and how well each orders the
players by level (random 0 … strong 3):

* **τ-b, players**: Kendall's τ-b between the level and each player's figure.  With four
  players to a level, 24 of the 120 pairs are tied in level, so τ-b cannot exceed
  √(96/120) ≈ 0.894 even when every player of a higher level is above every player of a
  lower one (``TAU_B_MAX``);
* **pairs in order**: the share of the 96 pairs of players of different levels that the
  figure puts in the level's order (Goodman and Kruskal's γ as a share, (γ + 1) / 2);
  1 when the order is perfect;
* **τ, level means** — the issue's measure ("Kendall τ ≥ 0.9 between level and mean
  rating"): between the four levels and each level's mean figure (its four players'
  mean).  +1 when the four means are in order; with one neighbouring pair swapped it is
  already 0.667, so the criterion "≥ 0.9" means: all four in order.

Ratings by money and by money minus luck (``by="play"``), with ``Rater``'s model; and
balances alone.  ``--sweep`` also rates the same hands with other openskill parameters
(``beta``, ``tau``), so the choice of ``bot.ratings``' parameters can be read off.

Playing is the slow part and rating is quick: ``--log FILE`` appends one JSON line per
hand (who sat where, sides, money, luck), a run with the same ``--log`` resumes after the
hands already in it, and ``--from-log FILE`` rates a finished log again.  ``--prefixes`` also rates the first
500, 1,000 and 1,500 hands alone (by money minus luck), to show what more hands add.

    nice -n 19 .venv/bin/python benchmarks/ratings_community.py --variant nebraska --hands 2000 --log neb.jsonl
    .venv/bin/python benchmarks/ratings_community.py --from-log neb.jsonl --sweep
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Any

from openskill.models import PlackettLuce

from bot.ai.players import choose_level, decision_seed
from bot.ai.review import luck_of
from bot.engine import find_variant, new_game
from bot.ratings import HandOutcome, SeatOutcome, outcome_of, recompute

LEVELS = ("random", "easy", "normal", "strong")  # (index = the level's rank)
PLAYERS = [f"{lv}-{i}" for lv in LEVELS for i in range(1, 5)]
#: The largest τ-b between four levels of four players each and untied figures.
TAU_B_MAX = (96 / 120) ** 0.5


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


def pairs_in_order(x: list[float], y: list[float]) -> float:
    """The share of the pairs unequal in ``x`` that ``y`` orders as ``x`` does (a tie in
    ``y`` counts half)."""
    good = total = 0.0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            if x[i] == x[j]:
                continue
            total += 1
            d = (x[i] - x[j]) * (y[i] - y[j])
            good += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
    return good / total if total else 0.0


def play_hands(variant: str, hands: int, seed: int, log: str | None) -> list[dict[str, Any]]:
    """The community's hands ``0 … hands − 1`` (those already in ``log`` read, the rest
    played and appended)."""
    seats = 3 if variant == "taper" else 4
    rows: dict[int, dict[str, Any]] = {}
    if log and os.path.exists(log):
        with open(log) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    if r["variant"] == variant and r["seed"] == seed:
                        rows[r["hand"]] = r
    out = open(log, "a") if log else None  # noqa: SIM115 (kept open for the run)
    options = {"throw_in_povinnost": False} if variant == "czech" else {}
    rng = random.Random(seed)
    for h in range(hands):
        at = rng.sample(PLAYERS, seats)  # (drawn for every hand, so a resumed run agrees)
        if h in rows:
            continue
        deal_seed = decision_seed(seed, h)
        g = new_game(variant, players=seats, dealer=h % seats, options=options,
                     rng=random.Random(deal_seed))
        luck = luck_of(g)
        levels = {s: at[s].split("-")[0] for s in range(seats)}
        step = 0
        while g.to_act is not None:
            s = g.to_act
            legal = g.legal_actions(s)
            g.act(s, legal[0] if len(legal) == 1 else choose_level(
                levels[s], g, s, decision_seed(deal_seed, step, s), levels).action)
            step += 1
        assert g.result is not None
        o = outcome_of(g, at, luck)
        row = {"variant": variant, "seed": seed, "hand": h, "players": at,
               "net": {str(s): g.result.net.get(s, 0) for s in g.active},
               "outcome": None if o is None else o.to_dict()}
        rows[h] = row
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if h % 50 == 49:
            print(f"\r{variant} {h + 1}/{hands} hands", end="", file=sys.stderr)
    print(file=sys.stderr)
    return [rows[h] for h in sorted(rows) if h < hands]


def outcome(d: dict[str, Any]) -> HandOutcome:
    return HandOutcome(str(d["variant"]), tuple(
        SeatOutcome(str(p), int(side), int(money), None if luck is None else int(luck))
        for p, side, money, luck in d["seats"]))


def level_means(figure: dict[str, float]) -> list[float]:
    """Each level's mean figure over its four players, in ``LEVELS``' order."""
    return [statistics.mean(figure.get(f"{lv}-{i}", 0.0) for i in range(1, 5)) for lv in LEVELS]


def tau_level_means(figure: dict[str, float]) -> float:
    """The issue's measure: Kendall's τ between the four levels and each level's mean
    figure (no ties in level, so τ-b is τ-a here): +1 when the means are in the levels'
    order; one pair of neighbouring levels swapped gives 4/6 ≈ 0.667, so "τ ≥ 0.9" asks
    for all four means in order."""
    return kendall_tau_b([float(i) for i in range(len(LEVELS))], level_means(figure))


def tau_players(figure: dict[str, float]) -> float:
    """Kendall's τ-b between each of the 16 players' level and its figure (at most
    ``TAU_B_MAX``: four players share each level)."""
    rank = [float(LEVELS.index(pl.split("-")[0])) for pl in PLAYERS]
    return kendall_tau_b(rank, [figure.get(pl, 0.0) for pl in PLAYERS])


def orders(name: str, figure: dict[str, float], unit: str = "") -> str:
    rank = [float(LEVELS.index(pl.split("-")[0])) for pl in PLAYERS]
    y = [figure.get(pl, 0.0) for pl in PLAYERS]
    means = level_means(figure)
    tau = tau_level_means(figure)
    return (f"  {name}: mean by level " + ", ".join(
        f"{lv} {m:+.2f}{unit}" for lv, m in zip(LEVELS, means, strict=True))
        + f"\n      tau (levels vs level means) {tau:+.3f}: the issue's criterion (>= 0.9) "
        f"{'met' if tau >= 0.9 else 'NOT met'}"
        f"\n      tau-b (levels vs the 16 players) {tau_players(figure):+.3f} (at most "
        f"{TAU_B_MAX:.3f} with four players to a level), pairs of players in order "
        f"{100 * pairs_in_order(rank, y):.1f} %")


def report(rows: list[dict[str, Any]], sweep: bool, prefixes: list[int]) -> None:
    variant = rows[0]["variant"]
    v = find_variant(variant)
    outcomes = [outcome(r["outcome"]) for r in rows if r["outcome"] is not None]
    balance = dict.fromkeys(PLAYERS, 0.0)
    for r in rows:
        for s, m in r["net"].items():
            balance[r["players"][int(s)]] += m
    seats = len(rows[0]["players"])
    per_player = len(rows) * seats / len(PLAYERS)
    print(f"{variant}: {len(rows)} hands ({len(outcomes)} rated, the rest thrown in), 16 "
          f"players at {seats}-seat tables, about {per_player:.0f} hands each, seed "
          f"{rows[0]['seed']}")
    models: list[tuple[str, PlackettLuce | None]] = [("default", None)]
    if sweep:
        for beta in (25 / 6, 25 / 3, 25 / 1.5):
            for tau in (25 / 300, 25 / 3000, 0.0):
                models.append((f"beta {beta:.2f} tau {tau:.4f}", PlackettLuce(beta=beta, tau=tau)))
    for label, model in models:
        for by in ("money", "play"):
            st = recompute(outcomes, by=by, model=model)[variant]
            print(orders(f"rating by {by} ({label})", {p: s.mu for p, s in st.items()}))
    print(orders(f"balances alone ({v.currency})", balance))
    for k in prefixes:
        if k < len(rows):
            first = [outcome(r["outcome"]) for r in rows[:k] if r["outcome"] is not None]
            st = recompute(first, by="play")[variant]
            print(orders(f"after the first {k} hands, rating by play",
                         {p: s.mu for p, s in st.items()}))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="nebraska")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--log")
    p.add_argument("--from-log")
    p.add_argument("--sweep", action="store_true")
    p.add_argument("--prefixes", default="500,1000,1500",
                   help="also rate the first N hands alone, for each N (comma-separated)")
    args = p.parse_args()
    prefixes = [int(x) for x in args.prefixes.split(",") if x]
    if args.from_log:
        with open(args.from_log) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        rows.sort(key=lambda r: r["hand"])
        report(rows, args.sweep, prefixes)
        return 0
    cpu = time.process_time()
    rows = play_hands(args.variant, args.hands, args.seed, args.log)
    print(f"(CPU {time.process_time() - cpu:.0f} s for the hands played now)")
    report(rows, args.sweep, prefixes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
