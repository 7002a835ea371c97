"""Hand records: JSON that says everything about one hand (docs/records.md).

A record holds the variant, options, seats, dealer, the shuffled deck, the dealt hands and
talon in order, every action in order, and the result.  Replaying the deck and actions
must reproduce the hands and the result exactly.
"""

from __future__ import annotations

from typing import Any

from .actions import parse_action
from .cards import cards_of, parse_card
from .errors import BadInput, RecordMismatch
from .game import Game
from .recording import FORMAT, READABLE_FORMATS, game_to_record, result_to_json
from .variants import find_variant


def _settlement(result: object) -> dict[str, Any] | None:
    """The part of a recorded result that must replay exactly: tricks, every payment and
    the transfers.  The words and the count shown with them (summary, line labels, card
    points and counts) may be told better by a later version — e.g. the Heun count of
    points *and cards* (issue #17) — without making older records unreadable."""
    if not isinstance(result, dict):
        return None
    lines = result.get("lines") or []
    return {
        "tricks": result.get("tricks"),
        "lines": [ln.get("net") for ln in lines if isinstance(ln, dict)],
        "net": result.get("net"),
        "transfers": result.get("transfers"),
        "thrown_in": result.get("thrown_in"),
    }


def replay_record(record: dict[str, Any], check: bool = True) -> Game:
    """Play a record's actions again from its deck; with ``check``, compare the hands and
    the result and raise ``RecordMismatch`` on any difference."""
    if record.get("format") not in READABLE_FORMATS:
        raise BadInput(f"This is not a hand record I can read (format {record.get('format')!r}).")
    try:
        deck = [int(parse_card(c)) for c in record["deck"]]
        g = Game(
            find_variant(str(record["variant"])),
            seats=int(record["seats"]),
            dealer=int(record["dealer"]),
            options=dict(record.get("options") or {}),
            deck=deck,
            first_of_session=bool(record.get("first_of_session", True)),
            pool=int(record.get("pool_before", 0)),
            stake=int(record.get("stake", 1)),
        )
        for seat, code in record["actions"]:
            g.act(int(seat), parse_action(code))
    except (KeyError, TypeError, ValueError) as e:
        raise BadInput(f"The record is incomplete or malformed: {e}.") from None
    if check:
        hands = {str(s): [c.short for c in cards_of(g.dealt[s])] for s in g.active}
        if "hands" in record and hands != record["hands"]:
            raise RecordMismatch("Replaying the deck does not give the recorded hands.")
        if "talon" in record and [c.short for c in g.talon] != record["talon"]:
            raise RecordMismatch("Replaying the deck does not give the recorded talon.")
        want = record.get("result")
        got = result_to_json(g.result) if g.result is not None else None
        if want is not None and (got is None or _settlement(got) != _settlement(want)
                                 or _settlement(want) is None):
            raise RecordMismatch("Replaying the actions does not give the recorded result.")
    return g


__all__ = ["FORMAT", "READABLE_FORMATS", "game_to_record", "replay_record", "result_to_json"]
