"""Stacked decks and scripted hands for the rule tests."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from bot.engine import Game, find_variant, new_game
from bot.engine.actions import Action, Kind, act
from bot.engine.cards import CARDS, Card, count_mask_points, mask_of, parse_cards


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def stack(hands: dict[int, str | Iterable[int]], talon: str | Iterable[int] = "",
          dealer: int = 3, seats: int = 4, seed: int = 0,
          pack: Iterable[int] | None = None) -> list[int]:
    """A deck that deals the given cards to the given seats (and talon); the rest of the
    pack (default: all 54 cards; Taper's has 42) is spread at random (seeded) over the
    unfilled places."""
    def as_list(x: str | Iterable[int]) -> list[int]:
        return [int(c) for c in (parse_cards(x) if isinstance(x, str) else x)]

    want = {s: as_list(h) for s, h in hands.items()}
    tal = as_list(talon)
    used = set(tal)
    for h in want.values():
        assert not used & set(h), "a card is given twice"
        used |= set(h)
    ids = sorted(int(c) for c in pack) if pack is not None else list(range(54))
    rest = [c for c in ids if c not in used]
    random.Random(seed).shuffle(rest)
    tal += [rest.pop() for _ in range(6 - len(tal))]
    active = [s for s in range(seats) if not (seats == 5 and s == dealer)]
    order = []
    s = (dealer + 1) % seats
    while len(order) < len(active):
        if s in active:
            order.append(s)
        s = (s + 1) % seats
    full = {}
    for s in order:
        h = list(want.get(s, []))
        assert len(h) <= 12
        h += [rest.pop() for _ in range(12 - len(h))]
        full[s] = h
    deck = list(tal)
    for batch in range(2):
        for s in order:
            deck += full[s][batch * 6:(batch + 1) * 6]
    assert sorted(deck) == ids
    return deck


def deal(variant: str, hands: dict[int, str | Iterable[int]] | None = None,
         talon: str | Iterable[int] = "", dealer: int = 3, seats: int = 4,
         options: dict[str, Any] | None = None, pool: int = 0, stake: int = 1, seed: int = 0,
         first: bool = True) -> Game:
    """A deal of ``variant`` from a stacked deck (``stack``, over the variant's own pack):
    the shared maker of every variant's scripted hands.  ``first`` False: not the session's
    first deal (NE-1)."""
    pack = find_variant(variant).pack_ids
    return new_game(variant, players=seats, dealer=dealer, options=options,
                    deck=stack(hands or {}, talon, dealer, seats, seed, pack=pack),
                    first_of_session=first, pool=pool, stake=stake)


def game(hands: dict[int, str | Iterable[int]], talon: str | Iterable[int] = "", dealer: int = 3,
         seats: int = 4, options: dict[str, Any] | None = None, variant: str = "czech",
         pool: int = 0) -> Game:
    """A stacked deal, by default of the Czech game."""
    return deal(variant, hands, talon, dealer, seats, options, pool)


def play_randomly(g: Game, rng: random.Random) -> Game:
    """Play ``g`` on to the end with uniformly random legal actions drawn from ``rng``."""
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        legal = g.legal_actions(seat)
        g.act(seat, legal[int(rng.random() * len(legal))])
    return g


def legal(g: Game, seat: int | None = None) -> set[tuple[str, Any]]:
    """The legal actions of ``seat`` (default: the seat to act) as (kind, value) pairs."""
    return {(a.kind.value, a.value) for a in g.legal_actions(seat)}


def net(g: Game) -> dict[int, int]:
    """What the finished hand paid each seat (and the pool)."""
    assert g.result is not None
    return dict(g.result.net)


def labels(g: Game) -> list[str]:
    """The payment lines' labels of the finished hand, in order."""
    assert g.result is not None
    return [ln.label for ln in g.result.lines]


def line(g: Game, text: str) -> dict[int, int]:
    """The net of the one payment line whose label contains ``text``."""
    assert g.result is not None
    found = [ln for ln in g.result.lines if text in ln.label]
    assert len(found) == 1, [ln.label for ln in g.result.lines]
    return dict(found[0].net)


def A(kind: str, value: Any = None) -> Action:
    k = Kind(kind)
    if isinstance(value, str) and k in (Kind.PLAY, Kind.DISCARD, Kind.CALL):
        value = parse_cards(value)[0]
    return act(k, value)


def do(g: Game, *steps: tuple[int, Action]) -> None:
    for seat, a in steps:
        g.act(seat, a)


def first_legal_until(g: Game, phase: str) -> None:
    """Take the first legal action (or Done / Pass) until the phase is reached."""
    while g.phase.value != phase and not g.is_over:
        s = g.to_act
        assert s is not None
        la = g.legal_actions(s)
        pick = next((a for a in la if a.kind in (Kind.DONE, Kind.PASS, Kind.DECLINE)), la[0])
        g.act(s, pick)


def points_split(target: int) -> tuple[int, int]:
    """Two masks splitting the pack so that the first counts exactly ``target`` points."""
    mine: list[int] = []
    for c in sorted(range(54), key=lambda c: (-CARDS[c].points, c)):
        if count_mask_points(mask_of(mine + [c])) <= target:
            mine.append(c)
        if count_mask_points(mask_of(mine)) == target and len(mine) % 3 == 0:
            break
    m = mask_of(mine)
    assert count_mask_points(m) == target, count_mask_points(m)
    return m, ((1 << 54) - 1) & ~m


def discard_first(g: Game) -> None:
    """Finish the current discard with the first allowed cards."""
    while g.phase.value == "discard":
        s = g.to_act
        assert s is not None
        g.act(s, g.legal_actions(s)[0])


def povinnost_to_announce(hands: dict[int, str], talon: str, called: str = "XIX",
                          draws: tuple[str, str] = ("draw", "draw"), **kw: Any) -> Game:
    """Forehand (seat 0) bids povinnost, all pass, calls ``called``; the talon is exchanged."""
    g = game(hands, talon, **kw)
    g.act(0, A("bid", "povinnost"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    return call_and_exchange(g, called, draws)


def call_and_exchange(g: Game, called: str, draws: Iterable[str] = ("draw", "draw")) -> Game:
    """After the auction (Czech, Polish): the bidder calls ``called`` and plays on, the
    talon is drawn (``draws``: each drawing seat's answer in turn) and the first allowed
    cards are discarded, up to the announcements."""
    bidder = g.bidder
    assert bidder is not None
    g.act(bidder, A("call", called))
    if g.phase.value == "surrender":
        g.act(bidder, A("playon"))
    discard_first(g)
    for want in draws:
        if g.phase.value != "talon":
            break
        s = g.to_act
        assert s is not None
        g.act(s, A(want))
        discard_first(g)
    discard_first(g)
    assert g.phase.value == "announce", g.phase
    return g


def all_done(g: Game) -> None:
    """Everybody says Done until the announcements end."""
    while g.phase.value == "announce":
        s = g.to_act
        assert s is not None
        g.act(s, A("done"))


def force_end(g: Game, decl_points: int, last: list[tuple[int, str]] | None = None,
              tricks: dict[int, int] | None = None,
              early: Iterable[list[tuple[int, str]]] = ()) -> None:
    """Jump to the end of play: the bidder's side holds exactly ``decl_points`` card points
    (everything else goes to the first opponent), ``last`` is the last trick's plays (the
    winner computed by the engine), ``tricks`` the tricks won per seat, ``early`` the plays
    of the first tricks (their winners computed by the engine)."""
    from bot.engine.game import Trick

    assert g.bidder is not None
    if g.partner is None and g.called is not None and not g.contract.alone:
        h = g.holder_of(g.called)
        g.partner = None if h is None or h == g.bidder else h
    decl = sorted(g.declarer_side)
    opp = [s for s in g.active if s not in decl]
    mine, theirs = points_split(decl_points)
    for s in g.active:
        g.hands[s] = 0
        g.discards[s] = 0
        g.won[s] = 0
    g.talon_to = {}  # (the talon shares of the king-calling games go with the rest)
    g.talon_to_opponents = 0
    g.won[decl[0]] = mine
    g.won[opp[0]] = theirs
    per = tricks or {s: 3 for s in g.active}
    g.tricks_won = [per.get(s, 0) for s in range(g.num_seats)]
    g.tricks = []
    winners = [s for s in g.active for _ in range(per.get(s, 0))]
    for t in early:
        ps = [(s, parse_cards(c)[0]) for s, c in t]
        g.tricks.append(Trick(ps[0][0], ps, g.trick_winner(ps)))
    for w in winners[:-1][len(g.tricks):]:
        g.tricks.append(Trick(w, [], w))
    plays = [(s, parse_cards(c)[0]) for s, c in (last or [])]
    if plays:
        t = Trick(plays[0][0], plays, g.trick_winner(plays))
    else:
        t = Trick(winners[-1], [], winners[-1])
    g.tricks.append(t)
    g.finish()
