"""One engine harness for every registered variant, after OpenSpiel's ``random_sim_test``.

A session of a few deals is dealt from a seeded source and played to the end with random
legal actions; at every step and at the end the invariants below are checked.  Everything
comes from the engine's public API (``new_game`` / ``Session``, ``Game.legal_actions`` /
``can`` / ``act``, ``PlayerView``, ``HandResult``, ``to_record`` / ``replay_record``,
``clone``) and the variant registry (``VARIANTS``, ``Variant.seat_counts``,
``Variant.option_specs``), so a variant gets every check by being registered and a change of
``Game``'s insides does not touch the harness.

The invariants (each the rule it guards):

- *Legal play* (C-3: "Irregularities ... are made impossible by the engine"): exactly the
  seat to act is offered actions, at least one; each offered action is accepted by ``can``.
- *Five players* (C-5: "the dealer sits out that deal and neither wins nor loses"): the
  seat sitting out holds no card and is paid nothing.
- *Cards conserved*: at every step the hands, each seat's laid-away cards and the
  cards played to tricks are disjoint cards of the variant's pack, and what is missing from
  them is never more than the talon; at the end every hand as dealt and the talon together
  are the pack, and each seat's first view of its hand is its hand as dealt.
- *Card points total* ("the card point totals taken by the two teams always add up to 70",
  the Czech text; TP-2: Taper's 42 cards count 66): where a hand is played out and counted
  by sides, the sides' card points add up to the pack's total.
- *Money zero-sum with the pools* (C-4): every payment line, the net and the transfers sum
  to zero (the pool counted as a payee); over a session the players' totals and the pool
  together never change (what a pot seed put in included), the session's closing included.
- *Replay equal*: the record, through JSON, replays to the same record and the same views,
  at the end and in the middle of the hand.
- *Clone equal and independent*: a clone shows every seat the same view and writes the same
  record; acting on the clone leaves the original as it was.
- *Deterministic*: the same seed gives the same session.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from bot.engine import (
    POOL,
    VARIANTS,
    Game,
    HandResult,
    OptionValue,
    PlayerView,
    Session,
    Variant,
    new_game,
    replay_record,
)
from bot.engine.cards import count_mask_points, mask_of
from bot.engine.scoring import SIDE_DECLARERS, SIDE_OPPONENTS, SIDE_PLAYER
from bot.engine.variants.base import OptionSpec

from .helpers import play_randomly

#: Deals of one session in the harness (enough for the dealer and the pool to move on).
DEALS = 2


@dataclass(frozen=True)
class Setting:
    """One way to play a variant: its name, the number of players and the options given."""

    variant: str
    seats: int
    options: tuple[tuple[str, OptionValue], ...] = ()

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options) or "defaults"
        return f"{self.variant}-{self.seats}-{opts}"


def option_values(spec: OptionSpec) -> list[OptionValue]:
    """The values of ``spec`` other than its default that the harness plays: a yes/no the
    other way, every other choice, a whole number's two bounds."""
    if isinstance(spec.default, bool):
        return [not spec.default]
    if spec.choices is not None:
        return [c for c in spec.choices if c != spec.default]
    bounds = spec.bounds
    if bounds is not None:
        return [b for b in bounds if b != spec.default]
    return []


def option_sets(v: Variant) -> list[tuple[tuple[str, OptionValue], ...]]:
    """The defaults, then each option of ``v`` changed alone to each of its other values:
    read from the variant, so a new option is played as soon as it is declared."""
    out: list[tuple[tuple[str, OptionValue], ...]] = [()]
    for spec in v.option_specs:
        out.extend(((spec.key, value),) for value in option_values(spec))
    return out


def mixed_setting(v: Variant, rng: random.Random) -> Setting:
    """A setting of ``v`` with every option drawn at once (its default or one of its other
    values) and one of its seat counts: the options in combination."""
    options = tuple((spec.key, value) for spec in v.option_specs
                    for value in [rng.choice([spec.default, *option_values(spec)])]
                    if value != spec.default)
    return Setting(v.name, rng.choice(v.seat_counts), options)


def settings() -> list[Setting]:
    """Every registered variant (each once, whatever its aliases), at each of its seat
    counts, with each option set it offers."""
    variants = {v.name: v for v in VARIANTS.values()}
    return [Setting(name, seats, opts)
            for name, v in sorted(variants.items())
            for seats in v.seat_counts
            for opts in option_sets(v)]


@dataclass
class Played:
    """What a harness session left: each deal's record and the session's end state."""

    records: list[dict[str, object]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    pool: int = 0
    steps: int = 0


class Broken(AssertionError):
    """An invariant does not hold; the message names the setting, the seed and the step."""


def _check(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise Broken(f"{where}: {what}")


def _views(g: Game) -> list[PlayerView]:
    return [g.view_for(s) for s in range(g.num_seats)] + [g.public_view()]


def _round_trip(g: Game) -> dict[str, object]:
    record: dict[str, object] = json.loads(json.dumps(g.to_record(), ensure_ascii=False))
    return record


def check_step(g: Game, where: str, cards: bool = True) -> None:
    """The invariants that hold between any two actions: legal play and (with ``cards``)
    cards conserved."""
    seat = g.to_act
    _check(seat is not None, where, "nobody is to act in an unfinished hand")
    assert seat is not None
    legal = g.legal_actions(seat)
    _check(bool(legal), where, f"no legal action for the seat to act in phase {g.phase}")
    for a in legal:
        _check(g.can(seat, a), where, f"{a.code} is offered but not accepted")
    for other in range(g.num_seats):
        if other != seat:
            _check(g.legal_actions(other) == [], where, f"seat {other} is offered actions out of turn")
    if cards:
        check_cards(g, where)


def check_cards(g: Game, where: str) -> None:
    """Cards conserved, read from what the seats see: hands, own discards, tricks."""
    pack = mask_of(g.variant.pack)
    seen = 0
    places: list[int] = []
    for s in range(g.num_seats):
        v = g.view_for(s)
        places += [mask_of(v.hand), mask_of(v.my_discards)]
        _check(s != v.sitting_out or not v.hand, where, f"seat {s} sits out (C-5) but holds cards")
    pub = g.public_view()
    for trick in pub.past_tricks:
        places.append(mask_of(c for _, c in trick))
    places.append(mask_of(c for _, c in pub.trick))
    for m in places:
        _check(not seen & m, where, "a card is in two places")
        seen |= m
    if not seen:
        return  # the cut before the deal (C-2): no card is dealt yet
    _check(not seen & ~pack, where, "a card outside the variant's pack is in play")
    missing = (pack & ~seen).bit_count()
    talon = g.variant.talon_size
    _check(missing <= talon, where, f"{missing} cards are nowhere (more than the talon of {talon})")
    if pub.revealed_talon is not None:
        _check(not pack & ~seen & ~mask_of(pub.revealed_talon), where,
               "a card missing at the end was not in the talon")


def check_result(g: Game, where: str) -> HandResult:
    """The end of a hand: the money sums to zero, the cards are all accounted for, the
    sides' card points add up."""
    r = g.result
    _check(g.is_over and r is not None, where, "the hand has no result")
    assert r is not None
    _check(sum(r.net.values()) == 0, where, f"the net is not zero-sum: {dict(r.net)}")
    for ln in r.lines:
        _check(sum(ln.net.values()) == 0, where, f"the line {ln.label!r} is not zero-sum")
    paid: dict[int, int] = {}
    for t in r.transfers:
        _check(t.amount > 0 and t.payer != t.payee, where, f"a transfer of nothing: {t}")
        paid[t.payer] = paid.get(t.payer, 0) - t.amount
        paid[t.payee] = paid.get(t.payee, 0) + t.amount
    _check({k: v for k, v in paid.items() if v} == {k: v for k, v in r.net.items() if v}, where,
           "the transfers do not pay the net")
    _check(all(0 <= k < g.num_seats or k == POOL for k in r.net), where, "a payee is no seat")
    pub = g.public_view()
    out = pub.sitting_out
    _check(out is None or not r.net.get(out, 0), where, f"seat {out} sits out (C-5) but is paid")
    _check(pub.finished and pub.result is r, where, "the public view does not show the result")
    _check(pub.revealed is not None and pub.revealed_talon is not None, where,
           "the hands are not shown at the end")
    assert pub.revealed is not None and pub.revealed_talon is not None
    dealt = [mask_of(h) for h in pub.revealed.values()] + [mask_of(pub.revealed_talon)]
    total = 0
    for m in dealt:
        _check(not total & m, where, "a card was dealt twice")
        total |= m
    _check(total == mask_of(g.variant.pack), where, "the hands and the talon are not the pack")
    return r


def check_points(g: Game, r: HandResult, where: str) -> None:
    """Card points ("always add up to 70"; TP-2): a hand played out and counted by the declarer's side and
    the opponents counts the pack's total (70; Taper's 66), counted in threes: what one side
    loses to an incomplete group of three the other gains.  Heun tells an incomplete packet
    as cards (its ``card_counts``): there the two sides' left-over cards make whole packets
    of one point each.  Where each player counts alone (Varšava) every pile rounds by at most
    a third of a point."""
    if r.thrown_in or not r.sides:
        return
    pack_points = count_mask_points(mask_of(g.variant.pack))
    roles = sorted(role for role, _ in r.sides.values())
    points = sum(r.card_points[label] for label in r.sides)
    left = sum(r.card_counts[label][1] for label in r.sides if label in r.card_counts)
    if roles == [SIDE_DECLARERS, SIDE_OPPONENTS]:
        _check(left % 3 == 0 and points + left // 3 == pack_points, where,
               f"the card points {dict(r.card_points)} do not add up to {pack_points}")
    elif set(roles) == {SIDE_PLAYER}:
        _check(3 * abs(points - pack_points) <= len(roles), where,
               f"the players' card points {dict(r.card_points)} are far from {pack_points}")


def check_replay(g: Game, where: str) -> None:
    """The record, through JSON, replays to the same record and the same views."""
    record = _round_trip(g)
    again = replay_record(record)
    _check(_round_trip(again) == record, where, "the replayed record differs")
    _check(_views(again) == _views(g), where, "the replayed hand shows something else")


def check_clone(g: Game, rng: random.Random, where: str) -> None:
    """A clone is equal to the original (every seat's view, the record) and independent of
    it: the clone played on to the end leaves the original as it was."""
    before_views, before_record = _views(g), _round_trip(g)
    c = g.clone()
    _check(_views(c) == before_views, where, "the clone shows something else")
    _check(_round_trip(c) == before_record, where, "the clone writes another record")
    play_randomly(c, rng)
    _check(_views(g) == before_views, where, "acting on the clone changed the original")
    _check(_round_trip(g) == before_record, where, "acting on the clone changed the record")


def play_hand(g: Game, rng: random.Random, where: str) -> int:
    """Play ``g`` to the end with random legal actions, checking as it goes; the steps.

    Legal play is checked at every step; the cards at every phase change and every fourth
    step between (a view for each seat is the dearest check); the clone and the replay of
    the unfinished record at one random step; everything at the end."""
    first_hands = {s: g.view_for(s).hand for s in range(g.num_seats)}
    probe = int(rng.random() * 40)  # the step at which to replay and clone mid-hand
    steps = 0
    phase = None
    while not g.is_over:
        at = f"{where}, step {steps}"
        check_step(g, at, cards=steps % 4 == 0 or g.phase is not phase)
        phase = g.phase
        if steps == probe:
            check_clone(g, random.Random(steps), at)
            check_replay(g, at)
        seat = g.to_act
        assert seat is not None
        legal = g.legal_actions(seat)
        g.act(seat, legal[int(rng.random() * len(legal))])
        steps += 1
    at = f"{where}, the end"
    r = check_result(g, at)
    check_cards(g, at)
    check_points(g, r, at)
    check_replay(g, at)
    check_clone(g, rng, at)
    revealed = g.public_view().revealed
    assert revealed is not None
    for s, hand in first_hands.items():
        if hand:
            _check(tuple(sorted(hand)) == tuple(sorted(revealed[s])), at,
                   f"seat {s}'s first view of its hand is not its hand as dealt")
    return steps


def play_session(setting: Setting, seed: int, deals: int = DEALS) -> Played:
    """A session of ``deals`` deals of ``setting``, dealt from ``seed``, played at random.

    Where the session is over before it starts (a pot seed larger than a player's chips,
    NE-9 with PT-4) the deals are played alone, each from the session's pool."""
    s = Session.begin(setting.variant, setting.seats, dict(setting.options), deals_agreed=deals,
                      dealer=seed % setting.seats)
    rng = random.Random(f"harness {setting.id} {seed}")
    held = sum(s.totals) + s.pool  # the pot seed moves money into the pool, nothing more
    out = Played()
    for deal in range(1, deals + 1):
        where = f"{setting.id}, seed {seed}, deal {deal}"
        source = random.Random(rng.random())
        alone = s.over
        g = (new_game(s.variant, s.seats, deal % s.seats, s.options, source, pool=s.pool)
             if alone else s.deal(rng=source))
        out.steps += play_hand(g, rng, where)
        out.records.append(_round_trip(g))
        if alone:
            assert g.result is not None
            continue
        s.record(g)
        _check(sum(s.totals) + s.pool == held, where,
               f"the totals {s.totals} and the pool {s.pool} do not keep the money")
    out.totals, out.pool = list(s.totals), s.pool
    return out
