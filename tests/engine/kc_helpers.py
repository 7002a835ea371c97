"""Stacked decks and scripted endings for the king-calling variants (NE, HE, PT)."""

from __future__ import annotations

from typing import Any

from bot.engine import Game
from bot.engine.cards import parse_cards
from bot.engine.game import Trick

from .helpers import A, deal, points_split

LOW = "7S 8S 9S 10S 7C 8C 9C 10C 2H 3H 4H 1H"  # twelve plain one-point cards


def low(n: int) -> str:
    """The first ``n`` of the plain one-point cards."""
    return " ".join(LOW.split()[:n])


def kc(hands: dict[int, str], talon: str = "", variant: str = "nebraska", dealer: int = 3,
       seats: int = 4, options: dict[str, Any] | None = None, first: bool = False,
       pool: int = 0) -> Game:
    """A stacked deal.  With ``first`` False (not a session's first deal) forehand is the
    seat after the dealer: seat 0 with the default dealer 3."""
    return deal(variant, hands, talon, dealer, seats, options, pool, first=first)


def bid_to_call(g: Game, bid: str, bidder: int = 0) -> Game:
    """``bidder`` bids ``bid``; everyone else passes (the bidder is first to speak)."""
    assert g.to_act == bidder
    g.act(bidder, A("bid", bid))
    while g.phase.value == "auction":
        g.act(g.to_act, A("pass"))
    return g


def to_play(g: Game) -> Game:
    """Discard the first allowed cards and say Done until play starts."""
    while g.phase.value in ("discard", "announce"):
        s = g.to_act
        if g.phase.value == "discard":
            g.act(s, g.legal_actions(s)[0])
        else:
            g.act(s, A("done"))
    return g


def sides(g: Game) -> tuple[list[int], list[int]]:
    """The true sides at the end of play (the called card's holder is the partner, as the
    engine fixes it when play starts): (bidder's side, opponents)."""
    assert g.bidder is not None
    if g.partner is None and g.called is not None:
        h = g.holder_of(g.called)
        g.partner = None if h is None or h == g.bidder else h
    decl = sorted(g.declarer_side)
    return decl, [s for s in g.active if s not in decl]


def end(g: Game, decl_points: int, last: list[tuple[int, str]] | None = None,
        tricks: dict[int, int] | None = None, before: list[list[tuple[int, str]]] | None = None) -> Game:
    """Jump to the end of play: the bidder's side holds exactly ``decl_points`` card points,
    ``before`` are extra complete tricks, ``last`` the last trick (winners computed by the
    engine), ``tricks`` the tricks won per seat."""
    decl, opp = sides(g)
    mine, theirs = points_split(decl_points)
    for s in g.active:
        g.hands[s] = 0
        g.discards[s] = 0
        g.won[s] = 0
    g.talon_to = {}
    g.talon_to_opponents = 0
    g.won[decl[0]] = mine
    g.won[opp[0]] = theirs
    per = tricks or {s: 3 for s in g.active}
    g.tricks_won = [per.get(s, 0) for s in range(g.num_seats)]
    g.tricks = []
    for plays in before or []:
        ps = [(s, parse_cards(c)[0]) for s, c in plays]
        g.tricks.append(Trick(ps[0][0], ps, g.trick_winner(ps)))
    winners = [s for s in g.active for _ in range(per.get(s, 0))]
    for w in winners[len(g.tricks):-1]:
        g.tricks.append(Trick(w, [], w))
    plays = [(s, parse_cards(c)[0]) for s, c in (last or [])]
    if plays:
        g.tricks.append(Trick(plays[0][0], plays, g.trick_winner(plays)))
    else:
        g.tricks.append(Trick(winners[-1], [], winners[-1]))
    g.finish()
    return g
