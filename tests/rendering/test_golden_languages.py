"""Golden images in Czech (issue #14): the words drawn into the table, hand and summary
pictures come from the scene (``PictureWords``, filled by the table layer in the
reader's language), and a longer language still fits: labels widen their column, long
captions shrink or wrap, nothing overlaps.  Looked at, at full size and at phone width."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import Text
from bot.tables.scenes import picture_words
from rendering import (
    HandScene,
    SummaryScene,
    TableScene,
    render_hand,
    render_summary,
    render_table,
    samples,
)
from rendering.scenes import ENGLISH_WORDS

from .golden_util import check_golden, compare
from .test_golden import phone

CS = Text("cs")


def table_cs() -> TableScene:
    """The sample Czech povinnost as a Czech server's table shows it."""
    base = samples.table_czech()
    return dataclasses.replace(
        base, words=picture_words("cs"), level=CS._("level {level}", level=2),
        title=CS._("{variant} — hand {hand}", variant=CS.variant_title("czech"), hand=6),
        announcements=("Drahomír: Pagát", "Oldřich: Barvičky"),
        scores=tuple(CS.money("czk_hal", a) for a in (120, -40, 10, -90)))


def hand_cs() -> HandScene:
    base = samples.hand_to_play()
    return dataclasses.replace(base, words=picture_words("cs"), title=CS._("Your turn — play a card"))


def summary_cs() -> SummaryScene:
    base = samples.summary_povinnost()
    sides = tuple(dataclasses.replace(
        s, label=label, count_text=CS.ngettext("{n} point", "{n} points", s.card_points) + ", "
        + CS.ngettext("{n} card", "{n} cards", s.cards_taken)) for s, label in zip(
        base.sides, ("Strana hráče", "Protihráči"), strict=True))
    return dataclasses.replace(
        base, words=picture_words("cs"), sides=sides,
        title=CS._("Hand {hand}", hand=6) + " — Drahomír a Jiří Uhřík vyhráli 39 : 31",
        note=CS._("Called {card}; partners: {first} and {second}.", card="XIX", first="Drahomír",
                  second="Jiří Uhřík"),
        # (the payment lines are the engine's words; here as its Czech will say them)
        payments=tuple(dataclasses.replace(p, text=text, amount=CS.money("czk_hal", a)) for p, text, a in zip(
            base.payments, ("Hra: 4 body nad 35, flek ×2", "Barvičky ohlásil Alois"), (80, -50), strict=True)),
        balances=tuple(dataclasses.replace(b, change_text=("+" if b.change > 0 else "") + CS.money("czk_hal", b.change),
                                           balance_text=CS.money("czk_hal", total))
                       for b, total in zip(base.balances, (150, -60, 90, -180), strict=True)),
        pool_before=CS.money("czk_hal", 200), pool_after=CS.money("czk_hal", 260))


GOLDEN = {
    "cs_table_anticlockwise": lambda: render_table(table_cs()),
    "cs_hand_to_play": lambda: render_hand(hand_cs()),
    "cs_summary_povinnost": lambda: render_summary(summary_cs()),
    "cs_phone_table_anticlockwise": lambda: phone(render_table(table_cs())),
    "cs_phone_summary_povinnost": lambda: phone(render_summary(summary_cs())),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_czech_pictures_match_golden(name: str) -> None:
    diff = check_golden(name, GOLDEN[name]())
    assert diff.ok, f"{name} differs from its golden image: {diff}"


def test_the_words_of_a_picture_are_the_scenes() -> None:
    """The same table in English and in Czech: different pictures (and different scenes,
    so the picture cache keeps them apart); English words are the default."""
    english = dataclasses.replace(table_cs(), words=ENGLISH_WORDS)
    assert english != table_cs() and hash(english) != hash(table_cs())
    assert not compare(render_table(english), render_table(table_cs())).ok
    # (English: the source words; the suits' names in the text twin are the engine's by default)
    assert dataclasses.replace(picture_words("en"), suit_names=()) == ENGLISH_WORDS
    czech = picture_words("cs")
    assert (czech.contract, czech.last_trick, czech.dealer_badge) == ("Hra", "Poslední štych", "R")
