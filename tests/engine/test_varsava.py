"""Varšava (Czech text, "Varšava"; CZ-12, CZ-13, CZ-16)."""

from bot.engine import Phase
from bot.engine.cards import cards_of, mask_of, parse_card, parse_cards
from bot.engine.game import Trick
from bot.engine.scoring import POOL

from .helpers import A, game


def varsava(hands=None, options=None, talon=""):
    g = game(hands or {}, talon=talon, options=options)
    g.act(0, A("bid", "povinnost"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("varsava"))
    assert g.phase is Phase.PLAY and g.contract.name == "varsava"
    return g


def position(g, seat, hand, plays):
    """Set up a trick in progress with ``seat`` to play ``hand``."""
    g.hands[seat] = mask_of(parse_cards(hand))
    g.trick = Trick(plays[0][0] if plays else seat, [(s, parse_card(c)) for s, c in plays])
    g.to_act = seat
    return {c.short for c in cards_of(g.legal_play_mask(seat))}


def test_everyone_sees_the_talon_card_on_the_last_trick():
    """CZ-13: the talon cards go face up onto the first six tricks, so every view (and
    the public one) shows the one on the trick just taken, and none after the sixth."""
    import random

    g = varsava()
    rng = random.Random(3)
    while len(g.tricks) < 7:
        s = g.to_act
        la = g.legal_actions(s)
        done = len(g.tricks)
        g.act(s, la[int(rng.random() * len(la))])
        if len(g.tricks) > done:
            want = g.talon[done] if done < 6 else None
            for seat in (None, 0, 1, 2, 3):
                assert g.view_for(seat).last_trick_talon == want


def test_no_announcements_in_varsava():
    """'In a Varšava, no declarations, announcements or bonuses are available.' As usual,
    the player to the dealer's right leads."""
    g = varsava()
    assert g.to_act == g.forehand == 0 and not g.ann.log


def test_compulsory_overtaking():
    """CZ-13 / 'Subject to the rules of following suit, each player must if possible play a
    card which beats all the cards so far played to the trick.'"""
    g = varsava()
    assert position(g, 2, "KH 2H 4H 7S", [(0, "3H"), (1, "4H")]) == {"KH", "2H"}
    assert position(g, 2, "KH 2H 4H 7S", [(0, "3H"), (1, "1H")]) == {"KH"}  # ace > 2
    assert position(g, 2, "3H 4H 7S", [(0, "1H")]) == {"3H", "4H"}  # cannot beat: any heart
    assert position(g, 2, "X III 7S", [(0, "1H"), (1, "V")]) == {"X"}


def test_pagat_only_as_last_tarok():
    """CZ-13: 'the pagát may be played only as the last tarok held'."""
    g = varsava()
    assert position(g, 2, "I V 7S", [(0, "1H")]) == {"V"}
    assert position(g, 2, "I 7S", [(0, "1H")]) == {"I"}


def test_mond_restrictions():
    """CZ-13: 'the mond may not be led, nor played to a trick already holding the škýz,
    unless it is the only tarok held or only mond and pagát are held, but it may be played
    to beat a lower tarok or to trump a suit.'"""
    g = varsava()
    assert "XXI" not in position(g, 0, "XXI V 7S", [])
    assert "XXI" in position(g, 0, "XXI I 7S", [])
    assert "XXI" in position(g, 0, "XXI 7S", [])
    assert position(g, 2, "XXI V", [(0, "II"), (1, "Sk")]) == {"V"}
    assert position(g, 2, "XXI V", [(0, "X")]) == {"XXI"}  # overtaking with the mond
    assert position(g, 2, "XXI V", [(0, "1H")]) == {"XXI", "V"}  # trumping a suit


def test_no_mond_restriction_option():
    """CZ-13 option: 'no mond restriction'."""
    g = varsava(options={"varsava_mond_rule": False})
    assert "XXI" in position(g, 0, "XXI V 7S", [])


def test_talon_cards_onto_first_six_tricks():
    """CZ-13: 'Talon cards go face up, one each, onto the first six tricks.'"""
    g = varsava()
    while len(g.tricks) < 7:
        s = g.to_act
        g.act(s, g.legal_actions(s)[0])
    for i, t in enumerate(g.tricks[:6]):
        assert t.talon_card == g.talon[i]
        assert g.won[t.winner] >> g.talon[i] & 1
    assert g.tricks[6].talon_card is None
    assert list(g.exposed[:6]) == list(g.talon)


def piles(pts: dict[int, int]) -> dict[int, int]:
    """Disjoint piles of cards counting exactly the given points (a seeded random search)."""
    import random

    from bot.engine.cards import count_mask_points

    rng = random.Random(7)
    for _ in range(200):
        remaining = list(range(54))
        out: dict[int, int] = {}
        for s, p in sorted(pts.items(), key=lambda kv: -kv[1]):
            if p == 0:
                out[s] = 0
                continue
            for _ in range(3000):
                k = rng.randint(1, min(8, len(remaining) // 3))
                pick = rng.sample(remaining, 3 * k)
                m = sum(1 << c for c in pick)
                if count_mask_points(m) == p:
                    out[s] = m
                    remaining = [c for c in remaining if c not in pick]
                    break
            else:
                break
        if len(out) == len(pts):
            return out
    raise AssertionError(f"cannot split {pts}")


def settle_varsava(g, pts: dict[int, int], no_trick=()):
    """End a Varšava with the given card points per seat."""
    for s in g.active:
        g.hands[s] = 0
        g.won[s] = 0
    for s, m in piles(pts).items():
        g.won[s] = m
    g.tricks_won = [0 if s in no_trick else 3 for s in range(4)]
    g.tricks = [Trick(0, [], 0)]
    g.finish()
    return g.result


def test_worked_example_ties_share_and_no_trick_doubles():
    """CZ-12: 'if two players take 26 points each and one player takes no trick, the player
    without a trick is entitled to receive Kč 2.00 and the other winner receives Kč 1.00, so
    the losers must pay Kč 1.50 each.'"""
    g = varsava()
    r = settle_varsava(g, {0: 26, 1: 26, 2: 18, 3: 0}, no_trick=(3,))
    assert dict(r.net) == {0: -150, 1: -150, 2: 100, 3: 200}


def test_payment_scale():
    """'up to 29 points pay Kč 1.00; 30 to 39 points pay Kč 2.00; 40 or more pay Kč 4.00'."""
    for top, each in ((29, 100), (30, 200), (39, 200), (40, 400)):
        g = varsava()
        rest = 70 - top
        r = settle_varsava(g, {0: top, 1: rest // 3, 2: rest // 3, 3: rest - 2 * (rest // 3)})
        if max(rest // 3, rest - 2 * (rest // 3)) < top:
            assert r.net[0] == -3 * each and r.net[1] == each


def test_alternative_scoring_option():
    """CZ-13 option: 'the loser pays 0.50 to each other player, doubled if the loser took 35
    or more points, and with a double payment to anyone who took no trick.'"""
    g = varsava(options={"varsava_scoring": "alternative"})
    r = settle_varsava(g, {0: 36, 1: 20, 2: 14, 3: 0}, no_trick=(3,))
    assert dict(r.net) == {0: -400, 1: 100, 2: 100, 3: 200}


def test_zid_varsava_pays_only_the_pool():
    """CZ-16: 'Varšava payments go only to the pool on the scale 1.00 for 19–28 points, 2.00
    for 29–38, 3.00 for 39 or more, paid by every player over 18 points.'"""
    g = varsava(options={"zid": True})
    r = settle_varsava(g, {0: 30, 1: 19, 2: 18, 3: 3})
    assert dict(r.net) == {0: -200, 1: -100, POOL: 300}
    assert r.pool_delta == 300
