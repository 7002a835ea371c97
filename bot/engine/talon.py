"""The talon looked at group by group (Czech trojka, Nebraska Four, Romanian levels) and
the discard after it: the cards shown, taken, left to the opponents and laid away.

The state is ``Game.talon_state`` (``StagedTalon``) and the hands; these are the
procedures, apart from ``Game`` so that the deal's class stays readable.  ``Game`` opens
the phases (``start_staged_talon``, ``start_discard``) and keeps the public names the
variants call (``staged_reject``, ``staged_take``, ``staged_reject_and_take``).  Plain
functions of the game, so that the compiled engine calls them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card, CardName, mask_of
from .masks import NUM_TAROKY
from .say import N_, Msg, seat_word

if TYPE_CHECKING:
    from .game import Game


def shown_cards(cards: Sequence[Card]) -> Msg:
    """The event line of talon cards laid face up."""
    return Msg(N_("Talon cards shown: {cards}."), {"cards": ", ".join(c.short for c in cards)})


def show_group(g: Game, n: int) -> None:
    """The bidder looks at talon group ``n`` (privately)."""
    assert g.bidder is not None
    cards = g.talon_group(n)
    g.seen_talon[g.bidder] |= mask_of(cards)
    g.emit("talon_look", g.bidder,
           Msg(N_("{seat} looks at talon cards {first}-{last}."),
               {"seat": seat_word(g.bidder), "first": n * len(cards) + 1,
                "last": (n + 1) * len(cards)}))
    g.emit("talon_private", g.bidder,
           Msg(N_("You see {cards}."), {"cards": ", ".join(c.short for c in cards)}),
           frozenset((g.bidder,)), tuple(cards))


def reject(g: Game, expose: bool, next_group: int | None) -> None:
    """``Game.staged_reject``: the group in view goes aside, the next is looked at."""
    st = g.staged
    n = st.stage
    cards = g.talon_group(n)
    st.rejected.append(n)
    if expose:
        g.exposed.extend(cards)
        g.emit("talon_exposed", g.bidder, shown_cards(cards), None, tuple(cards))
    nxt = n + 1 if next_group is None else next_group
    st.stage = nxt
    if nxt >= 0:
        show_group(g, nxt)


def take(g: Game, n: int, level: int, expose_others: bool) -> None:
    """``Game.staged_take``: the bidder adds group ``n`` to the hand; the rest goes to the
    opponents."""
    assert g.bidder is not None
    cards = g.talon_group(n)
    m = mask_of(cards)
    g.hands[g.bidder] |= m
    g.drawn[g.bidder] |= m
    g.level = level
    if expose_others:
        for og in range(g.staged.groups):
            if og != n and og not in g.staged.rejected:
                oc = g.talon_group(og)
                g.exposed.extend(oc)
                g.emit("talon_exposed", g.bidder, shown_cards(oc), None, tuple(oc))
    rest = mask_of(g.talon) & ~m
    g.talon_to_opponents |= rest
    g.emit("talon_take", g.bidder,
           Msg(N_("{seat} takes talon group {n} (level {level})."),
               {"seat": seat_word(g.bidder), "n": n + 1, "level": level}),
           None, tuple(cards) if n in g.staged.rejected else ())


def reject_and_take(g: Game, rejected: int, taken: int, level: int) -> None:
    """``Game.staged_reject_and_take``: the group in view is shown face up and an earlier
    group taken back instead."""
    cards = g.talon_group(rejected)
    g.staged.rejected.append(rejected)
    g.exposed.extend(cards)
    g.emit("talon_exposed", g.bidder, shown_cards(cards), None, tuple(cards))
    take(g, taken, level, False)


def discard(g: Game, seat: int, c: Card) -> None:
    """``seat`` lays ``c`` away (a tarok face up where the variant says so); the last
    discard ends the phase (``Variant.after_discard``)."""
    g.hands[seat] &= ~(1 << c)
    g.discards[seat] |= 1 << c
    g.discard_need -= 1
    if c < NUM_TAROKY:
        if g.variant.tarok_discards_face_up:
            g.public_discards.append((seat, c))
            g.emit("discard_tarok", seat,
                   Msg(N_("{seat} discards {card} face up."),
                       {"seat": seat_word(seat), "card": CardName(c)}), None, (c,))
        else:
            g.discard_counts[seat] += 1
    g.emit("discard", seat, Msg(N_("You discard {card}."), {"card": c.short}), frozenset((seat,)), (c,))
    if g.discard_need == 0:
        n = g.discard_counts[seat]
        if n and not g.variant.tarok_discards_face_up:
            g.emit("discard_count", seat,
                   Msg(N_("{seat} discarded {n} tarok."), {"seat": seat_word(seat)},
                       plural=N_("{seat} discarded {n} taroky."), n=n))
        g.emit("discard_done", seat, Msg(N_("{seat} has discarded."), {"seat": seat_word(seat)}))
        g.discard_seat = None
        g.variant.after_discard(g, seat)
