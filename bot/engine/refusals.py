"""Why an action is refused, and the "Why?" of a turn: the sentences of the rules that
close a choice (``Variant.restrictions``), each said by the one rule that owns it.

``Game.why_not`` and ``Game.explain`` are the public names; these are their bodies, apart
from ``Game`` so that the deal's class stays readable (they run on a refusal or a
question, never in play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Kind, act
from .cards import CARDS, card_name
from .phase import Phase
from .say import ENGLISH, Say

if TYPE_CHECKING:
    from .game import Game


def why_not(g: Game, seat: int, action: Action, t: Say = ENGLISH) -> str:
    """A sentence saying why ``action`` is not allowed for ``seat`` now: the refusal of
    the rule that forbids it (``Variant.restrictions``)."""
    ph = g.phase
    want = Kind.PLAY if ph is Phase.PLAY else Kind.DISCARD if ph is Phase.DISCARD else None
    if want is not None and action.kind is want:
        c = action.card
        m = g.hands[seat]
        if not m >> c & 1:
            return t._("You do not hold {card}.", card=card_name(c, t))
        for r in g._card_rules():
            n = r.narrow(g, seat, m)
            if not n >> c & 1:
                return r.reason(g, seat, action, t)
            m = n
    elif want is None and action in g.candidates(seat):
        rule = g.forbidding_rule(seat, action)
        if rule is not None:
            return rule.reason(g, seat, action, t)
    label = g.variant.label(action, t)
    return t._("You cannot choose {choice} now. {prompt}", choice=label,
               prompt=g.prompt(seat, t))


def explain(g: Game, seat: int, t: Say = ENGLISH) -> str:
    """The "Why?" text: the rules that close some of the choices in front of ``seat``
    now, each in a sentence naming a card or bid it closes; the prompt when none do."""
    if seat != g.to_act or g.phase is Phase.FINISHED:
        return g.prompt(seat, t)
    ph = g.phase
    reasons: list[str] = []
    if ph is Phase.PLAY or ph is Phase.DISCARD:
        kind = Kind.PLAY if ph is Phase.PLAY else Kind.DISCARD
        m = g.hands[seat]
        for r in g._card_rules():
            n = r.narrow(g, seat, m)
            closed = m & ~n
            if closed:
                c = CARDS[(closed & -closed).bit_length() - 1]
                reasons.append(r.why(g, seat, act(kind, c), t))
            m = n
        if not reasons:
            return (t._("Every card in your hand may be played now.") if kind is Kind.PLAY
                    else t._("You may discard any card in your hand."))
        return " ".join(reasons)
    seen: set[str] = set()
    for a in g.candidates(seat):
        rule = g.forbidding_rule(seat, a)
        if rule is not None and rule.key not in seen:
            seen.add(rule.key)
            reasons.append(rule.why(g, seat, a, t))
    if not reasons:
        return t._("{prompt} Every choice is open to you.", prompt=g.prompt(seat, t))
    return " ".join(reasons)
