"""Computer players.

``choose_action(game, seat)`` returns a :class:`Choice`: the action a sensible
(not random) player would take now and a one-line ``reason`` for the teach-mode
Hint.  It reads only what the seat may see (``Game.view_for``; its partner is
``PlayerView.my_partner``), chooses among ``Game.legal_actions`` and asks the variant
who wins a trick (``Variant.trick_winner``) and how cards rank (``Variant.strength``).
"""

from __future__ import annotations

from bot.ai.heuristic import Choice, choose_action

__all__ = ["Choice", "choose_action"]
