"""Table snapshots of an older shape, read into today's pieces.

Before the table kept its engine :class:`~bot.engine.session.Session` in its snapshot
(``session``), the snapshot kept the session's running state itself: the running
totals (``scores``), the deals played (``session_deals``), who deals next
(``next_dealer``) and why the session ended (``session_over``).  A table saved then is
still restored (``bot.tables.table.Table.from_state``): its session is rebuilt here.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Game
from bot.engine.session import Session, SessionEnd


def session_from_old_state(state: dict[str, Any], session: Session, *, playing: bool, dealer: int,
                           game: Game | None) -> Session:
    """The session a snapshot of the older shape describes, set on ``session`` (a first
    session for the table's variant, seats and house rules): its running totals, deals
    played, who deals next and whether it was over.  ``playing``: a hand is on the table,
    dealt by ``dealer`` (the session's dealer) from the pool ``game`` started with."""
    scores = [int(x) for x in state.get("scores") or []]
    if len(scores) == session.seats:
        session.totals = scores
    session.deals = int(state.get("session_deals") or 0)
    session.first_of_session = session.deals == 0
    next_dealer = state.get("next_dealer")
    if playing or next_dealer is None:
        session.dealer = dealer  # the hand on the table was dealt by the session
    else:
        session.dealer = int(next_dealer) % session.seats
    if game is not None:
        session.pool = game.pool  # the pool the hand in play was dealt with
    if state.get("session_over") == SessionEnd.STOPPED:
        session.stop()
    return session
