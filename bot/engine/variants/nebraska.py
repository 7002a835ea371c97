"""Nebraska Taroky as played in La Vista (nebraska-taroky-la-vista-heun-petrtyl.txt,
NE-1 … NE-9): everything is in the shared king-calling module; La Vista is its default."""

from __future__ import annotations

from .kingcall import KingCall


class Nebraska(KingCall):
    """Nebraska Taroky (La Vista): 4 players (5 with the dealer sitting out), clockwise,
    chips."""

    name = "nebraska"
    title = "Nebraska Taroky (La Vista)"
    aliases = ("lavista", "la-vista", "la vista", "ne")
