"""A quick policy that finishes a hand with every card seen, for search (``bot.ai.search``).

A search player (PIMC) plays each candidate card in many sampled deals and finishes every
one of them with this policy, thousands of times per decision, so it lives here, compiled
with the engine (``build.COMPILED``): the same code, several times faster than in
``bot/ai``.  It reads only the deal it is given (a sampled world, ``worlds.determinize``)
and plays through ``Game.play_lean``; the choices:

* lead the cheapest card (fewest card points, suit cards before taroky, then the lowest);
* in a contract where tricks hurt (``Contract.negative``), lose the trick with the highest
  card that still loses (the more points on a tie), else play the lowest card;
* when the trick is the own side's (``Game.side_of``), give it the most card points when
  playing last, else the fewest, with a card that leaves it there when there is one;
* otherwise take the trick with the lowest card that beats it, or throw the cheapest.

Who wins is judged by the plain order (the variant's ``rank_tables``); the 21–Škýz–1
exception is the engine's when the trick is settled.  Nothing here is a rule.
"""

from __future__ import annotations

from typing import Final

from .cards import CARD_POINTS
from .game import Game
from .masks import NUM_TAROKY

__all__ = ["playout"]

_POINTS: Final[tuple[int, ...]] = CARD_POINTS
#: Each variant's lead keys, by name (see ``_lead_keys``).
_LEAD_KEYS: dict[str, tuple[int, ...]] = {}


def _lead_keys(g: Game) -> tuple[int, ...]:
    """Each card's key for a lead (lower leads first): fewest card points, suit cards
    before taroky, then the lowest."""
    v = g.variant
    keys = _LEAD_KEYS.get(v.name)
    if keys is None:
        strength = v.strength
        out: list[int] = []
        for c in range(54):
            out.append(_POINTS[c] * 10_000 + (strength[c] if c >= NUM_TAROKY else 1_000 + c))
        keys = tuple(out)
        _LEAD_KEYS[v.name] = keys
    return keys


def playout(g: Game) -> None:
    """Finish the hand of ``g`` (in trick play) by the quick policy above."""
    v = g.variant
    tables = v.rank_tables
    lead_key = _lead_keys(g)
    points = _POINTS
    n_last: int = len(g.active) - 1
    contract = g.contract
    negative = contract is not None and contract.negative
    cards: list[int] = []
    while True:
        to = g.to_act
        if to is None:
            return
        s: int = to
        m: int = g.legal_play_mask(s)
        if m & (m - 1) == 0:
            g.play_lean(s, m.bit_length() - 1)
            continue
        t = g.trick
        assert t is not None
        plays = t.plays
        pick = -1
        best = 0
        c: int
        k: int
        r: int
        if not plays:
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                k = lead_key[c]
                if pick < 0 or k < best:
                    pick = c
                    best = k
            g.play_lean(s, pick)
            continue
        led: int = t.led
        rank = tables[led if led < NUM_TAROKY else ((led - NUM_TAROKY) >> 3) + NUM_TAROKY]
        top = -1
        for p in plays:
            pc: int = p[1]
            r = rank[pc]
            if r > top:
                top = r
        cards.clear()
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if negative:
            for c in cards:  # the highest card that still loses (more points on a tie)
                r = rank[c]
                if r <= top:
                    k = r * 8 + points[c]
                    if pick < 0 or k > best:
                        pick = c
                        best = k
            if pick < 0:
                for c in cards:  # else the lowest
                    k = rank[c]
                    if pick < 0 or k < best:
                        pick = c
                        best = k
        elif v.trick_winner(plays) in g.side_of(s):
            # The own side wins it: the cheapest card that leaves it there (the dearest
            # when playing last), else the cheapest.
            any_loser = False
            for c in cards:
                if rank[c] <= top:
                    any_loser = True
                    break
            last = len(plays) == n_last
            for c in cards:
                r = rank[c]
                if any_loser and r > top:
                    continue
                if last:
                    k = points[c] * 1_000 - r
                    if pick < 0 or k > best:
                        pick = c
                        best = k
                else:
                    k = points[c] * 1_000 + r
                    if pick < 0 or k < best:
                        pick = c
                        best = k
        else:
            for c in cards:  # the lowest card that beats the trick
                r = rank[c]
                if r > top:
                    k = r * 8 + points[c]
                    if pick < 0 or k < best:
                        pick = c
                        best = k
            if pick < 0:
                for c in cards:  # else the cheapest
                    k = points[c] * 1_000 + rank[c]
                    if pick < 0 or k < best:
                        pick = c
                        best = k
        g.play_lean(s, pick)
