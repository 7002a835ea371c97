"""How the computer players bid: over seeded deals, how often each contract is played and
how often nobody bids (``taroky simulate --bids``).

Every seat is the same level.  Deal ``d`` of ``seed`` is the deal ``taroky duel`` plays as
its deal ``d`` (the same cards and dealer), and each deal is played only until the bidding
is over (the contract is known or the deal thrown in), so a thousand deals are cheap even
for the strong player, whose bids are searched.

*Nobody bid* counts the deals that end as the variant's all-pass: no seat bid when it
could have passed, and forehand did not open with a bid of its choice (CZ-1, PL-1: the
povinnost is forehand's contract, played as bid), or the deal became no one's contract
(RO-22 michi-michi; TP-11, KZ-4 and PT-1's unraised Three thrown in; HE-3 the dealer's
Four and NE-2 the last seat's forced bid count as nobody bid too).  What each deal
became is counted under ``contracts``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.ai.players import choose_level, decision_seed
from bot.engine import Game, Kind, OptionValue, find_variant, new_game
from bot.engine.game import Phase

__all__ = ["BidTable", "bid_table", "format_bid_table"]

#: The phases of a deal before the contract is settled.
_BIDDING = (Phase.RITUAL, Phase.THROW_IN, Phase.AUCTION)
#: What a deal ends as when no contract is played.
THROWN_IN = "thrown in (everyone passed)"
ANNULLED = "annulled or thrown in by a player"


@dataclass
class BidTable:
    """The bidding of ``deals`` seeded deals with ``level`` in every seat."""

    variant: str
    level: str
    seats: int
    seed: int
    first: int
    deals: int = 0
    nobody: int = 0  # deals without a free bid
    contracts: Counter[str] = field(default_factory=Counter)  # what each deal became
    free_bids: Counter[str] = field(default_factory=Counter)  # every free bid said, by contract

    @property
    def nobody_share(self) -> float:
        return self.nobody / self.deals if self.deals else 0.0

    def as_json(self) -> dict[str, object]:
        return {"variant": self.variant, "level": self.level, "seats": self.seats,
                "seed": self.seed, "first": self.first, "deals": self.deals,
                "nobody_bid": self.nobody, "nobody_bid_share": round(self.nobody_share, 4),
                "contracts": dict(self.contracts.most_common()),
                "free_bids": dict(self.free_bids.most_common())}


def _bidding(g: Game, level: str, deal_seed: int) -> tuple[bool, list[str]]:
    """Play ``g`` until its contract is settled; whether any seat bid freely, and the
    contracts of the free bids."""
    bids: list[str] = []
    step = 0
    while g.to_act is not None and g.phase in _BIDDING:
        s = g.to_act
        legal = g.legal_actions(s)
        a = legal[0] if len(legal) == 1 else choose_level(
            level, g, s, decision_seed(deal_seed, step, s), dict.fromkeys(g.active, level)).action
        opening = g.phase is Phase.AUCTION and not g.auction.spoke and len(legal) > 1
        free = opening or any(x.kind is Kind.PASS for x in legal)
        if free and a.kind in (Kind.BID, Kind.HOLD):
            bids.append(str(a.value) if a.kind is Kind.BID else "hold")
        g.act(s, a)
        step += 1
    return bool(bids), bids


def _outcome(g: Game) -> str:
    if g.contract is not None:
        return g.contract.title
    if g.throw_in_by is not None:
        return ANNULLED
    return THROWN_IN


def bid_table(variant: str, level: str, deals: int, seed: int = 1, seats: int = 0,
              options: Mapping[str, OptionValue] | None = None, first: int = 0,
              progress: Callable[[int, int], None] | None = None) -> BidTable:
    """The bidding of deals ``first`` … ``first + deals - 1`` of ``seed`` (the deals of
    ``taroky duel``) with ``level`` in every seat."""
    v = find_variant(variant)
    n = seats or v.seat_counts[0]
    out = BidTable(v.name, level, n, seed, first)
    titles = {c.name: c.title for c in v.contracts.values()}
    for i, d in enumerate(range(first, first + deals)):
        deal_seed = decision_seed(seed, d)
        g = new_game(v, players=n, dealer=d % n, options=options, rng=random.Random(deal_seed))
        bid, bids = _bidding(g, level, deal_seed)
        out.deals += 1
        nobody_played = g.thrown_in and g.throw_in_by is None or (
            g.contract is not None and g.bidder is None)
        out.nobody += 0 if bid and not nobody_played else 1
        out.contracts[_outcome(g)] += 1
        out.free_bids.update(titles.get(b, b) for b in bids)
        if progress is not None:
            progress(i + 1, deals)
    return out


def format_bid_table(t: BidTable) -> str:
    """The table as text: each outcome with its count and share, then nobody bid."""
    rows = [f"Bidding of {t.deals} deals of {find_variant(t.variant).title} ({t.seats} players, "
            f"seed {t.seed}), "
            f"{t.level} computers in every seat",
            f"  {'the deal became':<36} {'deals':>6} {'share':>7}"]
    for name, k in t.contracts.most_common():
        rows.append(f"  {name:<36} {k:>6} {100 * k / t.deals:>6.1f} %")
    rows.append(f"  {'nobody bid':<36} {t.nobody:>6} {100 * t.nobody_share:>6.1f} %")
    if t.free_bids:
        rows.append("  free bids said: " + ", ".join(f"{k} {n}" for k, n in t.free_bids.most_common()))
    return "\n".join(rows)
