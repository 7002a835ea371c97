"""The sweeps reach every rule: a fixed, seeded sweep of explorer hands per variant
(``bot.ai.explore.sweep``) reaches every contract, talon level, call, announcement,
declaration, doubling step, ritual choice and every way a hand can end early.

The expected items are derived from the variant's own data wherever the engine exposes it
(``contracts``, ``option_specs``, ``max_double`` / ``double_words``, ``has_ritual``, the
king-calling axes); where it does not, they are listed here with the clarification that
makes them a rule.  The property sweep (``test_properties.py``) checks the invariants of
these very hands, so a refactor that breaks a rarely reached rule fails there, and a
change that stops the sweep reaching a rule fails here.
"""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from bot.ai.explore import Item, coverage, coverage_table, sweep
from bot.engine import VARIANTS, Variant, find_variant
from bot.engine.variants import Czech, KingCall, Kozy, Petrtyl, Polish, Romanian, polish
from bot.engine.variants.czech import CALLABLE, DECLARATIONS
from bot.engine.variants.kozy import GROUP_SIZE, TAROKI_COUNTS
from tests.engine.test_properties import SWEEP_HANDS, SWEEP_SEED

#: The very hands of the property sweep (``test_properties.py``), about two seconds a
#: variant on the compiled engine.
HANDS = SWEEP_HANDS
SEED = SWEEP_SEED

NAMES = sorted(VARIANTS)


@functools.cache
def reached(name: str) -> Counter[Item]:
    return coverage(sweep(name, HANDS, seed=SEED))


def check(name: str, expected: set[Item]) -> None:
    got = reached(name)
    missing = sorted(i for i in expected if not got[i])
    assert not missing, (f"{name}: never reached {missing}\n"
                         + coverage_table(find_variant(name), got, HANDS))


def option_choices(v: Variant, key: str) -> tuple[object, ...]:
    spec = next((o for o in v.option_specs if o.key == key), None)
    return () if spec is None or spec.choices is None else spec.choices


def has_option(v: Variant, key: str) -> bool:
    return any(o.key == key for o in v.option_specs)


@pytest.mark.parametrize("name", NAMES)
def test_every_contract_is_played(name):
    """Every entry of the variant's ``contracts`` is the contract of some hand (Czech
    Varšava, CZ-13; druhá povinnost, CZ-1; Five Over only over Five, NE-2; Three and Grand
    Nullo, PT-1)."""
    v = find_variant(name)
    check(name, {("contract", c) for c in v.contracts})


@pytest.mark.parametrize("name", NAMES)
def test_every_talon_level_is_taken(name):
    """A staged talon is taken at each of its levels: the first three, the second three, or
    both shown and the first three taken back (NE-4; Czech trojka); RO-9: every level of every
    doi, unu and trei, going back included (up to 13)."""
    v = find_variant(name)
    if isinstance(v, Kozy):  # KZ-8: groups of 3, 2 or 1, each group taken
        check(name, {("level", f"{n} {lvl}") for n, size in GROUP_SIZE.items()
                     for lvl in range(1, 6 // size + 1)})
        return
    check(name, {("level", f"{n} {lvl}") for n, c in v.contracts.items()
                 for lvl in v.talon_levels(c)})


@pytest.mark.parametrize("name", NAMES)
def test_every_call_is_made(name):
    """Czech: XIX, and XVIII, XVII, XVI when the taroky above are held (CZ-2).  King
    calling: a king, the fourth king (NE-3), the four-kings option's queen or XIX (NE-3),
    Petrtyl's "Without a King" (PT-2).  In every variant a called card that is the
    bidder's own (CZ-2, NE-3: alone) or lies in the talon (CZ-4; NE-5, HE-5: the blind
    split)."""
    v = find_variant(name)
    if isinstance(v, Czech):
        expected = {("call", c.short) for c in CALLABLE}
    elif isinstance(v, Kozy):
        expected = {("call", "a king")}  # KZ-5: any of the four kings
    elif isinstance(v, Romanian):
        expected = {("call", "a king")} if v.calls_king else set()  # RO-8; TP-6: no call
        if not v.calls_king:
            return
    else:
        assert isinstance(v, KingCall)
        expected = {("call", "a king"), ("call", "fourth king")}
        choices = option_choices(v, "four_kings_call")
        if "queen" in choices:
            expected.add(("call", "a queen"))
        if "xix" in choices:
            expected.add(("call", "XIX"))
        if v.can_play_alone:
            expected.add(("call", "without a king"))
    check(name, expected | {("call", "own card"), ("call", "card in the talon")})


# The announcements each variant offers (the engine has no list of them):
ANNOUNCEMENTS = {
    "czech": {"pagat", "valat"},  # CZ-6
    "nebraska": {"king_last", "tarok1_last"},  # NE-7
    "heun": {"king_last", "tarok1_last"},  # HE-1, HE-7
    "petrtyl": {"king_last", "tarok1_last", "sweep"},  # PT-3
    "polish": {polish.PAGAT_LAST, polish.WALAT},  # PL-6
    "kozy": {"krol_ultymo", "trul", "pagat_ultymo", "walat"},  # KZ-6, KZ-11
    # RO-15, RO-25 Czernowitz's regele prins (TP-6: no rege ultimo in Taper)
    "romanian": {"trula", "toti_regii", "luna_prinsa", "pagat_ultimo", "rege_ultimo", "valat_ro",
                 "regele_prins"},
    "taper": {"trula", "toti_regii", "luna_prinsa", "pagat_ultimo", "valat_ro"},
}


@pytest.mark.parametrize("name", NAMES)
def test_every_announcement_is_made(name):
    """Pagát and valát (CZ-6); King Last and Tarok 1 Last (NE-7); Sweep (PT-3)."""
    check(name, {("announce", a) for a in ANNOUNCEMENTS[name]})


@pytest.mark.parametrize("name", NAMES)
def test_every_declaration_is_made(name):
    """Czech: the declaration table, barvy and barvičky both (CZ-7, CZ-14's single barvy
    option); king calling: Ten Taroky (NE-7); Petrtyl's Grand Nullo declarations (PT-3)."""
    v = find_variant(name)
    if isinstance(v, Polish):
        expected = set(polish.DECLARATIONS)  # PL-12
    elif isinstance(v, Czech):
        expected = set(DECLARATIONS)
    elif isinstance(v, Kozy):  # KZ-15, and the four kings shown before the bidding (KZ-3)
        expected = {*TAROKI_COUNTS.values(), "cztery_krole"}
    elif isinstance(v, Romanian):  # RO-13, TP-9
        expected = {v.declaration_name(n) for n in v.declare_counts}
    else:
        expected = {"ten_taroky"}
        if isinstance(v, Petrtyl):
            expected |= {"no_trumps", "no_three", "no_kings"}
    check(name, {("declare", d) for d in expected})


@pytest.mark.parametrize("name", NAMES)
def test_every_doubling_step_is_said(name):
    """Every step up to the variant's depth: flek, reflek and super on the game, the pagát
    and the valát, each independently (CZ-6); kontra and rekontra on the game (NE-8); none
    in Heun (HE-7)."""
    v = find_variant(name)
    words = v.double_words[1:v.max_double + 1]
    if isinstance(v, Polish):  # PL-6: kontra, re, sub, mord on each
        targets = {"game", polish.PAGAT_LAST, polish.WALAT}
    elif isinstance(v, Czech):
        targets = {"game", "pagat", "valat"}
    elif isinstance(v, Kozy):  # K10: the first round's chains and the second's (KZ-11 option)
        targets = {"game", "krol_ultymo", "trul", "pagat_ultymo", "walat"}
    elif isinstance(v, Romanian):  # RO-15: the game and every bonus, separately
        targets = {"game", "trula", "pagat_ultimo", "valat_ro"}
    else:
        assert isinstance(v, KingCall)
        targets = {"game"} if v.kontra_contracts else set()
    check(name, {("double", f"{t} {w}") for t in targets for w in words})


@pytest.mark.parametrize("name", NAMES)
def test_every_ritual_choice_is_made(name):
    """Cut or knock, and each batch of twelve (C-2); after a knock the dealer's six-six or
    twelves where the option exists (CZ-14)."""
    v = find_variant(name)
    expected: set[Item] = set()
    if v.has_ritual:
        expected |= {("ritual", "cut"), ("ritual", "knock")}
        players = max(n - (1 if n == 5 else 0) for n in v.seat_counts)  # (Taper: 3 batches)
        expected |= {("ritual", f"batch {b}") for b in range(1, players + 1)}
    if has_option(v, "knock_six_six"):
        expected |= {("ritual", "deal six-six"), ("ritual", "deal in twelves")}
    check(name, expected)


@pytest.mark.parametrize("name", NAMES)
def test_every_auction_path_is_taken(name):
    """Holding the bid (NE-2); the fourth player bidding after three passes (NE-2); the
    dealer playing Four when everyone passes (HE-3)."""
    v = find_variant(name)
    expected: set[Item] = set()
    if isinstance(v, Romanian):  # RO-7 la mine; RO-22 michi-michi, TP-11 thrown in
        expected.add(("auction", "hold"))
        expected.add(("contract", "michi") if v.has_michi else ("end", "all passed, thrown in"))
    if isinstance(v, KingCall):
        expected.add(("auction", "hold"))
        if v.last_must_bid:
            expected.add(("auction", "bid after all others passed"))
        if v.all_pass_dealer_four:
            expected.add(("auction", "all passed"))
    if isinstance(v, Kozy):  # KZ-4: one turn each, the last may bid after three passes
        expected.add(("auction", "bid after all others passed"))
    check(name, expected)


@pytest.mark.parametrize("name", NAMES)
def test_every_early_end_is_reached(name):
    """Surrender (CZ-4, NE-4); a hand without kings or taroky thrown in (NE, HE-8); a quiet
    povinnost settled without play (CZ-10) and Three not overcalled (PT-1); a player
    declining to draw from the povinnost talon (CZ-3)."""
    v = find_variant(name)
    expected: set[Item] = {("end", "surrender")}
    if isinstance(v, Romanian):  # RO-11 (TP-6: no surrender), RO-5 annulment
        expected = {("end", "throw-in")} | ({("end", "surrender")} if v.calls_king else set())
    if isinstance(v, KingCall | Polish):  # (PL-2: the weak hand's throw-in)
        expected.add(("end", "throw-in"))
    if isinstance(v, Czech | Petrtyl):
        expected.add(("end", "settled without play"))
    if isinstance(v, Czech):
        expected.add(("talon", "decline"))
    if isinstance(v, Kozy):  # KZ-2 before the bidding; KZ-4 a declarer's Jeden thrown in
        expected |= {("end", "throw-in before the bidding"), ("end", "settled without play")}
    check(name, expected)


@pytest.mark.parametrize("name", NAMES)
def test_last_trick_outcomes_are_reached(name):
    """The tarok I winning and losing the last trick (Czech pagát, NE-7 Tarok 1 Last); an
    announced last-trick card played early, which La Vista treats as abandoned (NE-7)."""
    v = find_variant(name)
    expected: set[Item] = {("outcome", "tarok I won the last trick"),
                           ("outcome", "tarok I lost in the last trick")}
    if isinstance(v, KingCall) and not v.keep_announced:
        expected |= {("outcome", "king_last played early"),
                     ("outcome", "tarok1_last played early")}
    check(name, expected)


@pytest.mark.parametrize("name", NAMES)
def test_options_and_seat_counts_are_varied(name):
    """Every bool option on and off, every choice of every option, every seat count (C-5)."""
    v = find_variant(name)
    expected: set[Item] = {("seats", str(n)) for n in v.seat_counts}
    for o in v.option_specs:
        if isinstance(o.default, bool):
            expected |= {("option", f"{o.key}=True"), ("option", f"{o.key}=False")}
        elif o.choices is not None:
            expected |= {("option", f"{o.key}={c}") for c in o.choices}
    check(name, expected)


@pytest.mark.parametrize("name", NAMES)
def test_valat_is_taken_by_each_side(name):
    """One side takes every trick, the bidder's and the opponents': the valát payment
    (Czech), the valát doubling (NE-7), Sweep and Grand Sweep (PT-3)."""
    check(name, {("outcome", "valat by the bidder's side"), ("outcome", "valat by the opponents")})


def test_a_sweep_is_deterministic_given_its_seed():
    """The same seed deals the same packs and the explorer makes the same choices (the
    engine's random source and the explorer's are separate, both seeded)."""
    for name in NAMES:
        a = [g.to_record() for g in sweep(name, 40, seed=3)]
        b = [g.to_record() for g in sweep(name, 40, seed=3)]
        assert a == b
        assert a != [g.to_record() for g in sweep(name, 40, seed=4)]


@pytest.mark.parametrize("name", NAMES)
def test_the_pool_is_paid_into_and_out(name):
    """The Žid is fed by Varšava and taken by a druhá povinnost whose pagát wins (CZ-16);
    Petrtyl's pot is won or doubled by a side that announced Tarok 1 Last (PT-4)."""
    v = find_variant(name)
    expected: set[Item] = set()
    if (has_option(v, "zid") or has_option(v, "pot_seed") or has_option(v, "pool")
            or isinstance(v, Polish)):
        expected = {("outcome", "pool paid into"), ("outcome", "pool paid out")}
    check(name, expected)


@pytest.mark.parametrize("name", NAMES)
def test_radler_deals_are_played(name):
    """RO-23: after a michi-michi the next four deals are played at double stakes (TP-11:
    three after an all-pass throw-in)."""
    v = find_variant(name)
    check(name, {("radler", "stake 2")} if isinstance(v, Romanian) else set())
