"""The explorer: a computer player for sweeps that reaches every rule of a variant.

The property sweeps and ``taroky simulate`` are only as good as the hands they play.  A
player that always bids the cheapest contract and says nothing never reaches Varšava, a
surrender, a doubled valát or a Grand Nullo, so a change that breaks those rules would pass
every sweep.  The explorer is not a strategic player; it aims at *coverage*:

* Each hand it is given a small **plan**, shared by every seat it plays: a contract to aim
  at (the one it has aimed at least so far), how many seats pass before the first bid
  (so that later seats get to bid, every seat passes, or the last seat must bid), whether
  the table stays quiet in the announcement round (a quiet povinnost is settled without
  play), whether the bidder's side plays its strongest cards (valát) or at random, and
  whether a card announced for the last trick is kept for it.
* Every other choice (calls, talon, surrender, ritual, announcements, declarations,
  doubles) is made by kind first and then by value: half the time uniformly, half the time
  the choice it has made least often so far, so rare options are taken when they come.

It sees only what the engine's public API shows (``legal_actions``, ``view_for``,
``history``, ``contract``, ``variant``, ``options``) and draws every decision from an
injected ``random.Random``: a sweep is deterministic given its seeds, and the engine's own
random source stays the engine's.

``sweep`` plays many sessions with varied options (every bool on and off, every choice)
and, for a share of the deals, *lumpy* packs in which cards of a kind lie together, so
that rare hands (no taroky and no kings, four kings, ten taroky, trul) come up often.
``coverage`` counts what a set of finished hands reached; ``coverage_table`` prints it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from bot.engine import Action, Game, Kind, OptionValue, Phase, Session, Variant, find_variant
from bot.engine.cards import HONOUR_MASK, KING_MASK, NUM_TAROKY, PAGAT, Card

#: A player: the action ``seat`` takes in ``game`` among the ``legal`` ones.
Chooser = Callable[[Game, int, list[Action]], Action]

#: A coverage item: (category, what), e.g. ("contract", "varsava"), ("double", "game Flek").
Item = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Plan:
    """What the explorer aims at in one hand (every seat it plays shares it)."""

    target: str | None  # a contract name; None: a free auction
    opener: int  # the number of auction turns passed before the first bid, where passing is allowed
    quiet: bool  # nobody announces, declares or doubles
    strong: bool  # the bidder's side plays its strongest card, the others their weakest
    keep: bool  # a card announced for the last trick is kept for it while possible

    @property
    def spares_pagat_ultimo(self) -> bool:
        """Nobody doubles an announced pagat ultimo, so that an undoubled one taking the
        pool (RO-20) comes up: the hands that keep announced cards without playing
        strongest (read from the plan's draws, so that other variants' sweeps stay as
        they were)."""
        return self.keep and not self.strong


class Explorer:
    """A coverage-seeking player (see the module docstring).  Call it as a ``Chooser``:
    ``explorer(game, seat, game.legal_actions(seat))``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.visits: Counter[str] = Counter()  # action codes chosen so far (not card plays)
        self.aimed: Counter[str] = Counter()  # contracts aimed at so far
        self._game: Game | None = None
        self._plan = Plan(None, 0, False, False, True)
        self.talon_aims: Counter[str] = Counter()  # (contract, path) aimed at in a staged talon
        self._talon_aim: int | None = None  # this hand's path: groups shown before taking

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError(f"Seat {seat + 1} has nothing to do now.")
        if len(legal) == 1:
            return legal[0]
        plan = self.plan_for(g)
        kind = legal[0].kind
        if kind is Kind.PLAY:
            return self._play(g, seat, legal, plan)
        if kind is Kind.DISCARD:
            return legal[int(self.rng.random() * len(legal))]
        phase = g.phase
        if phase is Phase.AUCTION:
            choice = self._auction(g, seat, legal, plan)
        elif phase is Phase.CALL:
            choice = self._call(legal, plan)
        elif phase is Phase.TALON and self._goes_back(g):
            choice = self._talon(g, legal)
        elif phase is Phase.ANNOUNCE and plan.quiet:
            choice = next(a for a in legal if a.kind is Kind.DONE)
        elif phase is Phase.ANNOUNCE and plan.spares_pagat_ultimo:
            choice = self._mixed([a for a in legal if a.kind is not Kind.DOUBLE
                                  or a.value != "pagat_ultimo"])
        else:
            choice = self._mixed(legal)
        self.visits[choice.code] += 1
        return choice

    def choose(self, g: Game, seat: int) -> Action:
        """The action ``seat`` (to act) takes now."""
        return self(g, seat, g.legal_actions(seat))

    # ---- the plan ------------------------------------------------------------------

    def plan_for(self, g: Game) -> Plan:
        """This hand's plan, made at the explorer's first decision in it."""
        if g is not self._game:
            self._game = g
            self._plan = self._new_plan(g)
            self._talon_aim = None
        return self._plan

    def _new_plan(self, g: Game) -> Plan:
        rng = self.rng
        target: str | None = None
        if rng.random() < 0.8:
            names = list(g.variant.contracts)
            least = min(self.aimed[n] for n in names)
            target = rng.choice([n for n in names if self.aimed[n] == least])
            self.aimed[target] += 1
        seats = g.num_seats - (1 if g.sitting_out is not None else 0)
        return Plan(target=target, opener=rng.randrange(seats + 1), quiet=rng.random() < 0.25,
                    strong=rng.random() < 0.5, keep=rng.random() < 0.8)

    # ---- choices ---------------------------------------------------------------------

    def _mixed(self, legal: Sequence[Action]) -> Action:
        """By kind, then by value: half the time uniformly, half the time the choice made
        least often so far (ties broken at random)."""
        rng = self.rng
        if rng.random() < 0.5:
            kinds: list[Kind] = []
            for a in legal:
                if a.kind not in kinds:
                    kinds.append(a.kind)
            k = kinds[int(rng.random() * len(kinds))]
            same = [a for a in legal if a.kind is k]
            return same[int(rng.random() * len(same))]
        least = min(self.visits[a.code] for a in legal)
        rare = [a for a in legal if self.visits[a.code] == least]
        return rare[int(rng.random() * len(rare))]

    def _auction(self, g: Game, seat: int, legal: list[Action], plan: Plan) -> Action:
        rng = self.rng
        for a in legal:
            if a.kind is Kind.THROW_IN and rng.random() < 0.5:
                return a
        contracts = g.variant.contracts
        bids = [a for a in legal if a.kind is Kind.BID]
        passing = next((a for a in legal if a.kind is Kind.PASS), None)
        hold = next((a for a in legal if a.kind is Kind.HOLD), None)
        spoken = [a for _, a in g.history if a.kind in (Kind.BID, Kind.PASS, Kind.HOLD)]
        high = next((str(a.value) for a in reversed(spoken) if a.kind is Kind.BID), None)
        if plan.target is None:
            return self._mixed(legal)
        if _opens_rare_calls(g.view_for(seat).hand) and rng.random() < 0.8:
            # A hand that opens a rare call bids a calling contract at once (or holds).
            if hold is not None:
                return hold
            calling = [a for a in bids if contracts[str(a.value)].call is not None
                       and (not self._goes_back_ladder(g)
                            or contracts[str(a.value)].rank <= contracts[plan.target].rank)]
            if calling:
                return calling[int(rng.random() * len(calling))]
        target = contracts[plan.target]
        opened = high is not None or len(spoken) >= plan.opener
        for a in bids:
            if a.value == plan.target and opened:
                return a
        if hold is not None and rng.random() < 0.25:
            return hold
        if not opened and passing is not None:
            return passing
        if high != plan.target:
            # Stepping stones: Five before Five Over, povinnost before druhá povinnost.
            lower = [a for a in bids if contracts[str(a.value)].rank < target.rank]
            if lower and rng.random() < 0.7:
                return lower[int(rng.random() * len(lower))]
        if passing is not None:
            return passing
        if bids:
            return min(bids, key=lambda a: contracts[str(a.value)].rank)
        return self._mixed(legal)

    @staticmethod
    def _goes_back(g: Game) -> bool:
        """A staged talon that can be looked through and gone back into at more levels than
        the first / second / back-to-the-first three (RO-9)."""
        c = g.contract
        return c is not None and len(g.variant.talon_levels(c)) > 3

    def _talon(self, g: Game, legal: list[Action]) -> Action:
        """Aim at the talon path (groups shown before taking, or which group to go back to)
        taken least often for this contract, so every level comes up (RO-9)."""
        c = g.contract
        assert c is not None
        rng = self.rng
        paths = len(g.variant.talon_levels(c))
        if self._talon_aim is None:
            least = min(self.talon_aims[f"{c.name} {t}"] for t in range(paths))
            self._talon_aim = rng.choice([t for t in range(paths)
                                          if self.talon_aims[f"{c.name} {t}"] == least])
            self.talon_aims[f"{c.name} {self._talon_aim}"] += 1
        aim = self._talon_aim
        give_up = next((a for a in legal if a.kind is Kind.SURRENDER), None)
        if give_up is not None and rng.random() < 0.3:
            return give_up
        back = [a for a in legal if a.kind is Kind.TAKE_BACK]
        if back:
            i = aim - len(back) - 1
            return back[i] if 0 <= i < len(back) else back[int(rng.random() * len(back))]
        shown = sum(1 for _, a in g.history if a.kind is Kind.REJECT)
        want = Kind.REJECT if shown < aim else Kind.TAKE
        return next((a for a in legal if a.kind is want), None) or self._mixed(legal)

    @staticmethod
    def _goes_back_ladder(g: Game) -> bool:
        """A ladder whose contracts all call (RO-6, RO-8): a rare-call hand bids no higher
        than the plan's contract, or it would overcall every plan with solo."""
        return any(len(g.variant.talon_levels(c)) > 3 for c in g.variant.contracts.values())

    def _call(self, legal: list[Action], plan: Plan) -> Action:
        # Varšava is chosen at the call (CZ-13): only when the plan aims at it.
        for a in legal:
            if a.kind is Kind.VARSAVA and plan.target == "varsava":
                return a
        calls = [a for a in legal if a.kind is not Kind.VARSAVA or plan.target is None]
        return self._mixed(calls or legal)

    def _play(self, g: Game, seat: int, legal: list[Action], plan: Plan) -> Action:
        rng = self.rng
        c = g.contract
        # Mostly keep a card announced for the last trick until then (where the variant
        # lets it be played early, NE-7, some hands play it early).
        keep = self._announced_cards(g, seat) if plan.keep else []
        if keep:
            legal = [a for a in legal if a.card not in keep] or legal
        if not plan.strong or c is None or c.name == "varsava":  # (Varšava: each for himself)
            return legal[int(rng.random() * len(legal))]
        view = g.view_for(seat)
        mine = seat == view.bidder or (view.my_partner is not None
                                       and view.bidder in (seat, view.my_partner))
        high = mine != c.negative  # the bidder's side plays high, in a negative contract low
        strength = g.variant.strength

        def rank(a: Action) -> int:
            card: int = a.card
            return 100 + card if card < NUM_TAROKY else strength[card]

        return max(legal, key=rank) if high else min(legal, key=rank)

    @staticmethod
    def _announced_cards(g: Game, seat: int) -> list[Card]:
        """The cards ``seat`` announced to win (or play to) the last trick."""
        out: list[Card] = []
        for s, a in g.history:
            if s == seat and a.kind is Kind.ANNOUNCE:
                if a.value in _PAGAT_ANNOUNCEMENTS:
                    out.append(PAGAT)
                elif a.value in _KING_ANNOUNCEMENTS and g.called is not None:
                    out.append(g.called)
            elif a.kind is Kind.PLAY:
                break
        return out


#: The announcements of the tarok I for the last trick (Czech, NE-7, PL-6, RO-15).
_PAGAT_ANNOUNCEMENTS: Final = ("pagat", "tarok1_last", "pagat_last", "pagat_ultymo", "pagat_ultimo")
_KING_ANNOUNCEMENTS: Final = ("king_last", "krol_ultymo", "rege_ultimo")
_XIX_XVIII: Final = (1 << 18) | (1 << 17)  # taroky XIX and XVIII (ids 18 and 17)


def _opens_rare_calls(hand: Sequence[Card]) -> bool:
    """Whether a hand would open a call rarely seen: three or four kings (the fourth king,
    the four-kings options, NE-3) or XIX with XVIII (a lower tarok, CZ-2)."""
    m = 0
    for c in hand:
        m |= 1 << c
    return (m & KING_MASK).bit_count() >= 3 or m & _XIX_XVIII == _XIX_XVIII


# ---- sweeps -------------------------------------------------------------------------


def random_options(v: Variant, rng: random.Random) -> dict[str, OptionValue]:
    """One of the variant's option settings: each bool on or off, each choice among its
    choices, each number its default or another value."""
    out: dict[str, OptionValue] = {}
    for spec in v.option_specs:
        d = spec.default
        if isinstance(d, bool):
            out[spec.key] = rng.random() < 0.5
        elif spec.choices is not None:
            out[spec.key] = rng.choice(spec.choices)
        elif isinstance(d, int):
            out[spec.key] = rng.choice((d, 2 * d if d else 3))
        else:
            out[spec.key] = d
    return out


def lumpy_deck(v: Variant, rng: random.Random) -> list[int]:
    """A complete pack in which the kings, the honours (škýz, mond, pagát), the other taroky
    and the other suit cards each lie together (in random order within), cut at random
    and then in blocks of six that are shuffled.  Cards are dealt in sixes (or twelves),
    so hands come out extreme: no taroky and no kings, all four kings, the trul, ten
    taroky, XIX with XVIII and XVII (half the time the taroky lie in order of rank)."""
    cards = list(v.pack_ids)
    rng.shuffle(cards)
    order = [0, 1, 2, 3]
    rng.shuffle(order)

    def group(c: int) -> int:
        if KING_MASK >> c & 1:
            return order[0]
        if HONOUR_MASK >> c & 1:
            return order[1]
        return order[2] if c < NUM_TAROKY else order[3]

    cards.sort(key=group)
    if rng.random() < 0.5:
        # Taroky in order of rank: XIX, XVIII and XVII tend to land in one hand (CZ-2).
        cards.sort(key=lambda c: (group(c), -c if c < NUM_TAROKY else 0))
    cut = rng.randrange(6)
    cards = cards[cut:] + cards[:cut]
    blocks = [cards[i:i + 6] for i in range(0, len(cards), 6)]
    rng.shuffle(blocks)
    return [c for b in blocks for c in b]


def play_out(g: Game, players: Sequence[Chooser] | Chooser) -> Game:
    """Play ``g`` to its end: ``players`` is one chooser for every seat, or one per seat."""
    while g.to_act is not None:
        s = g.to_act
        p = players if callable(players) else players[s]
        g.act(s, p(g, s, g.legal_actions(s)))
    return g


#: The share of a sweep's deals that use a lumpy pack.
LUMPY_SHARE = 0.35


def sweep(variant: str | Variant, deals: int, seed: int = 0, seats: int | None = None,
          players: Chooser | None = None, vary_options: bool = True,
          lumpy: bool = True) -> Iterator[Game]:
    """Play ``deals`` finished hands and yield each: sessions of a few deals (NE-9 may end
    them sooner) with the variant's seat counts in turn, options drawn by
    ``random_options`` (or the defaults), a share of lumpy packs, and ``players`` (one
    ``Explorer`` by default) in every seat.  Deterministic given ``seed``: the deals draw on
    one generator, the explorer on another."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    deal_rng = random.Random(seed)
    player = players if players is not None else Explorer(random.Random(f"explore {seed}"))
    n = 0
    k = 0
    while n < deals:
        n_seats = seats or v.seat_counts[k % len(v.seat_counts)]
        opts = random_options(v, deal_rng) if vary_options else {}
        length = min(deals - n, 1 + deal_rng.randrange(16))
        session = Session.begin(v, n_seats, opts, deals_agreed=length,
                                dealer=deal_rng.randrange(n_seats))
        # (A radler extends a session, RO-24; the sweep closes one that runs past twice its
        # length, as a table may, so that the options keep varying.)
        while not session.over and n < deals and session.deals < 2 * length + 4:
            deck = lumpy_deck(v, deal_rng) if lumpy and deal_rng.random() < LUMPY_SHARE else None
            g = play_out(session.deal(deal_rng, deck), player)
            session.record(g)
            n += 1
            yield g
        k += 1


# ---- coverage ---------------------------------------------------------------------------


def hand_coverage(g: Game) -> list[Item]:
    """What one finished hand reached, read from its history and result."""
    v = g.variant
    out: list[Item] = [("seats", str(g.num_seats))]
    out.extend(("option", f"{k}={val}") for k, val in sorted(g.options.items()))
    doubled: Counter[str] = Counter()
    spoken = 0  # auction turns so far
    passes_first = 0  # passes before the first bid
    bid_seen = False
    plays: list[tuple[int, Card]] = []
    for seat, a in g.history:
        k = a.kind
        if k is Kind.PLAY:
            plays.append((seat, a.card))
        elif k in (Kind.CUT, Kind.KNOCK, Kind.DEAL_SIX_SIX, Kind.DEAL_TWELVES):
            out.append(("ritual", a.label.lower()))
        elif k is Kind.BATCH:
            out.append(("ritual", f"batch {a.value}"))
        elif k in (Kind.BID, Kind.PASS, Kind.HOLD):
            if k is Kind.BID and not bid_seen:
                bid_seen = True
                if spoken and passes_first == spoken and spoken == len(g.active) - 1:
                    out.append(("auction", "bid after all others passed"))
            elif k is Kind.PASS and not bid_seen:
                passes_first += 1
            if k is Kind.HOLD:
                out.append(("auction", "hold"))
            spoken += 1
        elif k is Kind.THROW_IN:
            out.append(("end", "throw-in"))
            if not spoken:  # before any bid (Kozy's KZ-2), not a declarer's throw-in
                out.append(("end", "throw-in before the bidding"))
        elif k is Kind.CALL:
            # Taroky by number (CZ-2 tells XIX to XVI apart), kings and queens by rank.
            card = a.card
            out.append(("call", card.short if card.is_tarok else f"a {card.name.split()[1]}"))
        elif k is Kind.CALL_FOURTH_KING:
            out.append(("call", "fourth king"))
        elif k is Kind.PLAY_ALONE:
            out.append(("call", "without a king"))
        elif k is Kind.DECLINE:
            out.append(("talon", "decline"))
        elif k is Kind.SURRENDER:
            out.append(("end", "surrender"))
        elif k is Kind.ANNOUNCE:
            out.append(("announce", str(a.value)))
        elif k is Kind.DECLARE:
            out.append(("declare", str(a.value)))
        elif k is Kind.DOUBLE:
            name = str(a.value)
            doubled[name] += 1
            out.append(("double", f"{name} {v.double_word(doubled[name])}"))
    c = g.contract
    r = g.result
    if g.called is not None and g.bidder is not None:
        # A called card in the bidder's own hand or in the talon: the bidder has no partner
        # (CZ-2, NE-3) and the blind may be split (NE-5, HE-5).  Read from the public view
        # of the finished hand, which shows every hand as dealt and the talon.
        shown = g.public_view()
        if shown.revealed is not None and g.called in shown.revealed.get(g.bidder, ()):
            out.append(("call", "own card"))
        if shown.revealed_talon is not None and g.called in shown.revealed_talon:
            out.append(("call", "card in the talon"))
    if g.stake > 1:
        out.append(("radler", f"stake {g.stake}"))  # RO-23
    if c is None and r is not None and r.thrown_in and g.bidder is None and not any(
            a.kind is Kind.THROW_IN for _, a in g.history) and spoken:
        out.append(("end", "all passed, thrown in"))  # RO-23 double_hands, TP-11
    if c is not None:
        out.append(("contract", c.name))
        if g.level:
            out.append(("level", f"{c.name} {g.level}"))
        if not bid_seen and spoken:
            out.append(("auction", "all passed"))
    surrendered = any(a.kind is Kind.SURRENDER for _, a in g.history)
    if r is not None and r.thrown_in and c is not None and not surrendered:
        out.append(("end", "settled without play"))
    out.extend(_outcomes(g, plays))
    return out


def _outcomes(g: Game, plays: list[tuple[int, Card]]) -> list[Item]:
    """Played-out results worth seeing in a sweep: the pool paid into or out, valát, the
    last trick's bonus cards, an announced last-trick card played early (NE-7)."""
    r = g.result
    n = len(g.active)
    if r is None or not plays or len(plays) % n:
        return []
    out: list[Item] = []
    if r.pool_delta:  # the Žid (CZ-16) or the pot (PT-4)
        out.append(("outcome", "pool paid out" if r.pool_delta < 0 else "pool paid into"))
    side = r.declarer_side
    if side and (c := g.contract) is not None and not c.negative:
        mine = sum(r.tricks.get(s, 0) for s in side)
        if mine == len(plays) // n:
            out.append(("outcome", "valat by the bidder's side"))
        elif mine == 0:
            out.append(("outcome", "valat by the opponents"))
    last = plays[-n:]
    winner = g.variant.trick_winner(last)
    for s, card in last:
        if card == PAGAT:
            out.append(("outcome", "tarok I won the last trick" if s == winner
                        else "tarok I lost in the last trick"))
    announced = {str(a.value): s for s, a in g.history if a.kind is Kind.ANNOUNCE}
    for name, s in announced.items():
        kept = PAGAT if name in _PAGAT_ANNOUNCEMENTS else (g.called if name in _KING_ANNOUNCEMENTS else None)
        if kept is not None and any(pc == kept for ps, pc in plays[:-n] if ps == s):
            out.append(("outcome", f"{name} played early"))
    return out


def coverage(games: Iterable[Game]) -> Counter[Item]:
    """How many of ``games`` (finished) reached each item (see ``hand_coverage``)."""
    counts: Counter[Item] = Counter()
    for g in games:
        counts.update(set(hand_coverage(g)))
    return counts


_CATEGORIES = ("contract", "level", "call", "auction", "talon", "announce", "declare", "double",
               "ritual", "end", "outcome", "radler", "seats", "option")


def coverage_table(v: Variant, counts: Counter[Item], hands: int) -> str:
    """The coverage table: per category, how many hands reached each item.  Every contract
    of the variant is listed, reached or not."""
    rows = dict(counts)
    for name in v.contracts:
        rows.setdefault(("contract", name), 0)
    lines = [f"Coverage in {hands} hands of {v.title}:"]
    order = {c: i for i, c in enumerate(_CATEGORIES)}
    width = max((len(w) for _, w in rows), default=0)
    last = ""
    for (cat, what), n in sorted(rows.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1])):
        head = cat if cat != last else ""
        last = cat
        lines.append(f"  {head:<9} {what:<{width}} {n:>6}")
    return "\n".join(lines)


__all__ = [
    "LUMPY_SHARE", "Chooser", "Explorer", "Item", "Plan", "coverage", "coverage_table",
    "hand_coverage", "lumpy_deck", "play_out", "random_options", "sweep",
]
