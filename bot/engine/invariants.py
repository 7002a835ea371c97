"""Invariants every finished hand must satisfy (used by tests and ``taroky simulate``)."""

from __future__ import annotations

from .cards import FULL_MASK, count_mask_points, mask_of
from .errors import RecordMismatch
from .game import Game
from .record import replay_record


def check_finished(g: Game, replay: bool = True) -> list[str]:
    """Problems with a finished hand (an empty list when all is well)."""
    problems: list[str] = []
    if not g.is_over or g.result is None:
        return ["the hand is not finished"]
    r = g.result
    if sum(r.net.values()) != 0:
        problems.append(f"settlement is not zero-sum: {dict(r.net)}")
    paid: dict[int, int] = {}
    for t in r.transfers:
        if t.amount <= 0:
            problems.append(f"non-positive transfer {t}")
        paid[t.payer] = paid.get(t.payer, 0) - t.amount
        paid[t.payee] = paid.get(t.payee, 0) + t.amount
    if {k: v for k, v in paid.items() if v} != {k: v for k, v in r.net.items() if v}:
        problems.append("transfers do not realise the net amounts")
    for ln in r.lines:
        if sum(ln.net.values()) != 0:
            problems.append(f"payment line '{ln.label}' is not zero-sum")
    # Cards conserved: every card of the pack is in exactly one place.
    pack = mask_of(g.variant.pack)
    places = [g.hands[s] for s in g.active] + [g.won[s] for s in g.active]
    places += [g.discards[s] for s in g.active]
    total = 0
    overlap = False
    for m in places:
        if total & m:
            overlap = True
        total |= m
    played_out = not g.thrown_in
    if overlap:
        problems.append("a card is in two places")
    if played_out and g.contract is not None:
        rest = pack & ~total
        if rest & ~mask_of(g.talon):
            problems.append("cards vanished")
        if total & ~pack & FULL_MASK:
            problems.append("cards outside the pack")
        if any(g.hands[s] for s in g.active):
            problems.append("cards left in hand after the last trick")
        if g.contract.negative:
            pass
        elif g.bidder is not None:
            d = g.declarer_side
            o = frozenset(s for s in g.active if s not in d)
            if g.side_points(d) + g.side_points(o) != count_mask_points(pack):
                problems.append("card points of the two sides do not add up to the pack's total")
    if replay:
        try:
            replay_record(g.to_record())
        except RecordMismatch as e:
            problems.append(f"replay: {e}")
    return problems
