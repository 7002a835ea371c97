"""Stacked decks and scripted endings for the king-calling variants (NE, HE, PT)."""

from __future__ import annotations

from typing import Any

from bot.engine import Game

from .helpers import A, deal, force_end

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
    """Jump to the end of play (``helpers.force_end``, the called card's holder fixed as the
    partner first): the bidder's side holds exactly ``decl_points`` card points, ``before``
    are extra complete tricks, ``last`` the last trick (winners computed by the engine),
    ``tricks`` the tricks won per seat."""
    sides(g)
    force_end(g, decl_points, last=last, tricks=tricks, early=before or ())
    return g
