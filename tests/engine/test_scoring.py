"""The scoring (Czech text, "The scoring"; CZ-5, CZ-7, CZ-8, CZ-9, CZ-16)."""

from bot.engine.scoring import POOL, side_payment

from .helpers import A, all_done, force_end, game

PLAIN = "KH QH CH JH 1H 2H 3H 4H KD QD CD JD"


def _example_one():
    from .helpers import discard_first

    g = game({1: "Sk XXI XX XVIII XVII 7S 8S 9S 10S 7C 8C 9C",
              2: "XIX XVI XV XIV 1D 2D 3D 4D KS QS CS JS",
              3: "II III " + " ".join(PLAIN.split()[:10])},
             talon="QC CC JC XIII 10C KC", dealer=0)
    g.act(1, A("bid", "povinnost"))
    for s in (2, 3, 0):
        g.act(s, A("pass"))
    g.act(1, A("call", "XIX"))
    discard_first(g)
    g.act(2, A("draw"))
    discard_first(g)
    g.act(3, A("draw"))
    discard_first(g)
    return g


def test_worked_example_one():
    """'South deals. East is the first player, and plays a povinnost, calling the XIX, which
    turns out to be held by North. West declares barvičky, and South says flek. East and
    North take 39 card points. East and North win 0.80 for having 4 points more than 35, and
    South and West win 0.50 for West's barvičky. The net gain for East and North is 0.30, so
    West pays 0.30 to North and South pays 0.30 to East.'"""
    g = _example_one()
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("declare", "barvicky"))
    g.act(3, A("done"))
    g.act(0, A("double", "game"))
    g.act(0, A("done"))
    all_done(g)
    force_end(g, 39)
    r = g.result
    game_line, barv = r.lines[0], r.lines[1]
    assert dict(game_line.net) == {1: 80, 2: 80, 0: -80, 3: -80}
    assert dict(barv.net) == {3: 50, 0: 50, 1: -50, 2: -50}
    assert dict(r.net) == {1: 30, 2: 30, 0: -30, 3: -30}
    assert sorted((t.payer, t.payee, t.amount) for t in r.transfers) == [(0, 1, 30), (3, 2, 30)]


def trojka_example():
    """South (seat 0) bids trojka and plays on the third level with taročky and trulhonery."""
    g = game({0: "Sk XXI I XX XIX XVIII XVII XVI KH 7S 8S 9S"},
             talon="XV KD 1D 7C 8C 9C")
    g.act(0, A("bid", "trojka"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("reject"))
    g.act(0, A("take", 1))  # third level
    for c in ("7S", "8S", "9S"):
        g.act(0, A("discard", c))
    return g


def test_worked_example_two_consistent_parts():
    """CZ-8: '... South plays a trojka on the third level, declares taročky and trulhonery,
    takes 47 points, and succeeds in winning the last trick with the pagát, without having
    announced it. South wins 3.60 for the game, 0.50 for the taročky and 1.00 for the pagát.'
    The declaration table rules: trulhonery is paid too (each opponent pays 6.10)."""
    g = trojka_example()
    assert g.level == 3
    g.act(0, A("declare", "tarocky"))
    g.act(0, A("declare", "trul"))
    g.act(0, A("declare", "honery"))
    all_done(g)
    force_end(g, 47, last=[(0, "I"), (1, "KS"), (2, "QS"), (3, "CS")])
    r = g.result
    labels = {ln.label.split(":")[0]: ln.net.get(0, 0) for ln in r.lines}
    assert labels["Game"] == 360 * 3  # 12 points × 0.30 from each of three
    assert r.lines[0].net[1] == -360
    by_label = {ln.label: ln.net for ln in r.lines}
    assert by_label["Seat 1 declared Taročky (8-9 taroky)"][1] == -50
    assert by_label["Pagát won the last trick"][1] == -100
    assert by_label["Seat 1 declared Trul"][1] + by_label["Seat 1 declared Honery"][1] == -100
    assert all(r.net[s] == -610 for s in (1, 2, 3)) and r.net[0] == 1830


def test_35_35_the_bidder_loses():
    """CZ-9: '35 : 35 — the bidder's side loses; the opponents win Kč 0.10, multiplied by
    the game's flek level.'"""
    g = _example_one()
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("done"))
    g.act(0, A("double", "game"))
    g.act(0, A("done"))
    all_done(g)
    force_end(g, 35)
    assert dict(g.result.lines[0].net) == {0: 20, 3: 20, 1: -20, 2: -20}


def test_opponents_paid_for_points_over_35():
    """'The team with more points are paid for each point they have above 35.'"""
    g = _example_one()
    g.act(1, A("done"))
    g.act(2, A("done"))
    g.act(3, A("double", "game"))
    g.act(3, A("done"))
    all_done(g)
    force_end(g, 30)
    assert dict(g.result.lines[0].net) == {0: 100, 3: 100, 1: -100, 2: -100}  # 5 × 0.10 × 2


def solo(options=None, hand0="Sk XXI XX XIX XVIII XVII XVI XV KH 7S 8S 9S"):
    g = game({0: hand0}, options=options)
    g.act(0, A("bid", "solo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    return g


def test_solo_rate_default_040():
    """CZ-5: 'Default Kč 0.40 per point'."""
    g = solo()
    all_done(g)
    force_end(g, 40)
    assert g.result.lines[0].net[0] == 3 * 5 * 40


def test_solo_rate_option():
    """CZ-5: the sólo rate is an option."""
    g = solo({"solo_rate": 50})
    all_done(g)
    force_end(g, 40)
    assert g.result.lines[0].net[1] == -250


def test_trojka_rates_by_level():
    """'Trojka - first level 0.10, second level 0.20, third level 0.30'."""
    g = trojka_example()
    all_done(g)
    force_end(g, 36)
    assert g.result.lines[0].net[1] == -30


def test_silent_valat_seven():
    """'A team which wins every trick is paid a bonus of Kč 7.00. This is in addition to what
    they win for the game.'"""
    g = solo()
    all_done(g)
    force_end(g, 60, tricks={0: 12})
    v = [ln for ln in g.result.lines if ln.label.startswith("Valát")]
    assert len(v) == 1 and v[0].net[1] == -700


def test_announced_valat_made_and_doubled():
    """'If you announce valát ... If this succeeds your team wins a bonus of Kč 14.00 instead
    of Kč 7.00'; flek doubles it (game, pagát and valát are doubled independently)."""
    g = solo()
    g.act(0, A("announce", "valat"))
    g.act(0, A("done"))
    g.act(1, A("double", "valat"))
    g.act(1, A("done"))
    all_done(g)
    assert g.ann.game_level == 0 and g.ann.announced["valat"].level == 1
    force_end(g, 60, tricks={0: 12})
    v = [ln for ln in g.result.lines if ln.label.startswith("Valát")]
    assert len(v) == 1 and v[0].net[1] == -2800


def test_announced_valat_missed():
    """'If your team does not manage to take every trick, your team must pay Kč 14.00.'"""
    g = solo()
    g.act(0, A("announce", "valat"))
    all_done(g)
    force_end(g, 60, tricks={0: 11, 1: 1})
    v = [ln for ln in g.result.lines if ln.label.startswith("Valát")]
    assert len(v) == 1 and v[0].net[0] == -4200


def test_silent_pagat_lost_even_if_partner_wins():
    """'If it does not win ... the team which played the pagát loses Kč 1.00 ... even if the
    last trick is won by a partner of the person who played the pagát.'"""
    g = solo(hand0="I XX XIX XVIII XVII XVI XV XIV KH 7S 8S 9S")
    all_done(g)
    # seat 1 (an opponent) plays the pagát, its partner seat 2 wins with a higher tarok
    force_end(g, 30, last=[(0, "7S"), (1, "I"), (2, "II"), (3, "8S")])
    p = [ln for ln in g.result.lines if ln.label.startswith("Pagát")]
    assert len(p) == 1 and p[0].label == "Pagát lost in the last trick"
    assert p[0].net[0] == 300 and p[0].net[1] == -100


def test_announced_pagat_doubled():
    """'If this succeeds, the team wins Kč 2.00 instead of Kč 1.00'; flek doubles it."""
    g = solo(hand0="I XX XIX XVIII XVII XVI XV XIV KH 7S 8S 9S")
    g.act(0, A("announce", "pagat"))
    g.act(0, A("done"))
    g.act(1, A("double", "pagat"))
    all_done(g)
    force_end(g, 40, last=[(0, "I"), (1, "KS"), (2, "QS"), (3, "CS")])
    p = [ln for ln in g.result.lines if ln.label.startswith("Pagát")]
    assert p[0].label == "Pagát announced and won" and p[0].net[1] == -400


def test_announced_pagat_not_in_last_trick_fails():
    """'It can fail in two ways: the announcer is forced to play the pagát before the last
    trick; ...'"""
    g = solo(hand0="I XX XIX XVIII XVII XVI XV XIV KH 7S 8S 9S")
    g.act(0, A("announce", "pagat"))
    all_done(g)
    force_end(g, 40, last=[(0, "XX"), (1, "KS"), (2, "QS"), (3, "CS")])
    p = [ln for ln in g.result.lines if ln.label.startswith("Pagát")]
    assert p[0].label == "Pagát announced and lost" and p[0].net[0] == -600


def test_side_payment_per_pair_and_per_opponent():
    """'When the bidder calls a partner and two play against two, each player pays to or
    receives from one player of the other team. When the bidder plays alone, the bidder is
    paid by all three opponents, or pays to all three opponents.'"""
    assert side_payment([0, 2], [1, 3], 10) == {0: 10, 2: 10, 1: -10, 3: -10}
    assert side_payment([0], [1, 2, 3], 10) == {0: 30, 1: -10, 2: -10, 3: -10}
    assert side_payment([1, 2, 3], [0], 10) == {1: 10, 2: 10, 3: 10, 0: -30}


def druha_game(pool, level=0):
    from .helpers import discard_first

    g = game({1: "I XX Sk XXI XVIII XVII 7S 8S 9S 10S 7C 8C"}, talon="KH QH QS JS 2D KC",
             options={"zid": True}, pool=pool)
    g.act(0, A("bid", "povinnost"))
    g.act(1, A("bid", "druha"))
    g.act(2, A("pass"))
    g.act(3, A("pass"))
    g.act(1, A("call", "XIX"))
    while g.phase.value != "announce":
        s = g.to_act
        acts = g.legal_actions(s)
        g.act(s, next((a for a in acts if a.code == "draw"), acts[0]))
        discard_first(g)
    seat = g.to_act
    for _ in range(level):
        # flek by an opponent of the pagát's side, reflek by its side, super by the flek side
        while True:
            s = g.to_act
            if A("double", "pagat") in g.legal_actions(s):
                g.act(s, A("double", "pagat"))
                g.act(s, A("done"))
                break
            g.act(s, A("done"))
    del seat
    all_done(g)
    return g


def test_zid_druha_success_takes_the_pool():
    """CZ-16: 'Druhá povinnost with a successful pagát: bidder and partner take the whole
    pool, shared equally (a lone bidder takes it all)'."""
    g = druha_game(pool=600)
    partner = g.partner
    force_end(g, 40, last=[(1, "I"), (0, "KS"), (2, "QS"), (3, "CS")])
    z = [ln for ln in g.result.lines if "Žid" in ln.label]
    assert len(z) == 1
    if partner is None:
        assert dict(z[0].net) == {POOL: -600, 1: 600}
    else:
        assert dict(z[0].net) == {POOL: -600, 1: 300, partner: 300}
    assert g.result.pool_delta == -600


def test_zid_druha_failure_costs_the_pool_nothing():
    """CZ-16: 'a failed pagát costs the pool nothing.'"""
    g = druha_game(pool=600)
    force_end(g, 40, last=[(1, "I"), (0, "KS"), (2, "II"), (3, "CS")])
    assert not [ln for ln in g.result.lines if "Žid" in ln.label]
    assert g.result.pool_delta == 0


def test_zid_kontra_rekontra_super():
    """CZ-16: 'With kontra on that pagát the pool stays untouched and each loser pays each
    winner half the pool (per pair ...); with rekontra the whole pool per pair; with super
    twice the pool.'"""
    for level, per in ((1, 300), (2, 600), (3, 1200)):
        g = druha_game(pool=600, level=level)
        assert g.ann.announced["pagat"].level == level
        force_end(g, 40, last=[(1, "I"), (0, "KS"), (2, "QS"), (3, "CS")])
        z = [ln for ln in g.result.lines if "Žid" in ln.label]
        assert len(z) == 1 and POOL not in z[0].net
        opp = [s for s in range(4) if s not in g.declarer_side]
        assert all(z[0].net[s] == -per * (1 if len(g.declarer_side) == 2 else 1) for s in opp)
        assert g.result.pool_delta == 0
