"""Writing a hand record (docs/records.md): the JSON of one hand.  Kept apart from replaying
(``record.py``) so that ``Game.to_record`` needs nothing that imports ``Game``."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import CARDS, cards_of
from .errors import BadInput

if TYPE_CHECKING:
    from .game import Game
    from .scoring import HandResult
    from .variants.base import Variant

FORMAT = "taroky-hand/2"
#: The formats ``replay_record`` reads: version 1 lacks the result's sides, piles and
#: outcome fields (docs/records.md), which replaying never compares.
READABLE_FORMATS = ("taroky-hand/1", FORMAT)

#: How a deal is committed to before it is played (docs/fair-shuffle.md): the SHA-256,
#: in hex, of this text — the scheme's name, the salt and the deck's cards in order.
COMMITMENT_SCHEME = "sha256 of 'taroky-deal/1|<salt>|<deck, comma-separated>'"


def deal_commitment(deck: list[str], salt: str) -> str:
    """The commitment to a shuffled ``deck`` (cards by short name, in dealing order)
    under a secret ``salt``: shown before the deal, verifiable once both are revealed."""
    text = "taroky-deal/1|" + salt + "|" + ",".join(deck)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: How a computer cutter's place is derived from the deck (docs/fair-shuffle.md): the first
#: eight hex digits of this SHA-256, as a number, modulo the count of places, from the first.
CUT_SCHEME = "sha256 of 'taroky-cut/1|<deck, comma-separated>'"


def derived_cut(deck: Sequence[str], places: range) -> int:
    """Where a computer cuts ``deck`` (cards by short name, in dealing order): a place in
    ``places`` that follows from the committed deck alone, so neither the bot nor anyone
    else chooses it, and ``sha256sum`` checks it (docs/fair-shuffle.md)."""
    text = "taroky-cut/1|" + ",".join(deck)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return places.start + int(digest[:8], 16) % len(places)


def deck_names(g: Game) -> list[str]:
    """The deck of ``g`` as the record writes it (the order the cards were dealt from)."""
    return [CARDS[c].short for c in g.deck]


def result_to_json(r: HandResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "summary": r.summary,
        "card_points": dict(r.card_points),
        "tricks": {str(k): v for k, v in r.tricks.items()},
        "lines": [{"label": ln.label, "code": ln.code, "side": ln.side,
                   "net": {str(k): v for k, v in ln.net.items()}} for ln in r.lines],
        "net": {str(k): v for k, v in sorted(r.net.items())},
        "transfers": [[t.payer, t.payee, t.amount] for t in r.transfers],
        "thrown_in": r.thrown_in,
    }
    if r.card_counts:  # only where the variant counts cards too (Heun), so others are unchanged
        out["card_counts"] = {k: list(v) for k, v in r.card_counts.items()}
    # Version 2: what a program reads without parsing words (docs/records.md).
    out["declarer_side"] = sorted(r.declarer_side)
    out["declarers_won"] = r.declarers_won
    out["declarers_net_won"] = r.declarers_net_won
    out["piles"] = [{"role": p.role, "seats": sorted(p.seats),
                     "cards": [CARDS[c].short for c in p.cards], "count": len(p.cards),
                     "thirds": p.thirds} for p in r.piles]
    return out


def game_to_record(g: Game, players: list[str] | None = None) -> dict[str, Any]:
    """The record of ``g`` (finished or not: an unfinished hand has ``result`` null)."""
    return {
        "format": FORMAT,
        "variant": g.variant.name,
        "options": dict(g.options),
        "seats": g.num_seats,
        "players": players,
        "dealer": g.dealer,
        "first_of_session": g.first_of_session,
        "pool_before": g.pool,
        **({"stake": g.stake} if g.stake != 1 else {}),  # RO-23: a radler deal
        "currency": g.variant.currency,
        "deck": [CARDS[c].short for c in g.deck],
        "hands": {str(s): [c.short for c in cards_of(g.dealt[s])] for s in g.active},
        "talon": [c.short for c in g.talon],
        "actions": [[s, a.code] for s, a in g.history],
        # C-2: where the pack was cut, and whether that is the place derived from the deck
        # (a computer's cut) or one the cutter chose (``taroky verify --cut``).
        **({"cut": {"at": g.ritual.cut_at, "derived": g.ritual.cut_at == g.derived_cut()}}
           if g.ritual.cut_at is not None else {}),
        "result": result_to_json(g.result) if g.result is not None else None,
    }


#: The largest amount a record may carry (a pool): what a JSON number holds exactly, as
#: the store's amounts.
MAX_RECORD_AMOUNT = 2**53 - 1


def _whole(record: dict[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    """The whole number ``record[key]`` (``default`` when absent), within ``low``..``high``."""
    value = record.get(key, default)
    if type(value) is not int:
        raise BadInput(f"The record's {key} is {str(value)[:40]!s}, not a whole number.")
    if not low <= value <= high:
        raise BadInput(f"The record's {key} is {str(value)[:40]}, outside {low}..{high}.")
    return value


def check_record_fields(record: dict[str, Any], variant: Variant) -> None:
    """Refuse (``BadInput``, one sentence) a record of ``variant`` whose fields are out of
    their range: seats, dealer, stake, pool, the seats of its actions and the cut (C-2).
    Replaying would reduce some of them (a dealer of 99 deals as seat 99 mod 4), so a
    record claiming them is no record of a hand that was played."""
    seats = _whole(record, "seats", min(variant.seat_counts), max(variant.seat_counts))
    variant.check_seats(seats)
    _whole(record, "dealer", 0, seats - 1)
    _whole(record, "stake", 1, max(1, variant.radler_stake), default=1)  # RO-23: 1, or a radler's
    _whole(record, "pool_before", 0, MAX_RECORD_AMOUNT, default=0)
    if not isinstance(record.get("first_of_session", True), bool):
        raise BadInput("The record's first_of_session is not true or false.")
    deck = record.get("deck")
    if not isinstance(deck, list) or len(deck) != len(variant.pack_ids):
        raise BadInput(f"The record's deck is not a pack of {len(variant.pack_ids)} cards.")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise BadInput("The record has no list of actions.")
    for i, pair in enumerate(actions):
        if (not isinstance(pair, list) or len(pair) != 2 or type(pair[0]) is not int
                or not 0 <= pair[0] < seats or not isinstance(pair[1], str)):
            raise BadInput(f"The record's action {i + 1} is not a seat (0..{seats - 1}) and a choice.")
    cut = record.get("cut")
    if cut is not None:
        places = range(5, len(deck) - 4)  # (``Game.cut_places``)
        if (not isinstance(cut, dict) or type(cut.get("at")) is not int or cut["at"] not in places
                or not isinstance(cut.get("derived"), bool)):
            raise BadInput(f"The record's cut is not a place from {places.start} to {places.stop - 1}.")
