"""The pictures as PNG bytes: each scene drawn (:mod:`rendering.images`) and encoded
with the shared palette (:mod:`rendering.palette`).

These sit above both so that the palette, which is learnt from drawings, never has to
import the module that encodes with it.
"""

from __future__ import annotations

from .images import draw_hand, draw_summary, draw_table, draw_trick
from .palette import to_png
from .scenes import HandScene, SummaryScene, TableScene, TrickScene


def render_hand(scene: HandScene) -> bytes:
    """A player's hand as a PNG: sorted, overlapping so every index shows; when
    ``scene.legal`` is given, playable cards raised and outlined, the others dimmed."""
    return to_png(draw_hand(scene))


def render_trick(scene: TrickScene) -> bytes:
    """One trick as a PNG: seats round the table in play order, each card by its
    player's name, the leader and (when complete) the winner marked."""
    return to_png(draw_trick(scene))


def render_table(scene: TableScene) -> bytes:
    """The table as a PNG: seats with dealer, forehand, bidder, scores and whose turn
    it is; the current trick in the middle; under it the contract, level, called card,
    flek, announcements, exposed talon cards and the last trick."""
    return to_png(draw_table(scene))


def render_summary(scene: SummaryScene) -> bytes:
    """The end of a hand as a PNG score sheet: card points per side (with a bar of
    the 70 points), every payment line, each player's result and the pool."""
    return to_png(draw_summary(scene))
