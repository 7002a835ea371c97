"""The newcomer's walk (issue #31, "done when"), under SimCord against the real bot.

A newcomer plays one hand of a variant in a language, pressing Why? and Hint at every
turn (``tests/discord/walk.py``); what they read must hold no English (in cs, pl, ro), no
cut word and no error, and the hand reaches its end; cards of another seat are counted.

Bounded here: each variant once, the languages taking turns (every language twice), Hint
once a phase.  ``benchmarks/newcomer_walk.py`` runs the whole walk — every variant in
every language, Hint at every turn — through this module (``TAROKY_WALK=all``) and prints
the figures each hand wrote to ``TAROKY_WALK_OUT``.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from typing import Any

import pytest

from bot.engine import VARIANTS
from tests.discord.test_newcomer import game_factory  # noqa: F401 (the newcomer's deals, one fixture)
from tests.discord.walk import at_limit, cut_words, walk_hand

LANGS = ("en", "cs", "pl", "ro")
FULL = os.environ.get("TAROKY_WALK") == "all"
#: The bounded walk: every variant once, the four languages in turn.
BOUNDED = [(v, LANGS[i % len(LANGS)]) for i, v in enumerate(sorted(VARIANTS))]
CASES = [(v, lang) for v in sorted(VARIANTS) for lang in LANGS] if FULL else BOUNDED


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """A bot with its database (the players' language choices are kept there)."""
    return make_sqlite_bot


def test_the_bounded_walk_takes_every_variant_and_language() -> None:
    assert {v for v, _ in BOUNDED} == set(VARIANTS)
    assert {lang for _, lang in BOUNDED} == set(LANGS)


def test_a_cut_word_is_found_and_a_messages_own_ellipsis_is_not() -> None:
    """A name cut at a limit ("Vašek (comput…") is a cut; "The computer players are
    playing…" ends as its message does; a text exactly at Discord's 100 is listed apart."""
    assert cut_words("Vašek (comput… leads") == ["comput…"]
    assert cut_words("The computer players are playing…") == []
    assert cut_words("x" * 100) == [] and at_limit("x" * 100) and not at_limit("x" * 99)


@pytest.mark.simcord(settle_timeout=30.0)  # (longer, and the bot's reminder timers fire within a settle)
@pytest.mark.parametrize(("variant", "lang"), CASES)
async def test_a_newcomer_walks_a_hand(world: Any, variant: str, lang: str) -> None:
    """Issue #31: "a newcomer walk in every variant and language meets no English, no cut
    word" — and no error; the hand is played to its end."""
    figures = await walk_hand(world, variant, lang, hint_every_turn=FULL)
    out = os.environ.get("TAROKY_WALK_OUT")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(asdict(figures), ensure_ascii=False) + "\n")
    assert figures.turns and figures.interactions > 2 * figures.turns
    assert not figures.errors, figures.errors
    # (Leaks are counted, not asserted: a rule text naming a card — "only a player holding
    # the škýz, XXI and the pagát may announce Trul", "XVIII or above" — reads as one to the
    # spy; ``test_privacy.py`` is the privacy guard.)
    assert figures.finished, f"{variant}: the hand did not reach its end"
    assert not figures.english, "\n".join(f"[{w}] {found}: {text!r}" for w, text, found in figures.english[:10])
    assert not figures.cut, "\n".join(f"[{w}] {cut}: {text!r}" for w, text, cut in figures.cut[:10])
