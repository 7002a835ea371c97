"""The phases of a hand (``Game.phase``): what kind of action the hand waits for.

Its own module so that ``Game``'s procedures kept apart from it (``announcing``,
``talon``, ``refusals``) can name the phases; ``bot.engine.game`` exports it too."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the hand stands."""

    RITUAL = "ritual"  # cut or knock, batches (C-2)
    THROW_IN = "throw_in"  # a player may abandon the deal before bidding
    AUCTION = "auction"
    CALL = "call"  # the bidder calls a partner (or chooses Varšava)
    TALON = "talon"  # drawing from the talon / looking at staged groups
    SURRENDER = "surrender"  # the bidder may give up
    DISCARD = "discard"
    ANNOUNCE = "announce"  # bonuses, declarations, doubles
    PLAY = "play"
    FINISHED = "finished"
