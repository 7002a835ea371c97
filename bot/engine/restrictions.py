"""Legality rules, each written once.

A variant lists its rules as ``Variant.restrictions``: each is a ``Restriction`` that
says *which* of the actions open in a state it forbids and *why*, in the variant's own
words.  ``Game.legal_actions``/``can`` (what is allowed), ``Game.verify`` (the refusal
sentence), ``Game.explain`` (Why?), the rules pages and the computer players' notion of
what beats what all read the same objects, so a rule and its reason cannot drift apart.

Two shapes:

* ``CardRule`` narrows a mask of cards (trick play, discards): ``narrow(g, seat, m)``
  returns the cards it still allows.  Rules are applied in order; a rule that would leave
  nothing allows everything it was given (every "unless forced" in the texts).
* ``ActionRule`` forbids single actions (bids, calls, talon choices, announcements):
  ``forbids(g, seat, action)``.

``rule`` is the rule as a sentence for the rules page; ``reason(g, seat, action)`` is the
refusal naming the card or bid in front of the player.  ``ref`` holds the clarification
ids the rule comes from (for code, tests and docs: never shown to players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game, Phase


class Restriction:
    """One legality rule of a variant (see the module docstring)."""

    def __init__(self, key: str, phase: Phase, rule: str, ref: str = "") -> None:
        self.key = key  # stable name, e.g. "follow_suit"
        self.phase = phase  # the phase it restricts
        self.rule = rule  # the rule in one or two sentences (rules page, Why?)
        self.ref = ref  # clarification ids ("CZ-13"): code, tests and docs only

    def applies(self, g: Game) -> bool:
        """Whether the rule is in force in this hand (contract, options)."""
        return True

    def reason(self, g: Game, seat: int, action: Action) -> str:
        """The sentence that refuses ``action`` under this rule."""
        return self.rule

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"


class CardRule(Restriction):
    """A rule on which cards may be played or discarded, as a mask narrowing."""

    def narrow(self, g: Game, seat: int, m: int) -> int:
        """The cards of ``m`` this rule still allows ``seat`` (a subset of ``m``)."""
        return m


class ActionRule(Restriction):
    """A rule that forbids single actions in a variant-driven phase."""

    def forbids(self, g: Game, seat: int, action: Action) -> bool:
        return False


__all__ = ["ActionRule", "CardRule", "Restriction"]
