"""A tiny stand-in for the rules engine: an auction, then three tricks.

It follows the engine API the table runtime uses (phase, to_act, legal_actions,
can, verify, act, view_for, public_view, explain, result, to_record) with real
``bot.engine.actions.Action`` objects, so runtime and Discord tests run without
the real rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.engine.actions import Action, Kind, act, parse_action
from bot.engine.cards import CARDS, Card
from bot.engine.errors import IllegalAction, NotYourTurn

HAND_SIZE = 3


@dataclass
class FakeEvent:
    text: str
    audience: frozenset[int] | None = None


@dataclass
class FakeTransfer:
    payer: int
    payee: int
    amount: int


@dataclass
class FakeResult:
    card_points: list[int]
    lines: list[Any]
    transfers: list[FakeTransfer]


@dataclass
class FakeView:
    hand: list[Card]
    prompt: str
    legal: list[Action]
    bids: list[str] = field(default_factory=list)
    contract: str | None = None
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    # What the computer player reads (bot.ai): four players to a trick, no partner known.
    seat: int | None = None
    variant: str = "czech"
    num_seats: int = 4
    sitting_out: int | None = None
    my_partner: int | None = None
    my_discards: list[Card] = field(default_factory=list)


class FakeGame:
    def __init__(self, players: int, dealer: int, seed: int) -> None:
        self.num_seats = players
        self.dealer = dealer
        self.seed = seed
        rng = random.Random(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        self.active = [s for s in range(players) if not (players == 5 and s == dealer)]
        self.hands: dict[int, list[Card]] = {}
        for i, s in enumerate(self.active):
            self.hands[s] = sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])
        self.talon = deck[len(self.active) * HAND_SIZE : len(self.active) * HAND_SIZE + 2]
        self.phase = "auction"
        self.order = self._order_from(self._next(dealer))
        self.bids: list[str] = []
        self.declarer: int | None = None
        self.turn = 0  # index in self.order during the auction
        self.to_act: int | None = self.order[0]
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: list[tuple[int, Card]] = []
        self.taken: dict[int, list[Card]] = {s: [] for s in self.active}
        self.history: list[tuple[int, str]] = []
        self.result: FakeResult | None = None

    def _next(self, seat: int) -> int:
        s = (seat + 1) % self.num_seats
        while s not in self.active:
            s = (s + 1) % self.num_seats
        return s

    def _order_from(self, seat: int) -> list[int]:
        out = [seat]
        while len(out) < len(self.active):
            out.append(self._next(out[-1]))
        return out

    # ----------------------------------------------------------------- API
    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_act:
            return []
        if self.phase == "auction":
            return [act(Kind.BID, "game"), act(Kind.PASS)]
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return [act(Kind.PLAY, c) for c in follow]
        return [act(Kind.PLAY, c) for c in hand]

    def can(self, seat: int, action: Action) -> bool:
        return action in self.legal_actions(seat)

    def verify(self, seat: int, action: Action) -> None:
        if seat != self.to_act:
            raise NotYourTurn("It's not your turn.")
        if action not in self.legal_actions(seat):
            raise IllegalAction("You must follow the suit that was led.")

    def act(self, seat: int, action: Action) -> list[FakeEvent]:
        self.verify(seat, action)
        self.history.append((seat, action.code))
        if self.phase == "auction":
            if action.kind is Kind.BID:
                self.bids.append(f"seat {seat + 1}: game")
                if self.declarer is None:
                    self.declarer = seat
            else:
                self.bids.append(f"seat {seat + 1}: pass")
            self.turn += 1
            if self.turn >= len(self.order):
                if self.declarer is None:
                    self.declarer = self.order[0]
                self.phase = "play"
                self.to_act = self.order[0]
            else:
                self.to_act = self.order[self.turn]
            return [FakeEvent(f"Seat {seat + 1}: {action.label}.")]
        card = action.card
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.active):
            self.to_act = self._next(seat)
            return [FakeEvent(f"Seat {seat + 1} plays {card.short}.")]
        winner = self._winner()
        self.taken[winner].extend(c for _, c in self.trick)
        self.last_trick = self.trick
        self.trick = []
        if not self.hands[winner]:
            self._finish()
        else:
            self.to_act = winner
        return [FakeEvent(f"Seat {winner + 1} wins the trick.")]

    def _winner(self) -> int:
        led = self.trick[0][1]

        def strength(c: Card) -> int:
            if c.is_tarok:
                return 100 + c.tarok_number
            return 10 - c.face if c.suit == led.suit else -1

        return max(self.trick, key=lambda sc: strength(sc[1]))[0]

    def _finish(self) -> None:
        self.phase = "finished"
        self.to_act = None
        points = [sum(c.points for c in self.taken.get(s, [])) for s in range(self.num_seats)]
        best = max(self.active, key=lambda s: points[s])
        transfers = [FakeTransfer(s, best, 100) for s in self.active if s != best]
        lines = [FakeEvent(f"Seat {best + 1} took the most card points")]
        self.result = FakeResult(points, lines, transfers)

    def view_for(self, seat: int) -> FakeView:
        legal = self.legal_actions(seat)
        prompt = (
            "Bid a game or pass." if self.phase == "auction" else "Play a card: follow suit if you can."
        ) if legal else "Wait for your turn."
        return FakeView(list(self.hands.get(seat, [])), prompt, legal, list(self.bids),
                        "game" if self.phase != "auction" else None, list(self.trick), list(self.last_trick))

    def public_view(self) -> FakeView:
        return FakeView([], "", [], list(self.bids), "game" if self.phase != "auction" else None,
                        list(self.trick), list(self.last_trick))

    def explain(self, seat: int) -> str:
        if self.phase == "play" and self.trick:
            return "You must follow the suit that was led when you can."
        return "Any of the offered choices is allowed now."

    def to_record(self) -> dict[str, Any]:
        return {"players": self.num_seats, "dealer": self.dealer, "seed": self.seed, "actions": self.history}


class FakeFactory:
    """Deterministic fake games: the n-th game of the factory uses seed base + n."""

    def __init__(self, base_seed: int = 1) -> None:
        self.count = 0
        self.base_seed = base_seed

    def new(self, variant: str, players: int, dealer: int, options: Any, rng: Any) -> FakeGame:
        self.count += 1
        return FakeGame(players, dealer, self.base_seed + self.count)

    def restore(self, record: dict[str, Any]) -> FakeGame:
        game = FakeGame(record["players"], record["dealer"], record["seed"])
        for seat, code in record["actions"]:
            game.act(seat, parse_action(code))
        return game

    def parse_action(self, code: str) -> Action:
        return parse_action(code)
