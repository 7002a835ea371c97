"""The rounds before the bidding (PL-2, KZ-2, KZ-3, RO-5, TP-14): a seat's answer.

``Game`` opens the rounds (``start_pre_auction``, ``open_pre_round``) and offers their
choices (``pre_auction_offers``); this is what an answer does, apart from ``Game`` so
that the deal's class stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Kind
from .phase import Phase
from .say import N_, Msg, seat_word

if TYPE_CHECKING:
    from .game import Game


def answer(g: Game, seat: int, action: Action) -> None:
    """A seat's answer in a round before the bidding: the variant applies anything
    but keeping the hand; a throw-in ends the deal; when every seat has answered, the
    next round opens, or the bidding starts with forehand."""
    if action.kind is Kind.KEEP:
        g.emit("keep", seat, Msg(N_("{seat} keeps the hand."), {"seat": seat_word(seat)}))
    else:
        g.variant.apply_pre_auction(g, seat, action)
        if g.phase is not Phase.THROW_IN:
            return
    st = g.auction
    st.turn += 1
    if st.turn < len(g.active):
        g.turn_to(g.next_active(seat))
        return
    if not g.open_pre_round(st.pre_round + 1):
        g.start_auction()
