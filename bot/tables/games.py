"""The slice of the rules engine the table runtime uses, and how games are made.

The runtime talks to the engine only through these calls (``legal_actions``,
``can``, ``act``, ``view_for``, ``public_view``, ``explain``, ``result``,
``to_record``); :class:`GameFactory` lets tests substitute a small fake game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ActionLike(Protocol):
    """An engine action: a button label, a group (``kind``) and a stable short ``code``."""

    @property
    def label(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def code(self) -> str: ...


class GameLike(Protocol):
    """The engine's ``Game`` as far as the table runtime is concerned."""

    @property
    def phase(self) -> Any: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def result(self) -> Any: ...

    def legal_actions(self, seat: int) -> list[Any]: ...
    def can(self, seat: int, action: Any) -> bool: ...
    def act(self, seat: int, action: Any) -> list[Any]: ...
    def view_for(self, seat: int) -> Any: ...
    def public_view(self) -> Any: ...
    def explain(self, seat: int) -> str: ...
    def to_record(self) -> dict[str, Any]: ...


class GameFactory(Protocol):
    """Creates, restores and decodes games (the real engine or a test double)."""

    def new(
        self,
        variant: str,
        players: int,
        dealer: int,
        options: Mapping[str, Any],
        rng: random.Random | None,
    ) -> GameLike:
        """Deal a hand.  The table also passes ``pool=`` (the pool before the hand, e.g.
        the Žid) and ``first_of_session=`` (NE-1) when the factory takes them and they
        differ from their defaults (0 and True)."""
        ...

    def restore(self, record: dict[str, Any]) -> GameLike: ...

    def parse_action(self, code: str) -> Any: ...


class EngineFactory:
    """The real rules engine (``bot.engine``), imported lazily."""

    def new(
        self,
        variant: str,
        players: int,
        dealer: int,
        options: Mapping[str, Any],
        rng: random.Random | None,
        pool: int = 0,
        first_of_session: bool = True,
    ) -> GameLike:
        from bot.engine import new_game

        game: GameLike = new_game(
            variant=variant, players=players, dealer=dealer, options=dict(options), rng=rng,
            pool=pool, first_of_session=first_of_session,
        )
        return game

    def restore(self, record: dict[str, Any]) -> GameLike:
        from bot.engine import replay_record

        game: GameLike = replay_record(record)
        return game

    def parse_action(self, code: str) -> Any:
        from bot.engine import parse_action

        return parse_action(code)


def phase_name(game: GameLike) -> str:
    """The phase as a plain string (the engine's Phase is a str enum)."""
    phase = game.phase
    return str(getattr(phase, "value", phase))
