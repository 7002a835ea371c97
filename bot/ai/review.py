"""The hand review: the strong player judges every choice of a finished hand (issue 28).

For a finished hand (its record, docs/records.md) and the seats asked for, every decision
that had a real choice is judged from that seat's view by the strong player's own
evaluation (``bot.ai.search.option_values``): each option the strong player would weigh
(every card that can differ; before the play ``search.weighed_options``, the one
definition its search uses too: outside Czech and Polish no bid or announcement bolder
than the normal player's), and the chosen one, is played in the same sampled worlds —
worlds consistent with everything the seat had seen — and finished as its search
finishes it; the mean money of each option is its
*expected money*, and the chosen option's *cost* is the best option's expected money
minus its own, less ``SURE_Z`` standard errors of that difference over the worlds (never
below zero), in the variant's smallest unit (haléře, chips, points).

* **Deterministic**: the worlds of a decision are drawn from a seed made of the deck
  (``hand_seed``) and the step, so the same record gives the same review in any process.
* **Which decisions**: a decision with one legal action (or cards that cannot differ, like
  touching taroky), or whose options all end the hand with the same money in every world
  weighed (nothing rides on it, as in a Grand Sweep already lost), is *forced* and skipped;
  a choice before the play that is the only option the strong player weighs (a pass where
  it passes too, weighing no bolder bid) is judged good, at no cost. A decision the strong player does not search
  (``search.searches``: discards, and a double the normal player would not say) is
  *not judged*: whole hands played out with every card seen misjudge them (strategy
  fusion), so the judge keeps quiet rather than say something wrong.
* **Classes**: a cost below ``INACCURACY`` of the variant's typical stake is *good*, then
  *inaccuracy*, *mistake* (``MISTAKE``) and *blunder* (``BLUNDER``). The typical stake
  (``TYPICAL``) is the mean absolute money of one seat per hand among normal players,
  measured per variant (docs/review.md).
* **Accuracy** of a seat in a hand: the mean over its judged decisions of
  ``100 · exp(−cost / (ACCURACY_SCALE · typical stake))``: 100 % when every choice was
  as good as the strong player's best, about 37 % for a decision that cost a quarter of
  a typical stake.
* **Luck**: the money the seat would have ended the hand with had every seat — itself
  included — been the normal player, from the same deal. It depends on the cards and the
  seat only, never on the seat's choices; money minus luck is what the play changed.
* **Budget**: at most ``Budget.playouts`` hands played out per seat; a decision the
  budget cannot cover with ``MIN_JUDGE_WORLDS`` worlds is not judged (counted apart).

The result, ``HandReview``, is a frozen dataclass that serialises to a dict
(``to_dict`` / ``from_dict``) with ``REVIEW_VERSION``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.ai.normal import choose_normal
from bot.ai.players import decision_seed
from bot.ai.search import (
    ANNOUNCE_WORLDS,
    MAX_WORLDS,
    MIN_WORLDS,
    PLAYOUTS,
    WHOLE_WORLDS,
    distinct_plays,
    option_values,
    same_play,
    searches,
    weighed_options,
)
from bot.engine import Action, BadInput, Game, Kind, Phase, parse_action, replay_record
from bot.engine.record import replay_record as replay_unchecked

__all__ = [
    "ACCURACY_SCALE", "BLUNDER", "INACCURACY", "MISTAKE", "REVIEW_VERSION", "SURE_Z", "TYPICAL",
    "Budget", "Decision", "HandReview", "Judgement", "Option", "SeatReview", "accuracy_of",
    "cost_class", "dealt", "hand_seed", "luck_of", "luck_of_record", "review_game", "review_record", "typical_stake",
]

#: The version of ``HandReview.to_dict``'s layout and of the judge behind it: a stored
#: review of another version is made again rather than read (the analysis queue takes
#: it again, ``bot.store.analysis``; docs/review.md, "Reviews made again").
#: 2: before the play the judge weighs only what the strong player and Hint weigh
#: (``search.weighed_options``); version 1 weighed every legal bid and announcement.
#: 3: a Kozy declarer's won Jeden, played on or thrown in, is judged (KZ-4: the computer
#: players, the judge's own rollouts among them, throw it in; a person chooses).
REVIEW_VERSION = 3

#: The typical stake of a variant: the mean of the absolute money one seat ends a hand
#: with among normal players (the variant's smallest unit), 150 deals each (seed 99, the
#: variant's usual seats — three for Taper — default options).  The mean absolute value
#: rather than the standard deviation, which a rare big contract makes twice as large in
#: Czech and Petrtyl (``benchmarks/review_validity.py --typical`` prints both).
TYPICAL: dict[str, float] = {
    "czech": 101.3,
    "heun": 5.9,
    "kozy": 3.5,  # (since the computers throw a won Jeden in and bid Dwa instead, KZ-4; 2.7 before)
    "nebraska": 5.0,
    "petrtyl": 5.8,
    "polish": 7.7,
    "romanian": 4.7,
    "taper": 3.6,
}

#: The classes' lower bounds, as fractions of the typical stake (docs/review.md).
INACCURACY = 0.10
MISTAKE = 0.25
BLUNDER = 0.50
#: The cost, as a fraction of the typical stake, at which a decision's accuracy is 1/e
#: (about 37 %).
ACCURACY_SCALE = 0.25
#: A choice is charged only what the worlds show for sure: the best option's expected
#: money minus the chosen one's, less this many standard errors of their difference over
#: the worlds (0 if that is below zero).  A handful of worlds cannot tell near-equal
#: options apart, and the best of several noisy estimates looks better than it is: a cost
#: read from the bare difference charged the strong player's own card 5 % blunders in
#: Nebraska, as many as the normal player's (12 deals, ``benchmarks/review_validity.py``).
SURE_Z = 1.0
#: Fewer worlds than this and a decision is not judged (over the budget).
MIN_JUDGE_WORLDS = 3
#: At most this many options of a decision other than card play are weighed: the chosen
#: one, the normal player's, then the others in the order the rules list them.
MAX_OPTIONS = 5


class Judgement(StrEnum):
    """How costly a choice was, by its cost against the variant's typical stake."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True)
class Budget:
    """What one seat's review may cost: hands played out (worlds × options), and the
    fraction of the strong player's own worlds per decision (1.0: the same number)."""

    playouts: int = 4000
    worlds: float = 1.0


@dataclass(frozen=True)
class Option:
    """One option weighed: its action (``Action.code``) and its expected money for the
    seat, in the variant's smallest unit."""

    action: str
    money: float


@dataclass(frozen=True)
class Decision:
    """One judged decision of one seat."""

    step: int  # the index of the action in the hand's record
    seat: int
    phase: str
    tricks_done: int  # tricks finished before it
    trick: tuple[tuple[int, str], ...]  # the trick as it stood: (seat, card short name)
    chosen: str  # Action.code
    best: str
    options: tuple[Option, ...]  # best first
    cost: float  # best's expected money minus the chosen one's (>= 0)
    judgement: Judgement
    worlds: int  # worlds counted


@dataclass(frozen=True)
class SeatReview:
    """One seat's hand: its money, its luck, its judged decisions and their accuracy."""

    seat: int
    name: str | None
    money: int  # what the seat ended the hand with
    luck: int  # what the normal player in every seat would have ended it with
    accuracy: float | None  # 0-100 %, None without a judged decision
    decisions: tuple[Decision, ...]
    forced: int  # decisions with one choice, or none that changes the money (skipped)
    unjudged: int  # choices the strong player does not judge (discards, some doubles)
    over_budget: int  # choices left unjudged by the budget

    @property
    def play(self) -> int:
        """Money minus luck: what the play (this seat's and the others') changed."""
        return self.money - self.luck

    def count(self, j: Judgement) -> int:
        return sum(1 for d in self.decisions if d.judgement is j)

    def costliest(self, n: int = 3) -> list[Decision]:
        """Up to ``n`` decisions that cost something, costliest first."""
        bad = [d for d in self.decisions if d.cost > 0]
        return sorted(bad, key=lambda d: (-d.cost, d.step))[:n]


@dataclass(frozen=True)
class HandReview:
    """The review of one hand, for the seats asked for."""

    variant: str
    currency: str
    seed: int
    typical: float
    seats: tuple[SeatReview, ...]
    playouts: int  # hands played out in all
    version: int = REVIEW_VERSION
    thresholds: tuple[float, float, float] = field(default=(INACCURACY, MISTAKE, BLUNDER))

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version, "variant": self.variant, "currency": self.currency,
            "seed": self.seed, "typical": self.typical, "playouts": self.playouts,
            "thresholds": list(self.thresholds),
            "seats": [{
                "seat": s.seat, "name": s.name, "money": s.money, "luck": s.luck,
                "accuracy": s.accuracy, "forced": s.forced, "unjudged": s.unjudged,
                "over_budget": s.over_budget,
                "decisions": [{
                    "step": d.step, "seat": d.seat, "phase": d.phase,
                    "tricks_done": d.tricks_done, "trick": [list(p) for p in d.trick],
                    "chosen": d.chosen, "best": d.best, "cost": d.cost,
                    "judgement": d.judgement.value, "worlds": d.worlds,
                    "options": [{"action": o.action, "money": o.money} for o in d.options],
                } for d in s.decisions],
            } for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandReview:
        """The review ``to_dict`` wrote; ``ValueError`` for another version."""
        if data.get("version") != REVIEW_VERSION:
            raise ValueError(f"This review is of version {data.get('version')!r}, "
                             f"not {REVIEW_VERSION}: make it again.")
        th = data["thresholds"]
        return cls(
            variant=str(data["variant"]), currency=str(data["currency"]),
            seed=int(data["seed"]), typical=float(data["typical"]),
            playouts=int(data["playouts"]), version=REVIEW_VERSION,
            thresholds=(float(th[0]), float(th[1]), float(th[2])),
            seats=tuple(SeatReview(
                seat=int(s["seat"]), name=None if s["name"] is None else str(s["name"]),
                money=int(s["money"]), luck=int(s["luck"]),
                accuracy=None if s["accuracy"] is None else float(s["accuracy"]),
                forced=int(s["forced"]), unjudged=int(s["unjudged"]),
                over_budget=int(s["over_budget"]),
                decisions=tuple(Decision(
                    step=int(d["step"]), seat=int(d["seat"]), phase=str(d["phase"]),
                    tricks_done=int(d["tricks_done"]),
                    trick=tuple((int(p[0]), str(p[1])) for p in d["trick"]),
                    chosen=str(d["chosen"]), best=str(d["best"]), cost=float(d["cost"]),
                    judgement=Judgement(d["judgement"]), worlds=int(d["worlds"]),
                    options=tuple(Option(str(o["action"]), float(o["money"]))
                                  for o in d["options"]),
                ) for d in s["decisions"]),
            ) for s in data["seats"]),
        )

    def seat(self, seat: int) -> SeatReview:
        return next(s for s in self.seats if s.seat == seat)


def typical_stake(variant: str) -> float:
    """The variant's typical stake (``TYPICAL``; 1 for a variant not measured)."""
    return TYPICAL.get(variant, 1.0)


def cost_class(cost: float, typical: float) -> Judgement:
    """The class of a decision that cost ``cost`` in a variant of typical stake ``typical``."""
    x = cost / typical
    if x >= BLUNDER:
        return Judgement.BLUNDER
    if x >= MISTAKE:
        return Judgement.MISTAKE
    if x >= INACCURACY:
        return Judgement.INACCURACY
    return Judgement.GOOD


def accuracy_of(costs: Sequence[float], typical: float) -> float | None:
    """The accuracy of decisions of these costs, 0-100 % (None for none): the mean of
    ``100 · exp(−cost / (ACCURACY_SCALE · typical))``."""
    if not costs:
        return None
    s = ACCURACY_SCALE * typical
    return round(sum(100.0 * math.exp(-c / s) for c in costs) / len(costs), 1)


def hand_seed(deck: Sequence[int]) -> int:
    """The review's seed of a hand: its deck (so the same record, the same worlds)."""
    return decision_seed(0x2E71E7, *deck)


def luck_of(start: Game) -> dict[int, int]:
    """What each seat ends the hand dealt in ``start`` (not yet played) with when every
    seat is the normal player: the worth of the cards and the seat, no one's choices."""
    g = start.clone()
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        g.act(s, legal[0] if len(legal) == 1 else choose_normal(g, s).action)
    r = g.result
    assert r is not None
    return {s: r.net.get(s, 0) for s in g.active}


def luck_of_record(record: dict[str, Any]) -> dict[int, int]:
    """``luck_of`` the deal of the hand in ``record`` (its actions left out): the one
    figure of luck the review shows and the ratings rank by, whether worked out when the
    hand is paid or from the history (``bot.tables.ratings``)."""
    return luck_of(dealt(record))


def dealt(record: dict[str, Any]) -> Game:
    """The hand in ``record`` as dealt, before any choice (``dealt_at``)."""
    return dealt_at(record)[0]


def dealt_at(record: dict[str, Any]) -> tuple[Game, int]:
    """The hand in ``record`` as dealt, before any choice, and how many of its actions
    that took: where the pack is cut at the table (C-2: the cut, or a knock and the
    batches), those actions are replayed first, since they decide who holds which cards;
    the engine's errors for a record that does not replay."""
    actions = list(record.get("actions") or [])
    g = replay_unchecked({**record, "actions": [], "result": None}, check=False)
    ritual = 0
    try:
        while g.phase is Phase.RITUAL and ritual < len(actions):
            seat, code = actions[ritual]
            g.act(int(seat), parse_action(code))
            ritual += 1
    except (TypeError, ValueError) as e:
        raise BadInput(f"The record is incomplete or malformed: {e}.") from None
    return replay_record({**record, "actions": actions[:ritual], "result": None}), ritual


def _worlds_for(n: int, budget: Budget) -> int:
    return max(1, round(n * budget.worlds))


def _candidates(g: Game, seat: int, chosen: Action) -> tuple[list[Action], int, int]:
    """The options weighed, the index of the chosen one among them, and the strong
    player's number of worlds for them: every card that can differ; before the play, the
    chosen option, the normal player's and what the strong player weighs against it
    (``search.weighed_options``: outside Czech and Polish no bid or announcement bolder
    than the normal player's), so that the best option is always one the strong player,
    and Hint, could choose."""
    if g.phase is Phase.PLAY:
        plays = distinct_plays(g, seat)
        ci = next((i for i, a in enumerate(plays) if a == chosen), None)
        if ci is None:
            ci = next(i for i, a in enumerate(plays) if same_play(g, seat, a, chosen))
        return plays, ci, max(MIN_WORLDS, min(MAX_WORLDS, PLAYOUTS // len(plays)))
    base = choose_normal(g, seat).action
    if base.kind is Kind.DECLARE:
        return [], 0, 0  # (declarations only gain: the strong player makes them first)
    cands: list[Action] = []
    for a in (chosen, base, *weighed_options(g, seat, base)):
        if a not in cands and len(cands) < MAX_OPTIONS:
            cands.append(a)
    return cands, 0, ANNOUNCE_WORLDS if g.phase is Phase.ANNOUNCE else WHOLE_WORLDS


@dataclass
class _SeatWork:
    decisions: list[Decision] = field(default_factory=list)
    forced: int = 0
    unjudged: int = 0
    over_budget: int = 0
    used: int = 0


#: What ``_candidates`` returns: the options, the chosen one's index, the worlds.
Candidates = Callable[[Game, int, Action], tuple[list[Action], int, int]]


def _judge(g: Game, seat: int, chosen: Action, step: int, seed: int, typical: float,
           budget: Budget, work: _SeatWork, candidates: Candidates = _candidates) -> None:
    """Judge ``seat``'s ``chosen`` action (``step`` of the record) into ``work``;
    ``candidates`` the options it is weighed against (another rule only in
    ``benchmarks/review_weighs.py``, which compares the judge before session 37)."""
    cands, ci, worlds = candidates(g, seat, chosen)
    if not cands:
        work.unjudged += 1
        return
    if len(cands) < 2 and g.phase is Phase.PLAY:
        work.forced += 1  # (every card allowed does the same)
        return
    # (one option before the play: the strong player's own choice, with nothing else it
    # would weigh — a pass where it passes too; judged, at no cost)
    worlds = min(_worlds_for(worlds, budget), (budget.playouts - work.used) // len(cands))
    if worlds < MIN_JUDGE_WORLDS:
        work.over_budget += 1
        return
    values, weights = option_values(g, seat, decision_seed(seed, step, seat), cands, worlds)
    work.used += worlds * len(cands)
    total = sum(weights)
    if len(weights) < MIN_JUDGE_WORLDS or total <= 0:
        work.unjudged += 1
        return
    if len(values) > 1 and all(v == values[0] for v in values[1:]):
        # Every option ends the hand with the same money in every world: nothing rides on
        # the choice (a Grand Sweep already lost, a game already won), so it is forced
        # like touching cards.  Counted as a good choice it would pad the hand's accuracy:
        # a Petrtyl random bid of Grand Sweep, a blunder of some 30 stakes, was diluted by
        # the dozen cards that followed it, none of which could change anything.
        work.forced += 1
        return
    means = [sum(w * x for w, x in zip(weights, v, strict=True)) / total for v in values]
    order = sorted(range(len(cands)), key=lambda i: (-means[i], i != ci, i))
    best = order[0]
    cost = round(max(0.0, means[best] - means[ci] - SURE_Z * _paired_se(
        weights, values[best], values[ci])), 2)
    view = g.view_for(seat)
    work.decisions.append(Decision(
        step=step, seat=seat, phase=g.phase.value, tricks_done=len(view.past_tricks),
        trick=tuple((s, c.short) for s, c in view.trick) if g.phase is Phase.PLAY else (),
        chosen=chosen.code, best=cands[best].code,
        options=tuple(Option(cands[i].code, round(means[i], 2)) for i in order),
        cost=cost, judgement=cost_class(cost, typical), worlds=len(weights)))


def _paired_se(weights: list[float], a: list[float], b: list[float]) -> float:
    """The standard error of the weighted mean of ``a − b`` over the worlds."""
    total = sum(weights)
    n = len(weights)
    if n < 2 or total <= 0:
        return 0.0
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    # (Kish's effective number of worlds for weighted ones)
    n_eff = total * total / sum(w * w for w in weights)
    return math.sqrt(var / max(1.0, n_eff - 1.0))


def review_record(record: dict[str, Any], seats: Sequence[int] | None = None,
                  budget: Budget | None = None) -> HandReview:
    """The review of the finished hand in ``record`` for ``seats`` (default: every seat
    that played); the names are the record's ``players`` where it has them.  Raises the
    engine's errors for a record that does not replay (``replay_record``)."""
    final = replay_record(record)
    if final.result is None:
        raise ValueError("The hand in this record is not finished, so it cannot be reviewed.")
    start, first = dealt_at(record)  # (the cut, where the table cuts, is not reviewed)
    budget = budget or Budget()
    players = record.get("players")
    names = [str(p) for p in players] if isinstance(players, list) else None
    who = list(final.active) if seats is None else [s for s in seats if s in final.active]
    typical = typical_stake(final.variant.name)
    seed = hand_seed(final.deck)
    luck = luck_of(start)
    work = {s: _SeatWork() for s in who}
    g = start
    for step, (code_seat, code) in enumerate(record["actions"]):
        if step < first:
            continue
        s = int(code_seat)
        a = parse_action(str(code))
        if s in work:
            w = work[s]
            if len(g.legal_actions(s)) < 2:
                w.forced += 1
            elif not searches(g, s):
                w.unjudged += 1
            else:
                _judge(g, s, a, step, seed, typical, budget, w)
        g.act(s, a)
    net = final.result.net
    out = []
    for s in who:
        w = work[s]
        out.append(SeatReview(
            seat=s, name=names[s] if names is not None and s < len(names) else None,
            money=net.get(s, 0), luck=luck.get(s, 0),
            accuracy=accuracy_of([d.cost for d in w.decisions], typical),
            decisions=tuple(w.decisions), forced=w.forced, unjudged=w.unjudged,
            over_budget=w.over_budget))
    return HandReview(variant=final.variant.name, currency=final.variant.currency, seed=seed,
                      typical=typical, seats=tuple(out),
                      playouts=sum(w.used for w in work.values()))


def review_game(game: Game, seats: Sequence[int] | None = None,
                names: Sequence[str] | None = None, budget: Budget | None = None) -> HandReview:
    """``review_record`` of a finished ``game``."""
    rec = game.to_record()
    if names is not None:
        rec["players"] = list(names)
    return review_record(rec, seats, budget)
