"""Which shuffles make good lesson deals: plays each candidate as the lesson does (the
learner follows the strong player's advice, the computer seats play at the lesson's
level) and prints the steps a learner would meet.

    python benchmarks/lesson_deals.py czech 1 40          # first hands
    python benchmarks/lesson_deals.py czech 1 40 17       # second hands after hand 17

A lesson is two prepared hands: in the first the learner is the bidder (bid, call, the
talon, the discard, play), in the second an opponent of the bidder (the talon's draw or
decline in Czech, flek or kontra), because no single hand offers one player every step.
"""

from __future__ import annotations

import random
import sys

from bot.ai.players import choose_level
from bot.engine import Game
from bot.engine.session import Session
from bot.tables.lesson import OPPONENTS, STEPS, advise, shuffled, situation


def play(game: Game, met: list[str]) -> None:
    """Play ``game`` out as the lesson does, adding the steps the learner meets."""
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            key = situation(game, 0)
            actions, _ = advise(game, 0)
            if key is not None and key not in met:
                met.append(key)
            for a in actions:
                game.act(0, a)
        else:
            game.act(seat, choose_level(OPPONENTS, game, seat).action)


def steps_met(variant: str, seeds: list[int], dealer: int = 3, **options: object) -> list[str]:
    session = Session.begin(variant, 4, dict(options), dealer=dealer)
    met: list[str] = []
    for seed in seeds:
        game = session.deal(rng=random.Random(1), deck=shuffled(seed))
        play(game, met)
        session.record(game)
    return met


def main() -> None:
    variant, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    before = [int(s) for s in sys.argv[4:]]
    opts = {"throw_in_povinnost": False} if variant == "czech" else {}
    want = len(STEPS) - 1
    for seed in range(first, last):
        met = steps_met(variant, [*before, seed], **opts)
        print(f"{seed:4d} {len(met):2d}/{want} {' '.join(met)}", flush=True)


if __name__ == "__main__":
    main()
