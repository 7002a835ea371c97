"""The deal's ritual (C-2, CZ-14): cut or knock, the dealer's choice after a knock, and the
batches chosen in turn.

The state is ``Game.ritual`` (``Ritual``); these are the procedures, apart from ``Game``
so that the deal's class stays readable.  ``Game`` keeps the public facts the table and
the records read (``cut_places``, ``derived_cut``) and deals the cards
(``_deal_batches``, ``_deal_six_six``, ``_deal_twelves``).  Plain functions of the game,
so that the compiled engine calls them directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Kind, act
from .errors import IllegalAction
from .say import N_, Msg, seat_word

if TYPE_CHECKING:
    from .game import Game


def legal(g: Game) -> list[Action]:
    """The ritual's choices at its step."""
    step = g.ritual.step
    if step == "cut_or_knock":
        return [act(Kind.CUT), act(Kind.KNOCK)]
    if step == "dealer_choice":
        return [act(Kind.DEAL_SIX_SIX), act(Kind.DEAL_TWELVES)]
    if step == "batches":
        taken = set(g.ritual.batches.values())
        return [act(Kind.BATCH, b + 1) for b in range(len(g.active)) if b not in taken]
    return []


def can_cut(g: Game, a: Action) -> bool:
    """A cut is allowed where the ritual waits for one, at a place in ``cut_places``
    (no place: the derived one)."""
    return (g.ritual.step == "cut_or_knock"
            and (a.value is None or (type(a.value) is int and a.value in g.cut_places)))


def cut_place(g: Game, a: Action) -> Action:
    """The cut ``a`` at its place: a place out of range is refused in a sentence; no
    place is the derived one (a computer's cut, the terminal's)."""
    if a.value is None:
        return act(Kind.CUT, g.derived_cut())
    places = g.cut_places
    if type(a.value) is not int or a.value not in places:
        raise IllegalAction(Msg(N_("The pack is cut at a card from {low} to {high}."),
                                {"low": places.start, "high": places.stop - 1}))
    return a


def apply(g: Game, seat: int, a: Action) -> None:
    """``seat``'s ritual choice ``a`` (already checked)."""
    if a.kind is Kind.CUT:
        assert isinstance(a.value, int)
        g.ritual.cut_at = a.value
        g.emit("cut", seat, Msg(N_("{seat} cut the pack at card {n}."),
                                {"seat": seat_word(seat), "n": a.value}))
        g.ritual.step = None
        g._deal_batches(6)
    elif a.kind is Kind.KNOCK:
        g.emit("knock", seat, Msg(N_("{seat} knocked: the cards come in twelves."), {"seat": seat_word(seat)}))
        if g.options.get("knock_six_six") and g.sitting_out is None:
            g.ritual.step = "dealer_choice"
            g.turn_to(g.dealer)
        else:
            _start_batches(g)
    elif a.kind is Kind.DEAL_SIX_SIX:
        g.emit("deal_six_six", seat, Msg(N_("The dealer deals six-six.")))
        g.ritual.step = None
        g._deal_six_six()
    elif a.kind is Kind.DEAL_TWELVES:
        _start_batches(g)
    elif a.kind is Kind.BATCH:
        batches = g.ritual.batches
        assert isinstance(a.value, int)
        batches[seat] = a.value - 1
        g.emit("batch", seat, Msg(N_("{seat} chose batch {n}."), {"seat": seat_word(seat), "n": a.value}))
        remaining = [s for s in g.order if s not in batches]
        if len(batches) == 1 and a.value == 1 and g.variant.first_batch_fixes_order:
            # Nebraska: the first chooser took the first packet, so the others take the
            # next packets in play order.
            for i, s in enumerate(remaining):
                batches[s] = i + 1
            remaining = []
        if not remaining:
            g.ritual.step = None
            g._deal_twelves(batches)
            return
        if len(remaining) == 1:
            left = next(b for b in range(len(g.active)) if b not in batches.values())
            batches[remaining[0]] = left
            g.ritual.step = None
            g._deal_twelves(batches)
        else:
            g.turn_to(remaining[0])


def _start_batches(g: Game) -> None:
    g.ritual.step = "batches"
    g.ritual.batches = {}
    g.turn_to(g.order[0])
