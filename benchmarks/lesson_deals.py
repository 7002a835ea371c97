"""Which shuffles make good lesson deals: plays each candidate as the lesson does (the
learner follows the strong player's advice, the computer seats play at the lesson's
level) and prints the steps a learner would meet.

    python benchmarks/lesson_deals.py czech 1 40
"""

from __future__ import annotations

import random
import sys

from bot.ai.players import choose_level
from bot.engine.session import Session
from bot.tables.lesson import OPPONENTS, STEPS, _plan, advise, situation


def steps_met(variant: str, seed: int, **options: object) -> list[str]:
    plan = _plan(variant, seed, **options)
    session = Session.begin(variant, 4, dict(plan.options), dealer=plan.dealer)
    game = session.deal(rng=random.Random(1), deck=list(plan.deck))
    met: list[str] = []
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
    return met


def main() -> None:
    variant, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    opts = {"throw_in_povinnost": False} if variant == "czech" else {}
    want = len(STEPS) - 1
    for seed in range(first, last):
        met = steps_met(variant, seed, **opts)
        print(f"{seed:4d} {len(met):2d}/{want} {' '.join(met)}", flush=True)


if __name__ == "__main__":
    main()
