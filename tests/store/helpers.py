"""Helpers shared by the store tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from bot.store import CHIPS, Party, SessionStep, SettledHand


def make_hand(
    hand_id: str,
    deltas: Mapping[Any, int],
    *,
    guild: int = 1,
    channel: int = 10,
    variant: str = "nebraska",
    currency: str = CHIPS,
    season: int = 1,
    participants: list[int] | None = None,
    bidder: int | None = None,
    bidder_won: bool | None = None,
    session_id: int | None = None,
    step: SessionStep | None = None,
    record: dict[str, Any] | None = None,
) -> SettledHand:
    """A hand built from net deltas; participants default to the players in deltas.

    A hand of a session (``session_id``) carries what its session decided (``step``)."""
    players = (
        participants if participants is not None else [p for p in deltas if isinstance(p, int)]
    )
    return SettledHand.from_deltas(
        deltas=cast(Mapping[Party, int], deltas),
        hand_id=hand_id,
        guild_id=guild,
        channel_id=channel,
        variant=variant,
        currency=currency,
        season=season,
        record=record if record is not None else {"hand": hand_id},
        participants=players,
        bidder=bidder,
        bidder_won=bidder_won,
        session_id=session_id,
        session_step=step,
    )
