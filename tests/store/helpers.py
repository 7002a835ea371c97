"""Helpers shared by the store tests."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
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


def made_older(path: Path, hand_id: str, accuracy: float = 12.5) -> dict[str, Any]:
    """Rewrite the stored review of ``hand_id`` (made by this bot's analyst) as the judge
    of version 1 left it, every seat's accuracy ``accuracy``; the review as it was."""
    conn = sqlite3.connect(path)
    try:
        with conn:  # (one transaction)
            (text,) = conn.execute("SELECT review_json FROM analyses WHERE hand_id = ?", (hand_id,)).fetchone()
            made = json.loads(text)
            older = {**made, "version": 1, "seats": [{**s, "accuracy": accuracy} for s in made["seats"]]}
            conn.execute("UPDATE analyses SET review_json = ?, review_version = 1 WHERE hand_id = ?",
                         (json.dumps(older), hand_id))
            conn.execute("UPDATE seat_reviews SET accuracy = ? WHERE hand_id = ?", (accuracy, hand_id))
    finally:
        conn.close()
    return dict(made)
