"""The computer players by level, one entry point for the tables, Hint and ``taroky duel``.

* ``easy`` — the first heuristic (``bot.ai.heuristic``) with slips: now and then a
  random legal card, or a coin between passing and the cheapest bid (``bot.ai.easy``);
* ``normal`` — the fixed heuristic (``bot.ai.normal``);
* ``strong`` — search over sampled worlds (``bot.ai.search``);
* ``random`` — a uniformly random legal choice (for measuring only).

Every level reads only its seat's view.  ``seed`` makes a level that draws at random
deterministic: the tables pass the hand and step, so a decision can be made again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.ai.easy import choose_easy
from bot.ai.heuristic import Choice
from bot.ai.normal import choose_normal
from bot.engine import Game
from bot.engine.say import N_, Msg

__all__ = ["DEFAULT_LEVEL", "LEVELS", "choose_level", "decision_seed"]

LEVELS: tuple[str, ...] = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
MEASURE_ONLY: tuple[str, ...] = ("random",)


def decision_seed(*parts: int) -> int:
    """A seed from whole numbers (the hand and the step, ...), the same in every process
    (``hash`` of a string is not)."""
    x = 0x9E3779B97F4A7C15
    for p in parts:
        x = ((x ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
    return x


def choose_level(level: str, game: Game, seat: int, seed: int = 0,
                 levels: Mapping[int, str] | None = None, person: bool = False) -> Choice:
    """The choice of a computer player of ``level`` for ``seat`` (which must be to act).
    ``levels``: the level of each seat the table knows to be a computer (the strong
    player models those seats by it, every other seat as a normal player).  ``person``:
    the strong player's advice for a person's seat (Hint, a lesson), who is free where
    the rules fix a computer player's choice."""
    if level == "easy":
        return choose_easy(game, seat, seed)
    if level == "normal":
        return choose_normal(game, seat)
    if level == "strong":
        from bot.ai.search import choose_strong

        return choose_strong(game, seat, seed, levels, person)
    if level == "random":
        legal = game.legal_actions(seat)
        return Choice.said(random.Random(seed).choice(legal), Msg(N_("A random legal choice.")))
    raise ValueError(f"Unknown computer level {level!r}: choose one of {', '.join(LEVELS)}.")
