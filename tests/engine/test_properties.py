"""Invariants over thousands of random hands (hypothesis): cards conserved, 70 card
points, zero-sum settlements, offered actions accepted and all others rejected, records
replayed identically."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import VARIANTS, new_game, replay_record
from bot.engine.actions import Action, Kind, act
from bot.engine.cards import CARDS
from bot.engine.invariants import check_finished


def universe(g) -> list[Action]:
    """Every action that could conceivably be tried (to check the rejections)."""
    out = [act(Kind.PLAY, c) for c in CARDS] + [act(Kind.DISCARD, c) for c in CARDS]
    out += [act(Kind.CALL, c) for c in CARDS]
    out += [act(Kind.BID, n) for n in g.variant.contracts]
    out += [act(k) for k in Kind if k not in (Kind.PLAY, Kind.DISCARD, Kind.CALL, Kind.BID,
                                               Kind.ANNOUNCE, Kind.DECLARE, Kind.DOUBLE,
                                               Kind.TAKE, Kind.BATCH)]
    out += [act(Kind.TAKE, i) for i in (1, 2, 3)] + [act(Kind.BATCH, i) for i in (1, 2, 3, 4)]
    out += [act(Kind.ANNOUNCE, n) for n in ("pagat", "valat", "king_last", "tarok1_last",
                                             "sweep")]
    out += [act(Kind.DOUBLE, n) for n in ("game", "pagat", "valat", "king_last")]
    out += [act(Kind.DECLARE, n) for n in ("taroky", "tarocky", "barvy", "barvicky", "trul",
                                             "honery", "kralovske_honery", "ten_taroky",
                                             "no_trumps", "no_three", "no_kings")]
    return out


def play_random(seed: int, variant: str, seats: int, options: dict, check_all: bool):
    rng = random.Random(seed)
    g = new_game(variant, players=seats, dealer=seed % seats, options=options, rng=rng,
                 pool=rng.choice((0, 0, 300, 600)))
    uni = universe(g)
    steps = 0
    while not g.is_over:
        s = g.to_act
        legal = g.legal_actions(s)
        assert legal, f"no legal action in phase {g.phase}"
        for other in g.active:
            if other != s:
                assert g.legal_actions(other) == []
        if check_all or steps % 7 == 0:
            legal_set = set(legal)
            for a in uni:
                assert g.can(s, a) == (a in legal_set), (g.phase, a)
        g.act(s, legal[int(rng.random() * len(legal))])
        steps += 1
    return g


OPTION_SETS = [
    {},
    {"zid": True},
    {"throw_in_povinnost": False, "single_barvy": True},
    {"ritual": True, "knock_six_six": True, "trojka_hidden_talon": True},
    {"varsava_scoring": "alternative", "varsava_mond_rule": False, "solo_rate": 50},
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((4, 5)),
       opts=st.sampled_from(OPTION_SETS))
def test_random_hands_keep_every_invariant(seed, seats, opts):
    g = play_random(seed, "czech", seats, opts, check_all=False)
    assert check_finished(g) == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_offered_actions_accepted_and_all_others_rejected(seed):
    g = play_random(seed, "czech", 4, {"ritual": True}, check_all=True)
    assert g.is_over


KINGCALL_OPTIONS = {
    "nebraska": [{}, {"ritual": True, "kontra": False, "four_kings_call": "queen"},
                 {"four_kings_call": "xix"}],
    "heun": [{}, {"ritual": True, "tarok1_strict": True, "four_kings_call": "queen"}],
    "petrtyl": [{}, {"ritual": True, "kontra": False, "pot_seed": 3, "four_kings_call": "xix"}],
}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((4, 5)),
       variant=st.sampled_from(sorted(KINGCALL_OPTIONS)), pick=st.integers(0, 2))
def test_king_calling_hands_keep_every_invariant(seed, seats, variant, pick):
    """NE / HE / PT: cards conserved, 70 points, zero-sum, exact legality, replay."""
    opts = KINGCALL_OPTIONS[variant][pick % len(KINGCALL_OPTIONS[variant])]
    g = play_random(seed, variant, seats, opts, check_all=seed % 3 == 0)
    assert check_finished(g) == []


def test_thousands_of_hands_in_every_variant():
    """A broad sweep: every registered variant, many seeds, both seat counts."""
    for name, v in VARIANTS.items():
        for seed in range(1500):
            seats = v.seat_counts[seed % len(v.seat_counts)]
            g = play_random(seed, name, seats, {}, check_all=False)
            problems = check_finished(g, replay=seed % 5 == 0)
            assert problems == [], (name, seed, problems)


def test_records_replay_identically_through_json():
    for seed in range(200):
        g = play_random(seed, "czech", 4, OPTION_SETS[seed % len(OPTION_SETS)], False)
        rec = json.loads(json.dumps(g.to_record(), ensure_ascii=False))
        g2 = replay_record(rec)
        assert g2.result.net == g.result.net
        assert g2.to_record() == rec
