"""Pillow rendering of cards, hands, tricks, the table and the hand summary.

No Discord and no engine state: callers fill the small dataclasses of
:mod:`rendering.scenes` and get PNG bytes (``render_*``) or plain text (``text_*``).
Everything is thread-safe, so callers can ``await asyncio.to_thread(render_trick, s)``.
See ``docs/rendering.md``.
"""

from .faces import card_face, render_card, sort_hand
from .render import (
    cache_stats,
    picture_work,
    render_hand,
    render_summary,
    render_table,
    render_trick,
)
from .scenes import (
    FaceWords,
    HandScene,
    PaymentLine,
    PictureWords,
    PlayedTrick,
    PlayerBalance,
    SeatInfo,
    SideResult,
    SummaryScene,
    TableScene,
    TrickScene,
)
from .text import text_card, text_hand, text_summary, text_table, text_trick


def warm_up() -> None:
    """Draw every card face and learn the shared PNG palette now (about a second),
    so the first real render is fast.  Optional; thread-safe; run it in a thread."""
    from .palette import palette

    palette()


__all__ = [
    "FaceWords",
    "HandScene",
    "PaymentLine",
    "PictureWords",
    "PlayedTrick",
    "PlayerBalance",
    "SeatInfo",
    "SideResult",
    "SummaryScene",
    "TableScene",
    "TrickScene",
    "cache_stats",
    "picture_work",
    "card_face",
    "render_card",
    "render_hand",
    "render_summary",
    "render_table",
    "render_trick",
    "sort_hand",
    "text_card",
    "text_hand",
    "text_summary",
    "text_table",
    "text_trick",
    "warm_up",
]
