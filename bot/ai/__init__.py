"""Computer players.

``choose_action(game, seat)`` returns a :class:`Choice`: the action a sensible
(not random) player would take now and a one-line ``reason`` for the teach-mode
Hint.  It uses only the engine's public API (``legal_actions``, ``view_for``).
"""

from __future__ import annotations

from bot.ai.heuristic import Choice, choose_action

__all__ = ["Choice", "choose_action"]
