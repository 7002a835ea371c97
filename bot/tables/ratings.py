"""Who a hand's ratings name, and ratings recomputed from the history (issue 28).

One definition serves the live update and the recompute, so both give the same figures:
a seat is rated as its participant (a person: their Discord id as text) or, for a computer
seat, as the pseudo-player of its level (``bot.ratings.computer_id``: "computer:strong").
The levels travel with the hand's record (``record["levels"]``, written when the hand is
paid); a record from before the bot kept them names none, and its computer seats are rated
as the pseudo-player of an unrecorded level (``UNRECORDED``).  Each seat's luck comes from
one function too (``bot.ai.review.luck_of_record``, which the hand's review shows): when
the hand is paid it is worked out in the computer players' worker process
(``bot.ai.pool.luck_off_loop``), when the ratings are recomputed from the stored record.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.ai.pool import luck_off_loop
from bot.ai.review import luck_of_record
from bot.engine import Game, TarokyError, replay_record
from bot.ratings import HandOutcome, computer_id, is_rated, outcome_of
from bot.store import DataStore

__all__ = ["UNRECORDED", "live_outcome", "outcome_from_history", "rated_players", "record_levels",
           "recompute_all", "refresh_stale"]

log = logging.getLogger(__name__)

#: The level of a computer seat whose record names none (paid before levels were kept).
UNRECORDED: Final = "unrecorded"
#: What working out a hand's luck may raise for a record the engine cannot replay: such a
#: hand is rated by its money alone, when it is paid and when it is recomputed alike.
_NO_LUCK: Final = (TarokyError, AssertionError, LookupError, TypeError, ValueError)


def rated_players(participants: Sequence[int], levels: Sequence[str | None] | None) -> list[str]:
    """The rating name of each seat: a person's id as text, a computer's level's
    pseudo-player (participants of computers are negative, ``bot.store.computer_id``)."""
    def name(seat: int, participant: int) -> str:
        if participant > 0:
            return str(participant)
        level = levels[seat] if levels is not None and seat < len(levels) else None
        return computer_id(level or UNRECORDED)

    return [name(seat, p) for seat, p in enumerate(participants)]


async def live_outcome(game: Game, participants: Sequence[int],
                       levels: Sequence[str | None]) -> HandOutcome | None:
    """The outcome of a hand being paid (``TableLedger.settle``), with each seat's luck
    worked out off the event loop (``luck_off_loop``) from the hand's record, as
    ``outcome_from_history`` works it out from the stored one."""
    if not is_rated(game):
        return None
    try:
        luck: Mapping[int, int] | None = await luck_off_loop(game.to_record())
    except _NO_LUCK as e:  # (never a reason to leave a hand unpaid)
        log.error("The luck of a paid hand could not be worked out; it is rated by its money: %r", e)
        luck = None
    return outcome_of(game, rated_players(participants, levels), luck)


def record_levels(record: Mapping[str, Any]) -> list[str | None] | None:
    """The computer levels a record names, seat by seat (None: it names none)."""
    levels = record.get("levels")
    if not isinstance(levels, list):
        return None
    return [str(x) if isinstance(x, str) else None for x in levels]


def outcome_from_history(participants: Sequence[int], record: Mapping[str, Any]) -> HandOutcome | None:
    """The outcome of a stored hand, replayed from its record, with each seat's luck
    worked out from it (``luck_of_record``, as when the hand was paid); None for a hand
    that is not rated, or a record that no longer replays, which is logged and left
    out."""
    try:
        game = replay_record(dict(record))
        if not is_rated(game):
            return None
    except _NO_LUCK as e:
        log.warning("a stored hand does not replay; it is not rated: %s", e)
        return None
    try:
        luck: Mapping[int, int] | None = luck_of_record(dict(record))
    except _NO_LUCK as e:  # (as when it was paid: rated by its money)
        log.warning("the luck of a stored hand could not be worked out; it is rated by its money: %s", e)
        luck = None
    return outcome_of(game, rated_players(participants, record_levels(record)), luck)


async def recompute_all(store: DataStore, guild_id: int | None = None) -> dict[tuple[int, int, str], int]:
    """Recompute every rating set (of one guild, or all) from its hands; the hands rated
    per (guild, season, variant)."""
    return {key: await store.recompute_ratings(*key, outcome_from_history)
            for key in await store.rating_sets(guild_id)}


async def refresh_stale(store: DataStore) -> int:
    """Recompute the sets whose stored ratings are of another ``RATINGS_VERSION`` (the bot
    does it at start); the number of sets recomputed."""
    stale = await store.stale_rating_sets()
    for key in stale:
        rated = await store.recompute_ratings(*key, outcome_from_history)
        log.info("Ratings of guild %d, season %d, %s recomputed from %d hands", *key, rated)
    return len(stale)
