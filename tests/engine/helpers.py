"""Stacked decks and scripted hands for the rule tests."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from bot.engine import Game, new_game
from bot.engine.actions import Action, Kind, act
from bot.engine.cards import CARDS, Card, count_mask_points, mask_of, parse_cards


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def stack(hands: dict[int, str | Iterable[int]], talon: str | Iterable[int] = "",
          dealer: int = 3, seats: int = 4, seed: int = 0) -> list[int]:
    """A deck that deals the given cards to the given seats (and talon); the rest of the
    pack is spread at random (seeded) over the unfilled places."""
    def as_list(x: str | Iterable[int]) -> list[int]:
        return [int(c) for c in (parse_cards(x) if isinstance(x, str) else x)]

    want = {s: as_list(h) for s, h in hands.items()}
    tal = as_list(talon)
    used = set(tal)
    for h in want.values():
        assert not used & set(h), "a card is given twice"
        used |= set(h)
    rest = [c for c in range(54) if c not in used]
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
    assert sorted(deck) == list(range(54))
    return deck


def game(hands: dict[int, str | Iterable[int]], talon: str | Iterable[int] = "", dealer: int = 3,
         seats: int = 4, options: dict[str, Any] | None = None, variant: str = "czech",
         pool: int = 0) -> Game:
    return new_game(variant, players=seats, dealer=dealer, options=options,
                    deck=stack(hands, talon, dealer, seats), pool=pool)


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
