"""What a promise commits a player to (``Game.cost_of``): the amount Why? and teach mode's
question quote is the amount the settlement charges when the promise fails (issue #10)."""

from __future__ import annotations

import pytest

from bot.engine import Game, Kind, new_game
from bot.engine.actions import act
from bot.engine.rng import seeded_rng

# (variant, announcement, the settlement line's words when it fails)
CASES = [
    ("czech", "valat", "Valát announced and missed"),
    ("czech", "pagat", "Pagát announced and lost"),
    ("polish", "walat", "Walat announced and missed"),
    ("nebraska", "tarok1_last", "Tarok 1 Last announced and lost"),
    ("kozy", "walat", "Walat announced and lost"),
    ("kozy", "pagat_ultymo", "Pagat ultymo announced and lost"),
]


def _to_announcement(variant: str, name: str, seed: int) -> tuple[Game, int] | None:
    """A seeded hand played by the first choice (passes and Done first) until a seat may
    announce ``name``; None if nobody may in this deal."""
    g = new_game(variant, rng=seeded_rng(seed))
    want = act(Kind.ANNOUNCE, name)
    bid = False  # the first to speak bids (else a game where all may pass ends here)
    while not g.is_over and g.phase.value != "play":
        s = g.to_act
        assert s is not None
        legal = g.legal_actions(s)
        if want in legal:
            return g, s
        first_bid = next((a for a in legal if a.kind is Kind.BID), None)
        if not bid and first_bid is not None:
            bid = True
            g.act(s, first_bid)
            continue
        g.act(s, next((a for a in legal if a.kind in (Kind.DONE, Kind.PASS, Kind.DECLINE)), legal[0]))
    return None


@pytest.mark.parametrize(("variant", "name", "failed"), CASES)
def test_the_quoted_amount_is_what_settlement_charges_when_the_promise_fails(variant, name, failed):
    """CZ-6 / PL-10, PL-11 / NE-7 / KZ-18, KZ-23 (announced bonuses are paid won or lost): the amount
    ``Game.cost_of`` tells before an announcement is what the announcer pays on the
    settlement line when the announcement fails, in a hand played out to the end."""
    for seed in range(60):
        found = _to_announcement(variant, name, seed)
        if found is None:
            continue
        g, seat = found
        action = act(Kind.ANNOUNCE, name)
        quoted = g.cost_of(seat, action)
        assert quoted is not None and quoted > 0
        g.act(seat, action)
        while not g.is_over:
            s = g.to_act
            assert s is not None
            legal = g.legal_actions(s)
            g.act(s, next((a for a in legal if a.kind is Kind.DONE), legal[0]))
        assert g.result is not None
        line = next((ln for ln in g.result.lines if ln.label.startswith(failed)), None)
        if line is None:
            continue  # the promise was kept in this deal: try the next
        assert -line.net[seat] == quoted
        return
    raise AssertionError(f"no deal in 60 seeds where {name} was announced and failed")


def test_a_flek_doubles_what_the_announcer_pays():
    """CZ-6 (flek doubles what it is said on): after an opponent's flek on an announced
    valát that then fails, the announcer pays twice the amount quoted before announcing;
    the flek's sayer was told a positive amount for the flek."""
    for seed in range(60):
        found = _to_announcement("czech", "valat", seed)
        if found is None:
            continue
        g, seat = found
        once = g.cost_of(seat, act(Kind.ANNOUNCE, "valat"))
        g.act(seat, act(Kind.ANNOUNCE, "valat"))
        flek = act(Kind.DOUBLE, "valat")
        while g.phase.value == "announce":
            s = g.to_act
            assert s is not None
            if flek in g.legal_actions(s) and g.announced["valat"].level == 0:
                told = g.cost_of(s, flek)
                assert told is not None and told > 0
                g.act(s, flek)
            else:
                g.act(s, act(Kind.DONE))
        if g.announced["valat"].level != 1:
            continue
        while not g.is_over:
            s = g.to_act
            assert s is not None
            g.act(s, g.legal_actions(s)[0])
        assert g.result is not None and once is not None
        line = next((ln for ln in g.result.lines if ln.label == "Valát announced and missed"), None)
        if line is None:
            continue
        assert -line.net[seat] == 2 * once
        return
    raise AssertionError("no flek on a missed valát came up")


@pytest.mark.parametrize("variant", ["czech", "polish", "nebraska", "kozy"])
def test_the_game_has_a_cost_to_compare_with(variant):
    """Teach mode asks before a choice that can cost more than the game: the game's own
    most is known once the contract is, and doubles with the game's doubling."""
    for seed in range(30):
        g = new_game(variant, rng=seeded_rng(seed))
        while not g.is_over and g.phase.value not in ("announce", "play"):
            s = g.to_act
            assert s is not None
            legal = g.legal_actions(s)
            bid = next((a for a in legal if a.kind is Kind.BID), None)
            g.act(s, bid if bid is not None and g.bidder is None and not g.bids else
                  next((a for a in legal if a.kind in (Kind.PASS, Kind.DECLINE)), legal[0]))
        if g.phase.value != "announce" or g.bidder is None:
            continue
        cost = g.game_cost(g.bidder)
        assert cost is not None and cost > 0
        assert g.variant.stake_of(g, "game", 1) == 2 * (g.variant.stake_of(g, "game", 0) or 0)
        return
    raise AssertionError("no hand reached the announcements")
