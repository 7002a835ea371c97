"""Writing a hand record (docs/records.md): the JSON of one hand.  Kept apart from replaying
(``record.py``) so that ``Game.to_record`` needs nothing that imports ``Game``."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from .cards import CARDS, cards_of

if TYPE_CHECKING:
    from .game import Game
    from .scoring import HandResult

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
        "result": result_to_json(g.result) if g.result is not None else None,
    }
