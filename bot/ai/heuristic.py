"""A heuristic Taroky player: sensible, explainable, fast.

It reads only what its seat may see (``game.view_for(seat)``) and chooses among
``game.legal_actions(seat)``.  The rules of thumb:

* **Bidding** — bid the cheapest contract when the hand is strong (many taroky,
  honours, kings), otherwise pass.
* **Calling** — call a card it does not hold (so it gets a partner).
* **Talon** — take what is offered; discard the cheapest cards of its shortest
  plain suits (to make voids), never kings or taroky when it can avoid it.
* **Announcements / doubles** — only with a very strong hand; otherwise "Done".
* **Play** — keep the pagát for the last trick when it can; if its side already
  wins the trick, smear points onto it; otherwise win as cheaply as possible,
  or throw its cheapest card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.cards import PAGAT, Card

__all__ = ["Choice", "choose_action", "hand_strength"]


@dataclass(frozen=True)
class Choice:
    """An action and a one-line reason in plain words."""

    action: Any
    reason: str


def _kind(action: Any) -> str:
    kind = getattr(action, "kind", "")
    return str(getattr(kind, "value", kind))


def _card(action: Any) -> Card | None:
    value = getattr(action, "value", None)
    return value if isinstance(value, Card) else None


def hand_strength(hand: Iterable[int]) -> int:
    """A rough score: taroky count double, honours and high taroky extra, kings too."""
    score = 0
    for c in hand:
        card = Card(c)
        if card.is_tarok:
            score += 2
            if card.tarok_number >= 18:
                score += 1
            if card.is_honour and card != PAGAT:
                score += 2
        elif card.is_king:
            score += 2
    return score


def _hand(view: Any) -> list[Card]:
    return [Card(c) for c in (getattr(view, "hand", None) or [])]


def _cheapest(actions: Sequence[Any], key_extra: Any = None) -> Any:
    def key(a: Any) -> tuple[int, int]:
        c = _card(a)
        if c is None:
            return (99, 0)
        return (c.points, c.tarok_number)

    return min(actions, key=key)


def _trick(view: Any) -> list[tuple[int, Card]]:
    """The current trick as ``(seat, card)`` pairs, whatever shape the view uses."""
    trick = getattr(view, "trick", None)
    if trick is None:
        trick = getattr(view, "current_trick", None)
    if trick is None:
        return []
    plays = getattr(trick, "plays", trick)
    out: list[tuple[int, Card]] = []
    for item in plays or []:
        if isinstance(item, tuple) and len(item) == 2:
            out.append((int(item[0]), Card(item[1])))
        else:
            seat = getattr(item, "seat", None)
            card = getattr(item, "card", None)
            if seat is not None and card is not None:
                out.append((int(seat), Card(card)))
    return out


def _beats(a: Card, b: Card, led: Card) -> bool:
    """Does ``a`` beat ``b`` in a trick led by ``led`` (Czech ranking)?"""
    from bot.engine.cards import suit_strength

    if a.is_tarok != b.is_tarok:
        return a.is_tarok
    if a.is_tarok:
        return a.tarok_number > b.tarok_number
    if a.suit != b.suit:
        return a.suit == led.suit
    return suit_strength(a, True) > suit_strength(b, True)


def _winner(trick: list[tuple[int, Card]]) -> tuple[int, Card] | None:
    if not trick:
        return None
    led = trick[0][1]
    best = trick[0]
    for seat, card in trick[1:]:
        if _beats(card, best[1], led):
            best = (seat, card)
    return best


def _partners(view: Any, seat: int) -> set[int]:
    """Seats known to be on this seat's side (from the view, when it says)."""
    for name in ("partners", "team", "my_team", "side"):
        value = getattr(view, name, None)
        if isinstance(value, (set, frozenset, list, tuple)):
            return {int(s) for s in value} - {seat}
    return set()


def _choose_play(view: Any, seat: int, plays: list[Any]) -> Choice:
    hand = _hand(view)
    cards: list[tuple[Any, Card]] = []
    for a in plays:
        card = _card(a)
        if card is not None:
            cards.append((a, card))
    if not cards:
        return Choice(plays[0], "It is the only thing to do.")
    if len(cards) == 1:
        return Choice(cards[0][0], "It is the only card I may play.")
    last_trick = len(hand) <= 1
    # Keep the pagát back for the last trick when anything else is allowed.
    non_pagat = [(a, c) for a, c in cards if c != PAGAT]
    if not last_trick and non_pagat:
        cards = non_pagat
    trick = _trick(view)
    win = _winner(trick)
    if win is None:
        # Leading: a low card of a plain suit probes; keep the big taroky.
        plain = [(a, c) for a, c in cards if not c.is_tarok and not c.is_king]
        pool = plain or cards
        a, c = min(pool, key=lambda ac: (ac[1].points, ac[1].tarok_number))
        return Choice(a, f"I lead {c.short}, a cheap card, to keep my strong cards for later.")
    led: Card = trick[0][1]
    if win[0] in _partners(view, seat):
        a, c = max(cards, key=lambda ac: (ac[1].points if not ac[1].is_honour else -1, -ac[1].tarok_number))
        return Choice(a, f"My partner is winning this trick, so I add points with {c.short}.")
    winners = [(a, c) for a, c in cards if _beats(c, win[1], led)]
    if winners:
        a, c = min(winners, key=lambda ac: (ac[1].tarok_number if ac[1].is_tarok else 0, ac[1].points))
        return Choice(a, f"{c.short} is the cheapest card that wins this trick.")
    a, c = min(cards, key=lambda ac: (ac[1].points, ac[1].tarok_number))
    return Choice(a, f"I cannot win this trick, so I throw {c.short}, my cheapest card.")


def _choose_discard(view: Any, discards: list[Any]) -> Choice:
    hand = _hand(view)
    suit_len: dict[int, int] = {}
    for c in hand:
        if not c.is_tarok:
            suit_len[int(c.suit)] = suit_len.get(int(c.suit), 0) + 1

    def key(a: Any) -> tuple[int, int, int]:
        c = _card(a)
        if c is None:
            return (9, 0, 0)
        return (1 if (c.is_tarok or c.is_king) else 0, suit_len.get(int(c.suit), 9), c.points)

    best = min(discards, key=key)
    chosen = _card(best)
    name = chosen.short if chosen is not None else "this card"
    return Choice(best, f"I put away {name}: cheap and from a short suit, to make a void.")


def choose_action(game: Any, seat: int) -> Choice:
    """The heuristic player's choice for ``seat`` (which must be to act)."""
    legal = list(game.legal_actions(seat))
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    if len(legal) == 1:
        return Choice(legal[0], "It is the only thing I may do now.")
    view = game.view_for(seat)
    by_kind: dict[str, list[Any]] = {}
    for a in legal:
        by_kind.setdefault(_kind(a), []).append(a)

    if "play" in by_kind:
        return _choose_play(view, seat, by_kind["play"])
    if "discard" in by_kind:
        return _choose_discard(view, by_kind["discard"])

    strength = hand_strength(_hand(view))
    if "bid" in by_kind or "hold" in by_kind:
        bids = by_kind.get("hold", []) + by_kind.get("bid", [])
        if strength >= 20 and bids:
            return Choice(bids[0], f"My hand is strong (strength {strength}), so I bid.")
        if "pass" in by_kind:
            return Choice(by_kind["pass"][0], f"My hand is not strong enough to bid (strength {strength}).")
        return Choice(bids[0], "I must bid.")
    if "call" in by_kind:
        hand = set(_hand(view))
        calls = [a for a in by_kind["call"] if _card(a) not in hand]
        pick = (calls or by_kind["call"])[0]
        return Choice(pick, "I call a card I do not hold, so that its holder is my partner.")
    for kind, reason in (
        ("keep", "My hand is playable, so I keep it."),
        ("draw", "I take the talon cards: more cards to choose from."),
        ("take", "These talon cards are good enough for me."),
        ("playon", "I play on."),
        ("cut", "I cut the pack."),
    ):
        if kind in by_kind:
            return Choice(by_kind[kind][0], reason)
    if strength >= 30:
        for kind in ("announce", "double"):
            if kind in by_kind:
                a = by_kind[kind][0]
                return Choice(a, f"My hand is very strong (strength {strength}), so I say {a.label}.")
    for kind in ("done", "pass", "decline"):
        if kind in by_kind:
            return Choice(by_kind[kind][0], "Nothing worth saying with this hand.")
    return Choice(legal[0], "It is a safe choice.")
