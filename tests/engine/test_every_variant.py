"""Every registered variant, at each of its seat counts and with each option set it offers,
played at random to the end under the harness's invariants (``harness.py``: legal play,
cards conserved, card points total, money zero-sum with the pools, replay and clone equal).
A new variant or a new option is played here as soon as it is registered."""

from __future__ import annotations

import random

import pytest

from bot.engine import VARIANTS, find_variant

from .harness import Setting, mixed_setting, option_values, play_session, settings

SETTINGS = settings()
#: Seeds of the longer run on each variant's default rules.
SEEDS = range(4)


@pytest.mark.parametrize("setting", SETTINGS, ids=[s.id for s in SETTINGS])
def test_a_session_keeps_every_invariant(setting: Setting) -> None:
    """C-3 (only legal play), C-4 ("Every settlement, pool included, sums to zero"), C-5
    (the dealer of five sits out), the pack conserved, its 70 card points (TP-2: 66), and
    records and clones equal."""
    played = play_session(setting, seed=SETTINGS.index(setting))
    assert played.records and all(r["result"] is not None for r in played.records)


DEFAULTS = [s for s in SETTINGS if not s.options]


@pytest.mark.parametrize("setting", DEFAULTS, ids=[s.id for s in DEFAULTS])
def test_many_seeds_on_the_default_rules(setting: Setting) -> None:
    """The same invariants over more seeds of each variant's default rules."""
    for seed in SEEDS:
        play_session(setting, seed=1000 + seed)


@pytest.mark.parametrize("name", sorted({v.name for v in VARIANTS.values()}))
def test_options_in_combination(name: str) -> None:
    """Every option of the variant drawn at once (each at its default or another value)."""
    rng = random.Random(f"mixed {name}")
    for seed in range(3):
        play_session(mixed_setting(find_variant(name), rng), seed=2000 + seed)


@pytest.mark.parametrize("name", sorted({v.name for v in VARIANTS.values()}))
def test_the_same_seed_plays_the_same_session(name: str) -> None:
    """Deterministic given a seed: the same seed deals and plays the same records, another
    seed other ones."""
    setting = next(s for s in DEFAULTS if s.variant == name)
    first, again = play_session(setting, 7), play_session(setting, 7)
    assert first.records == again.records and first.totals == again.totals
    assert play_session(setting, 8).records != first.records


def test_every_variant_seat_count_and_option_is_played() -> None:
    """The settings come from the registry: every variant (aliases once), each seat count it
    allows, and each option at each value other than its default."""
    variants = {v.name: v for v in VARIANTS.values()}
    assert {s.variant for s in SETTINGS} == set(variants)
    for name, v in variants.items():
        mine = [s for s in SETTINGS if s.variant == name]
        assert {s.seats for s in mine} == set(v.seat_counts)
        changed = {k for s in mine for k, _ in s.options}
        assert changed == {o.key for o in v.option_specs if option_values(o)}
