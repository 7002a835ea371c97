"""Invariants over thousands of hands (hypothesis and seeded sweeps): cards conserved, 70
card points, zero-sum settlements, offered actions accepted and all others rejected,
records replayed identically.

The hands are played by the explorer (``bot.ai.explore``), which reaches every contract,
call, announcement, declaration, doubling step, Varšava, surrender and throw-in, with the
variant's options varied (every bool on and off, every choice) and a share of lumpy packs
that deal rare hands; ``test_coverage.py`` checks that it does.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai.explore import Explorer, lumpy_deck, random_options, sweep
from bot.engine import VARIANTS, find_variant, new_game, replay_record
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
    out += [act(Kind.TAKE, i) for i in range(1, 7)] + [act(Kind.BATCH, i) for i in (1, 2, 3, 4)]
    out += [act(Kind.ANNOUNCE, n) for n in ("pagat", "valat", "king_last", "tarok1_last",
                                             "sweep", "krol_ultymo", "trul", "pagat_ultymo",
                                             "walat")]
    out += [act(Kind.DOUBLE, n) for n in ("game", "pagat", "valat", "king_last", "krol_ultymo",
                                           "trul", "pagat_ultymo", "walat")]
    out += [act(Kind.DECLARE, n) for n in ("taroky", "tarocky", "barvy", "barvicky", "trul",
                                             "honery", "kralovske_honery", "ten_taroky",
                                             "no_trumps", "no_three", "no_kings", "cztery_krole",
                                             *(f"taroki_{k}" for k in (0, 1, 2, 10, 11, 12)))]
    # RO-13 … RO-15, TP-9: the Romanian and Taper names; RO-9: going back into the talon.
    ro = ("trula", "toti_regii", "luna_prinsa", "pagat_ultimo", "rege_ultimo", "valat_ro")
    out += [act(Kind.ANNOUNCE, n) for n in ro] + [act(Kind.DOUBLE, n) for n in ro]
    out += [act(Kind.DECLARE, f"taroace_{n}") for n in range(8, 13)]
    out += [act(Kind.TAKE_BACK, i) for i in range(1, 7)]
    return out


def play_explored(seed: int, variant: str, seats: int, options: dict | None, check_all: bool):
    """One hand from ``seed``: the engine deals from one generator (a lumpy pack for every
    third seed), the explorer decides from another; ``options`` None draws them."""
    v = find_variant(variant)
    rng = random.Random(seed)
    if options is None:
        options = random_options(v, rng)
    deck = lumpy_deck(v, rng) if seed % 3 == 0 else None
    g = new_game(v, players=seats, dealer=seed % seats, options=options, rng=rng, deck=deck,
                 pool=rng.choice((0, 0, 300, 600)))
    player = Explorer(random.Random(f"explore {seed}"))
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
        g.act(s, player(g, s, legal))
        steps += 1
    return g


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((4, 5)))
def test_czech_hands_keep_every_invariant(seed, seats):
    """Czech: cards conserved, 70 points, zero-sum, replay, with the options varied."""
    g = play_explored(seed, "czech", seats, None, check_all=False)
    assert check_finished(g) == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_offered_actions_accepted_and_all_others_rejected(seed):
    """Exactly the offered actions are accepted, at every step, from the cut on (C-2)."""
    opts = random_options(find_variant("czech"), random.Random(seed)) | {"ritual": True}
    g = play_explored(seed, "czech", 4, opts, check_all=True)
    assert g.is_over


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((4, 5)),
       variant=st.sampled_from(("nebraska", "heun", "petrtyl")))
def test_king_calling_hands_keep_every_invariant(seed, seats, variant):
    """NE / HE / PT: cards conserved, 70 points, zero-sum, exact legality, replay, with
    the options varied."""
    g = play_explored(seed, variant, seats, None, check_all=seed % 3 == 0)
    assert check_finished(g) == []


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_kozy_hands_keep_every_invariant(seed):
    """KZ: cards conserved (talon shares by KZ-10 included), 70 points, zero-sum, exact
    legality through both announcement rounds and the staged talon, replay, with the
    options varied."""
    g = play_explored(seed, "kozy", 4, None, check_all=seed % 3 == 0)
    assert check_finished(g) == []


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(("romanian", "taper")))
def test_romanian_and_taper_hands_keep_every_invariant(seed, variant):
    """RO / TP: cards conserved, 70 points (TP-2: 66 in Taper's 42 cards), zero-sum with the
    pool, exactly the offered actions accepted, replay, with the options varied."""
    g = play_explored(seed, variant, find_variant(variant).seat_counts[0], None,
                      check_all=seed % 3 == 0)
    assert check_finished(g) == []


#: The broad sweep: ``test_coverage.py`` shows that these hands reach every rule.
SWEEP_HANDS = 2000
SWEEP_SEED = 2026


def test_thousands_of_hands_in_every_variant():
    """A broad sweep: every registered variant, sessions of both seat counts, options
    varied, explorer players."""
    for name in VARIANTS:
        for i, g in enumerate(sweep(name, SWEEP_HANDS, seed=SWEEP_SEED)):
            problems = check_finished(g, replay=i % 5 == 0)
            assert problems == [], (name, i, problems)


def test_records_replay_identically_through_json():
    """A record survives JSON and replays to the same settlement and the same record."""
    for name in VARIANTS:
        for g in sweep(name, 60, seed=5):
            rec = json.loads(json.dumps(g.to_record(), ensure_ascii=False))
            g2 = replay_record(rec)
            assert g2.result.net == g.result.net
            assert g2.to_record() == rec
