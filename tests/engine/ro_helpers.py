"""Scripted Romanian and Taper hands (RO-*, TP-*): bidding up the ladder, walking the staged
talon, and jumping to the end of play with piles of exact card points, on either pack."""

from __future__ import annotations

from bot.engine import POOL, Phase
from bot.engine.actions import Kind, act
from bot.engine.cards import CARDS, SKYZ, count_mask_points, mask_of, parse_cards
from bot.engine.game import Game, Trick

from .helpers import A


def bid_path(g: Game, contract: str) -> None:
    """Bid up the ladder to ``contract``: the seats in turn bid its levels, the last of them
    is the declarer and everybody else passes."""
    line, _, k = contract.partition("_")
    names = [contract] if contract == "solo_ro" else [f"{line}_{i}" for i in range(1, int(k) + 1)]
    order = g.order
    for n in names:
        g.act(g.to_act, A("bid", n))
    while g.phase is Phase.AUCTION:
        g.act(g.to_act, A("pass"))
    assert g.bidder == order[(len(names) - 1) % len(order)]


def to_announce(g: Game, contract: str = "doi_1", call: str = "KH", path: str = "T") -> Game:
    """Bid ``contract``, call ``call`` (where a king is called), walk the talon (``T`` take,
    ``R`` reject, ``B<n>`` take back group n) and discard the first allowed cards."""
    bid_path(g, contract)
    if g.phase is Phase.CALL:
        g.act(g.bidder, A("call", call))
    for step in path.split() if contract != "solo_ro" else []:
        if step == "T":
            g.act(g.bidder, act(Kind.TAKE, g.staged.stage + 1))
        elif step == "R":
            g.act(g.bidder, A("reject"))
        else:
            g.act(g.bidder, act(Kind.TAKE_BACK, int(step[1:])))
    while g.phase is Phase.DISCARD:
        g.act(g.to_act, g.legal_actions()[0])
    assert g.phase is Phase.ANNOUNCE, g.phase
    return g


def split(target: int, give: tuple[int, ...] = (), keep_out: tuple[int, ...] = (SKYZ, 46),
          taken: int = 0, pack: tuple[int, ...] = tuple(range(54))) -> int:
    """A pile of exactly ``target`` points from ``pack`` holding ``give`` and none of
    ``keep_out`` (by default neither side then has the trula or all four kings) nor of
    ``taken``."""
    out = (set(keep_out) - set(give)) | {c for c in pack if taken >> c & 1}
    mine = list(give)
    for c in sorted(pack, key=lambda c: (-CARDS[c].points, c)):
        if c in out or c in mine:
            continue
        if count_mask_points(mask_of(mine + [c])) <= target:
            mine.append(c)
        if count_mask_points(mask_of(mine)) == target and len(mine) % 3 == 0:
            break
    m = mask_of(mine)
    assert count_mask_points(m) == target
    return m


def finish(g: Game, decl_points: int, last: list[tuple[int, str]] | None = None,
           tricks: dict[int, int] | None = None, give: tuple[int, ...] = (),
           keep_out: tuple[int, ...] = (SKYZ, 46), all_tricks: list[Trick] | None = None) -> None:
    """Jump to the end of play: the declarer's side holds exactly ``decl_points`` (the rest
    goes to the first opponent), ``last`` is the last trick's plays."""
    if g.partner is None and g.called is not None:
        h = g.holder_of(g.called)
        g.partner = None if h is None or h == g.bidder else h
    decl = sorted(g.declarer_side)
    opp = [s for s in g.active if s not in decl]
    talon = g.talon_to_opponents  # the talon share stays where the talon put it
    for m in g.talon_to.values():
        talon |= m
    pack = g.variant.pack_ids
    mine = split(decl_points - count_mask_points(g.talon_to.get(decl[0], 0)), give, keep_out,
                 talon, pack)
    for s in g.active:
        g.hands[s] = 0
        g.discards[s] = 0
        g.won[s] = 0
    g.won[decl[0]] = mine
    g.won[opp[0]] = mask_of(pack) & ~mine & ~talon
    per = tricks or {s: 12 // len(g.active) for s in g.active}
    g.tricks_won = [per.get(s, 0) for s in range(g.num_seats)]
    winners = [s for s in g.active for _ in range(per.get(s, 0))]
    g.tricks = list(all_tricks or [])
    for w in winners[len(g.tricks):-1]:
        g.tricks.append(Trick(w, [], w))
    plays = [(s, parse_cards(c)[0]) for s, c in (last or [])]
    g.tricks.append(Trick(plays[0][0], plays, g.trick_winner(plays)) if plays
                    else Trick(winners[-1], [], winners[-1]))
    g.finish()


def between(g: Game) -> dict[int, int]:
    """The payments between players (no pool lines)."""
    out: dict[int, int] = {}
    assert g.result is not None
    for ln in g.result.lines:
        if POOL not in ln.net:
            for k, v in ln.net.items():
                out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}


def without_antes(g: Game) -> dict[int, int]:
    """Every payment but the antes (RO-4)."""
    out: dict[int, int] = {}
    assert g.result is not None
    for ln in g.result.lines:
        if not ln.label.startswith("Antes"):
            for k, v in ln.net.items():
                out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}
