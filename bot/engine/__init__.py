"""The Taroky rules engine: pure Python, deterministic given a random source.

Entry points: ``new_game``, ``find_variant``, ``VARIANTS``, ``replay_record`` and the
``Game`` triad ``verify`` / ``can`` / ``act``.  Nothing here imports Discord, SQLite,
Pillow or asyncio.
"""

# ruff: noqa: E402  (the build is chosen before the compiled modules are imported)

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .build import activate

#: "compiled" (mypyc) or "pure" (the Python source); decided before the modules load.
ENGINE_BUILD = activate()

from .actions import Action, Kind, act, parse_action
from .cards import CARDS, Card, Suit, parse_card, parse_cards
from .errors import (
    AmbiguousInput,
    BadInput,
    IllegalAction,
    NotYourTurn,
    RecordMismatch,
    TarokyError,
)
from .game import Contract, Event, Game, Phase, PlayerView, Trick
from .rng import RandomSource, secure_rng, seeded_rng
from .scoring import POOL, HandResult, PaymentLine, Transfer
from .session import Session
from .variants import VARIANTS, Variant, find_variant
from .variants.base import OptionValue, option_value


def new_game(
    variant: str | Variant = "czech",
    players: int = 4,
    dealer: int = 0,
    options: Mapping[str, object] | None = None,
    rng: RandomSource | None = None,
    deck: list[int] | None = None,
    first_of_session: bool = True,
    pool: int = 0,
    stake: int = 1,
) -> Game:
    """Deal a new hand.  ``rng`` None means the secure generator (C-2)."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    return Game(v, players, dealer, options, rng, deck, first_of_session, pool, stake)


def replay_record(record: dict[str, Any]) -> Game:
    """Rebuild a hand from its record (see docs/records.md) and check its result."""
    from .record import replay_record as _replay

    return _replay(record)


__all__ = [
    "CARDS", "ENGINE_BUILD", "POOL", "VARIANTS", "Action", "AmbiguousInput", "BadInput", "Card", "Contract",
    "Event", "Game", "HandResult", "IllegalAction", "Kind", "NotYourTurn", "OptionValue", "PaymentLine",
    "Phase", "PlayerView", "RandomSource", "RecordMismatch", "Session", "Suit", "TarokyError", "Transfer",
    "Trick", "Variant", "act", "find_variant", "new_game", "parse_action", "parse_card",
    "option_value", "parse_cards", "replay_record", "secure_rng", "seeded_rng",
]
