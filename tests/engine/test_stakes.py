"""What a promise commits a player to (``Game.cost_of``): the amount Why? and teach mode's
question quote is the amount the settlement charges when the promise fails (issue #10)."""

from __future__ import annotations

import pytest

from bot.engine import Game, Kind, find_variant, new_game
from bot.engine.actions import act
from bot.engine.cards import SKYZ, count_mask_points
from bot.engine.rng import seeded_rng
from bot.engine.scoring import side_payment

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
        known = g.knows_own_side(seat)  # (as the quote is given: the partner may show later)
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
        if known:
            assert -line.net[seat] == quoted
        else:  # a bidder whose partner is unknown is told the most (as if alone)
            assert -line.net[seat] <= quoted == _alone(g, seat, quoted)
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
        known = g.knows_own_side(seat)
        g.act(seat, act(Kind.ANNOUNCE, "valat"))
        flek = act(Kind.DOUBLE, "valat")
        while g.phase.value == "announce":
            s = g.to_act
            assert s is not None
            if flek in g.legal_actions(s) and g.ann.announced["valat"].level == 0:
                told = g.cost_of(s, flek)
                assert told is not None and told > 0
                g.act(s, flek)
            else:
                g.act(s, act(Kind.DONE))
        if g.ann.announced["valat"].level != 1:
            continue
        while not g.is_over:
            s = g.to_act
            assert s is not None
            g.act(s, g.legal_actions(s)[0])
        assert g.result is not None and once is not None
        line = next((ln for ln in g.result.lines if ln.label == "Valát announced and missed"), None)
        if line is None:
            continue
        if known:
            assert -line.net[seat] == 2 * once
        else:
            assert -line.net[seat] <= 2 * once
        return
    raise AssertionError("no flek on a missed valát came up")


@pytest.mark.parametrize("variant", ["czech", "polish", "nebraska", "kozy", "romanian", "taper"])
def test_the_game_has_a_cost_to_compare_with(variant):
    """Teach mode asks before a choice that can cost more than the game: the game's own
    most is known once the contract is, and doubles with the game's doubling."""
    players = find_variant(variant).seat_counts[0]
    for seed in range(30):
        g = new_game(variant, players=players, rng=seeded_rng(seed))
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


# ---- Romanian and Taper (RO-15, RO-17 … RO-20, RO-23, RO-25; TP-8, TP-10) --------------------


def _ro(hands: dict[int, str], talon: str, options: dict[str, object] | None = None,
        stake: int = 1, pool: int = 5) -> Game:
    from .helpers import stack
    return new_game("romanian", players=4, dealer=3, options=options,
                    deck=stack(hands, talon, 3, 4, 0), pool=pool, stake=stake)


def _tp(hands: dict[int, str], talon: str, options: dict[str, object] | None = None) -> Game:
    from bot.engine.variants.taper import TAPER_PACK

    from .helpers import stack
    return new_game("taper", players=3, dealer=2, options=options, pool=4,
                    deck=stack(hands, talon, 2, 3, 0, pack=[int(c) for c in TAPER_PACK]))


def _failed_line(g: Game, title: str):
    assert g.result is not None
    return next(ln for ln in g.result.lines if ln.label.startswith(f"{title} announced")
                and ", lost" in ln.label)


# (announcement, its title, the announcer, contract, options, radler stake)
RO_CASES = [
    ("trula", "Trula", 0, "doi_1", None, 1),
    ("toti_regii", "Toţi regii", 0, "doi_1", {"toti_regii_high": True}, 1),
    ("luna_prinsa", "Luna prinsă", 1, "doi_1", None, 2),
    ("rege_ultimo", "Rege ultimo", 2, "doi_1", None, 1),
    ("valat_ro", "Valat", 0, "doi_1", None, 1),
    ("valat_ro", "Valat", 0, "unu_1", {"valat_scale": "game"}, 2),
    ("pagat_ultimo", "Pagat ultimo", 0, "doi_1", {"pool": False}, 1),
    ("trula", "Trula", 0, "solo_ro", None, 1),
    ("pagat_ultimo", "Pagat ultimo", 0, "solo_ro", {"pool": False, "solo_bonus": "same"}, 2),
    ("regele_prins", "Regele prins", 1, "doi_1", {"regele_prins_announce": True}, 1),
]


@pytest.mark.parametrize(("name", "title", "seat", "contract", "options", "stake"), RO_CASES)
@pytest.mark.parametrize("contra", [False, True])
def test_romanian_quotes_what_a_failed_announcement_pays(name, title, seat, contract, options,
                                                        stake, contra):
    """RO-18 (the bonus table with its options), RO-19 ("Announced: the announcing side gains
    if its pile holds them and pays otherwise"), RO-15 ("Each item is doubled separately:
    ×2, ×4, ..."), RO-23 ("Every payment between players is ×2"), RO-25 (regele prins
    announced "for double and at their own risk"): ``Game.cost_of`` before the announcement,
    and before the contra on it, is what the announcer's side pays on the failed line."""
    from .ro_helpers import finish, to_announce

    # (A declarer announcing calls their own king and plays alone: paid to each of three.)
    hands = {0: "I KH"} if seat == 0 else {0: "I", 2: "KH"}
    g = _ro(hands, "QH QD QS QC CH CD", options, stake)
    to_announce(g, contract, call="KH")
    ann = act(Kind.ANNOUNCE, name)
    while g.to_act != seat:
        g.act(g.to_act, act(Kind.DONE))
    quoted = g.cost_of(seat, ann)
    assert quoted is not None and quoted > 0
    g.act(seat, ann)
    if contra:
        dbl = act(Kind.DOUBLE, name)
        while dbl not in g.legal_actions(g.to_act):
            g.act(g.to_act, act(Kind.DONE))
        sayer = g.to_act
        told = g.cost_of(sayer, dbl)
        assert told is not None and told > 0
        g.act(sayer, dbl)
    while g.phase.value == "announce":
        g.act(g.to_act, act(Kind.DONE))
    # The declarer's pile holds the king of hearts and neither side the trula or the kings;
    # no luna is caught, nobody sweeps and the last trick is empty: every promise fails.
    finish(g, 40, give=(22,), keep_out=(SKYZ, 46))
    assert -_failed_line(g, title).net[seat] == quoted << contra


def test_romanian_pagat_ultimo_with_a_pool_has_no_single_amount():
    """RO-20: "m = 1: ... On failure it pays P into the pool", shared over the declarer's
    side with "the declarer takes or pays any odd unit": no amount per opponent, so none is
    quoted (teach mode asks anyway); without the pool (RO-25 ``pool`` off) it is 7."""
    from .ro_helpers import to_announce

    for pool, want in ((True, None), (False, 7)):
        g = _ro({0: "I", 2: "KH"}, "QH QD QS QC CH CD", {"pool": pool})
        to_announce(g, "doi_1", call="KH")
        # (the bidder does not know yet whether a player holds the king: quoted as alone)
        assert not g.knows_own_side(0)
        assert g.cost_of(0, act(Kind.ANNOUNCE, "pagat_ultimo")) == (None if want is None else 3 * want)


@pytest.mark.parametrize("contra", [0, 1, 2])
def test_romanian_game_cost_is_the_lost_game_or_a_silent_valat(contra):
    """RO-17: "With contra: ±2·b·level, whoever wins; recontra 4×"; RO-19: a silent valat
    "replaces the game item" and under ``valat_takes_game_double`` "takes the game's doubling
    factor": ``Game.game_cost`` is the larger, and what the declarer pays when the opponents
    take every trick; the contra sayer is quoted what the game costs them."""
    from .ro_helpers import finish, to_announce

    g = _ro({0: "KH"}, "QH QD QS QC CH CD")  # alone with their own king
    to_announce(g, "doi_1", call="KH", path="R R T")
    assert g.level == 3
    game = act(Kind.DOUBLE, "game")
    said = 0
    while g.phase.value == "announce":
        s = g.to_act
        if said < contra and game in g.legal_actions(s):
            told = g.cost_of(s, game)
            # (an opponent pays the declarer alone; the declarer pays each of three)
            assert told == (3 if s == 0 else 1) * g.variant.stake_of(g, "game", said + 1)
            g.act(s, game)
            said += 1
        else:
            g.act(s, act(Kind.DONE))
    assert g.ann.game_level == contra
    cost = g.game_cost(0)
    assert cost == 3 * max(2 * 3 << contra, 8 << contra)
    finish(g, count_mask_points(g.talon_to.get(0, 0)), tricks={1: 6, 3: 6}, keep_out=())
    line = next(ln for ln in g.result.lines if ln.label.startswith("Valat"))
    assert -line.net[0] == cost


def test_romanian_radler_doubles_the_quote():
    """RO-23: "Every payment between players is ×2: game, declarations, bonuses": the quote
    in a radler deal is twice the quote in an ordinary one."""
    from .ro_helpers import to_announce

    quotes = []
    for stake in (1, 2):
        g = _ro({0: "I", 2: "KH"}, "QH QD QS QC CH CD", None, stake)
        to_announce(g, "doi_1", call="KH")
        quotes.append((g.cost_of(0, act(Kind.ANNOUNCE, "trula")), g.game_cost(0)))
    assert quotes[1] == (2 * quotes[0][0], 2 * quotes[0][1])


@pytest.mark.parametrize(("name", "title"), [("trula", "Trula"), ("valat_ro", "Valat"),
                                             ("luna_prinsa", "Luna prinsă")])
def test_taper_quotes_what_a_failed_announcement_pays(name, title):
    """TP-10: "Trula, toţi regii, luna prinsă, pagat ultimo and valat use the RO-18 values,
    and trei uses the doi/unu column"; TP-8: "It is paid by or to each opponent, so the
    declarer's total is ×2": the declarer's quote before the announcement is what the failed
    line charges, and a contra doubles it."""
    from .ro_helpers import finish, to_announce

    for contra in (False, True):
        g = _tp({0: "I"}, "QH QD QS QC CH CD")
        to_announce(g, "trei_1")
        assert g.bidder == 0
        while g.to_act != 0:
            g.act(g.to_act, act(Kind.DONE))
        ann = act(Kind.ANNOUNCE, name)
        quoted = g.cost_of(0, ann)
        assert quoted == 2 * g.variant.stake_of(g, name, 0)
        g.act(0, ann)
        if contra:
            dbl = act(Kind.DOUBLE, name)
            while dbl not in g.legal_actions(g.to_act):
                g.act(g.to_act, act(Kind.DONE))
            g.act(g.to_act, dbl)
        while g.phase.value == "announce":
            g.act(g.to_act, act(Kind.DONE))
        finish(g, 40, keep_out=(SKYZ,))
        assert -_failed_line(g, title).net[0] == quoted << contra


def _alone(g: Game, seat: int, quoted: int) -> int:
    """What ``seat`` would pay of a side payment it makes alone against every other active
    seat (the quote's most), for an amount whose alone-share is ``quoted``."""
    per = quoted // (len(g.active) - 1)
    return -side_payment(frozenset(g.active) - {seat}, {seat}, per).get(seat, 0)


@pytest.mark.parametrize("variant", ["czech", "nebraska", "romanian"])
def test_the_bidders_quote_does_not_tell_where_the_called_card_is(variant):
    """Privacy: before the partner shows himself, the bidder cannot know whether a player
    holds the called card or it lies in the talon; the amounts teach mode and Why? quote
    the bidder are the same in both cases (the most, as if alone), and every other seat's
    quote is its exact share (a seat knows whether it holds the called card)."""
    quotes: dict[bool, set[int]] = {True: set(), False: set()}
    for seed in range(400):
        g = new_game(variant, rng=seeded_rng(seed))
        bid = False
        while not g.is_over and g.phase.value not in ("announce", "play"):
            s = g.to_act
            assert s is not None
            legal = g.legal_actions(s)
            first_bid = next((a for a in legal if a.kind is Kind.BID), None)
            if not bid and first_bid is not None:
                bid = True
                g.act(s, first_bid)
                continue
            g.act(s, next((a for a in legal if a.kind in (Kind.DONE, Kind.PASS, Kind.DECLINE)), legal[0]))
        if g.phase.value != "announce" or g.bidder is None or g.called is None or g.knows_own_side(g.bidder):
            continue
        cost = g.game_cost(g.bidder)
        assert cost is not None
        quotes[g.partner is not None].add(cost * 1000 // max(1, g.variant.stake_of(g, "game", g.ann.game_level) or 1))
        for s in g.active:
            if s != g.bidder:
                assert g.knows_own_side(s)
        if quotes[True] and quotes[False]:
            break
    assert quotes[True] and quotes[False], quotes  # both cases came up
    assert quotes[True] == quotes[False] == {3000}
