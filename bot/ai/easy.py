"""The "easy" computer player: the first heuristic (``bot.ai.heuristic``), with slips.

The first heuristic on its own is hardly weaker than the normal player: on duplicate
deals the normal player gained only 0.06–0.12 chips a hand over it in Nebraska
(docs/review.md), too little for a newcomer who picks "easy" to notice, and too little for
the ratings or the review to tell the two apart.  So the easy player *slips*, as a
beginner does:

* it keeps the rules and the heuristic's sense (it follows suit, it never plays or bids
  what is not allowed; calls, the talon, discards, announcements and doubles are the
  heuristic's, untouched);
* but at each **card to play** with a choice, with probability ``SLIP``, it plays a legal
  card at random instead of the heuristic's;
* and at each **bid or pass** (a bid or a hold against a pass), with probability ``SLIP``,
  it decides between passing and the cheapest bid by a coin instead of by its hand.

The draw comes from the decision's seed (the tables pass the hand and step;
``choose_level``), so a decision is made again the same way.  ``SLIP`` is measured, not
guessed: docs/computer-players.md ("How much weaker the easy player is") gives the duels
that chose it.

The strong player's play-outs model a known easy seat by the heuristic without slips
(``search.models_for``): the slips are noise, not a strategy to read.
"""

from __future__ import annotations

import random

from bot.ai.heuristic import Choice, choose_action
from bot.engine import Action, Game, Kind
from bot.engine.say import N_, Msg

__all__ = ["SLIP", "choose_easy", "slips"]

#: The probability that the easy player slips at a card to play or at a bid (module
#: docstring).
SLIP = 0.25
#: Mixed into the decision's seed, so the slip's draw is not another level's draw.
_SALT = 0xEA5E


def slips(seed: int) -> bool:
    """Whether the easy player slips at the decision of ``seed``."""
    return random.Random(seed ^ _SALT).random() < SLIP


def _bid_or_pass(legal: list[Action]) -> list[Action]:
    """The choices of a slip in the auction: passing and the cheapest bid (or hold)."""
    passes = [a for a in legal if a.kind is Kind.PASS]
    bids = [a for a in legal if a.kind is Kind.HOLD] + [a for a in legal if a.kind is Kind.BID]
    return passes[:1] + bids[:1] if passes and bids else []


def choose_easy(game: Game, seat: int, seed: int = 0) -> Choice:
    """The easy player's choice for ``seat`` (which must be to act)."""
    choice = choose_action(game, seat)
    legal = list(game.legal_actions(seat))
    if len(legal) < 2 or not slips(seed):
        return choice
    if choice.action.kind is Kind.PLAY:
        pool = [a for a in legal if a.kind is Kind.PLAY]
    else:
        pool = _bid_or_pass(legal) if choice.action.kind in (Kind.BID, Kind.HOLD, Kind.PASS) else []
    if len(pool) < 2:
        return choice
    pick = random.Random(seed ^ (_SALT << 16)).choice(pool)
    return Choice.said(pick, Msg(N_("A random legal choice.")))
